"""The round's log: one frozen record per state change (633a.7(s): reconstructing each hand).

Every event carries the paragraph it implements and serializes to a flat JSON object whose
`event` field names its kind. `event_from_json` reads it back, so a stored log replays.

>>> event = CardDealt(
...     card="AS", to="dealer", box=0, hand=0, face_up=True, seen_by=EVERYONE,
...     paragraph="633a.7(f)(2)",
... )
>>> event_from_json(event.to_json()) == event
True

Every card-bearing event says who may see its card when it is dealt (`CardDealt.seen_by`):
`EVERYONE` (face up), `PLAYER` (the owning box's player only) or `HOUSE` (nobody at the table
until an event reveals it). `tablegames.core.views` redacts a log for one viewer from these fields.

A table's stream (`tablegames.blackjack.table.Table.events`) holds more than rounds: the rules
filed once (`RulesFiled`, with the digest every `RoundStarted` carries), the shoe's steps
(`tablegames.blackjack.shoe.ShoeStep`: shuffles with their commitments, cuts, cover cards,
burns, reshuffles) and the table's own steps (`DealerChanged`, `ReshuffleOrdered`,
`WageringPermitted`). All of them
decode here. Money events name the player (`WagerPlaced.player`, `WagerSettled.player`); a
log written before they did decodes with `player` "" from `event_from_json`, or with the
player of the box from `events_from_json`, which reads a whole log.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from tablegames.blackjack.shoe_steps import SHOE_STEP_TYPES, CardBurned
from tablegames.core.errors import ScenarioError
from tablegames.core.events import Event, read_event
from tablegames.core.rulesfile import rules_digest
from tablegames.core.views import (
    BLANK,
    EVERYONE,
    HIDDEN,
    HOUSE,
    PLAYER,
    DealtCard,
    Holder,
    JsonEvent,
)

__all__ = ["BLACKJACK_SIGHT", "EVERYONE", "HOUSE", "PLAYER", "Event"]


@dataclass(frozen=True, slots=True, kw_only=True)
class RulesFiled(Event):
    """The Rules Submission a table plays under (601a.2), once at the head of its stream, with
    `digest` = SHA-256 of the rules' canonical JSON (tablegames.core.rulesfile.rules_digest)."""

    kind: ClassVar[str] = "rules_filed"
    rules: dict[str, Any]
    digest: str

    def __hash__(self) -> int:
        return hash((self.kind, self.digest))


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerChanged(Event):
    """A new dealer takes the table between rounds (633a.7(c): one card is burned)."""

    kind: ClassVar[str] = "dealer_changed"


@dataclass(frozen=True, slots=True, kw_only=True)
class ReshuffleOrdered(Event):
    """A floorperson directs a reshuffle after a round (633a.5(f))."""

    kind: ClassVar[str] = "reshuffle_ordered"


