"""The contract between a round and whatever holds the cards (shoe, double shoe, stacked shoe).

A round calls `begin_round()` once, `draw(destination)` for each card in dealing order, and
`end_round(table_cards)` after settlement (633a.7(s): the cards go to the discard rack). The source
handles burn cards, cover cards and reshuffles itself (633a.5, 633a.7(c)-(e), 633a.14(f)).

`destination` says where the card is going (a box's hand, the dealer, the discard rack) and
face up or down. A shuffled shoe ignores it; a dealt table's card feed (cards entered as a
person deals them, tablegames.blackjack.dealt) checks each card it is given against it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from tablegames.core.cards import Card, parse_cards
from tablegames.core.errors import ShoeError, ShoeExhaustedError


@dataclass(frozen=True, slots=True)
class Destination:
    """Where a card drawn from the shoe goes: `to` "box" (a box's hand), "dealer", "switch"
    (a Switch Hands card, 633c.4(d)) or "discard" (the discard rack, 633a.14(a), (c), (d));
    `box` 0 for the dealer and the rack; `face_up` as the procedure deals it; `paragraph` the
    paragraph that deals it."""

    to: str
    box: int = 0
    hand: int = 0
    face_up: bool = True
    paragraph: str = ""

    def describe(self, *, cite: bool = True) -> str:
        """The destination in words, for a dealer's screen and an error message (`cite`: with
        the paragraph that deals it)."""
        face = "face up" if self.face_up else "face down"
        if self.to == "box":
            words = f"a card {face} to box {self.box} hand {self.hand}"
        elif self.to == "dealer":
            words = f"the dealer's card {face}"
        elif self.to == "switch":
            words = f"a switch card face down to box {self.box}"
        else:
            words = "a card to the discard rack"
        return f"{words} ({self.paragraph})" if cite and self.paragraph else words


class CardNotDealt(Exception):  # noqa: N818 - a signal of the dealt procedure, not an error
    """The dealer did not deal the card the procedure expected at `destination`: a missed
    card of the initial deal (633a.14(e), (g)) or a card a player requested (633a.14(i)), with
    `option` the choice recorded (the player's, where the paragraph gives one). Only a dealt
    table's card feed raises it; the engine catches it where the paragraph says what follows,
    and anywhere else it is refused as an irregularity the paragraph does not cover."""

    def __init__(self, destination: Destination, option: str) -> None:
        super().__init__(f"{destination.describe()} was not dealt ({option})")
        self.destination = destination
        self.option = option


class CardSource(Protocol):
    def begin_round(self) -> None:
        """Prepare for a round (the double shoe draws its determinant card here, 633a.7(d))."""
        ...

    def draw(self, destination: Destination | None = None) -> Card:
        """The next card for the round, in dealing order, for `destination` when known."""
        ...

    def end_round(self, table_cards: Sequence[Card]) -> None:
        """Take the round's cards into the discard rack; reshuffle if the cover card came out."""
        ...


def stacked_cards(texts: object, decks: int) -> list[Card]:
    """A stacked shoe's cards, checked against what `decks` decks can physically deal.

    633a.3(a): the shoe holds `decks` decks of 52 cards, so a round can deal no card more often
    than `decks` times, and no more than 52 x `decks` cards. (A batch shuffler's other batch is
    not in play during the round, 633a.3(b).) The length is checked before any card is parsed.

    >>> [str(card) for card in stacked_cards(["AS", "KH"], 1)]
    ['AS', 'KH']
    >>> try:
    ...     stacked_cards(["AS", "KH", "AS"], 1)
    ... except ShoeError as error:
    ...     print(error.message, error.paragraph)
    the shoe deals AS 2 times; 1 deck holds it 1 time 633a.3(a)
    """
    if not isinstance(texts, list):
        raise ShoeError('the shoe must be a list of cards such as "TH"')
    most = 52 * decks
    if len(texts) > most:
        raise ShoeError(
            f"the shoe lists {len(texts):,} cards; {decks} deck(s) hold {most}",
            paragraph="633a.3(a)",
        )
    cards = parse_cards(texts)
    for card, count in Counter(cards).items():
        if count > decks:
            held = "1 deck holds" if decks == 1 else f"{decks} decks hold"
            raise ShoeError(
                f"the shoe deals {card} {count} times; {held} it {decks} time"
                + ("s" if decks > 1 else ""),
                paragraph="633a.3(a)",
            )
    return cards


class StackedShoe:
    """Cards in an explicit order, for tests, scenarios and reconstructing a disputed round.

    The first listed card is the first card dealt (any burn card has already been taken).

    >>> shoe = StackedShoe.parse(["9S", "5H"])
    >>> str(shoe.draw()), str(shoe.draw())
    ('9S', '5H')
    >>> shoe.draw()  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tablegames.core.errors.ShoeExhaustedError: the stacked shoe ran out after 2 cards: ...
    """

    def __init__(self, cards: Sequence[Card]) -> None:
        self._cards = list(cards)
        self._next = 0
        self.discards: list[Card] = []

    @classmethod
    def parse(cls, texts: Sequence[str]) -> StackedShoe:
        return cls(parse_cards(texts))

    @property
    def dealt(self) -> int:
        return self._next

    @property
    def remaining(self) -> list[Card]:
        return self._cards[self._next :]

    def begin_round(self) -> None:
        return None

    def draw(self, destination: Destination | None = None) -> Card:
        if self._next >= len(self._cards):
            raise ShoeExhaustedError(
                f"the stacked shoe ran out after {len(self._cards)} cards: list more cards"
            )
        card = self._cards[self._next]
        self._next += 1
        return card

    def end_round(self, table_cards: Sequence[Card]) -> None:
        self.discards.extend(table_cards)
