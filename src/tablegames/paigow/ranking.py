"""Pai Gow Poker rankings: five-card high hands and two-card low hands with the semi-wild joker.

The PA text of 645a.6 (rankings) was not found (paigow/645a-digest.md 7). Every source agrees,
and this module implements, that:

- the joker counts as an **ace**, or completes a **straight, flush, straight flush or royal
  flush**; it never pairs any rank but aces. In the low hand it is always an ace;
- the high hands rank, from the highest: five aces (four aces and the joker), royal flush,
  straight flush, four of a kind, full house, flush, straight, three of a kind, two pair, one
  pair, high card;
- a two-card low hand is a pair (A-A down to 2-2, the joker with an ace a pair of aces) or two
  singles (A-K down to 3-2); a pair beats any two singles;
- copies compare by rank alone: suits never break a tie.

Two filed options (`RankingRules`, Rules Submission fields, not PA-confirmed): where A-2-3-4-5
ranks among straights and among straight flushes (second-highest by default, every source,
digest 7), and what the joker counts as in a flush that already holds that suit's ace (the
highest rank missing from the flush by default; sources differ, digest 7 "NOT FOUND").

Values are integers (`high_key`, `low_key`): a larger key ranks higher, equal keys are copies,
and a high key and a low key compare correctly against each other (the legality test of a
setting). `HandValue` decodes a key into a category and its tiebreak values.

>>> from tablegames.paigow.cards import parse_hand
>>> value = high_value(parse_hand(["JK", "KS", "QS", "JS", "TS"], size=5))
>>> value.category.name, value.tiebreak
('ROYAL_FLUSH', ())
>>> high_value(parse_hand(["AS", "2D", "3H", "4C", "5S"], size=5)).tiebreak  # second-highest
(14,)
>>> low_value(parse_hand(["JK", "AD"], size=2)).category.name
'ONE_PAIR'
>>> compare(parse_hand(["AS", "KD"], size=2), parse_hand(["AH", "KS"], size=2))
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Final, Literal

from tablegames.core.cards import CardOrJoker, Joker
from tablegames.core.errors import CardError, RulesError
from tablegames.paigow.cards import check_distinct, value_of

WheelPlace = Literal["second_highest", "lowest"]
JokerAceFlush = Literal["highest_missing", "ace"]

ACE_VALUE: Final = 14
# A straight's tiebreak code: its top card 6..14, the wheel A-2-3-4-5 5 ("lowest") or 14 with
# A-K-Q-J-10 lifted to 15 ("second_highest"), so one integer order covers both options.
_BROADWAY_LIFTED: Final = 15
_SHIFT: Final = 4  # each tiebreak value takes one hex digit (values 0..15)
_CATEGORY_SHIFT: Final = 5 * _SHIFT


class Category(IntEnum):
    """Hand categories, lowest to highest. A low hand is HIGH_CARD or ONE_PAIR."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9
    FIVE_ACES = 10


@dataclass(frozen=True, slots=True, kw_only=True)
class RankingRules:
    """The filed ranking options (Rules Submission fields; 645a.6 text not found).

    `wheel_straight`, `wheel_straight_flush`: where A-2-3-4-5 ranks among straights and among
    straight flushes: `second_highest` (below A-K-Q-J-10 / the royal flush, above the king-high;
    default, every source in digest 7) or `lowest` (below 6-high, ordinary poker).
    `joker_in_ace_flush`: in a flush that already holds that suit's ace the joker counts as the
    `highest_missing` rank (default) or as a second `ace`.
    """

    wheel_straight: WheelPlace = "second_highest"
    wheel_straight_flush: WheelPlace = "second_highest"
    joker_in_ace_flush: JokerAceFlush = "highest_missing"

    def __post_init__(self) -> None:
        for name in ("wheel_straight", "wheel_straight_flush"):
            if getattr(self, name) not in ("second_highest", "lowest"):
                raise RulesError(f"{name} {getattr(self, name)!r}: use second_highest or lowest")
        if self.joker_in_ace_flush not in ("highest_missing", "ace"):
            raise RulesError(
                f"joker_in_ace_flush {self.joker_in_ace_flush!r}: use highest_missing or ace"
            )


DEFAULT_RANKING: Final = RankingRules()


def encode(category: Category | int, tiebreak: Sequence[int] = ()) -> int:
    """The integer key of a category and up to five tiebreak values (each 0..15)."""
    key = int(category)
    for place in range(5):
        key = (key << _SHIFT) | (tiebreak[place] if place < len(tiebreak) else 0)
    return key


@dataclass(frozen=True, slots=True)
class HandValue:
    """A readable hand value: the category and the values that break ties within it (the ace
    14; a straight or straight flush carries its code: the top card, or 14 for the wheel and 15
    for A-K-Q-J-10 when the wheel is second-highest). Orders as the key does."""

    key: int

    @property
    def category(self) -> Category:
        return Category(self.key >> _CATEGORY_SHIFT)

    @property
    def tiebreak(self) -> tuple[int, ...]:
        digits = [(self.key >> (_SHIFT * (4 - place))) & 0xF for place in range(5)]
        while digits and digits[-1] == 0:
            digits.pop()
        return tuple(digits)

    def __lt__(self, other: HandValue) -> bool:
        return self.key < other.key

    def __le__(self, other: HandValue) -> bool:
        return self.key <= other.key


def _straight_code(values: set[int], rules_place: WheelPlace) -> int:
    """The code of five distinct values if they are a straight, else 0."""
    top = max(values)
    if top - min(values) == 4 and len(values) == 5:
        if top == ACE_VALUE and rules_place == "second_highest":
            return _BROADWAY_LIFTED
        return top
    if values == {ACE_VALUE, 2, 3, 4, 5}:
        return ACE_VALUE if rules_place == "second_highest" else 5
    return 0


