"""The expected value of splitting a pair, exact for CDZ- play with resplits (633a.11).

The method is Eric Farmer's (blackjack_split.pdf): each split hand's value is conditioned on how
many extra pair cards (resplits) and other hands' non-pair second cards have left the shoe, using
EV[X; a, b] = (EV[X; a, b-1] - v EV[X; a+1, b-1]) / (1 - v), where v is the chance that an
unseen removed card is a pair card. X is a hand whose second card is any card (no resplit left),
N one whose second card is known not to pair, P one that drew the pair card. Every arrangement
of pair and non-pair cards that reaches a given number of hands is weighted by its probability
times the number of orders it can come in (`orderings`, a ballot count, for any house limit of
hands, 633a.11(c)). Pairs are resplit whenever the rules allow.

The second moment of a split round is not exact. All its hands play against one dealer hand,
so they win and lose together, and that covariance is most of a split's variance. It is kept by
conditioning on the dealer's final outcome d (17-21, bust; 22 where it is returned): given d the
hands are treated as independent. What they then still share is card removal (one hand's cards
are missing from the other's draws), an effect of the order of one card in the shoe; the number
of hands is likewise taken as independent of d. The covariance left out is negative and small:
0.2-1% of a split's second moment from one deck, about half that from two, in the cases that
tests/analysis/test_variance.py enumerates in full. A split ending with h hands then has

    E[S^2 | d] = h m2(d) + h (h - 1) m1(d)^2,   m1(d) = E[X | d], m2(d) = E[X^2 | d],

for one split "X" hand X, and the round's second moment is
sum_d P(d) (E[h] m2(d) + E[h(h-1)] m1(d)^2), with E[h] and E[h(h-1)] from the chances of ending
with 2, 3, ... hands up to the limit (`hand_count_chances`, from the shoe less the pair and the
up card, `hand_factorial_moments`). The joint law of X and d is exact for the one hand
(`kernels.split_hand_outcomes`: each final hand, stood, busted or doubled, is weighed against
the dealer distribution of the shoe less its own cards, the other pair card and the up card),
so sum_d P(d) m1(d) and sum_d P(d) m2(d) are exactly the X hand's value and second moment and
only the cross terms m1(d)^2 carry the approximation.

A dealer Blackjack is no outcome d when it costs exactly the initial wager: with the dealer
checking first (633a.7(h)) no split is played against it, and with original bets only
(633a.11(d); the non-PA game without a check) a split played against it loses only the initial
wager. The round then loses 1, adding P(Blackjack) to the second moment, as the first moment
adds back the extra hands' wagers (`blackjack_refund`). In the non-PA game with neither, a
Blackjack is one more outcome d, against which every hand loses its whole stake.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from tablegames.blackjack.analysis.dealer_hands import BLACKJACK, FloatArray, IntArray
from tablegames.blackjack.analysis.hands import ACE, TEN, HandTable
from tablegames.blackjack.analysis.kernel_loader import split_hand_outcomes
from tablegames.blackjack.rules import Rules


@dataclass(frozen=True)
class Values:
    """values[hand, up, option] and their second moments; option 0 stand, 1 hit, 2 double.
    `fixed[hand, up]` is -1 for CDZ- play or the option a fixed chart plays. `dealer` holds
    the dealer outcome rows (distinct removals, up card, outcome) the values were taken
    against and `dealer_row` each hand's row: the split second moment needs them."""

    values: FloatArray
    squares: FloatArray
    fixed: IntArray
    dealer: FloatArray | None = None
    dealer_row: IntArray | None = None


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


