"""Small builders shared by the tests."""

from __future__ import annotations

from typing import Any

from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cardsource import StackedShoe


def deal(cards: str, *wagers: int, **rules: Any) -> Round:
    """A round from a stacked shoe written as "9S 5H AD 7C", one box per wager (default $25)."""
    amounts = wagers or (2500,)
    return Round(
        rules=Rules(**rules),
        shoe=StackedShoe.parse(cards.split()),
        wagers=[BoxWager(box=index + 1, amount=amount) for index, amount in enumerate(amounts)],
    )


def outcome(game: Round, box: int = 1, hand: int = 0) -> tuple[str, int, int]:
    """(outcome, stake, returned) of one hand's Blackjack Wager."""
    for item in game.settlements():
        if item.box == box and item.hand == hand and item.wager == "blackjack":
            return item.outcome, item.stake, item.returned
    raise LookupError(f"box {box} hand {hand} was not settled")
