"""The shoe's steps as events: shuffle, cut, cover card, burn, refill, the double shoe's
determinant card and the batch swap (58 Pa. Code 633a.3, .5, .7, .14(f)).

Each `ShoeStep` is a frozen `tablegames.core.events.Event` of a table's stream; `ShoeEvent` is
the same step in the older form `DealingShoe.events` still gives (key `kind`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import ClassVar, Literal

from tablegames.core.events import Event
from tablegames.core.views import EVERYONE, HOUSE

EventKind = Literal[
    "shuffle",
    "cut",
    "cover_card_placed",
    "burn",
    "cover_card_reached",
    "reshuffle_mid_round",
    "determinant",
    "segregated",
    "side_selected",
    "batch_swapped",
]


@dataclass(frozen=True, slots=True)
class ShoeEvent:
    """One step of the shoe procedure and the paragraph it implements.

    `pile` names the side of a double shoe ("red"/"black") or the batch ("A"/"B"); else None.

    >>> ShoeEvent("burn", "633a.7(c)", card="QS").to_json()
    {'kind': 'burn', 'paragraph': '633a.7(c)', 'card': 'QS', 'detail': None, 'pile': None}
    """

    kind: EventKind
    paragraph: str
    card: str | None = None
    detail: str | None = None
    pile: str | None = None

    def to_json(self) -> dict[str, str | None]:
        return asdict(self)


# --- the steps as events of the table's stream ---------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ShoeStep(Event):
    """One step of the shoe procedure in a table's stream. `step` is its `ShoeEvent.kind`.

    `pile` names the side of a double shoe ("red"/"black") or the batch ("A"/"B"); else None.
    """

    kind: ClassVar[str] = "shoe_step"
    step: ClassVar[EventKind] = "shuffle"
    pile: str | None

    def shown_card(self) -> str | None:
        """The card the step handles, if any (the older log's `card`)."""
        return None

    def describe(self) -> str | None:
        """The older log's `detail` text."""
        return None

    def legacy(self) -> ShoeEvent:
        """This step in the older `ShoeEvent` form."""
        return ShoeEvent(self.step, self.paragraph, self.shown_card(), self.describe(), self.pile)


@dataclass(frozen=True, slots=True, kw_only=True)
class ShoeShuffled(ShoeStep):
    """The cards shuffled (633a.5(a)); `commitment` seals the order (tablegames.core.seal), and
    `shuffle` numbers the table's shuffles from 1, as its sealed record does."""

    kind: ClassVar[str] = "shoe_shuffled"
    step: ClassVar[EventKind] = "shuffle"
    count: int  # how many cards were shuffled
    shuffle: int
    commitment: str

    def describe(self) -> str:
        return f"{self.count} cards"


@dataclass(frozen=True, slots=True, kw_only=True)
class ShoeCut(ShoeStep):
    """633a.5(d): `position` cards from the top of the `count` cut moved to the bottom."""

    kind: ClassVar[str] = "shoe_cut"
    step: ClassVar[EventKind] = "cut"
    position: int
    count: int

    def describe(self) -> str:
        return f"{self.position} cards from the top of {self.count}"


@dataclass(frozen=True, slots=True, kw_only=True)
class CoverCardPlaced(ShoeStep):
    kind: ClassVar[str] = "cover_card_placed"
    step: ClassVar[EventKind] = "cover_card_placed"
    front: int
    behind: int

    def describe(self) -> str:
        return f"{self.front} in front, {self.behind} behind"


@dataclass(frozen=True, slots=True, kw_only=True)
class CardBurned(ShoeStep):
    """633a.7(c), 633a.12(b)(5), 633a.14(f): a card taken face down to the discard rack, seen
    by the house only and never turned up."""

    kind: ClassVar[str] = "card_burned"
    step: ClassVar[EventKind] = "burn"
    card: str
    seen_by: str = HOUSE

    def shown_card(self) -> str:
        return self.card


@dataclass(frozen=True, slots=True, kw_only=True)
class CoverCardReached(ShoeStep):
    kind: ClassVar[str] = "cover_card_reached"
    step: ClassVar[EventKind] = "cover_card_reached"
    after: int  # cards dealt from the stack before the cover card appeared

    def describe(self) -> str:
        return f"after {self.after} cards"


@dataclass(frozen=True, slots=True, kw_only=True)
class ShoeRefilled(ShoeStep):
    """633a.14(f): the shoe ran out mid-round; the discards are reshuffled to finish it."""

    kind: ClassVar[str] = "shoe_refilled"
    step: ClassVar[EventKind] = "reshuffle_mid_round"
    discards: int

    def describe(self) -> str:
        return f"{self.discards} discards"


@dataclass(frozen=True, slots=True, kw_only=True)
class DeterminantDrawn(ShoeStep):
    """633a.7(d)(1): the determinant card, whose suit everyone sees, selects the side."""

    kind: ClassVar[str] = "determinant_drawn"
    step: ClassVar[EventKind] = "determinant"
    card: str
    selects: str
    seen_by: str = EVERYONE

    def shown_card(self) -> str:
        return self.card

    def describe(self) -> str:
        return f"selects the {self.selects} side"


@dataclass(frozen=True, slots=True, kw_only=True)
class SideSelected(ShoeStep):
    kind: ClassVar[str] = "side_selected"
    step: ClassVar[EventKind] = "side_selected"
    side: str

    def describe(self) -> str:
        return self.side


@dataclass(frozen=True, slots=True, kw_only=True)
class DeterminantSegregated(ShoeStep):
    """633a.7(d)(2): a determinant card of the other side goes to the segregated area."""

    kind: ClassVar[str] = "determinant_segregated"
    step: ClassVar[EventKind] = "segregated"
    card: str
    seen_by: str = EVERYONE

    def shown_card(self) -> str:
        return self.card


@dataclass(frozen=True, slots=True, kw_only=True)
class BatchSwapped(ShoeStep):
    """633a.3(b)(4): the batch in play goes into the shuffler and the other comes out."""

    kind: ClassVar[str] = "batch_swapped"
    step: ClassVar[EventKind] = "batch_swapped"
    into_shuffler: str

    def describe(self) -> str:
        return f"batch {self.into_shuffler} into the shuffler"


SHOE_STEP_TYPES: tuple[type[ShoeStep], ...] = (
    ShoeShuffled,
    ShoeCut,
    CoverCardPlaced,
    CardBurned,
    CoverCardReached,
    ShoeRefilled,
    DeterminantDrawn,
    SideSelected,
    DeterminantSegregated,
    BatchSwapped,
)
