"""Two `tablegames serve` processes on one PostgreSQL database serve the same tables (issue 11
§5): commands go to either, no event is lost or doubled, and each process's WebSocket sees every
event, including those the other process committed.

Each process brings a table up to the stored version before it decides a command (the expected
version of the commit makes two writers unable to both win), and each WebSocket catches up on
the other process's commits once a second.
"""

from __future__ import annotations

import json
from pathlib import Path

import httpx
from websockets.sync.client import connect

from tests.postgres import Cluster
from tests.server.test_serve import TOKEN, Server


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _post(server: Server, path: str, token: str, body: object) -> dict[str, object]:
    answer = httpx.post(server.url + path, json=body, headers=_auth(token), timeout=10)
    assert answer.status_code < 300, answer.text
    found: dict[str, object] = answer.json()
    return found


def test_two_processes_on_one_postgresql_lose_and_double_nothing(
    postgres_cluster: Cluster, tmp_path: Path
) -> None:
    tables = tmp_path / "tables.toml"
    tables.write_text('[[table]]\ngame = "blackjack"\nname = "Main"\npreset = "pa-6deck"\n')
    url = postgres_cluster.new_database()
    first = Server.at(url, tables)
    second = Server.at(url, tables)
    try:
        made = httpx.post(f"{first.url}/api/players", json={"name": "Ann"}, timeout=10).json()
        ann, player_id = made["token"], made["player_id"]
        _post(second, f"/api/operator/players/{player_id}/deposit", TOKEN, {"amount": 100_000})
        table_id = httpx.get(f"{first.url}/api/tables", headers=_auth(ann), timeout=10).json()[0][
            "table_id"
        ]
        sockets = [
            connect(f"ws://127.0.0.1:{server.port}/api/tables/{table_id}/ws?token={TOKEN}")
            for server in (first, second)
        ]
        _post(first, f"/api/tables/{table_id}/seats", ann, {"spots": [1]})
        last = 0
        servers = [first, second]
        for number in range(3):  # three rounds, each request to the other process in turn
            bet = {"spot": 1, "action": "bet", "amount": 2_500, "args": {"wager": "blackjack"}}
            _post(servers[number % 2], f"/api/tables/{table_id}/commands", ann, bet)
            ready = {"spot": 1, "action": "ready"}
            last = int(
                str(
                    _post(
                        servers[(number + 1) % 2], f"/api/tables/{table_id}/commands", ann, ready
                    )["version"]
                )
            )
            for turn in range(20):
                server = servers[turn % 2]
                view = httpx.get(
                    f"{server.url}/api/tables/{table_id}", headers=_auth(ann), timeout=10
                ).json()
                if view["phase"] != "playing":
                    break
                choice = next(
                    o for o in view["offers"]["1"] if o["action"] in ("stand", "decline", "keep")
                )
                body = {"spot": 1, "action": choice["action"], "hand": choice["hand"]}
                last = int(
                    str(_post(server, f"/api/tables/{table_id}/commands", ann, body)["version"])
                )
        # Both processes' sockets saw every version 1..last exactly once, in order.
        for socket_ in sockets:
            versions: list[int] = []
            while not versions or versions[-1] < last:
                versions.append(json.loads(socket_.recv(timeout=15))["version"])
            assert versions == list(range(1, last + 1))
            socket_.close()
        # And both processes give the same view of the table.
        views = [
            httpx.get(f"{s.url}/api/tables/{table_id}", headers=_auth(TOKEN), timeout=10).json()
            for s in servers
        ]
        assert views[0]["version"] == views[1]["version"] == last
        assert views[0]["events"] == views[1]["events"]
    finally:
        first.stop()
        second.stop()
