"""A Blackjack table: the house rules, a shoe that lasts from round to round, and the rounds.

Live play must use the OS CSPRNG; a seeded source is for simulation and tests and has to be
passed explicitly.

>>> from tablegames.rng import SeededRandom
>>> from tablegames.rules import Rules
>>> table = Table(Rules(), random=SeededRandom.from_seed(3))
>>> game = table.deal([BoxWager(box=1, amount=2500)])
>>> game.turn is not None or game.is_complete
True
"""

from __future__ import annotations

from collections.abc import Sequence

from tablegames.blackjack.round import Round
from tablegames.blackjack.wagers import BoxWager
from tablegames.rng import RandomSource
from tablegames.rules import Rules
from tablegames.shoe import DealingShoe, make_shoe


class Table:
    def __init__(self, rules: Rules, *, random: RandomSource) -> None:
        self.rules = rules
        self.shoe: DealingShoe = make_shoe(
            rules.shoe, rules.decks, random=random, penetration=rules.penetration
        )
        self.rounds_dealt = 0

    def deal(self, wagers: Sequence[BoxWager]) -> Round:
        """Start a round: the wagers are checked, the cards dealt, and the round returned."""
        game = Round(rules=self.rules, shoe=self.shoe, wagers=wagers)
        self.rounds_dealt += 1
        return game
