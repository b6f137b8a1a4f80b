"""The dealer's possible hands, enumerated once per drawing rule (633a.7(m)), and the exact
probability of each final total for any shoe composition (card removal included).

Every ordered way the dealer can draw to a standing total is enumerated from each up card; hands
with the same cards are merged and counted (`multiplier[up]` orderings). For a shoe with counts
c[r] the probability of one ordering of a hand with k[r] cards of each rank is
prod_r c[r]^(k[r]) / n^(K) (falling factorials), the same for every ordering, so the
probability of a final total is a sum over a few thousand hands: a small numba kernel.

Ranks are indexed 0-9 for the point values 1 (ace) to 10.

>>> hands = dealer_hands(hits_soft_17=False)
>>> probabilities = dealer_probabilities(hands, shoe_counts(1))
>>> round(float(probabilities[5, BUST]), 4)  # a single deck, dealer shows 6
0.4208
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numba
import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

# Columns of a dealer distribution: final totals 17-21, bust, Blackjack.
TOTALS = (17, 18, 19, 20, 21)
BUST = 5
BLACKJACK = 6
EXACTLY_22 = 7  # part of BUST; counted only for Blackjack Switch (633a.12(a)(5)(v))
OUTCOMES = 8
MAX_CARDS = 13  # enough for any dealer hand (A A A A 2 2 2 2 3 ... stops well before)


def shoe_counts(decks: int) -> IntArray:
    """Cards of each point value (ace, 2, ..., 9, ten-values) in `decks` decks."""
    counts = np.full(10, 4 * decks, dtype=np.int64)
    counts[9] = 16 * decks
    return counts


@dataclass(frozen=True)
class DealerHands:
    """Every standing (17-21, not Blackjack) dealer hand: its cards, total and orderings."""

    cards: IntArray  # (hands, 10) cards of each rank
    total_index: IntArray  # (hands,) 0-4 for totals 17-21
    multiplier: IntArray  # (hands, 10) orderings that start with each up card


@lru_cache(maxsize=4)
def dealer_hands(*, hits_soft_17: bool, with_22: bool = False) -> DealerHands:
    """Enumerate the dealer's standing hands under 633a.7(m) (or the non-PA H17 what-if)."""
    found: dict[tuple[int, ...], list[int]] = {}
    counts = [0] * 10

    def draw(up: int, hard: int, aces: int, cards: int) -> None:
        soft = aces > 0 and hard + 10 <= 21
        total = hard + 10 if soft else hard
        if total < 17 or (hits_soft_17 and soft and total == 17):
            for rank in range(10):
                counts[rank] += 1
                draw(up, hard + rank + 1, aces + (rank == 0), cards + 1)
                counts[rank] -= 1
            return
        if (total > 21 and not (with_22 and total == 22)) or (cards == 2 and total == 21):
            return  # busts are counted as the remainder; Blackjack separately
        key = (*counts, total)
        found.setdefault(key, [0] * 10)[up] += 1

    for up in range(10):
        counts[up] += 1
        draw(up, up + 1, int(up == 0), 1)
        counts[up] -= 1
    keys = sorted(found)
    return DealerHands(
        cards=np.array([key[:10] for key in keys], dtype=np.int64),
        total_index=np.array([key[10] - 17 for key in keys], dtype=np.int64),
        multiplier=np.array([found[key] for key in keys], dtype=np.int64),
    )


def sparse_dealer(hands: DealerHands) -> tuple[IntArray, ...]:
    """Dealer hands as compressed rows: the ranks each uses, and its up-card orderings."""
    rank_start = [0]
    ranks: list[int] = []
    counts: list[int] = []
    up_start = [0]
    ups: list[int] = []
    multipliers: list[int] = []
    for row in range(hands.cards.shape[0]):
        for rank in range(10):
            if hands.cards[row, rank]:
                ranks.append(rank)
                counts.append(int(hands.cards[row, rank]))
        rank_start.append(len(ranks))
        for up in range(10):
            if hands.multiplier[row, up]:
                ups.append(up)
                multipliers.append(int(hands.multiplier[row, up]))
        up_start.append(len(ups))
    sizes = hands.cards.sum(axis=1)
    rows = (rank_start, ranks, counts, up_start, ups, multipliers)
    return (
        *(np.array(values, dtype=np.int64) for values in rows),
        sizes.astype(np.int64),
        hands.total_index.astype(np.int64),
    )


@numba.njit(cache=True)
def dealer_outcomes(
    shoes: IntArray,
    rank_start: IntArray,
    ranks: IntArray,
    counts: IntArray,
    up_start: IntArray,
    ups: IntArray,
    multipliers: IntArray,
    sizes: IntArray,
    total_index: IntArray,
) -> FloatArray:
    """P(dealer outcome | up card) for every shoe: (shoes, 10 up cards, 7 outcomes)."""
    result = np.zeros((shoes.shape[0], 10, OUTCOMES))
    falling = np.ones((10, MAX_CARDS + 1))
    falling_n = np.ones(MAX_CARDS + 1)
    for s in range(shoes.shape[0]):
        shoe = shoes[s]
        n = 0
        for rank in range(10):
            n += shoe[rank]
            for k in range(1, MAX_CARDS + 1):
                falling[rank, k] = falling[rank, k - 1] * max(shoe[rank] - k + 1, 0)
        for k in range(1, MAX_CARDS + 1):
            falling_n[k] = falling_n[k - 1] * max(n - k + 1, 0)
        out = result[s]
        for hand in range(sizes.shape[0]):
            p = 1.0
            for j in range(rank_start[hand], rank_start[hand + 1]):
                p *= falling[ranks[j], counts[j]]
            if p == 0.0:
                continue
            p /= falling_n[sizes[hand]]
            column = total_index[hand]
            if column == 5:
                column = EXACTLY_22
            for j in range(up_start[hand], up_start[hand + 1]):
                out[ups[j], column] += multipliers[j] * p
        for up in range(10):
            if shoe[up] == 0:
                continue
            standing = 0.0
            for column in range(5):
                out[up, column] *= n / shoe[up]
                standing += out[up, column]
            out[up, EXACTLY_22] *= n / shoe[up]
            if up == 0:
                out[up, BLACKJACK] = shoe[9] / (n - 1)
            elif up == 9:
                out[up, BLACKJACK] = shoe[0] / (n - 1)
            out[up, BUST] = 1.0 - standing - out[up, BLACKJACK]
    return result


def dealer_probabilities(hands: DealerHands, shoe: IntArray) -> FloatArray:
    """P(final outcome | up card) for the dealer drawing from `shoe` (the up card included).

    Rows are up cards (ace first); columns 17, 18, 19, 20, 21, bust, Blackjack. A row for an up
    card the shoe does not hold is all zero.
    """
    outcomes: FloatArray = dealer_outcomes(shoe.reshape(1, 10), *sparse_dealer(hands))
    return np.asarray(outcomes[0], dtype=np.float64)
