"""The cards the player at the box has not seen since the shoe was last shuffled, by value.

A counter at the table sees every card dealt face up and their own cards (`CardDealt.seen_by`
is not HOUSE), and the hole card when it is turned over (`HoleCardRevealed`, 633a.7(l)). They
never see a burn card (633a.7(c)) nor a hole card that was not turned over (633a.7(f)(4)).
After a shuffle the count starts again from the cards in the shoe and the burn cards; between
shuffles it is kept from the round's events, so a step reads only the events since the last.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from tablegames.blackjack.events import HOUSE, CardDealt, HoleCardRevealed
from tablegames.blackjack.hand import card_points
from tablegames.blackjack.round import Round
from tablegames.blackjack.shoe import DealingShoe
from tablegames.core.cards import standard_deck

Counts = np.ndarray[Any, np.dtype[np.int64]]

# Each card's slot in the counts by its code: 0 the aces, 1-8 the twos to nines, 9 the
# ten-value cards (633a.3(e)).
SLOT: Final = {card.code: card_points(card) - 1 for card in standard_deck()}


def counts_of(codes: list[str]) -> Counts:
    """
    >>> counts_of(["AS", "KH", "TD", "5C"]).tolist()
    [1, 0, 0, 0, 1, 0, 0, 0, 0, 2]
    """
    slots = np.fromiter((SLOT[code] for code in codes), dtype=np.int64, count=len(codes))
    return np.bincount(slots, minlength=10)


class UnseenCards:
    """The unseen cards of one table's shoe, brought up to date by `update`."""

    def __init__(self) -> None:
        self._counts: Counts = np.zeros(10, dtype=np.int64)
        self._shuffles = -1  # the shoe's shuffles when last counted in full; -1: never
        self._round: Round | None = None
        self._read = 0  # events of `_round` already counted

    def update(self, shoe: DealingShoe, game: Round) -> Counts:
        """The counts now, as a new array."""
        if len(shoe.sealed) != self._shuffles:
            self._count_in_full(shoe, game)
        else:
            if game is not self._round:
                self._round, self._read = game, 0
            for event in game.events[self._read :]:
                if isinstance(event, CardDealt) and event.seen_by == HOUSE:
                    continue  # the hole card as dealt (633a.7(f)(4))
                if isinstance(event, CardDealt | HoleCardRevealed):
                    self._counts[SLOT[event.card]] -= 1
            self._read = len(game.events)
        return self._counts.copy()

    def _count_in_full(self, shoe: DealingShoe, game: Round) -> None:
        codes = [card.code for card in shoe.remaining] + [card.code for card in shoe.burned]
        if not game.is_complete and not game.hole_revealed and len(game.dealer_cards) > 1:
            codes.append(game.dealer_cards[1].code)  # on the table, face down (633a.7(f)(4))
        self._counts = counts_of(codes)
        self._shuffles = len(shoe.sealed)
        self._round, self._read = game, len(game.events)
