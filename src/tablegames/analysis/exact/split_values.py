"""The expected value of splitting a pair, exact for CDZ- play with resplits (633a.11).

The method is Eric Farmer's (blackjack_split.pdf): each split hand's value is conditioned on how
many extra pair cards (resplits) and other hands' non-pair second cards have left the shoe, using
EV[X; a, b] = (EV[X; a, b-1] - v EV[X; a+1, b-1]) / (1 - v), where v is the chance that an
unseen removed card is a pair card. X is a hand whose second card is any card (no resplit left),
N one whose second card is known not to pair, P one that drew the pair card. Every arrangement
of pair and non-pair cards that reaches a given number of hands is weighted by its probability.
Pairs are resplit whenever the rules allow.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tablegames.analysis.exact.dealer_hands import FloatArray, IntArray
from tablegames.analysis.exact.hands import ACE, TEN, HandTable
from tablegames.rules import Rules


@dataclass(frozen=True)
class Values:
    """values[hand, up, option] and their second moments; option 0 stand, 1 hit, 2 double.
    `fixed[hand, up]` is -1 for CDZ- play or the option a fixed chart plays."""

    values: FloatArray
    squares: FloatArray
    fixed: IntArray


def chosen_option(
    table: HandTable, values: Values, index: int, up: int, *, may_double: bool
) -> int:
    """The option played: CDZ- (best for the unsplit hand with the same cards) or the chart."""
    if table.best[index] >= 21:
        return 0  # 633a.7(k)(1): no draw on 21
    fixed = int(values.fixed[index, up])
    if fixed >= 0:
        # Chart codes: 0 stand, 1 hit, 2 double else hit, 3 double else stand.
        if fixed >= 2:
            return 2 if may_double else (1 if fixed == 2 else 0)
        return fixed
    decide = int(table.decide[index])
    options = values.values[decide, up, : 3 if may_double else 2]
    return int(np.argmax(options))


def played(
    table: HandTable, values: Values, index: int, up: int, *, may_double: bool
) -> tuple[float, float]:
    """(value, second moment) of a hand played by the strategy, valued in its own context."""
    option = chosen_option(table, values, index, up, may_double=may_double)
    return float(values.values[index, up, option]), float(values.squares[index, up, option])


def split_hand_values(
    rules: Rules, table: HandTable, values: Values, pair: int, removed: int
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """EV[X; a, 0], EV[P; a, 0] and the X hand's second moment per up card, with `removed`
    extra pair cards gone."""
    context = (pair, removed + 1)
    remaining = table.shoe.copy()
    remaining[pair] -= removed + 2
    any_card = np.zeros(10)
    pair_card = np.zeros(10)
    square = np.zeros(10)
    one_card_aces = pair == ACE and not rules.hit_split_aces
    for up in range(10):
        if remaining[up] == 0:
            continue
        after_up = remaining.copy()
        after_up[up] -= 1
        probabilities = after_up / after_up.sum()
        for rank in range(10):
            if probabilities[rank] == 0:
                continue
            hand = [0] * 10
            hand[pair] += 1
            hand[rank] += 1
            index = table.find(hand, context)
            if one_card_aces:
                # 633a.11(c): split aces receive one card each.
                value = float(values.values[index, up, 0])
                second = float(values.squares[index, up, 0])
            else:
                value, second = played(
                    table, values, index, up, may_double=rules.double_after_split
                )
            any_card[up] += probabilities[rank] * value
            square[up] += probabilities[rank] * second
            if rank == pair:
                pair_card[up] = value
    return any_card, pair_card, square


def split_value(
    rules: Rules, table: HandTable, values: Values, pair: int, most: int
) -> tuple[FloatArray, FloatArray]:
    """E(split) per up card for a pair of rank `pair`, up to `most` hands, and an estimate of
    its second moment (hands treated as independent: their covariance is left out)."""
    shoe = table.shoe.copy()
    shoe[pair] -= 2
    n_shoe = float(shoe.sum())
    most_removed = min((most - 2) * 2, int(table.shoe[pair]) - 2)
    any_card: dict[int, FloatArray] = {}
    pair_card: dict[int, FloatArray] = {}
    squares: dict[int, FloatArray] = {}
    for removed in range(most_removed + 1):
        any_card[removed], pair_card[removed], squares[removed] = split_hand_values(
            rules, table, values, pair, removed
        )
    total = np.zeros(10)

    def chance_pair(pairs: int, others: int, own: int) -> FloatArray:
        # The shoe less the split pair, the up card, extra pair cards, other hands' second
        # cards and, for an N hand, its own non-pair card.
        top = np.full(10, float(shoe[pair] - pairs))
        top[pair] -= 1
        return top / (n_shoe - own - pairs - others)

    def add_x(weight: FloatArray, pairs: int, others: int) -> None:
        nonlocal total
        if pairs not in any_card:
            return  # the shoe holds fewer pair cards: the arrangement has no chance
        if others == 0:
            total += weight * any_card[pairs]
            return
        v = chance_pair(pairs, others, 0)
        add_x(weight / (1 - v), pairs, others - 1)
        add_x(weight * v / (v - 1), pairs + 1, others - 1)

    def add_n(weight: FloatArray, pairs: int, others: int) -> None:
        nonlocal total
        if pairs not in any_card:
            return  # the shoe holds fewer pair cards: the arrangement has no chance
        v = chance_pair(pairs, others, 1)
        if others == 0:
            total += weight / (1 - v) * (any_card[pairs] - v * pair_card[pairs])
            return
        add_n(weight / (1 - v), pairs, others - 1)
        add_n(weight * v / (v - 1), pairs + 1, others - 1)

    def arrangement(pairs_drawn: int, others_drawn: int, ways: float) -> FloatArray:
        chances = np.zeros(10)
        for up in range(10):
            if shoe[up] == 0:
                continue
            n = n_shoe - 1
            p = float(shoe[pair] - (up == pair))
            q = n - p
            chance = ways
            for _ in range(pairs_drawn):
                chance *= p / n
                p, n = p - 1, n - 1
            for _ in range(others_drawn):
                chance *= q / n
                q, n = q - 1, n - 1
            chances[up] = chance
        return chances

    # Stopping early: exactly h < most hands, each completed with a non-pair second card.
    for h in range(2, most):
        add_n(arrangement(h - 2, h, float(h - 1)) * h, h - 2, h - 1)
    # Reaching `most` hands after k hands were completed with non-pair cards.
    for k in range(most - 1):
        ways = 2.0 if most == 4 and k > 0 else 1.0
        weight = arrangement(most - 2, k, ways)
        if k > 0:
            add_n(weight * k, most - 2, k - 1)
        add_x(weight * (most - k), most - 2, k)
    hands = expected_hands(shoe, pair, most)
    per_hand = np.divide(total, hands, out=np.zeros(10), where=hands > 0)
    second = hands * squares[0] + hands * (hands - 1) * per_hand**2
    if rules.dealer_peeks or rules.original_bets_only:
        total += blackjack_refund(shoe, pair, most)
    return total, second


def expected_hands(shoe: IntArray, pair: int, most: int) -> FloatArray:
    """The expected number of hands a split ends with, per up card (resplitting always)."""
    hands = np.zeros(10)
    for up in range(10):
        rest = shoe.copy()
        if rest[up] == 0:
            continue
        rest[up] -= 1
        hands[up] = _hands_from(rest, pair, most)
    return hands


def _hands_from(rest: IntArray, pair: int, most: int) -> float:
    n, p = float(rest.sum()), float(rest[pair])
    two, three, four = 1.0, 0.0, 0.0
    if most > 2:
        two = (n - p) / n * (n - p - 1) / (n - 1)
        three = 1 - two
        if most > 3:
            three = 2 * p / n * (n - p) / (n - 1) * (n - p - 1) / (n - 2) * (n - p - 2)
            three /= n - 3
            four = 1 - two - three
    return 2 * two + 3 * three + 4 * four


def blackjack_refund(shoe: IntArray, pair: int, most: int) -> FloatArray:
    """Against a dealer Blackjack only the initial wager is lost (633a.7(h), 633a.11(d)): add
    back the expected number of extra split hands times P(Blackjack)."""
    refund = np.zeros(10)
    for up, hole in ((ACE, TEN), (TEN, ACE)):
        if shoe[up] == 0 or shoe[hole] == 0:
            continue
        rest = shoe.copy()
        rest[up] -= 1
        blackjack = rest[hole] / rest.sum()
        rest[hole] -= 1
        refund[up] = (_hands_from(rest, pair, most) - 1) * blackjack
    return refund
