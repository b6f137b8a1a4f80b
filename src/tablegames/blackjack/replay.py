"""Recall and reconstruction of a round from its log (633a.7(s)).

The log's cards, in the order they were dealt, become a stacked shoe; its decisions are taken
again in order. The replayed round must produce the identical log: that is the audit check.
Nothing is re-seeded: the cards come from the log itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablegames.blackjack.actions import Action
from tablegames.blackjack.events import CardDealt, DecisionMade, Event, RoundStarted
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import rules_from_mapping
from tablegames.blackjack.sidebook import Selections
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card
from tablegames.core.cardsource import StackedShoe
from tablegames.core.errors import ScenarioError


def replay(events: Sequence[Event]) -> Round:
    """Play the logged round again from its own cards and decisions."""
    if not events or not isinstance(events[0], RoundStarted):
        raise ScenarioError("a round log starts with its round_started event")
    started = events[0]
    rules = rules_from_mapping(started.rules)
    cards = [Card.parse(event.card) for event in events if isinstance(event, CardDealt)]
    wagers = [
        BoxWager(box=box, player=player, amount=amount, side=side)
        for box, player, amount, side in started.boxes
    ]
    game = Round(
        rules=rules,
        shoe=StackedShoe(cards),
        wagers=wagers,
        meters=started.meters,
        selections=Selections.from_json(started.selections),
    )
    for event in events:
        if isinstance(event, DecisionMade):
            game.act(Action(event.action), event.amount)
    return game
