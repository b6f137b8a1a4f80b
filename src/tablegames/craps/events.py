"""The craps table's log: one frozen record per state change, each citing its paragraph.

A table's events, in order, are its audit trail: the house rules it opened with, every wager
placed, every Power Odds selection (623b.5(c)) shown before its roll, every roll of the dice and
every wager's result on it. Each event serializes to a flat JSON object whose `event` field names
its kind, and `event_from_json` reads it back, so a stored log replays (`craps.replay`).

>>> event = DiceRolled(roll=1, dice=(4, 4), total=8, paragraph="623b.5(c)")
>>> event.to_json()
{'event': 'dice_rolled', 'paragraph': '623b.5(c)', 'roll': 1, 'dice': [4, 4], 'total': 8}
>>> event_from_json(event.to_json()) == event
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tablegames.core.events import Event, read_event

__all__ = ["Event"]


@dataclass(frozen=True, slots=True, kw_only=True)
class TableOpened(Event):
    """The house rules in force (623b.5(a)-(b)), as `CrapsRules.to_mapping()` writes them."""

    kind: ClassVar[str] = "table_opened"
    rules: dict[str, Any]

    def __hash__(self) -> int:
        return hash(self.kind)


@dataclass(frozen=True, slots=True, kw_only=True)
class WagerPlaced(Event):
    """A wager put on the layout before roll `roll` (its id is its place in the log's wagers)."""

    kind: ClassVar[str] = "wager_placed"
    roll: int
    wager_id: int
    player: str
    wager: str
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SelectionMade(Event):
    """623b.5(c): the wagers selected for Power Odds on roll `roll` and their levels (1 or 2),
    shown to the players before the dice are thrown; a wager absent is paid its base odds."""

    kind: ClassVar[str] = "selection_made"
    roll: int
    selection: dict[str, int]

    def __hash__(self) -> int:
        return hash((self.kind, self.roll, tuple(self.selection.items())))


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceRolled(Event):
    kind: ClassVar[str] = "dice_rolled"
    roll: int
    dice: tuple[int, int]
    total: int


@dataclass(frozen=True, slots=True, kw_only=True)
class WagerSettled(Event):
    """One wager's result on roll `roll`: `returned` includes the stake (0 when lost) and is None
    when the wager stays up (a hardway not yet decided). `odds` were in force at `level`.

    `line` is set for a wager with several lines (the C&E): the line that won, whose level and
    odds applied; None, with `level` and `odds` None too, when it lost. A one-line wager is its
    own line: `line` is None and `level`, `odds` are its own."""

    kind: ClassVar[str] = "wager_settled"
    roll: int
    wager_id: int
    player: str
    wager: str
    stake: int
    outcome: str
    returned: int | None
    line: str | None
    level: int | None
    odds: str | None


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls for cls in (TableOpened, WagerPlaced, SelectionMade, DiceRolled, WagerSettled)
}


def event_from_json(data: Any) -> Event:
    """Read one event back from its JSON object; unknown kinds or fields raise ScenarioError."""
    cls, values = read_event(data, EVENT_TYPES, game="craps")
    if cls is DiceRolled:
        values["dice"] = tuple(values["dice"])
    return cls(**values)
