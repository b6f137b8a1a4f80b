"""Recall and reconstruction of a craps session from its log.

The logged dice become fixed dice and the logged selections a fixed selector; the logged wagers
are placed (and taken down) again, in order, before the rolls they were placed for. The replayed
table must produce the identical log: that is the audit check. Nothing is re-seeded: the dice and
the Power Odds selections come from the log itself.

>>> from tablegames.craps.dice import FixedDice
>>> from tablegames.craps.rules import CrapsRules
>>> from tablegames.craps.selection import FixedSelector, Selection
>>> table = CrapsTable(CrapsRules(), dice=FixedDice([(1, 3), (2, 2)]),
...                    selector=FixedSelector([Selection(), Selection({"hard_4": 1})]))
>>> _ = table.place("hard_4", 1000); _ = table.roll(); _ = table.roll()
>>> replay(table.events).events == table.events
True

A log that stops part way (a table interrupted after any event) replays to the same point, and
with `dice` and `selector` for what the log does not hold it plays on (`craps.game` resumes a
table this way). A roll the log shows begun (its standing wagers or its dice logged) is finished
from the logged dice: the command that threw them was taken.

A table that records the wagers standing at each roll (`craps.game`) lets one roll be replayed
alone, from its own events: `replay_roll`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from tablegames.core.errors import ScenarioError
from tablegames.craps.dice import DiceSource, FixedDice, Roll
from tablegames.craps.events import (
    DiceRolled,
    Event,
    SelectionMade,
    TableOpened,
    WagerPlaced,
    WagerSettled,
    WagersStanding,
    WagerWithdrawn,
)
from tablegames.craps.rules import CrapsRules, craps_rules_from_mapping
from tablegames.craps.selection import FixedSelector, Selection, Selector
from tablegames.craps.table import CrapsTable

E = TypeVar("E", bound=Event)


class LoggedThenDice:
    """The logged rolls first, then `rest` (a table resumed from its log plays on)."""

    def __init__(self, logged: Sequence[Roll], rest: DiceSource | None) -> None:
        self._logged = FixedDice(logged)
        self._rest = rest

    @property
    def is_live(self) -> bool:
        return self._rest is not None and self._rest.is_live

    def next_roll(self) -> Roll:
        if self._logged.remaining or self._rest is None:
            return self._logged.next_roll()
        return self._rest.next_roll()


class LoggedThenSelector:
    """The logged selections first, then `rest`."""

    def __init__(self, logged: Sequence[Selection], rest: Selector | None) -> None:
        self._logged = list(logged)
        self._fixed = FixedSelector(self._logged)
        self._used = 0
        self._rest = rest

    @property
    def is_live(self) -> bool:
        return self._rest is not None and self._rest.is_live

    def select(self, rules: CrapsRules) -> Selection:
        if self._used < len(self._logged) or self._rest is None:
            self._used += 1
            return self._fixed.select(rules)
        return self._rest.select(rules)


def replay(
    events: Sequence[Event],
    *,
    dice: DiceSource | None = None,
    selector: Selector | None = None,
    record_standing: bool | None = None,
) -> CrapsTable:
    """Play the logged session again from its own dice, selections and wagers.

    `dice` and `selector` supply what comes after the log (none: the table stops where the log
    does). `record_standing` (default: whether the log records standing wagers) says whether the
    replayed table goes on recording them.
    """
    if not events or not isinstance(events[0], TableOpened):
        raise ScenarioError("a craps log starts with its table_opened event")
    opening = events[0]
    rules = craps_rules_from_mapping(opening.rules)
    rolls = [Roll(*event.dice) for event in events if isinstance(event, DiceRolled)]
    selections = [
        Selection(dict(event.selection)) for event in events if isinstance(event, SelectionMade)
    ]
    if record_standing is None:
        record_standing = any(isinstance(event, WagersStanding) for event in events)
    table = CrapsTable(
        rules,
        dice=LoggedThenDice(rolls, dice),
        selector=LoggedThenSelector(selections, selector),
        record_standing=record_standing,
        opening=opening,
    )
    for event in events[1:]:
        if isinstance(event, WagerPlaced):
            table.place(event.wager, event.amount, player=event.player)
        elif isinstance(event, WagerWithdrawn):
            table.withdraw(event.wager_id, player=event.player)
        elif isinstance(event, SelectionMade):
            table.select()
        elif isinstance(event, WagersStanding | DiceRolled) and event.roll == table.roll_number:
            # The roll's first logged event throws it; its later ones are its own results.
            table.roll()
    return table


def replay_roll(events: Sequence[Event], rules: CrapsRules) -> tuple[WagerSettled, ...]:
    """The settlements of one roll, from that roll's own events alone: its selection, the wagers
    standing as the dice were thrown, and the dice (623b.5(c)-(d)).

    `events` is the part of a log that belongs to the roll (any other events are ignored, and a
    roll logged without its standing wagers is refused: only `craps.game` tables record them).
    The caller compares the result with the logged `wager_settled` events.
    """
    standing = _only(events, WagersStanding, "wagers_standing")
    rolled = _only(events, DiceRolled, "dice_rolled")
    made = [event for event in events if isinstance(event, SelectionMade)]
    rolls = {rolled.roll, *(event.roll for event in made)}
    if len(made) > 1 or rolls != {standing.roll}:
        raise ScenarioError(f"the events given are not those of one roll ({standing.roll})")
    selection = Selection(dict(made[0].selection)) if made else Selection()
    table = CrapsTable.at_roll(
        rules,
        standing.roll,
        standing.wagers,
        dice=FixedDice([Roll(*rolled.dice)]),
        selector=FixedSelector([selection]),
    )
    return table.roll().settlements


def _only(events: Sequence[Event], kind: type[E], name: str) -> E:
    found = [event for event in events if isinstance(event, kind)]
    if len(found) != 1:
        raise ScenarioError(f"one roll's events hold one {name}, not {len(found)}")
    return found[0]
