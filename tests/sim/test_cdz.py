"""`tablegames simulate --strategy cdz`: composition-dependent play in the kernel.

Two independent references: the reference round engine driven by the same decisions
(`composition.CompositionPolicy`, through `Round`, whose every step cites its paragraph) must
settle every round to the cent as the kernel does; and the exact analysis of the very same
play (`analysis.game.analyse(rules, "cdz")`, which values each decision as CDZ- and resplits
whenever the rules allow) must agree with the simulated edge within 3 standard errors.
"""

from __future__ import annotations

import json
from functools import cache

import pytest
from typer.testing import CliRunner

from tablegames.blackjack.analysis.game import analyse, two_card_options
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sim.composition import (
    CompositionPlay,
    compile_composition,
    composition_code,
)
from tablegames.blackjack.sim.kernel import (
    DOUBLE,
    HIT,
    LEGAL_DOUBLE,
    LEGAL_HIT,
    LEGAL_SPLIT,
    LEGAL_SURRENDER,
    SPLIT,
    STAND,
    SURRENDER,
)
from tablegames.blackjack.sim.parity import ParityError, compare
from tablegames.blackjack.sim.run import simulate
from tablegames.cli import app

ISSUE_RULES = Rules(hit_split_aces=False, resplit_aces=False)
KERNEL_NAMES = {
    STAND: "stand",
    HIT: "hit",
    DOUBLE: "double",
    SPLIT: "split",
    SURRENDER: "surrender",
}
EVERY_CHOICE = LEGAL_HIT | LEGAL_DOUBLE | LEGAL_SPLIT | LEGAL_SURRENDER


@cache
def cdz(rules: Rules) -> CompositionPlay:
    return compile_composition(rules)


def test_composition_codes_tell_every_hand_apart() -> None:
    # A base-22 number of counts: the same cards in any order, one code; other cards, another.
    assert composition_code([9, 5]) == composition_code([5, 9])
    assert composition_code([0, 0, 9]) != composition_code([0, 9])
    play = cdz(ISSUE_RULES)
    assert len(set(play.codes.tolist())) == len(play.codes)
    assert list(play.codes) == sorted(play.codes)


def test_first_decisions_are_the_best_option_of_the_exact_analysis() -> None:
    # Every two-card hand against every up card, with every choice legal: the kernel's cell is
    # the option the exact analysis values highest (633a.9(a), 633a.10(a), 633a.11(a)).
    rules = ISSUE_RULES
    play, result = cdz(rules), analyse(rules, "cdz")
    for first in range(10):
        for second in range(first, 10):
            if {first, second} == {0, 9}:
                continue  # a Blackjack decides nothing (633a.7(i)(1))
            for column in range(10):
                up = (column + 1) % 10  # the kernel's columns run 2-9, ten, ace
                options = two_card_options(result, first, second, up)
                best = max(options, key=lambda name: options[name])
                legal = EVERY_CHOICE if first == second else EVERY_CHOICE & ~LEGAL_SPLIT
                got = KERNEL_NAMES[play.action([first, second], column, legal)]
                assert got == best, (first, second, up)


def assert_parity(rules: Rules, *, boxes: int, shoes: int, seed: int) -> int:
    try:
        return compare(rules, cdz(rules), boxes=boxes, shoes=shoes, seed=seed)
    except ParityError as error:
        pytest.fail(str(error))


def test_cdz_parity_issue_rules_10000_rounds() -> None:
    # Issue 13: at least 10,000 stacked rounds, the same play both ways, the same cents.
    assert assert_parity(ISSUE_RULES, boxes=1, shoes=200, seed=31) >= 10_000


@pytest.mark.parametrize(
    ("changes", "boxes", "seed"),
    [
        ({}, 3, 1),  # the PA preset: split aces may draw and be split again (633a.11(c))
        ({"double_after_split": False, "late_surrender": False}, 2, 2),
        ({"max_hands": 2}, 2, 3),
        ({"dealer_hits_soft_17": True, "decks": 1}, 1, 4),
        ({"decks": 2, "blackjack_pays": "6:5"}, 4, 5),
    ],
)
def test_cdz_parity_across_house_rules(changes: dict[str, object], boxes: int, seed: int) -> None:
    # 633a.11(c): a split hand that pairs again is split again whenever allowed, both ways.
    assert assert_parity(Rules().replace(**changes), boxes=boxes, shoes=8, seed=seed) > 0


def test_cdz_reshuffled_every_round_agrees_with_the_exact_analysis() -> None:
    # The exact figure is of exactly this play (issue 13 §2); 4 * 10^6 rounds here, 10^8 in
    # benchmarks/bench_sim_agreement.py --strategy cdz.
    play = cdz(ISSUE_RULES)
    report = simulate(
        ISSUE_RULES, play, rounds=4_000_000, seed=2026, reshuffle_every_round=True, workers=1
    ).report()
    wager = report["wagers"]["blackjack"]
    assert report["strategy"] == "cdz"
    assert play.house_edge is not None  # the standard game's figure comes with the play
    assert abs(wager["house_edge"] - play.house_edge) < 3 * wager["standard_error"]


def test_simulate_strategy_cdz_from_the_command_line() -> None:
    ran = CliRunner().invoke(
        app,
        ["simulate", "--rounds", "20000", "--seed", "5", "--strategy", "cdz", "--json"],
    )
    assert ran.exit_code == 0, ran.output
    report = json.loads(ran.output)
    assert report["strategy"] == "cdz"
    assert report["wagers"]["blackjack"]["n"] == 20_000
