"""The `tablegames` command: play, round, rules check; edge, strategy and serve come later."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from tablegames.errors import TableGamesError
from tablegames.rules import Rules, findings_for_mapping, read_rules_file

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


def _house(preset: str | None, rules: Path | None, overrides: list[str] | None) -> Rules:
    from tablegames.rules import load_rules

    try:
        return load_rules(
            preset=preset or (None if rules else "pa-6deck"), path=rules, overrides=overrides or ()
        )
    except TableGamesError as error:
        err.print(f"error: {error}", markup=False)
        raise typer.Exit(2) from error


PresetOption = Annotated[str | None, typer.Option(help="House rules preset (default pa-6deck).")]
RulesOption = Annotated[Path | None, typer.Option(help="Rules Submission TOML file.")]
SetOption = Annotated[
    list[str] | None, typer.Option("--set", help="Override a house rule: NAME=VALUE.")
]


@app.command("edge")
def edge_command(
    wager: Annotated[str, typer.Argument(help="blackjack, or a side wager such as lucky_ladies.")],
    preset: PresetOption = None,
    rules: RulesOption = None,
    overrides: SetOption = None,
    decks: Annotated[int | None, typer.Option(help="Decks (overrides the rules).")] = None,
    paytable: Annotated[str | None, typer.Option(help="Side wager paytable.")] = None,
    strategy: Annotated[str, typer.Option(help="cdz (default) or basic.")] = "cdz",
    hands: Annotated[bool, typer.Option(help="Per-hand values for every two-card hand.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Exact house edge, standard deviation and line probabilities of a wager."""
    if wager == "craps":
        # 623b.5: the craps house rules are their own file (tablegames.craps.rules).
        from tablegames.craps.cli import edge_craps

        raise typer.Exit(edge_craps(rules, as_json))
    extra = [*(overrides or []), *([f"decks={decks}"] if decks is not None else [])]
    house = _house(preset, rules, extra)
    try:
        if wager == "blackjack":
            from tablegames.analysis.exact.blackjack_report import edge_blackjack

            if strategy not in ("cdz", "basic"):
                raise TableGamesError(f"strategy {strategy!r}: choose cdz or basic")
            report = edge_blackjack(house, strategy=strategy, hands=hands)  # type: ignore[arg-type]
        else:
            from tablegames.analysis.exact.side_wagers import edge_report

            report = edge_report(wager, decks=house.decks, paytable=paytable, rules=house)
    except TableGamesError as error:
        err.print(f"error: {error}", markup=False)
        raise typer.Exit(2) from error
    if as_json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
        return
    _print_edge(report)


def _print_edge(report: dict[str, Any]) -> None:
    out = Console()
    edge = float(report["house_edge"])
    out.print(
        f"[bold]{report['wager']}[/bold], {report['decks']} decks: house edge "
        f"{edge * 100:.6f}%"
        + (f", standard deviation {report['std_dev']:.4f}" if report.get("std_dev") else "")
    )
    for key in ("switch_option_value", "switch_probability", "house_edge_basis"):
        if key in report:
            out.print(f"  {key.replace('_', ' ')}: {report[key]}")
    for finding in report.get("non_pa", []):
        out.print(f"[red]non-PA[/red] {finding}")
    lines = report.get("lines")
    if isinstance(lines, list):
        for line in lines:
            out.print(f"  {line['outcome']:<40} {line['probability']:.8f}  pays {line['pays']}")


@app.command("strategy")
def strategy_command(
    preset: PresetOption = None,
    rules: RulesOption = None,
    overrides: SetOption = None,
    out: Annotated[Path, typer.Option(help="Folder for strategy.csv and strategy.png.")] = Path(
        "."
    ),
) -> None:
    """The total-dependent basic strategy chart as CSV and as a PNG heat-map."""
    from tablegames.analysis.exact.blackjack_report import chart_csv, chart_png, strategy_chart

    house = _house(preset, rules, overrides)
    try:
        chart = strategy_chart(house)
    except TableGamesError as error:
        err.print(f"error: {error}", markup=False)
        raise typer.Exit(2) from error
    out.mkdir(parents=True, exist_ok=True)
    text = chart_csv(chart)
    (out / "strategy.csv").write_text(text, encoding="utf-8")
    chart_png(chart, house, str(out / "strategy.png"))
    sys.stdout.write(text)
    err.print(f"wrote {out / 'strategy.csv'} and {out / 'strategy.png'}")


@app.command("report")
def report_command(
    rules: Annotated[Path, typer.Argument(help="Rules Submission TOML.")],
    out: Annotated[Path, typer.Option("--out", help="The HTML page to write.")] = Path(
        "report.html"
    ),
) -> None:
    """One self-contained HTML page for a regulator: rules, edges, effects, strategy chart."""
    from tablegames.analysis.report import write_report

    try:
        write_report(rules, out)
    except TableGamesError as error:
        err.print(f"error: {error}", markup=False)
        raise typer.Exit(2) from error
    err.print(f"wrote {out}")


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
        err.print(f"error: no game {game!r}: play blackjack or craps")
        raise typer.Exit(2)
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
