"""Craps with Power Odds (623b.5): the `roll` command and what `play` and `edge` ask of the game
(the contract: `tablegames.cli.games_commands`).

Imported at every start-up: the game is imported inside the functions. The commands are plain
functions too, imported as `tablegames.craps.cli` (kept for compatibility: docs/craps.md
names it):

- `roll_command(path)`: `tablegames roll SCENARIO.json` (docs/craps.md); prints JSON, returns 0;
  bad input raises a TableGamesError (the app prints it with its paragraph, exit 2).
- `edge_craps(rules_path, as_json)`: `tablegames edge craps [--rules FILE] [--json]`.
- `play_craps(rules_path, ...)`: `tablegames play craps [--rules FILE]`.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tablegames.cli.app import app, fail
from tablegames.cli.games_commands import EdgeMenu, EdgeRequest, refuse_options
from tablegames.core.errors import TableGamesError

ABOUT = "craps Power Odds (623b.5)"
PLAY = "craps with Power Odds"
EDGE = EdgeMenu(
    games=("craps",),
    help="Craps reads only its own --rules file (623b.5); --csv: one row per wager, as the "
    "text table.",
)

if TYPE_CHECKING:
    from tablegames.ui.craps_play import play_craps
else:

    def play_craps(rules_path: Path | None, **options: Any) -> None:
        """`tablegames.ui.craps_play.play_craps`, imported when a session starts."""
        from tablegames.ui.craps_play import play_craps as play_session

        play_session(rules_path, **options)


def _error(message: str) -> None:
    sys.stderr.write(f"error: {message}\n")


def roll_command(path: Path) -> int:
    """Play a craps scenario file (bare, or a conformance file's `scenario`); print its JSON.

    Returns 0. Bad input raises a TableGamesError, which the app prints as one `error:` line
    with exit 2, as for every other command.
    """
    from tablegames.conform import CRAPS, unwrap_scenario
    from tablegames.core.inputs import read_json
    from tablegames.craps.scenario import run_roll_scenario

    data = unwrap_scenario(read_json(path, "scenario"), CRAPS, f"scenario {str(path)!r}")
    sys.stdout.write(json.dumps(run_roll_scenario(data), indent=2) + "\n")
    return 0


def edge_craps(rules_path: Path | None, as_json: bool) -> int:
    """Exact house edge of every offered Power Odds wager; 2 on bad house rules."""
    from tablegames.craps.edge import edge_report
    from tablegames.craps.rules import load_craps_rules
    from tablegames.reports.craps_edge import print_craps_edge

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


# --- `tablegames play craps` and `tablegames edge craps` --------------------------------------


def play(preset: str | None, rules: Path | None, boxes: int) -> None:
    """`tablegames play craps [--rules FILE]`."""
    # Options that mean nothing at the craps table are refused, never ignored.
    if preset is not None:
        fail("--preset names Blackjack house rules; give craps its rules with --rules FILE")
    if boxes != 1:
        fail("--boxes is for Blackjack; the craps table takes one player's wagers")
    play_craps(rules)


def edge_more() -> Sequence[str]:
    return ()


def edge(wager: str, request: EdgeRequest) -> int:
    """`tablegames edge craps [--rules FILE] [--json | --csv]`."""
    # 623b.5: craps has its own rules file (--rules) and none of the Blackjack options.
    refuse_options(wager, request.used(), "craps reads its own house rules from --rules (623b.5)")
    if request.as_csv:
        from tablegames.craps.edge import edge_report
        from tablegames.craps.rules import load_craps_rules
        from tablegames.reports.edge_output import edge_csv

        sys.stdout.write(edge_csv(edge_report(load_craps_rules(request.rules))))
        return 0
    return edge_craps(request.rules, request.as_json)


# --- craps' own commands ----------------------------------------------------------------------


@app.command("roll")
def roll(
    scenario: Annotated[Path, typer.Argument(help="Craps scenario JSON file (docs/craps.md).")],
) -> None:
    """Settle one craps roll (Power Odds, 623b.5) from fixed dice and selection; print JSON."""
    raise typer.Exit(roll_command(scenario))


__all__ = ["edge_craps", "play_craps", "roll_command"]
