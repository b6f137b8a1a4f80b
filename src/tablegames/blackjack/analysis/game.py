"""The exact expected value of the main game under any Rules Submission.

Two strategies. CDZ- (composition-dependent zero-memory): every decision depends on the cards in
the hand and the up card and is the best one for the full shoe less those cards; split hands use
the decisions of unsplit hands with the same cards. Basic: a total-dependent chart (hard and soft
totals, pairs), each decision the best on average over the hands with that total, weighted by
how likely each is to be dealt. The value of splitting is exact for the strategy played, with
resplits to any limit of hands the house sets (633a.11(c): 1 to 16 in `Rules`; split_values.py).

The second moment of a round (hence `std_dev`) is exact for every round without a split. For a
split it takes the hands as independent given the dealer's final outcome, which keeps their
strong covariance through the shared dealer hand (split_values.py).

Values are unconditional (a dealer Blackjack is one of the outcomes) in the accounting of
633a.7(h): with the dealer checking for Blackjack first, a dealer Blackjack costs exactly the
initial wager, so doubles and splits add back what they would otherwise lose (633a.10(b),
633a.11(d)). The non-PA game without a check is valued the same way when original bets only
apply, and with doubles and splits lost in full otherwise.

>>> from tablegames.blackjack.rules import Rules
>>> result = analyse(Rules(decks=1, max_hands=2, resplit_aces=False, hit_split_aces=False))
>>> round(result.house_edge * 100, 4)  # percent; one deck favours the player
-0.1752
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

import numpy as np

from tablegames.blackjack.analysis.basic_strategy import BasicChart, basic_chart, check_fixed
from tablegames.blackjack.analysis.dealer_hands import (
    FloatArray,
    IntArray,
    dealer_hands,
    dealer_outcomes,
    dealer_probabilities,
    shoe_counts,
)
from tablegames.blackjack.analysis.hands import (
    ACE,
    TEN,
    HandTable,
    build_hand_table,
    max_split_hands,
)
from tablegames.blackjack.analysis.kernel_loader import hand_values
from tablegames.blackjack.analysis.split_values import Values, split_value
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.variation import variation_of
from tablegames.core.errors import RulesError

Strategy = Literal["cdz", "basic"]
OPTIONS = ("stand", "hit", "double", "split", "surrender")
_REMOVAL_BASE = 64
_REMOVAL_DIGITS = _REMOVAL_BASE ** np.arange(10, dtype=np.int64)


@dataclass
class GameValues:
    """The analysis of one rule set and strategy: per hand, per up card, and overall."""

    rules: Rules
    strategy: Strategy
    table: HandTable
    values: Values
    split: FloatArray  # (10 pair ranks, 10 up cards); 0 where splitting is not allowed
    split_square: FloatArray
    dealer: FloatArray  # full-shoe dealer outcomes (10 up cards, 7 outcomes)
    overall: float
    second_moment: float
    by_up_card: FloatArray

    @property
    def house_edge(self) -> float:
        return -self.overall

    @property
    def std_dev(self) -> float:
        return math.sqrt(self.second_moment - self.overall**2)


def check_supported(rules: Rules) -> None:
    """Refuse rules this analysis does not value: the switch variations (`switch_games`).
    Every house limit of hands from splitting is covered (633a.11(c))."""
    # The hand-dealt game (633a.12(b)) changes how cards are handled, not the odds.
    if not variation_of(rules).analysed_as_main_game:
        raise RulesError(
            f"variant {rules.variant!r}: analysed by `switch_games` (tablegames edge blackjack "
            "routes it there)"
        )


def hand_table_values(
    rules: Rules, table: HandTable, fixed: IntArray, *, push_22: bool = False
) -> Values:
    """Values and second moments of every hand of the table (the numba path); `push_22`
    returns every hand of 21 or less against a dealer 22 (Blackjack Switch, 633a.12(a)(5)(v)).
    `fixed` is checked first (`basic_strategy.check_fixed`): the kernel reads its codes as
    option indices with no bounds check."""
    check_fixed(table, fixed)
    sparse = dealer_hands(hits_soft_17=rules.dealer_hits_soft_17, with_22=push_22).compiled
    # Hands with the same removal see the same dealer: compute each distinct shoe once. A
    # removal holds at most a rank's cards in the shoe (32 aces in eight decks, reached by split
    # aces resplit to 16 hands, 633a.11(c)): base 64, 60 bits; base 32 let two removals share a
    # code and a dealer row.
    if int(table.removal.max(initial=0)) >= _REMOVAL_BASE:
        raise ValueError("a removal of 64 or more cards of one rank")
    removal_code = table.removal @ _REMOVAL_DIGITS
    _, first, dealer_row = np.unique(removal_code, return_index=True, return_inverse=True)
    # Number the distinct shoes in the order the table first meets them, not by their code: the
    # kernels then read the dealer rows (16 MB for six decks) mostly in sequence.
    renumber = np.empty(len(first), dtype=np.int64)
    renumber[np.argsort(first, kind="stable")] = np.arange(len(first), dtype=np.int64)
    rows = renumber[dealer_row.reshape(-1)]
    dealer = dealer_outcomes(table.shoe - table.removal[np.sort(first)], *sparse)
    # A hand's value needs only its successors (same context, more points) and the unsplit
    # hand with its cards (context 0): valuing context by context, most points first within
    # each, gives the same values as one pass over the whole table by points, and keeps each
    # context's few thousand hands in cache (measured: the kernel 40% faster).
    order = np.lexsort((-table.hard, table.context_id)).astype(np.int64)
    values, squares = hand_values(
        table.shoe,
        table.removal,
        table.best,
        order,
        table.successor,
        table.decide,
        fixed,
        rows,
        dealer,
        rules.dealer_peeks or rules.original_bets_only,
        push_22,
    )
    return Values(values=values, squares=squares, fixed=fixed, dealer=dealer, dealer_row=rows)


def analyse(rules: Rules, strategy: Strategy = "cdz") -> GameValues:
    """The exact expected value of the initial wager under `rules` for `strategy`."""
    check_supported(rules)
    return analyse_shoe(rules, shoe_counts(rules.decks), strategy)


def analyse_shoe(
    rules: Rules, shoe: IntArray, strategy: Strategy = "cdz", *, push_22: bool = False
) -> GameValues:
    """The analysis for any shoe composition (the variations remove cards the player sees)."""
    table = build_hand_table(rules, shoe)
    cdz = _evaluate(rules, table, np.full((len(table.hard), 10), -1, dtype=np.int64), None, push_22)
    if strategy == "cdz":
        return cdz
    return basic_from(cdz, push_22=push_22)


def basic_from(cdz: GameValues, *, push_22: bool = False) -> GameValues:
    """The basic-strategy analysis of the same rules and shoe as the CDZ- analysis `cdz`, whose
    values the chart is derived from (so callers wanting both do not run CDZ- twice)."""
    if cdz.strategy != "cdz":
        raise ValueError("basic strategy is derived from a CDZ- analysis")
    chart = basic_chart(cdz)
    return _evaluate(cdz.rules, cdz.table, chart.fixed_for(cdz.table), chart, push_22)


def _evaluate(
    rules: Rules, table: HandTable, fixed: IntArray, chart: BasicChart | None, push_22: bool
) -> GameValues:
    values = hand_table_values(rules, table, fixed, push_22=push_22)
    split = np.zeros((10, 10))
    split_square = np.zeros((10, 10))
    for pair in range(10):
        most = max_split_hands(rules, pair, table.shoe)
        if most >= 2:
            split[pair], split_square[pair] = split_value(
                rules, table, values, pair, most, push_22=push_22
            )
    hands = dealer_hands(hits_soft_17=rules.dealer_hits_soft_17)
    result = GameValues(
        rules=rules,
        strategy="cdz" if chart is None else "basic",
        table=table,
        values=values,
        split=split,
        split_square=split_square,
        dealer=dealer_probabilities(hands, table.shoe),
        overall=0.0,
        second_moment=0.0,
        by_up_card=np.zeros(10),
    )
    _overall(result, chart)
    return result


def blackjack_chance(shoe_after: IntArray, up: int) -> float:
    """P(dealer Blackjack | up card) from the cards left after the up card and the hand."""
    total = float(shoe_after.sum())
    if up == ACE:
        return float(shoe_after[TEN]) / total
    if up == TEN:
        return float(shoe_after[ACE]) / total
    return 0.0


def two_card_options(
    result: GameValues, first: int, second: int, up: int
) -> dict[str, tuple[float, float]]:
    """(value, second moment) of each option for a two-card hand against an up card."""
    return {
        name: (float(value[up]), float(square[up]))
        for name, (value, square) in two_card_option_table(result, first, second).items()
    }


def two_card_option_table(
    result: GameValues, first: int, second: int
) -> dict[str, tuple[FloatArray, FloatArray]]:
    """`two_card_options` against every up card at once: (values, second moments) by up card
    (the hand is found once, not once per up card)."""
    rules, table, values = result.rules, result.table, result.values
    hand = [0] * 10
    hand[first] += 1
    hand[second] += 1
    # rest[up]: the shoe less the hand and that up card.
    rest = (table.shoe - np.array(hand))[None, :] - np.eye(10, dtype=np.int64)
    total = rest.sum(axis=1).astype(np.float64)
    chance = np.zeros(10)
    chance[ACE] = float(rest[ACE, TEN]) / total[ACE]
    chance[TEN] = float(rest[TEN, ACE]) / total[TEN]
    if {first, second} == {ACE, TEN}:
        # 633a.13(a): a Blackjack pays 3 to 2 unless the dealer has one too (633a.7(q)).
        payoff = float(rules.blackjack_ratio)
        return {"stand": (payoff * (1 - chance), payoff**2 * (1 - chance))}
    index = table.find(hand)
    options = {
        name: (values.values[index, :, k], values.squares[index, :, k])
        for k, name in enumerate(("stand", "hit", "double"))  # 633a.10(a): any two cards
    }
    if first == second and max_split_hands(rules, first, table.shoe) >= 2:
        options["split"] = (result.split[first], result.split_square[first])
    if rules.late_surrender:
        # 633a.9(a): half back; against a dealer Blackjack all is lost (633a.9(a)(2)).
        options["surrender"] = (-0.5 - chance / 2, 0.25 * (1 - chance) + chance)
    return options


def _best_options(options: dict[str, tuple[FloatArray, FloatArray]]) -> tuple[FloatArray, ...]:
    """Per up card the option with the highest value, ties to the higher second moment (as
    `max` over the (value, second moment) pairs)."""
    names = iter(options)
    value, square = options[next(names)]
    for name in names:
        other, other_square = options[name]
        better = (other > value) | ((other == value) & (other_square > square))
        value = np.where(better, other, value)
        square = np.where(better, other_square, square)
    return value, square


def _overall(result: GameValues, chart: BasicChart | None) -> None:
    """The expected value of a round over every up card and first two cards."""
    shoe = result.table.shoe
    total = float(shoe.sum())
    held = shoe > 0
    after_up = shoe[None, :] - np.eye(10, dtype=np.int64)  # [up, rank]
    n = after_up.sum(axis=1).astype(np.float64)
    up_chance = np.where(held, shoe / total, 0.0)
    overall = np.zeros(10)
    second_moment = np.zeros(10)
    for first in range(10):
        for second in range(10):
            left = after_up[:, second] - (first == second)
            dealt = held & (after_up[:, first] > 0) & (left > 0)
            if not dealt.any():
                continue
            p = np.where(dealt, after_up[:, first] / n * left / (n - 1), 0.0)
            options = two_card_option_table(result, first, second)
            if chart is None:
                value, square = _best_options(options)
            else:
                value, square = np.zeros(10), np.zeros(10)
                for up in (int(up) for up in np.flatnonzero(dealt)):
                    at_up = {name: (float(v[up]), float(q[up])) for name, (v, q) in options.items()}
                    value[up], square[up] = at_up[chart.first_decision(first, second, up, at_up)]
            result.by_up_card += p * value
            overall += p * up_chance * value
            second_moment += p * up_chance * square
    result.overall = float(overall.sum())
    result.second_moment = float(second_moment.sum())
