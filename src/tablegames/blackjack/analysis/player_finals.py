"""The player's final hands under the main game's strategy, enumerated exactly with their cards.

The side wagers that read the player's finished hand (Bad Beat's "player has 20", 633a.6(e)(8))
need how likely each final hand is when the player plays the main game's strategy: the exact
analysis of `game.py` for the rules in force, CDZ- (each decision the best one for the full shoe
less the hand and the up card). The first box's first hand is followed, as the round engine's
Bad Beat reads it (hand 0):

- two cards: the best of stand, hit, double, split and surrender (`two_card_options`);
- more cards: hit or stand as `split_values.chosen_option` plays them (633a.7(k)(1): no draw
  on 21);
- after a split the first hand keeps the first pair card and is dealt its second card first
  (633a.11); a second pair card is split off to a new hand while the rules allow more hands
  (the analysis resplits whenever it may), so those pair cards leave the shoe too; the hand is
  then played by the same CDZ- decisions, doubling after a split only when allowed (633a.11(c)),
  and split aces take one card each unless the rules let them draw (633a.11(c)).

Each final hand is returned with every card that left the shoe on its way (the hand's and the
pair cards split off) and the number of orderings in which the cards reach it. An ordering of k
physical cards with m[v] of rank v has probability prod_v c[v](c[v]-1)...(c[v]-m[v]+1) over
n(n-1)...(n-k+1) from a shoe of counts c and size n, the same for every ordering, so the chance
of a final hand is its orderings times that product. Cards other hands draw later are not
removed, the convention of the split analysis.

`final_hands` plays one up card at a time, hand by hand: the readable reference.
`final_hand_table` gives the same hands for all ten up cards at once as NumPy arrays, the path
Bad Beat takes (a test checks that they agree record for record).

>>> from tablegames.blackjack.analysis.game import analyse
>>> from tablegames.blackjack.rules import Rules
>>> game = analyse(Rules(decks=6))
>>> against_six = final_hands(game, 5)  # stiff hands stand against a 6 up card
>>> sorted({hand.total for hand in against_six if hand.cards == 2})[:3]
[12, 13, 14]
>>> any(hand.total == SURRENDERED for hand in final_hands(game, 9))  # 16 against a ten
True
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import numpy as np
import numpy.typing as npt

from tablegames.blackjack.analysis.compositions import falling
from tablegames.blackjack.analysis.dealer_columns import IntArray
from tablegames.blackjack.analysis.game import GameValues, two_card_option_table, two_card_options
from tablegames.blackjack.analysis.hands import ACE, max_split_hands
from tablegames.blackjack.analysis.hands import best_total as _best_total
from tablegames.blackjack.analysis.hands import hard_total as _hard_total
from tablegames.blackjack.analysis.split_values import chosen_option, chosen_options

SURRENDERED = 0  # the `total` of a surrendered hand (633a.9): it never stands on a total

Cards = tuple[int, ...]  # counts by rank, ace (0) to ten-value (9)


@dataclass(frozen=True, slots=True)
class FinalHand:
    """One finished hand 0 and every card that left the shoe to make it (besides the up card)."""

    removed: Cards  # the hand's cards plus any pair cards split off to other hands
    cards: int  # cards in the hand itself
    total: int  # best total (over 21: bust); SURRENDERED when surrendered
    doubled: bool
    orderings: int
    pair: int = -1  # the rank of the first two cards when they are a pair (633a.1 Magic Card)

    @property
    def size(self) -> int:
        return sum(self.removed)

    def ways(self, after_up: Cards) -> int:
        """The ordered draws of physical cards from `after_up` that make this hand: its
        orderings times prod of falling factorials (over falling(n, size) a probability)."""
        weight = self.orderings
        for count, many in zip(after_up, self.removed, strict=True):
            weight *= falling(count, many)
        return weight

    def chance(self, after_up: Cards) -> Fraction:
        """The probability of this final hand from the shoe `after_up` (the up card dealt)."""
        return Fraction(self.ways(after_up), falling(sum(after_up), self.size))


class _Paths:
    """Hands in the making, merged by their cards, the pair cards split off and whether the
    first two were a pair, with their orderings."""

    def __init__(self, game: GameValues, up: int) -> None:
        self.game = game
        self.up = up
        shoe = [int(count) for count in game.table.shoe]
        shoe[up] -= 1
        self.after_up: Cards = tuple(shoe)
        # (hand, split-off cards, first two a pair of, total, doubled) -> orderings
        self.finished: defaultdict[tuple[Cards, Cards, int, int, bool], int] = defaultdict(int)
        # Hands still to play, by their number of cards: (hand, split-off cards, first two a
        # pair of, may double) -> orderings.
        self.waiting: defaultdict[int, defaultdict[tuple[Cards, Cards, int, bool], int]] = (
            defaultdict(lambda: defaultdict(int))
        )
        self._options: dict[tuple[Cards, bool], int] = {}

    def left(self, hand: Cards, extra: Cards, rank: int) -> int:
        return self.after_up[rank] - hand[rank] - extra[rank]

    def finish(
        self, hand: Cards, extra: Cards, pair: int, orderings: int, *, doubled: bool = False
    ) -> None:
        self.finished[(hand, extra, pair, best_total(hand), doubled)] += orderings

    def surrender(self, hand: Cards, pair: int, orderings: int) -> None:
        self.finished[(hand, _NONE, pair, SURRENDERED, False)] += orderings

    def double(self, hand: Cards, extra: Cards, pair: int, orderings: int) -> None:
        """633a.10(a): one more card and no more."""
        for rank in range(10):
            if self.left(hand, extra, rank) > 0:
                self.finish(_plus(hand, rank), extra, pair, orderings, doubled=True)

    def option(self, hand: Cards, *, may_double: bool) -> int:
        """0 stand, 1 hit, 2 double: the CDZ- decision for these cards (`chosen_option`)."""
        key = (hand, may_double)
        if key not in self._options:
            game = self.game
            index = game.table.find(hand)
            self._options[key] = chosen_option(
                game.table, game.values, index, self.up, may_double=may_double
            )
        return self._options[key]

    def play(
        self, hand: Cards, extra: Cards, pair: int, orderings: int, *, may_double: bool
    ) -> None:
        """Queue a hand of two or more cards to be played to its end by `play_all`."""
        self.waiting[sum(hand)][(hand, extra, pair, may_double)] += orderings

    def play_all(self) -> None:
        """Stand, double, or hit and go on, a card at a time for every hand in the making (hands
        that reach the same cards by different ways are played once)."""
        for size in range(2, 22):
            for (cards, extra, pair, may_double), ways in self.waiting.pop(size, {}).items():
                if hard_total(cards) > 21:
                    self.finish(cards, extra, pair, ways)
                    continue
                choice = self.option(cards, may_double=may_double)
                if choice == 0:
                    self.finish(cards, extra, pair, ways)
                elif choice == 2:
                    self.double(cards, extra, pair, ways)
                else:
                    for rank in range(10):
                        if self.left(cards, extra, rank) > 0:
                            self.play(_plus(cards, rank), extra, pair, ways, may_double=False)

    def split(self, pair: int, orderings: int) -> None:
        """633a.11: hand 0 keeps one pair card and is dealt its second card first."""
        rules = self.game.rules
        most = max_split_hands(rules, pair, self.game.table.shoe)
        one_card = pair == ACE and not rules.hit_split_aces  # 633a.11(c)
        hands, extra = 2, _plus(_NONE, pair)
        while True:
            start = _plus(_NONE, pair)
            resplit = hands < most
            for rank in range(10):
                if self.left(start, extra, rank) <= 0 or (rank == pair and resplit):
                    continue
                hand = _plus(start, rank)
                if one_card:
                    self.finish(hand, extra, pair, orderings)
                else:
                    self.play(hand, extra, pair, orderings, may_double=rules.double_after_split)
            if not resplit or self.left(start, extra, pair) <= 0:
                return
            # A pair card again: split off to a new hand (633a.11(c)), hand 0 draws once more.
            hands, extra = hands + 1, _plus(extra, pair)

    def deal(self) -> None:
        for first in range(10):
            for second in range(first, 10):
                hand = _plus(_plus(_NONE, first), second)
                if any(self.left(_NONE, _NONE, rank) < hand[rank] for rank in range(10)):
                    continue
                orderings = 1 if first == second else 2
                pair = first if first == second else -1
                options = two_card_options(self.game, first, second, self.up)
                choice = max(options, key=lambda name: options[name])
                if choice == "stand":
                    self.finish(hand, _NONE, pair, orderings)
                elif choice == "surrender":
                    self.surrender(hand, pair, orderings)
                elif choice == "double":
                    self.double(hand, _NONE, pair, orderings)
                elif choice == "split":
                    self.split(first, orderings)
                else:
                    self.play(hand, _NONE, pair, orderings, may_double=False)
        self.play_all()


_NONE: Cards = (0,) * 10

# The same few thousand hands recur across up cards and paths: their totals are looked up.
hard_total = cache(_hard_total)
best_total = cache(_best_total)


@cache
def _plus(cards: Cards, rank: int) -> Cards:
    return tuple(count + (index == rank) for index, count in enumerate(cards))


def final_hands(game: GameValues, up: int, *, total: int | None = None) -> tuple[FinalHand, ...]:
    """Every final hand 0 against the up card of rank `up` (0 ace .. 9 ten-value) when the
    player follows `game`'s CDZ- strategy, with the cards that left the shoe to make it; only
    those with this `total` when one is given."""
    if game.strategy != "cdz":
        raise ValueError("final hands follow the CDZ- strategy: analyse with strategy='cdz'")
    paths = _Paths(game, up)
    paths.deal()
    return tuple(
        FinalHand(
            removed=tuple(h + e for h, e in zip(hand, extra, strict=True)),
            cards=sum(hand),
            total=final,
            doubled=doubled,
            orderings=orderings,
            pair=pair,
        )
        for (hand, extra, pair, final, doubled), orderings in paths.finished.items()
        if total is None or final == total
    )


# --- every up card at once, as arrays: the fast path Bad Beat reads -----------------------------
#
# `final_hands` above plays one up card at a time, a Python call per hand in the making (some
# 139,000 for the ten up cards of a six-deck shoe). The hands in the making are nearly the same
# against every up card: only the decisions and the up card's own removal differ. So here each
# hand in the making is one row for all ten up cards at once, with its orderings per up card
# (0 where it is not reached), and a whole number of cards is played in a few NumPy steps. The
# decisions are the same CDZ- ones (`two_card_option_table`, `chosen_options`); a test checks
# that both paths give the same final hands for every up card.

# A hand's count of one rank never reaches 22 (21 or less points before its last card, which
# busts it with at most one card more: 20 aces and a ten-value), so a hand is a base-22 number
# of 45 bits, with room below 2**63 for its total, the pair, the pair cards split off and a flag.
_BASE = 22
_DIGITS = _BASE ** np.arange(10, dtype=np.int64)
# Pair cards split off from hand 0: at most max_hands - 1, and Rules.max_hands is at most 16
# (633a.11(c)).
_SPLIT_OFF = 16
_POINTS = np.arange(1, 11, dtype=np.int64)
_UNIT = np.eye(10, dtype=np.int64)
_DEAL_CHOICES = ("stand", "hit", "double", "split", "surrender")


@dataclass(frozen=True)
class FinalHandTable:
    """`final_hands` against every up card, one row per (up card, final hand 0), in up card
    order: the same records as columns. `doubled` is 0 or 1."""

    up: IntArray
    hand: IntArray  # (rows, 10): the hand's own cards
    removed: IntArray  # (rows, 10): the hand's cards plus any pair cards split off
    total: IntArray
    doubled: IntArray
    orderings: IntArray
    pair: IntArray

    def hands(self, up: int) -> tuple[FinalHand, ...]:
        """The rows against the up card of rank `up` as `FinalHand` records."""
        return tuple(
            FinalHand(
                removed=tuple(int(count) for count in self.removed[row]),
                cards=int(self.hand[row].sum()),
                total=int(self.total[row]),
                doubled=bool(self.doubled[row]),
                orderings=int(self.orderings[row]),
                pair=int(self.pair[row]),
            )
            for row in np.flatnonzero(self.up == up)
        )


@dataclass
class _Rows:
    """Hands in the making or finished, one row each, with their orderings per up card."""

    hand: IntArray  # (rows, 10)
    extra: IntArray  # (rows,): pair cards split off (of rank `pair`)
    pair: IntArray  # (rows,): the rank of the first two cards when a pair, else -1
    flag: IntArray  # (rows,): may double (in the making) or doubled (finished), 0 or 1
    ways: IntArray  # (rows, 10 up cards)

    @staticmethod
    def concat(parts: list[_Rows]) -> _Rows:
        return _Rows(
            *(np.concatenate([getattr(part, name) for part in parts]) for name in _ROW_FIELDS)
        )

    def removed(self) -> IntArray:
        """The hand's cards plus the pair cards split off."""
        split_off = np.zeros_like(self.hand)
        rows = np.flatnonzero(self.extra)
        split_off[rows, self.pair[rows]] = self.extra[rows]
        removed: IntArray = self.hand + split_off
        return removed

    def totals(self) -> IntArray:
        hard = self.hand @ _POINTS
        total: IntArray = np.where((self.hand[:, ACE] > 0) & (hard + 10 <= 21), hard + 10, hard)
        return total

    def merged(self, total: IntArray | None = None) -> tuple[_Rows, IntArray]:
        """Rows with the same cards, split-off cards, pair and flag (and `total`) as one, their
        orderings added, rows reached against no up card dropped; and where each came from."""
        if int(self.extra.max(initial=0)) >= _SPLIT_OFF or int(self.hand.max(initial=0)) >= _BASE:
            raise ValueError("a hand beyond the codes of `merged`")
        key = self.hand @ _DIGITS
        if total is not None:
            key = key * 32 + total  # a total is at most 30 (20 and a ten-value)
        # Under 22**10 * 32 * 352 < 2**59 (the pair -1..9, the cards split off 0..15).
        key = key * (11 * _SPLIT_OFF * 2) + ((self.pair + 1) * _SPLIT_OFF + self.extra) * 2
        key += self.flag
        unique, first, inverse = np.unique(key, return_index=True, return_inverse=True)
        ways = np.zeros((len(unique), 10), dtype=np.int64)
        np.add.at(ways, inverse.reshape(-1), self.ways)
        reached = ways.any(axis=1)
        kept = first[reached]
        merged = _Rows(
            self.hand[kept], self.extra[kept], self.pair[kept], self.flag[kept], ways[reached]
        )
        return merged, kept

    def grown(self, ways: IntArray, after_up: IntArray) -> _Rows:
        """One more card of each rank the shoe (less the up card) still holds, `ways` per up
        card going on; the flag is cleared (no double after a hit, 633a.10(a))."""
        going = ways.max(axis=1) > 0
        rows = _subset(_Rows(self.hand, self.extra, self.pair, self.flag, ways), going)
        # left[row, rank, up]: the cards of that rank not yet out against that up card.
        left = after_up.T[None, :, :] - rows.removed()[:, :, None]
        grown_ways = (rows.ways[:, None, :] * (left > 0)).reshape(-1, 10)
        keep = grown_ways.max(axis=1) > 0
        return _Rows(
            (rows.hand[:, None, :] + _UNIT[None, :, :]).reshape(-1, 10)[keep],
            np.repeat(rows.extra, 10)[keep],
            np.repeat(rows.pair, 10)[keep],
            np.zeros(len(keep), dtype=np.int64)[keep],
            grown_ways[keep],
        )


