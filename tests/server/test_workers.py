"""`tablegames serve --workers 2` on one SQLite file (issue 11 §5, the throughput target's
server): two worker processes share the listening socket and the store, and together they are
one server. Players on connections of their own (so their requests are spread over both
workers by the kernel) play rounds at a table the operator opened through one worker and at the
first table, concurrently; afterwards:

- every acknowledged command's events sit in the stream exactly once, where its answer said
  (no event lost, none doubled: the ranges of the answers tile the stream);
- a WebSocket (on whichever worker took it) was sent every version of its table, in order;
- money is conserved and every gaming day's identity holds (`day_report`), and the audit
  chain is intact, with a start logged by the parent and by each worker;
- a table opened through one worker is served by every worker (fresh connections, one
  request each, all answered), and once closed through one, takes no command at any.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

import httpx
from websockets.sync.client import connect

from tablegames.store import Store, day_report
from tests.server.test_serve import TOKEN, Server

OPERATOR = {"Authorization": f"Bearer {TOKEN}"}
ROUNDS = 6


def _player(url: str, table_id: str, spot: int, acks: list[tuple[str, int]]) -> None:
    """Plays ROUNDS rounds at one box on a connection of its own; every acknowledged command's
    (action, the table version its answer gave) goes to `acks`. A 409 (the table moved on in
    the other worker while this request was decided) changed nothing and is sent again."""
    with httpx.Client(base_url=url, timeout=20) as client:
        made = client.post("/api/players", json={"name": f"P{spot}"}).json()
        auth = {"Authorization": f"Bearer {made['token']}"}
        paid = client.post(
            f"/api/operator/players/{made['player_id']}/deposit",
            json={"amount": 1_000_000},
            headers=OPERATOR,
        )
        paid.raise_for_status()
        commands = f"/api/tables/{table_id}/commands"

        def send(body: dict[str, object], path: str = commands) -> bool:
            answer = client.post(path, json=body, headers=auth)
            if answer.status_code == 409:
                return False
            answer.raise_for_status()
            acks.append((str(body.get("action", "sit")), int(answer.json()["version"])))
            return True

        while not send({"spots": [spot]}, f"/api/tables/{table_id}/seats"):
            pass
        rounds = 0
        while rounds < ROUNDS:
            view = client.get(f"/api/tables/{table_id}", headers=auth).json()
            mine = [t for t in view["awaiting"] if t.get("spot") == spot]
            if view["phase"] == "betting":
                offers = view["offers"].get(str(spot), [])
                if any(o["action"] == "bet" for o in offers) and not any(
                    b["spot"] == spot for b in view["bets"]
                ):
                    bet = {"spot": spot, "action": "bet", "amount": 2_500}
                    send({**bet, "args": {"wager": "blackjack"}})
                elif any(o["action"] == "ready" for o in offers) and send(
                    {"spot": spot, "action": "ready"}
                ):
                    rounds += 1
            elif view["phase"] == "playing" and mine:
                offers = view["offers"][str(spot)]
                choice = next(
                    (o for o in offers if o["action"] in ("stand", "decline", "keep")), offers[0]
                )
                send({"spot": spot, "action": choice["action"], "hand": choice["hand"]})


def test_two_workers_on_one_sqlite_file_are_one_server(tmp_path: Path) -> None:
    tables = tmp_path / "tables.toml"
    tables.write_text('[[table]]\ngame = "blackjack"\nname = "Main"\npreset = "pa-6deck"\n')
    database = tmp_path / "var" / "tablegames.db"
    server = Server.at(f"sqlite:///{database}", tables, workers=2)
    try:
        first = httpx.get(f"{server.url}/api/tables", headers=OPERATOR, timeout=10).json()
        main_table = first[0]["table_id"]
        opened = httpx.post(
            f"{server.url}/api/operator/tables",
            json={"game": "blackjack", "preset": "pa-6deck", "name": "Second"},
            headers=OPERATOR,
            timeout=10,
        )
        opened.raise_for_status()
        second_table = opened.json()["table_id"]
        # Fresh connections, one request each: whichever worker takes one knows the table.
        for _ in range(12):
            view = httpx.get(f"{server.url}/api/tables/{second_table}", headers=OPERATOR)
            assert view.status_code == 200, view.text
        watchers = {
            # Read only after the play: the client must keep taking frames meanwhile (no queue
            # limit, which would stop it reading pongs) and sends no keepalive pings.
            table_id: connect(
                f"ws://127.0.0.1:{server.port}/api/tables/{table_id}/ws?token={TOKEN}",
                max_queue=None,
                ping_interval=None,
            )
            for table_id in (main_table, second_table)
        }
        acks: dict[str, list[tuple[str, int]]] = {main_table: [], second_table: []}
        players = [
            threading.Thread(target=_player, args=(server.url, table_id, spot, acks[table_id]))
            for table_id in (main_table, second_table)
            for spot in (1, 2)
        ]
        for player in players:
            player.start()
        for player in players:
            player.join(timeout=120)
            assert not player.is_alive()
        store = Store.open(f"sqlite:///{database}")
        try:
            for table_id, ranges in acks.items():
                events = store.events(table_id)
                stored = [version for version, _ in events]
                last = stored[-1]
                assert stored == list(range(1, last + 1))
                # Every acknowledged command moved the stream to a version of its own (no two
                # writers both won one) that the stream holds ...
                versions = [version for _, version in ranges]
                assert len(set(versions)) == len(versions)
                assert max(versions) <= last
                # ... and each acknowledged bet is in the stream once: none lost, none doubled.
                bets = [event for _, event in events if event["event"] == "server:bet_accepted"]
                assert len(bets) == sum(action == "bet" for action, _ in ranges)
                seen: list[int] = []
                while not seen or seen[-1] < last:
                    seen.append(json.loads(watchers[table_id].recv(timeout=15))["version"])
                assert seen == list(range(1, last + 1))
            assert sum(store.balances().values()) == 0
            for day in sorted({posting.day for posting in store.postings()}):
                report = day_report(store, day)
                assert report.holds, report.problems
            assert store.verify_audit() is None
        finally:
            store.close()
        for socket_ in watchers.values():
            socket_.close()
        # Closed through one worker, the table takes no command at any worker (fresh
        # connections, one request each): a worker that still holds it finds out at its commit.
        closed = httpx.post(
            f"{server.url}/api/operator/tables/{second_table}/close", headers=OPERATOR
        )
        closed.raise_for_status()
        made = httpx.post(f"{server.url}/api/players", json={"name": "Late"}).json()
        late = {"Authorization": f"Bearer {made['token']}"}
        for spot in range(1, 7):
            seat = httpx.post(
                f"{server.url}/api/tables/{second_table}/seats",
                json={"spots": [spot]},
                headers=late,
            )
            assert seat.status_code == 404, seat.text
    finally:
        server.stop()
    store = Store.open(f"sqlite:///{database}")
    try:
        with store.engine.connect() as conn:
            kinds = [
                row[0] for row in conn.exec_driver_sql("SELECT kind FROM audit_log ORDER BY seq")
            ]
    finally:
        store.close()
    assert kinds.count("server_started") == 3  # the parent and each worker
    assert kinds.count("server_stopped") == 2  # each worker, at its shutdown
