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

A test-mode stacking (`dice_stacked`) is taken again where it was logged. The rolls it gave are
thrown from it again: from its sealed record when `sealed` is given (a table being restored:
the record must match the logged commitment, and a stacked roll the log does not yet hold, or
does not hold at all, comes from it), else from the log's own dice (a stored log replayed,
633a.7(s)-style: the log is the record).

A table that records the wagers standing at each roll (`craps.game`) lets one roll be replayed
alone, from its own events: `replay_roll`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from tablegames.core.errors import ScenarioError
from tablegames.core.seal import Stacking, open_stacking
from tablegames.craps.dice import DiceSource, FixedDice, Roll
from tablegames.craps.events import (
    DiceRolled,
    DiceStacked,
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
from tablegames.craps.table import STACKED_KIND, CrapsTable

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
    sealed: Sequence[Mapping[str, Any]] | None = None,
) -> CrapsTable:
    """Play the logged session again from its own dice, selections and wagers.

    `dice` and `selector` supply what comes after the log (none: the table stops where the log
    does). `record_standing` (default: whether the log records standing wagers) says whether the
    replayed table goes on recording them. `sealed`, the table's sealed records, gives each
    logged stacking its dice (a restore); without it the stacked rolls come from the log.
    """
    if not events or not isinstance(events[0], TableOpened):
        raise ScenarioError("a craps log starts with its table_opened event")
    opening = events[0]
    rules = craps_rules_from_mapping(opening.rules)
    rolls, stacked = _rolls_by_source(events)
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
    records = {
        record.get("stacking"): record
        for record in sealed or ()
        if record.get("kind") == STACKED_KIND
    }
    for index, event in enumerate(events[1:], start=1):
        if isinstance(event, DiceStacked):
            if sealed is None:
                table.restack(stacked[index], count=event.count, logged=event.commitment)
            else:
                sealed_dice, salt = _sealed_dice(event, records, index)
                table.stack(sealed_dice, salt=salt)
        elif isinstance(event, WagerPlaced):
            table.place(event.wager, event.amount, player=event.player)
        elif isinstance(event, WagerWithdrawn):
            table.withdraw(event.wager_id, player=event.player)
        elif isinstance(event, SelectionMade):
            table.select()
        elif isinstance(event, WagersStanding | DiceRolled) and event.roll == table.roll_number:
            # The roll's first logged event throws it; its later ones are its own results.
            table.roll()
    return table


def _rolls_by_source(events: Sequence[Event]) -> tuple[list[Roll], dict[int, list[Roll]]]:
    """The logged rolls thrown from the dice source, and those each stacking (by the index of
    its event) gave: a stacking gives the next `count` rolls unless a later one replaces it."""
    thrown: list[Roll] = []
    stacked: dict[int, list[Roll]] = {}
    current, left = -1, 0
    for index, event in enumerate(events):
        if isinstance(event, DiceStacked):
            current, left = index, event.count
            stacked[index] = []
        elif isinstance(event, DiceRolled):
            roll = Roll(*event.dice)
            if left:
                stacked[current].append(roll)
                left -= 1
            else:
                thrown.append(roll)
    return thrown, stacked


def _sealed_dice(
    event: DiceStacked, records: Mapping[Any, Mapping[str, Any]], index: int
) -> tuple[list[Roll], bytes]:
    """The dice and salt of a logged stacking's sealed record, checked against the log."""
    return open_stacking(
        Stacking(event.stacking, event.count, event.commitment),
        records,
        field="dice",
        parse=Roll.parse,
        index=index,
    )


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
