"""The player hands the exact analysis values, grouped by what they are valued against.

A hand is a multiset of point values (ranks 0-9 for ace to ten). A *context* says which cards
besides the hand have left the shoe: none for an unsplit hand, or for a split hand of pair
rank p the other split pair card and any extra pair cards (resplits, and pair cards drawn by
hands already completed). Hands of one context with one card more are its successors.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from tablegames.blackjack.analysis.dealer_hands import IntArray
from tablegames.blackjack.drawing import ACE_INDEX, TEN_INDEX
from tablegames.blackjack.rules import Rules

ACE, TEN = ACE_INDEX, TEN_INDEX  # the rank indices of `blackjack.drawing`
NORMAL = (-1, 0)
_BASE = 22  # counts never exceed 21, so a hand is a base-22 number


def hard_total(hand: tuple[int, ...]) -> int:
    return sum(count * (rank + 1) for rank, count in enumerate(hand))


def best_total(hand: tuple[int, ...]) -> int:
    hard = hard_total(hand)
    return hard + 10 if hand[ACE] and hard + 10 <= 21 else hard


@lru_cache(maxsize=1)
def all_multisets() -> IntArray:
    """Every multiset of card values with a hard total of 21 or less (the empty one too)."""
    found: list[tuple[int, ...]] = []
    hand = [0] * 10

    def grow(left: int, start: int) -> None:
        found.append(tuple(hand))
        for rank in range(start, 10):
            if rank + 1 > left:
                break
            hand[rank] += 1
            grow(left - rank - 1, rank)
            hand[rank] -= 1

    grow(21, 0)
    return np.array(found, dtype=np.int64)


def max_split_hands(rules: Rules, pair: int, shoe: IntArray) -> int:
    """Hands a pair may become: `max_hands`, aces only twice unless resplit (633a.11(c))."""
    if rules.max_hands < 2:
        return 0
    hands = rules.max_hands if (pair != ACE or rules.resplit_aces) else 2
    return int(min(hands, shoe[pair]))


@dataclass
class HandTable:
    """Every valued hand: cards, removal from the shoe, context, and successors."""

    shoe: IntArray
    keys: list[tuple[int, int]]  # context keys; index 0 is the unsplit context
    cards: IntArray  # (hands, 10)
    removal: IntArray  # (hands, 10): the hand plus its context's extra pair cards
    context_id: IntArray  # (hands,)
    successor: IntArray  # (hands, 10): same context, one card more; -1 when that busts
    decide: IntArray  # (hands,): the unsplit hand with the same cards (CDZ- decisions)
    best: IntArray  # (hands,): best total
    hard: IntArray  # (hands,): hard total
    _codes: IntArray  # sorted hand codes, for `find`
    _order: IntArray

    def find(self, hand: tuple[int, ...] | list[int], context: tuple[int, int] = NORMAL) -> int:
        """The index of `hand` in `context`; KeyError if the table does not hold it."""
        code = self.keys.index(context) * _STRIDE + int(np.dot(hand, _WEIGHTS))
        position = int(np.searchsorted(self._codes, code))
        if position >= len(self._codes) or self._codes[position] != code:
            raise KeyError((hand, context))
        return int(self._order[position])


_WEIGHTS = _BASE ** np.arange(10, dtype=np.int64)
_STRIDE = int(_BASE**10)


def context_keys(rules: Rules, shoe: IntArray) -> list[tuple[int, int]]:
    """The unsplit context, then (pair, extra) for every split the rules allow."""
    keys = [NORMAL]
    for pair in range(10):
        most = max_split_hands(rules, pair, shoe)
        if most >= 2:
            # A split hand is valued with the other pair card and up to 2 (most - 2) extra
            # pair cards gone (resplit pairs, and pair cards drawn by completed hands).
            for extra in range(1, min((most - 2) * 2 + 1, int(shoe[pair]) - 1) + 1):
                keys.append((pair, extra))
    return keys


def build_hand_table(rules: Rules, shoe: IntArray) -> HandTable:
    """All hands of every context, with successors, vectorized over the multisets."""
    multisets = all_multisets()
    sizes = multisets.sum(axis=1)
    keys = context_keys(rules, shoe)
    parts_cards, parts_removal, parts_context = [], [], []
    for number, (pair, extra) in enumerate(keys):
        mask = sizes >= 2
        removal = multisets.copy()
        if pair >= 0:
            mask &= multisets[:, pair] >= 1
            removal[:, pair] += extra
        mask &= np.all(removal <= shoe, axis=1)
        parts_cards.append(multisets[mask])
        parts_removal.append(removal[mask])
        parts_context.append(np.full(int(mask.sum()), number, dtype=np.int64))
    cards = np.concatenate(parts_cards)
    removal = np.concatenate(parts_removal)
    context_id = np.concatenate(parts_context)
    code: IntArray = (context_id * _STRIDE + cards @ _WEIGHTS).astype(np.int64)
    order = np.argsort(code)
    sorted_code = code[order]

    def lookup(codes: IntArray) -> IntArray:
        position = np.minimum(np.searchsorted(sorted_code, codes), len(sorted_code) - 1)
        return np.where(sorted_code[position] == codes, order[position], -1)

    hard = cards @ np.arange(1, 11, dtype=np.int64)
    best = np.where((cards[:, ACE] > 0) & (hard + 10 <= 21), hard + 10, hard)
    successor = np.full((len(cards), 10), -1, dtype=np.int64)
    for rank in range(10):
        fits = hard + rank + 1 <= 21
        successor[fits, rank] = lookup(code[fits] + _WEIGHTS[rank])
    return HandTable(
        shoe=shoe,
        keys=keys,
        cards=cards,
        removal=removal,
        context_id=context_id,
        successor=successor,
        decide=lookup(cards @ _WEIGHTS),  # the same cards in the unsplit context
        best=best,
        hard=hard,
        _codes=sorted_code,
        _order=order,
    )