_ROW_FIELDS = ("hand", "extra", "pair", "flag", "ways")


def _one_row(hand: list[int], extra: int, pair: int, flag: int, ways: IntArray) -> _Rows:
    return _Rows(
        np.array([hand], dtype=np.int64),
        np.array([extra], dtype=np.int64),
        np.array([pair], dtype=np.int64),
        np.array([flag], dtype=np.int64),
        ways.reshape(1, 10).astype(np.int64),
    )


class _UnsplitRows:
    """`table.find` for many hands of the unsplit context at once (their CDZ- decisions)."""

    def __init__(self, game: GameValues) -> None:
        table = game.table
        rows = np.flatnonzero(table.context_id == 0)
        codes = table.cards[rows] @ _DIGITS
        order = np.argsort(codes)
        self.codes, self.rows = codes[order], rows[order]

    def find(self, hand: IntArray) -> IntArray:
        codes = hand @ _DIGITS
        at = np.minimum(np.searchsorted(self.codes, codes), len(self.codes) - 1)
        if not np.array_equal(self.codes[at], codes):
            raise LookupError("a hand in the making is not in the analysis's hand table")
        found: IntArray = self.rows[at]
        return found


def final_hand_table(game: GameValues, *, total: int | None = None) -> FinalHandTable:
    """`final_hands` against every up card at once (only those with this `total` when one is
    given): the same hands, orderings and cards removed, as arrays."""
    if game.strategy != "cdz":
        raise ValueError("final hands follow the CDZ- strategy: analyse with strategy='cdz'")
    table = game.table
    after_up = table.shoe[None, :] - _UNIT  # [up, rank]
    unsplit = _UnsplitRows(game)
    finished: list[_Rows] = []
    surrendered: list[_Rows] = []
    playing: list[_Rows] = []  # two-card hands to play on (633a.7(k)), decided again below
    to_double: list[_Rows] = []

    for first in range(10):
        for second in range(first, 10):
            hand = [0] * 10
            hand[first] += 1
            hand[second] += 1
            dealt = np.all(after_up >= np.array(hand), axis=1).astype(np.int64)
            if not dealt.any():
                continue
            pair = first if first == second else -1
            orderings = 1 if first == second else 2
            choice = _two_card_choices(game, first, second)
            for name in _DEAL_CHOICES:
                ways = orderings * dealt * (choice == _DEAL_CHOICES.index(name))
                if not ways.any():
                    continue
                if name == "stand":
                    finished.append(_one_row(hand, 0, pair, 0, ways))
                elif name == "surrender":
                    surrendered.append(_one_row(hand, 0, pair, 0, ways))
                elif name == "double":
                    to_double.append(_one_row(hand, 0, pair, 0, ways))
                elif name == "split":
                    _split(game, first, ways, after_up, finished, playing)
                else:
                    playing.append(_one_row(hand, 0, pair, 0, ways))
    if to_double:
        doubling = _Rows.concat(to_double)
        finished.append(_doubled(doubling.grown(doubling.ways, after_up)))
    current = _Rows.concat(playing) if playing else None
    while current is not None:
        current, _ = current.merged()
        hard = current.hand @ _POINTS
        bust = hard > 21
        if bust.any():
            finished.append(_subset(current, bust))
        live = _subset(current, ~bust)
        if not len(live.hand):
            break
        choice = np.zeros((len(live.hand), 10), dtype=np.int64)
        index = unsplit.find(live.hand)
        for may_double in (False, True):
            rows = np.flatnonzero(live.flag == may_double)
            if len(rows):
                choice[rows] = chosen_options(
                    table, game.values, index[rows], may_double=may_double
                )
        finished.append(_stood(live, live.ways * (choice == 0)))
        doubling_ways = live.ways * (choice == 2)
        if doubling_ways.any():
            finished.append(_doubled(live.grown(doubling_ways, after_up)))
        hitting = live.ways * (choice == 1)
        current = live.grown(hitting, after_up) if hitting.any() else None
    return _table(finished, surrendered, total)


