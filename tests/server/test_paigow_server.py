"""Pai Gow Poker (58 Pa. Code 645a, 645c) in the server, end to end over HTTP, on SQLite and
PostgreSQL: a table opened by the operator and by a `--tables` file, seats, the main wager and
the optional wagers riding on it, the player bank, the settings (`set`, `house_way`, the house
way when time runs out), the wallet and the ledger, a restart mid-round, the recall of a round,
idempotency, and who sees what over the WebSocket.

Hand-worked round (test mode stacks the deal; three dice 2-3-3 total 8, counted from the dealer
as one counterclockwise: the dealer's stack first, then seats 1, 2, 3 in the order the cards
are delivered):

- Dealer: KC KH 2S 3H 5D 7C 9S. House way: the kings behind, 9-7 in front.
- Ann, seat 1, $25 main and a $5 Fortune wager: AS AD QS QD 8C 8D 2C. She sets QS QD in front
  and aces and eights behind: both her hands beat the dealer's, so the main wager wins even
  money less the 5% commission (645a.7): 2500 + 2500 - 125 = 4875 back. Three pair is no
  Fortune line: the $5 loses. Net +1875.
- Seat 2 is empty: its seven cards go to the discard rack unseen (4H 4S 5S 6C 9C JC TD).
- Bob, seat 3, $10 main: 2H 3C 4D 7S 8H TC 6D, set by the house way: ten high behind, 8-7 in
  front; the dealer's kings and 9-7 beat both, so the $10 loses. Net -1000.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from tablegames.server.app import create_app
from tablegames.server.service import Service
from tablegames.server.tables_file import DEFAULT_TABLES, read_tables_file
from tablegames.store import Store
from tests.server.helpers import open_service
from tests.serving import free_port, wait_until_serving

OPERATOR_TOKEN = "operator-secret-for-pai-gow"
OPERATOR = {"Authorization": f"Bearer {OPERATOR_TOKEN}"}
DEALER = ["KC", "KH", "2S", "3H", "5D", "7C", "9S"]
ANN = ["AS", "AD", "QS", "QD", "8C", "8D", "2C"]
EMPTY_SEAT = ["4H", "4S", "5S", "6C", "9C", "JC", "TD"]
BOB = ["2H", "3C", "4D", "7S", "8H", "TC", "6D"]
STACK = {"cards": [*DEALER, *ANN, *EMPTY_SEAT, *BOB], "dice": [2, 3, 3]}
RULES = {"fortune_paytable": "wizard_2"}
HIDDEN = "??"


def _service(url: str) -> tuple[Store, Service]:
    return open_service(url, OPERATOR_TOKEN, test_mode=True)


@pytest.fixture
def served(url: str) -> Iterator[tuple[TestClient, Service, str]]:
    store, service = _service(url)
    try:
        with TestClient(create_app(service)) as client:
            yield client, service, url
    finally:
        store.close()


def _player(client: TestClient, name: str) -> tuple[str, dict[str, str]]:
    made = client.post("/api/players", json={"name": name}).json()
    paid = client.post(
        f"/api/operator/players/{made['player_id']}/deposit",
        json={"amount": 100_000},
        headers=OPERATOR,
    )
    assert paid.status_code == 200, paid.text
    return str(made["player_id"]), {"Authorization": f"Bearer {made['token']}"}


def _ok(answer: httpx.Response) -> Any:
    assert answer.status_code < 300, answer.text
    return answer.json()


def _command(client: TestClient, table: str, who: dict[str, str], **command: Any) -> Any:
    return _ok(client.post(f"/api/tables/{table}/commands", json=command, headers=who))


def _refused(
    client: TestClient, table: str, who: dict[str, str], status: int, **command: Any
) -> dict[str, Any]:
    answer = client.post(f"/api/tables/{table}/commands", json=command, headers=who)
    assert answer.status_code == status, answer.text
    found: dict[str, Any] = answer.json()
    assert set(found) == {"error", "paragraph"}
    return found


def _open(client: TestClient) -> str:
    made = client.post(
        "/api/operator/tables",
        json={"game": "pai_gow", "preset": "pa-pai-gow", "rules": RULES, "name": "Pai Gow"},
        headers=OPERATOR,
    )
    assert made.status_code == 201, made.text
    return str(made.json()["table_id"])


def _cards_at(view: dict[str, Any], position: int) -> list[str]:
    return [
        item["event"]["card"]
        for item in view["events"]
        if item["event"]["event"] == "card_dealt" and item["event"]["position"] == position
    ]


def _deal_the_worked_round(client: TestClient, table: str) -> tuple[dict[str, str], ...]:
    """Ann at seat 1 ($25 main, $5 Fortune), Bob at seat 3 ($10 main), the worked deal."""
    _ok(client.post(f"/api/operator/tables/{table}/stack", json=STACK, headers=OPERATOR))
    _, ann = _player(client, "Ann")
    _, bob = _player(client, "Bob")
    for who, spot in ((ann, 1), (bob, 3)):
        _ok(client.post(f"/api/tables/{table}/seats", json={"spots": [spot]}, headers=who))
    _command(client, table, ann, spot=1, action="bet", amount=2500, args={"wager": "pai_gow"})
    _command(client, table, ann, spot=1, action="bet", amount=500, args={"wager": "fortune"})
    _command(client, table, bob, spot=3, action="bet", amount=1000, args={"wager": "pai_gow"})
    _command(client, table, ann, spot=1, action="ready")
    _command(client, table, bob, spot=3, action="ready")
    return ann, bob


def _balance(client: TestClient, who: dict[str, str]) -> int:
    return int(client.get("/api/me", headers=who).json()["balance"])


def _ledger_holds(service: Service, table: str, players: dict[str, dict[str, str]]) -> None:
    balances = service.store.balances()
    assert sum(balances.values()) == 0  # double entry
    assert balances.get(f"layout:{table}", 0) == 0  # nothing stays on the layout


def _settled(events: list[dict[str, Any]]) -> dict[tuple[int, str], dict[str, Any]]:
    return {
        (event["seat"], event["wager"]): event
        for event in events
        if event["event"] == "wager_settled"
    }


def _events(answer: dict[str, Any]) -> list[dict[str, Any]]:
    return [dict(event) for event in answer["events"]]


def _finish_the_worked_round(
    client: TestClient, table: str, ann: dict[str, str], bob: dict[str, str]
) -> list[dict[str, Any]]:
    """Ann sets QS QD in front; Bob's foul is refused, then the house way sets his hand."""
    _command(
        client,
        table,
        ann,
        spot=1,
        action="set",
        args={"low": ["QS", "QD"], "high": ["AS", "AD", "8C", "8D", "2C"]},
    )
    foul = _refused(client, table, bob, 422, spot=3, action="set", args={"low": ["TC", "8H"]})
    assert "the high hand must rank at least as high as the low hand" in foul["error"]
    return _events(_command(client, table, bob, spot=3, action="house_way"))


