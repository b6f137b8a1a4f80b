"""Who may see what: a game's event log redacted for one viewer.

A card-bearing event says who may see its card as it is dealt (`seen_by`): `"everyone"` (face
up), `"player"` (the owning box's player only) or `"house"` (nobody at the table). The house
(the operator, the auditor) sees everything. Until the event that reveals it to them, a viewer
gets every card they may not see as `HIDDEN`, and every field that would tell it (a total that
counts it, a list of cards that names it) as `BLANK` or `HIDDEN`.

This module knows no game: a game describes its own log through a `CardSight` (which event seats
the players, which deals a card, which turns cards up or discards them unexposed, which fields to
blank), and `redact` applies it to the events' JSON form. A live table sends only what `redact`
returns and never reads a round object's hidden fields.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

EVERYONE = "everyone"
PLAYER = "player"
HOUSE = "house"
SEEN_BY = (EVERYONE, PLAYER, HOUSE)

HIDDEN = "??"  # a card the viewer may not see yet
BLANK = None  # a field (a total) that would tell a hidden card
# Added to the event that turns cards up for a viewer who had them hidden: [[index, card], ...],
# each card with the index (in the events given to `redact`) of the event that dealt it.
REVEALED = "revealed"

# Where cards lie, as the game names the place: a box's hand, the dealer's hand, ...
Holder = tuple[Any, ...]
JsonEvent = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Viewer:
    """One of the table's players (by name), a spectator, or the house."""

    role: Literal["player", "spectator", "house"]
    name: str = ""

    @classmethod
    def player(cls, name: str) -> Viewer:
        return cls("player", name)

    @classmethod
    def spectator(cls) -> Viewer:
        return cls("spectator")

    @classmethod
    def house(cls) -> Viewer:
        """The operator or the auditor: the house sees every card as it is dealt."""
        return cls("house")


@dataclass(frozen=True, slots=True)
class DealtCard:
    """A card-bearing event read by a `CardSight`: the card, who may see it, the box whose
    player owns it, and the place it goes to."""

    card: str
    seen_by: str
    box: int
    holder: Holder
    field: str = "card"  # the event's field that holds the card


class CardSight(Protocol):
    """What a game's log says about its cards; each method reads one event's JSON."""

    def seated(self, event: JsonEvent) -> Mapping[int, str] | None:
        """For the event that starts a round, each box's player; otherwise None."""

    def dealt(self, event: JsonEvent) -> DealtCard | None:
        """For an event that deals a card, the card; otherwise None."""

    def revealed(self, event: JsonEvent) -> Collection[Holder]:
        """The places whose cards this event turns up for everyone at the table."""

    def discarded(self, event: JsonEvent) -> Collection[Holder]:
        """The places whose face-down cards this event takes away unexposed: nothing later
        in the round reveals them."""

    def blanked(self, event: JsonEvent, concealed: Collection[Holder]) -> JsonEvent:
        """The event with every field blanked that would tell a card of a concealed place."""


def may_see(viewer: Viewer, card: DealtCard, owners: Mapping[int, str]) -> bool:
    """Whether the viewer may see the card as it is dealt, before anything reveals it."""
    if card.seen_by not in SEEN_BY:
        raise ValueError(f"unknown seen_by {card.seen_by!r}: one of {', '.join(SEEN_BY)}")
    if viewer.role == "house" or card.seen_by == EVERYONE:
        return True
    if card.seen_by == PLAYER:
        return viewer.role == "player" and owners.get(card.box) == viewer.name
    return False


def redact(
    events_json: Sequence[Mapping[str, Any]], viewer: Viewer, sight: CardSight
) -> list[JsonEvent]:
    """The log as `viewer` may see it, event by event, in order.

    A card the viewer may not see is `HIDDEN` in its own event and conceals its place: the
    events after it blank what would tell it, until `sight.revealed` turns the place up; the
    revealing event then lists the place's hidden cards under `REVEALED`. A place
    `sight.discarded` takes away stays concealed for the rest of the round. Each round
    (`sight.seated`) starts with nothing concealed; the house's view is the log itself.
    """
    redaction = Redaction(viewer, sight)
    return [redaction.add(event) for event in events_json]


class Redaction:
    """`redact` one event at a time: what the viewer has not seen so far is kept between
    calls, so that a log that grows is redacted once, not again from its start at every event
    (`add(e)` for each event of a log, in order, gives `redact(log)`). Event indices (those of
    `REVEALED`) count from the first event added."""

    def __init__(self, viewer: Viewer, sight: CardSight) -> None:
        self.viewer = viewer
        self.sight = sight
        self.count = 0  # events added so far
        self._owners: Mapping[int, str] = {}
        # Places holding cards the viewer has not seen: (index of the dealing event, card).
        self._concealed: dict[Holder, list[tuple[int, str]]] = {}
        self._buried: set[Holder] = set()  # concealed places whose cards left unexposed

    def add(self, original: Mapping[str, Any]) -> JsonEvent:
        """The next event as the viewer may see it (a new dict; `original` is not changed)."""
        sight = self.sight
        concealed = self._concealed
        index = self.count
        self.count += 1
        event = dict(original)
        seats = sight.seated(event)
        if seats is not None:
            self._owners = seats
            concealed.clear()
            self._buried.clear()
        shown = [
            [dealt_at, name]
            for holder in sight.revealed(event)
            if holder not in self._buried
            for dealt_at, name in concealed.pop(holder, [])
        ]
        for holder in sight.discarded(event):
            if holder in concealed:
                self._buried.add(holder)
        card = sight.dealt(event)
        if card is not None and not may_see(self.viewer, card, self._owners):
            concealed.setdefault(card.holder, []).append((index, card.card))
            event[card.field] = HIDDEN
        elif card is None and concealed:
            event = sight.blanked(event, frozenset(concealed))
        if shown:
            if REVEALED in event:
                raise ValueError(f"event {index} already has a {REVEALED!r} field")
            event[REVEALED] = shown
        return event
