"""The dealer's possible hands, enumerated once per drawing rule (633a.7(m)), and the exact
probability of each final total for any shoe composition (card removal included).

Every ordered way the dealer can draw to a standing total is enumerated from each up card; hands
with the same cards are merged and counted (`multiplier[up]` orderings). For a shoe with counts
c[r] the probability of one ordering of a hand with k[r] cards of each rank is
prod_r c[r]^(k[r]) / n^(K) (falling factorials), the same for every ordering, so the
probability of a final total is a sum over a few thousand hands (1,676 when the dealer stands
on soft 17): a small numba kernel. Hands that share their first cards (in rank order) share the
product of those cards' falling factorials, computed once per shoe on a trie (2,116 nodes
instead of 5,756 factors). The kernel walks that trie for a batch of shoes at once, each step
one SIMD loop over the batch: the analysis of one rule set asks for some 26,000 shoes, and
batching made the kernel about ten times faster than walking the trie once per shoe.

Ranks are indexed 0-9 for the point values 1 (ace) to 10, the convention of
`blackjack.drawing` (ACE_INDEX, TEN_INDEX); the drawing rule is its `dealer_draws`, the one the
round engine's dealer follows.

>>> hands = dealer_hands(hits_soft_17=False)
>>> probabilities = dealer_probabilities(hands, shoe_counts(1))
>>> round(float(probabilities[5, BUST]), 4)  # a single deck, dealer shows 6
0.4208
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from tablegames.blackjack.analysis import kernel_loader
from tablegames.blackjack.analysis.dealer_columns import BLACKJACK as BLACKJACK
from tablegames.blackjack.analysis.dealer_columns import BUST as BUST
from tablegames.blackjack.analysis.dealer_columns import EXACTLY_22 as EXACTLY_22
from tablegames.blackjack.analysis.dealer_columns import MAX_CARDS as MAX_CARDS
from tablegames.blackjack.analysis.dealer_columns import OUTCOMES as OUTCOMES
from tablegames.blackjack.analysis.dealer_columns import TOTALS as TOTALS
from tablegames.blackjack.analysis.dealer_columns import FloatArray as FloatArray
from tablegames.blackjack.analysis.dealer_columns import IntArray as IntArray
from tablegames.blackjack.drawing import (
    ACE_INDEX,
    RANK_CLASSES,
    TEN_INDEX,
    dealer_draws,
    point_value,
)


def shoe_counts(decks: int) -> IntArray:
    """Cards of each point value (ace, 2, ..., 9, ten-values) in `decks` decks."""
    counts = np.full(RANK_CLASSES, 4 * decks, dtype=np.int64)
    counts[TEN_INDEX] = 16 * decks
    return counts


@dataclass(frozen=True)
class DealerHands:
    """Every standing (17-21, not Blackjack) dealer hand: its cards, total and orderings."""

    cards: IntArray  # (hands, 10) cards of each rank
    total_index: IntArray  # (hands,) 0-4 for totals 17-21
    multiplier: IntArray  # (hands, 10) orderings that start with each up card

    @cached_property
    def compiled(self) -> CompiledDealer:
        """These hands as `dealer_outcomes` reads them, compiled once (`sparse_dealer`)."""
        return sparse_dealer(self)


def dealer_hands(*, hits_soft_17: bool, with_22: bool = False) -> DealerHands:
    """Enumerate the dealer's standing hands under 633a.7(m) (or the non-PA H17 what-if)."""
    # Positional for the cache: lru_cache keys `f(x=1)` and `f(x=1, y=False)` apart, which
    # had the same hands enumerated twice in one analysis.
    return _dealer_hands(hits_soft_17, with_22)


_POINTS = tuple(point_value(rank) for rank in range(RANK_CLASSES))


@lru_cache(maxsize=4)
def _dealer_hands(hits_soft_17: bool, with_22: bool) -> DealerHands:
    """`dealer_hands`, one number of cards at a time: hands in the making with the same cards
    (and up card) are merged, their orderings added, so each is drawn to once (a walk of every
    ordering took 120,960 steps)."""
    found: dict[tuple[int, ...], list[int]] = {}
    for up in range(RANK_CLASSES):
        start = [0] * RANK_CLASSES
        start[up] = 1
        # cards -> (hard total, orderings)
        frontier: dict[tuple[int, ...], tuple[int, int]] = {tuple(start): (point_value(up), 1)}
        cards = 1
        while frontier:
            following: dict[tuple[int, ...], tuple[int, int]] = {}
            for counts, (hard, orderings) in frontier.items():
                # 633a.3(e)(3): one ace counts 11 when that keeps the hand at 21 or less.
                soft = counts[ACE_INDEX] > 0 and hard + 10 <= 21
                total = hard + 10 if soft else hard
                if cards < 2 or dealer_draws(total, soft, hits_soft_17=hits_soft_17):
                    for rank in range(RANK_CLASSES):
                        grown = (*counts[:rank], counts[rank] + 1, *counts[rank + 1 :])
                        before = following.get(grown)
                        following[grown] = (
                            (hard + _POINTS[rank], orderings)
                            if before is None
                            else (before[0], before[1] + orderings)
                        )
                    continue
                if (total > 21 and not (with_22 and total == 22)) or (cards == 2 and total == 21):
                    continue  # busts are counted as the remainder; Blackjack separately
                found.setdefault((*counts, total), [0] * RANK_CLASSES)[up] += orderings
            frontier = following
            cards += 1
    keys = sorted(found)
    return DealerHands(
        cards=np.array([key[:10] for key in keys], dtype=np.int64),
        total_index=np.array([key[10] - 17 for key in keys], dtype=np.int64),
        multiplier=np.array([found[key] for key in keys], dtype=np.int64),
    )