def _check_the_worked_settlement(events: list[dict[str, Any]]) -> None:
    settled = _settled(events)
    ann_main, fortune, bob_main = (
        settled[1, "pai_gow"],
        settled[1, "fortune"],
        settled[3, "pai_gow"],
    )
    assert (ann_main["result"], ann_main["commission"], ann_main["returned"]) == ("win", 125, 4875)
    assert (fortune["result"], fortune["returned"]) == ("lose", 0)
    assert (bob_main["result"], bob_main["returned"]) == ("lose", 0)
    (done,) = [event for event in events if event["event"] == "round_settled"]
    assert done["nets"] == {"1": 1875, "3": -1000}
    assert done["house"] == -875
    (dealer,) = [event for event in events if event["event"] == "banker_set"]
    assert (sorted(dealer["high"]), sorted(dealer["low"])) == (
        sorted(["KC", "KH", "2S", "3H", "5D"]),
        ["7C", "9S"],
    )
    (shown,) = [event for event in events if event["event"] == "hands_shown"]
    assert shown["positions"] == [1, 3]
    assert shown["hands"]["1"] == {"high": ["AS", "AD", "8C", "8D", "2C"], "low": ["QS", "QD"]}
    assert sorted(shown["hands"]["3"]["low"]) == ["7S", "8H"]


