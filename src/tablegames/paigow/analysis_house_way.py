"""The Trump Plaza and Claridge house ways as a numba kernel, and the exact dealer Tiger 9.

`set_indices(hand)` sets seven cards given as card indices (0..52, the joker 52; see
`paigow.cards`) and returns the positions of the two low-hand cards: the setting
`house_way("trump_plaza").set(hand)` plays for the default ranking rules (`DEFAULT_RANKING`:
A-2-3-4-5 second-highest, the joker in an ace-high flush the highest missing rank). Each rule
below names the rule of `house_way/trump_plaza.py` it mirrors (R1-R14), and where that way
leaves a choice between cards of equal rank it makes the same one: the first front, in the
Python way's order, with the highest (high key, low key). The tests check the kernel against
the Python way hand by hand; it is analysis, not engine (the engine sets hands in Python).

`tiger_9_counts()` counts the dealer's Tiger 9s (`settle.is_tiger_9`: the low hand two singles,
the higher a nine) over the C(53,7) = 154,143,080 seven-card hands, exactly. A hand without a
natural nine cannot have one (the joker is an ace in the low hand), so those 85,900,584 hands
are counted without being set; of the others one hand per suit class of the lowest rank is set
and weighted (`_walk_prefix`): 16,121,000 hands, under 2 s on two cores. `walk_all()` sets all
154,143,080 one by one (the benchmark, and the check that the counts agree).

Keys are `paigow.ranking`'s integers: the category in bits 20-23, five tiebreak digits below.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb
from typing import Final

import numba
import numpy as np
import numpy.typing as npt

from tablegames.core.cards import CardOrJoker
from tablegames.paigow.cards import HAND_SIZE, card_index, check_distinct

IntArray = npt.NDArray[np.int64]

TOTAL_HANDS: Final = 154_143_080  # C(53, 7)
HANDS_WITHOUT_NINE: Final = 85_900_584  # C(49, 7): no natural nine, so no Tiger 9
WAYS: Final = ("trump_plaza", "claridge")

# ranking.Category values, as plain integers for the kernel.
_HIGH_CARD = 0
_ONE_PAIR = 1
_TWO_PAIR = 2
_THREE = 3
_STRAIGHT = 4
_FLUSH = 5
_FULL_HOUSE = 6
_FOUR = 7
_STRAIGHT_FLUSH = 8
_ROYAL = 9
_FIVE_ACES = 10
_JOKER = 52
_ACE = 14
_KING = 13
_WHEEL_MASK = (1 << 14) | (1 << 2) | (1 << 3) | (1 << 4) | (1 << 5)
_ROYAL_MASK = 0b11111 << 10  # T J Q K A
# How many categories the walk tallies (HIGH_CARD .. FIVE_ACES).
CATEGORIES: Final = 11


def _window_table() -> IntArray:
    """Per 15-bit rank mask (bit v for value v, the ace at bits 1 and 14): 1 if it holds a
    5-run, 2 if it holds 4 of a 5-run (the joker completes it)."""
    masks = np.arange(1 << 15, dtype=np.int64)
    bits = (masks[:, None] >> np.arange(15)) & 1
    table = np.zeros(1 << 15, dtype=np.int64)
    for low in range(1, 11):
        held = bits[:, low : low + 5].sum(axis=1)
        table |= np.where(held == 5, 1, 0) | np.where(held >= 4, 2, 0)
    return table


@cache
def _table() -> IntArray:
    return _window_table()


@numba.njit(cache=True, inline="always")
def _value(card: int) -> int:
    """The card's value 2..14; the joker counts as an ace (trump_plaza._value)."""
    return _ACE if card == _JOKER else (card >> 2) + 2


@numba.njit(cache=True, inline="always")
def _encode(category: int, t0: int, t1: int, t2: int, t3: int, t4: int) -> int:
    """ranking.encode: the category, then five tiebreak digits of four bits each."""
    return (((((category << 4 | t0) << 4 | t1) << 4 | t2) << 4 | t3) << 4) | t4


