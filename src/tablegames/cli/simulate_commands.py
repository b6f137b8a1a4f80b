"""`tablegames simulate`: Blackjack rounds under the house rules, by the numba kernel; with
`--game pai_gow`, Pai Gow Poker's main wager, the house way against the house way
(`tablegames.paigow.sim`). Both run on the shared simulation runtime (`core.simulation`) and
print the same JSON shape (`wagers.NAME`: `n`, `house_edge`, `standard_error`, `std_dev`,
`lines`).

Imported at every start-up (with Blackjack's commands): the simulators themselves are imported
inside the command.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, cast

import typer

from tablegames.cli.app import PresetOption, RulesOption, SetOption, app
from tablegames.cli.games_commands import SimulateRequest
from tablegames.core.errors import TableGamesError

if TYPE_CHECKING:
    from tablegames.blackjack.rules import Rules
    from tablegames.blackjack.sim.composition import CompositionPlay
    from tablegames.blackjack.sim.counting import BetRamp
    from tablegames.blackjack.sim.run import Simulation
    from tablegames.blackjack.strategy_chart import StrategyChart

STRATEGIES = ("basic", "cdz")
# The game this command's own simulator plays; another game is simulated by its CLI module's
# `simulate` (the contract: `tablegames.cli.games_commands`), found in the registry.
OWN_GAME = "blackjack"


@app.command("simulate")
def simulate_command(
    rounds: Annotated[int, typer.Option(help="Rounds to play.")],
    game: Annotated[
        str,
        typer.Option(
            help="blackjack, or pai_gow: the main wager, the house way against the house way "
            "(--preset pa-pai-gow or pa-commission-free, or --rules FILE)."
        ),
    ] = "blackjack",
    preset: PresetOption = None,
    rules: RulesOption = None,
    overrides: SetOption = None,
    seed: Annotated[int, typer.Option(help="Seed of the work units (SeedSequence).")] = 0,
    boxes: Annotated[int, typer.Option(help="The player's boxes (633a.6(f)).")] = 1,
    players: Annotated[
        int, typer.Option(help="Other players, one box each, playing the same strategy.")
    ] = 0,
    strategy: Annotated[
        str,
        typer.Option(
            help="basic (the total-dependent chart), cdz (composition-dependent play, the one "
            "the exact analysis values) or a chart FILE.csv."
        ),
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
    count_system: Annotated[
        str | None,
        typer.Option("--count", help="hi-lo: keep the count and report a counter's figures."),
    ] = None,
    ramp: Annotated[
        Path | None,
        typer.Option(help="Bet ramp CSV (true_count,units) for --count; flat without it."),
    ] = None,
    bankroll: Annotated[
        int | None, typer.Option(help="Bankroll in units, for the counter's risk of ruin.")
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option(help="Draw session results and the estimate's convergence (.png/.svg/.pdf)."),
    ] = None,
    session_rounds: Annotated[int, typer.Option(help="Rounds per session, for --plot.")] = 100,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Simulate Blackjack rounds (or --game pai_gow): house edge, standard error and each
    result's frequency.

    The same seed gives the same result with any number of workers or on a Dask cluster.
    """
    if game != OWN_GAME:
        simulate_other = other_simulator(game)
        # The Blackjack options are refused, never ignored: name every one given.
        refused = {
            "--set": bool(overrides),
            "--boxes": boxes != 1,
            "--players": players != 0,
            "--strategy": strategy != "basic",
            "--reshuffle-every-round": reshuffle_every_round,
            "--count": count_system is not None,
            "--ramp": ramp is not None,
            "--bankroll": bankroll is not None,
            "--plot": plot is not None,
            "--session-rounds": session_rounds != 100,
        }
        given = [name for name, present in refused.items() if present]
        if given:
            raise TableGamesError(
                f"{' and '.join(given)} {'does' if len(given) == 1 else 'do'} not apply to "
                f"--game {game}: they are Blackjack's"
            )
        simulate_other(
            SimulateRequest(
                rounds=rounds,
                preset=preset,
                rules=rules,
                seed=seed,
                workers=workers,
                scheduler=scheduler,
                as_json=as_json,
            )
        )
        return
    from tablegames.blackjack.sim.run import UNIT_ROUNDS, simulate
    from tablegames.blackjack.variation import variation_of
    from tablegames.cli.blackjack_commands import house_rules
    from tablegames.core.simulation import check_workers, default_workers

    if scheduler is not None and workers is not None:
        raise TableGamesError("--workers is for local processes; leave it out with --scheduler")
    from tablegames.blackjack.sim.compile import compile_table

    bet_ramp = counting_options(count_system, ramp, bankroll)
    if plot is not None:
        from tablegames.reports.simulation_plot import check_plot_path

        check_plot_path(plot)
        if not 1 <= session_rounds <= min(rounds, UNIT_ROUNDS):
            raise TableGamesError(
                f"--session-rounds {session_rounds}: 1 to {min(rounds, UNIT_ROUNDS):,} rounds "
                "(a session lies within one work unit and the run)"
            )
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
            count=bet_ramp is not None,
            session_rounds=session_rounds if plot is not None else 0,
            workers=count,
            scheduler=scheduler,
            progress=progress,
        )
    finally:
        finish()
    report = result.report()
    if bet_ramp is not None:
        report["count"] = result.counted().with_ramp(bet_ramp, bankroll)
    if plot is not None:
        from tablegames.reports.simulation_plot import plot_sessions

        plot_sessions(
            plot,
            result.totals.sessions,
            session_rounds=session_rounds,
            ticks=result.ticks,
            player_boxes=result.wagers_per_round,  # the edge per wager, as std_dev is
            std_dev=report["wagers"]["blackjack"]["std_dev"],
            title=f"{variation_of(house).title}, {house.decks} decks, "
            f"{report['rounds']:,} rounds, seed {seed}",
        )
        report["plot"] = str(plot)
    if as_json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
        return
    print_simulation(result, report)


