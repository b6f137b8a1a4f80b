"""`tablegames edge`, `strategy` and `report`: the exact math of a Rules Submission."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from tablegames.cli.app import PresetOption, RulesOption, SetOption, app, house_rules
from tablegames.errors import TableGamesError
from tablegames.inputs import output_file, output_folder


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
    house = house_rules(preset, rules, extra)
    if wager == "blackjack":
        from tablegames.analysis.exact.blackjack_report import edge_blackjack

        if strategy not in ("cdz", "basic"):
            raise TableGamesError(f"strategy {strategy!r}: choose cdz or basic")
        report = edge_blackjack(house, strategy=strategy, hands=hands)  # type: ignore[arg-type]
    else:
        from tablegames.analysis.exact.side_wagers import edge_report

        report = edge_report(wager, decks=house.decks, paytable=paytable, rules=house)
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

    house = house_rules(preset, rules, overrides)
    # The folder and both files are checked before the analysis, not after it.
    output_folder(out, "--out")
    for name in ("strategy.csv", "strategy.png"):
        output_file(out / name, "--out file")
    chart = strategy_chart(house)
    out.mkdir(parents=True, exist_ok=True)
    text = chart_csv(chart)
    (out / "strategy.csv").write_text(text, encoding="utf-8")
    chart_png(chart, house, str(out / "strategy.png"))
    sys.stdout.write(text)
    sys.stderr.write(f"wrote {out / 'strategy.csv'} and {out / 'strategy.png'}\n")


@app.command("report")
def report_command(
    rules: Annotated[Path, typer.Argument(help="Rules Submission TOML.")],
    out: Annotated[Path, typer.Option("--out", help="The HTML page to write.")] = Path(
        "report.html"
    ),
) -> None:
    """One self-contained HTML page for a regulator: rules, edges, effects, strategy chart."""
    from tablegames.analysis.report import write_report

    output_file(out, "--out")
    write_report(rules, out)
    sys.stderr.write(f"wrote {out}\n")