@numba.njit(cache=True, inline="always")
def _low_key(first: int, second: int) -> int:
    """ranking.low_key of two cards: the joker is an ace; a pair beats two singles."""
    a = _value(first)
    b = _value(second)
    if a == b:
        return _encode(_ONE_PAIR, a, 0, 0, 0, 0)
    if a < b:
        a, b = b, a
    return _encode(_HIGH_CARD, a, b, 0, 0, 0)


@numba.njit(cache=True)
def _paired_key(counts: IntArray) -> int:
    """ranking._paired_key from value counts (the joker already counted as an ace): the
    values by group, the most-held first, then the highest."""
    d0 = d1 = d2 = d3 = d4 = 0
    first = 0
    second = 0
    n = 0
    for size in range(5, 0, -1):
        for value in range(14, 1, -1):
            if counts[value] == size:
                if n == 0:
                    first = size
                    d0 = value
                elif n == 1:
                    second = size
                    d1 = value
                elif n == 2:
                    d2 = value
                elif n == 3:
                    d3 = value
                else:
                    d4 = value
                n += 1
    if first == 5:
        return _encode(_FIVE_ACES, 0, 0, 0, 0, 0)
    if first == 4:
        category = _FOUR
    elif first == 3:
        category = _FULL_HOUSE if second == 2 else _THREE
    elif first == 2:
        category = _TWO_PAIR if second == 2 else _ONE_PAIR
    else:
        category = _HIGH_CARD
    return _encode(category, d0, d1, d2, d3, d4)


@numba.njit(cache=True, inline="always")
def _straight_code(mask: int) -> int:
    """ranking._straight_code of five distinct values (a mask of bits 2..14), wheel
    second-highest: the top card, A-K-Q-J-T 15, A-2-3-4-5 14; 0 if not a straight."""
    top = 14
    while not (mask >> top) & 1:
        top -= 1
    low = 2
    while not (mask >> low) & 1:
        low += 1
    if top - low == 4:
        return 15 if top == _ACE else top
    if mask == _WHEEL_MASK:
        return 14
    return 0


@numba.njit(cache=True, inline="always")
def _flush_key(mask: int) -> int:
    """The FLUSH key of five distinct values (a mask of bits 2..14), highest first."""
    key = _FLUSH
    for value in range(14, 1, -1):
        if (mask >> value) & 1:
            key = key << 4 | value
    return key


@numba.njit(cache=True)
def _high_key(hand: IntArray, skip_a: int, skip_b: int, counts: IntArray) -> int:
    """ranking.high_key (default rules) of the five cards of `hand` but positions skip_a and
    skip_b. `counts` is zeroed scratch of 15 values, left zeroed."""
    joker = 0
    suit = -1
    flush = True
    mask = 0
    distinct = 0
    for place in range(7):
        if place in (skip_a, skip_b):
            continue
        card = hand[place]
        if card == _JOKER:
            joker = 1
            continue
        value = (card >> 2) + 2
        if suit < 0:
            suit = card & 3
        elif card & 3 != suit:
            flush = False
        if counts[value] == 0:
            distinct += 1
            mask |= 1 << value
        counts[value] += 1
    counts[_ACE] += joker  # _paired_key([*values, ACE]): the joker as an ace
    best = _paired_key(counts)
    for value in range(2, 15):
        counts[value] = 0
    if not joker:  # ranking._natural_key
        if distinct == 5:
            code = _straight_code(mask)
            if code and flush:
                if mask == _ROYAL_MASK:
                    return _encode(_ROYAL, 0, 0, 0, 0, 0)
                return _encode(_STRAIGHT_FLUSH, code, 0, 0, 0, 0)
            if code:
                return _encode(_STRAIGHT, code, 0, 0, 0, 0)
            if flush:
                return _flush_key(mask)
        return best
    # The joker completes a straight or straight flush: every rank it could stand for.
    if distinct == 4:
        for stand_in in range(2, 15):
            if (mask >> stand_in) & 1:
                continue
            full = mask | (1 << stand_in)
            code = _straight_code(full)
            if not code:
                continue
            if flush and full == _ROYAL_MASK:
                key = _encode(_ROYAL, 0, 0, 0, 0, 0)
            elif flush:
                key = _encode(_STRAIGHT_FLUSH, code, 0, 0, 0, 0)
            else:
                key = _encode(_STRAIGHT, code, 0, 0, 0, 0)
            if key > best:
                best = key
    # ... or a flush: as the ace, or the highest rank missing when the suit's ace is held.
    if flush:
        stand_in = _ACE
        if (mask >> _ACE) & 1:
            stand_in = 13
            while (mask >> stand_in) & 1:
                stand_in -= 1
        key = _flush_key(mask | (1 << stand_in))
        if key > best:
            best = key
    return best


