"""A dealt table in the server (issue 14 §3): the operator opens a `blackjack_dealt` table, the
dealer's cards and the floorperson's procedures and irregularities are floor orders taken during
the round (`GameTable.round_orders`), the players bet and decide as at any table, the wallet
follows the settlements (a dead hand's wager back to the cent), every order is in the audit log,
and a restarted server resumes the round at the card it awaits. SQLite and PostgreSQL.

Hand-worked: Ann $25 on box 1, Bob $10 on box 2. Ann 9S 7C = 16, Bob 5H TS = 15, the dealer's
up card is missed (633a.14(e)) and dealt after the players' second cards: KH, hole 6D = 16.
Ann hits, the dealer passes over her card and she takes it later (633a.14(i)); Bob stands; Ann
gets the 2C (18) and stands; the dealer draws the 9D: 25, busts. Both win even money.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tablegames.server.app import create_app
from tablegames.server.service import Service
from tablegames.store import Store, schema
from tests.protocol_driver import OPENING_BURNING_KD
from tests.server.helpers import open_service

OPERATOR_TOKEN = "operator-secret-for-dealt-tests"
OPERATOR = {"Authorization": f"Bearer {OPERATOR_TOKEN}"}


def _service(url: str) -> tuple[Store, Service]:
    return open_service(url, OPERATOR_TOKEN)


@pytest.fixture
def served(url: str) -> Iterator[tuple[TestClient, Service, str]]:
    store, service = _service(url)
    try:
        with TestClient(create_app(service)) as client:
            yield client, service, url
    finally:
        store.close()


def _player(client: TestClient, name: str) -> tuple[str, dict[str, str]]:
    made = client.post("/api/players", json={"name": name})
    player_id, token = made.json()["player_id"], made.json()["token"]
    paid = client.post(
        f"/api/operator/players/{player_id}/deposit", json={"amount": 100_000}, headers=OPERATOR
    )
    assert paid.status_code == 200, paid.text
    return player_id, {"Authorization": f"Bearer {token}"}


def _order(client: TestClient, table: str, name: str, **args: Any) -> Any:
    answer = client.post(
        f"/api/operator/tables/{table}/orders", json={"order": name, "args": args}, headers=OPERATOR
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def _command(client: TestClient, table: str, who: dict[str, str], **command: Any) -> Any:
    answer = client.post(f"/api/tables/{table}/commands", json=command, headers=who)
    assert answer.status_code == 200, answer.text
    return answer.json()


def _balance(client: TestClient, who: dict[str, str]) -> int:
    return int(client.get("/api/me", headers=who).json()["balance"])


def test_633a_14_a_dealt_table_runs_in_the_server_through_floor_orders(
    served: tuple[TestClient, Service, str],
) -> None:
    client, service, url = served
    made = client.post(
        "/api/operator/tables",
        json={"game": "blackjack_dealt", "preset": "pa-6deck", "rules": {}, "name": "Studio 1"},
        headers=OPERATOR,
    )
    assert made.status_code == 201, made.text
    table = made.json()["table_id"]
    for name, args in OPENING_BURNING_KD:
        _order(client, table, name, **args)
    _, ann = _player(client, "Ann")
    _, bob = _player(client, "Bob")
    for who, spot, amount in ((ann, 1, 2500), (bob, 2, 1000)):
        client.post(f"/api/tables/{table}/seats", json={"spots": [spot]}, headers=who)
        _command(
            client, table, who, spot=spot, action="bet", amount=amount, args={"wager": "blackjack"}
        )
    for who, spot in ((ann, 1), (bob, 2)):
        _command(client, table, who, spot=spot, action="ready")
    assert client.get(f"/api/tables/{table}", headers=ann).json()["awaiting"] == []
    # A player cannot act while the dealer deals; a card cannot be a player's command.
    early = client.post(
        f"/api/tables/{table}/commands", json={"spot": 1, "action": "stand"}, headers=ann
    )
    assert 400 <= early.status_code < 500
    assert "the dealer is dealing" in early.json()["error"]
    _order(client, table, "card", card="9S")
    _order(client, table, "card", card="5H")
    missed = _order(client, table, "not_dealt", option="later")  # 633a.14(e)
    assert [e["paragraph"] for e in missed["events"] if e["event"] == "irregularity"] == [
        "633a.14(e)"
    ]
    for card in ("7C", "TS", "KH"):
        _order(client, table, "card", card=card)
    # The hole card face up is refused with its paragraph, and changes nothing.
    wrong = client.post(
        f"/api/operator/tables/{table}/orders",
        json={"order": "card", "args": {"card": "6D", "face": "up"}},
        headers=OPERATOR,
    )
    assert wrong.status_code == 400
    assert wrong.json()["paragraph"] == "633a.7(f)(4)"
    hole = _order(client, table, "card", card="6D", face="down")
    # Who ordered it is in the stream; the hole card is not shown to a player.
    assert hole["events"][0] == {
        "event": "server:floor_order",
        "paragraph": None,
        "order": "card",
        "by": "operator",
    }
    seen = client.get(f"/api/tables/{table}", headers=ann).json()
    assert "6D" not in str(seen)
    _command(client, table, ann, spot=1, action="hit")
    _order(client, table, "not_dealt", option="later")  # 633a.14(i): Ann's card later
    _command(client, table, bob, spot=2, action="stand")
    _order(client, table, "card", card="2C")
    _command(client, table, ann, spot=1, action="stand")

    # A restarted server resumes the round at the card it awaits: the dealer's draw.
    store2, service2 = _service(url)
    try:
        with TestClient(create_app(service2)) as again:
            view = again.get(f"/api/tables/{table}", headers=ann).json()
            assert view["phase"] == "playing"
            last = _order(again, table, "card", card="9D")
            assert "round_completed" in [e["event"] for e in last["events"]]
            # Ann and Bob each win even money (633a.7(p)(1)): their stakes back doubled.
            assert _balance(again, ann) == 100_000 + 2500
            assert _balance(again, bob) == 100_000 + 1000
    finally:
        store2.close()
    with service.store.engine.connect() as conn:
        orders = [row.kind for row in conn.execute(schema.audit_log.select())]
    # The opening, then 9S 5H (e) 7C TS KH 6D (i) 2C 9D: the refused order is not logged.
    assert orders.count("floor_order") == len(OPENING_BURNING_KD) + 10


def test_a_self_dealing_table_still_refuses_orders_during_a_round(
    served: tuple[TestClient, Service, str],
) -> None:
    client, _, _ = served
    made = client.post(
        "/api/operator/tables",
        json={"game": "blackjack", "preset": "pa-6deck", "rules": {}, "name": "Main"},
        headers=OPERATOR,
    )
    table = made.json()["table_id"]
    _, ann = _player(client, "Ann")
    client.post(f"/api/tables/{table}/seats", json={"spots": [1]}, headers=ann)
    _command(client, table, ann, spot=1, action="bet", amount=2500, args={"wager": "blackjack"})
    _command(client, table, ann, spot=1, action="ready")
    view = client.get(f"/api/tables/{table}", headers=ann).json()
    if view["phase"] != "playing":
        pytest.skip("the round completed at once (a dealer or player Blackjack)")
    answer = client.post(
        f"/api/operator/tables/{table}/orders", json={"order": "reshuffle"}, headers=OPERATOR
    )
    assert answer.status_code == 409


def test_633a_14_h_a_dealt_double_shoe_runs_in_the_server(
    served: tuple[TestClient, Service, str],
) -> None:
    """Hand-worked: six decks, three a side. Each side opened by its own orders; the dealer
    draws the determinant 9H from the red side (hearts: red, so it is Ann's first card), then
    says the round comes from the black side (633a.14(h)): recorded, and concluded as usual.
    Bo's bet after the determinant card is refused (633a.6(c)).
    Ann $25: 9H, dealer 7D up, 9H TS = 19, hole KC = 17; she stands and wins even money."""
    client, _, url = served
    made = client.post(
        "/api/operator/tables",
        json={
            "game": "blackjack_dealt",
            "preset": "pa-6deck",
            "rules": {"shoe": "double_shoe"},
            "name": "Studio 2",
        },
        headers=OPERATOR,
    )
    assert made.status_code == 201, made.text
    table = made.json()["table_id"]
    _order(client, table, "inspect_reader")
    _order(client, table, "receive_cards")
    for side in ("red", "black"):
        for name in ("inspect", "spread", "wash", "shuffle", "cut", "load_shoe"):
            _order(client, table, name, side=side)
    refused = client.post(
        f"/api/operator/tables/{table}/orders",
        json={"order": "burn", "args": {"card": "KD"}},
        headers=OPERATOR,
    )
    assert refused.status_code == 400
    assert refused.json()["paragraph"] == "633a.7(d)"
    _, ann = _player(client, "Ann")
    _, bo = _player(client, "Bo")
    client.post(f"/api/tables/{table}/seats", json={"spots": [1]}, headers=ann)
    client.post(f"/api/tables/{table}/seats", json={"spots": [2]}, headers=bo)
    _command(client, table, ann, spot=1, action="bet", amount=2500, args={"wager": "blackjack"})
    _order(client, table, "determinant", card="9H", drawn_from="red")
    _order(client, table, "deal_from", side="black")
    # The house's view of the shoe (the dealer's console draws it); a player's view has none.
    shoe = client.get(f"/api/tables/{table}", headers=OPERATOR).json()["shoe"]
    assert shoe["double"] is True
    assert shoe["determinant"] == {"card": "9H", "drawn_from": "red", "selects": "red"}
    assert shoe["deal_from"] == "black"
    assert [(s["side"], s["shoe"], s["rack"]) for s in shoe["sides"]] == [
        ("red", 155, 0),
        ("black", 156, 0),
    ]
    assert "shoe" not in client.get(f"/api/tables/{table}", headers=ann).json()
    # 633a.6(c): the determinant card is out (Ann's first card): no bet is made after it.
    late = client.post(
        f"/api/tables/{table}/commands",
        json={"spot": 2, "action": "bet", "amount": 2500, "args": {"wager": "blackjack"}},
        headers=bo,
    )
    assert late.status_code in (409, 422), late.text
    assert late.json()["paragraph"] == "633a.6(c)"
    _command(client, table, ann, spot=1, action="ready")
    _order(client, table, "card", card="7D")
    _order(client, table, "card", card="TS")
    _order(client, table, "card", card="KC", face="down")
    store2, service2 = _service(url)
    try:
        with TestClient(create_app(service2)) as again:
            last = _command(again, table, ann, spot=1, action="stand")
            assert "round_completed" in [e["event"] for e in last["events"]]
            assert _balance(again, ann) == 100_000 + 2500
    finally:
        store2.close()
