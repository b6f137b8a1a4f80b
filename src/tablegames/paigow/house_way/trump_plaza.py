"""The Trump Plaza (Atlantic City) house way, and the Claridge (Atlantic City) variant.

Source: Wizard of Odds' house-way pages, as transcribed in `cammoore/PaiGow-Poker`
(src/Trump-Plaza-Atlantic-City.txt); the published figures 28.55% / 41.47% / 29.98% (player
wins / pushes / loses, this way against itself) are in paigow/anchors.md 4. "Front" is the low
hand, "back" the high hand. Pairs are grouped: low 2-6, medium 7-10, high J-K, and aces. The
joker counts as an ace when grouping ranks (it pairs only aces); it is used to complete a
straight or flush through the settings' rankings.

Rules, checked in this order (TP = Trump Plaza; CL = Claridge, where it differs):

- R1 Five aces: three aces back and two aces front, unless holding a pair of kings: then five
  aces back and the kings front.
- R2 Four of a kind with three of a kind: a pair from the three of a kind front.
- R3 Four of a kind with a pair: the pair front.
- R4 Four of a kind: 2-6 always together (the two highest singles front); 7-10 split unless a
  king or better can be played front (CL: unless an ace); J-K split unless an ace can be played
  front (CL: always split); aces always split. Split: two of the four front.
- R5 Three of a kind twice: a pair from the higher three of a kind front.
- R6 Full house with two pairs: the higher pair front.
- R7 Full house: split (the pair front) unless the pair is twos and an ace and a king can be
  played front (then the full house back, A-K front). CL: always the pair front.
- R8 Three pair: the highest pair front.
- R9 Two pair (a straight or flush is ignored: "use two pair rule"): aces and any pair: split;
  low+low or low+medium: split unless holding a king or better single; low+high or
  medium+medium: split unless holding an ace single; medium+high or high+high: split. Split:
  the higher pair back, the lower pair front, singles back. Not split: both pairs back, the
  two highest singles front.
- R10 Three of a kind with a straight, flush or straight flush available: the straight or flush
  back and a pair front ("play pair in front"); of those settings, R12's choice.
- R11 Three of a kind: back, the two highest singles front; three aces: a pair of aces back,
  one ace and the highest single front.
- R12 Straight, flush or straight flush with one pair or none: the straight or flush back, and
  of those settings the one with the pair front if one exists (one pair: "play pair in the front
  only if a straight, flush, or straight flush can be played in the back"), otherwise the one
  with the highest front ("play the category which will allow the highest two cards in front";
  with a sixth or seventh card, the lower straight or flush back for the higher front). Reading
  of the published text: with one pair and a straight or flush that cannot keep the pair in
  front, the straight or flush is still played back (the text leaves that case open).
- R13 One pair: the pair back, the two highest singles front.
- R14 No pair: the highest card back, the next two highest front.

Where a rule leaves the choice between cards of equal rank open (which two of four aces go
front, whether the joker or a natural ace does), the setting with the highest high hand, then
the highest low hand, is played: suits never change a result but the joker's place can.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from tablegames.core.cards import CardOrJoker, Joker
from tablegames.paigow.cards import value_of
from tablegames.paigow.ranking import (
    ACE_VALUE,
    DEFAULT_RANKING,
    Category,
    RankingRules,
    high_key,
    low_key,
)
from tablegames.paigow.setting import Setting, check_hand

_STRAIGHT_OR_BETTER = (
    Category.STRAIGHT,
    Category.FLUSH,
    Category.STRAIGHT_FLUSH,
    Category.ROYAL_FLUSH,
)


def _value(card: CardOrJoker) -> int:
    return ACE_VALUE if isinstance(card, Joker) else value_of(card)


@dataclass(frozen=True, slots=True)
class _Shape:
    """The hand grouped by value (the joker an ace): groups largest first, then highest."""

    hand: tuple[CardOrJoker, ...]
    groups: tuple[tuple[int, tuple[CardOrJoker, ...]], ...]

    @classmethod
    def of(cls, hand: Sequence[CardOrJoker]) -> _Shape:
        by_value: dict[int, list[CardOrJoker]] = {}
        for card in hand:
            by_value.setdefault(_value(card), []).append(card)
        groups = sorted(by_value.items(), key=lambda item: (len(item[1]), item[0]), reverse=True)
        return cls(tuple(hand), tuple((value, tuple(cards)) for value, cards in groups))

    def sized(self, size: int) -> list[tuple[int, tuple[CardOrJoker, ...]]]:
        return [group for group in self.groups if len(group[1]) == size]

    @property
    def singles(self) -> list[CardOrJoker]:
        """The unpaired cards, highest first."""
        return [cards[0] for _, cards in self.sized(1)]


def _play(
    hand: tuple[CardOrJoker, ...], fronts: Sequence[Sequence[CardOrJoker]], rules: RankingRules
) -> Setting:
    """The best of the settings with one of `fronts` as the low hand (cards of equal rank)."""
    best: Setting | None = None
    for front in fronts:
        chosen = set(map(id, front))
        back = tuple(card for card in hand if id(card) not in chosen)
        setting = Setting(
            high=back, low=tuple(front), high_key=high_key(back, rules), low_key=low_key(front)
        )
        if best is None or (setting.high_key, setting.low_key) > (best.high_key, best.low_key):
            best = setting
    if best is None:  # every rule names at least one front; reaching here is a bug
        raise RuntimeError("house way produced no low hand")
    return best


def _pairs_of(cards: Sequence[CardOrJoker]) -> list[tuple[CardOrJoker, CardOrJoker]]:
    return list(combinations(cards, 2))


def _straight_or_flush(hand: tuple[CardOrJoker, ...], rules: RankingRules) -> list[Setting]:
    found = []
    for front in combinations(hand, 2):
        chosen = set(map(id, front))
        back = tuple(card for card in hand if id(card) not in chosen)
        key = high_key(back, rules)
        if (key >> 20) in _STRAIGHT_OR_BETTER:
            found.append(Setting(high=back, low=front, high_key=key, low_key=low_key(front)))
    return found


def _best_straight_or_flush(options: list[Setting]) -> Setting:
    """R12: a pair front if any setting allows it, else the highest front."""
    paired = [option for option in options if (option.low_key >> 20) == Category.ONE_PAIR]
    pool = paired or options
    return max(pool, key=lambda option: (option.low_key, option.high_key))


@dataclass(frozen=True, slots=True)
class TrumpPlazaWay:
    """The Trump Plaza way; `claridge=True` gives the Claridge exceptions (R4, R7)."""

    claridge: bool = False

    @property
    def name(self) -> str:
        return "claridge" if self.claridge else "trump_plaza"

    @property
    def title(self) -> str:
        return "Claridge (Atlantic City)" if self.claridge else "Trump Plaza (Atlantic City)"

    def set(self, hand: Sequence[CardOrJoker], rules: RankingRules = DEFAULT_RANKING) -> Setting:
        cards = tuple(hand)
        check_hand(cards)
        shape = _Shape.of(cards)

        def play(fronts: Sequence[Sequence[CardOrJoker]]) -> Setting:
            return _play(cards, fronts, rules)

        sizes = [len(group) for _, group in shape.groups]
        singles = shape.singles
        if sizes[0] == 5:  # R1
            kings = [group for value, group in shape.sized(2) if value == 13]
            if kings:
                return play([kings[0]])
            return play(_pairs_of(shape.groups[0][1]))
        if sizes[0] == 4:
            quad_value, quads = shape.groups[0]
            if sizes[1] == 3:  # R2
                return play(_pairs_of(shape.groups[1][1]))
            if sizes[1] == 2:  # R3
                return play([shape.groups[1][1]])
            return play(
                [singles[:2]] if self._keep_quads(quad_value, singles) else _pairs_of(quads)
            )
        if sizes[0] == 3 and sizes[1] == 3:  # R5
            return play(_pairs_of(shape.groups[0][1]))
        if sizes[0] == 3 and sizes[1] == 2 and sizes[2] == 2:  # R6
            return play([shape.groups[1][1]])
        if sizes[0] == 3 and sizes[1] == 2:  # R7
            pair_value, pair = shape.groups[1]
            values = {_value(card) for card in singles}
            if not self.claridge and pair_value == 2 and {ACE_VALUE, 13} <= values:
                return play([[card for card in singles if _value(card) in (ACE_VALUE, 13)]])
            return play([pair])
        if sizes[:3] == [2, 2, 2]:  # R8
            return play([shape.groups[0][1]])
        if sizes[:2] == [2, 2]:  # R9
            (high_value, _), (low_value, low_pair) = shape.groups[0], shape.groups[1]
            if self._split_two_pair(high_value, low_value, singles):
                return play([low_pair])
            return play([singles[:2]])
        if sizes[0] == 3:
            options = _straight_or_flush(cards, rules)
            if options:  # R10
                return _best_straight_or_flush(options)
            trips_value, trips = shape.groups[0]
            if trips_value == ACE_VALUE:  # R11, three aces
                return play([[ace, singles[0]] for ace in trips])
            return play([singles[:2]])  # R11
        options = _straight_or_flush(cards, rules)
        if options:  # R12
            return _best_straight_or_flush(options)
        if sizes[0] == 2:  # R13
            return play([singles[:2]])
        return play([singles[1:3]])  # R14

    def _keep_quads(self, value: int, singles: list[CardOrJoker]) -> bool:
        """R4: True to keep four of a kind together (two singles front)."""
        best_single = max(_value(card) for card in singles)
        if value <= 6:
            return True
        if value <= 10:
            return best_single >= (ACE_VALUE if self.claridge else 13)
        if value <= 13:
            return not self.claridge and best_single == ACE_VALUE
        return False

    @staticmethod
    def _split_two_pair(high: int, low: int, singles: list[CardOrJoker]) -> bool:
        """R9: True to split the two pair."""
        best_single = max(_value(card) for card in singles)
        if high == ACE_VALUE:
            return True

        def group(value: int) -> str:
            return "low" if value <= 6 else "medium" if value <= 10 else "high"

        pair = (group(low), group(high))
        if pair in (("low", "low"), ("low", "medium")):
            return best_single < 13
        if pair in (("low", "high"), ("medium", "medium")):
            return best_single < ACE_VALUE
        return True
