"""The 52 card faces, enumerated by the side-wager tests (ordered, identical faces allowed)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator

from tablegames.core.cards import Card, Rank, Suit, standard_deck
from tablegames.core.paytable import PaytableLine

FACES: tuple[Card, ...] = tuple(standard_deck())
TEN_VALUE = frozenset({Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING})


def card(text: str) -> Card:
    return Card.parse(text)


def pairs() -> Iterator[tuple[Card, Card]]:
    """All 52 x 52 = 2,704 ordered pairs of faces, identical faces included (several decks)."""
    return ((first, second) for first in FACES for second in FACES)


def triples() -> Iterator[tuple[Card, Card, Card]]:
    """All 52 ** 3 = 140,608 ordered (first, second, up) faces."""
    return ((first, second, up) for first in FACES for second in FACES for up in FACES)


def count_lines(outcomes: Iterator[PaytableLine | None]) -> Counter[str | None]:
    """How often each line id (None: lost) occurs."""
    return Counter(None if line is None else line.line for line in outcomes)


def count_pairs(evaluate: Callable[[Card, Card], PaytableLine | None]) -> Counter[str | None]:
    return count_lines(evaluate(first, second) for first, second in pairs())


SUITS = tuple(Suit)