@numba.njit(cache=True, inline="always")
def _code(first: int, second: int) -> int:
    """A front as one integer: the two positions, the lower first (first * 8 + second)."""
    if first > second:
        first, second = second, first
    return first * 8 + second


@numba.njit(cache=True)
def _play_pairs(hand: IntArray, places: IntArray, size: int, counts: IntArray) -> int:
    """trump_plaza._play(_pairs_of(group)): of every two of the group's cards (in hand order),
    the first front with the highest (high key, low key)."""
    best = -1
    best_high = -1
    best_low = -1
    for a in range(size):
        for b in range(a + 1, size):
            first = places[a]
            second = places[b]
            high = _high_key(hand, first, second, counts)
            low = _low_key(hand[first], hand[second])
            if high > best_high or (high == best_high and low > best_low):
                best = _code(first, second)
                best_high = high
                best_low = low
    return best


@numba.njit(cache=True)
def _straight_or_flush_front(hand: IntArray, counts: IntArray, table: IntArray) -> int:
    """R10/R12: trump_plaza._best_straight_or_flush over trump_plaza._straight_or_flush.

    Of the fronts (in combinations order) whose back is a straight, flush, straight flush or
    royal flush, the first with the highest (low key, high key); a pair front outranks every
    two-singles front, so this is also "a pair front if any". -1 if there is none. High keys
    are computed only to break ties on the low key."""
    best = -1
    best_low = -1
    best_high = -1
    for first in range(7):
        for second in range(first + 1, 7):
            joker = 0
            suit = -1
            suited = True
            mask = 0
            paired = False
            for place in range(7):
                if place in (first, second):
                    continue
                card = hand[place]
                if card == _JOKER:
                    joker = 1
                    continue
                value = (card >> 2) + 2
                if suit < 0:
                    suit = card & 3
                elif card & 3 != suit:
                    suited = False
                bits = (1 << value) | (2 if value == _ACE else 0)
                if mask & bits:
                    paired = True
                mask |= bits
            # A flush (or better) when the naturals share a suit; a straight when the distinct
            # naturals fill a 5-run, the joker standing for the missing rank.
            straight = not paired and (table[mask] & (2 if joker else 1)) != 0
            if not (suited or straight):
                continue
            low = _low_key(hand[first], hand[second])
            if low < best_low:
                continue
            if low > best_low:
                best = first * 8 + second
                best_low = low
                best_high = -1  # computed when a tie needs it
                continue
            high = _high_key(hand, first, second, counts)
            if best_high < 0:
                best_high = _high_key(hand, best >> 3, best & 7, counts)
            if high > best_high:
                best = first * 8 + second
                best_high = high
    return best


@numba.njit(cache=True)
def _can_make_straight_or_flush(hand: IntArray, table: IntArray) -> bool:
    """True when some five of the seven cards are a straight or a flush (or better), that is
    when R10/R12's settings exist (the joker completes either)."""
    joker = 0
    mask = 0
    s0 = 0
    s1 = 0
    s2 = 0
    s3 = 0
    for place in range(7):
        card = hand[place]
        if card == _JOKER:
            joker = 1
            continue
        value = (card >> 2) + 2
        mask |= (1 << value) | (2 if value == _ACE else 0)
        suit = card & 3
        if suit == 0:
            s0 += 1
        elif suit == 1:
            s1 += 1
        elif suit == 2:
            s2 += 1
        else:
            s3 += 1
    if max(max(s0, s1), max(s2, s3)) + joker >= 5:
        return True
    return bool(table[mask] & (2 if joker else 1))


