"""What the server gives the browser table (issue 12): the page itself with nothing loaded from
elsewhere, `/api/server`, the layout and clock of a table, and the play-money credit of
`serve --welcome-credit`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from tablegames.server.app import STATIC, create_app
from tablegames.server.service import Service
from tablegames.server.tables_file import TableSpec
from tablegames.store import Store, player_account, schema

OPERATOR_TOKEN = "operator-secret-for-browser-support"
TABLES = [TableSpec("blackjack", "Main", {"preset": "pa-6deck"})]


@pytest.fixture
def served(url: str) -> Iterator[tuple[TestClient, Service]]:
    store = Store.open(url)
    service = Service(store, test_mode=True, welcome_credit=50_000)
    service.operator_token(OPERATOR_TOKEN)
    service.start(TABLES)
    try:
        with TestClient(create_app(service)) as client:
            yield client, service
    finally:
        store.close()


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_the_page_and_its_files_are_served_with_nothing_from_elsewhere(
    served: tuple[TestClient, Service],
) -> None:
    client, _ = served
    for path in ("/", "/operator"):
        page = client.get(path)
        assert page.status_code == 200
        assert page.headers["content-type"].startswith("text/html")
    for file in sorted(STATIC.iterdir()):
        answer = client.get(f"/static/{file.name}")
        assert answer.status_code == 200, file.name
        # No CDN, no font or image from another host: every address is the server's own.
        outside = re.findall(r"""(?:src|href|url|import)[=(\s]*["']?(https?:)?//""", answer.text)
        assert not outside, (file.name, outside)


def test_api_server_says_test_mode_and_the_welcome_credit(
    served: tuple[TestClient, Service],
) -> None:
    client, _ = served
    assert client.get("/api/server").json() == {
        "test_mode": True,
        "welcome_credit": 50_000,
        "games": ["blackjack", "blackjack_dealt", "craps", "pai_gow"],
    }


def test_a_new_player_gets_the_welcome_credit_as_an_audited_deposit(
    served: tuple[TestClient, Service],
) -> None:
    """Play money is a deposit from the cashier like any other: the balance, a posting with
    the reason "deposit", and an entry of the audit chain that names it."""
    client, service = served
    made = client.post("/api/players", json={"name": "Ann"}).json()
    me = client.get("/api/me", headers=_auth(made["token"])).json()
    assert me["balance"] == 50_000
    postings = service.store.postings(player_account(made["player_id"]))
    assert [(p.amount, p.reason) for p in postings] == [(50_000, "deposit")]
    with service.store.engine.connect() as conn:
        rows = conn.execute(
            select(schema.audit_log.c.details).where(schema.audit_log.c.kind == "deposit")
        )
        details = [json.loads(text) for (text,) in rows]
    assert details == [{"player_id": made["player_id"], "amount": 50_000, "welcome_credit": True}]
    assert service.store.verify_audit() is None


def test_the_layout_and_clock_of_a_table(served: tuple[TestClient, Service]) -> None:
    client, _ = served
    made = client.post("/api/players", json={"name": "Bo"}).json()
    who = _auth(made["token"])
    table_id = client.get("/api/tables", headers=who).json()[0]["table_id"]
    layout = client.get(f"/api/tables/{table_id}/layout", headers=who).json()
    # 633a.2(b)(3)(i)-(ii): the two inscriptions every PA Blackjack layout carries.
    texts = [line["text"] for line in layout["inscriptions"]]
    assert "Blackjack pays 3 to 2" in texts
    assert "Insurance pays 2 to 1" in texts
    assert layout["areas"][0]["wager"] == "blackjack"
    clock = client.get(f"/api/tables/{table_id}/clock", headers=who).json()
    assert clock == {"awaiting": [], "betting_seconds_left": None}


@pytest.mark.parametrize("path", ["/layout", "/clock"])
def test_an_unknown_table_has_no_layout_or_clock(
    served: tuple[TestClient, Service], path: str
) -> None:
    client, _ = served
    made = client.post("/api/players", json={"name": "Cy"}).json()
    answer = client.get(f"/api/tables/t-nosuch{path}", headers=_auth(made["token"]))
    assert answer.status_code == 404
    assert answer.json() == {"error": "no open table 't-nosuch'", "paragraph": None}
    assert client.get(f"/api/tables/t-nosuch{path}").status_code == 401
