"""The exact expected value of the main game under any Rules Submission (CDZ- play).

Composition-dependent zero-memory play: every decision depends on the cards in the hand and the
up card and is the best one for the full shoe less those cards; split hands use the decisions of
unsplit hands with the same cards; the value of splitting (resplits up to 4 hands) is exact for
that strategy (split_values.py).

Values are unconditional (a dealer Blackjack is one of the outcomes) in the accounting of
633a.7(h): with the dealer checking for Blackjack first, a dealer Blackjack costs exactly the
initial wager, so doubles and splits add back what they would otherwise lose (633a.10(b),
633a.11(d)). The non-PA game without a check is valued the same way when original bets only
apply, and with doubles and splits lost in full otherwise.

>>> from tablegames.rules import Rules
>>> values = analyse(Rules(decks=1, max_hands=2, resplit_aces=False, hit_split_aces=False))
>>> round(values.house_edge * 100, 4)  # percent; one deck favours the player
-0.1752
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tablegames.analysis.exact.dealer_hands import (
    FloatArray,
    dealer_hands,
    dealer_probabilities,
    shoe_counts,
)
from tablegames.analysis.exact.hands import (
    ACE,
    TEN,
    HandTable,
    build_hand_table,
    max_split_hands,
)
from tablegames.analysis.exact.kernels import dealer_outcomes, hand_values, sparse_dealer
from tablegames.analysis.exact.split_values import split_value
from tablegames.errors import RulesError
from tablegames.rules import Rules

MAX_EXACT_SPLIT_HANDS = 4


@dataclass
class GameValues:
    """Unconditional expected values per hand and up card, and the game's overall value."""

    rules: Rules
    table: HandTable
    stand: FloatArray
    hit: FloatArray
    double: FloatArray
    split: FloatArray  # (10 pair ranks, 10 up cards); 0 where splitting is not allowed
    dealer: FloatArray  # full-shoe dealer outcomes (10 up cards, 7 outcomes)
    overall: float
    by_up_card: FloatArray

    @property
    def house_edge(self) -> float:
        return -self.overall


def check_supported(rules: Rules) -> None:
    if rules.max_hands > MAX_EXACT_SPLIT_HANDS:
        raise RulesError(
            f"max_hands={rules.max_hands}: the exact split analysis covers up to "
            f"{MAX_EXACT_SPLIT_HANDS} hands",
            paragraph="633a.11(c)",
        )
    if rules.variant != "standard":
        raise RulesError(
            f"variant {rules.variant!r}: the main-game analysis covers the standard game"
        )


def hand_table_values(rules: Rules, table: HandTable) -> tuple[FloatArray, FloatArray, FloatArray]:
    """E(stand), E(hit), E(double) for every hand of the table (the numba path)."""
    sparse = sparse_dealer(dealer_hands(hits_soft_17=rules.dealer_hits_soft_17))
    # Hands with the same removal see the same dealer: compute each distinct shoe once.
    removal_code = table.removal @ (32 ** np.arange(10, dtype=np.int64))
    _, first, dealer_row = np.unique(removal_code, return_index=True, return_inverse=True)
    dealer = dealer_outcomes(table.shoe - table.removal[first], *sparse)
    order = np.argsort(-table.hard, kind="stable").astype(np.int64)
    may_double_next = np.zeros(len(table.hard), dtype=np.int64)
    return hand_values(
        table.shoe,
        table.removal,
        table.best,
        order,
        table.successor,
        table.decide,
        may_double_next,
        dealer_row.reshape(-1).astype(np.int64),
        dealer,
        rules.dealer_peeks or rules.original_bets_only,
    )


def analyse(rules: Rules) -> GameValues:
    """The exact CDZ- expected value of the initial wager under `rules`."""
    check_supported(rules)
    shoe = shoe_counts(rules.decks)
    table = build_hand_table(rules, shoe)
    values = hand_table_values(rules, table)
    split = np.zeros((10, 10))
    for pair in range(10):
        most = max_split_hands(rules, pair, shoe)
        if most >= 2:
            split[pair] = split_value(rules, table, values, pair, most)
    overall, by_up = overall_value(rules, table, values, split)
    hands = dealer_hands(hits_soft_17=rules.dealer_hits_soft_17)
    return GameValues(
        rules=rules,
        table=table,
        stand=values[0],
        hit=values[1],
        double=values[2],
        split=split,
        dealer=dealer_probabilities(hands, shoe),
        overall=overall,
        by_up_card=by_up,
    )


def blackjack_chance(shoe_after: FloatArray, up: int) -> float:
    """P(dealer Blackjack | up card) from the cards left after the up card and the hand."""
    total = float(shoe_after.sum())
    if up == ACE:
        return float(shoe_after[TEN]) / total
    if up == TEN:
        return float(shoe_after[ACE]) / total
    return 0.0


def two_card_options(
    rules: Rules,
    table: HandTable,
    values: tuple[FloatArray, FloatArray, FloatArray],
    split: FloatArray,
    first: int,
    second: int,
    up: int,
) -> dict[str, float]:
    """The unconditional value of each option for a two-card hand against an up card."""
    stand, hit, double = values
    hand = [0] * 10
    hand[first] += 1
    hand[second] += 1
    index = table.find(hand)
    rest = table.shoe - np.array(hand)
    rest[up] -= 1
    chance = blackjack_chance(rest.astype(np.float64), up)
    if {first, second} == {ACE, TEN}:
        # 633a.13(a): a Blackjack pays 3 to 2 unless the dealer has one too (633a.7(q)).
        return {"stand": float(rules.blackjack_ratio) * (1 - chance)}
    options = {
        "stand": float(stand[index, up]),
        "hit": float(hit[index, up]),
        "double": float(double[index, up]),  # 633a.10(a): any first two cards
    }
    if first == second and max_split_hands(rules, first, table.shoe) >= 2:
        options["split"] = float(split[first, up])
    if rules.late_surrender:
        # 633a.9(a): half back; against a dealer Blackjack all is lost (633a.9(a)(2)).
        options["surrender"] = -0.5 - chance / 2
    return options


def overall_value(
    rules: Rules,
    table: HandTable,
    values: tuple[FloatArray, FloatArray, FloatArray],
    split: FloatArray,
) -> tuple[float, FloatArray]:
    """The expected value of a round over every up card and first two cards, best option."""
    shoe = table.shoe
    total = float(shoe.sum())
    by_up = np.zeros(10)
    for up in range(10):
        if shoe[up] == 0:
            continue
        after_up = shoe.copy()
        after_up[up] -= 1
        n = float(after_up.sum())
        for first in range(10):
            for second in range(10):
                p_first = after_up[first] / n
                left = after_up[second] - (first == second)
                if p_first == 0 or left <= 0:
                    continue
                p = p_first * left / (n - 1)
                options = two_card_options(rules, table, values, split, first, second, up)
                by_up[up] += p * max(options.values())
    overall = float(sum(by_up[up] * shoe[up] / total for up in range(10)))
    return overall, by_up
