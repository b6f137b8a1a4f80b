"""The round's log: one frozen record per state change (633a.7(s): reconstructing each hand).

Every event carries the paragraph it implements and serializes to a flat JSON object whose
`event` field names its kind. `event_from_json` reads it back, so a stored log replays.

>>> event = CardDealt(card="AS", to="dealer", box=0, hand=0, face_up=True, paragraph="633a.7(f)(2)")
>>> event_from_json(event.to_json()) == event
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tablegames.eventlog import Event, read_event

__all__ = ["Event"]


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundStarted(Event):
    """The house rules in force and each box's Blackjack Wager (633a.6(c)-(d))."""

    kind: ClassVar[str] = "round_started"
    rules: dict[str, Any]
    # (box, player, Blackjack Wager, {side wager: stake}) in cents
    boxes: tuple[tuple[int, str, int, dict[str, int]], ...]
    meters: dict[str, int]  # progressive meters at the start of the round
    selections: dict[str, Any]  # the table game system's random picks (633a.13(j)(1))

    def __hash__(self) -> int:
        return hash((self.kind, tuple(box[:3] for box in self.boxes)))


@dataclass(frozen=True, slots=True, kw_only=True)
class WagerPlaced(Event):
    kind: ClassVar[str] = "wager_placed"
    box: int
    hand: int
    wager: str  # "blackjack", "double", "split", "insurance"
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CardDealt(Event):
    kind: ClassVar[str] = "card_dealt"
    card: str
    to: str  # "box", "dealer" or "switch" (a Switch Hands card, 633c.4(d))
    box: int  # 0 for the dealer
    hand: int
    face_up: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class DecisionMade(Event):
    """A player's decision exactly as taken: the action and any amount."""

    kind: ClassVar[str] = "decision"
    box: int
    hand: int
    action: str
    amount: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsSwitched(Event):
    """A switch decision carried out: Blackjack Switch second cards (633a.12(a)(4)) or the
    Switch Hands cards played instead of the dealt ones (633c.4(f)). `cards` are the box's
    hands' cards afterwards."""

    kind: ClassVar[str] = "cards_switched"
    box: int
    cards: tuple[str, ...]
    switched: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerChecked(Event):
    """633a.7(h): the card reader tells whether the hole card gives the dealer a Blackjack."""

    kind: ClassVar[str] = "dealer_checked"
    blackjack: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class HoleCardRevealed(Event):
    kind: ClassVar[str] = "hole_card_revealed"
    card: str
    total: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandCompleted(Event):
    """A hand needs no more decisions: stood, busted, doubled, reached 21, split aces, ..."""

    kind: ClassVar[str] = "hand_completed"
    box: int
    hand: int
    total: int
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerCompleted(Event):
    """The dealer stands, or draws nothing because nothing depends on it (633a.7(m)-(n))."""

    kind: ClassVar[str] = "dealer_completed"
    total: int
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class WagerSettled(Event):
    """A wager collected, paid or returned: `returned` includes the stake, 0 when lost."""

    kind: ClassVar[str] = "wager_settled"
    box: int
    hand: int
    wager: str
    stake: int
    returned: int
    outcome: str
    line: str | None = None  # side wagers: the paytable line(s) won, e.g. "matched_20"


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundCompleted(Event):
    kind: ClassVar[str] = "round_completed"


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        RoundStarted,
        WagerPlaced,
        CardDealt,
        DecisionMade,
        CardsSwitched,
        DealerChecked,
        HoleCardRevealed,
        HandCompleted,
        DealerCompleted,
        WagerSettled,
        RoundCompleted,
    )
}


def event_from_json(data: dict[str, Any]) -> Event:
    """Read one event back from its JSON object; unknown kinds or fields raise ScenarioError."""
    cls, values = read_event(data, EVENT_TYPES, game="blackjack")
    if cls is RoundStarted:
        values["boxes"] = tuple(tuple(box) for box in values["boxes"])
    if cls is CardsSwitched:
        values["cards"] = tuple(values["cards"])
    return cls(**values)
