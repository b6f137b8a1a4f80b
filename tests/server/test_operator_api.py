"""The operator's reads behind `/operator` (issue 12 "For the operator"), on SQLite and
PostgreSQL: the players with their balances, the gaming day's report with its identities, the
audit chain's verification, the games and their presets, and a table opened from a rules
file's text.

Each is the operator's alone (401 without a token, 403 for a player), and every refusal is a
4xx `{"error", "paragraph"}`. The day report is checked against figures worked by hand from
what the test did: opening + deposits - withdrawals - wagers + returns = closing.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from tablegames.server.app import create_app
from tablegames.server.service import Service
from tablegames.server.tables_file import TableSpec
from tablegames.store import Store

OPERATOR_TOKEN = "operator-secret-for-the-floor"
OPERATOR = {"Authorization": f"Bearer {OPERATOR_TOKEN}"}
DAY = datetime(2025, 3, 14, 12, 0, tzinfo=UTC)
MAIN = TableSpec("blackjack", "Main", {"preset": "pa-6deck"})
DICE = TableSpec("craps", "Dice", {"preset": "pa-power-odds"})
# GET routes of the floor; each answers 401 without a token and 403 to a player.
READS = (
    "/api/operator/players",
    "/api/operator/report/day?date=2025-03-14",
    "/api/operator/audit/verify",
    "/api/operator/games",
)


@dataclass
class Clock:
    """The store's clock: the gaming day a posting is stamped with, moved on by the test."""

    now: datetime = DAY

    def __call__(self) -> datetime:
        return self.now


@dataclass
class Floor:
    client: TestClient
    service: Service
    clock: Clock


@pytest.fixture
def floor(url: str) -> Iterator[Floor]:
    clock = Clock()
    store = Store.open(url, clock=clock)
    service = Service(store, test_mode=True)
    service.operator_token(OPERATOR_TOKEN)
    service.start([MAIN, DICE])
    try:
        with TestClient(create_app(service)) as client:
            yield Floor(client, service, clock)
    finally:
        store.close()


def _register(client: TestClient, name: str) -> tuple[str, dict[str, str]]:
    made = client.post("/api/players", json={"name": name})
    assert made.status_code == 201, made.text
    return made.json()["player_id"], {"Authorization": f"Bearer {made.json()['token']}"}


def _money(client: TestClient, player_id: str, kind: str, amount: int) -> Any:
    moved = client.post(
        f"/api/operator/players/{player_id}/{kind}", json={"amount": amount}, headers=OPERATOR
    )
    assert moved.status_code == 200, moved.text
    return moved.json()


def _table(client: TestClient, name: str) -> str:
    tables = client.get("/api/tables", headers=OPERATOR).json()
    return str(next(table["table_id"] for table in tables if table["name"] == name))


def _command(client: TestClient, table: str, who: dict[str, str], **body: Any) -> Any:
    answer = client.post(f"/api/tables/{table}/commands", json=body, headers=who)
    assert answer.status_code == 200, answer.text
    return answer.json()


def _sit(client: TestClient, table: str, who: dict[str, str]) -> None:
    seated = client.post(f"/api/tables/{table}/seats", json={"spots": [1]}, headers=who)
    assert seated.status_code == 200, seated.text


def _bet(client: TestClient, table: str, who: dict[str, str], amount: int) -> None:
    _command(client, table, who, spot=1, action="bet", amount=amount, args={"wager": "blackjack"})


def _floor(client: TestClient, path: str) -> Any:
    answer = client.get(path, headers=OPERATOR)
    assert answer.status_code == 200, answer.text
    return answer.json()


def _refusal(answer: Any, status: int) -> str:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) == {"error", "paragraph"}
    assert body["error"]
    return str(body["error"])


def test_the_floor_is_the_operators_alone(floor: Floor) -> None:
    _, ann = _register(floor.client, "Ann")
    for path in READS:
        assert "Bearer token is required" in _refusal(floor.client.get(path), 401)
        assert "Bearer token is required" in _refusal(
            floor.client.get(path, headers={"Authorization": "Bearer wrong"}), 401
        )
        assert "the operator's" in _refusal(floor.client.get(path, headers=ann), 403)
        assert floor.client.get(path, headers=OPERATOR).status_code == 200
    opening = {"game": "craps", "name": "Mine", "text": 'preset = "pa-power-odds"'}
    post = "/api/operator/tables/rules-file"
    _refusal(floor.client.post(post, json=opening), 401)
    _refusal(floor.client.post(post, json=opening, headers=ann), 403)
    assert all(table["name"] != "Mine" for table in floor.service.lobby())