@dataclass(frozen=True, slots=True, kw_only=True)
class CutDeclined(Event):
    """The player at `box`, offered the cut, declines it (633a.5(b)-(c)): the offer passes on,
    or, when nobody is left, the table cuts."""

    kind: ClassVar[str] = "cut_declined"
    box: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CutTaken(Event):
    """The shuffled stack is cut (633a.5(b), (d)): by the player at `box` `position` cards from
    the top, or by the table (`box` 0) where nobody accepted, at a position it draws (the
    `shoe_cut` step after this event gives it)."""

    kind: ClassVar[str] = "cut_taken"
    box: int
    position: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class WageringPermitted(Event):
    """The house lets `player`, barred for sitting out a round, wager again before the
    reshuffle (633a.6(b)(1))."""

    kind: ClassVar[str] = "wagering_permitted"
    player: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsStacked(Event):
    """Test mode: `count` cards were stacked for the next round (`Table.stack`), stacking
    number `stacking` of the table (from 1). The cards themselves are not here: the players
    receive the stream, and an undealt card is the house's. They are in the table's sealed
    record of the stacking (`kind` "cards_stacked", the same `stacking` number); `commitment`
    is the SHA-256 of its salt and cards (`tablegames.core.seal.commitment`), so the record can
    be checked against the stream. No paragraph: the regulation has no stacked shoe, so
    `paragraph` is None."""

    kind: ClassVar[str] = "cards_stacked"
    # A test-mode step cites no paragraph of the regulation (the base class's is required).
    paragraph: str | None = None  # type: ignore[assignment]
    stacking: int
    count: int
    commitment: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundStarted(Event):
    """The house rules in force and each box's Blackjack Wager (633a.6(c)-(d)).

    `rules_digest` is the digest of the rules in force (the table's `RulesFiled.digest`). A
    round's own log (`Round.events`, `tablegames round`) carries `rules` in full so that it
    reads alone; in a table's stream (`Table.events`) the rules are filed once
    (`rules_filed`) and each round's `round_started` carries only the digest (`rules` None).
    The digest is computed from `rules` when not given, as for logs written before it.
    """

    kind: ClassVar[str] = "round_started"
    rules: dict[str, Any] | None
    # (box, player, Blackjack Wager, {side wager: stake}) in cents
    boxes: tuple[tuple[int, str, int, dict[str, int]], ...]
    meters: dict[str, int]  # progressive meters at the start of the round
    selections: dict[str, Any]  # the table game system's random picks (633a.13(j)(1))
    rules_digest: str = ""

    def __post_init__(self) -> None:
        if not self.rules_digest:
            if self.rules is None:
                raise ScenarioError("a round_started without its rules needs their rules_digest")
            object.__setattr__(self, "rules_digest", _rules_digest(self.rules))

    def __hash__(self) -> int:
        return hash((self.kind, tuple(box[:3] for box in self.boxes)))

    def players(self) -> dict[int, str]:
        """Each box's player."""
        return {int(box[0]): str(box[1]) for box in self.boxes}


# The engine logs one shared, read-only rules record per Rules (opening._rules_record): hashing it
# once per record, not once per round, keeps the digest off the simulator's path.
_DIGESTS: dict[int, tuple[Mapping[str, Any], str]] = {}


def _rules_digest(rules: Mapping[str, Any]) -> str:
    known = _DIGESTS.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    value = rules_digest(rules)
    if len(_DIGESTS) < 256:
        _DIGESTS[id(rules)] = (rules, value)
    return value


@dataclass(frozen=True, slots=True, kw_only=True)
class WagerPlaced(Event):
    kind: ClassVar[str] = "wager_placed"
    box: int
    hand: int
    wager: str  # "blackjack", "double", "split", "insurance"
    amount: int
    player: str = ""  # the box's player ("" only in a log written before the field)


@dataclass(frozen=True, slots=True, kw_only=True)
class CardDealt(Event):
    kind: ClassVar[str] = "card_dealt"
    card: str
    to: str  # "box", "dealer" or "switch" (a Switch Hands card, 633c.4(d))
    box: int  # 0 for the dealer
    hand: int
    face_up: bool
    seen_by: str  # EVERYONE, PLAYER or HOUSE: who may see the card as it is dealt


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
    player: str = ""  # the box's player ("" only in a log written before the field)


@dataclass(frozen=True, slots=True, kw_only=True)
class IrregularityRecorded(Event):
    """A 633a.14 irregularity at a dealt table, as the floorperson recorded it: `what` names it
    (the kinds are tablegames.blackjack.dealt.IRREGULARITIES), `box` and `hand` the hand it
    concerns (0 for the dealer or the table), `option` the player's or the house's choice where
    the paragraph gives one, `side` the side of a double shoe it concerns (None at a single
    shoe). Who recorded it is the table server's: its audit log names the floorperson with the
    order."""

    kind: ClassVar[str] = "irregularity"
    what: str
    box: int = 0
    hand: int = 0
    option: str | None = None
    side: str | None = None

    def to_json(self) -> dict[str, Any]:
        return _without_no_side(Event.to_json(self))


@dataclass(frozen=True, slots=True, kw_only=True)
class ProcedureRecorded(Event):
    """A step of the dealer's procedure at a dealt table: `step` names it, `box` the player it
    concerns (0: none, or the dealer), `position` where a cut or the cover card went (cards
    from the top of the stack, when recorded), `side` the side of a double shoe it was taken on
    ("red" or "black", 633a.4(d); None at a single shoe)."""

    kind: ClassVar[str] = "table_procedure"
    step: str
    box: int = 0
    position: int | None = None
    side: str | None = None

    def to_json(self) -> dict[str, Any]:
        return _without_no_side(Event.to_json(self))


