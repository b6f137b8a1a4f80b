"""`tablegames simulate`: Blackjack rounds under the house rules, by the numba kernel.

Imported at every start-up (with Blackjack's commands): the simulator itself is imported inside
the command.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tablegames.cli.app import PresetOption, RulesOption, SetOption, app
from tablegames.core.errors import TableGamesError

if TYPE_CHECKING:
    from tablegames.blackjack.rules import Rules
    from tablegames.blackjack.sim.run import Simulation
    from tablegames.blackjack.strategy_chart import StrategyChart

STRATEGIES = ("basic", "cdz")


@app.command("simulate")
def simulate_command(
    rounds: Annotated[int, typer.Option(help="Rounds to play.")],
    preset: PresetOption = None,
    rules: RulesOption = None,
    overrides: SetOption = None,
    seed: Annotated[int, typer.Option(help="Seed of the work units (SeedSequence).")] = 0,
    boxes: Annotated[int, typer.Option(help="The player's boxes (633a.6(f)).")] = 1,
    players: Annotated[
        int, typer.Option(help="Other players, one box each, playing the same chart.")
    ] = 0,
    strategy: Annotated[
        str, typer.Option(help="basic (the total-dependent chart) or a chart FILE.csv.")
    ] = "basic",
    reshuffle_every_round: Annotated[
        bool, typer.Option(help="Shuffle every card back after each round.")
    ] = False,
    workers: Annotated[
        int | None, typer.Option(help="Local processes (default: every core).")
    ] = None,
    scheduler: Annotated[
        str | None, typer.Option(help="A Dask scheduler, tcp://HOST:PORT, to run the units on.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Simulate Blackjack rounds: house edge, standard error and each result's frequency.

    The same seed gives the same result with any number of workers or on a Dask cluster.
    """
    from tablegames.blackjack.sim.run import simulate
    from tablegames.cli.blackjack_commands import house_rules
    from tablegames.core.simulation import check_workers, default_workers

    if scheduler is not None and workers is not None:
        raise TableGamesError("--workers is for local processes; leave it out with --scheduler")
    from tablegames.blackjack.sim.compile import compile_table

    house = house_rules(preset, rules, overrides)
    # What the kernel does not model is refused before the chart is worked out.
    compile_table(house, player_boxes=boxes, other_boxes=players)
    chart = strategy_chart_for(strategy, house)
    count = check_workers(default_workers() if workers is None else workers)
    from tablegames.ui.progress import progress_bar

    progress, finish = progress_bar(rounds, quiet=as_json or not sys.stderr.isatty())
    try:
        result = simulate(
            house,
            chart,
            rounds=rounds,
            seed=seed,
            player_boxes=boxes,
            other_boxes=players,
            reshuffle_every_round=reshuffle_every_round,
            workers=count,
            scheduler=scheduler,
            progress=progress,
        )
    finally:
        finish()
    report = result.report()
    if as_json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
        return
    print_simulation(result, report)


def strategy_chart_for(strategy: str, rules: Rules) -> StrategyChart:
    """The chart `--strategy` names: basic, or a chart CSV file."""
    from tablegames.blackjack.strategy_chart import read_chart_csv
    from tablegames.reports.blackjack_text import chart_model, strategy_chart

    if strategy == "basic":
        return chart_model(strategy_chart(rules))
    if strategy == "cdz":
        raise TableGamesError(
            "--strategy cdz (composition-dependent play) is not simulated yet: use basic or a "
            "chart FILE.csv"
        )
    if not strategy.endswith(".csv"):
        raise TableGamesError(
            f"--strategy {strategy!r}: use {' or '.join(STRATEGIES)}, or a chart FILE.csv"
        )
    return read_chart_csv(Path(strategy))


def print_simulation(result: Simulation, report: dict[str, Any]) -> None:
    wager = report["wagers"]["blackjack"]
    out = sys.stdout.write
    out(
        f"blackjack, {result.rules.decks} decks, {report['rounds']:,} rounds (seed "
        f"{report['seed']}): house edge {100 * wager['house_edge']:.4f}% "
        f"+- {100 * wager['standard_error']:.4f}% (one standard error), "
        f"standard deviation {wager['std_dev']:.4f} per round\n"
    )
    out(
        f"{report['rounds_per_second']:,} rounds/s ({report['rounds_per_second_per_core']:,} "
        f"per core), {report['cards_per_round']:.3f} cards per round, "
        f"{report['shuffles']:,} shuffles\n"
    )
    out("result per box (units of the initial wager): share of boxes\n")
    for name, share in sorted(wager["lines"].items(), key=lambda item: float(item[0])):
        out(f"  {name:>5}  {share:.6f}\n")
