"""`tablegames round`, `roll` and `play`: one round from a scenario, or a session at the terminal."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from tablegames.cli.app import app, fail, house_rules


@app.command("round")
def round_command(
    scenario: Annotated[Path, typer.Argument(help="Scenario JSON file (docs/scenarios.md).")],
) -> None:
    """Play one round from a stacked shoe and scripted decisions; print the result as JSON."""
    from tablegames.inputs import read_json
    from tablegames.scenario import run_scenario

    result = run_scenario(read_json(scenario, "scenario"))
    sys.stdout.write(json.dumps(result, indent=2) + "\n")


@app.command("roll")
def roll_command(
    scenario: Annotated[Path, typer.Argument(help="Craps scenario JSON file (docs/craps.md).")],
) -> None:
    """Settle one craps roll (Power Odds, 623b.5) from fixed dice and selection; print JSON."""
    from tablegames.craps.cli import roll_command as run_roll

    raise typer.Exit(run_roll(scenario))


@app.command("play")
def play_command(
    game: Annotated[str, typer.Argument(help="blackjack (default) or craps.")] = "blackjack",
    preset: Annotated[str | None, typer.Option(help="House rules preset.")] = None,
    rules: Annotated[Path | None, typer.Option(help="Rules Submission TOML file.")] = None,
    boxes: Annotated[int, typer.Option(min=1, max=7, help="Boxes you play.")] = 1,
) -> None:
    """Play Blackjack (or craps with Power Odds) round by round at the terminal."""
    if game == "craps":
        from tablegames.craps.cli import play_craps

        play_craps(rules)
        return
    if game != "blackjack":
        fail(f"no game {game!r}: play blackjack or craps")
    from tablegames.play import play_terminal

    play_terminal(house_rules(preset, rules), boxes=boxes)
