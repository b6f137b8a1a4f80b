"""A genuine bug's traceback never shows the round or the shoe (no local variables printed).

A crash is forced inside `tablegames round` after the shoe is stacked and the round dealt; the
real console entry point runs in a fresh interpreter, so the traceback printed is whatever typer
and rich print by default plus this project's settings. The shoe's order must not appear in it:
a traceback with locals would show `shoe_cards`, `scenario` and the `Round` itself.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

# Cards no other text in a traceback could contain in this order.
SHOE = ["9S", "5H", "AD", "7C", "KH", "TS"]
CRASH = """
import sys
import tablegames.blackjack.scenario as scenario

def crash(game):
    raise RuntimeError("forced crash")

scenario.round_result = crash
from tablegames.cli import app
sys.argv = ["tablegames", "round", sys.argv[1]]
app()
"""


def test_a_crash_prints_no_local_variables(tmp_path: Path) -> None:
    path = tmp_path / "scenario.json"
    path.write_text(
        json.dumps(
            {
                "shoe": SHOE,
                "boxes": [{"box": 1, "wager": 2500}],
                "decisions": [{"box": 1, "action": "stand"}],
            }
        )
    )
    result = subprocess.run(
        [sys.executable, "-c", CRASH, str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={"COLUMNS": "200", "PATH": "/usr/bin:/bin", "TERM": "xterm"},
    )
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert "forced crash" in output  # the crash itself is reported
    for card in SHOE:
        assert f"'{card}'" not in output, output
    assert "Card(" not in output
    assert "locals" not in output.lower()
