"""The Pai Gow Poker event log: each record cites its section, reads back from its JSON, and
tells `core.views.redact` who may see its cards (`PaiGowSight`).

Positions at the table are numbered as the game counts them out: 0 is the dealer, 1-6 the
players' seats, and -1 the four cards left over after seven hands of seven. A card is dealt to
its position face down: the seat's player sees it (`seen_by` "player"), the dealer's hand,
an unoccupied seat's hand and the leftover cards are the house's ("house") until an event
turns them up (`banker_set`, `hands_shown`) or takes them away unexposed
(`cards_discarded`). A player's setting (`hand_set`) names the player's cards, so other
viewers see it blanked until the hands are shown.

Sections: the text of 645a was not found (paigow/645a-digest.md 0); an event cites the section
whose title covers it (645a.5 the starting position, 645a.7 wagers, 645a.8-645a.10 dealing,
645a.13 payouts), the 645c paragraph where one applies, or 645a.11 (the completion of a round,
title inferred) for settings and settlements.

>>> event_from_json(CardDealt(card="JK", position=3, seen_by="player", paragraph="645a.8")
...                 .to_json()).card
'JK'
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from tablegames.core.errors import ScenarioError
from tablegames.core.events import Event, read_event
from tablegames.core.rulesfile import rules_digest
from tablegames.core.views import HIDDEN, DealtCard, Holder, JsonEvent

DEALER: Final = 0
LEFTOVER: Final = -1
SETTLEMENT: Final = "645a.11"  # title inferred, text not found (digest 10)


@dataclass(frozen=True, slots=True, kw_only=True)
class TableOpened(Event):
    """The Rules Submission in force (601a.2), as `PaiGowRules.model_dump(mode="json")`
    writes it, and the SHA-256 of its canonical JSON."""

    kind: ClassVar[str] = "table_opened"
    game: str
    rules: dict[str, Any]
    digest: str

    @classmethod
    def of(cls, rules: Mapping[str, Any]) -> TableOpened:
        return cls(
            game="pai_gow", rules=dict(rules), digest=rules_digest(rules), paragraph="601a.2"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class DeckShuffled(Event):
    """A shuffle of the 53-card deck, committed before the wagers of the round it deals
    (`core.seal`: the order itself is the house's sealed record `shuffle`)."""

    kind: ClassVar[str] = "deck_shuffled"
    shuffle: int
    commitment: str
    # Two decks with backs of different colours used alternately with a shuffler ("A" or
    # "B", the Rules Submission's alternating_decks); None with one deck.
    deck: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsStacked(Event):
    """Test mode: the next deal's cards (how many, never which) or starting position set."""

    kind: ClassVar[str] = "cards_stacked"
    stacking: int
    count: int
    commitment: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HistoryStacked(Event):
    """Test mode: each player's main wager in the last round the dealer banked, as stacked
    (what banking eligibility reads)."""

    kind: ClassVar[str] = "history_stacked"
    dealer_round: dict[str, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class DeckChanged(Event):
    """The cards in use replaced (645a.3(c)(2): at least every 8 hours)."""

    kind: ClassVar[str] = "deck_changed"
    by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ShufflerOrdered(Event):
    """The automated shuffler out of order (`failed`, with the dealing procedure used until it
    is repaired: 645a.9's fallback to a dealing shoe, 645a.8 or 645a.10) or back (`repaired`)."""

    kind: ClassVar[str] = "shuffler_ordered"
    state: str
    procedure: str
    by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundStarted(Event):
    """No more bets: the round's players by seat and who banks (0 the dealer, or the seat of
    the player-banker or co-banker)."""

    kind: ClassVar[str] = "round_started"
    round: int
    seats: dict[str, str]
    banker: int
    co_bank: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class WagerPlaced(Event):
    """A wager on the layout as the round starts (money: the player's chips to the layout)."""

    kind: ClassVar[str] = "wager_placed"
    player: str
    seat: int
    wager: str
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class StartingPosition(Event):
    """Who receives the first hand (645a.5): the random number (1-7) or the three dice's total,
    counted from the dealer as one in the filed direction."""

    kind: ClassVar[str] = "starting_position"
    method: str
    dice: tuple[int, ...]
    number: int
    position: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CardDealt(Event):
    """One card to a position, face down (the dealing procedure's section)."""

    kind: ClassVar[str] = "card_dealt"
    card: str
    position: int
    seen_by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsDiscarded(Event):
    """Positions whose cards go to the discard rack unexposed: the four left over, counted,
    and the hands of seats nobody plays (and the dealer's when it is not played)."""

    kind: ClassVar[str] = "cards_discarded"
    positions: tuple[int, ...]
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandSet(Event):
    """A player's setting: the five-card high hand and two-card low hand, who set it (the
    player, or the dealer by the house way at the player's request or when time ran out) and
    whether it is a foul (recorded only at a dealt table)."""

    kind: ClassVar[str] = "hand_set"
    seat: int
    player: str
    high: tuple[str, ...]
    low: tuple[str, ...]
    by: str
    foul: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class HandReset(Event):
    """A foul set again by the house way (`foul_treatment = "reset_by_house_way"`)."""

    kind: ClassVar[str] = "hand_reset"
    seat: int
    high: tuple[str, ...]
    low: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class BankerSet(Event):
    """The dealer's hand set by the house way and turned up (position 0), or a co-banker's
    hand set by the house way (its seat)."""

    kind: ClassVar[str] = "banker_set"
    position: int
    high: tuple[str, ...]
    low: tuple[str, ...]
    way: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HandsShown(Event):
    """Every played hand turned up to be compared with the banker's, with its setting as it
    plays (`hands`: by seat, `{"high": [...], "low": [...]}`; a foul set again, the reset):
    the settings a viewer saw blanked in `hand_set` until now."""

    kind: ClassVar[str] = "hands_shown"
    positions: tuple[int, ...]
    hands: dict[str, dict[str, list[str]]]


@dataclass(frozen=True, slots=True, kw_only=True)
class MeterChanged(Event):
    """A progressive meter moved: contributions at the rate of progression, a payout from it,
    or its reset (645a.13)."""

    kind: ClassVar[str] = "meter_changed"
    wager: str
    before: int
    after: int
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PayoutLimited(Event):
    """The round's optional-wager winnings exceeded the payout limit and were shared in
    proportion to the wagers (645a.13, the 633a.13(m) pattern)."""

    kind: ClassVar[str] = "payout_limited"
    limit: int
    winnings: int


@dataclass(frozen=True, slots=True, kw_only=True)
class WagerSettled(Event):
    """One wager's decision (money: the layout pays `returned`, stake included). `result` is
    win / push / lose; `line` the paytable line (or the main wager's result); `commission`
    the vigorish collected; `returned` what goes back to the player."""

    kind: ClassVar[str] = "wager_settled"
    player: str
    seat: int
    wager: str
    stake: int
    returned: int
    result: str
    line: str
    commission: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundSettled(Event):
    """The round's end: every seat's net and the house's, in cents."""

    kind: ClassVar[str] = "round_settled"
    round: int
    nets: dict[str, int]
    house: int


EVENT_TYPES: Final[dict[str, type[Event]]] = {
    cls.kind: cls
    for cls in (
        TableOpened,
        DeckShuffled,
        CardsStacked,
        HistoryStacked,
        DeckChanged,
        ShufflerOrdered,
        RoundStarted,
        WagerPlaced,
        StartingPosition,
        CardDealt,
        CardsDiscarded,
        HandSet,
        HandReset,
        BankerSet,
        HandsShown,
        MeterChanged,
        PayoutLimited,
        WagerSettled,
        RoundSettled,
    )
}


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(item) for item in value)
    return value


def event_from_json(data: Any) -> Event:
    """One event read back from its JSON; unknown kinds or fields raise ScenarioError."""
    cls, values = read_event(data, EVENT_TYPES, game="Pai Gow Poker")
    for name, value in values.items():
        if isinstance(value, list):
            values[name] = _tuples(value)
    if cls is TableOpened and values.get("digest") != rules_digest(values.get("rules") or {}):
        raise ScenarioError("table_opened: its digest does not match its rules")
    try:
        return cls(**values)
    except TypeError as error:  # pragma: no cover - read_event checked the field names
        raise ScenarioError(f"event {cls.kind!r}: {error}") from None


class PaiGowSight:
    """What the log says about its cards (`core.views.CardSight`): each hand's place is
    `("hand", position)`."""

    def seated(self, event: JsonEvent) -> Mapping[int, str] | None:
        if event.get("event") != RoundStarted.kind:
            return None
        seats = event.get("seats") or {}
        return {int(seat): str(player) for seat, player in seats.items()}

    def dealt(self, event: JsonEvent) -> DealtCard | None:
        if event.get("event") != CardDealt.kind:
            return None
        position = int(event["position"])
        return DealtCard(
            card=str(event["card"]),
            seen_by=str(event["seen_by"]),
            box=position,
            holder=("hand", position),
        )

    def revealed(self, event: JsonEvent) -> tuple[Holder, ...]:
        kind = event.get("event")
        if kind == BankerSet.kind:
            return (("hand", int(event["position"])),)
        if kind == HandsShown.kind:
            return tuple(("hand", int(position)) for position in event["positions"])
        return ()

    def discarded(self, event: JsonEvent) -> tuple[Holder, ...]:
        if event.get("event") != CardsDiscarded.kind:
            return ()
        return tuple(("hand", int(position)) for position in event["positions"])

    def blanked(self, event: JsonEvent, concealed: Collection[Holder]) -> JsonEvent:
        if event.get("event") in (HandSet.kind, HandReset.kind) and (
            ("hand", int(event["seat"])) in concealed
        ):
            return {
                **event,
                "high": [HIDDEN] * len(event["high"]),
                "low": [HIDDEN] * len(event["low"]),
            }
        if event.get("event") == HandsShown.kind:
            hands = event.get("hands") or {}
            return {
                **event,
                "hands": {
                    seat: (
                        {name: [HIDDEN] * len(cards) for name, cards in hand.items()}
                        if ("hand", int(seat)) in concealed
                        else hand
                    )
                    for seat, hand in hands.items()
                },
            }
        return event


PAI_GOW_SIGHT: Final = PaiGowSight()
