"""Load on the live table server (issue 11 §5): scripted players on loopback against one real
`tablegames serve` process on SQLite.

Run: `.venv/bin/python benchmarks/bench_server.py --workers 2` (`--players 8 --seconds 20
--per-table 1 --poll`; `--workers` is `tablegames serve --workers`, default 1).

The server is started as users start it (`python -m tablegames serve`, a free port of
127.0.0.1, an SQLite file in a temporary folder, `TABLEGAMES_OPERATOR_TOKEN` set). The operator
opens one six-deck Blackjack table per `--per-table` players (so that a player waits on nobody's
readiness but its table-mates'); each player registers, is paid by the operator, sits at two
adjacent boxes and plays rounds until the time is up: a Blackjack Wager on each box, `ready`,
then its decisions (stand where offered, else decline, keep or the first offer), reading its
view to know what is awaited: from each command's answer (`?view=true`, the caller's view as
the command left it), or with `--poll` from a `GET /api/tables/{id}` after every command, as
clients did before answers carried the view.

An acknowledged action is a POST that changes the game or money and was answered 2xx (every
answer is sent after its commit: SQLite in WAL mode with `synchronous=FULL`). Its latency is
from the request sent to the answer read. The GETs that drive the script are counted apart.
The clients are threads of this process and share the machine's cores with the server.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

TOKEN = "bench-operator-token"
OPERATOR = {"Authorization": f"Bearer {TOKEN}"}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(folder: Path, workers: int = 1) -> tuple[subprocess.Popen[bytes], str]:
    tables = folder / "tables.toml"
    tables.write_text('[[table]]\ngame = "blackjack"\nname = "Bench 0"\npreset = "pa-6deck"\n')
    port = _free_port()
    command = [
        sys.executable,
        "-m",
        "tablegames",
        "serve",
        "--port",
        str(port),
        "--db",
        f"sqlite:///{folder / 'bench.db'}",
        "--tables",
        str(tables),
        "--workers",
        str(workers),
    ]
    env = {**os.environ, "TABLEGAMES_OPERATOR_TOKEN": TOKEN}
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("serve exited at start")
        try:
            if httpx.get(f"{url}/openapi.json", timeout=1).status_code == 200:
                return process, url
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("serve did not answer within 30 s")


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)  # acknowledged POSTs, seconds
    refused: int = 0
    reads: int = 0
    rounds: int = 0


class Connection:
    """One keep-alive HTTP/1.1 connection, written and read directly on its socket.

    A load generator should take as little of the machine as it can from the server it
    measures: this one writes each request in one `send` and reads each answer by its
    Content-Length (every answer of the server's JSON routes has one). The standard library's
    `http.client`, whose header parsing goes through the `email` package, took 0.25 ms of the
    clients' CPU per acknowledged action where this takes 0.14 (8 players, the machine idle)."""

    def __init__(self, host: str, port: int) -> None:
        self.socket = socket.create_connection((host, port), timeout=30)
        self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.host = f"{host}:{port}".encode()
        self.buffer = b""

    def request(
        self, method: str, path: str, data: bytes | None, headers: dict[str, str]
    ) -> tuple[int, bytes]:
        lines = [f"{method} {path} HTTP/1.1".encode(), b"Host: " + self.host]
        lines += [f"{name}: {value}".encode() for name, value in headers.items()]
        lines.append(b"Content-Length: %d" % len(data or b""))
        self.socket.sendall(b"\r\n".join(lines) + b"\r\n\r\n" + (data or b""))
        while (end := self.buffer.find(b"\r\n\r\n")) < 0:
            self._receive()
        head, self.buffer = self.buffer[:end], self.buffer[end + 4 :]
        status_line, *fields = head.split(b"\r\n")
        length = next(
            int(value)
            for name, _, value in (field.partition(b":") for field in fields)
            if name.strip().lower() == b"content-length"
        )
        while len(self.buffer) < length:
            self._receive()
        body, self.buffer = self.buffer[:length], self.buffer[length:]
        return int(status_line.split()[1]), body

    def _receive(self) -> None:
        chunk = self.socket.recv(65536)
        if not chunk:
            raise ConnectionError("the server closed the connection")
        self.buffer += chunk


class Player(threading.Thread):
    """One scripted player on its own keep-alive connection (`Connection`)."""

    def __init__(
        self, url: str, table_id: str, spots: list[int], stop_at: float, *, poll: bool = False
    ) -> None:
        super().__init__(daemon=True)
        self.poll = poll
        self.answered: dict[str, Any] | None = None  # the view the last answer carried
        address = urlsplit(url)
        self.connection = Connection(address.hostname or "127.0.0.1", address.port or 80)
        self.table_id, self.spots, self.stop_at = table_id, spots, stop_at
        self.tally = Tally()
        self.error: BaseException | None = None
        self.auth: dict[str, str] = {}
        status, made = self.request("POST", "/api/players", {"name": "bench"})
        self.player_id = made["player_id"]
        self.auth = {"Authorization": f"Bearer {made['token']}"}
        status, _ = self.request(
            "POST",
            f"/api/operator/players/{self.player_id}/deposit",
            {"amount": 10**10},
            headers=OPERATOR,
        )
        if status != 200:
            raise RuntimeError(f"deposit answered {status}")
        self.post(f"/api/tables/{table_id}/seats", {"spots": spots})

    def request(
        self,
        method: str,
        path: str,
        body: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, Any]:
        sent = {**(headers or self.auth)}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        status, answer = self.connection.request(method, path, data, sent)
        return status, json.loads(answer)

    def post(self, path: str, body: dict[str, Any]) -> bool:
        self.answered = None
        start = time.perf_counter()
        status, found = self.request("POST", path, body)
        elapsed = time.perf_counter() - start
        if status < 300:
            self.tally.latencies.append(elapsed)
            self.answered = found.get("view")
            return True
        if status >= 500:
            raise RuntimeError(f"{status} {found}")
        self.tally.refused += 1
        return False

    def view(self) -> dict[str, Any]:
        if self.answered is not None and not self.poll:
            found, self.answered = self.answered, None
            return found
        self.tally.reads += 1
        _, found = self.request("GET", f"/api/tables/{self.table_id}")
        return dict(found)

    def run(self) -> None:
        try:
            self._play()
        except BaseException as problem:  # reported by the main thread
            self.error = problem

    def _play(self) -> None:
        commands = f"/api/tables/{self.table_id}/commands" + ("" if self.poll else "?view=true")
        view = self.view()
        while time.perf_counter() < self.stop_at:
            if view["phase"] == "betting":
                mine = {bet["spot"] for bet in view["bets"] if bet.get("player") == self.player_id}
                for spot in self.spots:
                    if spot not in mine:
                        offer = next(o for o in view["offers"][str(spot)] if o["action"] == "bet")
                        order = {"spot": spot, "action": "bet", "amount": offer["low"]}
                        self.post(commands, {**order, "args": {"wager": "blackjack"}})
                self.post(commands, {"spot": self.spots[0], "action": "ready"})
                self.tally.rounds += 1
            elif view["phase"] == "playing":
                turn = next(
                    (t for t in view["awaiting"] if t.get("player") == self.player_id), None
                )
                if turn is None:
                    self.answered = None  # a table-mate decides: read the table again
                    time.sleep(0.001)
                else:
                    offers = view["offers"][str(turn["spot"])]
                    choice = next(
                        (o for o in offers if o["action"] in ("stand", "decline", "keep")),
                        offers[0],
                    )
                    order = {"spot": turn["spot"], "action": choice["action"]}
                    self.post(commands, {**order, "hand": choice["hand"]})
            else:
                self.answered = None
                time.sleep(0.001)
            view = self.view()


def server_cpu_seconds(pid: int) -> float:
    """CPU time (user and system) used so far by process `pid` and every process under it (the
    server's workers), from /proc; 0 where /proc is not there."""
    tick = os.sysconf("SC_CLK_TCK")
    total, pending = 0.0, [pid]
    while pending:
        current = pending.pop()
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime (man 5 proc)
            for task in Path(f"/proc/{current}/task").iterdir():
                pending += [int(child) for child in (task / "children").read_text().split()]
        except (OSError, IndexError, ValueError):
            continue  # gone meanwhile
    return total


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--per-table", type=int, default=1, help="players at each table")
    parser.add_argument("--workers", type=int, default=1, help="server processes (serve --workers)")
    parser.add_argument(
        "--poll", action="store_true", help="read the view with a GET after every command"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tablegames-bench-") as folder:
        process, url = start_server(Path(folder), args.workers)
        try:
            with httpx.Client(base_url=url, timeout=30) as operator:
                table_ids = [operator.get("/api/tables", headers=OPERATOR).json()[0]["table_id"]]
                while len(table_ids) * args.per_table < args.players:
                    made = operator.post(
                        "/api/operator/tables",
                        json={
                            "game": "blackjack",
                            "name": f"Bench {len(table_ids)}",
                            "preset": "pa-6deck",
                        },
                        headers=OPERATOR,
                    )
                    made.raise_for_status()
                    table_ids.append(made.json()["table_id"])
            stop_at = time.perf_counter() + 3600.0
            players = []
            for index in range(args.players):
                seat = 2 * (index % args.per_table) + 1
                players.append(
                    Player(
                        url,
                        table_ids[index // args.per_table],
                        [seat, seat + 1],
                        stop_at,
                        poll=args.poll,
                    )
                )
            cpu_before = server_cpu_seconds(process.pid)
            start = time.perf_counter()
            for player in players:
                player.stop_at = start + args.seconds
                player.start()
            for player in players:
                player.join()
            elapsed = time.perf_counter() - start
            server_cpu = server_cpu_seconds(process.pid) - cpu_before
        finally:
            process.terminate()
            process.wait(timeout=30)
    for player in players:
        if player.error is not None:
            raise player.error
    latencies = [value for player in players for value in player.tally.latencies]
    refused = sum(player.tally.refused for player in players)
    reads = sum(player.tally.reads for player in players)
    rounds = sum(player.tally.rounds for player in players)
    rate = len(latencies) / elapsed
    p50, p99 = _percentile(latencies, 0.50) * 1000, _percentile(latencies, 0.99) * 1000
    reading = "a GET after every command" if args.poll else "views from the answers"
    print(f"command: {' '.join([Path(sys.executable).name, *sys.argv])}")
    print(
        f"{args.players} players, {len(table_ids)} tables, {elapsed:.1f} s: "
        f"{len(latencies)} acknowledged actions ({refused} refused), {rounds} rounds, "
        f"{reads} view reads; mean {statistics.fmean(latencies) * 1000:.1f} ms"
    )
    print(
        f"server CPU: {server_cpu:.1f} s over the run, {server_cpu / len(latencies) * 1000:.2f} "
        "ms per acknowledged action (every server process, /proc)"
    )
    print(
        f"result: {rate:,.0f} acknowledged actions/s, p50 {p50:.1f} ms, p99 {p99:.1f} ms "
        f"({args.players} players, {args.workers} server worker(s), {reading}, SQLite WAL+FULL, "
        f"server and clients on {os.cpu_count()} cores)"
    )


if __name__ == "__main__":
    main()
