"""Test mode (issue 11 §2): the operator stacks the next round's cards or dice through
`POST /api/operator/tables/{table_id}/stack`, so a lab runs a conformance scenario end to end,
on SQLite and PostgreSQL.

The expected outcomes are worked from the regulation, not read off the server: 633a.7(f) deals
one card to the box, one up card to the dealer, the box's second card, then the hole card, so
the stack AS 9C KH 7D gives the box a Blackjack against the dealer's 16, and 633a.13(a) pays a
Blackjack 3 to 2; craps dice 3 and 4 total seven, which wins an Any Seven wager.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tablegames.server.app import create_app
from tablegames.server.bodies import TEST_MODE_HEADER
from tablegames.server.service import Service
from tablegames.server.tables_file import TableSpec
from tablegames.store import Store

OPERATOR_TOKEN = "operator-secret-for-stacking"
OPERATOR = {"Authorization": f"Bearer {OPERATOR_TOKEN}"}
TABLES = (
    TableSpec("blackjack", "Main", {"preset": "pa-6deck"}),
    TableSpec("craps", "Dice", {"preset": "pa-power-odds"}),
)
STACK = ["AS", "9C", "KH", "7D"]
WAGER = 2_500


def _serve(url: str, *, test_mode: bool) -> tuple[Store, Service]:
    store = Store.open(url)
    service = Service(store, test_mode=test_mode)
    service.operator_token(OPERATOR_TOKEN)
    service.start(TABLES)
    return store, service


@pytest.fixture
def lab(url: str) -> Iterator[tuple[TestClient, Service]]:
    store, service = _serve(url, test_mode=True)
    try:
        with TestClient(create_app(service)) as client:
            yield client, service
    finally:
        store.close()


def _table(client: TestClient, name: str) -> str:
    tables = client.get("/api/tables", headers=OPERATOR).json()
    return str(next(table["table_id"] for table in tables if table["name"] == name))


def _player(client: TestClient, name: str, deposit: int = 100_000) -> tuple[str, dict[str, str]]:
    made = client.post("/api/players", json={"name": name}).json()
    paid = client.post(
        f"/api/operator/players/{made['player_id']}/deposit",
        json={"amount": deposit},
        headers=OPERATOR,
    )
    assert paid.status_code == 200, paid.text
    return made["player_id"], {"Authorization": f"Bearer {made['token']}"}


def _command(client: TestClient, table: str, who: dict[str, str], **body: Any) -> Any:
    answer = client.post(f"/api/tables/{table}/commands", json=body, headers=who)
    assert answer.status_code == 200, answer.text
    return answer.json()


def _stack(client: TestClient, table: str, body: dict[str, Any]) -> Any:
    return client.post(f"/api/operator/tables/{table}/stack", json=body, headers=OPERATOR)


def _dealt(service: Service, table: str, after: int) -> list[str]:
    return [
        entry["card"]
        for version, entry in service.store.events(table, after)
        if entry["event"] == "card_dealt"
    ]


def _play_blackjack(client: TestClient, table: str, who: dict[str, str]) -> None:
    assert client.post(f"/api/tables/{table}/seats", json={"spots": [1]}, headers=who).json()
    _command(client, table, who, spot=1, action="bet", amount=WAGER, args={"wager": "blackjack"})
    _command(client, table, who, spot=1, action="ready")


def test_633a_7_f_a_stacked_round_deals_the_listed_cards_and_pays_the_blackjack(
    lab: tuple[TestClient, Service],
) -> None:
    client, service = lab
    table = _table(client, "Main")
    ann_id, ann = _player(client, "Ann")
    stacked = _stack(client, table, {"cards": STACK})
    assert stacked.status_code == 200, stacked.text
    assert stacked.headers[TEST_MODE_HEADER] == "1"
    before = stacked.json()["version"]
    _play_blackjack(client, table, ann)
    assert client.get(f"/api/tables/{table}", headers=ann).json()["phase"] != "playing"
    assert _dealt(service, table, before) == STACK  # 633a.7(f): box, up card, box, hole card
    # 633a.13(a): a Blackjack is paid 3 to 2 (the dealer's 9 and 7 make no Blackjack).
    assert client.get("/api/me", headers=ann).json()["balance"] == 100_000 + WAGER * 3 // 2
    assert service.store.balances()[f"player:{ann_id}"] == 100_000 + WAGER * 3 // 2
    kinds = [entry["kind"] for entry in _audit(service)]
    assert "test_mode_stacked" in kinds


def _audit(service: Service) -> list[dict[str, Any]]:
    from tablegames.store import schema

    with service.store.engine.connect() as conn:
        return [dict(row._mapping) for row in conn.execute(schema.audit_log.select())]


def test_no_viewer_learns_a_stacked_card_before_it_is_dealt(
    lab: tuple[TestClient, Service],
) -> None:
    client, _ = lab
    table = _table(client, "Main")
    _, ann = _player(client, "Ann")
    assert client.post(f"/api/tables/{table}/seats", json={"spots": [1]}, headers=ann).json()
    stacked = _stack(client, table, {"cards": STACK}).json()
    for answer in (stacked, client.get(f"/api/tables/{table}", headers=ann).json()):
        text = str(answer["events"])
        assert "cards_stacked" in text
        assert not any(card in text for card in STACK)


def test_a_stacked_table_restarts_and_deals_the_stacked_cards(url: str) -> None:
    store, service = _serve(url, test_mode=True)
    with TestClient(create_app(service)) as client:
        table = _table(client, "Main")
        _ann_id, ann = _player(client, "Ann")
        before = _stack(client, table, {"cards": STACK}).json()["version"]
    store.close()
    # The server restarts: the table is rebuilt from its stream and sealed records.
    store, service = _serve(url, test_mode=True)
    try:
        with TestClient(create_app(service)) as client:
            _play_blackjack(client, table, ann)
            assert _dealt(service, table, before) == STACK
            assert client.get("/api/me", headers=ann).json()["balance"] == 100_000 + 3_750
            rounds = client.get("/api/me/rounds", headers=ann).json()
            replayed = client.get(f"/api/rounds/{rounds[0]['round_id']}", headers=OPERATOR)
            assert replayed.status_code == 200, replayed.text
            assert replayed.json()["replay"]["verified"] is True
    finally:
        store.close()


def test_stacked_dice_are_thrown_next(lab: tuple[TestClient, Service]) -> None:
    client, _service = lab
    table = _table(client, "Dice")
    _, bob = _player(client, "Bob")
    assert client.post(f"/api/tables/{table}/seats", json={"spots": [1]}, headers=bob).json()
    stacked = _stack(client, table, {"dice": [[3, 4]]})
    assert stacked.status_code == 200, stacked.text
    (logged,) = [e for e in stacked.json()["events"] if e["event"] == "dice_stacked"]
    assert "dice" not in logged  # how many rolls were stacked, never which dice
    assert not any(isinstance(value, list) for value in logged.values())
    _command(client, table, bob, spot=1, action="bet", amount=500, args={"wager": "any_seven"})
    rolled = _command(client, table, bob, spot=1, action="ready")
    dice = [entry for entry in rolled["events"] if entry["event"] == "dice_rolled"]
    assert [sorted(entry["dice"]) for entry in dice] == [[3, 4]]
    settled = [entry for entry in rolled["events"] if entry["event"] == "wager_settled"]
    assert len(settled) == 1
    assert settled[0]["returned"] > settled[0]["stake"]  # seven wins the Any Seven wager


@pytest.mark.parametrize(
    ("body", "status", "says"),
    [
        ({"cards": STACK, "dice": [[1, 2]]}, 400, "stacks only 'cards'"),  # the game refuses
        ({}, 400, "one or more"),
        ({"cards": ["ZZ"]}, 400, "cards[0]"),
        ({"cards": ["AS"] * 7}, 400, "633a.3(a)"),  # six decks hold six aces of spades
        ({"dice": [[1, 2]]}, 400, "cards"),  # a Blackjack table stacks cards
        ({"cards": "AS"}, 422, "cards"),
        ({"cards": STACK, "extra": 1}, 422, "extra"),
    ],
)
def test_a_bad_stacking_is_refused_and_changes_nothing(
    lab: tuple[TestClient, Service], body: dict[str, Any], status: int, says: str
) -> None:
    client, service = lab
    table = _table(client, "Main")
    version = service.store.version(table)
    sealed = len(service.store.sealed(table))
    refused = _stack(client, table, body)
    assert refused.status_code == status, refused.text
    found = refused.json()
    assert says in found["error"] + str(found["paragraph"])
    assert service.store.version(table) == version
    assert len(service.store.sealed(table)) == sealed


def test_craps_refuses_a_die_that_is_not_one_to_six(lab: tuple[TestClient, Service]) -> None:
    client, service = lab
    table = _table(client, "Dice")
    version = service.store.version(table)
    refused = _stack(client, table, {"dice": [[0, 7]]})
    assert refused.status_code == 400, refused.text
    assert "dice[0]" in refused.json()["error"]
    assert service.store.version(table) == version


def test_stacking_is_refused_during_a_round_and_to_a_player(
    lab: tuple[TestClient, Service],
) -> None:
    client, service = lab
    table = _table(client, "Main")
    _, ann = _player(client, "Ann")
    refused = client.post(f"/api/operator/tables/{table}/stack", json={"cards": STACK}, headers=ann)
    assert refused.status_code == 403
    # Dealt to a hand the player must act on: 10 and 6 against the dealer's 9 up card.
    assert _stack(client, table, {"cards": ["TS", "9C", "6H", "7D"]}).status_code == 200
    _play_blackjack(client, table, ann)
    assert client.get(f"/api/tables/{table}", headers=ann).json()["phase"] == "playing"
    version = service.store.version(table)
    during = _stack(client, table, {"cards": STACK})
    assert during.status_code == 409
    assert "between rounds" in during.json()["error"]
    assert service.store.version(table) == version


def test_stacking_is_refused_without_test_mode(url: str) -> None:
    store, service = _serve(url, test_mode=False)
    try:
        with TestClient(create_app(service)) as client:
            table = _table(client, "Main")
            version = service.store.version(table)
            refused = _stack(client, table, {"cards": STACK})
            assert refused.status_code == 403
            assert "--test-mode" in refused.json()["error"]
            assert TEST_MODE_HEADER not in refused.headers
            assert service.store.version(table) == version
    finally:
        store.close()