def _without_no_side(data: dict[str, Any]) -> dict[str, Any]:
    """A single shoe's step has no side: its JSON is as it was before double shoes were dealt,
    so the streams stored then restore unchanged (`event_from_json` reads it back)."""
    if data.get("side") is None:
        data.pop("side", None)
    return data


@dataclass(frozen=True, slots=True, kw_only=True)
class CardDiscarded(Event):
    """A card put in the discard rack without being played: found face up in the shoe
    (633a.14(a)), drawn in error, exposed and refused by all (633a.14(c)), or drawn by a dealer
    with 17 (633a.14(d)). Every such card was exposed, so everyone sees it."""

    kind: ClassVar[str] = "card_discarded"
    card: str
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CardExposed(Event):
    """633a.14(c): a card drawn in error and exposed after the initial deal, offered to the
    players and then the dealer as the next card from the shoe."""

    kind: ClassVar[str] = "card_exposed"
    card: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundCompleted(Event):
    kind: ClassVar[str] = "round_completed"


_MONEY_EVENTS = frozenset({"wager_placed", "wager_settled"})
_SIDED_EVENTS = frozenset({"irregularity", "table_procedure"})

_ALL_TYPES: tuple[type[Event], ...] = (
    RulesFiled,
    DealerChanged,
    ReshuffleOrdered,
    CutDeclined,
    CutTaken,
    WageringPermitted,
    CardsStacked,
    *SHOE_STEP_TYPES,
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
    IrregularityRecorded,
    ProcedureRecorded,
    CardDiscarded,
    CardExposed,
    RoundCompleted,
)
EVENT_TYPES: dict[str, type[Event]] = {cls.kind: cls for cls in _ALL_TYPES}


def event_from_json(data: dict[str, Any]) -> Event:
    """Read one event back from its JSON object; unknown kinds or fields raise ScenarioError."""
    if data.get("event") == CardDealt.kind and "seen_by" not in data:
        data = {**data, "seen_by": _seen_by_before_the_field(data)}
    if data.get("event") == RoundStarted.kind and "rules_digest" not in data:
        data = {**data, "rules_digest": ""}  # computed from the rules
    if data.get("event") in _MONEY_EVENTS and "player" not in data:
        data = {**data, "player": ""}  # a log written before money events named the player
    if data.get("event") in _SIDED_EVENTS and "side" not in data:
        data = {**data, "side": None}  # a single shoe's step (`_without_no_side`)
    cls, values = read_event(data, EVENT_TYPES, game="blackjack")
    if cls is RoundStarted:
        values["boxes"] = tuple(tuple(box) for box in values["boxes"])
    if cls is CardsSwitched:
        values["cards"] = tuple(values["cards"])
    return cls(**values)


def events_from_json(items: Iterable[Mapping[str, Any]]) -> list[Event]:
    """A whole log read back. A money event written before it named the player gets the
    player of its box from the round's `round_started`."""
    events: list[Event] = []
    players: dict[int, str] = {}
    for item in items:
        data = dict(item)
        if data.get("event") in _MONEY_EVENTS and "player" not in data:
            data["player"] = players.get(int(data.get("box", 0)), "")
        event = event_from_json(data)
        if isinstance(event, RoundStarted):
            players = event.players()
        events.append(event)
    return events


def _seen_by_before_the_field(data: dict[str, Any]) -> str:
    """Who saw a card in a log written before `seen_by` existed: that engine dealt face down
    only the hole card (633a.7(f)(4)), the Switch Hands cards (633c.4(d)) and the hand-dealt
    game's first two cards of each box (633a.12(b)(5)), so `to` and `face_up` decide it."""
    if data.get("face_up") is True:
        return EVERYONE
    return PLAYER if data.get("to") == "box" else HOUSE


# --- who sees what: the Blackjack log read by tablegames.core.views ---------------------------

_TURNED_OVER_BY_DECISION = frozenset({"surrender", "double", "split"})
_BLACKJACK_WAGER = frozenset({"blackjack", "double", "split"})
_DEALER: Holder = ("dealer", 0, 0)
_BURNED: Holder = ("burned", 0, 0)  # the discard rack's burn cards: never revealed


