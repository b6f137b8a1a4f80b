"""Setting the hands: the 21 ways to split seven cards into a five-card high hand and a
two-card low hand, and the legality test.

The high hand must rank **equal to or higher than** the low hand: the PA sibling wording of
688a.1 (paigow/645a-digest.md 2; 645a.1 itself was not found), so splitting four of a kind into
two equal pairs (7-7-x-y-z over 7-7) is legal. A setting that breaks it is a foul; how a foul
is treated at a dealt table is the Rules Submission field `foul_treatment` (`rules.py`).
Refusals cite no 645a paragraph because none is confirmed: they name the Rules Submission.

>>> from tablegames.paigow.cards import parse_hand
>>> hand = parse_hand(["AS", "AD", "KC", "9H", "5S", "4D", "2C"])
>>> len(settings(hand))
21
>>> refusal(make_setting(hand, low=parse_hand(["AS", "AD"], size=2)))
'the low hand (pair of A) outranks the high hand (high card K): a foul'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from tablegames.core.cards import CardOrJoker
from tablegames.core.errors import CardError, IllegalActionError
from tablegames.paigow.cards import HAND_SIZE, card_index, check_distinct
from tablegames.paigow.ranking import (
    DEFAULT_RANKING,
    Category,
    HandValue,
    RankingRules,
    high_key,
    low_key,
)

# The filed source of the legality rule, cited in every refusal (no 645a paragraph is confirmed).
LEGALITY_SOURCE = "Rules Submission field high_at_least_low (688a.1 wording; 645a.1 not found)"


class IllegalSettingError(IllegalActionError):
    """A setting the rules do not allow: a foul, or cards that are not the hand's seven."""


@dataclass(frozen=True, slots=True)
class Setting:
    """One setting: the five-card high hand and the two-card low hand, with their keys."""

    high: tuple[CardOrJoker, ...]
    low: tuple[CardOrJoker, ...]
    high_key: int
    low_key: int

    @property
    def legal(self) -> bool:
        return self.high_key >= self.low_key

    def __str__(self) -> str:
        return f"{' '.join(map(str, self.high))} / {' '.join(map(str, self.low))}"


def _describe(value: HandValue) -> str:
    names = {
        Category.HIGH_CARD: "high card",
        Category.ONE_PAIR: "pair of",
        Category.TWO_PAIR: "two pair",
        Category.THREE_OF_A_KIND: "three of a kind",
    }
    name = names.get(value.category, value.category.name.lower().replace("_", " "))
    symbols = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "T"}
    first = value.tiebreak[:1]
    shown = " ".join(symbols.get(v, str(v)) for v in first)
    return f"{name} {shown}".strip()


def make_setting(
    hand: Sequence[CardOrJoker],
    *,
    low: Sequence[CardOrJoker],
    rules: RankingRules = DEFAULT_RANKING,
) -> Setting:
    """The setting of `hand` whose low hand is `low` (the other five are the high hand).

    Raises IllegalSettingError when `low` is not two of the hand's cards; a foul is returned
    as a Setting whose `legal` is False (see `refusal`, `verify_setting`).
    """
    check_hand(hand)
    if len(low) != 2:
        raise IllegalSettingError(f"a low hand holds 2 cards, not {len(low)}")
    check_distinct(low)
    held = {card_index(card) for card in hand}
    missing = [str(card) for card in low if card_index(card) not in held]
    if missing:
        raise IllegalSettingError(f"the low hand's {', '.join(missing)} is not in the hand")
    low_indices = {card_index(card) for card in low}
    high = tuple(card for card in hand if card_index(card) not in low_indices)
    return _setting(high, tuple(low), rules)


def _setting(
    high: tuple[CardOrJoker, ...], low: tuple[CardOrJoker, ...], rules: RankingRules
) -> Setting:
    return Setting(high=high, low=low, high_key=high_key(high, rules), low_key=low_key(low))


def check_hand(hand: Sequence[CardOrJoker]) -> None:
    """Raise CardError unless `hand` is seven distinct cards of the 53-card deck."""
    if len(hand) != HAND_SIZE:
        raise CardError(f"a Pai Gow Poker hand holds {HAND_SIZE} cards, not {len(hand)}")
    check_distinct(hand)


def settings(hand: Sequence[CardOrJoker], rules: RankingRules = DEFAULT_RANKING) -> list[Setting]:
    """All C(7,2) = 21 settings of a seven-card hand, legal or not, in a fixed order (the low
    hand's card positions (0,1), (0,2), ..., (5,6))."""
    check_hand(hand)
    found = []
    for first, second in combinations(range(HAND_SIZE), 2):
        low = (hand[first], hand[second])
        high = tuple(card for place, card in enumerate(hand) if place not in (first, second))
        found.append(_setting(high, low, rules))
    return found


def legal_settings(
    hand: Sequence[CardOrJoker], rules: RankingRules = DEFAULT_RANKING
) -> list[Setting]:
    """The settings whose high hand ranks at least as high as the low hand (never empty)."""
    return [setting for setting in settings(hand, rules) if setting.legal]


def refusal(setting: Setting) -> str | None:
    """Why the setting is a foul, or None if it is legal (the root of verify/can)."""
    if setting.legal:
        return None
    return (
        f"the low hand ({_describe(HandValue(setting.low_key))}) outranks the high hand "
        f"({_describe(HandValue(setting.high_key))}): a foul"
    )


def can_set(setting: Setting) -> bool:
    """True when the setting is legal."""
    return refusal(setting) is None


def verify_setting(setting: Setting) -> None:
    """Raise IllegalSettingError with the reason when the setting is a foul."""
    reason = refusal(setting)
    if reason is not None:
        raise IllegalSettingError(f"{reason} ({LEGALITY_SOURCE})")