def other_simulator(game: str) -> Callable[[SimulateRequest], None]:
    """The `simulate` of the registered game `game`'s CLI module; bad input names the games
    simulated when it has none (or `game` is not a game)."""
    from tablegames.cli.games_commands import every_cli

    simulated = {
        OWN_GAME: None,
        **{
            entry.id: getattr(cli, "simulate", None)
            for entry, cli in every_cli()
            if callable(getattr(cli, "simulate", None))
        },
    }
    found = simulated.get(game)
    if found is None:
        raise TableGamesError(f"--game {game!r}: the games simulated are: {', '.join(simulated)}")
    return cast(Callable[[SimulateRequest], None], found)


def counting_options(system: str | None, ramp: Path | None, bankroll: int | None) -> BetRamp | None:
    """The bet ramp of `--count hi-lo [--ramp FILE]`, or None when not counting."""
    from tablegames.blackjack.sim.counting import BetRamp, read_ramp

    if system is None:
        if ramp is not None or bankroll is not None:
            raise TableGamesError("--ramp and --bankroll are for a counter: add --count hi-lo")
        return None
    if system != "hi-lo":
        raise TableGamesError(f"--count {system!r}: the counts simulated are: hi-lo")
    if bankroll is not None and bankroll < 1:
        raise TableGamesError(f"--bankroll {bankroll}: a bankroll of at least one unit")
    return BetRamp.flat() if ramp is None else read_ramp(ramp)


def strategy_chart_for(strategy: str, rules: Rules) -> StrategyChart | CompositionPlay:
    """The play `--strategy` names: basic, cdz (composition-dependent, zero memory: the play
    the exact analysis values), or a chart CSV file. At Blackjack Switch basic is the chart
    derived with a dealer 22 returning hands of 21 or less (633a.12(a)(5)(v)), and the switch
    rule is that chart's (`sim.switch_strategy`); at Switch Hands basic is the standard
    game's chart and the switch rule (633c.4(f)) that chart's (`sim.switch_hands_strategy`). At
    both, cdz is the CDZ- play of the variation's own hands with the switch rule of its values."""
    from tablegames.blackjack.sim.composition import compile_composition
    from tablegames.blackjack.strategy_chart import read_chart_csv
    from tablegames.blackjack.variation import variation_of
    from tablegames.reports.blackjack_text import chart_model, strategy_chart

    if strategy == "basic":
        if variation_of(rules).switches_second_cards:
            from tablegames.blackjack.sim.switch_strategy import switch_strategy

            return chart_model(switch_strategy(rules).basic)
        if variation_of(rules).takes_switch_hands_ante:
            from tablegames.blackjack.sim.switch_hands_strategy import switch_hands_strategy

            return chart_model(switch_hands_strategy(rules).basic)
        return chart_model(strategy_chart(rules))
    if strategy == "cdz":
        return compile_composition(rules)
    if not strategy.endswith(".csv"):
        raise TableGamesError(
            f"--strategy {strategy!r}: use {' or '.join(STRATEGIES)}, or a chart FILE.csv"
        )
    return read_chart_csv(Path(strategy))


def print_simulation(result: Simulation, report: dict[str, Any]) -> None:
    from tablegames.blackjack.variation import variation_of

    wager = report["wagers"]["blackjack"]
    out = sys.stdout.write
    per = " per wager (two a box, 633a.12(a)(1))" if result.hands_per_box == 2 else ""
    out(
        f"{variation_of(result.rules).title}, {result.rules.decks} decks, "
        f"{report['rounds']:,} rounds (seed "
        f"{report['seed']}): house edge{per} {100 * wager['house_edge']:.4f}% "
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
    for name, side in report["wagers"].items():
        if side is wager:
            continue  # the Blackjack Wager, printed above
        out(
            f"{name}: house edge {100 * side['house_edge']:.4f}% "
            f"+- {100 * side['standard_error']:.4f}% over {side['n']:,} wagers, "
            f"standard deviation {side['std_dev']:.4f}\n"
        )
    counted = report.get("count")
    if counted is None:
        return
    out(
        f"Hi-Lo counter: advantage {100 * counted['advantage']:+.4f}% of the units wagered "
        f"+- {100 * counted['advantage_standard_error']:.4f}%, "
        f"{counted['units_wagered_per_round']:.3f} units wagered and "
        f"{counted['mean_units_per_round']:+.5f} won per round, "
        f"standard deviation {counted['std_dev_units_per_round']:.4f} units\n"
    )
    ruin = counted.get("risk_of_ruin")
    if ruin is not None:
        out(
            f"risk of ruin for a bankroll of {ruin['bankroll_units']:,} units: "
            f"{100 * ruin['probability']:.3f}%\n"
        )
    out("true count: share of rounds, house edge flat-bet\n")
    for name, row in counted["by_true_count"].items():
        if row["share"] >= 0.001:
            out(f"  {name:>5}  {row['share']:.4f}  {100 * row['house_edge']:+.3f}%\n")
