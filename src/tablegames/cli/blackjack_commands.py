"""Blackjack's commands (633a): `round`, `rules check|show`, `strategy`, `report`, `simulate`
(simulate_commands.py), and what `play` and `edge` ask of the game (the contract:
`tablegames.cli.games_commands`).

Imported at every start-up: everything beyond typer is imported inside the commands.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tablegames.cli import simulate_commands as simulate_commands  # registers `simulate`
from tablegames.cli.app import (
    EXIT_FINDINGS,
    GuardedGroup,
    PresetOption,
    RulesOption,
    SetOption,
    app,
)
from tablegames.cli.games_commands import EdgeMenu, EdgeRequest, refuse_options
from tablegames.core.errors import TableGamesError
from tablegames.core.inputs import output_file, output_folder

if TYPE_CHECKING:
    from tablegames.blackjack.rules import Rules

ABOUT = "Blackjack (58 Pa. Code 633a)"
PLAY = "Blackjack"
EDGE = EdgeMenu(
    games=("blackjack",),
    more="a side wager",
    examples="lucky_ladies, royal_match_21, ...",
    # One line per paragraph: the help wraps it to the terminal.
    help=(
        "Blackjack: --paytable is for side wagers with a paytable choice, --strategy and --hands "
        "for blackjack. A paytable used against a deck count the regulation does not print it "
        "for (633a.13(f): Royal Match 21 A-B one deck, C-E several) is analysed as a what-if "
        "and flagged non-PA with its paragraph. --csv of a side wager: outcome,line,probability,"
        'pays,contribution, one row per winning outcome and a last row "loses"; contribution '
        "is the row's share of the house edge (the column sums to house_edge). --csv of "
        "blackjack: one long-format table section,hand,up,item,value,best with sections "
        "summary, non_pa, by_up_card (the player's expected value), dealer (item 17-21, bust, "
        "blackjack) and, with --hands, hand (every option of every two-card hand by up card, "
        "given no dealer Blackjack; best is 1 on the best option)."
    ),
)

rules_app = typer.Typer(
    cls=GuardedGroup,
    help="Check and show house rules (the Rules Submission, 601a.2).",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
)
app.add_typer(rules_app, name="rules")


def house_rules(
    preset: str | None, rules: Path | None, overrides: Sequence[str] | None = None
) -> Rules:
    """The Blackjack house rules a command was given (pa-6deck when it was given none)."""
    from tablegames.blackjack.rules import load_rules

    return load_rules(
        preset=preset or (None if rules else "pa-6deck"), path=rules, overrides=overrides or ()
    )


# --- `tablegames play` and `tablegames edge` --------------------------------------------------


def play(preset: str | None, rules: Path | None, boxes: int) -> None:
    """`tablegames play [blackjack]`: bad house rules or too many boxes (633a.6(f)) raise
    before the table opens."""
    from tablegames.ui.play import play_terminal

    play_terminal(house_rules(preset, rules), boxes=boxes)


def edge_more() -> Sequence[str]:
    """The side wagers `tablegames edge` answers."""
    from tablegames.blackjack.analysis.side_outcomes import WAGERS

    return tuple(WAGERS)


def edge(wager: str, request: EdgeRequest) -> int:
    """`tablegames edge blackjack` or `tablegames edge SIDE_WAGER`."""
    from tablegames.reports.edge_output import write_edge

    used = request.used()
    if wager == "blackjack":
        refuse_options(
            wager,
            [name for name in used if name == "--paytable"],
            "paytables are the side wagers'; what a Blackjack pays is the house rule "
            "blackjack_pays (--set blackjack_pays=6:5, 633a.13(a))",
        )
        extra = [
            *request.overrides,
            *([f"decks={request.decks}"] if request.decks is not None else []),
        ]
        report = _edge_blackjack(
            house_rules(request.preset, request.rules, extra),
            request.strategy or "cdz",
            request.hands,
        )
    else:
        # A side wager with one paytable refuses --paytable in its own analysis, which knows
        # the paytables (side_outcomes.no_paytable_choice), before any enumeration.
        refuse_options(
            wager,
            [name for name in used if name in ("--strategy", "--hands")],
            "the main game's play is analysed by edge blackjack",
        )
        from tablegames.blackjack.analysis.side_wagers import edge_report

        # --decks is a what-if for the analysis, not a change to the filed rules: the house's
        # own side wager entries (filed for its own deck count) stay as they are, and a paytable
        # that does not fit the decks is flagged in the report rather than refused here.
        house = house_rules(request.preset, request.rules, request.overrides)
        chosen = house.decks if request.decks is None else request.decks
        report = edge_report(wager, decks=chosen, paytable=request.paytable, rules=house)
    write_edge(report, as_json=request.as_json, as_csv=request.as_csv)
    return 0


def _edge_blackjack(house: Rules, strategy: str, hands: bool) -> dict[str, Any]:
    from tablegames.blackjack.analysis.game import Strategy
    from tablegames.blackjack.variation import variation_of
    from tablegames.reports.blackjack_text import edge_blackjack

    if strategy not in ("cdz", "basic"):
        raise TableGamesError(f"strategy {strategy!r}: choose cdz or basic")
    play: Strategy = "basic" if strategy == "basic" else "cdz"
    if not variation_of(house).analysed_as_main_game and (hands or play != "cdz"):
        # The variations' analysis is CDZ- over whole rounds (switch_games): it has neither
        # a basic strategy chart nor per-hand values to give.
        option = "--hands" if hands else "--strategy basic"
        raise TableGamesError(
            f"{option} does not apply to the {house.variant} variation: its analysis gives "
            "the round's edge for CDZ- play only"
        )
    report = edge_blackjack(house, strategy=play, hands=hands)
    report.setdefault(
        "non_pa_findings",
        [
            {"field": item.field, "message": item.message, "paragraph": item.paragraph}
            for item in house.non_pa()
        ],
    )
    return report


# --- Blackjack's own commands -----------------------------------------------------------------


@app.command("round")
def round_command(
    scenario: Annotated[
        Path, typer.Argument(help="Scenario JSON file (docs/scenarios.md), or a conformance file.")
    ],
) -> None:
    """Play one round from a stacked shoe and scripted decisions; print the result as JSON."""
    from tablegames.blackjack.scenario import run_scenario
    from tablegames.conform import BLACKJACK, PLAY_COMMAND, detect_game, unwrap_scenario
    from tablegames.core.inputs import read_json
    from tablegames.games import entry

    # A conformance file plays its `scenario`; its expectations are for `tablegames conform`.
    data = unwrap_scenario(
        read_json(scenario, "scenario"), BLACKJACK, f"scenario {str(scenario)!r}"
    )
    # Another game whose scenarios `round` plays (docs/paigow.md: `"game": "pai_gow"`) runs
    # its own scenario runner, found in the registry; everything else is Blackjack's.
    game = detect_game(data)
    if game is not None and PLAY_COMMAND[game] == PLAY_COMMAND[BLACKJACK]:
        result = entry(game).scenario_runner()(data)
    else:
        result = run_scenario(data)
    sys.stdout.write(json.dumps(result, indent=2) + "\n")


@rules_app.command("check")
def rules_check(
    path: Annotated[Path, typer.Argument(help="Rules Submission as TOML.")],
) -> None:
    """Exit 0 when the rules are valid Pennsylvania rules; else list every violation, exit 1.

    A `warning:` line names each wager or option that gives the player the edge, with its
    house edge and how it was derived (a fast rule list, `tablegames.blackjack.rules.advantage`; the
    exact figures are in `tablegames report`). Warnings do not change the exit code.
    A file that cannot be read at all is bad input (exit 2), not a finding.
    """
    from tablegames.blackjack.rules import findings_for_mapping, read_rules_file
    from tablegames.blackjack.rules.advantage import EdgeWarning, player_edge_warnings

    data = read_rules_file(path)
    if isinstance(data, dict) and data.get("game") == "pai_gow":
        # A Pai Gow Poker Rules Submission (docs/paigow.md): its own findings and warnings.
        from tablegames.paigow.rules import findings_for_mapping as pai_gow_findings
        from tablegames.paigow.rules import placeholder_warnings

        pai_gow, pai_gow_found = pai_gow_findings(data)
        for finding in pai_gow_found:
            typer.echo(f"violation: {finding}")
        for text in placeholder_warnings(pai_gow) if pai_gow is not None else []:
            typer.echo(f"warning: {text}")
        if pai_gow_found:
            raise typer.Exit(EXIT_FINDINGS)
        typer.echo(f"{path}: valid")
        return
    rules, found = findings_for_mapping(data)
    warnings: list[EdgeWarning] = []
    if rules is not None:
        found += rules.non_pa()
        warnings = player_edge_warnings(rules)
    for finding in found:
        typer.echo(f"violation: {finding}")
    for warning in warnings:
        typer.echo(f"warning: {warning}")
    if found:
        raise typer.Exit(EXIT_FINDINGS)
    typer.echo(f"{path}: valid")


@rules_app.command("show")
def rules_show(
    preset: PresetOption = None,
    rules: RulesOption = None,
    overrides: SetOption = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help=(
                "Print the rules as the JSON mapping a filing uses: field names and cents "
                "exact, side wagers not offered left out; it loads back to the same rules."
            ),
        ),
    ] = False,
) -> None:
    """Show every house rule in force with its paragraph; non-PA options are marked.

    Amounts are shown in dollars (the file holds cents), shares in percent, each rule by a
    readable label beside the field name it is filed under; one row per side wager offered.
    """
    from tablegames.blackjack.rules.labels import filing_mapping
    from tablegames.reports.rules_table import print_rules_table

    house = house_rules(preset, rules, overrides)
    if as_json:
        sys.stdout.write(json.dumps(filing_mapping(house), indent=2) + "\n")
        return
    print_rules_table(house)


@app.command("strategy")
def strategy_command(
    preset: PresetOption = None,
    rules: RulesOption = None,
    overrides: SetOption = None,
    out: Annotated[
        Path | None,
        typer.Option(help="Folder for strategy.csv and strategy.png (default: this folder)."),
    ] = None,
    as_csv: Annotated[
        bool, typer.Option("--csv", help="Print the chart's CSV only; write no file.")
    ] = False,
) -> None:
    """The total-dependent basic strategy chart as CSV and as a PNG heat-map.

    The CSV (format: tablegames.blackjack.strategy_chart) reads back into the same chart.
    """
    from tablegames.reports.blackjack_text import chart_csv, chart_png, strategy_chart

    if as_csv and out is not None:
        raise TableGamesError("--csv prints the chart and writes no file; leave out --out")
    house = house_rules(preset, rules, overrides)
    if as_csv:
        sys.stdout.write(chart_csv(strategy_chart(house)))
        return
    folder = Path(".") if out is None else out
    # The folder and both files are checked before the analysis, not after it.
    output_folder(folder, "--out")
    for name in ("strategy.csv", "strategy.png"):
        output_file(folder / name, "--out file")
    chart = strategy_chart(house)
    folder.mkdir(parents=True, exist_ok=True)
    text = chart_csv(chart)
    (folder / "strategy.csv").write_text(text, encoding="utf-8")
    chart_png(chart, house, str(folder / "strategy.png"))
    sys.stdout.write(text)
    sys.stderr.write(f"wrote {folder / 'strategy.csv'} and {folder / 'strategy.png'}\n")


@app.command("report")
def report_command(
    rules: Annotated[Path, typer.Argument(help="Rules Submission TOML.")],
    out: Annotated[Path, typer.Option("--out", help="The HTML page to write.")] = Path(
        "report.html"
    ),
) -> None:
    """One self-contained HTML page for a regulator: rules, edges, effects, strategy chart."""
    from tablegames.reports.report import write_report

    output_file(out, "--out")
    write_report(rules, out)
    sys.stderr.write(f"wrote {out}\n")