def test_645a_7_a_pai_gow_round_through_the_api_sets_settles_and_posts_the_ledger(
    served: tuple[TestClient, Service, str],
) -> None:
    client, service, _ = served
    table = _open(client)
    ann, bob = _deal_the_worked_round(client, table)
    # The wagers left the wallets as the round began.
    assert (_balance(client, ann), _balance(client, bob)) == (97_000, 99_000)
    view = client.get(f"/api/tables/{table}", headers=ann).json()
    assert view["phase"] == "playing"
    assert [(turn["spot"], turn["kind"]) for turn in view["awaiting"]] == [
        (1, "set_hand"),
        (3, "set_hand"),
    ]
    assert [offer["action"] for offer in view["offers"]["1"]] == ["set", "house_way"]
    assert _cards_at(view, 1) == ANN
    assert set(_cards_at(view, 3)) == {HIDDEN}  # Bob's cards are Bob's
    (start,) = [i["event"] for i in view["events"] if i["event"]["event"] == "starting_position"]
    assert (start["dice"], start["number"], start["position"]) == ([2, 3, 3], 8, 0)
    # A setting of cards Ann does not hold, or of the wrong size, is refused with why.
    wrong = _refused(client, table, ann, 422, spot=1, action="set", args={"low": ["KC", "KH"]})
    assert "not in the hand" in wrong["error"]
    _refused(client, table, ann, 403, spot=3, action="house_way")  # Bob's seat
    events = _finish_the_worked_round(client, table, ann, bob)
    _check_the_worked_settlement(events)
    assert events[-1]["event"] == "server:round_completed"
    assert (_balance(client, ann), _balance(client, bob)) == (101_875, 99_000)
    _ledger_holds(service, table, {"ann": ann, "bob": bob})

    # The recall (633a.7(s) pattern): Ann sees her round as she saw it, Bob's cards only from
    # the show, never the empty seat's or the four left over; the operator's replay verifies.
    round_id = events[-1]["round_id"]
    recalled = client.get(f"/api/rounds/{round_id}", headers=ann).json()
    seen = [item["event"] for item in recalled["events"]]
    text = json.dumps(seen)
    assert not any(card in text for card in EMPTY_SEAT)
    shown_at = next(i for i, event in enumerate(seen) if event["event"] == "hands_shown")
    assert not any(card in json.dumps(seen[:shown_at]) for card in BOB)
    assert sorted(card for _, card in seen[shown_at]["revealed"]) == sorted(BOB)
    replayed = client.get(f"/api/rounds/{round_id}", headers=OPERATOR).json()
    assert replayed["replay"]["verified"] is True
    assert _settled(replayed["replay"]["steps"]).keys() == _settled(events).keys()


def test_645a_11_a_restart_mid_round_resumes_and_the_house_way_sets_a_hand_out_of_time(
    served: tuple[TestClient, Service, str],
) -> None:
    client, _, url = served
    table = _open(client)
    ann, bob = _deal_the_worked_round(client, table)
    _command(client, table, ann, spot=1, action="set", args={"low": ["QS", "QD"]})
    before = client.get(f"/api/tables/{table}", headers=bob).json()
    store2, service2 = _service(url)
    try:
        with TestClient(create_app(service2)) as again:
            after = again.get(f"/api/tables/{table}", headers=bob).json()
            for field in ("phase", "version", "round_id", "awaiting", "offers", "events"):
                assert after[field] == before[field], field
            assert [turn["spot"] for turn in after["awaiting"]] == [3]
            # Bob lets his time run out: the house sets his hand by the house way.
            assert service2.expire_all(time.monotonic() + after["decision_seconds"] + 1) == 1
            stream = [entry for _, entry in service2.store.events(table)]
            (timed_out,) = [e for e in stream if e["event"] == "server:timed_out"]
            assert (timed_out["kind"], timed_out["command"]["action"]) == ("set_hand", "house_way")
            round_events = stream[stream.index(timed_out) :]
            _check_the_worked_settlement(round_events)
            assert (_balance(again, ann), _balance(again, bob)) == (101_875, 99_000)
            _ledger_holds(service2, table, {})
    finally:
        store2.close()


def test_an_idempotent_setting_is_taken_once(served: tuple[TestClient, Service, str]) -> None:
    client, service, _ = served
    table = _open(client)
    ann, _ = _deal_the_worked_round(client, table)
    path = f"/api/tables/{table}/commands"
    key = {**ann, "Idempotency-Key": "set-1"}
    body = {"spot": 1, "action": "set", "args": {"low": ["QS", "QD"]}}
    first = client.post(path, json=body, headers=key)
    again = client.post(path, json=body, headers=key)
    assert (first.status_code, again.status_code) == (200, 200)
    assert first.json() == again.json()
    stream = [entry for _, entry in service.store.events(table)]
    assert sum(entry["event"] == "hand_set" for entry in stream) == 1
    other = client.post(path, json={**body, "action": "house_way", "args": {}}, headers=key)
    assert other.status_code == 409
    assert "Idempotency-Key" in other.json()["error"]