@numba.njit(cache=True)
def _keep_quads(value: int, best_single: int, claridge: bool) -> bool:
    """R4 (TrumpPlazaWay._keep_quads): True to keep four of a kind together."""
    if value <= 6:
        return True
    if value <= 10:
        return best_single >= (_ACE if claridge else _KING)
    if value <= 13:
        return (not claridge) and best_single == _ACE
    return False


@numba.njit(cache=True)
def _split_two_pair(high: int, low: int, best_single: int) -> bool:
    """R9 (TrumpPlazaWay._split_two_pair): True to split the two pair. Pairs 2-6 are low,
    7-10 medium, J-K high."""
    if high == _ACE:
        return True
    low_group = 0 if low <= 6 else 1 if low <= 10 else 2
    high_group = 0 if high <= 6 else 1 if high <= 10 else 2
    if low_group == 0 and high_group <= 1:
        return best_single < _KING
    if (low_group == 0 and high_group == 2) or (low_group == 1 and high_group == 1):
        return best_single < _ACE
    return True


@numba.njit(cache=True)
def _set(hand: IntArray, claridge: bool, table: IntArray, counts: IntArray, work: IntArray) -> int:
    """TrumpPlazaWay.set (claridge: the Claridge exceptions, R4 and R7): the low hand's two
    positions as first * 8 + second (first < second). `counts` is zeroed scratch of 15 values
    and `work` scratch of 32 (no allocation per hand: this runs 154 M times)."""
    group_values = work[0:7]
    group_sizes = work[7:14]
    singles = work[14:21]  # the singles' positions, highest first
    top = work[21:26]  # the first group's positions, in hand order
    nxt = work[26:30]  # the second group's positions, in hand order
    # _Shape.of: groups by value (the joker an ace), the largest first, then the highest.
    for place in range(7):
        counts[_value(hand[place])] += 1
    groups = 0
    for value in range(14, 1, -1):
        size = counts[value]
        if size:
            # Insert after every group at least as large (stable: the higher value first).
            slot = groups
            while slot > 0 and group_sizes[slot - 1] < size:
                group_sizes[slot] = group_sizes[slot - 1]
                group_values[slot] = group_values[slot - 1]
                slot -= 1
            group_sizes[slot] = size
            group_values[slot] = value
            groups += 1
    n_singles = 0
    for group in range(groups):
        if group_sizes[group] == 1:
            for place in range(7):
                if _value(hand[place]) == group_values[group]:
                    singles[n_singles] = place
                    n_singles += 1
                    break
    for value in range(2, 15):
        counts[value] = 0
    n_top = 0
    n_next = 0
    for place in range(7):
        value = _value(hand[place])
        if value == group_values[0]:
            top[n_top] = place
            n_top += 1
        elif groups > 1 and value == group_values[1]:
            nxt[n_next] = place
            n_next += 1
    size0 = group_sizes[0]
    size1 = group_sizes[1]
    size2 = group_sizes[2] if groups > 2 else 0
    best_single = _value(hand[singles[0]]) if n_singles else 0

    if size0 == 5:  # R1 five aces: kings front, else two of the aces front
        for group in range(1, groups):
            if group_sizes[group] == 2 and group_values[group] == _KING:
                first = -1
                for place in range(7):
                    if _value(hand[place]) == _KING:
                        if first < 0:
                            first = place
                        else:
                            return _code(first, place)
        return _play_pairs(hand, top, 5, counts)
    if size0 == 4:
        if size1 == 3:  # R2 quads with trips: a pair from the trips front
            return _play_pairs(hand, nxt, 3, counts)
        if size1 == 2:  # R3 quads with a pair: the pair front
            return _code(nxt[0], nxt[1])
        # R4 quads: together (the two highest singles front) or split
        if _keep_quads(group_values[0], best_single, claridge):
            return _code(singles[0], singles[1])
        return _play_pairs(hand, top, 4, counts)
    if size0 == 3 and size1 == 3:  # R5 trips twice: a pair of the higher trips front
        return _play_pairs(hand, top, 3, counts)
    if size0 == 3 and size1 == 2 and size2 == 2:  # R6 full house, two pairs: the higher pair
        return _code(nxt[0], nxt[1])
    if size0 == 3 and size1 == 2:  # R7 full house: the pair front, but twos with A-K
        if not claridge and group_values[1] == 2:
            ace = -1
            king = -1
            for place in range(n_singles):
                value = _value(hand[singles[place]])
                if value == _ACE:
                    ace = singles[place]
                elif value == _KING:
                    king = singles[place]
            if ace >= 0 and king >= 0:
                return _code(ace, king)
        return _code(nxt[0], nxt[1])
    if size0 == 2 and size1 == 2 and size2 == 2:  # R8 three pair: the highest pair front
        return _code(top[0], top[1])
    if size0 == 2 and size1 == 2:  # R9 two pair (a straight or flush ignored)
        if _split_two_pair(group_values[0], group_values[1], best_single):
            return _code(nxt[0], nxt[1])
        return _code(singles[0], singles[1])
    if size0 == 3:
        if _can_make_straight_or_flush(hand, table):  # R10 trips with a straight or flush
            return _straight_or_flush_front(hand, counts, table)
        if group_values[0] == _ACE:  # R11 three aces: an ace and the highest single front
            best = -1
            best_high = -1
            for index in range(3):
                high = _high_key(hand, top[index], singles[0], counts)
                if high > best_high:  # the low keys are equal: an ace and the same single
                    best = _code(top[index], singles[0])
                    best_high = high
            return best
        return _code(singles[0], singles[1])  # R11 trips: the two highest singles front
    if _can_make_straight_or_flush(hand, table):  # R12 straight or flush, one pair or none
        return _straight_or_flush_front(hand, counts, table)
    if size0 == 2:  # R13 one pair: the two highest singles front
        return _code(singles[0], singles[1])
    return _code(singles[1], singles[2])  # R14 no pair: the second and third highest front


