"""The Pai Gow Poker deck: 52 cards and one joker (`JK`), and a strict reader of hands.

One deck of 53 cards is used every round (42 Pa.B. 2922, the preamble of 645a; the 53 is
inferred from 603a.15(a) and every sibling chapter, paigow/645a-digest.md 1, item 6). Cards are
the core's interned `Card` objects and the `JOKER`; a Blackjack shoe is built from
`standard_decks`, which never holds a joker.

For the fast paths each card has an index 0..52: `4 * (value - 2) + suit` for the standard
cards (value 2..14, the ace 14; suit S=0 H=1 D=2 C=3) and 52 for the joker.

>>> [str(card) for card in parse_hand(["JK", "as", "KD"], size=3)]
['JK', 'AS', 'KD']
>>> len(deck()), card_index(JOKER), card_index(Card.parse("2S")), card_index(Card.parse("AC"))
(53, 52, 0, 51)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from tablegames.core.cards import (
    JOKER,
    Card,
    CardOrJoker,
    Joker,
    Rank,
    Suit,
    deck_with_jokers,
    parse_card_or_joker,
)
from tablegames.core.errors import CardError

__all__ = [
    "DECK_SIZE",
    "HAND_SIZE",
    "JOKER",
    "JOKER_INDEX",
    "Card",
    "CardOrJoker",
    "Joker",
    "card_from_index",
    "card_index",
    "deck",
    "parse_hand",
    "value_of",
]

DECK_SIZE: Final = 53
HAND_SIZE: Final = 7  # seven hands of seven cards, four left over (paigow/anchors.md 1)
JOKER_INDEX: Final = 52
_SUIT_ORDER: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SUIT_NUMBER: Final = {suit: number for number, suit in enumerate(_SUIT_ORDER)}


def value_of(card: Card) -> int:
    """The card's poker value 2..14, the ace high (14)."""
    return 14 if card.rank is Rank.ACE else int(card.rank)


def card_index(card: CardOrJoker) -> int:
    """The card's index 0..52 (the joker 52)."""
    if isinstance(card, Joker):
        return JOKER_INDEX
    return 4 * (value_of(card) - 2) + _SUIT_NUMBER[card.suit]


_BY_INDEX: Final[tuple[CardOrJoker, ...]] = tuple(sorted(deck_with_jokers(1), key=card_index))


def card_from_index(index: int) -> CardOrJoker:
    """The card with index `index` (0..52)."""
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < DECK_SIZE:
        raise CardError(f"card index {index!r} must be 0..52")
    return _BY_INDEX[index]


def deck() -> list[CardOrJoker]:
    """The 53-card deck: 52 cards in new-deck order, then the joker."""
    return deck_with_jokers(1)


def parse_hand(texts: Iterable[str] | str, *, size: int = HAND_SIZE) -> list[CardOrJoker]:
    """Read `size` cards ("AS", "JK", ...) from one 53-card deck; CardError names the fault.

    A hand from one deck holds each card at most once and the joker at most once.

    >>> try:
    ...     parse_hand(["JK", "JK", "AS"], size=3)
    ... except CardError as error:
    ...     print(error.message[:32])
    hand ['JK', 'JK', 'AS'] holds JK
    """
    if isinstance(texts, str) or not isinstance(texts, Iterable):
        raise CardError(f"a hand must be a list of {size} cards, not {texts!r}")
    items = list(texts)
    if len(items) != size:
        raise CardError(f"a hand holds {size} cards, not {len(items)}")
    cards = [parse_card_or_joker(text) for text in items]
    check_distinct(cards, items)
    return cards


def check_distinct(cards: Sequence[CardOrJoker], shown: Sequence[object] | None = None) -> None:
    """Raise CardError if a card (or the joker) appears twice: one deck is used (42 Pa.B. 2922)."""
    seen: set[int] = set()
    for card in cards:
        index = card_index(card)
        if index in seen:
            listed = [str(item) for item in (shown if shown is not None else cards)]
            raise CardError(
                f"hand {listed} holds {card} twice: one deck of 53 cards holds each card once"
            )
        seen.add(index)