def chosen_options(
    table: HandTable, values: Values, indices: IntArray, *, may_double: bool
) -> IntArray:
    """`chosen_option` for several hands against every up card at once: options[hand, up]."""
    options = np.argmax(values.values[table.decide[indices], :, : 3 if may_double else 2], axis=2)
    fixed = values.fixed[indices]
    # Chart codes: 0 stand, 1 hit, 2 double else hit, 3 double else stand.
    charted = np.where(fixed >= 2, 2 if may_double else np.where(fixed == 2, 1, 0), fixed)
    options = np.where(fixed >= 0, charted, options)
    chosen: IntArray = np.where((table.best[indices] >= 21)[:, None], 0, options)
    return chosen


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
    # The pair card and each second card, in this context (the same for every up card); a
    # second card the shoe no longer holds has no chance and is left out.
    ranks = [rank for rank in range(10) if remaining[rank] > 0]
    indices = np.zeros(10, dtype=np.int64)
    for rank in ranks:
        hand = [0] * 10
        hand[pair] += 1
        hand[rank] += 1
        indices[rank] = table.find(hand, context)
    if pair == ACE and not rules.hit_split_aces:
        options = np.zeros((10, 10), dtype=np.int64)  # 633a.11(c): one card to split aces
    else:
        options = chosen_options(table, values, indices, may_double=rules.double_after_split)
    ups = np.arange(10)
    value = values.values[indices[:, None], ups, options]  # [second card, up]
    second = values.squares[indices[:, None], ups, options]
    # after_up[up, rank]: the shoe less the up card. Sums run card by card, as one hand's would.
    after_up = remaining - np.eye(10, dtype=np.int64)
    live = remaining > 0
    probabilities = after_up / np.where(live, after_up.sum(axis=1), 1)[:, None]
    for rank in ranks:
        p = np.where(live & (after_up[:, rank] > 0), probabilities[:, rank], 0.0)
        any_card += p * value[rank]
        square += p * second[rank]
        if rank == pair:
            pair_card = np.where(p != 0, value[rank], 0.0)
    return any_card, pair_card, square