@numba.njit(cache=True)
def _set_many(hands: IntArray, claridge: bool, table: IntArray) -> IntArray:
    """Each row of `hands` (seven card indices) set: (first, second, high key, low key)."""
    out = np.zeros((hands.shape[0], 4), dtype=np.int64)
    counts = np.zeros(15, dtype=np.int64)
    work = np.zeros(32, dtype=np.int64)
    for row in range(hands.shape[0]):
        hand = hands[row]
        front = _set(hand, claridge, table, counts, work)
        first = front >> 3
        second = front & 7
        out[row, 0] = first
        out[row, 1] = second
        out[row, 2] = _high_key(hand, first, second, counts)
        out[row, 3] = _low_key(hand[first], hand[second])
    return out


@numba.njit(cache=True, inline="always")
def _is_tiger_9(low: int) -> bool:
    """settle.is_tiger_9 of a low key: two singles (HIGH_CARD), the higher a nine."""
    return (low >> 20) == _HIGH_CARD and ((low >> 16) & 15) == 9


# The tallies a walk returns, by index: the hands represented (each set hand counts for its
# weight), the Tiger 9s and the fouls among them, the hands the kernel really set, then the
# represented hands by the high hand's category (HIGH_CARD .. FIVE_ACES).
_HANDS = 0
_TIGERS = 1
_FOULS = 2
_SET = 3
_CATEGORY = 4
_TALLIES = _CATEGORY + CATEGORIES
# A hand whose lowest rank holds k cards stands, under the suit symmetry, for C(4, k) hands.
_SUIT_WEIGHTS = np.array([0, 4, 6, 4, 1], dtype=np.int64)


