"""The craps commands as plain functions; `tablegames.cli` registers them with typer.

Imported as `tablegames.craps.cli` too (kept for compatibility: docs/craps.md names it).

- `roll_command(path)`: `tablegames roll SCENARIO.json` (docs/craps.md); prints JSON, returns 0;
  bad input raises a TableGamesError (the app prints it with its paragraph, exit 2).
- `edge_craps(rules_path, as_json)`: `tablegames edge craps [--rules FILE] [--json]`.
- `play_craps(rules_path, ...)`: `tablegames play craps [--rules FILE]`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tablegames.core.errors import TableGamesError
from tablegames.craps.edge import edge_report
from tablegames.craps.rules import load_craps_rules
from tablegames.craps.scenario import run_roll_scenario
from tablegames.reports.craps_edge import print_craps_edge
from tablegames.ui.craps_play import play_craps


def _error(message: str) -> None:
    sys.stderr.write(f"error: {message}\n")


def roll_command(path: Path) -> int:
    """Play a craps scenario file (bare, or a conformance file's `scenario`); print its JSON.

    Returns 0. Bad input raises a TableGamesError, which the app prints as one `error:` line
    with exit 2, as for every other command.
    """
    from tablegames.conform import CRAPS, unwrap_scenario
    from tablegames.core.inputs import read_json

    data = unwrap_scenario(read_json(path, "scenario"), CRAPS, f"scenario {str(path)!r}")
    sys.stdout.write(json.dumps(run_roll_scenario(data), indent=2) + "\n")
    return 0


def edge_craps(rules_path: Path | None, as_json: bool) -> int:
    """Exact house edge of every offered Power Odds wager; 2 on bad house rules."""
    try:
        report = edge_report(load_craps_rules(rules_path))
    except TableGamesError as error:
        _error(str(error))
        return 2
    if as_json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
        return 0
    print_craps_edge(report)
    return 0


__all__ = ["edge_craps", "play_craps", "roll_command"]
