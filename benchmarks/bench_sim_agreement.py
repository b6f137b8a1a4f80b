"""The simulator at full size: parity with the reference engine, agreement with the exact
analysis, and the cut-card effect.

Run: `.venv/bin/python benchmarks/bench_sim_agreement.py [--only parity|agreement|cut-card]
[--variant blackjack_switch|switch_hands] [--strategy basic|cdz]` (defaults: 10^6 parity rounds,
10^8 agreement rounds, 10^9 rounds for the cut card; every core; basic strategy).

With `--strategy cdz`, composition-dependent play (`blackjack.sim.composition`) for parity and
agreement, against the exact CDZ- analysis (at Blackjack Switch and Switch Hands, the variation's
own CDZ- play and switch rule, against `exact_cdz_switch_edge`, `exact_cdz_switch_hands_edge`).

With `--variant blackjack_switch` the parity and agreement are those of the `pa-blackjack-switch`
preset (633a.12(a), with its Super Match), its push-22 chart and switch rule
(`blackjack.sim.switch_strategy`), the exact figure that of `blackjack.sim.switch_exact`; the
cut card is measured for the standard game only. With `--variant switch_hands`, those of the
`pa-switch-hands-premium` preset (633c.4), its chart and switch hands rule
(`blackjack.sim.switch_hands_strategy`), the exact figure that of
`blackjack.sim.switch_hands_exact`.

- Parity (issue 13 §2): 10^6 rounds of stacked shoes played by the kernel and by the reference
  round engine with the same chart; every box settled to the same cent, every round the same
  cards (`blackjack.sim.parity.compare`; `make test` plays 10,000 and more).
- Agreement: with every round dealt from a freshly shuffled shoe, the simulated house edge of
  total-dependent basic strategy against its exact value (`analysis.game.analyse(rules,
  "basic")`), in standard errors.
- The cut-card effect: dealing to a cover card at 75% raises the house edge of a flat bettor
  above its reshuffled (exact) value. The published reference is hhoppe/blackjack's cut-card
  analysis (data/cut_card_analysis_for_6_decks.pickle, 2.9 * 10^12 hands, its default rules:
  six decks, the dealer hits soft 17, double after split, late surrender, split to four hands,
  aces once with one card): house edge 0.52987% with the cut card after the first card
  (reshuffled every round) and 0.55616% with it after 234 of 312 cards, an effect of +0.0263%.
  This script plays the same rules with a cover card at 75% and compares with both figures,
  then the rules of issue 13 (the dealer stands on soft 17).
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from tablegames.blackjack.analysis.game import analyse
from tablegames.blackjack.rules import Rules, load_rules
from tablegames.blackjack.sim.composition import CompositionPlay, compile_composition
from tablegames.blackjack.sim.parity import compare
from tablegames.blackjack.sim.run import simulate
from tablegames.blackjack.sim.switch_exact import exact_cdz_switch_edge, exact_switch_edge
from tablegames.blackjack.sim.switch_hands_exact import (
    exact_cdz_switch_hands_edge,
    exact_switch_hands_edge,
)
from tablegames.blackjack.sim.switch_hands_strategy import switch_hands_strategy
from tablegames.blackjack.sim.switch_strategy import switch_strategy
from tablegames.blackjack.strategy_chart import StrategyChart
from tablegames.core.simulation import default_workers
from tablegames.reports.blackjack_text import chart_model, strategy_chart

ISSUE_RULES = Rules(decks=6, dealer_hits_soft_17=False, hit_split_aces=False, resplit_aces=False)
HHOPPE_RULES = ISSUE_RULES.replace(dealer_hits_soft_17=True)
# hhoppe/blackjack, data/cut_card_analysis_for_6_decks.pickle: house_edge_from_cut_card.
HHOPPE_RESHUFFLED = 0.00529865714
HHOPPE_CUT_234 = 0.005561588196442737
SHOES_PER_TASK = 500


def basic(rules: Rules) -> StrategyChart:
    if rules.variant == "blackjack_switch":
        return chart_model(switch_strategy(rules).basic)
    if rules.variant == "switch_hands":
        return chart_model(switch_hands_strategy(rules).basic)
    return chart_model(strategy_chart(rules))


PRESETS = {"blackjack_switch": "pa-blackjack-switch", "switch_hands": "pa-switch-hands-premium"}


def rules_of(variant: str) -> Rules:
    """The rules measured: issue 13's, or the Blackjack Switch or Switch Hands preset."""
    return ISSUE_RULES if variant == "standard" else load_rules(preset=PRESETS[variant])


def played(rules: Rules, strategy: str) -> StrategyChart | CompositionPlay:
    return compile_composition(rules) if strategy == "cdz" else basic(rules)


