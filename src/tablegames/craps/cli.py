"""The craps commands as plain functions; `tablegames.cli` registers them with typer.

- `roll_command(path)`: `tablegames roll SCENARIO.json` (docs/craps.md); prints JSON, returns 0;
  bad input raises a TableGamesError (the app prints it with its paragraph, exit 2).
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
    """Play a craps scenario file (bare, or a conformance file's `scenario`); print its JSON.

    Returns 0. Bad input raises a TableGamesError, which the app prints as one `error:` line
    with exit 2, as for every other command.
    """
    from tablegames.conform import CRAPS, unwrap_scenario
    from tablegames.inputs import read_json

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
    """A terminal craps session with the Power Odds selection shown before each roll.

    Bad house rules raise the loader's RulesError (or InputError) before anything is shown:
    the CLI prints it as one error line and exits 2.
    """
    rules = load_craps_rules(rules_path)
    play_session(rules, console=console or Console(), input_fn=input_fn, random=random)