def test_645a_7_a_player_banks_when_eligible_and_the_bank_returns_to_the_house(
    served: tuple[TestClient, Service, str],
) -> None:
    client, service, _ = served
    table = _open(client)
    ann, bob = _deal_the_worked_round(client, table)
    _finish_the_worked_round(client, table, ann, bob)
    offered = client.get(f"/api/tables/{table}", headers=ann).json()["offers"]["1"]
    assert {"pai_gow", "bank", "co_bank", "fortune"} <= {o.get("wager") for o in offered}
    # A seat takes one main wager, the bank or the co-bank: a second is refused, not swapped.
    _command(client, table, ann, spot=1, action="bet", amount=2500, args={"wager": "pai_gow"})
    second = _refused(
        client, table, ann, 422, spot=1, action="bet", amount=20_000, args={"wager": "bank"}
    )
    assert "withdraw the pai_gow wager first" in second["error"]
    _command(client, table, ann, spot=1, action="withdraw")
    assert client.get(f"/api/tables/{table}", headers=ann).json()["bets"] == []
    # The bank must cover every wager it may pay: $5 cannot cover Bob's $10.
    _command(client, table, bob, spot=3, action="bet", amount=1000, args={"wager": "pai_gow"})
    short = _refused(
        client, table, ann, 422, spot=1, action="bet", amount=500, args={"wager": "bank"}
    )
    assert "cannot cover" in short["error"]
    _command(client, table, ann, spot=1, action="bet", amount=20_000, args={"wager": "bank"})
    _command(client, table, ann, spot=1, action="ready")
    started = _command(client, table, bob, spot=3, action="ready")
    (opened,) = [e for e in started["events"] if e["event"] == "round_started"]
    assert (opened["banker"], opened["co_bank"]) == (1, False)
    _command(client, table, ann, spot=1, action="house_way")
    events = _events(_command(client, table, bob, spot=3, action="house_way"))
    (done,) = [event for event in events if event["event"] == "round_settled"]
    assert set(done["nets"]) == {"1", "3"}
    assert _balance(client, ann) == 101_875 + done["nets"]["1"]
    assert _balance(client, bob) == 99_000 + done["nets"]["3"]
    _ledger_holds(service, table, {})
    # The bank returns to the house every other round (the filed bank_every_other_round).
    again = _refused(
        client, table, ann, 422, spot=1, action="bet", amount=20_000, args={"wager": "bank"}
    )
    assert "every other round" in again["error"]


def test_a_tables_file_and_the_default_tables_open_pai_gow(tmp_path: Path) -> None:
    path = tmp_path / "tables.toml"
    path.write_text(
        '[[table]]\ngame = "pai_gow"\nname = "Pai Gow"\npreset = "pa-pai-gow"\n'
        'rules = { fortune_paytable = "wizard_2" }\n'
    )
    (spec,) = read_tables_file(path)
    assert (spec.game, spec.rules_mapping()) == (
        "pai_gow",
        {"preset": "pa-pai-gow", "fortune_paytable": "wizard_2"},
    )
    assert "pai_gow" in {spec.game for spec in DEFAULT_TABLES}
    store = Store.open(f"sqlite:///{tmp_path}/store.db")
    try:
        service = Service(store)
        service.start(list(DEFAULT_TABLES))
        lobby = {table["name"]: table for table in service.lobby()}
        assert lobby["Pai Gow Poker"]["game"] == "pai_gow"
        assert lobby["Pai Gow Poker"]["free_spots"] == [1, 2, 3, 4, 5, 6]
    finally:
        store.close()


# --- a real `tablegames serve --tables FILE --test-mode`, its WebSocket and a restart ----------


