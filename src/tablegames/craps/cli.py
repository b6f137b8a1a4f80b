"""The craps commands as plain functions; `tablegames.cli` registers them with typer.

- `roll_command(path)`: `tablegames roll SCENARIO.json` (docs/craps.md); prints JSON, returns 0,
  or 2 with the error and its paragraph on stderr.
- `edge_craps(rules_path, as_json)`: `tablegames edge craps [--rules FILE] [--json]`.
- `play_craps(rules_path, ...)`: `tablegames play craps [--rules FILE]`.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.table import Table as RichTable

from tablegames.craps.edge import edge_report
from tablegames.craps.play import play_session
from tablegames.craps.rules import load_craps_rules
from tablegames.craps.scenario import run_roll_scenario
from tablegames.errors import TableGamesError
from tablegames.rng import RandomSource


def _error(message: str) -> None:
    Console(stderr=True).print(f"error: {message}", markup=False, soft_wrap=True)


def roll_command(path: Path) -> int:
    """Play a craps scenario file; print its settlement JSON. Exit code 0, or 2 on bad input."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        result = run_roll_scenario(data)
    except (OSError, json.JSONDecodeError) as error:
        _error(f"cannot read scenario {str(path)!r}: {error}")
        return 2
    except TableGamesError as error:
        _error(str(error))
        return 2
    sys.stdout.write(json.dumps(result, indent=2) + "\n")
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
    state = "on" if report["power_odds"] else "off"
    table = RichTable(title=f"Craps Power Odds (623b.5), Power Odds {state}: house edge")
    for column in ("Wager", "Pays", "Power Odds", "Edge", "Edge without", "Break-even L1 / L2"):
        table.add_column(column, justify="left" if column in ("Wager", "Pays") else "right")
    for row in report["wagers"]:
        even = row["breakeven_selection_probability"]
        # The C&E has a line of text per line; its lines' own rows follow it.
        lines = list((row["lines"] or {row["wager"]: row}).values())
        label = row["label"]
        if row["per"] == "decision":
            label += " (per decision)"
        if row["line_of"] is not None:
            label = f"  {label}: its Power Odds only"
        table.add_row(
            label,
            "\n".join(line["base_odds"] for line in lines),
            "\n".join(" / ".join(line["power_odds"]) for line in lines),
            f"{row['house_edge']:.4%}",
            f"{row['house_edge_without_power_odds']:.4%}",
            " / ".join("never" if even[key] is None else f"{even[key]:.4f}" for key in even),
        )
    Console(width=140).print(table)
    return 0


def play_craps(
    rules_path: Path | None,
    *,
    input_fn: Callable[[str], str] = input,
    console: Console | None = None,
    random: RandomSource | None = None,
) -> None:
    """A terminal craps session with the Power Odds selection shown before each roll."""
    console = console or Console()
    try:
        rules = load_craps_rules(rules_path)
    except TableGamesError as error:
        console.print(f"error: {error}", markup=False)
        return
    play_session(rules, console=console, input_fn=input_fn, random=random)
