"""The Fortune bonus's hand classes and the filed paytables (645a.7(e)(1)), and the seven-card
classifier the round settles by; the engine's part of what `analysis` enumerates.

Classes, in Fortune payout order (the first that matches wins; three of a kind above the
straight): natural 7-card straight flush; royal flush with royal match (the suited K-Q as the
other two cards, the royal may use the joker); wild 7-card straight flush (uses the joker);
five aces; royal flush; straight flush; four of a kind; full house; flush; three of a kind;
straight; two pair (three pair included); one pair; high card.

>>> from tablegames.paigow.cards import parse_hand
>>> fortune_class(parse_hand(["JK", "AS", "AH", "AD", "AC", "3H", "7D"]))
'five_aces'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from tablegames.core.cards import CardOrJoker, Joker
from tablegames.core.errors import RulesError
from tablegames.paigow.cards import check_distinct, value_of
from tablegames.paigow.ranking import DEFAULT_RANKING, Category, high_key

FORTUNE_CLASSES: Final = (
    "natural_seven_card_straight_flush",
    "royal_flush_royal_match",
    "wild_seven_card_straight_flush",
    "five_aces",
    "royal_flush",
    "straight_flush",
    "four_of_a_kind",
    "full_house",
    "flush",
    "three_of_a_kind",
    "straight",
    "two_pair",
    "one_pair",
    "high_card",
)
ENVY_CLASSES: Final = FORTUNE_CLASSES[:7]  # four of a kind or better (688a.1 definition)


def fortune_class(hand: Sequence[CardOrJoker]) -> str:
    """The Fortune class of seven cards: the categories of the 21 five-card subsets by
    `ranking.high_key`, plus the seven-card and royal-match tests written out, read in Fortune
    order (`analysis` walks every hand with a numba twin of it; tests check they agree)."""
    check_distinct(hand)
    cards = list(hand)
    naturals = [card for card in cards if not isinstance(card, Joker)]
    joker = len(naturals) < len(cards)
    suits = {card.suit for card in naturals}
    values = {value_of(card) for card in naturals}
    low_values = {1 if value == 14 else value for value in values}

    def seven_run(held_values: set[int]) -> bool:
        for low in range(1, 9):
            window = set(range(low, low + 7))
            shifted = {1 if (v == 14 and low == 1) else v for v in held_values}
            if shifted <= window:
                return True
        return False

    if not joker and len(suits) == 1 and (seven_run(values) or seven_run(low_values)):
        return FORTUNE_CLASSES[0]
    categories: set[Category] = set()
    for high in combinations(cards, 5):
        key = high_key(high, DEFAULT_RANKING)
        category = Category(key >> 20)
        categories.add(category)
        rest = [card for card in cards if card not in high]
        if category is Category.ROYAL_FLUSH and not any(isinstance(c, Joker) for c in rest):
            rest_values = sorted(value_of(card) for card in rest if not isinstance(card, Joker))
            if rest_values == [12, 13] and rest[0].suit == rest[1].suit:  # type: ignore[union-attr]
                return FORTUNE_CLASSES[1]
    if (
        joker
        and len(naturals) == 6
        and len(suits) == 1
        and (seven_run(values) or seven_run(low_values))
    ):
        return FORTUNE_CLASSES[2]
    order = (
        (Category.FIVE_ACES, 3),
        (Category.ROYAL_FLUSH, 4),
        (Category.STRAIGHT_FLUSH, 5),
        (Category.FOUR_OF_A_KIND, 6),
        (Category.FULL_HOUSE, 7),
        (Category.FLUSH, 8),
        (Category.THREE_OF_A_KIND, 9),
        (Category.STRAIGHT, 10),
        (Category.TWO_PAIR, 11),
        (Category.ONE_PAIR, 12),
    )
    for category, index in order:
        if category in categories:
            return FORTUNE_CLASSES[index]
    return FORTUNE_CLASSES[13]


@dataclass(frozen=True, slots=True)
class FortunePaytable:
    """A Fortune paytable: odds "to 1" per class (absent classes lose), and whether three pair
    pushes. A placeholder: 645a.13's Paytables A/B/C were not found (digest 13)."""

    name: str
    odds: Mapping[str, int]
    three_pair_push: bool = False
    source: str = ""

    def __post_init__(self) -> None:
        unknown = set(self.odds) - set(FORTUNE_CLASSES)
        if unknown:
            raise RulesError(f"Fortune paytable {self.name}: unknown classes {sorted(unknown)}")


def _paytable(name: str, pays: Sequence[int], *, push: bool = False) -> FortunePaytable:
    classes = FORTUNE_CLASSES[:11]  # n7SF ... straight, the anchors' column order
    return FortunePaytable(
        name=name,
        odds=dict(zip(classes, pays, strict=True)),
        three_pair_push=push,
        source=f"Wizard of Odds {name} (paigow/anchors.md 3); PLACEHOLDER, not PA text",
    )


FORTUNE_PAYTABLES: Final = {
    "wizard_1": _paytable("wizard_1", (5000, 1000, 750, 250, 100, 50, 20, 5, 4, 3, 2), push=True),
    "wizard_2": _paytable("wizard_2", (8000, 2000, 1000, 400, 150, 50, 25, 5, 4, 3, 2)),
    "wizard_3": _paytable("wizard_3", (5000, 2000, 1000, 400, 150, 50, 25, 5, 4, 3, 2)),
    "wizard_4": _paytable("wizard_4", (2500, 1000, 750, 250, 125, 50, 25, 5, 4, 3, 2)),
    "wizard_6": _paytable("wizard_6", (5000, 1000, 500, 300, 110, 45, 25, 5, 4, 3, 2)),
}

ENVY_TABLES: Final = {
    "envy_3000": dict(zip(ENVY_CLASSES, (3000, 1000, 500, 250, 50, 20, 5), strict=True)),
    "envy_5000": dict(zip(ENVY_CLASSES, (5000, 1000, 500, 250, 50, 20, 5), strict=True)),
}