def _two_card_choices(game: GameValues, first: int, second: int) -> IntArray:
    """Per up card, the index in `_DEAL_CHOICES` of the best two-card option: the highest
    (value, second moment), the first listed on a tie (as `max` in `_Paths.deal`)."""
    options = two_card_option_table(game, first, second)
    names = list(options)
    best_value, best_square = options[names[0]]
    choice = np.full(10, _DEAL_CHOICES.index(names[0]), dtype=np.int64)
    for name in names[1:]:
        value, square = options[name]
        better = (value > best_value) | ((value == best_value) & (square > best_square))
        choice = np.where(better, _DEAL_CHOICES.index(name), choice)
        best_value = np.where(better, value, best_value)
        best_square = np.where(better, square, best_square)
    return choice


def _split(
    game: GameValues,
    pair: int,
    ways: IntArray,
    after_up: IntArray,
    finished: list[_Rows],
    playing: list[_Rows],
) -> None:
    """`_Paths.split` against every up card: 633a.11, hand 0 keeps one pair card and is dealt
    its second card first; a pair card again is split off while the rules allow more hands."""
    rules = game.rules
    most = max_split_hands(rules, pair, game.table.shoe)
    one_card = pair == ACE and not rules.hit_split_aces  # 633a.11(c)
    hands, extra = 2, 1
    while True:
        resplit = hands < most
        for rank in range(10):
            if rank == pair and resplit:
                continue
            left = after_up[:, rank] - (rank == pair) - extra * (rank == pair)
            dealt = ways * (left > 0)
            if not dealt.any():
                continue
            hand = [0] * 10
            hand[pair] += 1
            hand[rank] += 1
            if one_card:
                finished.append(_one_row(hand, extra, pair, 0, dealt))
            else:
                playing.append(_one_row(hand, extra, pair, int(rules.double_after_split), dealt))
        ways = ways * (after_up[:, pair] - 1 - extra > 0)
        if not resplit or not ways.any():
            return
        # A pair card again: split off to a new hand (633a.11(c)), hand 0 draws once more.
        hands, extra = hands + 1, extra + 1


