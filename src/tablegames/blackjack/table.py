"""A Blackjack table: the house rules, a shoe and progressive meters that last from round to
round, and the table game system's random selections.

Live play must use the OS CSPRNG; a seeded source is for simulation and tests and has to be
passed explicitly.

>>> from tablegames.core.rng import SeededRandom
>>> from tablegames.blackjack.rules import Rules
>>> table = Table(Rules(), random=SeededRandom.from_seed(3))
>>> game = table.deal([BoxWager(box=1, amount=2500)])
>>> game.turn is not None or game.is_complete
True
"""

from __future__ import annotations

from collections.abc import Sequence

from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.shoe import DealingShoe, make_shoe
from tablegames.blackjack.sidebook import Selections, opening_meters
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import standard_deck
from tablegames.core.rng import RandomSource


class Table:
    def __init__(self, rules: Rules, *, random: RandomSource) -> None:
        self.rules = rules
        self.random = random
        self.shoe: DealingShoe = make_shoe(
            rules.shoe, rules.decks, random=random, penetration=rules.penetration
        )
        self.rounds_dealt = 0
        # The filed initial amounts until the first round (633a.13(j)(2), 633a.13(l)(2)).
        self._meters: dict[str, int] = opening_meters(rules, None)
        self._last: Round | None = None

    @property
    def meters(self) -> dict[str, int]:
        """The progressive meters now (633a.13(j)(2), 633a.13(l)(2))."""
        return dict(self._last.side.meters) if self._last is not None else dict(self._meters)

    def select(self) -> Selections:
        """The table game system's random picks for the Bad Beat bonuses (633a.13(j)(1))."""
        offer = self.rules.side_wagers.bad_beat
        if offer is None:
            return Selections()
        card = standard_deck()[self.random.below(52)] if offer.magic_card else None
        box = 1 + self.random.below(self.rules.boxes) if offer.lucky_player else None
        return Selections(magic_card=card, lucky_box=box)

    def deal(self, wagers: Sequence[BoxWager], *, selections: Selections | None = None) -> Round:
        """Start a round: the wagers are checked, the cards dealt, and the round returned."""
        if self.rules.variant == "hand_dealt" and self.rounds_dealt:
            # 633a.12(b)(5): before each round the dealer removes the first card (the first
            # round's burn is the one after the shuffle, 633a.7(c)).
            self.shoe.burn_before_round("633a.12(b)(5)")
        game = Round(
            rules=self.rules,
            shoe=self.shoe,
            wagers=wagers,
            meters=self.meters,
            selections=selections if selections is not None else self.select(),
        )
        self._last = game
        self.rounds_dealt += 1
        return game