def test_the_players_newest_first_with_what_is_available(floor: Floor) -> None:
    ann_id, ann = _register(floor.client, "Ann")
    floor.clock.now = DAY + timedelta(seconds=1)
    bob_id, _ = _register(floor.client, "Bob")
    _money(floor.client, ann_id, "deposit", 10_000)
    listed = floor.client.get("/api/operator/players", headers=OPERATOR).json()
    assert listed == [
        {"player_id": bob_id, "name": "Bob", "balance": 0, "available": 0},
        {"player_id": ann_id, "name": "Ann", "balance": 10_000, "available": 10_000},
    ]
    newest = _floor(floor.client, "/api/operator/players?limit=1")
    assert [player["name"] for player in newest] == ["Bob"]
    # A bet in the open window is held: still Ann's money, not hers to withdraw or wager again.
    table = _table(floor.client, "Main")
    _sit(floor.client, table, ann)
    _bet(floor.client, table, ann, 2_500)
    listed = _floor(floor.client, "/api/operator/players")
    ann_row = next(player for player in listed if player["player_id"] == ann_id)
    assert (ann_row["balance"], ann_row["available"]) == (10_000, 7_500)
    for limit in ("0", "1001", "-1"):
        assert "limit is 1 to 1000" in _refusal(
            floor.client.get(f"/api/operator/players?limit={limit}", headers=OPERATOR), 400
        )
    _refusal(floor.client.get("/api/operator/players?limit=many", headers=OPERATOR), 422)


def test_the_day_report_holds_after_deposits_withdrawals_and_a_round(floor: Floor) -> None:
    """633a.13(a): T-9 (19) against the dealer's 7 and hole ten (17) wins 1 to 1, so the $25
    wager returns $50. Ann's day, by hand: opening $0 + deposits $500 - withdrawals $125 -
    wagers $25 + returns $50 = closing $400."""
    client = floor.client
    ann_id, ann = _register(client, "Ann")
    _money(client, ann_id, "deposit", 50_000)
    _money(client, ann_id, "withdraw", 12_500)
    table = _table(client, "Main")
    _sit(client, table, ann)
    cards = {"cards": ["TS", "7D", "9H", "TC"]}
    stacked = client.post(f"/api/operator/tables/{table}/stack", json=cards, headers=OPERATOR)
    assert stacked.status_code == 200, stacked.text
    _bet(client, table, ann, 2_500)
    _command(client, table, ann, spot=1, action="ready")
    _command(client, table, ann, spot=1, action="stand", hand=0)
    assert client.get("/api/me", headers=ann).json()["balance"] == 40_000

    report = _floor(client, "/api/operator/report/day?date=2025-03-14")
    assert report["day"] == "2025-03-14"
    assert report["holds"] is True
    assert (report["total"], report["problems"]) == (0, [])
    line = next(a for a in report["accounts"] if a["player_id"] == ann_id)
    assert line == {
        "account": f"player:{ann_id}",
        "player_id": ann_id,
        "opening": 0,
        "deposits": 50_000,
        "withdrawals": 12_500,
        "wagers": 2_500,
        "returns": 5_000,
        "closing": 40_000,
        "holds": True,
        "problems": [],
    }
    assert line["closing"] == 0 + 50_000 - 12_500 - 2_500 + 5_000

    # The next day opens where this one closed; a day before any posting lists no account.
    floor.clock.now = DAY + timedelta(days=1)
    _money(client, ann_id, "deposit", 1_000)
    after = _floor(client, "/api/operator/report/day?date=2025-03-15")
    line = next(a for a in after["accounts"] if a["player_id"] == ann_id)
    flows = (line["opening"], line["deposits"], line["wagers"], line["closing"])
    assert flows == (40_000, 1_000, 0, 41_000)
    assert line["holds"] is True
    before = _floor(client, "/api/operator/report/day?date=2025-03-13")
    assert before["accounts"] == []
    assert before["holds"] is True


def test_a_posting_edited_by_hand_is_shown_broken(floor: Floor) -> None:
    ann_id, _ = _register(floor.client, "Ann")
    _money(floor.client, ann_id, "deposit", 10_000)
    with floor.service.store.engine.begin() as conn:  # an intruder raises the deposit in place
        conn.execute(text("UPDATE postings SET amount = amount + 1"))
    report = floor.client.get("/api/operator/report/day?date=2025-03-14", headers=OPERATOR).json()
    assert report["holds"] is False
    line = next(a for a in report["accounts"] if a["player_id"] == ann_id)
    assert line["holds"] is False
    assert any("closing balance is 10000" in problem for problem in line["problems"])


@pytest.mark.parametrize(
    ("date", "status", "says"),
    [
        ("2025-02-30", 400, "gaming day must be a date YYYY-MM-DD"),
        ("2025-13-01", 400, "gaming day must be a date YYYY-MM-DD"),
        ("20250314", 422, "query.date"),
        ("2025-03-14T00:00", 422, "query.date"),
        ("2025-W11-5", 422, "query.date"),
        # Arabic-Indic digits: a digit to a regular expression's \\d, not a gaming day.
        ("\u0662\u0660\u0662\u0665-\u0660\u0663-\u0661\u0664", 422, "query.date"),
        ("", 422, "query.date"),
        ("2025-03-14' OR '1'='1", 422, "query.date"),
    ],
)
def test_a_malformed_gaming_day_is_refused(floor: Floor, date: str, status: int, says: str) -> None:
    answer = floor.client.get("/api/operator/report/day", params={"date": date}, headers=OPERATOR)
    assert says in _refusal(answer, status)


