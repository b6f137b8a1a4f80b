"""`tablegames edge`, `strategy` and `report`: the exact math of a Rules Submission."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from tablegames.blackjack.rules import Rules
from tablegames.blackjack.variation import variation_of
from tablegames.cli.app import PresetOption, RulesOption, SetOption, app, house_rules
from tablegames.core.errors import TableGamesError
from tablegames.core.inputs import output_file, output_folder
from tablegames.reports.edge_output import edge_csv, print_edge

EDGE_HELP = """Exact house edge, standard deviation and line probabilities of a wager.

WAGER is blackjack, craps or a side wager (lucky_ladies, royal_match_21, ...). Options that do
not apply to the wager are refused: --paytable is for side wagers with a paytable choice,
--strategy and --hands for blackjack, and craps reads only its own --rules file. A paytable
used against a deck count the regulation does not print it for (633a.13(f): Royal Match 21
A-B one deck, C-E several) is analysed as a what-if and flagged non-PA with its paragraph.

--csv prints the table(s) as CSV instead. A side wager: outcome,line,probability,pays,
contribution, one row per winning outcome and a last row "loses"; contribution is the row's
share of the house edge (the column sums to house_edge). Blackjack: one long-format table
section,hand,up,item,value,best with sections summary, non_pa, by_up_card (the player's
expected value), dealer (item 17-21, bust, blackjack) and, with --hands, hand (every option of
every two-card hand by up card, given no dealer Blackjack; best is 1 on the best option).
Craps: one row per wager, as the text table.
"""


@app.command("edge", help=EDGE_HELP)
def edge_command(
    wager: Annotated[
        str, typer.Argument(help="blackjack, craps, or a side wager such as lucky_ladies.")
    ],
    preset: PresetOption = None,
    rules: RulesOption = None,
    overrides: SetOption = None,
    decks: Annotated[int | None, typer.Option(help="Decks (overrides the rules).")] = None,
    paytable: Annotated[str | None, typer.Option(help="Side wager paytable.")] = None,
    strategy: Annotated[
        str | None, typer.Option(help="Blackjack only: cdz (the default) or basic.")
    ] = None,
    hands: Annotated[
        bool, typer.Option(help="Blackjack only: values of every two-card hand by up card.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print the table(s) as CSV.")] = False,
) -> None:
    from tablegames.blackjack.analysis.side_outcomes import WAGERS

    given = {
        "--preset": preset is not None,
        "--set": bool(overrides),
        "--decks": decks is not None,
        "--paytable": paytable is not None,
        "--strategy": strategy is not None,
        "--hands": hands,
    }
    _check_edge_options(wager, given, as_json=as_json, as_csv=as_csv, side_wagers=WAGERS)
    if wager == "craps":
        # 623b.5: the craps house rules are their own file (tablegames.craps.rules).
        if as_csv:
            from tablegames.craps.edge import edge_report as craps_edge
            from tablegames.craps.rules import load_craps_rules

            sys.stdout.write(edge_csv(craps_edge(load_craps_rules(rules))))
            return
        from tablegames.cli.craps_commands import edge_craps

        raise typer.Exit(edge_craps(rules, as_json))
    if wager == "blackjack":
        extra = [*(overrides or []), *([f"decks={decks}"] if decks is not None else [])]
        report = _edge_blackjack(house_rules(preset, rules, extra), strategy or "cdz", hands)
    else:
        from tablegames.blackjack.analysis.side_wagers import edge_report

        # --decks is a what-if for the analysis, not a change to the filed rules: the house's
        # own side wager entries (filed for its own deck count) stay as they are, and a paytable
        # that does not fit the decks is flagged in the report rather than refused here.
        house = house_rules(preset, rules, overrides)
        chosen = house.decks if decks is None else decks
        report = edge_report(wager, decks=chosen, paytable=paytable, rules=house)
    if as_json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
    elif as_csv:
        sys.stdout.write(edge_csv(report))
        # stdout stays pure CSV; a non-PA finding must still be seen.
        for finding in report.get("non_pa", []):
            sys.stderr.write(f"non-PA {finding}\n")
    else:
        print_edge(report)


def _check_edge_options(
    wager: str,
    given: Mapping[str, bool],
    *,
    as_json: bool,
    as_csv: bool,
    side_wagers: Sequence[str],
) -> None:
    """Refuse, before any work, an option that does not apply to `wager` (bad input, exit 2)."""
    if as_json and as_csv:
        raise TableGamesError("--csv and --json: choose one output format")
    if wager not in ("blackjack", "craps", *side_wagers):
        raise TableGamesError(
            f"no wager {wager!r}: choose blackjack, craps or a side wager "
            f"({', '.join(side_wagers)})"
        )
    used = [name for name, present in given.items() if present]
    if wager == "craps":
        # 623b.5: craps has its own rules file (--rules) and none of the Blackjack options.
        refused = used
        why = "craps reads its own house rules from --rules (623b.5)"
    elif wager == "blackjack":
        refused = [name for name in used if name == "--paytable"]
        why = (
            "paytables are the side wagers'; what a Blackjack pays is the house rule "
            "blackjack_pays (--set blackjack_pays=6:5, 633a.13(a))"
        )
    else:
        # A side wager with one paytable refuses --paytable in its own analysis, which knows
        # the paytables (side_outcomes.no_paytable_choice), before any enumeration.
        refused = [name for name in used if name in ("--strategy", "--hands")]
        why = "the main game's play is analysed by edge blackjack"
    if refused:
        verb = "does" if len(refused) == 1 else "do"
        raise TableGamesError(f"{' and '.join(refused)} {verb} not apply to {wager}: {why}")


def _edge_blackjack(house: Rules, strategy: str, hands: bool) -> dict[str, Any]:
    from tablegames.blackjack.analysis.game import Strategy
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
