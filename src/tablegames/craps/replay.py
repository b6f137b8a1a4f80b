"""Recall and reconstruction of a craps session from its log.

The logged dice become fixed dice and the logged selections a fixed selector; the logged wagers
are placed again, in order, before the rolls they were placed for. The replayed table must
produce the identical log: that is the audit check. Nothing is re-seeded: the dice and the Power
Odds selections come from the log itself.

>>> from tablegames.craps.dice import FixedDice
>>> from tablegames.craps.rules import CrapsRules
>>> from tablegames.craps.selection import FixedSelector, Selection
>>> table = CrapsTable(CrapsRules(), dice=FixedDice([(1, 3), (2, 2)]),
...                    selector=FixedSelector([Selection(), Selection({"hard_4": 1})]))
>>> _ = table.place("hard_4", 1000); _ = table.roll(); _ = table.roll()
>>> replay(table.events).events == table.events
True
"""

from __future__ import annotations

from collections.abc import Sequence

from tablegames.core.errors import ScenarioError
from tablegames.craps.dice import FixedDice, Roll
from tablegames.craps.events import DiceRolled, Event, SelectionMade, TableOpened, WagerPlaced
from tablegames.craps.rules import craps_rules_from_mapping
from tablegames.craps.selection import FixedSelector, Selection
from tablegames.craps.table import CrapsTable


def replay(events: Sequence[Event]) -> CrapsTable:
    """Play the logged session again from its own dice, selections and wagers."""
    if not events or not isinstance(events[0], TableOpened):
        raise ScenarioError("a craps log starts with its table_opened event")
    rules = craps_rules_from_mapping(events[0].rules)
    dice = [Roll(*event.dice) for event in events if isinstance(event, DiceRolled)]
    selections = [
        Selection(dict(event.selection)) for event in events if isinstance(event, SelectionMade)
    ]
    table = CrapsTable(rules, dice=FixedDice(dice), selector=FixedSelector(selections))
    for event in events[1:]:
        if isinstance(event, WagerPlaced):
            table.place(event.wager, event.amount, player=event.player)
        elif isinstance(event, SelectionMade):
            table.select()
        elif isinstance(event, DiceRolled):
            table.roll()
    return table
