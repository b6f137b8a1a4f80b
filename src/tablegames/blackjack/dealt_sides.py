"""The shoe of a dealt table, side by side: a single shoe has one side, a double shoe two
(633a.3(c)), each with what the software knows of it without seeing the shuffle.

A double shoe's sides are named as `tablegames.blackjack.shoe.DoubleShoe` names them: "red"
(the side hearts and diamonds select) and "black" (spades and clubs), 633a.7(d)(1). The
certificate holder designates which back colour goes with which pair of suits; the names here
are those designations, not the colours of the backs.

Each side (`ShoeSide`) keeps its own count of the cards it still holds, its discard rack and
its segregated area (the cards of the two sides have different backs, 633a.3(c), so their
discards are never mixed: 633a.7(e)(2) collects one side's cards alone), its own procedure step
(633a.4(d): each side spread, inspected and washed separately; 633a.5 and 633a.7(a): shuffled,
cut and loaded separately), its own cover card (633a.3(c): a separate cover card each side) and
the reshuffle it owes (633a.7(e)(3): only the side whose cover card appeared).

`SidedShoe` is the part of `tablegames.blackjack.dealt_table.DealtTable` that knows about
sides: naming a side (required at a double shoe, refused at a single one), the determinant card
(633a.7(d)(1)-(2)), the side a round was actually dealt from (633a.14(h)) and where a finished
round's cards go.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Final

from tablegames.blackjack.dealt import DealtRound
from tablegames.blackjack.events import (
    CardDiscarded,
    Event,
    IrregularityRecorded,
    ProcedureRecorded,
)
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.shoe_steps import DeterminantDrawn, DeterminantSegregated, SideSelected
from tablegames.core.cards import Card, standard_decks
from tablegames.core.errors import IllegalActionError

SINGLE: Final = "shoe"  # the one side of a single shoe (never named in its events)
DOUBLE_SIDES: Final = ("red", "black")


def side_of(card: Card) -> str:
    """633a.7(d)(1): hearts and diamonds select the "red" side, spades and clubs the "black"."""
    return "red" if card.suit.is_red else "black"


@dataclass(slots=True)
class ShoeSide:
    """One side of the shoe (the whole shoe at a single shoe). `holds`: the cards of its decks
    not dealt since its shuffle; `rack`: its discards; `segregated`: its segregated area (a
    double shoe's determinant cards of the other suit colour, 633a.7(d)(2), and its cards found
    face up, 633a.14(a)); `carried`: a card drawn in error and not yet used (633a.14(b)), the
    next card this side deals; `step`: its last opening or shuffle step; `in_shoe`: its stack is
    in the shoe; `reshuffle_due` and `shuffle_reason` ("beginning", "cover" or "floor"),
    `cover_card_box` (0: the dealer's hand) and `cut_offers`: its next shuffle and who is
    offered the cut (633a.5(c)); `due_after_round`: the reshuffle comes after the round about
    to be dealt, which is completed first (633a.7(e): the cover card as the first card)."""

    name: str
    decks: int
    holds: Counter[Card] = field(default_factory=Counter)
    rack: list[Card] = field(default_factory=list)
    segregated: list[Card] = field(default_factory=list)
    carried: list[Card] = field(default_factory=list)
    step: str = ""
    in_shoe: bool = False
    reshuffle_due: bool = False
    shuffle_reason: str = "beginning"
    cover_card_box: int = 0
    cut_offers: list[int] = field(default_factory=list)
    due_after_round: bool = False

    @property
    def tag(self) -> str | None:
        """The side as events name it: None at a single shoe."""
        return None if self.name == SINGLE else self.name

    @property
    def count(self) -> int:
        return sum(self.holds.values())

    def collect(self) -> None:
        """Every card of this side back in one stack: out of the shoe, the rack and the
        segregated area (633a.5(a), 633a.5(g), 633a.7(e)(1)-(2))."""
        self.holds = Counter(standard_decks(self.decks))
        self.rack = []
        self.segregated = []
        self.carried = []  # a 633a.14(b) card waiting to be next is shuffled in
        self.in_shoe = False
        self.cut_offers = []

    def take(self, card: Card) -> None:
        """`card` leaves this side's shoe (refused when the side cannot hold it any more)."""
        if self.holds[card] <= 0:
            where = "this shoe" if self.name == SINGLE else f"the {self.name} side of the shoe"
            raise IllegalActionError(
                f"{card} cannot come from {where}: every {card} of its {self.decks} deck(s) is "
                "out of it",
                paragraph="633a.3(c)" if self.name != SINGLE else "633a.3(a)",
            )
        self.holds[card] -= 1


@dataclass(frozen=True, slots=True)
class Determinant:
    """633a.7(d)(1): the round's determinant card, the side it was drawn from and the side its
    suit selects."""

    card: Card
    drawn_from: str
    selects: str

    @property
    def matched(self) -> bool:
        """633a.7(d)(2): it corresponds to its side, so it is the first player's first card."""
        return self.drawn_from == self.selects


class SidedShoe:
    """The sides of a dealt table's shoe (the module docstring). `DealtTable` builds on it."""

    current: DealtRound | None
    _reader_down: bool

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.double = rules.shoe == "double_shoe"
        self.events: list[Event] = []
        if self.double:
            # 633a.3(c): the same number of decks in each side (the rules check it is even).
            per_side = rules.decks // 2
            self.sides = {name: ShoeSide(name, per_side) for name in DOUBLE_SIDES}
        else:
            self.sides = {SINGLE: ShoeSide(SINGLE, rules.decks)}
        self._determinant: Determinant | None = None
        self._deal_from: str | None = None  # 633a.14(h): the side the next round comes from
        self._round_side = next(iter(self.sides))  # the side the current round is dealt from
        self._round_first: Determinant | None = None  # its determinant card, dealt first

    # --- reading -------------------------------------------------------------------------------

    @property
    def holds(self) -> Counter[Card]:
        """The cards the shoe still holds; at a double shoe both sides' together (a copy: each
        side's own count is `side(name).holds`)."""
        if not self.double:
            return self.sides[SINGLE].holds
        total: Counter[Card] = Counter()
        for side in self.sides.values():
            total.update(side.holds)
        return total

    @property
    def rack(self) -> list[Card]:
        """The discard rack; at a double shoe both sides' discards, red then black (a copy)."""
        if not self.double:
            return self.sides[SINGLE].rack
        return [card for side in self.sides.values() for card in side.rack]

    @property
    def determinant_card(self) -> Determinant | None:
        """The determinant card drawn for the round about to be dealt, if any."""
        return self._determinant

    def house_view(self) -> dict[str, Any]:
        """The shoe as the house sees it at the table (the dealer's console): each side's count
        of cards still in the shoe, its discard rack and segregated area (633a.3(c), 633a.7(d)),
        whether its stack is in the shoe and a reshuffle is owed (633a.7(e)); at a double shoe
        the determinant card drawn for the round about to be dealt (633a.7(d)(1)), the side the
        dealer said it comes from (633a.14(h)) and the side the last round was dealt from."""
        determinant = self._determinant
        return {
            "double": self.double,
            "sides": [
                {
                    "side": side.tag,
                    "decks": side.decks,
                    "shoe": side.count,
                    "rack": len(side.rack),
                    "segregated": len(side.segregated),
                    "in_shoe": side.in_shoe,
                    "reshuffle_due": side.reshuffle_due,
                }
                for side in self.sides.values()
            ],
            "determinant": None
            if determinant is None
            else {
                "card": str(determinant.card),
                "drawn_from": determinant.drawn_from,
                "selects": determinant.selects,
            },
            "deal_from": self._deal_from,
            "round_side": self._round_side if self.double else None,
        }

    def side(self, name: str) -> ShoeSide:
        """A side of the shoe ("red" or "black" at a double shoe, "shoe" at a single one)."""
        found = self.sides.get(name)
        if found is None:
            raise IllegalActionError(
                f"the shoe's sides are {', '.join(self.sides)}, not {name!r}",
                paragraph="633a.7(d)(1)" if self.double else "633a.3(c)",
            )
        return found

    def _side(self, side: str | None, paragraph: str) -> ShoeSide:
        """The side a procedure names: required at a double shoe (`paragraph` says why that
        procedure is taken side by side), refused at a single shoe."""
        if not self.double:
            if side is not None:
                raise IllegalActionError(
                    f"this table deals from a single shoe: it has no side {side!r} (only a "
                    "double shoe has sides)",
                    paragraph="633a.3(c)",
                )
            return self.sides[SINGLE]
        if side is None:
            raise IllegalActionError(
                'a double shoe\'s sides are handled separately: name the side, "red" or "black"',
                paragraph=paragraph,
            )
        if side not in DOUBLE_SIDES:
            raise IllegalActionError(
                f'a double shoe\'s sides are "red" (hearts and diamonds) and "black" (spades '
                f"and clubs), not {side!r}",
                paragraph="633a.7(d)(1)",
            )
        return self.sides[side]

    # --- 633a.7(d): the determinant card -------------------------------------------------------

    def determinant(self, card: Card, *, drawn_from: str) -> list[Event]:
        """633a.7(d)(1): before each round at a double shoe the dealer draws a determinant card
        from either side (`drawn_from`); its suit selects the side the round is dealt from.
        633a.7(d)(2): a card that corresponds to the side it was drawn from becomes the first
        player's first card (the round's first card); one that does not goes to the segregated
        area of the side it was drawn from (it has that side's back)."""
        if not self.double:
            raise IllegalActionError(
                "a determinant card is drawn only at a double shoe (a single shoe's first card "
                "is burned, 633a.7(c))",
                paragraph="633a.7(d)",
            )
        source = self._side(drawn_from, "633a.7(d)(1)")
        self._before_determinant()
        source.take(card)
        selects = side_of(card)
        events: list[Event] = [
            DeterminantDrawn(
                pile=source.name, card=str(card), selects=selects, paragraph="633a.7(d)(1)"
            ),
            SideSelected(pile=source.name, side=selects, paragraph="633a.7(d)(1)"),
        ]
        if selects != source.name:
            source.segregated.append(card)
            events.append(
                DeterminantSegregated(pile=source.name, card=str(card), paragraph="633a.7(d)(2)")
            )
        self._determinant = Determinant(card, source.name, selects)
        self.events.extend(events)
        return events

    def _before_determinant(self) -> None:
        """What must hold before a determinant card is drawn."""
        if self._determinant is not None:
            raise IllegalActionError(
                f"this round's determinant card is drawn ({self._determinant.card} from the "
                f"{self._determinant.drawn_from} side): the round is dealt next",
                paragraph="633a.7(f)",
            )
        self._fold()
        if self.current is not None and not self.current.is_complete:
            raise IllegalActionError(
                "a round is in progress: the determinant card is drawn before the next one",
                paragraph="633a.7(d)(1)",
            )
        self._check_dealing()
        for side in self.sides.values():
            # 633a.7(d)(1): its suit may select either side, so both are in the shoe and neither
            # owes a reshuffle before this round (633a.7(e)(3)).
            if not side.in_shoe:
                raise IllegalActionError(
                    f"the {side.name} side is not in the shoe (shuffle, cut and load it): the "
                    "determinant card may select either side",
                    paragraph="633a.7(d)(1)",
                )
            if side.reshuffle_due and not side.due_after_round:
                cover = side.shuffle_reason == "cover"
                raise IllegalActionError(
                    f"the {side.name} side is reshuffled before the next round",
                    paragraph="633a.7(e)(3)" if cover else "633a.5(f)",
                )

    def deal_from(self, side: str) -> list[Event]:
        """633a.14(h): the dealer (or the card-reading shoe) says the round about to be dealt
        comes from `side` (the round's `deal` may say it too). Recorded when the round is
        dealt, as the irregularity it is when `side` is not the side selected."""
        if self._determinant is None:
            raise IllegalActionError(
                "the side a round comes from is said after its determinant card is drawn",
                paragraph="633a.14(h)" if self.double else "633a.3(c)",
            )
        self._deal_from = self._side(side, "633a.14(h)").name
        return []

    def _round_source(self, drawn_from: str | None) -> tuple[ShoeSide, Determinant | None]:
        """The side the round about to be dealt comes from, and its determinant card."""
        if not self.double:
            return self._side(drawn_from, "633a.3(c)"), None
        chosen = self._determinant
        if chosen is None:
            raise IllegalActionError(
                "at a double shoe a round is dealt after its determinant card: draw it first",
                paragraph="633a.7(d)(1)",
            )
        named = drawn_from if drawn_from is not None else self._deal_from
        return self._side(named or chosen.selects, "633a.14(h)"), chosen

    def _begin_round(self, source: ShoeSide, chosen: Determinant | None) -> Card | None:
        """The side and determinant card taken into the round being dealt; its first card."""
        for side in self.sides.values():
            side.due_after_round = False  # 633a.7(e): this round is completed, then reshuffled
        self._determinant = None
        self._deal_from = None
        self._round_side = source.name
        self._round_first = chosen if chosen is not None and chosen.matched else None
        if chosen is not None and chosen.selects != source.name:
            # 633a.14(h): a round drawn from the incorrect side is treated as if it were drawn
            # from the correct side and concluded: it is played and settled as any other. Its
            # cards still left the side they came from (their backs say so), so they count
            # against that side and go to its rack: 633a.7(e)(2) collects a side's own cards.
            self._irregularity("round_from_incorrect_side", "633a.14(h)", side=source)
        return None if self._round_first is None else self._round_first.card

    def _rack_round(self, game: DealtRound, source: ShoeSide) -> None:
        """A finished round's cards to the discard rack of the side each came from."""
        cards = list(game.discards)
        if self.double:
            for event in game.events:
                if isinstance(event, CardDiscarded) and event.paragraph == "633a.14(a)":
                    # 633a.14(a): at a double shoe a card found face up goes to the segregated
                    # area ("in the discard rack or in a segregated area of the double shoe").
                    card = Card.parse(event.card)
                    if card in cards:
                        cards.remove(card)
                        source.segregated.append(card)
            first = self._round_first
            if first is not None and first.drawn_from != source.name and first.card in cards:
                # 633a.14(h): the determinant card came from its own side; the rest did not.
                cards.remove(first.card)
                self.sides[first.drawn_from].rack.append(first.card)
        source.rack.extend(cards)

    # --- shared --------------------------------------------------------------------------------

    def _fold(self) -> list[Event]:
        raise NotImplementedError  # DealtTable's

    def _check_dealing(self) -> None:
        raise NotImplementedError  # DealtTable's

    def _record(
        self,
        step: str,
        paragraph: str,
        *,
        box: int = 0,
        position: int | None = None,
        side: ShoeSide | None = None,
    ) -> list[Event]:
        event = ProcedureRecorded(
            step=step,
            box=box,
            position=position,
            paragraph=paragraph,
            side=None if side is None else side.tag,
        )
        self.events.append(event)
        return [event]

    def _irregularity(
        self,
        what: str,
        paragraph: str,
        *,
        option: str | None = None,
        side: ShoeSide | None = None,
    ) -> list[Event]:
        event = IrregularityRecorded(
            what=what, option=option, paragraph=paragraph, side=None if side is None else side.tag
        )
        self.events.append(event)
        return [event]
