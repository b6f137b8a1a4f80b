"""Shoe compositions for exact side-wager analysis: the 52 faces, point classes, card removal.

A shoe of `decks` decks holds `decks` copies of each of the 52 faces (633a.3(a)). Everything here
counts *ordered tuples of distinct physical cards*: the probability that the next k cards show
given faces is that count over n(n-1)...(n-k+1), the falling factorial of the shoe size. Counts
are integers, so every probability built from them is exact.

Enumerations come in three sizes, all weighted by how many physical tuples they stand for:

* `ordered_faces`: every ordered k-tuple of faces (52**k of them; used for k = 2);
* `suit_classes`: one representative per ordered tuple of ranks and pattern of equal suits, for
  wagers that treat the four suits alike (13**k * Bell(k) tuples; k = 3 gives 10,985);
* `rank_tuples`: one representative per ordered tuple of ranks, for wagers that read ranks only
  (13**k tuples);
* `rank_multisets`: one representative per multiset of ranks, for wagers that read ranks only
  and not the order (C(12 + k, k) of them; k = 4 gives 1,820).

>>> shoe = Composition.full(6)
>>> shoe.size, shoe.count(Card.parse("QH"))
(312, 6)
>>> sum(weight for _, weight in suit_classes(shoe, 3)) == falling(312, 3)
True
>>> shoe.points()
(24, 24, 24, 24, 24, 24, 24, 24, 24, 96)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement, product
from math import factorial, perm
from typing import Final

from tablegames.blackjack.drawing import RANK_CLASSES
from tablegames.blackjack.hand import card_points
from tablegames.core.cards import Card, Rank, Suit, standard_deck
from tablegames.core.errors import TableGamesError

FACES: Final[tuple[Card, ...]] = tuple(standard_deck())
_INDEX: Final[dict[Card, int]] = {card: index for index, card in enumerate(FACES)}
_FACE: Final[dict[tuple[Rank, Suit], Card]] = {(card.rank, card.suit): card for card in FACES}
SUITS: Final[tuple[Suit, ...]] = tuple(Suit)
RANKS: Final[tuple[Rank, ...]] = tuple(Rank)

# Point classes: index 0-9 for the point values 1 (ace) to 10 (10, J, Q, K), 633a.3(e), in the
# rank-index convention of `blackjack.drawing`.
PointCounts = tuple[int, ...]
POINT_CLASSES: Final = RANK_CLASSES


def falling(n: int, k: int) -> int:
    """n(n-1)...(n-k+1): ordered ways to take k distinct cards from n (0 when k > n).

    >>> falling(52, 2), falling(3, 4), falling(5, 0)
    (2652, 0, 1)
    """
    if k < 0:
        raise ValueError(f"cannot take {k} cards")
    return perm(n, k) if n >= 0 else 0


@dataclass(frozen=True, slots=True)
class Composition:
    """How many copies of each of the 52 faces a shoe holds (index as in `FACES`)."""

    counts: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.counts) != len(FACES) or any(count < 0 for count in self.counts):
            raise TableGamesError("a composition counts each of the 52 faces, none negative")

    @classmethod
    def full(cls, decks: int) -> Composition:
        """`decks` complete decks (633a.3(a): one to eight)."""
        if not 1 <= decks <= 8:
            raise TableGamesError(
                f"{decks} decks: a shoe holds one to eight decks", paragraph="633a.3(a)"
            )
        return cls((decks,) * len(FACES))

    @property
    def size(self) -> int:
        return sum(self.counts)

    def count(self, card: Card) -> int:
        return self.counts[_INDEX[card]]

    def without(self, cards: Iterable[Card]) -> Composition:
        """The shoe after the given cards are dealt from it."""
        counts = list(self.counts)
        for card in cards:
            index = _INDEX[card]
            if counts[index] == 0:
                raise TableGamesError(f"the shoe holds no more {card}")
            counts[index] -= 1
        return Composition(tuple(counts))

    def points(self) -> PointCounts:
        """Cards of each point value, ace first and the ten-value cards last."""
        totals = [0] * POINT_CLASSES
        for card, count in zip(FACES, self.counts, strict=True):
            totals[card_points(card) - 1] += count
        return tuple(totals)

    def rank_count(self, rank: Rank) -> int:
        return sum(self.counts[_INDEX[_FACE[rank, suit]]] for suit in SUITS)

    def suit_symmetric(self) -> bool:
        """Every rank has as many cards of each suit: suits may be relabelled freely."""
        return all(
            len({self.counts[_INDEX[_FACE[rank, suit]]] for suit in SUITS}) == 1 for rank in RANKS
        )


def physical_tuples(composition: Composition, cards: Sequence[Card]) -> int:
    """Ordered tuples of distinct physical cards showing exactly `cards` (faces, in order)."""
    times: dict[Card, int] = {}
    for card in cards:
        times[card] = times.get(card, 0) + 1
    weight = 1
    for card, many in times.items():
        weight *= falling(composition.counts[_INDEX[card]], many)
    return weight


def ordered_faces(composition: Composition, k: int) -> Iterator[tuple[tuple[Card, ...], int]]:
    """Every ordered k-tuple of faces the shoe can deal, with its number of physical tuples."""
    for cards in product(FACES, repeat=k):
        weight = physical_tuples(composition, cards)
        if weight:
            yield cards, weight


@cache
def suit_patterns(k: int) -> tuple[tuple[int, ...], ...]:
    """Patterns of equal suits over k positions: 0 for the first suit seen, 1 the next...

    >>> suit_patterns(3)
    ((0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1), (0, 1, 2))
    """
    patterns: list[tuple[int, ...]] = [()]
    for _ in range(k):
        patterns = [
            (*pattern, block)
            for pattern in patterns
            for block in range(min(len(set(pattern)) + 1, len(SUITS)))
        ]
    return tuple(patterns)


def suit_classes(composition: Composition, k: int) -> Iterator[tuple[tuple[Card, ...], int]]:
    """Ordered k-card hands up to a relabelling of suits, each weighted by its physical tuples.

    A representative gives the first suit seen spades, the next hearts, and so on; its weight is
    its physical tuples times the falling(4, suits used) ways to choose which suits those are.
    Valid only for a wager that treats the suits alike, on a suit-symmetric shoe.
    """
    if not composition.suit_symmetric():
        raise TableGamesError("suit classes need a shoe with as many cards of every suit")
    counts = composition.counts
    ranks_per_suit = len(RANKS)
    for pattern in suit_patterns(k):
        relabellings = falling(len(SUITS), len(set(pattern)))
        for ranks in product(range(ranks_per_suit), repeat=k):
            # FACES runs suit by suit, ace to king: the face's index is suit * 13 + rank - 1.
            faces = [
                block * ranks_per_suit + rank for rank, block in zip(ranks, pattern, strict=True)
            ]
            weight = relabellings
            for face in set(faces):
                weight *= falling(counts[face], faces.count(face))
            if weight:
                yield tuple(FACES[face] for face in faces), weight


def rank_tuples(composition: Composition, k: int) -> Iterator[tuple[tuple[Card, ...], int]]:
    """Ordered k-tuples of ranks (suits arbitrary), weighted by their physical card tuples.

    For wagers that read the ranks only (13**k tuples; k = 3 gives 2,197).
    """
    totals = {rank: composition.rank_count(rank) for rank in RANKS}
    for ranks in product(RANKS, repeat=k):
        weight = 1
        for rank in set(ranks):
            weight *= falling(totals[rank], ranks.count(rank))
        if weight:
            yield tuple(_FACE[rank, Suit.SPADES] for rank in ranks), weight


def rank_multisets(composition: Composition, k: int) -> Iterator[tuple[tuple[Card, ...], int]]:
    """k-card hands as multisets of ranks (suits arbitrary), weighted by their physical tuples.

    For wagers that read only the ranks and not the order: the weight counts every ordered
    tuple of distinct physical cards with those ranks (orderings of the multiset times the
    falling factorial of each rank's cards).
    """
    for ranks in combinations_with_replacement(RANKS, k):
        times = Counter(ranks)
        orderings = factorial(k)
        weight = 1
        for rank, many in times.items():
            orderings //= factorial(many)
            weight *= falling(composition.rank_count(rank), many)
        if weight:
            yield tuple(_FACE[rank, Suit.SPADES] for rank in ranks), orderings * weight