@numba.njit(cache=True)
def _walk_prefix(
    c0: int, c1: int, claridge: bool, full: bool, symmetric: bool, table: IntArray
) -> IntArray:
    """Tallies (see _TALLIES) over the hands whose two lowest cards are c0 < c1.

    `full`: every hand is set and its high key computed (for the high hands' categories and
    the foul check); otherwise a hand with no natural nine is counted and not set: its low hand
    cannot be nine-high (the joker is an ace in the low hand), and no high key is computed.
    `symmetric`: the suit symmetry. Permuting the suits maps hands to hands and keeps every
    setting's ranks, so the hands whose lowest rank r holds the suits {0, .., k-1} (cards
    4r, .., 4r + k - 1) stand for the C(4, k) choices of k suits: only those are set, each
    weighted C(4, k). The caller passes only prefixes that fit (c0 a spade; c1 of rank r only
    as c0 + 1)."""
    tallies = np.zeros(_TALLIES, dtype=np.int64)
    counts = np.zeros(15, dtype=np.int64)
    work = np.zeros(32, dtype=np.int64)
    hand = np.zeros(7, dtype=np.int64)
    n = 53
    hand[0] = c0
    hand[1] = c1
    rank = c0 >> 2
    # No card of the lowest rank may break the pattern: c0 + 1, c0 + 2, ... in order.
    limit = 4 * rank + 4 if symmetric else 0
    # The nines are cards 28..31.
    nines1 = (1 if 28 <= c0 < 32 else 0) + (1 if 28 <= c1 < 32 else 0)
    for c2 in range(c1 + 1, n - 4):
        if c2 < limit and c2 != c0 + 2:
            continue
        hand[2] = c2
        nines2 = nines1 + (1 if 28 <= c2 < 32 else 0)
        for c3 in range(c2 + 1, n - 3):
            if c3 < limit and c3 != c0 + 3:
                continue
            hand[3] = c3
            nines3 = nines2 + (1 if 28 <= c3 < 32 else 0)
            weight = 1
            if symmetric:
                held = 1 + (c1 < limit) + (c2 < limit) + (c3 < limit)
                weight = _SUIT_WEIGHTS[held]
            for c4 in range(c3 + 1, n - 2):
                hand[4] = c4
                nines4 = nines3 + (1 if 28 <= c4 < 32 else 0)
                for c5 in range(c4 + 1, n - 1):
                    hand[5] = c5
                    first_c6 = c5 + 1
                    if not full and nines4 + (1 if 28 <= c5 < 32 else 0) == 0:
                        # Only a nine as the last card can give this hand a Tiger 9: the
                        # others are counted, not set.
                        first_c6 = max(first_c6, 28)
                        last_c6 = max(first_c6, 32)
                        tallies[_HANDS] += weight * (n - c5 - 1 - (last_c6 - first_c6))
                    else:
                        last_c6 = n
                    for c6 in range(first_c6, last_c6):
                        hand[6] = c6
                        front = _set(hand, claridge, table, counts, work)
                        first = front >> 3
                        second = front & 7
                        low = _low_key(hand[first], hand[second])
                        tallies[_HANDS] += weight
                        tallies[_SET] += 1
                        if _is_tiger_9(low):
                            tallies[_TIGERS] += weight
                        if full:
                            high = _high_key(hand, first, second, counts)
                            if high < low:
                                tallies[_FOULS] += weight
                            tallies[_CATEGORY + (high >> 20)] += weight
    return tallies


def _prefixes(symmetric: bool) -> IntArray:
    """The (c0, c1) prefixes a walk takes, in an order that shares the work between threads:
    the largest first, dealt alternately to the first and the second half (numba's prange
    gives each thread a contiguous block)."""
    found = []
    for c0 in range(47):
        if symmetric and c0 % 4:
            continue
        for c1 in range(c0 + 1, 48):
            if symmetric and c1 >> 2 == c0 >> 2 and c1 != c0 + 1:
                continue
            found.append((comb(52 - c1, 5), c0, c1))
    found.sort(reverse=True)
    ordered = found[0::2] + found[1::2]
    return np.array([(c0, c1) for _, c0, c1 in ordered], dtype=np.int64)


@numba.njit(cache=True, parallel=True)
def _walk(
    prefixes: IntArray, claridge: bool, full: bool, symmetric: bool, table: IntArray
) -> IntArray:
    """`_walk_prefix` over every prefix, on every core, summed (exact integers)."""
    per_prefix = np.zeros((prefixes.shape[0], _TALLIES), dtype=np.int64)
    for index in numba.prange(prefixes.shape[0]):
        per_prefix[index] = _walk_prefix(
            prefixes[index, 0], prefixes[index, 1], claridge, full, symmetric, table
        )
    tallies: IntArray = per_prefix.sum(axis=0)
    return tallies


def _claridge(way: str) -> bool:
    if way not in WAYS:
        raise ValueError(f"house way {way!r}: the kernel sets {list(WAYS)}")
    return way == "claridge"


