"""The load benchmark (`benchmarks/bench_server.py`) still runs: a second of two scripted
players against a real `tablegames serve`, every action acknowledged and none refused. Its
figures are the README's; this checks only that the script works from a fresh clone."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_server.py"


def test_bench_server_runs_and_counts_acknowledged_actions() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--seconds", "1", "--players", "2"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    counted = re.search(r"(\d+) acknowledged actions \((\d+) refused\), (\d+) rounds", done.stdout)
    assert counted is not None, done.stdout
    actions, refused, rounds = (int(value) for value in counted.groups())
    assert actions > 0
    assert rounds > 0
    assert refused == 0
    assert re.search(r"result: [\d,]+ acknowledged actions/s, p50 [\d.]+ ms", done.stdout)