def parity_task(variant: str, strategy: str, seed: int) -> int:
    rules = rules_of(variant)
    switch = switch_strategy(rules).rule if variant == "blackjack_switch" else None
    hands = switch_hands_strategy(rules).rule if variant == "switch_hands" else None
    chosen = played(rules, strategy)
    if isinstance(chosen, CompositionPlay):
        switch, hands = chosen.switch, chosen.switch_hands  # CDZ- play's own switch rule
    return compare(
        rules, chosen, boxes=1, shoes=SHOES_PER_TASK, seed=seed, switch=switch, switch_hands=hands
    )


def parity(rounds: int, workers: int, variant: str, strategy: str) -> None:
    started = time.perf_counter()
    compared, seed = 0, 0
    with ProcessPoolExecutor(max_workers=workers) as pool:
        while compared < rounds:
            batch = list(range(seed, seed + workers))
            seed += workers
            compared += sum(pool.map(partial(parity_task, variant, strategy), batch))
    seconds = time.perf_counter() - started
    print(
        f"parity ({variant}): {compared:,} stacked rounds, kernel and reference engine settled "
        "every box to "
        f"the same cent with the same cards ({seconds:.0f} s, {workers} processes)"
    )


def report(
    name: str, rules: Rules, rounds: int, workers: int, *, reshuffled: bool, strategy: str = "basic"
) -> tuple[float, float]:
    """The simulated house edge and its standard error."""
    started = time.perf_counter()
    result = simulate(
        rules,
        played(rules, strategy),
        rounds=rounds,
        seed=2026,
        reshuffle_every_round=reshuffled,
        workers=workers,
    )
    figures = result.report()["wagers"]["blackjack"]
    seconds = time.perf_counter() - started
    print(
        f"{name}: {rounds:,} rounds, house edge {100 * figures['house_edge']:.5f}% "
        f"+- {100 * figures['standard_error']:.5f}% ({seconds:.0f} s)"
    )
    return float(figures["house_edge"]), float(figures["standard_error"])


def agreement(rounds: int, workers: int, variant: str, strategy: str) -> None:
    rules = rules_of(variant)
    cdz = strategy == "cdz"
    if variant == "blackjack_switch":
        found = exact_cdz_switch_edge(rules) if cdz else exact_switch_edge(rules)
        exact = float(found["house_edge"])
    elif variant == "switch_hands":
        found = exact_cdz_switch_hands_edge(rules) if cdz else exact_switch_hands_edge(rules)
        exact = float(found["house_edge"])
    else:
        exact = analyse(rules, "cdz" if strategy == "cdz" else "basic").house_edge
    simulated, error = report(
        f"{variant} ({strategy}), reshuffled every round",
        rules,
        rounds,
        workers,
        reshuffled=True,
        strategy=strategy,
    )
    print(
        f"  exact figure of the strategy {100 * exact:.5f}%: difference "
        f"{(simulated - exact) / error:+.2f} standard errors"
    )


def cut_card(rounds: int, workers: int) -> None:
    for name, rules in (("H17, hhoppe's rules", HHOPPE_RULES), ("S17, issue 13's", ISSUE_RULES)):
        exact = analyse(rules, "basic").house_edge
        dealt, error = report(
            f"{name}, cover card at 75%", rules, rounds, workers, reshuffled=False
        )
        print(
            f"  exact (reshuffled) {100 * exact:.5f}%: cut-card effect "
            f"{100 * (dealt - exact):+.4f}% +- {100 * error:.4f}%"
        )
        if rules is HHOPPE_RULES:
            print(
                f"  hhoppe/blackjack: reshuffled {100 * HHOPPE_RESHUFFLED:.5f}%, cut card at 234 "
                f"{100 * HHOPPE_CUT_234:.5f}%, effect "
                f"{100 * (HHOPPE_CUT_234 - HHOPPE_RESHUFFLED):+.4f}%"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("parity", "agreement", "cut-card"))
    parser.add_argument("--parity-rounds", type=int, default=1_000_000)
    parser.add_argument("--agreement-rounds", type=int, default=100_000_000)
    parser.add_argument("--cut-card-rounds", type=int, default=1_000_000_000)
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--variant", choices=("standard", *PRESETS), default="standard")
    parser.add_argument("--strategy", choices=("basic", "cdz"), default="basic")
    arguments = parser.parse_args()
    if arguments.only in (None, "parity"):
        parity(arguments.parity_rounds, arguments.workers, arguments.variant, arguments.strategy)
    if arguments.only in (None, "agreement"):
        agreement(
            arguments.agreement_rounds, arguments.workers, arguments.variant, arguments.strategy
        )
    if arguments.only in (None, "cut-card") and arguments.variant == "standard":
        cut_card(arguments.cut_card_rounds, arguments.workers)


if __name__ == "__main__":
    main()
