"""`tablegames serve` as users run it: a real uvicorn process on a free port of 127.0.0.1 and
an SQLite file, driven over HTTP and a WebSocket, stopped and started again.

What was acknowledged survives the restart: the balance, the seats and a round in progress,
which resumes at the same decision with the same cards (633a.7(s): recall and reconstruction).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.serving import free_port, wait_until_serving

TOKEN = "serve-test-operator-token"


class Server:
    """One `tablegames serve` process on its own port."""

    def __init__(self, db: Path, tables: Path) -> None:
        self._start(f"sqlite:///{db}", tables)

    @classmethod
    def at(cls, url: str, tables: Path, *, workers: int = 1) -> Server:
        """A server on the database at `url` (PostgreSQL in the two-process test), with
        `workers` processes (`serve --workers`)."""
        server = cls.__new__(cls)
        server._start(url, tables, workers=workers)
        return server

    def _start(self, url: str, tables: Path, *, workers: int = 1) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [
            sys.executable,
            "-m",
            "tablegames",
            "serve",
            "--port",
            str(self.port),
            "--db",
            url,
            "--tables",
            str(tables),
            "--workers",
            str(workers),
        ]
        env = {**os.environ, "TABLEGAMES_OPERATOR_TOKEN": TOKEN}
        self.process = subprocess.Popen(
            command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        wait_until_serving(self.process, f"{self.url}/openapi.json")

    def stop(self, sig: int = signal.SIGTERM) -> str:
        self.process.send_signal(sig)
        out, _ = self.process.communicate(timeout=30)
        return out


@pytest.fixture
def tables(tmp_path: Path) -> Path:
    path = tmp_path / "tables.toml"
    path.write_text('[[table]]\ngame = "blackjack"\nname = "Main"\npreset = "pa-6deck"\n')
    return path


@pytest.fixture
def server(tmp_path: Path, tables: Path) -> Iterator[Server]:
    running = Server(tmp_path / "var" / "tablegames.db", tables)
    try:
        yield running
    finally:
        if running.process.poll() is None:
            running.stop(signal.SIGKILL)


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _call(server: Server, method: str, path: str, token: str, body: Any = None) -> Any:
    answer = httpx.request(method, server.url + path, json=body, headers=_auth(token), timeout=10)
    assert answer.status_code < 300, answer.text
    return answer.json()


def test_serve_plays_a_round_and_a_restart_resumes_it(
    server: Server, tmp_path: Path, tables: Path
) -> None:
    made = httpx.post(f"{server.url}/api/players", json={"name": "Ann"}, timeout=10).json()
    ann, player_id = made["token"], made["player_id"]
    _call(server, "POST", f"/api/operator/players/{player_id}/deposit", TOKEN, {"amount": 50_000})
    (table,) = _call(server, "GET", "/api/tables", ann)
    table_id = table["table_id"]
    _call(server, "POST", f"/api/tables/{table_id}/seats", ann, {"spots": [1]})
    with connect(f"ws://127.0.0.1:{server.port}/api/tables/{table_id}/ws?token={ann}") as socket_:
        bet = {"spot": 1, "action": "bet", "amount": 2_500, "args": {"wager": "blackjack"}}
        _call(server, "POST", f"/api/tables/{table_id}/commands", ann, bet)
        ready = {"spot": 1, "action": "ready"}
        dealt = _call(server, "POST", f"/api/tables/{table_id}/commands", ann, ready)
        seen = [json.loads(socket_.recv(timeout=10))]
        while seen[-1]["version"] < dealt["version"]:
            seen.append(json.loads(socket_.recv(timeout=10)))
    # No card the player may not see reached her socket: the hole card is hidden until turned.
    holes = [
        item["event"]
        for item in seen
        if item["event"]["event"] == "card_dealt" and item["event"]["to"] == "dealer"
    ]
    face_down = [event for event in holes if not event["face_up"]]
    assert len(face_down) == 1  # 633a.7(f)(4): the hole card
    assert face_down[0]["card"] == "??"
    before = _call(server, "GET", f"/api/tables/{table_id}", ann)
    balance = _call(server, "GET", "/api/me", ann)["balance"]
    server.stop()
    again = Server(tmp_path / "var" / "tablegames.db", tables)
    try:
        after = _call(again, "GET", f"/api/tables/{table_id}", ann)
        assert _call(again, "GET", "/api/me", ann)["balance"] == balance
        # The round resumes where it was: same version, same decision, same cards seen.
        for field in ("phase", "version", "round_id", "awaiting", "offers", "events"):
            assert after[field] == before[field], field
    finally:
        again.stop()
