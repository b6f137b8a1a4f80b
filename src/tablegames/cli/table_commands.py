"""`tablegames round`, `roll` and `play`: a round from a scenario, or a session at the terminal."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from tablegames.cli.app import app, fail, house_rules


@app.command("round")
def round_command(
    scenario: Annotated[
        Path, typer.Argument(help="Scenario JSON file (docs/scenarios.md), or a conformance file.")
    ],
) -> None:
    """Play one round from a stacked shoe and scripted decisions; print the result as JSON."""
    from tablegames.blackjack.scenario import run_scenario
    from tablegames.conform import BLACKJACK, unwrap_scenario
    from tablegames.core.inputs import read_json

    # A conformance file plays its `scenario`; its expectations are for `tablegames conform`.
    data = unwrap_scenario(
        read_json(scenario, "scenario"), BLACKJACK, f"scenario {str(scenario)!r}"
    )
    result = run_scenario(data)
    sys.stdout.write(json.dumps(result, indent=2) + "\n")


@app.command("roll")
def roll_command(
    scenario: Annotated[Path, typer.Argument(help="Craps scenario JSON file (docs/craps.md).")],
) -> None:
    """Settle one craps roll (Power Odds, 623b.5) from fixed dice and selection; print JSON."""
    from tablegames.cli.craps_commands import roll_command as run_roll

    raise typer.Exit(run_roll(scenario))


@app.command("play")
def play_command(
    game: Annotated[str, typer.Argument(help="blackjack (default) or craps.")] = "blackjack",
    preset: Annotated[str | None, typer.Option(help="House rules preset.")] = None,
    rules: Annotated[Path | None, typer.Option(help="Rules Submission TOML file.")] = None,
    boxes: Annotated[int, typer.Option(min=1, max=7, help="Boxes you play.")] = 1,
) -> None:
    """Play Blackjack (or craps with Power Odds) round by round at the terminal.

    Bad house rules or too many boxes (633a.6(f)) raise before the table opens: one error line
    and exit 2. Leaving (q, the end of the input, Ctrl-C) is not an error: exit 0.
    """
    if game == "craps":
        from tablegames.cli.craps_commands import play_craps

        # Options that mean nothing at the craps table are refused, never ignored.
        if preset is not None:
            fail("--preset names Blackjack house rules; give craps its rules with --rules FILE")
        if boxes != 1:
            fail("--boxes is for Blackjack; the craps table takes one player's wagers")
        play_craps(rules)
        return
    if game != "blackjack":
        fail(f"no game {game!r}: play blackjack or craps")
    from tablegames.ui.play import play_terminal

    play_terminal(house_rules(preset, rules), boxes=boxes)