class Serve:
    """One `tablegames serve` process on a free port of 127.0.0.1."""

    def __init__(self, url: str, tables: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "tablegames", "serve", "--port", str(self.port)]
        command += ["--db", url, "--tables", str(tables), "--test-mode"]
        env = {**os.environ, "TABLEGAMES_OPERATOR_TOKEN": OPERATOR_TOKEN}
        self.process = subprocess.Popen(
            command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        wait_until_serving(self.process, f"{self.base}/openapi.json")

    def call(self, method: str, path: str, who: dict[str, str], body: Any = None) -> Any:
        return _ok(httpx.request(method, self.base + path, json=body, headers=who, timeout=10))

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.communicate(timeout=30)


def _listen(socket_: Any, until: int, seen: list[dict[str, Any]]) -> None:
    while not seen or seen[-1]["version"] < until:
        seen.append(json.loads(socket_.recv(timeout=10)))


def test_645a_8_over_the_websocket_no_player_sees_another_hand_before_the_show(
    url: str, tmp_path: Path
) -> None:
    tables = tmp_path / "tables.toml"
    tables.write_text(
        '[[table]]\ngame = "pai_gow"\nname = "Pai Gow"\npreset = "pa-pai-gow"\n'
        'rules = { fortune_paytable = "wizard_2" }\n'
    )
    server = Serve(url, tables)
    try:
        (table,) = server.call("GET", "/api/tables", OPERATOR)
        table_id = table["table_id"]
        server.call("POST", f"/api/operator/tables/{table_id}/stack", OPERATOR, STACK)
        who: dict[str, dict[str, str]] = {}
        for name, spot in (("Ann", 1), ("Bob", 3)):
            made = httpx.post(f"{server.base}/api/players", json={"name": name}, timeout=10).json()
            server.call(
                "POST",
                f"/api/operator/players/{made['player_id']}/deposit",
                OPERATOR,
                {"amount": 100_000},
            )
            who[name] = {"Authorization": f"Bearer {made['token']}", "token": made["token"]}
            server.call("POST", f"/api/tables/{table_id}/seats", who[name], {"spots": [spot]})
        commands = f"/api/tables/{table_id}/commands"
        ann, bob = who["Ann"], who["Bob"]
        bet = {"action": "bet", "args": {"wager": "pai_gow"}}
        server.call("POST", commands, ann, {**bet, "spot": 1, "amount": 2500})
        server.call("POST", commands, bob, {**bet, "spot": 3, "amount": 1000})
        server.call("POST", commands, ann, {"spot": 1, "action": "ready"})
        seen: list[dict[str, Any]] = []
        socket_path = f"/api/tables/{table_id}/ws?token={bob['token']}"
        with connect(f"ws://127.0.0.1:{server.port}{socket_path}") as socket_:
            dealt = server.call("POST", commands, bob, {"spot": 3, "action": "ready"})
            set_ = {"spot": 1, "action": "set", "args": {"low": ["QS", "QD"]}}
            ann_set = server.call("POST", commands, ann, set_)
            _listen(socket_, ann_set["version"], seen)
        assert dealt["version"] < ann_set["version"]
        # A restart mid-round: Bob reconnects after the last version he saw and sets his hand.
        server.stop()
        server = Serve(url, tables)
        last = seen[-1]["version"]
        with connect(f"ws://127.0.0.1:{server.port}{socket_path}&after={last}") as socket_:
            done = server.call("POST", commands, bob, {"spot": 3, "action": "house_way"})
            _listen(socket_, done["version"], seen)
    finally:
        server.stop()
    events = [item["event"] for item in seen]
    assert [item["version"] for item in seen] == list(range(1, len(seen) + 1))
    shown = next(i for i, event in enumerate(events) if event["event"] == "hands_shown")
    dealer_up = next(i for i, event in enumerate(events) if event["event"] == "banker_set")
    before_show = json.dumps(events[:dealer_up])
    # Before the show Bob sees his own seven cards and nothing else: not Ann's, not the
    # dealer's, not Ann's setting; never the empty seat's seven or the four left over.
    assert not any(card in before_show for card in ANN + DEALER)
    assert [e["card"] for e in events if e["event"] == "card_dealt" and e["position"] == 3] == BOB
    (ann_set_seen,) = [e for e in events if e["event"] == "hand_set" and e["seat"] == 1]
    assert set(ann_set_seen["high"] + ann_set_seen["low"]) == {HIDDEN}
    assert not any(card in json.dumps(events) for card in EMPTY_SEAT)
    leftover = [e for e in events if e["event"] == "card_dealt" and e["position"] == -1]
    assert len(leftover) == 4
    assert {e["card"] for e in leftover} == {HIDDEN}
    assert "commitment" in json.dumps(events)  # the deck is committed, its order never shown
    assert sorted(card for _, card in events[dealer_up]["revealed"]) == sorted(DEALER)
    assert sorted(card for _, card in events[shown]["revealed"]) == sorted(ANN)
    assert events[shown]["hands"]["1"]["low"] == ["QS", "QD"]
    assert events[-1]["event"] == "server:round_completed"
