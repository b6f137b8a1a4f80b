"""The player hands the exact analysis values, grouped by what they are valued against.

A hand is a multiset of point values (ranks 0-9 for ace to ten). A *context* says which cards
besides the hand have left the shoe: none for an unsplit hand, or for a split hand of pair
rank p the other split pair card and any extra pair cards (resplits, and pair cards drawn by
hands already completed). Hands of one context with one card more are its successors.
"""

from __future__ import annotations

from dataclasses import dataclass, field
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
    # code -> row, built on the first `find`: the player's final hands (Bad Beat) look up some
    # 16,000 hands, where a NumPy search per hand took 20 microseconds.
    _rows: dict[int, int] | None = field(default=None, repr=False, compare=False)

    def find(self, hand: tuple[int, ...] | list[int], context: tuple[int, int] = NORMAL) -> int:
        """The index of `hand` in `context`; KeyError if the table does not hold it."""
        if self._rows is None:
            self._rows = dict(zip(self._codes.tolist(), self._order.tolist(), strict=True))
        code = self.keys.index(context) * _STRIDE
        for count, weight in zip(hand, _PLAIN_WEIGHTS, strict=True):
            code += int(count) * weight
        row = self._rows.get(code)
        if row is None:
            raise KeyError((hand, context))
        return row


_WEIGHTS = _BASE ** np.arange(10, dtype=np.int64)
_STRIDE = int(_BASE**10)
_PLAIN_WEIGHTS = tuple(int(weight) for weight in _WEIGHTS)


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


@lru_cache(maxsize=1)
def _multiset_links() -> tuple[IntArray, IntArray, IntArray]:
    """For `all_multisets`: each one's code (base 22), the multiset one card more of each rank
    (-1 past 21), and the multisets in code order. Shared by every table, whatever the rules."""
    multisets = all_multisets()
    codes: IntArray = multisets @ _WEIGHTS
    by_code = np.argsort(codes)
    sorted_codes = codes[by_code]
    hard = multisets @ np.arange(1, 11, dtype=np.int64)
    successor = np.full((len(multisets), 10), -1, dtype=np.int64)
    for rank in range(10):
        fits = hard + rank + 1 <= 21
        successor[fits, rank] = by_code[np.searchsorted(sorted_codes, codes[fits] + _WEIGHTS[rank])]
    for array in (codes, successor, by_code):
        array.setflags(write=False)  # cached: shared by every table
    return codes, successor, by_code


def build_hand_table(rules: Rules, shoe: IntArray) -> HandTable:
    """All hands of every context, with successors, vectorized over the multisets.

    A context's hands are multisets of `all_multisets`, so a successor is looked up once per
    multiset (`_multiset_links`) and mapped to the context's row, rather than searched for in
    the whole table.
    """
    multisets = all_multisets()
    codes, links, by_code = _multiset_links()
    sizes = multisets.sum(axis=1)
    keys = context_keys(rules, shoe)
    # row[context, multiset]: the table row of that multiset in that context, -1 if absent.
    row = np.full((len(keys), len(multisets)), -1, dtype=np.int64)
    extra = np.zeros((len(keys), 10), dtype=np.int64)
    parts_multiset = []
    start = 0
    # A context's hand fits the shoe when the other ranks fit and the pair rank leaves room for
    # the extra pair cards: whether the other ranks fit is worked out once per pair rank.
    over = (multisets > shoe).astype(np.int64)
    over_count = over.sum(axis=1)
    for number, (pair, count) in enumerate(keys):
        mask = sizes >= 2
        if pair < 0:
            mask &= over_count == 0
        else:
            extra[number, pair] = count
            mask &= over_count == over[:, pair]
            mask &= (multisets[:, pair] >= 1) & (multisets[:, pair] + count <= shoe[pair])
        members = np.flatnonzero(mask)
        row[number, members] = np.arange(start, start + len(members), dtype=np.int64)
        parts_multiset.append(members)
        start += len(members)
    multiset = np.concatenate(parts_multiset)
    context_id = np.repeat(np.arange(len(keys), dtype=np.int64), [len(p) for p in parts_multiset])
    cards = multisets[multiset]
    removal = cards + extra[context_id]
    grown = links[multiset]
    # Flat indices into `row` (faster than indexing it by two arrays); -1 stays -1.
    flat = np.where(grown >= 0, grown + (context_id * len(multisets))[:, None], -1)
    successor = np.where(flat >= 0, row.reshape(-1)[flat], -1)
    hard = cards @ np.arange(1, 11, dtype=np.int64)
    best = np.where((cards[:, ACE] > 0) & (hard + 10 <= 21), hard + 10, hard)
    # Contexts come in order and the context leads the code: each context's rows in multiset
    # code order, one context after another, are the whole table in code order.
    by_context = row[:, by_code]
    order = by_context[by_context >= 0]
    code: IntArray = context_id * _STRIDE + codes[multiset]
    return HandTable(
        shoe=shoe,
        keys=keys,
        cards=cards,
        removal=removal,
        context_id=context_id,
        successor=successor,
        decide=row[0, multiset],  # the same cards in the unsplit context
        best=best,
        hard=hard,
        _codes=code[order],
        _order=order,
    )