def split_value(
    rules: Rules, table: HandTable, values: Values, pair: int, most: int, *, push_22: bool = False
) -> tuple[FloatArray, FloatArray]:
    """E(split) per up card for a pair of rank `pair`, up to `most` hands (exact for the
    strategy), and its second moment: the hands are taken as independent given the dealer's
    final outcome (the module docstring), so their covariance through the dealer's hand is in."""
    shoe = table.shoe.copy()
    shoe[pair] -= 2
    n_shoe = float(shoe.sum())
    most_removed = min((most - 2) * 2, int(table.shoe[pair]) - 2)
    # Farmer's recurrence conditions on an unseen card not being a pair card (1 - v > 0): each
    # of up to `most` - 1 hands completed with a non-pair card, and the hand valued holding one
    # more, must leave one in the shoe. Every shoe of whole decks does (a deck holds 36 cards
    # that are not ten-values, and 16 hands is the limit, 633a.11(c)); a few cards may not.
    others = n_shoe - shoe[pair] - (shoe > 0) * (np.arange(10) != pair)
    if (others[shoe > 0] < most).any():
        raise ValueError(
            f"a split to {most} hands needs at least {most} cards that are not the pair card "
            "left after the up card; this shoe holds fewer"
        )
    any_card: dict[int, FloatArray] = {}
    pair_card: dict[int, FloatArray] = {}
    for removed in range(most_removed + 1):
        any_card[removed], pair_card[removed], _ = split_hand_values(
            rules, table, values, pair, removed
        )
    total = np.zeros(10)
    pair_count = float(shoe[pair])
    at_pair = np.arange(10) == pair

    def chance_pair(pairs: int, others: int, own: int) -> FloatArray:
        # The shoe less the split pair, the up card, extra pair cards, other hands' second
        # cards and, for an N hand, its own non-pair card.
        top: FloatArray = (pair_count - pairs - at_pair) / (n_shoe - own - pairs - others)
        return top

    # Farmer's recurrence removes the `others` unseen cards one at a time, each a pair card
    # (chance v) or not; EV[X; a, b] depends only on (a, b), so each is computed once
    # (`cache`): unrolled as a sum over every path of pair and non-pair removals it took
    # 2^others terms, some 10^6 calls at 16 hands (633a.11(c)).
    @cache
    def ev_x(pairs: int, others: int) -> FloatArray:
        """EV[X; pairs, others]: zero when the shoe holds fewer pair cards (no chance)."""
        if pairs not in any_card:
            return np.zeros(10)
        if others == 0:
            return any_card[pairs]
        v = chance_pair(pairs, others, 0)
        result: FloatArray = (ev_x(pairs, others - 1) - v * ev_x(pairs + 1, others - 1)) / (1 - v)
        return result

    @cache
    def ev_n(pairs: int, others: int) -> FloatArray:
        """EV[N; pairs, others], an N hand's own non-pair card removed as well."""
        if pairs not in any_card:
            return np.zeros(10)
        v = chance_pair(pairs, others, 1)
        if others == 0:
            start: FloatArray = (any_card[pairs] - v * pair_card[pairs]) / (1 - v)
            return start
        result: FloatArray = (ev_n(pairs, others - 1) - v * ev_n(pairs + 1, others - 1)) / (1 - v)
        return result

    def add_x(weight: FloatArray, pairs: int, others: int) -> None:
        nonlocal total
        total += weight * ev_x(pairs, others)

    def add_n(weight: FloatArray, pairs: int, others: int) -> None:
        nonlocal total
        total += weight * ev_n(pairs, others)

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
        add_n(arrangement(h - 2, h, float(orderings(h - 2, h - 1))) * h, h - 2, h - 1)
    # Reaching `most` hands after k hands were completed with non-pair cards.
    for k in range(most - 1):
        ways = float(orderings(most - 3, k)) if most > 2 else 1.0
        weight = arrangement(most - 2, k, ways)
        if k > 0:
            add_n(weight * k, most - 2, k - 1)
        add_x(weight * (most - k), most - 2, k)
    refund = rules.dealer_peeks or rules.original_bets_only
    second = split_second_moment(
        split_outcomes(rules, table, values, pair, push_22=push_22),
        *hand_factorial_moments(shoe, pair, most),
        refund=refund,
    )
    if refund:
        total += blackjack_refund(shoe, pair, most)
    return total, second


def split_outcomes(
    rules: Rules, table: HandTable, values: Values, pair: int, *, push_22: bool = False
) -> FloatArray:
    """The joint law of one split X hand and the dealer's final outcome, per up card:
    [up, 0, d] P(d), [up, 1, d] E[X; d], [up, 2, d] E[X^2; d] (`kernels.split_hand_outcomes`)."""
    if values.dealer is None or values.dealer_row is None:
        raise ValueError("the split second moment needs the dealer rows of hand_table_values")
    context = table.keys.index((pair, 1))
    members = np.nonzero(table.context_id == context)[0]
    members = members[np.argsort(table.hard[members], kind="stable")].astype(np.int64)
    local = np.full(len(table.hard), -1, dtype=np.int64)
    local[members] = np.arange(len(members), dtype=np.int64)
    starts = np.full(10, -1, dtype=np.int64)
    for rank in range(10):
        hand = [0] * 10
        hand[pair] += 1
        hand[rank] += 1
        try:
            starts[rank] = table.find(hand, (pair, 1))
        except KeyError:
            continue  # the shoe holds no such card besides the pair: no chance
    outcomes: FloatArray = split_hand_outcomes(
        table.shoe,
        table.removal,
        table.best,
        table.successor,
        table.decide,
        values.fixed,
        values.values,
        pair,
        members,
        local,
        starts,
        values.dealer_row,
        values.dealer,
        rules.double_after_split,
        pair == ACE and not rules.hit_split_aces,
        push_22,
    )
    return outcomes


