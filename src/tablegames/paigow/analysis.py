"""Exact math of the wagers that depend on one player's seven cards alone.

`fortune_class_counts()` classifies every one of the C(53,7) = 154,143,080 seven-card hands
into the Fortune classes (paigow/anchors.md 2, in Fortune payout order: the first matching class
wins, three of a kind above the straight) with a numba kernel that walks the hands in nested
loops and keeps the rank and suit tallies up to date card by card. `fortune_edge` and
`envy_per_player` turn the counts into exact `Fraction`s for any paytable.

The kernel has a slow reference twin, `fortune_class_reference`, built on the rankings of
`tablegames.paigow.ranking` over the 21 five-card subsets; tests check they agree.

Classes, by index (`FORTUNE_CLASSES`): natural 7-card straight flush; royal flush with royal
match (the suited K-Q as the other two cards, the royal may use the joker); wild 7-card straight
flush (uses the joker); five aces; royal flush; straight flush; four of a kind; full house;
flush; three of a kind; straight; two pair (three pair included, also counted apart as
`three_pair`); one pair; high card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Final

import numba
import numpy as np
import numpy.typing as npt

from tablegames.core.cards import CardOrJoker
from tablegames.paigow.cards import HAND_SIZE, card_index, check_distinct
from tablegames.paigow.fortune import (
    FORTUNE_CLASSES,
    FortunePaytable,
)

THREE_PAIR: Final = len(FORTUNE_CLASSES)  # the extra tally the kernel returns
TOTAL_HANDS: Final = 154_143_080  # C(53, 7)

IntArray = npt.NDArray[np.int64]


def _window_tables() -> IntArray:
    """Per 15-bit rank mask (bit v for value v, the ace at bits 1 and 14): bit flags
    1 = a 5-run, 2 = 4 of a 5-run, 4 = a 7-run, 8 = 6 of a 7-run, 16 = T-A, 32 = 4 of T-A."""
    masks = np.arange(1 << 15, dtype=np.int64)
    bits = (masks[:, None] >> np.arange(15)) & 1
    table = np.zeros(1 << 15, dtype=np.int64)
    for low in range(1, 11):
        held = bits[:, low : low + 5].sum(axis=1)
        table |= np.where(held == 5, 1, 0) | np.where(held >= 4, 2, 0)
    for low in range(1, 9):
        held = bits[:, low : low + 7].sum(axis=1)
        table |= np.where(held == 7, 4, 0) | np.where(held >= 6, 8, 0)
    held = bits[:, 10:15].sum(axis=1)
    table |= np.where(held == 5, 16, 0) | np.where(held >= 4, 32, 0)
    return table


@numba.njit(cache=True, inline="always")
def _classify(
    adjusted: IntArray,
    suit_masks: IntArray,
    suit_counts: IntArray,
    all_mask: int,
    joker: int,
    pairs: int,
    trips: int,
    quads: int,
    table: IntArray,
) -> int:
    """The Fortune class of one hand from its tallies (see `_walk` for what each holds)."""
    best_suit = 0
    for suit in range(4):
        if suit_counts[suit] > suit_counts[best_suit]:
            best_suit = suit
    suited = suit_counts[best_suit]
    flags = table[suit_masks[best_suit]]
    if suited == 7 and flags & 4:
        return 0
    if suited + joker >= 5:
        royal = (flags & 16) != 0 or (joker == 1 and (flags & 32) != 0)
        if royal and suited + joker == 5:
            for other in range(4):
                # The royal match: the king (bit 13) and queen (bit 12) of another suit.
                if other != best_suit and (suit_masks[other] & 0x3000) == 0x3000:
                    return 1
        if joker == 1 and suited == 6 and flags & 8:
            return 2
    if adjusted[12] == 5:
        return 3
    if suited + joker >= 5:
        if (flags & 16) or (joker == 1 and flags & 32):
            return 4
        if (flags & 1) or (joker == 1 and flags & 2):
            return 5
    if quads > 0:
        return 6
    if trips > 0 and pairs >= 2:
        return 7
    if suited + joker >= 5:
        return 8
    if trips > 0:
        return 9
    straight_flags = table[all_mask]
    if (straight_flags & 1) or (joker == 1 and straight_flags & 2):
        return 10
    if pairs >= 2:
        return 11
    if pairs == 1:
        return 12
    return 13


@numba.njit(cache=True, inline="always")
def _add(
    card: int,
    delta: int,
    state: IntArray,
    adjusted: IntArray,
    natural: IntArray,
    suit_masks: IntArray,
    suit_counts: IntArray,
) -> None:
    """Add (delta 1) or remove (delta -1) one card; state = [all_mask, joker, pairs, trips,
    quads]. `adjusted` counts ranks with the joker as an ace; `natural` without it."""
    if card == 52:
        rank = 12
        state[1] += delta
    else:
        rank = card >> 2
        suit = card & 3
        value = rank + 2
        bits = (1 << value) | (2 if value == 14 else 0)
        suit_masks[suit] ^= bits
        suit_counts[suit] += delta
        before = natural[rank]
        natural[rank] = before + delta
        if before == 0 or natural[rank] == 0:
            state[0] ^= bits
    old = adjusted[rank]
    new = old + delta
    adjusted[rank] = new
    # Tallies of ranks held at least twice, three and four times (the joker as an ace).
    if delta == 1:
        if new == 2:
            state[2] += 1
        elif new == 3:
            state[3] += 1
        elif new == 4:
            state[4] += 1
    else:
        if old == 2:
            state[2] -= 1
        elif old == 3:
            state[3] -= 1
        elif old == 4:
            state[4] -= 1


@numba.njit(cache=True)
def _walk_from(c0: int, table: IntArray) -> IntArray:
    """Counts per Fortune class over the hands whose lowest card is `c0`, the three-pair
    tally last. The tallies follow the nested loops card by card (add on entry, remove on
    exit), so each hand costs one update and one classification."""
    counts = np.zeros(15, dtype=np.int64)
    state = np.zeros(5, dtype=np.int64)
    adjusted = np.zeros(13, dtype=np.int64)
    natural = np.zeros(13, dtype=np.int64)
    masks = np.zeros(4, dtype=np.int64)
    suits = np.zeros(4, dtype=np.int64)
    n = 53
    _add(c0, 1, state, adjusted, natural, masks, suits)
    for c1 in range(c0 + 1, n - 5):
        _add(c1, 1, state, adjusted, natural, masks, suits)
        for c2 in range(c1 + 1, n - 4):
            _add(c2, 1, state, adjusted, natural, masks, suits)
            for c3 in range(c2 + 1, n - 3):
                _add(c3, 1, state, adjusted, natural, masks, suits)
                for c4 in range(c3 + 1, n - 2):
                    _add(c4, 1, state, adjusted, natural, masks, suits)
                    for c5 in range(c4 + 1, n - 1):
                        _add(c5, 1, state, adjusted, natural, masks, suits)
                        for c6 in range(c5 + 1, n):
                            _add(c6, 1, state, adjusted, natural, masks, suits)
                            kind = _classify(
                                adjusted,
                                masks,
                                suits,
                                state[0],
                                state[1],
                                state[2],
                                state[3],
                                state[4],
                                table,
                            )
                            counts[kind] += 1
                            if kind == 11 and state[2] == 3:
                                counts[14] += 1
                            _add(c6, -1, state, adjusted, natural, masks, suits)
                        _add(c5, -1, state, adjusted, natural, masks, suits)
                    _add(c4, -1, state, adjusted, natural, masks, suits)
                _add(c3, -1, state, adjusted, natural, masks, suits)
            _add(c2, -1, state, adjusted, natural, masks, suits)
        _add(c1, -1, state, adjusted, natural, masks, suits)
    return counts


# The lowest cards in an order that shares the work between threads: the hands under a lowest
# card c0 number C(52 - c0, 6), falling steeply, so threads take them alternately.
_ORDER = np.array([*range(0, 47, 2), *range(1, 47, 2)], dtype=np.int64)


@numba.njit(cache=True, parallel=True)
def _walk(table: IntArray) -> IntArray:
    """Counts per Fortune class over all C(53,7) hands, by lowest card, on every core (each
    lowest card's hands apart, summed at the end: the counts are exact integers)."""
    per_card = np.zeros((47, 15), dtype=np.int64)
    for index in numba.prange(47):
        per_card[index] = _walk_from(_ORDER[index], table)
    counts: IntArray = per_card.sum(axis=0)
    return counts


@numba.njit(cache=True)
def _classify_indices(cards: IntArray, table: IntArray) -> int:
    state = np.zeros(5, dtype=np.int64)
    adjusted = np.zeros(13, dtype=np.int64)
    natural = np.zeros(13, dtype=np.int64)
    masks = np.zeros(4, dtype=np.int64)
    suits = np.zeros(4, dtype=np.int64)
    for card in cards:
        _add(card, 1, state, adjusted, natural, masks, suits)
    return _classify(
        adjusted, masks, suits, state[0], state[1], state[2], state[3], state[4], table
    )


@cache
def _table() -> IntArray:
    return _window_tables()


def fortune_class(hand: Sequence[CardOrJoker]) -> str:
    """The Fortune class of seven cards, by the fast kernel's classifier."""
    check_distinct(hand)
    if len(hand) != HAND_SIZE:
        raise ValueError(f"a Fortune hand is {HAND_SIZE} cards, not {len(hand)}")
    indices = np.array([card_index(card) for card in hand], dtype=np.int64)
    return FORTUNE_CLASSES[_classify_indices(indices, _table())]


@dataclass(frozen=True, slots=True)
class FortuneCounts:
    """How many of the 154,143,080 hands fall in each Fortune class."""

    counts: Mapping[str, int]
    three_pair: int  # two-pair hands holding three pairs (Fortune paytable 1 pushes on them)

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def probability(self, name: str) -> Fraction:
        return Fraction(self.counts[name], self.total)


@cache
def fortune_class_counts() -> FortuneCounts:
    """Exact class counts over every seven-card hand of the 53-card deck (cached)."""
    raw = _walk(_table())
    counts = {name: int(raw[index]) for index, name in enumerate(FORTUNE_CLASSES)}
    return FortuneCounts(counts=counts, three_pair=int(raw[THREE_PAIR]))


def fortune_ev(paytable: FortunePaytable, counts: FortuneCounts | None = None) -> Fraction:
    """The exact expected value per unit of a Fortune wager (no Envy)."""
    counts = counts or fortune_class_counts()
    total = counts.total
    won = sum(counts.counts[name] * (odds + 1) for name, odds in paytable.odds.items())
    pushed = counts.three_pair if paytable.three_pair_push else 0
    return Fraction(won + pushed, total) - 1


def fortune_edge(paytable: FortunePaytable, counts: FortuneCounts | None = None) -> Fraction:
    """The house edge (house-positive fraction of the wager) of the Fortune wager."""
    return -fortune_ev(paytable, counts)


def envy_per_player(amounts: Mapping[str, int], counts: FortuneCounts | None = None) -> Fraction:
    """Expected Envy (in the amounts' unit) paid for each other player: each other seat's seven
    cards are a uniform 7-subset of the deck, so by linearity no joint enumeration is needed."""
    counts = counts or fortune_class_counts()
    return sum((counts.probability(name) * amount for name, amount in amounts.items()), Fraction(0))


def fortune_edge_with_envy(
    paytable: FortunePaytable,
    envy: Mapping[str, int],
    *,
    wager: int,
    others: int,
    counts: FortuneCounts | None = None,
) -> Fraction:
    """House edge of a `wager` (same unit as the Envy amounts) Fortune wager with `others`
    other players at the table, the Envy per other player added."""
    if not 0 <= others <= 6:
        raise ValueError(f"{others} other players: a table has 0 to 6")
    return fortune_edge(paytable, counts) - others * envy_per_player(envy, counts) / wager
