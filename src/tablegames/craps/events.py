"""The craps table's log: one frozen record per state change, each citing its paragraph.

A table's events, in order, are its audit trail: the house rules it opened with (once, with
their digest), every wager placed or taken down, every Power Odds selection (623b.5(c)) shown
before its roll, the wagers standing as the dice are thrown (a table driven through the table
protocol, `craps.game`), every roll of the dice and every wager's result on it, and any
test-mode stacking of the next rolls' dice (how many, never which). Each event
serializes to a flat JSON object whose `event` field names its kind, and `event_from_json` reads
it back, so a stored log replays (`craps.replay`). Every money event names its player.

A log written before `table_opened` carried a digest still reads: the digest is computed from the
logged rules; a digest that does not match its rules is refused.

>>> event = DiceRolled(roll=1, dice=(4, 4), total=8, paragraph="623b.5(c)")
>>> event.to_json()
{'event': 'dice_rolled', 'paragraph': '623b.5(c)', 'roll': 1, 'dice': [4, 4], 'total': 8}
>>> event_from_json(event.to_json()) == event
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from tablegames.core.errors import ScenarioError
from tablegames.core.events import Event, read_event
from tablegames.core.rulesfile import rules_digest

__all__ = ["Event"]


@dataclass(frozen=True, slots=True, kw_only=True)
class TableOpened(Event):
    """The house rules in force (623b.5(a)-(b)), as `CrapsRules.to_mapping()` writes them, and
    `digest`, the SHA-256 of their canonical JSON (`rules_digest`): recorded once per table."""

    kind: ClassVar[str] = "table_opened"
    rules: dict[str, Any]
    digest: str

    @classmethod
    def of(cls, rules: Mapping[str, Any]) -> TableOpened:
        """The opening event of a table with house rules `rules` (a `to_mapping()`)."""
        return cls(rules=dict(rules), digest=rules_digest(rules), paragraph="623b.5(b)")

    def __hash__(self) -> int:
        return hash((self.kind, self.digest))


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
class WagerWithdrawn(Event):
    """A wager taken down before the selection of roll `roll`, its stake back to its player.
    Whether a wager may come down is the house's rule under 623a.4 (making and removal of
    wagers, referred to by 623b.5(c) and not among our texts): `CrapsRules.one_roll_removable`
    and `CrapsRules.hardways_removable`."""

    kind: ClassVar[str] = "wager_withdrawn"
    roll: int
    wager_id: int
    player: str
    wager: str
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class StandingWager:
    """One wager on the layout as the dice are thrown: enough to settle it with no other event."""

    wager_id: int
    player: str
    wager: str
    amount: int


_STANDING_FIELDS = frozenset({"wager_id", "player", "wager", "amount"})


@dataclass(frozen=True, slots=True, kw_only=True)
class WagersStanding(Event):
    """Every wager on the layout for roll `roll`, after its selection and before its dice, in
    settlement order: with the selection and the dice it is all one roll needs to be replayed
    alone (`craps.replay.replay_roll`). Only a table driven through the table protocol
    (`craps.game`) records it, so scenario logs keep their shape."""

    kind: ClassVar[str] = "wagers_standing"
    roll: int
    wagers: tuple[StandingWager, ...]


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
class DiceStacked(Event):
    """Test mode: the dice of the next `count` rolls, from roll `roll` on, were set in advance
    (`CrapsTable.stack`), stacking number `stacking` of the table (from 1). The dice are not
    here, for no player may learn a roll before it is thrown: they are in the table's sealed
    record of the stacking (`kind` "dice_stacked", the same `stacking` number); `commitment`
    is the SHA-256 of its salt and dice, each roll written "3-4"
    (`tablegames.core.seal.commitment`), so the record can be checked against the stream. No
    paragraph: the regulation has no stacked dice, so `paragraph` is None."""

    kind: ClassVar[str] = "dice_stacked"
    # A test-mode step cites no paragraph of the regulation (the base class's is required).
    paragraph: str | None = None  # type: ignore[assignment]
    roll: int
    stacking: int
    count: int
    commitment: str


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
    cls.kind: cls
    for cls in (
        TableOpened,
        WagerPlaced,
        WagerWithdrawn,
        SelectionMade,
        WagersStanding,
        DiceStacked,
        DiceRolled,
        WagerSettled,
    )
}


def event_from_json(data: Any) -> Event:
    """Read one event back from its JSON object; unknown kinds or fields raise ScenarioError.

    >>> old = event_from_json({"event": "table_opened", "paragraph": "623b.5(b)", "rules": {}})
    >>> old.digest == TableOpened.of({}).digest
    True
    """
    if isinstance(data, Mapping) and data.get("event") == TableOpened.kind:
        data = _with_digest(data)
    cls, values = read_event(data, EVENT_TYPES, game="craps")
    if cls is DiceRolled:
        values["dice"] = tuple(values["dice"])
    if cls is WagersStanding:
        values["wagers"] = _standing_wagers(values["wagers"])
    return cls(**values)


def _with_digest(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """A `table_opened` with its digest: computed for a log older than the field, checked for
    one that has it, since the digest is what names the rules a log was played under."""
    rules = data.get("rules")
    if not isinstance(rules, Mapping):
        raise ScenarioError("table_opened needs 'rules' as a JSON object")
    digest = rules_digest(rules)
    if "digest" not in data:
        return {**data, "digest": digest}
    if data["digest"] != digest:
        raise ScenarioError(
            f"table_opened digest {data['digest']!r} is not the digest of its rules ({digest})"
        )
    return data


def _standing_wagers(items: Any) -> tuple[StandingWager, ...]:
    if not isinstance(items, list | tuple):
        raise ScenarioError("wagers_standing needs 'wagers' as a list")
    wagers = []
    for index, item in enumerate(items):
        if not isinstance(item, Mapping) or set(item) != _STANDING_FIELDS:
            raise ScenarioError(
                f"wagers_standing.wagers[{index}] needs fields {sorted(_STANDING_FIELDS)}"
            )
        wagers.append(StandingWager(**item))
    return tuple(wagers)