def test_a_gaming_day_is_required(floor: Floor) -> None:
    answer = floor.client.get("/api/operator/report/day", headers=OPERATOR)
    assert "query.date" in _refusal(answer, 422)


def test_the_audit_chain_is_intact_on_a_fresh_server_and_broken_by_an_edit(floor: Floor) -> None:
    verdict = floor.client.get("/api/operator/audit/verify", headers=OPERATOR).json()
    # A fresh server logged its start and the opening of its two tables.
    assert verdict == {"intact": True, "entries": 3, "first_broken": None}
    ann_id, _ = _register(floor.client, "Ann")
    _money(floor.client, ann_id, "deposit", 700)
    assert floor.client.get("/api/operator/audit/verify", headers=OPERATOR).json()["entries"] == 4
    with floor.service.store.engine.begin() as conn:
        edited = text("UPDATE audit_log SET details = :d WHERE seq = 4")
        conn.execute(edited, {"d": '{"amount":99}'})
    broken = floor.client.get("/api/operator/audit/verify", headers=OPERATOR).json()
    assert broken["intact"] is False
    assert broken["entries"] == 4
    assert broken["first_broken"]["seq"] == 4
    assert broken["first_broken"]["problem"] == "edited"
    assert "was edited" in broken["first_broken"]["message"]


def test_the_games_and_their_presets(floor: Floor) -> None:
    games = floor.client.get("/api/operator/games", headers=OPERATOR).json()
    by_game = {game["game"]: game["presets"] for game in games}
    assert set(by_game) == {"blackjack", "blackjack_dealt", "craps", "pai_gow"}
    assert by_game["blackjack_dealt"] == by_game["blackjack"]  # the same Rules Submissions
    assert "pa-6deck" in by_game["blackjack"]
    assert "pa-power-odds" in by_game["craps"]
    assert by_game["pai_gow"] == ["pa-pai-gow", "pa-commission-free"]


def test_a_table_opens_from_a_rules_files_text(floor: Floor) -> None:
    client = floor.client
    post = "/api/operator/tables/rules-file"
    toml = 'preset = "pa-6deck"\ndecks = 8\n'
    body = {"game": "blackjack", "name": "Soft", "text": toml}
    made = client.post(post, json=body, headers=OPERATOR)
    assert made.status_code == 201, made.text
    table_id = made.json()["table_id"]
    row = floor.service.store.table(table_id)
    assert row is not None
    assert dict(row.rules) == {"preset": "pa-6deck", "decks": 8}
    as_json = _file('{"preset": "pa-power-odds"}', "json", game="craps", name="J")
    assert client.post(post, json=as_json, headers=OPERATOR).status_code == 201
    names = [table["name"] for table in client.get("/api/tables", headers=OPERATOR).json()]
    assert {"Soft", "J"} <= set(names)


def _file(
    text: str, file_format: str = "toml", *, game: str = "blackjack", name: str = "X"
) -> dict[str, Any]:
    return {"game": game, "name": name, "format": file_format, "text": text}


@pytest.mark.parametrize(
    ("body", "status", "says"),
    [
        (_file("decks = ["), 400, "not valid TOML"),
        (_file("decks = 1979-05-27"), 400, "date or time"),
        (_file("[a]\nb = 07:32:00"), 400, "'a.b'"),
        (_file("[1]", "json"), 400, "table of rule"),
        (_file('{"decks": NaN}', "json"), 400, "NaN"),
        (_file('{"a": 1, "a": 2}', "json"), 400, "repeats"),
        (_file("[" * 50 + "]" * 50, "json"), 400, "nests"),
        (_file("a = " + "[" * 50 + "]" * 50), 400, "nests"),
        (_file("x = 1", game="poker"), 400, "no game 'poker'"),
        (_file("x: 1", "yaml"), 422, "format"),
        (_file(""), 422, "text"),
        (_file("x = 1", name=""), 422, "name"),
        ({**_file("x = 1"), "rules": {}}, 422, "rules"),
        (_file("decks = 99"), 400, "decks"),
        # 633a.7(m): the dealer stands on all 17s at a live table.
        (_file('preset = "pa-6deck"\ndealer_hits_soft_17 = true'), 422, "must stand on all 17s"),
    ],
)
def test_a_bad_rules_file_is_refused_and_opens_nothing(
    floor: Floor, body: dict[str, Any], status: int, says: str
) -> None:
    before = len(floor.service.store.tables())
    answer = floor.client.post("/api/operator/tables/rules-file", json=body, headers=OPERATOR)
    assert says in _refusal(answer, status)
    assert len(floor.service.store.tables()) == before


def test_unknown_rounds_and_players_are_404_with_the_error_body(floor: Floor) -> None:
    for path in ("/api/rounds/r-none", "/api/rounds/t-00-r1"):
        assert "no round" in _refusal(floor.client.get(path, headers=OPERATOR), 404)
    moved = floor.client.post(
        "/api/operator/players/p-none/deposit", json={"amount": 100}, headers=OPERATOR
    )
    assert "no player" in _refusal(moved, 404)