class CompiledDealer(NamedTuple):
    """The dealer's hands as `dealer_outcomes` reads them (`sparse_dealer`)."""

    depth: npt.NDArray[np.int32]
    factor: npt.NDArray[np.int32]
    sizes: npt.NDArray[np.int32]
    slot_start: npt.NDArray[np.int32]
    slots: npt.NDArray[np.int32]
    weights: FloatArray


def sparse_dealer(hands: DealerHands) -> CompiledDealer:
    """Dealer hands compiled for `dealer_outcomes`: a trie of their cards in depth-first order,
    and where each hand's chance goes.

    A hand's cards are its (rank, count) entries in rank order. Hands sharing the first entries
    share the product of their falling factorials, so the products are computed once per trie
    node. Listed depth first, a node's parent is the last node listed one level up, so the
    kernel keeps only one running product per level (a stack of a dozen rows that stays in the
    L1 cache) instead of one per node. Each node has its `depth` (1 for a first entry) and
    `factor` (rank * (MAX_CARDS + 1) + count, an index into the shoe's falling factorials); a
    node that is a whole hand has its number of cards in `sizes` (0 otherwise) and (CSR from
    `slot_start`) the output slots up * OUTCOMES + column it adds its chance to, times its
    orderings from that up card.
    """
    children: dict[tuple[tuple[int, int], ...], set[tuple[tuple[int, int], ...]]] = {(): set()}
    hand_of: dict[tuple[tuple[int, int], ...], int] = {}
    for row in range(hands.cards.shape[0]):
        entries = tuple((rank, int(count)) for rank, count in enumerate(hands.cards[row]) if count)
        for depth in range(1, len(entries) + 1):
            children.setdefault(entries[:depth], set())
            children[entries[: depth - 1]].add(entries[:depth])
        hand_of[entries] = row
    depths: list[int] = []
    factor: list[int] = []
    sizes: list[int] = []
    slot_start = [0]
    slots: list[int] = []
    weights: list[float] = []
    pending = sorted(children[()], reverse=True)
    while pending:
        node = pending.pop()
        rank, count = node[-1]
        depths.append(len(node))
        factor.append(rank * (MAX_CARDS + 1) + count)
        row = hand_of.get(node, -1)
        sizes.append(int(hands.cards[row].sum()) if row >= 0 else 0)
        if row >= 0:
            column = int(hands.total_index[row])
            if column == 5:
                column = EXACTLY_22  # only enumerated for Blackjack Switch (with_22)
            for up in range(10):
                if hands.multiplier[row, up]:
                    slots.append(up * OUTCOMES + column)
                    weights.append(float(hands.multiplier[row, up]))
        slot_start.append(len(slots))
        pending.extend(sorted(children[node], reverse=True))
    return CompiledDealer(
        depth=np.array(depths, dtype=np.int32),
        factor=np.array(factor, dtype=np.int32),
        sizes=np.array(sizes, dtype=np.int32),
        slot_start=np.array(slot_start, dtype=np.int32),
        slots=np.array(slots, dtype=np.int32),
        weights=np.array(weights, dtype=np.float64),
    )


# Shoes evaluated together: every trie step is one loop over the batch, which LLVM turns into
# SIMD instructions (4 doubles each with AVX2) and which amortises the trie's index loads; 64 to
# 128 measured fastest, the working set (falling factorials, stack, outcomes) staying in cache.
BATCH = 96


def dealer_outcomes(
    shoes: IntArray,
    depth: npt.NDArray[np.int32],
    factor: npt.NDArray[np.int32],
    sizes: npt.NDArray[np.int32],
    slot_start: npt.NDArray[np.int32],
    slots: npt.NDArray[np.int32],
    weights: FloatArray,
) -> FloatArray:
    """P(dealer outcome | up card) for every shoe: (shoes, 10 up cards, OUTCOMES outcomes),
    from the compiled hands of `sparse_dealer`."""
    outcomes: FloatArray = kernel_loader.dealer_outcome_kernel(
        max(1, min(BATCH, shoes.shape[0])), shoes, depth, factor, sizes, slot_start, slots, weights
    )
    return outcomes


def dealer_probabilities(hands: DealerHands, shoe: IntArray) -> FloatArray:
    """P(final outcome | up card) for the dealer drawing from `shoe` (the up card included).

    Rows are up cards (ace first); columns 17, 18, 19, 20, 21, bust, Blackjack. A row for an up
    card the shoe does not hold is all zero.
    """
    outcomes: FloatArray = dealer_outcomes(shoe.reshape(1, 10), *hands.compiled)
    return np.asarray(outcomes[0], dtype=np.float64)
