"""The `tablegames` command: play, round, rules check; edge, strategy and serve come later."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from tablegames.errors import TableGamesError
from tablegames.rules import findings_for_mapping, read_rules_file

app = typer.Typer(
    help="Pennsylvania table games: Blackjack (58 Pa. Code 633a) and craps Power Odds (623b.5).",
    no_args_is_help=True,
    add_completion=False,
)
rules_app = typer.Typer(help="Check and show house rules (the Rules Submission, 601a.2).")
app.add_typer(rules_app, name="rules")
err = Console(stderr=True)


@app.command("round")
def round_command(
    scenario: Annotated[Path, typer.Argument(help="Scenario JSON file (docs/scenarios.md).")],
) -> None:
    """Play one round from a stacked shoe and scripted decisions; print the result as JSON."""
    from tablegames.scenario import run_scenario

    try:
        data = json.loads(scenario.read_text(encoding="utf-8"))
        result = run_scenario(data)
    except (OSError, json.JSONDecodeError) as error:
        err.print(f"error: cannot read scenario {str(scenario)!r}: {error}")
        raise typer.Exit(2) from error
    except TableGamesError as error:
        err.print(f"error: {error}", markup=False)
        raise typer.Exit(2) from error
    sys.stdout.write(json.dumps(result, indent=2) + "\n")


@rules_app.command("check")
def rules_check(
    path: Annotated[Path, typer.Argument(help="Rules Submission as TOML.")],
) -> None:
    """Exit 0 when the rules are valid Pennsylvania rules; else list every violation, exit 1."""
    try:
        data = read_rules_file(path)
    except TableGamesError as error:
        err.print(f"error: {error}", markup=False)
        raise typer.Exit(1) from error
    rules, found = findings_for_mapping(data)
    if rules is not None:
        found += rules.non_pa()
    if found:
        for finding in found:
            typer.echo(f"violation: {finding}")
        raise typer.Exit(1)
    typer.echo(f"{path}: valid")


@rules_app.command("show")
def rules_show(
    preset: Annotated[str | None, typer.Option(help="House rules preset.")] = None,
    rules: Annotated[Path | None, typer.Option(help="Rules Submission TOML file.")] = None,
    overrides: Annotated[
        list[str] | None, typer.Option("--set", help="Override a rule: NAME=VALUE.")
    ] = None,
) -> None:
    """Show every house rule in force with its paragraph; non-PA options are marked."""
    from rich.table import Table

    from tablegames.rules import Rules, load_rules

    try:
        house = load_rules(
            preset=preset or (None if rules else "pa-6deck"), path=rules, overrides=overrides or ()
        )
    except TableGamesError as error:
        err.print(f"error: {error}", markup=False)
        raise typer.Exit(2) from error
    flagged = {finding.field: finding for finding in house.non_pa()}
    table = Table(title="House rules (Rules Submission, 601a.2)")
    for column in ("rule", "value", "", "meaning"):
        table.add_column(column)
    for name, info in Rules.model_fields.items():
        mark = f"non-PA {flagged[name].paragraph}" if name in flagged else ""
        table.add_row(name, str(getattr(house, name)), mark, info.description or "")
    Console().print(table)


@app.command("play")
def play_command(
    preset: Annotated[str | None, typer.Option(help="House rules preset.")] = None,
    rules: Annotated[Path | None, typer.Option(help="Rules Submission TOML file.")] = None,
    boxes: Annotated[int, typer.Option(min=1, max=7, help="Boxes you play.")] = 1,
) -> None:
    """Play Blackjack round by round at the terminal."""
    from tablegames.play import play_terminal
    from tablegames.rules import load_rules

    try:
        house = load_rules(preset=preset or (None if rules else "pa-6deck"), path=rules)
    except TableGamesError as error:
        err.print(f"error: {error}", markup=False)
        raise typer.Exit(2) from error
    play_terminal(house, boxes=boxes)


def main() -> None:  # pragma: no cover - console entry
    app()