def _hand(box: int, hand: int) -> Holder:
    return ("box", box, hand)


def _switch_cards(box: int) -> Holder:
    return ("switch", box, 0)


class BlackjackSight:
    """When a face-down card of a Blackjack round is turned up, or leaves unexposed.

    - The hole card: exposed to no one, the dealer included (633a.7(h)), until it is turned
      over: `hole_card_revealed` (633a.7(h) on a dealer Blackjack, 633a.7(l), 633a.12(b)(8)).
    - The hand-dealt game's two face-down cards of a box (633a.12(b)(5)): its player examines
      them (633a.12(b)(6)); the dealer turns them over for everyone on a surrender, double or
      split (633a.12(b)(6)(i)) and, for the rest, as the hand's Blackjack Wager is settled
      (633a.12(b)(9), and 633a.7(h) on a dealer Blackjack). A busted hand is discarded at once
      (633a.12(b)(6)(ii)) and the text turns it over never: it stays concealed.
    - The Switch Hands cards: dealt face down (633c.4(d)) and chosen unseen by the player too
      (633c.4(f)); played, they are turned face up (633c.4(f)(2), `cards_switched`); kept, they
      go to the discard rack unexposed (633c.4(f)(1)) and stay concealed.
    """

    def seated(self, event: JsonEvent) -> dict[int, str] | None:
        if event.get("event") != RoundStarted.kind:
            return None
        return {int(box[0]): str(box[1]) for box in event["boxes"]}

    def dealt(self, event: JsonEvent) -> DealtCard | None:
        if event.get("event") == CardBurned.kind:
            # 633a.7(c): burned face down; nothing turns it up, so it stays concealed.
            return DealtCard(str(event["card"]), str(event["seen_by"]), 0, _BURNED)
        if event.get("event") != CardDealt.kind:
            return None
        holder = (str(event["to"]), int(event["box"]), int(event["hand"]))
        return DealtCard(str(event["card"]), str(event["seen_by"]), int(event["box"]), holder)

    def revealed(self, event: JsonEvent) -> list[Holder]:
        kind = event.get("event")
        if kind == HoleCardRevealed.kind:
            return [_DEALER]
        if kind == CardsSwitched.kind and event["switched"]:
            return [_switch_cards(event["box"])]  # 633c.4(f)(2)
        if kind == DecisionMade.kind and event["action"] in _TURNED_OVER_BY_DECISION:
            return [_hand(event["box"], event["hand"])]  # 633a.12(b)(6)(i)
        if kind == WagerSettled.kind and event["wager"] in _BLACKJACK_WAGER:
            return [_hand(event["box"], event["hand"])]  # 633a.12(b)(9)
        return []

    def discarded(self, event: JsonEvent) -> list[Holder]:
        kind = event.get("event")
        if kind == HandCompleted.kind and event["reason"] == "busted":
            return [_hand(event["box"], event["hand"])]  # 633a.12(b)(6)(ii)
        if kind == CardsSwitched.kind and not event["switched"]:
            return [_switch_cards(event["box"])]  # 633c.4(f)(1)
        return []

    def blanked(self, event: JsonEvent, concealed: Collection[Holder]) -> JsonEvent:
        kind = event.get("event")
        if kind == DealerCompleted.kind and _DEALER in concealed:
            return {**event, "total": BLANK}  # 633a.7(n) could stand on an unrevealed card
        if kind == HandCompleted.kind and _hand(event["box"], event["hand"]) in concealed:
            return {**event, "total": BLANK}
        if kind == CardsSwitched.kind and any(
            holder[:2] == ("box", event["box"]) for holder in concealed
        ):
            # The box's hands' cards afterwards: the count is on the layout, the cards are not.
            return {**event, "cards": [HIDDEN] * len(event["cards"])}
        if (
            kind == WagerSettled.kind
            and event["line"] is not None
            and _hand(event["box"], event["hand"]) in concealed
        ):
            # A side wager's paytable line names what the concealed cards make (633a.7(g)).
            return {**event, "line": BLANK}
        return event


BLACKJACK_SIGHT = BlackjackSight()
