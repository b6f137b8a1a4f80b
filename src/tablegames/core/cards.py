"""Cards: ranks and suits, written as two characters, for every card game here.

A card is written as two characters everywhere: rank `A 2-9 T J Q K` and suit `S H D C`; the
joker, in a game whose rules authorize one (603a.15(a): Pai Gow Poker's 53-card deck), is `JK`.
`Card.parse` reads only the 52 standard cards, so a game without a joker refuses `JK` by
construction; `parse_card_or_joker` is for the games that use one. What a card counts for is
each game's rule (Blackjack's point values are in `blackjack.hand`), not the card's.

>>> card = Card.parse("QH")
>>> card.rank, card.suit
(<Rank.QUEEN: 12>, <Suit.HEARTS: 'H'>)
>>> str(card)
'QH'
>>> len(standard_decks(6))
312
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum, IntEnum

from tablegames.core.errors import CardError


class Rank(IntEnum):
    """Ranks in natural order; the ace is low here (what it counts for is the game's rule)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOLS[self]


class Suit(Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red: the double shoe assigns sides by colour (633a.7(d)(1))."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_RANK_SYMBOLS = {
    Rank.ACE: "A",
    Rank.TWO: "2",
    Rank.THREE: "3",
    Rank.FOUR: "4",
    Rank.FIVE: "5",
    Rank.SIX: "6",
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.TEN: "T",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
}
_RANKS_BY_SYMBOL = {symbol: rank for rank, symbol in _RANK_SYMBOLS.items()}
_SUITS_BY_SYMBOL = {suit.value: suit for suit in Suit}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One physical card. Immutable; compares by rank then suit."""

    rank: Rank
    suit: Suit
    # Derived once per card (cards are interned), because engines read them on every step.
    code: str = field(init=False, compare=False, repr=False)
    is_ace: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", _RANK_SYMBOLS[self.rank] + self.suit.value)
        object.__setattr__(self, "is_ace", self.rank is Rank.ACE)

    def __hash__(self) -> int:
        # Equal cards have equal codes; hashing the (cached) code string is far cheaper than
        # hashing the two enum members, and shoe audits count cards in every round.
        return hash(self.code)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read "TH", "AS", "QD"... and raise CardError naming the bad text otherwise."""
        if not isinstance(text, str) or len(text) != 2:
            raise CardError(
                f"card {text!r} must be two characters: rank A 2-9 T J Q K, suit S H D C"
            )
        rank = _RANKS_BY_SYMBOL.get(text[0].upper())
        suit = _SUITS_BY_SYMBOL.get(text[1].upper())
        if rank is None:
            raise CardError(f"card {text!r} has no rank {text[0]!r}: use A 2-9 T J Q K")
        if text.upper() == JOKER_CODE:
            raise CardError(
                f"card {text!r} is the joker, which this game does not use", paragraph="603a.15(a)"
            )
        if suit is None:
            raise CardError(f"card {text!r} has no suit {text[1]!r}: use S H D C")
        return _CARDS[(rank, suit)]

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"


# Cards are interned: parsing never allocates and identity equals equality.
_CARDS = {(rank, suit): Card(rank, suit) for suit in Suit for rank in Rank}


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Parse a list of two-character card strings.

    >>> parse_cards(["AS", "td"])
    [Card('AS'), Card('TD')]
    """
    return [Card.parse(text) for text in texts]


def standard_deck() -> list[Card]:
    """One 52-card deck in new-deck order (by suit, ace to king)."""
    return [_CARDS[(rank, suit)] for suit in Suit for rank in Rank]


def standard_decks(decks: int) -> list[Card]:
    """`decks` standard decks (633a.3(a): at least one deck)."""
    if decks < 1:
        raise CardError(f"{decks} decks: a game uses at least one deck", paragraph="633a.3(a)")
    return standard_deck() * decks


JOKER_CODE = "JK"


@dataclass(frozen=True, slots=True)
class Joker:
    """The joker (603a.15(a): only where a game's rules authorize it). It has no rank or suit:
    what it counts as is the game's rule (Pai Gow Poker: an ace, or to complete a straight or
    flush). There is one joker object, as there is one object per card.

    >>> str(JOKER), parse_card_or_joker("jk") is JOKER
    ('JK', True)
    """

    def __str__(self) -> str:
        return JOKER_CODE

    def __repr__(self) -> str:
        return "JOKER"


JOKER = Joker()
CardOrJoker = Card | Joker


def parse_card_or_joker(text: str) -> CardOrJoker:
    """A standard card or the joker, for games that use one; anything else raises CardError."""
    if isinstance(text, str) and text.upper() == JOKER_CODE:
        return JOKER
    return Card.parse(text)


def deck_with_jokers(jokers: int) -> list[CardOrJoker]:
    """One deck of 52 cards and `jokers` jokers (Pai Gow Poker: one, 53 cards).

    >>> len(deck_with_jokers(1)), deck_with_jokers(1)[-1]
    (53, JOKER)
    """
    if isinstance(jokers, bool) or not isinstance(jokers, int) or not 0 <= jokers <= 2:
        raise CardError(f"{jokers!r} jokers: a deck has 0 to 2", paragraph="603a.15(a)")
    return [*standard_deck(), *([JOKER] * jokers)]