def _grouped(values: list[int]) -> tuple[list[int], list[int]]:
    """(counts, values) by group: the most-held first, then the highest."""
    counts: dict[int, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    return [count for _, count in groups], [value for value, _ in groups]


def _paired_key(values: list[int]) -> int:
    """The key of five values (repeats allowed, no straight or flush): pairs and kickers."""
    counts, ordered = _grouped(values)
    if counts[0] == 5:
        return encode(Category.FIVE_ACES)  # only aces can be five (four and the joker)
    if counts[0] == 4:
        category = Category.FOUR_OF_A_KIND
    elif counts[0] == 3:
        category = Category.FULL_HOUSE if counts[1] == 2 else Category.THREE_OF_A_KIND
    elif counts[0] == 2:
        category = Category.TWO_PAIR if counts[1] == 2 else Category.ONE_PAIR
    else:
        category = Category.HIGH_CARD
    return encode(category, ordered)


def _natural_key(values: list[int], flush: bool, rules: RankingRules) -> int:
    distinct = set(values)
    if len(distinct) == 5:
        place = rules.wheel_straight_flush if flush else rules.wheel_straight
        code = _straight_code(distinct, place)
        if code and flush:
            if max(distinct) == ACE_VALUE and min(distinct) == 10:
                return encode(Category.ROYAL_FLUSH)
            return encode(Category.STRAIGHT_FLUSH, (code,))
        if code:
            return encode(Category.STRAIGHT, (code,))
    if flush:
        paired = _paired_key(values)
        # One deck: a flush has five distinct values, so only the full house and quads beat it,
        # and those need repeated values that five suited cards cannot hold.
        return max(paired, encode(Category.FLUSH, sorted(values, reverse=True)))
    return _paired_key(values)


def _standard(cards: Sequence[CardOrJoker], size: int) -> tuple[list[int], list[object], int]:
    if len(cards) != size:
        raise CardError(
            f"a {'high' if size == 5 else 'low'} hand holds {size} cards, not {len(cards)}"
        )
    check_distinct(cards)
    values: list[int] = []
    suits: list[object] = []
    jokers = 0
    for card in cards:
        if isinstance(card, Joker):
            jokers += 1
        else:
            values.append(value_of(card))
            suits.append(card.suit)
    return values, suits, jokers


def high_key(cards: Sequence[CardOrJoker], rules: RankingRules = DEFAULT_RANKING) -> int:
    """The key of a five-card high hand (the joker semi-wild; see the module docstring)."""
    values, suits, jokers = _standard(cards, 5)
    flush = len(set(suits)) == 1
    if not jokers:
        return _natural_key(values, flush, rules)
    # The joker is an ace...
    best = _paired_key([*values, ACE_VALUE])
    distinct = set(values)
    # ... or completes a straight or straight flush: try every rank it could stand for.
    if len(distinct) == 4:
        for stand_in in range(2, ACE_VALUE + 1):
            if stand_in in distinct:
                continue
            place = rules.wheel_straight_flush if flush else rules.wheel_straight
            code = _straight_code(distinct | {stand_in}, place)
            if not code:
                continue
            if (
                flush
                and max(distinct | {stand_in}) == ACE_VALUE
                and min(distinct | {stand_in}) == 10
            ):
                best = max(best, encode(Category.ROYAL_FLUSH))
            elif flush:
                best = max(best, encode(Category.STRAIGHT_FLUSH, (code,)))
            else:
                best = max(best, encode(Category.STRAIGHT, (code,)))
    # ... or completes a flush: as the ace, or, when the suit's ace is held, by the filed rule.
    if flush:
        if ACE_VALUE not in distinct or rules.joker_in_ace_flush == "ace":
            stand_in = ACE_VALUE
        else:
            stand_in = max(value for value in range(2, ACE_VALUE) if value not in distinct)
        best = max(best, encode(Category.FLUSH, sorted([*values, stand_in], reverse=True)))
    return best


def low_key(cards: Sequence[CardOrJoker]) -> int:
    """The key of a two-card low hand: the joker is an ace; a pair beats two singles."""
    values, _, jokers = _standard(cards, 2)
    values += [ACE_VALUE] * jokers
    high, low = max(values), min(values)
    if high == low:
        return encode(Category.ONE_PAIR, (high,))
    return encode(Category.HIGH_CARD, (high, low))


def high_value(cards: Sequence[CardOrJoker], rules: RankingRules = DEFAULT_RANKING) -> HandValue:
    """The readable value of a five-card high hand."""
    return HandValue(high_key(cards, rules))


def low_value(cards: Sequence[CardOrJoker]) -> HandValue:
    """The readable value of a two-card low hand."""
    return HandValue(low_key(cards))


def key_of(cards: Sequence[CardOrJoker], rules: RankingRules = DEFAULT_RANKING) -> int:
    """The key of a high hand (five cards) or a low hand (two cards)."""
    if len(cards) == 5:
        return high_key(cards, rules)
    if len(cards) == 2:
        return low_key(cards)
    raise CardError(f"a hand to rank holds 5 cards (high) or 2 (low), not {len(cards)}")


def compare(
    hand_a: Sequence[CardOrJoker],
    hand_b: Sequence[CardOrJoker],
    rules: RankingRules = DEFAULT_RANKING,
) -> int:
    """1 if `hand_a` ranks higher, -1 if lower, 0 for a copy (rank alone decides).

    Both are high hands (five cards) or low hands (two); a high hand may also be compared with
    a low hand, which is the legality test of a setting.
    """
    key_a, key_b = key_of(hand_a, rules), key_of(hand_b, rules)
    return (key_a > key_b) - (key_a < key_b)
