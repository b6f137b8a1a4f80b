"""Statistical tests of every scaled live outcome (issue 16; docs/rng.md).

Each test draws through the live code path (the shoe's shuffle and cut, the dice, the Power Odds
draw, the Bad Beat picks, the Pai Gow position) fed by the live scaling code (`ScaledRandom`) at
a fixed seed, so it is deterministic and cannot flake, and must pass at the 99% level (p of at
least 0.01). The same test on a modulo-scaled generator (`ModuloRandom`) must fail, which shows
it can tell. One smoke test runs the OS CSPRNG itself at the stricter 99.99% level.
The benchmark (`benchmarks/bench_rng.py`) runs the same checks ten times larger.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from tablegames.blackjack.shoe import cut_range
from tablegames.blackjack.shoe_check import shoe_run
from tablegames.blackjack.table import lucky_box, magic_card
from tablegames.core.cards import standard_deck
from tablegames.core.rng import (
    RandomSource,
    SecureRandom,
    pai_gow_start_dice,
    pai_gow_start_rng,
)
from tablegames.core.rngcheck import (
    ChiSquare,
    adjacent_pairs,
    against_chances,
    card_position,
    draws,
    shuffled_orders,
    uniform_counts,
)
from tablegames.craps.dice import RandomDice
from tablegames.craps.rules import CrapsRules
from tablegames.craps.selection import RandomSelector
from tests.rng_helpers import ClampedRandom, ModuloRandom, scaled

LEVEL = 0.99  # the level for the seeded checks
SMOKE_LEVEL = 0.9999  # the live CSPRNG's own run: 1 failure in 10,000 by chance

# The generator each test must tell from uniform: a random byte % n, or, where that bias is too
# small to see at the test's size, a 6-bit word % n (docs/rng.md lists which).
Source = Callable[[], RandomSource]
SOURCES_8 = [pytest.param(scaled, True, id="scaled"), pytest.param(ModuloRandom, False, id="mod")]
SOURCES_6 = [
    pytest.param(scaled, True, id="scaled"),
    pytest.param(lambda: ModuloRandom(bits=6), False, id="mod6"),
]

# Counting a three-dice total around seven positions smooths a die's bias; 4 bits % 6 shows.
SOURCES_4 = [
    pytest.param(scaled, True, id="scaled"),
    pytest.param(lambda: ModuloRandom(bits=4), False, id="mod4"),
]


def verdict(result: ChiSquare, uniform: bool, level: float = LEVEL) -> None:
    if result.passes(level) != uniform:
        expected = "pass" if uniform else "fail"
        pytest.fail(f"expected the check to {expected} at {level:.2%}: {result}")


# --- 633a.5(a): the shuffle of one deck -----------------------------------------------------


@pytest.fixture(scope="module")
def deck_orders() -> dict[str, np.ndarray]:
    return {
        "scaled": shuffled_orders(scaled(), 100_000),
        "mod": shuffled_orders(ModuloRandom(), 100_000),
        "mod6": shuffled_orders(ModuloRandom(bits=6), 100_000),
    }


@pytest.mark.parametrize(("name", "uniform"), [("scaled", True), ("mod", False)])
def test_633a_5_a_one_deck_every_card_in_every_position(
    deck_orders: dict[str, np.ndarray], name: str, uniform: bool
) -> None:
    verdict(card_position(deck_orders[name]), uniform)


@pytest.mark.parametrize(("name", "uniform"), [("scaled", True), ("mod6", False)])
def test_633a_5_a_one_deck_adjacent_pairs(
    deck_orders: dict[str, np.ndarray], name: str, uniform: bool
) -> None:
    verdict(adjacent_pairs(deck_orders[name]), uniform)


# --- 633a.5(a), (d): the six-deck shoe, its cut and its cover card ----------------------------

SHOE_SHUFFLES = 10_000


@pytest.fixture(scope="module")
def shoe_runs() -> dict[str, tuple[np.ndarray, np.ndarray, np.ndarray, set[int]]]:
    return {
        "scaled": shoe_run(scaled(), SHOE_SHUFFLES),
        "mod": shoe_run(ModuloRandom(widen=False), SHOE_SHUFFLES),
        "clamped": shoe_run(ClampedRandom(), SHOE_SHUFFLES),
    }


@pytest.mark.parametrize(("name", "uniform"), [("scaled", True), ("mod", False)])
def test_633a_5_a_six_deck_shoe_every_card_in_every_position(
    shoe_runs: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray, set[int]]],
    name: str,
    uniform: bool,
) -> None:
    verdict(card_position(shoe_runs[name][0]), uniform)


@pytest.mark.parametrize(("name", "uniform"), [("scaled", True), ("mod", False)])
def test_633a_5_d_six_deck_cut_positions_uniform(
    shoe_runs: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray, set[int]]],
    name: str,
    uniform: bool,
) -> None:
    verdict(uniform_counts(shoe_runs[name][1], *cut_range(312)), uniform)


@pytest.mark.parametrize(("name", "uniform"), [("scaled", True), ("clamped", False)])
def test_633a_5_d_six_deck_dealt_order_adjacent_pairs(
    shoe_runs: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray, set[int]]],
    name: str,
    uniform: bool,
) -> None:
    # With six alike copies of each card no modulo-scaled generator we tried (a byte, 6 or 4
    # bits % n) moves the kinds of adjacent cards enough to be seen in 10^4 shoes (docs/rng.md);
    # a scaler that clamps where it should draw again (`ClampedRandom`) leaves the new decks'
    # runs of alike cards together, and this test tells.
    verdict(adjacent_pairs(shoe_runs[name][2]), uniform)


def test_633a_5_d_six_deck_cards_before_the_cover_card_uniform(
    shoe_runs: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray, set[int]]],
) -> None:
    # The cover card sits at one place (the house's penetration), at least 1/4 from the bottom;
    # the cards dealt before it are every kind equally often.
    _, _, dealt, covers = shoe_runs["scaled"]
    assert len(covers) == 1
    front = covers.pop()
    assert 312 - front >= 312 // 4
    kinds = (dealt[:, :front] // 6).ravel()
    verdict(uniform_counts(kinds, 0, 51), True)


# --- craps: the dice and the Power Odds selection ---------------------------------------------

ROLLS = 200_000


@pytest.mark.parametrize(("source", "uniform"), SOURCES_8)
def test_craps_dice_each_face_and_each_of_36_pairs(source: Source, uniform: bool) -> None:
    dice = RandomDice(source())
    rolls = np.array([(r.first, r.second) for r in (dice.next_roll() for _ in range(ROLLS))])
    faces = uniform_counts(rolls.ravel(), 1, 6)
    pairs = uniform_counts((rolls[:, 0] - 1) * 6 + rolls[:, 1] - 1, 0, 35)
    verdict(faces, uniform)
    verdict(pairs, uniform)


POWER_ODDS_ROLLS = 20_000


@pytest.mark.parametrize(("source", "uniform"), SOURCES_6)
def test_623b_5_c_power_odds_levels_at_their_filed_chances(source: Source, uniform: bool) -> None:
    # The default filing: level 1 with 1/10, level 2 with 1/20, on each of the 28 lines.
    rules = CrapsRules()
    chances = {
        1: rules.level_1_probability,
        2: rules.level_2_probability,
        0: 1 - rules.level_1_probability - rules.level_2_probability,
    }
    assert chances == {1: Fraction(1, 10), 2: Fraction(1, 20), 0: Fraction(17, 20)}
    selector = RandomSelector(source())
    lines = [line.name for line in rules.offered_lines()]
    levels: list[int] = []
    for _ in range(POWER_ODDS_ROLLS):
        selected = selector.select(rules).levels
        levels.extend(selected.get(name, 0) for name in lines)
    verdict(against_chances(levels, chances), uniform)


# --- 633a.13(j)(1): the Magic Card and the Lucky Player ------------------------------------

PICKS = 200_000


@pytest.mark.parametrize(("source", "uniform"), SOURCES_8)
def test_633a_13_j_1_magic_card_each_card_equally(source: Source, uniform: bool) -> None:
    random = source()
    index = {card: i for i, card in enumerate(standard_deck())}
    verdict(uniform_counts(draws(lambda: index[magic_card(random)], PICKS), 0, 51), uniform)


@pytest.mark.parametrize(("source", "uniform"), SOURCES_8)
def test_633a_13_j_1_lucky_player_each_box_equally(source: Source, uniform: bool) -> None:
    random = source()
    verdict(uniform_counts(draws(lambda: lucky_box(random, 7), PICKS * 2), 1, 7), uniform)


# --- Pai Gow Poker: the starting position -------------------------------------------------


def three_dice_chances() -> dict[int, Fraction]:
    """Enumerated here, not taken from the code: all 216 throws, each total counted around the
    seven positions from the dealer's (position 1)."""
    counts = dict.fromkeys(range(1, 8), 0)
    for dice in product(range(1, 7), repeat=3):
        position = 1
        for _ in range(sum(dice) - 1):
            position = position + 1 if position < 7 else 1
        counts[position] += 1
    return {position: Fraction(count, 216) for position, count in counts.items()}


