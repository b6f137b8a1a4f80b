"""The dealer's draws (633a.7(l)-(m)) enumerated exactly, for the side wagers that read them.

The dealer's final hand depends only on the point values of the cards (633a.3(e)), so a hand is
a multiset of the ten point classes (ace, 2, ..., 9, ten-value). Starting from each up card, every
ordered way of drawing to a standing total or a bust is enumerated once, for the drawing rule
(stand on all 17s, 633a.7(m); or hit a soft 17, the non-PA what-if), and hands holding the same
cards are merged with the number of orderings that reach them (`DealerHand.orderings`). The
enumeration depends on nothing else, so it is cached.

The probability of one hand for a shoe is then exact: every ordering of k cards with m[v] cards of
point value v has probability prod_v c[v](c[v]-1)...(c[v]-m[v]+1) over n(n-1)...(n-k+1), the
shoe's counts c[v] and size n. The dealer checks for Blackjack (633a.7(h)): an ace and a
ten-value card as the first two cards end the hand.

633a.7(n) (no more cards when nothing depends on the dealer's hand) is not applied: the wagers
analysed here keep the dealer drawing (an open EZ Bust or Hit and Run wager depends on the hand,
as the engine's `SideBook.depends_on_dealer` says; a Bad Beat winner has a live 20).

>>> from tablegames.blackjack.analysis.compositions import Composition
>>> shoe = Composition.full(1).points()
>>> after_six = tuple(count - (value == 6) for value, count in enumerate(shoe, start=1))
>>> outcomes = dealer_outcomes(after_six, hits_soft_17=False, up=6)
>>> round(float(sum(p for hand, p in outcomes.items() if hand.total > 21)), 4)
0.4208
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import NamedTuple

from tablegames.blackjack.analysis.compositions import POINT_CLASSES, PointCounts, falling
from tablegames.blackjack.drawing import ACE_INDEX, TEN_INDEX, dealer_draws, point_value

# Hands here count cards by point value (`cards[value - 1]`), the drawing module's rank index
# plus one: these are the ace's and the ten-value cards' point values, not indices.
ACE = point_value(ACE_INDEX)
TEN = point_value(TEN_INDEX)
POINT_VALUES = tuple(point_value(index) for index in range(POINT_CLASSES))


def best_total(hard: int, aces: bool) -> tuple[int, bool]:
    """(total, soft): one ace counts 11 when that keeps the hand at 21 or less (633a.3(e)(3))."""
    if aces and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def dealer_stands(hard: int, aces: bool, cards: int, *, hits_soft_17: bool) -> bool:
    """633a.7(m): two or more cards totalling 17-21 (a soft 17 too unless `hits_soft_17`), or
    more than 21."""
    if cards < 2:
        return False  # 633a.7(f)(4): the hole card always comes
    total, soft = best_total(hard, aces)
    return not dealer_draws(total, soft, hits_soft_17=hits_soft_17)


@dataclass(frozen=True, slots=True)
class DealerHand:
    """A final dealer hand: its up card, all its cards by point class, and how it is reached.

    `cards[v - 1]` counts the cards of point value v, the up card included. `orderings` counts
    the orders of the other cards (hole card first) that the drawing rule produces.
    """

    up: int
    cards: tuple[int, ...]
    size: int
    orderings: int
    total: int
    blackjack: bool

    def drawn(self) -> tuple[tuple[int, int], ...]:
        """(point value, how many) for the cards after the up card, hole card included."""
        return tuple(
            (value, count - (value == self.up))
            for value, count in zip(POINT_VALUES, self.cards, strict=True)
            if count - (value == self.up)
        )


@cache
def dealer_hands(up: int, *, hits_soft_17: bool) -> tuple[DealerHand, ...]:
    """Every final dealer hand with this up card (point value 1-10), for the drawing rule."""
    if up not in POINT_VALUES:
        raise ValueError(f"up card point value {up} is not 1-10")
    start = tuple(int(value == up) for value in POINT_VALUES)
    frontier: dict[tuple[int, ...], int] = {start: 1}
    final: list[DealerHand] = []
    size = 1
    while frontier:
        following: defaultdict[tuple[int, ...], int] = defaultdict(int)
        for cards, orderings in frontier.items():
            hard = sum(value * count for value, count in zip(POINT_VALUES, cards, strict=True))
            aces = cards[ACE_INDEX] > 0
            total, _ = best_total(hard, aces)
            blackjack = size == 2 and total == 21
            if blackjack or dealer_stands(hard, aces, size, hits_soft_17=hits_soft_17):
                final.append(DealerHand(up, cards, size, orderings, total, blackjack))
                continue
            for index in range(POINT_CLASSES):
                grown = list(cards)
                grown[index] += 1
                following[tuple(grown)] += orderings
        frontier = dict(following)
        size += 1
    return tuple(final)


class DealerOutcome(NamedTuple):
    """What the side wagers read of a final dealer hand."""

    cards: int
    total: int
    blackjack: bool


def hand_weight(counts: PointCounts, drawn: tuple[tuple[int, int], ...]) -> int:
    """Ordered tuples of distinct physical cards with these point values, one ordering."""
    weight = 1
    for value, many in drawn:
        weight *= falling(counts[value - 1], many)
        if not weight:
            return 0
    return weight


def dealer_outcomes(
    counts: PointCounts, *, hits_soft_17: bool, up: int | None = None
) -> dict[DealerOutcome, Fraction]:
    """The exact distribution of the dealer's final hand.

    `up` None: the up card, hole card and draws all come from `counts`. `up` a point value: the
    up card is already dealt (it is NOT in `counts`), and the hole card and draws come from
    `counts`; the distribution is conditional on that up card.
    """
    size = sum(counts)
    ups = POINT_VALUES if up is None else (up,)
    # Every outcome has one number of cards, hence one denominator: sum integers, divide once.
    numerators: defaultdict[DealerOutcome, int] = defaultdict(int)
    for value in ups:
        dealt, remaining = (
            (counts[value - 1], without_value(counts, value)) if up is None else (1, counts)
        )
        if not dealt or min(remaining) < 0:
            continue
        for hand in dealer_hands(value, hits_soft_17=hits_soft_17):
            weight = hand.orderings * hand_weight(remaining, hand.drawn())
            if weight:
                numerators[DealerOutcome(hand.size, hand.total, hand.blackjack)] += dealt * weight
    return {
        outcome: Fraction(numerator, falling(size, outcome.cards - (up is not None)))
        for outcome, numerator in numerators.items()
    }


def without_value(counts: PointCounts, value: int) -> PointCounts:
    """The counts after one card of point value `value` is dealt."""
    return tuple(count - (index == value - 1) for index, count in enumerate(counts))


def total_probability(distribution: Mapping[DealerOutcome, Fraction]) -> Fraction:
    return sum(distribution.values(), Fraction(0))