def split_second_moment(
    outcomes: FloatArray, hands: FloatArray, pairs_of_hands: FloatArray, *, refund: bool
) -> FloatArray:
    """sum_d P(d) (E[h] m2(d) + E[h(h-1)] m1(d)^2) per up card, from the joint law of one hand
    and the dealer (`split_outcomes`) and the factorial moments of the number of hands. With
    `refund` a dealer Blackjack is no outcome d: the round then loses exactly 1 (633a.7(h))."""
    chance, first, second = outcomes[:, 0], outcomes[:, 1], outcomes[:, 2]
    if refund:
        blackjack = chance[:, BLACKJACK].copy()
        keep = np.arange(chance.shape[1]) != BLACKJACK
        chance, first, second = chance[:, keep], first[:, keep], second[:, keep]
    else:
        blackjack = np.zeros(len(chance))
    given = np.divide(first**2, chance, out=np.zeros_like(chance), where=chance > 0)
    result: FloatArray = hands * second.sum(axis=1) + pairs_of_hands * given.sum(axis=1) + blackjack
    return result


@cache
def orderings(pairs: int, others: int) -> int:
    """The orders in which a split's hands can draw `pairs` pair cards (each a resplit) and
    `others` non-pair second cards (each completing a hand) with a hand always waiting for its
    second card: before every draw the open hands, 2 + pairs drawn - others drawn, are at least
    one (a ballot count). A split that ends with exactly h hands drew h - 2 pair cards and h
    others, the last an other: `orderings(h - 2, h - 1)` orders; one that reaches `most` hands
    after k others drew its last pair card last: `orderings(most - 3, k)`.

    >>> [orderings(h - 2, h - 1) for h in range(2, 7)]  # ending with 2, 3, 4, 5, 6 hands
    [1, 2, 5, 14, 42]
    >>> [orderings(1, k) for k in range(3)]  # reaching four hands after k others
    [1, 2, 2]
    """
    if pairs < 0 or others < 0 or 2 + pairs - others < 0:
        return 0
    if pairs == 0 and others == 0:
        return 1
    # The last draw was a pair card or an other, each made with a hand open before it.
    ways = 0
    if pairs > 0 and 2 + (pairs - 1) - others >= 1:
        ways += orderings(pairs - 1, others)
    if others > 0 and 2 + pairs - (others - 1) >= 1:
        ways += orderings(pairs, others - 1)
    return ways


def hand_count_chances(rest: IntArray, pair: int, most: int) -> list[float]:
    """The chances that a split ends with 2, 3, ..., `most` hands (resplitting always), drawing
    from `rest`, the shoe less the pair and the up card: h < most hands drew h - 2 pair cards
    and h others, in any of `orderings(h - 2, h - 1)` orders; `most` hands, the rest."""
    n, p = float(rest.sum()), float(rest[pair])
    chances = []
    for h in range(2, most):
        chance = float(orderings(h - 2, h - 1))
        drawn = 0
        for k in range(h - 2):
            chance *= (p - k) / (n - drawn)
            drawn += 1
        for k in range(h):
            chance *= (n - p - k) / (n - drawn)
            drawn += 1
        chances.append(max(chance, 0.0))
    chances.append(1.0 - sum(chances))
    return chances


def hand_factorial_moments(shoe: IntArray, pair: int, most: int) -> tuple[FloatArray, FloatArray]:
    """E[h] and E[h(h-1)] of the number of hands h a split ends with, per up card."""
    hands, pairs_of_hands = np.zeros(10), np.zeros(10)
    for up in range(10):
        rest = shoe.copy()
        if rest[up] == 0:
            continue
        rest[up] -= 1
        for h, chance in enumerate(hand_count_chances(rest, pair, most), start=2):
            hands[up] += h * chance
            pairs_of_hands[up] += h * (h - 1) * chance
    return hands, pairs_of_hands


def _hands_from(rest: IntArray, pair: int, most: int) -> float:
    return sum(h * chance for h, chance in enumerate(hand_count_chances(rest, pair, most), start=2))


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
