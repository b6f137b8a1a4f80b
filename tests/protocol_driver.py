"""Driving any registered game through the table protocol in the generic tests: the house's
default for each decision, and for a game dealt by a person (whose `round_orders` take the
dealer's `card`), the dealer too: the table opened by its procedures and each awaited card
entered from a seeded shuffle of the shoe, as a card-reading shoe would read them."""

from __future__ import annotations

import random

from tablegames.core.table import GameRound, GameTable

OPENING: list[tuple[str, dict[str, object]]] = [
    ("inspect_reader", {}),
    ("receive_cards", {}),
    ("inspect", {}),
    ("spread", {"box": 1}),
    ("wash", {}),
    ("shuffle", {}),
    ("cut", {"position": 40}),
    ("load_shoe", {}),
]
# The same with the first card burned (633a.7(c)): a table ready to deal.
OPENING_BURNING_KD: list[tuple[str, dict[str, object]]] = [*OPENING, ("burn", {"card": "KD"})]


def dealt_by_a_person(table: GameTable) -> bool:
    return "card" in table.round_orders


class Dealer:
    """The cards of a six-deck shoe in a seeded order, dealt as the table asks."""

    def __init__(self, table: GameTable, seed: int = 7) -> None:
        self.table = table
        ranks, suits = "A23456789TJQK", "SHDC"
        self.cards = [rank + suit for rank in ranks for suit in suits] * 6
        random.Random(seed).shuffle(self.cards)
        if dealt_by_a_person(table):
            for name, args in OPENING:
                table.order(name, args)
            table.order("burn", {"card": self.cards.pop()})

    def play(self, round_: GameRound) -> None:
        """Every decision the house default, every card the next of the shoe."""
        for _ in range(200):
            if round_.is_complete:
                return
            if round_.awaiting:
                round_.apply(round_.on_timeout(round_.awaiting[0]))
            else:
                self.table.order("card", {"card": self.cards.pop()})
        raise AssertionError("the round did not complete")
