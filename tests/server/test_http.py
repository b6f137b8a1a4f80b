"""The HTTP interface (issue 11 §2) on a real store, SQLite and PostgreSQL: registration, the
operator's deposits, seats, bets, a whole Blackjack round through the API, idempotency, and the
refusals (each a 4xx `{"error", "paragraph"}` that changes nothing).

The expectations come from the contract in the issue and from the regulation: money is
conserved to the cent between the players, the layout and the house (double entry), and each
refusal names what was wrong.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tablegames.server.app import create_app
from tablegames.server.service import Service
from tablegames.server.tables_file import TableSpec
from tablegames.store import Store

OPERATOR_TOKEN = "operator-secret-for-tests"
BLACKJACK = TableSpec(
    "blackjack", "Main", {"preset": "pa-6deck", "side_wagers": {"lucky_ladies": {}}}
)


@pytest.fixture
def served(url: str) -> Iterator[tuple[TestClient, Service]]:
    store = Store.open(url)
    service = Service(store)
    service.operator_token(OPERATOR_TOKEN)
    service.start([BLACKJACK])
    try:
        with TestClient(create_app(service)) as client:
            yield client, service
    finally:
        store.close()


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


OPERATOR = _auth(OPERATOR_TOKEN)


def _player(client: TestClient, name: str, deposit: int = 100_000) -> tuple[str, dict[str, str]]:
    made = client.post("/api/players", json={"name": name})
    assert made.status_code == 201, made.text
    player_id, token = made.json()["player_id"], made.json()["token"]
    paid = client.post(
        f"/api/operator/players/{player_id}/deposit", json={"amount": deposit}, headers=OPERATOR
    )
    assert paid.status_code == 200, paid.text
    return player_id, _auth(token)


def _table_id(client: TestClient) -> str:
    tables = client.get("/api/tables", headers=OPERATOR).json()
    return str(next(table["table_id"] for table in tables if table["name"] == "Main"))


def _command(client: TestClient, table: str, who: dict[str, str], **body: Any) -> Any:
    return client.post(f"/api/tables/{table}/commands", json=body, headers=who)


def test_a_player_registers_and_the_operator_deposits(served: tuple[TestClient, Service]) -> None:
    client, _ = served
    player_id, ann = _player(client, "Ann", 25_000)
    me = client.get("/api/me", headers=ann).json()
    assert me == {"player_id": player_id, "name": "Ann", "balance": 25_000}
    out = client.post(
        f"/api/operator/players/{player_id}/withdraw", json={"amount": 5_000}, headers=OPERATOR
    )
    assert out.status_code == 200
    assert client.get("/api/me", headers=ann).json()["balance"] == 20_000


def test_633a_7_a_whole_round_through_the_api_conserves_money(
    served: tuple[TestClient, Service],
) -> None:
    client, service = served
    table = _table_id(client)
    ann_id, ann = _player(client, "Ann")
    assert (
        client.post(f"/api/tables/{table}/seats", json={"spots": [1]}, headers=ann).status_code
        == 200
    )
    bet = _command(
        client, table, ann, spot=1, action="bet", amount=2_500, args={"wager": "blackjack"}
    )
    assert bet.status_code == 200, bet.text
    side = _command(
        client, table, ann, spot=1, action="bet", amount=500, args={"wager": "lucky_ladies"}
    )
    assert side.status_code == 200, side.text
    # 633a.6(c): the wagers are held once accepted.
    assert client.get("/api/me", headers=ann).json()["balance"] == 100_000 - 3_000
    dealt = _command(client, table, ann, spot=1, action="ready")
    assert dealt.status_code == 200, dealt.text
    for _ in range(20):
        view = client.get(f"/api/tables/{table}", headers=ann).json()
        if view["phase"] != "playing":
            break
        offers = [offer["action"] for offer in view["offers"]["1"]]
        action = "stand" if "stand" in offers else ("decline" if "decline" in offers else offers[0])
        hand = next(o["hand"] for o in view["offers"]["1"] if o["action"] == action)
        answer = _command(client, table, ann, spot=1, action=action, hand=hand)
        assert answer.status_code == 200, answer.text
    assert client.get(f"/api/tables/{table}", headers=ann).json()["phase"] != "playing"
    balances = service.store.balances()
    assert sum(balances.values()) == 0  # double entry
    assert balances.get(f"layout:{table}", 0) == 0  # nothing stays on the layout
    settled = [
        entry["event"]
        for _, entry in service.store.events(table)
        if entry["event"] == "wager_settled"
    ]
    assert len(settled) == 2  # the Blackjack Wager and the Lucky Ladies Wager
    ann_balance = client.get("/api/me", headers=ann).json()["balance"]
    assert ann_balance == balances[f"player:{ann_id}"]


def _play_one_round(client: TestClient, table: str, who: dict[str, str]) -> None:
    _command(client, table, who, spot=1, action="bet", amount=2_500, args={"wager": "blackjack"})
    _command(client, table, who, spot=1, action="ready")
    for _ in range(20):
        view = client.get(f"/api/tables/{table}", headers=who).json()
        if view["phase"] != "playing":
            return
        offers = view["offers"]["1"]
        choice = next(o for o in offers if o["action"] in ("stand", "decline", "keep"))
        _command(client, table, who, spot=1, action=choice["action"], hand=choice["hand"])


def test_633a_7_s_a_player_recalls_their_rounds_and_the_operator_replays_any(
    served: tuple[TestClient, Service],
) -> None:
    client, _ = served
    table = _table_id(client)
    _, ann = _player(client, "Ann")
    _, bob = _player(client, "Bob")
    client.post(f"/api/tables/{table}/seats", json={"spots": [1]}, headers=ann)
    _play_one_round(client, table, ann)
    _play_one_round(client, table, ann)
    rounds = client.get("/api/me/rounds?limit=10", headers=ann).json()
    assert len(rounds) == 2
    assert rounds[0]["round_id"] > rounds[1]["round_id"]
    last = rounds[0]
    kinds = [item["event"]["event"] for item in last["events"]]
    assert kinds[0] == "server:round_started"
    assert "wager_settled" in kinds
    # A card turned over (the hole card, 633a.7(l)) is shown in the recall as it was turned.
    turned = [
        item["event"] for item in last["events"] if item["event"]["event"] == "hole_card_revealed"
    ]
    assert all(len(event["card"]) == 2 and event["card"] != "??" for event in turned)
    # Someone else's round does not exist for Bob; the operator replays it step by step.
    assert client.get(f"/api/rounds/{last['round_id']}", headers=bob).status_code == 404
    replayed = client.get(f"/api/rounds/{last['round_id']}", headers=OPERATOR).json()
    assert replayed["replay"]["verified"] is True
    settled = [step for step in replayed["replay"]["steps"] if step["event"] == "wager_settled"]
    assert settled
    assert all(step["player"] for step in settled)


def test_an_idempotent_repeat_answers_the_first_answer(served: tuple[TestClient, Service]) -> None:
    client, service = served
    player_id, _ = _player(client, "Ann", 1_000)
    path = f"/api/operator/players/{player_id}/deposit"
    key = {**OPERATOR, "Idempotency-Key": "deposit-1"}
    first = client.post(path, json={"amount": 700}, headers=key)
    again = client.post(path, json={"amount": 700}, headers=key)
    assert (first.status_code, again.status_code) == (200, 200)
    assert first.json() == again.json()
    assert service.store.balance(f"player:{player_id}") == 1_700  # applied once
    other = client.post(path, json={"amount": 900}, headers=key)
    assert other.status_code == 409
    assert "Idempotency-Key" in other.json()["error"]
    assert service.store.balance(f"player:{player_id}") == 1_700


@pytest.mark.parametrize(
    ("body", "status", "says"),
    [
        (
            {"spot": 1, "action": "bet", "amount": 25.5, "args": {"wager": "blackjack"}},
            422,
            "amount",
        ),
        (
            {"spot": 1, "action": "bet", "amount": -100, "args": {"wager": "blackjack"}},
            400,
            "positive",
        ),
        (
            {"spot": 1, "action": "bet", "amount": "100", "args": {"wager": "blackjack"}},
            422,
            "amount",
        ),
        ({"spot": 1, "action": "bet", "amount": 2500, "colour": "red"}, 422, "colour"),
        (
            {"spot": 2, "action": "bet", "amount": 2500, "args": {"wager": "blackjack"}},
            403,
            "spot 2",
        ),
        ({"spot": 1, "action": "hit"}, 409, None),
        (
            {"spot": 1, "action": "bet", "amount": 10**7, "args": {"wager": "blackjack"}},
            422,
            "maximum",
        ),
        (
            {"spot": 1, "action": "bet", "amount": 5_000, "args": {"wager": "blackjack"}},
            409,
            "avail",
        ),
    ],
)
def test_bad_commands_are_refused_and_change_nothing(
    served: tuple[TestClient, Service], body: dict[str, Any], status: int, says: str | None
) -> None:
    client, service = served
    table = _table_id(client)
    _, ann = _player(client, "Ann", 4_000)
    _, bob = _player(client, "Bob", 4_000)
    client.post(f"/api/tables/{table}/seats", json={"spots": [1]}, headers=ann)
    client.post(f"/api/tables/{table}/seats", json={"spots": [2]}, headers=bob)
    before = (service.store.version(table), service.store.balances())
    answer = _command(client, table, ann, **body)
    assert answer.status_code == status, answer.text
    assert set(answer.json()) == {"error", "paragraph"}
    if says is not None:
        assert says in answer.json()["error"]
    assert (service.store.version(table), service.store.balances()) == before


def test_requests_without_a_token_or_from_the_wrong_party_are_refused(
    served: tuple[TestClient, Service],
) -> None:
    client, _ = served
    player_id, ann = _player(client, "Ann")
    assert client.get("/api/me").status_code == 401
    assert client.get("/api/me", headers=_auth("forged")).status_code == 401
    deposit = f"/api/operator/players/{player_id}/deposit"
    assert client.post(deposit, json={"amount": 1}, headers=ann).status_code == 403
    table = _table_id(client)
    seats = client.post(f"/api/tables/{table}/seats", json={"spots": [1]}, headers=OPERATOR)
    assert seats.status_code == 403  # the operator acts for no player
    oversized = client.post(
        "/api/players",
        content=b'{"name": "' + b"x" * 20_000 + b'"}',
        headers={"Content-Type": "application/json"},
    )
    assert oversized.status_code == 413
    malformed = client.post(
        "/api/players", content=b"{not json", headers={"Content-Type": "application/json"}
    )
    assert malformed.status_code == 422
    assert set(malformed.json()) == {"error", "paragraph"}


def test_a_live_table_refuses_options_pennsylvania_does_not_allow(
    served: tuple[TestClient, Service],
) -> None:
    client, _ = served
    tables = len(client.get("/api/tables", headers=OPERATOR).json())
    body = {"game": "blackjack", "name": "H17", "preset": "pa-6deck"}
    refused = client.post(
        "/api/operator/tables",
        json={**body, "rules": {"dealer_hits_soft_17": True}},
        headers=OPERATOR,
    )
    assert refused.status_code == 422
    assert refused.json()["paragraph"] == "633a.7(m)"  # the dealer stands on all 17s
    assert "dealer_hits_soft_17" in refused.json()["error"]
    assert len(client.get("/api/tables", headers=OPERATOR).json()) == tables  # nothing opened
    opened = client.post("/api/operator/tables", json=body, headers=OPERATOR)
    assert opened.status_code == 201
    assert len(client.get("/api/tables", headers=OPERATOR).json()) == tables + 1


def _seated_with_a_bet(client: TestClient) -> tuple[str, dict[str, str]]:
    """Ann at box 1 of the Main table with a $25 Blackjack Wager down."""
    table = _table_id(client)
    _, ann = _player(client, "Ann")
    client.post(f"/api/tables/{table}/seats", json={"spots": [1]}, headers=ann)
    _command(client, table, ann, spot=1, action="bet", amount=2_500, args={"wager": "blackjack"})
    return table, ann


def test_a_decision_not_made_in_time_is_the_house_rules_default(
    served: tuple[TestClient, Service],
) -> None:
    client, service = served
    table, ann = _seated_with_a_bet(client)
    _command(client, table, ann, spot=1, action="ready")
    for step in range(1, 11):
        if client.get(f"/api/tables/{table}", headers=ann).json()["phase"] != "playing":
            break
        # Each decision's clock starts when it is asked: each call is 1,000 s after the last.
        assert service.expire_all(10**9 + 1_000 * step) == 1
    assert client.get(f"/api/tables/{table}", headers=ann).json()["phase"] != "playing"
    stream = [event for _, event in service.store.events(table)]
    timed_out = [event for event in stream if event["event"] == "server:timed_out"]
    # The house's defaults (the decision time's house rule): stand, decline, keep.
    assert all(event["command"]["action"] in ("stand", "decline", "keep") for event in timed_out)
    assert sum(service.store.balances().values()) == 0


def test_633a_6_c_the_betting_time_closes_the_window_and_the_round_deals(
    served: tuple[TestClient, Service],
) -> None:
    client, service = served
    table, ann = _seated_with_a_bet(client)
    start = 10.0**9
    assert service.expire_all(start) == 0  # the window's clock starts with a bet down
    assert service.expire_all(start + 59) == 0  # within the 60 s betting time
    assert client.get(f"/api/tables/{table}", headers=ann).json()["phase"] == "betting"
    assert service.expire_all(start + 61) == 1  # past it: betting closes, the round deals
    stream = [event["event"] for _, event in service.store.events(table)]
    closed = stream.index("server:betting_closed")
    assert stream[closed + 1 : closed + 3] == ["server:round_started", "round_started"]
    assert "card_dealt" in stream[closed:]


def test_concurrent_withdrawals_cannot_overdraw_a_wallet(
    served: tuple[TestClient, Service],
) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from tablegames.server.errors import CommandRefused
    from tablegames.server.service import Principal

    client, service = served
    player_id, _ = _player(client, "Ann", 10_000)
    operator = Principal("operator")

    def withdraw(_: int) -> int:
        try:
            service.money(operator, player_id, 6_000, deposit=False, idempotency=None)
        except CommandRefused as refused:
            return refused.status
        return 200

    with ThreadPoolExecutor(max_workers=8) as pool:
        statuses = sorted(pool.map(withdraw, range(8)))
    assert statuses == [200] + [409] * 7  # one withdrawal of $60 out of $100, no more
    assert service.store.balance(f"player:{player_id}") == 4_000


def test_a_command_answers_with_the_callers_view_when_asked(
    served: tuple[TestClient, Service],
) -> None:
    # `?view=true`: the answer carries what GET /api/tables/{id} answers next, for the caller
    # alone (another player's spots are not offered to them), so a client needs no second
    # request; without it the answer is the version and the events only.
    client, _ = served
    table = _table_id(client)
    _, ann = _player(client, "Ann")
    _, bob = _player(client, "Bob")
    for who, spot in ((ann, 1), (bob, 2)):
        seated = client.post(f"/api/tables/{table}/seats", json={"spots": [spot]}, headers=who)
        assert seated.status_code == 200, seated.text
    plain = _command(
        client, table, bob, spot=2, action="bet", amount=2_500, args={"wager": "blackjack"}
    )
    assert set(plain.json()) == {"version", "events"}
    path = f"/api/tables/{table}/commands?view=true"
    bet = {"spot": 1, "action": "bet", "amount": 2_500, "args": {"wager": "blackjack"}}
    answer = client.post(path, json=bet, headers=ann).json()
    assert answer["view"] == client.get(f"/api/tables/{table}", headers=ann).json()
    assert set(answer["view"]["offers"]) == {"1"}
    client.post(f"/api/tables/{table}/commands", json={"spot": 2, "action": "ready"}, headers=bob)
    view = client.post(path, json={"spot": 1, "action": "ready"}, headers=ann).json()["view"]
    # Ann plays her side of the round from the answers alone.
    for _ in range(40):
        if view["phase"] != "playing":
            break
        turn = view["awaiting"][0]
        who, spot = (ann, 1) if turn["spot"] == 1 else (bob, 2)
        if who is bob:
            view = client.get(f"/api/tables/{table}", headers=bob).json()
        choice = next(
            o for o in view["offers"][str(spot)] if o["action"] in ("stand", "decline", "keep")
        )
        order = {"spot": spot, "action": choice["action"], "hand": choice["hand"]}
        answered = client.post(path, json=order, headers=who)
        assert answered.status_code == 200, answered.text
        view = answered.json()["view"]
        if who is bob:
            view = client.get(f"/api/tables/{table}", headers=ann).json()
    assert view["phase"] != "playing"
    assert view == client.get(f"/api/tables/{table}", headers=ann).json()


def _play_out(client: TestClient, table: str, players: list[tuple[int, dict[str, str]]]) -> None:
    """Bet and ready on each (spot, auth), then stand or decline until the round is over."""
    for spot, who in players:
        bet = {"spot": spot, "action": "bet", "amount": 2_500, "args": {"wager": "blackjack"}}
        placed = client.post(f"/api/tables/{table}/commands", json=bet, headers=who)
        assert placed.status_code == 200, placed.text
    for spot, who in players:
        client.post(
            f"/api/tables/{table}/commands", json={"spot": spot, "action": "ready"}, headers=who
        )
    for _ in range(40):
        spot, who = players[0]
        view = client.get(f"/api/tables/{table}", headers=who).json()
        if view["phase"] != "playing":
            return
        turn = view["awaiting"][0]
        who = next(auth for number, auth in players if number == turn["spot"])
        offers = client.get(f"/api/tables/{table}", headers=who).json()["offers"][str(turn["spot"])]
        choice = next(o for o in offers if o["action"] in ("stand", "decline", "keep"))
        order = {"spot": turn["spot"], "action": choice["action"], "hand": choice["hand"]}
        client.post(f"/api/tables/{table}/commands", json=order, headers=who)


def test_633a_6_b_1_the_operator_permits_a_barred_patron_by_a_floor_order(
    served: tuple[TestClient, Service],
) -> None:
    client, service = served
    made = client.post(
        "/api/operator/tables",
        json={
            "game": "blackjack",
            "preset": "pa-6deck",
            "rules": {"bar_after_sitting_out": True},
            "name": "Barring",
        },
        headers=OPERATOR,
    )
    assert made.status_code == 201, made.text
    table = made.json()["table_id"]
    _, ann = _player(client, "Ann")
    bob_id, bob = _player(client, "Bob")
    for who, spot in ((ann, 1), (bob, 2)):
        client.post(f"/api/tables/{table}/seats", json={"spots": [spot]}, headers=who)
    _play_out(client, table, [(1, ann), (2, bob)])
    _play_out(client, table, [(1, ann)])  # Bob sits this round out
    bet = {"spot": 2, "action": "bet", "amount": 2_500, "args": {"wager": "blackjack"}}
    barred = client.post(f"/api/tables/{table}/commands", json=bet, headers=bob)
    assert 400 <= barred.status_code < 500, barred.text
    assert barred.json()["paragraph"] == "633a.6(b)"
    path = f"/api/operator/tables/{table}/orders"
    # Only the operator orders; an order the game does not know is refused with its reason.
    assert client.post(path, json={"order": "reshuffle"}, headers=bob).status_code == 403
    unknown = client.post(path, json={"order": "open_the_vault"}, headers=OPERATOR)
    assert unknown.status_code == 400
    assert "permit_wagering" in unknown.json()["error"]
    order = {"order": "permit_wagering", "args": {"player": bob_id}}
    permitted = client.post(path, json=order, headers=OPERATOR)
    assert permitted.status_code == 200, permitted.text
    assert [e["event"] for e in permitted.json()["events"]] == [
        "server:floor_order",
        "wagering_permitted",
    ]
    assert permitted.json()["events"][0]["by"] == "operator"
    allowed = client.post(f"/api/tables/{table}/commands", json=bet, headers=bob)
    assert allowed.status_code == 200, allowed.text
    from tablegames.store import schema

    with service.store.engine.connect() as conn:
        kinds = [row.kind for row in conn.execute(schema.audit_log.select())]
    assert "floor_order" in kinds