def set_many(hands: npt.ArrayLike, way: str = "trump_plaza") -> IntArray:
    """Set each row of `hands` (N x 7 card indices): rows (first, second, high key, low key),
    first < second the low hand's positions in the row."""
    array = np.ascontiguousarray(hands, dtype=np.int64)
    if array.ndim != 2 or array.shape[1] != HAND_SIZE:
        raise ValueError(f"hands must be N x {HAND_SIZE} card indices, not {array.shape}")
    if array.size and (array.min() < 0 or array.max() > _JOKER):
        raise ValueError("card indices are 0..52")
    result: IntArray = _set_many(array, _claridge(way), _table())
    return result


def set_indices(hand: Sequence[int], way: str = "trump_plaza") -> tuple[int, int]:
    """The positions (first < second) of the low hand of seven card indices, by the kernel."""
    if len(set(hand)) != HAND_SIZE or len(hand) != HAND_SIZE:
        raise ValueError(f"a hand is {HAND_SIZE} distinct card indices, not {list(hand)}")
    row = set_many(np.array([list(hand)], dtype=np.int64), way)[0]
    return int(row[0]), int(row[1])


def set_cards(
    hand: Sequence[CardOrJoker], way: str = "trump_plaza"
) -> tuple[tuple[CardOrJoker, ...], tuple[CardOrJoker, ...]]:
    """(high hand, low hand) of seven cards as the kernel sets them."""
    check_distinct(hand)
    first, second = set_indices([card_index(card) for card in hand], way)
    high = tuple(card for place, card in enumerate(hand) if place not in (first, second))
    return high, (hand[first], hand[second])


@dataclass(frozen=True, slots=True)
class Tiger9Counts:
    """The dealer's Tiger 9s over every seven-card hand, set by `way`."""

    way: str
    tiger_9: int
    hands_set: int  # hands the kernel set (a nine held; one per suit class of the lowest rank)
    total: int = TOTAL_HANDS

    @property
    def probability(self) -> Fraction:
        return Fraction(self.tiger_9, self.total)

    def edge(self, odds: int) -> Fraction:
        """The house edge of a Tiger 9 wager paying `odds` to 1: it wins `odds` units with the
        dealer's Tiger 9 and loses one unit otherwise."""
        return 1 - self.probability * (odds + 1)


def _checked(tallies: IntArray) -> IntArray:
    if int(tallies[_HANDS]) != TOTAL_HANDS:  # the weights must cover every hand exactly once
        raise RuntimeError(f"the walk covered {int(tallies[_HANDS])} hands, not {TOTAL_HANDS}")
    return tallies


@cache
def tiger_9_counts(way: str = "trump_plaza") -> Tiger9Counts:
    """The exact count of dealer Tiger 9s (cached): the hands holding a natural nine set, one
    per suit class of their lowest rank (see `_walk_prefix`)."""
    tallies = _checked(_walk(_prefixes(True), _claridge(way), False, True, _table()))
    return Tiger9Counts(way=way, tiger_9=int(tallies[_TIGERS]), hands_set=int(tallies[_SET]))


@dataclass(frozen=True, slots=True)
class WalkTallies:
    """Every seven-card hand set by `way`: how many, Tiger 9s, fouls, and the high hands'
    categories (ranking.Category values as indices)."""

    way: str
    hands: int
    hands_set: int
    tiger_9: int
    fouls: int
    high_categories: tuple[int, ...]


def walk_all(way: str = "trump_plaza", *, symmetric: bool = False) -> WalkTallies:
    """Set every one of the 154,143,080 hands (`symmetric`: one hand per suit class of the
    lowest rank, weighted), computing each high key (the benchmark's walk; not cached)."""
    tallies = _checked(_walk(_prefixes(symmetric), _claridge(way), True, symmetric, _table()))
    return WalkTallies(
        way=way,
        hands=int(tallies[_HANDS]),
        hands_set=int(tallies[_SET]),
        tiger_9=int(tallies[_TIGERS]),
        fouls=int(tallies[_FOULS]),
        high_categories=tuple(int(value) for value in tallies[_CATEGORY:]),
    )
