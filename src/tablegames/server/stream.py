"""A live table's stream: its entries in order, what each call added (`Outcome`), and what the
runtime reads back from the entries: each player's cents on the layout, where each round's
seating begins, and the entries as a viewer may see them.

The game's own events (JSON) and the runtime's, whose `event` starts with "server:" (`PREFIX`),
share one stream; the runtime's are listed in `tablegames.server.runtime`'s docstring.
"""

from __future__ import annotations

import bisect
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from tablegames.core.table import GameModule, Viewer
from tablegames.core.views import REVEALED, Redaction
from tablegames.core.views import Viewer as SightViewer
from tablegames.server.money import MoneyMove

PREFIX: Final = "server:"


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one call added to the table: the stream entries (JSON, in order), the sealed
    records, the ledger moves, the round started or completed, and the stream length after."""

    events: list[dict[str, Any]]
    sealed: list[dict[str, Any]]
    moves: list[MoneyMove]
    round_started: str | None
    round_completed: str | None
    version: int

    @property
    def expected_version(self) -> int:
        """The version the store appends `events` at."""
        return self.version - len(self.events)


@dataclass
class Batch:
    """One call's changes while it runs: where its entries and sealed records begin, the meters
    before it, and the round it started or completed."""

    start: int
    sealed: int
    meters: dict[str, int]
    started: str | None = None
    completed: str | None = None


def runtime_event(name: str, paragraph: str | None = None, **fields: Any) -> dict[str, Any]:
    return {"event": PREFIX + name, "paragraph": paragraph, **fields}


def is_runtime_event(entry: Mapping[str, Any]) -> bool:
    return str(entry.get("event", "")).startswith(PREFIX)


def sight_viewer(viewer: Viewer) -> SightViewer:
    if viewer.role == "player":
        return SightViewer.player(viewer.player or "")
    if viewer.role == "spectator":
        return SightViewer.spectator()
    return SightViewer.house()  # the operator sees what the dealer sees; the auditor, all


# Where a stream stood, to go back to when a call is refused: its length, how many round
# seatings it had, each player's cents on the layout.
Mark = tuple[int, int, dict[str, int]]

# How many viewers' redactions a table keeps (its players, the spectators' and the house's):
# past that the oldest is dropped, to be redone from its round's seating when next asked.
MAX_SIGHTS: Final = 32


@dataclass
class _Sight:
    """One viewer's redaction of the stream, carried on as the stream grows: `views` are the
    entries from `begin` on as the viewer sees them; `redaction` started at entry `origin` (its
    `REVEALED` indices count from there)."""

    origin: int
    begin: int
    redaction: Redaction
    views: list[dict[str, Any]]

    @property
    def end(self) -> int:
        return self.origin + self.redaction.count


class TableStream:
    """The entries (the house's copy: unredacted), each player's cents on the layout as the
    money events put them, and the entries that seat a round (where redaction starts afresh)."""

    def __init__(self, module: GameModule) -> None:
        self.module = module  # whose sight tells which entries seat a round
        self.entries: list[dict[str, Any]] = []
        self.layout: dict[str, int] = {}  # each player's cents on the layout
        self.seated_at: list[int] = []  # entries that seat a round (the sight's)
        # Each viewer's redaction so far: every view and every answer asks for the current
        # round's entries, and redacting them all again each time was most of a view's cost.
        # Views are read outside the table's lock (the server's view, the websocket), so the
        # redactions are read and carried on under this one.
        self._sights: dict[SightViewer, _Sight] = {}
        self._sights_lock = threading.Lock()

    def __len__(self) -> int:
        return len(self.entries)

    def append(self, entry: dict[str, Any]) -> None:
        index = len(self.entries)
        self.entries.append(entry)
        kind = entry.get("event")
        if kind == "wager_placed":
            self.layout[entry["player"]] = self.layout.get(entry["player"], 0) + int(
                entry["amount"]
            )
        elif kind == "wager_withdrawn":
            self.layout[entry["player"]] = self.layout.get(entry["player"], 0) - int(
                entry["amount"]
            )
        elif kind == "wager_settled" and entry.get("returned") is not None:
            self.layout[entry["player"]] = self.layout.get(entry["player"], 0) - int(entry["stake"])
        elif not is_runtime_event(entry) and self.module.sight.seated(entry) is not None:
            self.seated_at.append(index)

    def mark(self) -> Mark:
        return (len(self.entries), len(self.seated_at), dict(self.layout))

    def rewind(self, mark: Mark) -> None:
        """Drop what was appended since `mark` (a refused call's entries)."""
        length, seated, layout = mark
        with self._sights_lock:
            del self.entries[length:]
            # A redaction that read a dropped entry is redone when next asked.
            for viewer, seen in list(self._sights.items()):
                if seen.end > length:
                    del self._sights[viewer]
        del self.seated_at[seated:]
        self.layout = layout

    def events_for(self, viewer: Viewer, after_version: int) -> list[tuple[int, dict[str, Any]]]:
        """Every entry after `after_version`, as `viewer` may see it, with its version (its
        position in the stream, from 1). A `revealed` list names stream positions (version
        less one) of the cards it turns up.

        The events are new dicts; the values in them are shared with the entries (and, for a
        field the redaction blanked, with the other answers): read them, do not change them."""
        after = max(0, min(after_version, len(self.entries)))
        # Redaction starts afresh at each round's seating: from the last one at or before
        # `after` (found by bisection: a table's seatings grow with every round).
        found_at = bisect.bisect_right(self.seated_at, after)
        start = self.seated_at[found_at - 1] if found_at else 0
        with self._sights_lock:
            seen = self._sight(sight_viewer(viewer), start)
            views = seen.views[max(after, start) - seen.begin :]
            first = seen.begin + len(seen.views) - len(views)
            origin = seen.origin
        found = []
        for offset, view in enumerate(views):
            event = dict(view)
            if REVEALED in event:
                event[REVEALED] = [[at + origin, card] for at, card in event[REVEALED]]
            found.append((first + offset + 1, event))
        return found

    def _sight(self, viewer: SightViewer, start: int) -> _Sight:
        """The viewer's redaction from entry `start` (0 or a round's seating) to the end."""
        seen = self._sights.get(viewer)
        if seen is None or start < seen.begin:
            if seen is None and len(self._sights) >= MAX_SIGHTS:
                del self._sights[next(iter(self._sights))]  # the one kept longest
            seen = _Sight(start, start, Redaction(viewer, self.module.sight), [])
            self._sights[viewer] = seen
        for entry in self.entries[seen.end :]:
            seen.views.append(seen.redaction.add(entry))
        if start > seen.begin:
            # A later round's seating starts the redaction afresh (nothing before it is still
            # concealed), so the entries from it on read the same from here: the rounds before
            # are dropped, not redone.
            del seen.views[: start - seen.begin]
            seen.begin = start
        return seen