def _subset(rows: _Rows, keep: npt.NDArray[np.bool_]) -> _Rows:
    return _Rows(*(getattr(rows, name)[keep] for name in _ROW_FIELDS))


def _stood(rows: _Rows, ways: IntArray) -> _Rows:
    """The hands standing with `ways` per up card: finished, not doubled."""
    return _Rows(rows.hand, rows.extra, rows.pair, np.zeros_like(rows.flag), ways)


def _doubled(rows: _Rows) -> _Rows:
    """633a.10(a): the one card of a double, and no more."""
    return _Rows(rows.hand, rows.extra, rows.pair, np.ones_like(rows.flag), rows.ways)


def _table(finished: list[_Rows], surrendered: list[_Rows], total: int | None) -> FinalHandTable:
    """The finished rows merged and spread out to one row per up card that reaches them."""
    parts, totals = [], []
    for part in finished:
        parts.append(part)
        totals.append(part.totals())
    for part in surrendered:
        parts.append(part)
        totals.append(np.full(len(part.hand), SURRENDERED, dtype=np.int64))
    rows = _Rows.concat(parts)
    final = np.concatenate(totals)
    if total is not None:
        rows, final = _subset(rows, final == total), final[final == total]
    rows, kept = rows.merged(final)
    final = final[kept]
    up, row = np.nonzero(rows.ways.T)
    return FinalHandTable(
        up=up.astype(np.int64),
        hand=rows.hand[row],
        removed=rows.removed()[row],
        total=final[row],
        doubled=rows.flag[row],
        orderings=rows.ways[row, up],
        pair=rows.pair[row],
    )