def test_pai_gow_three_dice_give_31_of_216_to_positions_1_to_6_and_30_to_7() -> None:
    expected = {position: Fraction(31, 216) for position in range(1, 7)} | {7: Fraction(30, 216)}
    assert three_dice_chances() == expected


@pytest.mark.parametrize(("source", "uniform"), SOURCES_8)
def test_pai_gow_start_position_by_rng_one_seventh_each(source: Source, uniform: bool) -> None:
    random = source()
    verdict(uniform_counts(draws(lambda: pai_gow_start_rng(random), PICKS * 2), 1, 7), uniform)


@pytest.mark.parametrize(("source", "uniform"), SOURCES_4)
def test_pai_gow_start_position_by_dice_at_31_and_30_of_216(source: Source, uniform: bool) -> None:
    random = source()
    positions = draws(lambda: pai_gow_start_dice(random)[1], PICKS)
    verdict(against_chances(positions, three_dice_chances()), uniform)


# --- the live CSPRNG itself -----------------------------------------------------------------


def test_live_csprng_smoke_at_99_99_percent() -> None:
    # Not seeded, so it may fail by chance: at 99.99% a run fails once in 10,000 per check.
    random = SecureRandom()
    orders = shuffled_orders(random, 20_000)
    verdict(card_position(orders), True, SMOKE_LEVEL)
    verdict(adjacent_pairs(orders), True, SMOKE_LEVEL)
    dice = RandomDice(random)
    faces = [face for roll in (dice.next_roll() for _ in range(50_000)) for face in roll.faces]
    verdict(uniform_counts(faces, 1, 6), True, SMOKE_LEVEL)
