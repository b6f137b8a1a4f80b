"""A dealt Blackjack table: the dealer's procedures from the cards' arrival to the reshuffle
(633a.4, 633a.5, 633a.7(a)-(e)) and the irregularities around the rounds (633a.14(d), (f), (k)-
(m)), for a table where a person deals real cards and the software is told each one.

The table keeps what the software can know without seeing the shuffle: which cards the shoe
still holds (`holds`: every card of the decks less those dealt since the shuffle, so a card the
shoe cannot hold any more is refused) and the discard rack. Its stream (`events`) holds every
procedure step (`ProcedureRecorded`), every irregularity (`IrregularityRecorded`) and each
round's events (`tablegames.blackjack.dealt.DealtRound`).

The procedure is checked step by step, each refusal naming the paragraph:
- opening (633a.4): the cards are received and inspected by the dealer, the inspection
  verified by the floorperson ((a)), spread face up for the first player ((b)), washed and
  stacked ((c)); decks preinspected and preshuffled under 603a.16(u) or (v) skip all of it
  ((f)) and the shuffle (633a.5(a));
- the shuffle (633a.5(a)), the cut offered in the order of 633a.5(c)(1)-(4) and taken by the
  dealer when nobody accepts (633a.5(b)), the cover card at least ten cards from either end and
  then at least a quarter from the bottom (633a.5(d)), a recut a floorperson orders before the
  cards go into the shoe (633a.5(e)), the stack into the shoe (633a.7(a)) and its first card
  burned (633a.7(c));
- a new dealer burns a card (633a.7(c)); the cover card out means a reshuffle after the round
  (633a.7(e)), as does a floorperson's order (633a.5(f)); an idle table's cards are spread
  and inspected before they are shuffled again (633a.5(g)).
A continuous shuffler (633a.5(h)) takes each round's cards back, so the shoe holds every card
again after each round; (b)-(g) of 633a.5 do not apply to it.

A double shoe (633a.3(c)) has two sides, "red" and "black" (`tablegames.blackjack.
dealt_sides`), each with its own count, rack, segregated area, cover card and procedure: every
procedure that handles cards names its `side` there (and is refused a side at a single shoe):
- 633a.4(d): each side inspected, spread and washed separately; shuffled, cut (633a.5(d)'s
  distances on that side's count) and loaded separately; 633a.7(d) replaces (c): no burn card;
- 633a.7(d)(1)-(2): before each round a determinant card from either side (`determinant`): its
  suit selects the side the round is dealt from; a card of the side it was drawn from is the
  first player's first card, another goes to that side's segregated area; no round without it;
- 633a.14(h): a round dealt from the other side (`deal(..., drawn_from=side)` or `deal_from`)
  is recorded, played and settled as usual; its cards count against the side they came from;
- 633a.7(e)(2)-(3): a side's cover card: the round is completed, then that side alone is
  collected (its shoe, segregated area and rack) and reshuffled; the other side deals on;
- 633a.14(a): a card found face up goes to the side's segregated area; 633a.14(f): a refill
  takes the side's rack and segregated area.
The cut (633a.5(b)-(e)) is `tablegames.blackjack.dealt_cut`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, date, datetime, timedelta

from tablegames.blackjack.actions import Action
from tablegames.blackjack.dealt import DealtRound
from tablegames.blackjack.dealt_cut import CutProcedures
from tablegames.blackjack.dealt_sides import ShoeSide
from tablegames.blackjack.events import CardDiscarded, Event
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.shoe_steps import CardBurned
from tablegames.blackjack.sidebook import Selections
from tablegames.blackjack.variation import variation_of
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card
from tablegames.core.errors import IllegalActionError
from tablegames.core.views import HOUSE


class DealtTable(CutProcedures):
    """A table dealt by a person. `reader_shows_value`: whether the card reader in use lets a
    player learn the hole card's value (633a.14(j)); `preinspected`: the decks come
    preinspected and preshuffled (633a.4(f), 603a.16(u)-(v))."""

    def __init__(
        self,
        rules: Rules,
        *,
        reader_shows_value: bool = True,
        preinspected: bool = False,
        now: Callable[[], datetime] | None = None,
        gaming_day_starts: timedelta = timedelta(0),
    ) -> None:
        super().__init__(rules)
        self.reader_shows_value = reader_shows_value
        self.preinspected = preinspected
        self.current = None
        # 633a.13(j)(2), 633a.13(l)(2): the progressive meters carry from round to round.
        self.meters: dict[str, int] = {}
        self._rounds_logged = 0  # events of `current` already in the stream
        # The per-side state (count, rack, procedure step, reshuffle due and why, cut offers,
        # carried card) is each `ShoeSide`'s (tablegames.blackjack.dealt_sides).
        self._burn_due = False  # 633a.7(c): a burn before the next card to a player
        self._burn_paragraph = "633a.7(c)"  # 633a.12(b)(5) for the hand-dealt round's burn
        self._first_player: int | None = None  # 633a.5(c)(1)
        self._folded = True  # the current round's end has been taken into the table
        self._refill_side: ShoeSide | None = None  # 633a.14(f): its first card is burned next
        self._reader_down = False  # 633a.14(k)
        self._shuffler_out = False  # 633a.14(m): out of order, not yet covered
        self._shuffler_covered = False
        self._continuous = rules.shoe == "continuous_shuffler"
        # 633a.2(f), 633a.3(d): the house clock, and when the gaming day begins after midnight.
        self._now = now or (lambda: datetime.now(UTC))
        self._day_starts = gaming_day_starts
        self._reader_inspected: date | None = None
        self._cards_since: datetime | None = None

    # --- reading -------------------------------------------------------------------------------

    @property
    def ready(self) -> bool:
        """Whether a round may be dealt now (at a double shoe: its determinant card drawn
        next, both sides in the shoe)."""
        in_shoe = all(side.in_shoe for side in self.sides.values())
        return in_shoe and not self._reader_down and self._round_over()

    def _round_over(self) -> bool:
        return self.current is None or self.current.is_complete

    # --- 633a.2(f), 633a.3(d): the reader's daily inspection and the age of the decks ---------

    def gaming_day(self) -> date:
        """The gaming day the house clock is in (it begins `gaming_day_starts` after midnight)."""
        return (self._now() - self._day_starts).date()

    def inspect_reader(self) -> list[Event]:
        """633a.2(f): the floorperson inspects the card reader for tampering and working order
        at the beginning of each gaming day."""
        self._reader_inspected = self.gaming_day()
        return self._record("card_reader_inspected", "633a.2(f)")

    def _decks_expire(self) -> timedelta:
        # 633a.3(d): decks changed at least every 24 hours; every 4 dealt from the hand.
        return timedelta(hours=variation_of(self.rules).decks_changed_within_hours)

    # --- 633a.4: opening the table -------------------------------------------------------------

    def receive_cards(self) -> list[Event]:
        """New decks arrive at the table: every card of them is in play, none yet dealt. At a
        double shoe both sides' decks arrive together (633a.3(d) changes the table's decks);
        from the inspection on each side is handled separately (633a.4(d))."""
        self._between_rounds("receive cards", new_decks=True)
        for side in self.sides.values():
            self._new_cards(side)
            # 633a.4(f): preinspected and preshuffled decks (603a.16(u)-(v)) skip (a)-(e) and
            # the shuffle of 633a.5(a).
            side.step = "shuffled" if self.preinspected else "cards_received"
        # A determinant card drawn from the old decks goes with them, and the side said for it.
        self._determinant = None
        self._deal_from = None
        self._cards_since = self._now()
        if self.preinspected:
            return self._record("cards_received_preshuffled", "633a.4(f)")
        return self._record("cards_received", "603a.16")

    def inspect(self, side: str | None = None) -> list[Event]:
        """633a.4(a): the dealer inspects the cards for defects; the floorperson verifies it.
        At a double shoe each side's decks separately (`side`, 633a.4(d))."""
        shoe = self._side(side, "633a.4(d)")
        self._expect(shoe, "cards_received", "inspect the cards", "633a.4(a)")
        shoe.step = "cards_inspected"
        return self._record("cards_inspected", "633a.4(a)", side=shoe)

    def spread(self, box: int | None = None, side: str | None = None) -> list[Event]:
        """633a.4(b): spread face up for the first player to arrive (`box`), by deck, suit and
        sequence; 633a.4(d): at a double shoe each side's decks apart from the other's. 633a.5(g):
        an idle table's cards are spread too (face down unless a player asks for them face up)
        before they are washed and shuffled again."""
        shoe = self._side(side, "633a.4(d)")
        if shoe.step == "cards_inspected":
            shoe.step = "cards_spread"
            if box is not None:
                self._first_player = box
            return self._record("cards_spread", "633a.4(b)", box=box or 0, side=shoe)
        if shoe.step != "dealing":
            raise IllegalActionError(
                f"cannot spread the cards now (last step: {shoe.step or 'none'}): new cards "
                "are inspected first",
                paragraph="633a.4(a)",
            )
        self._between_rounds("spread the cards of an idle table")
        # 633a.5(g): no gaming activity: the cards come out of the shoe and the rack.
        self._new_cards(shoe)
        shoe.step = "cards_spread"
        if box is not None:
            self._first_player = box
        return self._record("idle_cards_spread", "633a.5(g)", box=box or 0, side=shoe)

    def wash(self, side: str | None = None) -> list[Event]:
        """633a.4(c): turned face down, washed and stacked, ready for the shuffle; 633a.4(d): at
        a double shoe each side separately."""
        shoe = self._side(side, "633a.4(d)")
        self._expect(shoe, "cards_spread", "wash the cards", "633a.4(c)")
        shoe.step = "cards_washed"
        return self._record("cards_washed", "633a.4(c)", side=shoe)

    # --- 633a.5: the shuffle and the cut -------------------------------------------------------

    def _new_cards(self, side: ShoeSide) -> None:
        """Every card of a side back in one stack (new decks, or an idle table's, 633a.5(g))."""
        side.collect()
        side.shuffle_reason = "beginning"

    def shuffle(
        self,
        *,
        method: str = "manual",
        seated: Sequence[int] | None = None,
        side: str | None = None,
    ) -> list[Event]:
        """633a.5(a): the cards shuffled, manually or by an automated shuffler, and stacked.
        After the first shuffle the cards come from the rack and the shoe (633a.7(e)(1)).
        `seated`: the boxes with players, for the cut's offer (633a.5(c)); by default the
        boxes of the last round. At a double shoe one `side` (633a.4(d); after its cover card,
        633a.7(e)(3): that side alone, its shoe, segregated area and rack, 633a.7(e)(2))."""
        shoe = self._side(side, "633a.7(e)(3)")
        self._between_rounds("shuffle")
        if method not in ("manual", "automated"):
            raise IllegalActionError(
                f'the shuffle is "manual" or "automated", not {method!r}', paragraph="633a.5(a)"
            )
        if shoe.step not in ("cards_washed", "dealing", "shuffled", "cut", "jammed"):
            raise IllegalActionError(
                f"the cards are not ready to shuffle (last step: {shoe.step or 'none'}): "
                "receive, inspect, spread and wash them first",
                paragraph="633a.4(c)",
            )
        if (
            method == "manual"
            and variation_of(self.rules).needs_shuffling_device
            and not self._shuffler_out
        ):
            # 633a.12(b)(2); when the device is out of order, 633a.14(m) lets another method be
            # used once it is covered or signed.
            raise IllegalActionError(
                "dealt from the hand, the cards are shuffled by an automated shuffling device",
                paragraph="633a.12(b)(2)",
            )
        if method == "manual" and self._shuffler_out and not self._shuffler_covered:
            raise IllegalActionError(
                "the automated shuffler is out of order: it must be covered or signed out of "
                "order before the cards are shuffled another way",
                paragraph="633a.14(m)",
            )
        if method == "automated" and self._shuffler_out:
            raise IllegalActionError(
                "the automated shuffler is out of order", paragraph="633a.14(m)"
            )
        shoe.collect()
        shoe.reshuffle_due = False
        shoe.step = "shuffled"
        shoe.cut_offers = self._offer_order(shoe, self._seated() if seated is None else seated)
        events = self._record(f"cards_shuffled_{method}", "633a.5(a)", side=shoe)
        if shoe.cut_offers:
            events += self._record("cut_offered", "633a.5(b)", box=shoe.cut_offers[0], side=shoe)
        return events

    def shuffler_jammed(self, side: str | None = None) -> list[Event]:
        """633a.14(l): the shuffler jammed, stopped or did not complete its cycle: the cards are
        shuffled again before any is dealt (at a double shoe, the `side` it was shuffling)."""
        shoe = self._side(side, "633a.14(l)")
        self._between_rounds("record a shuffler jam")
        shoe.in_shoe = False
        shoe.step = "jammed"
        return self._irregularity("shuffler_jammed", "633a.14(l)", side=shoe)

    def shuffler_out_of_order(self) -> list[Event]:
        """633a.14(m): the shuffler malfunctioned and cannot be used."""
        self._shuffler_out = True
        self._shuffler_covered = False
        return self._irregularity("shuffler_out_of_order", "633a.14(m)")

    def shuffler_covered(self) -> list[Event]:
        """633a.14(m): the broken shuffler covered or signed out of order."""
        if not self._shuffler_out:
            raise IllegalActionError("no shuffler is out of order", paragraph="633a.14(m)")
        self._shuffler_covered = True
        return self._irregularity("shuffler_covered", "633a.14(m)")

    def load_shoe(self, side: str | None = None) -> list[Event]:
        """633a.7(a): the stacked cards into the dealing shoe; its first card is burned next
        (633a.7(c)). 633a.7(d): at a double shoe (each `side` loaded in turn) no card is
        burned: the determinant card of 633a.7(d) is drawn "in lieu of" subsection (c)."""
        shoe = self._side(side, "633a.3(c)")
        if shoe.step != "cut" and not (self._continuous and shoe.step == "shuffled"):
            raise IllegalActionError(
                "the cards go into the shoe once shuffled and cut", paragraph="633a.7(a)"
            )
        shoe.step = "dealing"
        shoe.in_shoe = True
        self._burn_due = not self._continuous and not self.double
        return self._record("shoe_loaded", "633a.7(a)", side=shoe)

    def burn(self, card: Card) -> list[Event]:
        """633a.7(c): the first card after the stack goes into the shoe, or a new dealer's first
        card, face down to the discard rack."""
        self._between_rounds("burn a card")
        if self.double:
            raise IllegalActionError(
                "a double shoe burns no card: its determinant card is drawn in lieu of the burn "
                "card of 633a.7(c)",
                paragraph="633a.7(d)",
            )
        if not self._burn_due:
            raise IllegalActionError(
                "a card is burned after each full batch goes into the shoe, by each new dealer "
                "and, dealt from the hand, before each round (633a.12(b)(5))",
                paragraph="633a.7(c)",
            )
        return self._burned(self.sides["shoe"], card, self._burn_paragraph)

    def _burned(self, shoe: ShoeSide, card: Card, paragraph: str) -> list[Event]:
        shoe.take(card)
        shoe.rack.append(card)
        self._burn_due = False
        self._burn_paragraph = "633a.7(c)"
        event = CardBurned(card=str(card), pile=shoe.tag, paragraph=paragraph, seen_by=HOUSE)
        self.events.append(event)
        return [event]

    def change_dealer(self) -> list[Event]:
        """633a.7(c): a new dealer burns one card before dealing to the players; 633a.7(d): not
        at a double shoe, where the determinant card replaces the burn card."""
        self._between_rounds("change dealers")
        if self.double:
            return self._record("dealer_changed", "633a.7(d)")
        self._burn_due = self.sides["shoe"].in_shoe and not self._continuous
        return self._record("dealer_changed", "633a.7(c)")

    def order_reshuffle(self, side: str | None = None) -> list[Event]:
        """633a.5(f): a floorperson directs a reshuffle after the round (at a double shoe, of
        one `side`: 633a.7(e)(3) limits a shuffle to a side)."""
        shoe = self._side(side, "633a.7(e)(3)")
        shoe.reshuffle_due = True
        shoe.shuffle_reason = "floor"
        if self._determinant is not None:
            shoe.due_after_round = True  # its round has begun with the determinant card
        return self._record("reshuffle_ordered", "633a.5(f)", side=shoe)

    def cover_card_reached(self, box: int = 0, side: str | None = None) -> list[Event]:
        """633a.7(e): the cover card came out (on `box`'s betting area, or 0 the dealer's hand
        or as the first card before the round): the round is completed (the one about to be
        dealt, when it came out before it), then the cards are reshuffled. At a double shoe the
        cover card of one `side` (633a.7(e)(2)-(3): that side alone is reshuffled); during a
        round, of the side the round is dealt from; before one, of either (drawing the
        determinant card from a side may bring out its cover card)."""
        shoe = self._side(side, "633a.7(e)(2)")
        if self._continuous:
            raise IllegalActionError(
                "a continuous shuffler has no cover card", paragraph="633a.5(h)"
            )
        self._fold()
        game = self.current
        playing = game is not None and not game.is_complete
        boxes = {wager.box for wager in game.wagers} if playing and game is not None else set()
        if box and box not in boxes:
            raise IllegalActionError(
                f"box {box} has no wager in a round in progress: the cover card appears on a "
                "player's betting area during a round, or is the dealer's (box 0)",
                paragraph="633a.5(c)(2)",
            )
        if playing and shoe.name != self._round_side:
            raise IllegalActionError(
                f"the round is dealt from the {self._round_side} side: the {shoe.name} side's "
                "cover card does not come out during it",
                paragraph="633a.7(e)(2)",
            )
        if not playing:
            if not shoe.in_shoe or shoe.reshuffle_due:
                raise IllegalActionError(
                    "no shoe is being dealt: the cover card comes out of a shoe in play",
                    paragraph="633a.7(e)",
                )
            shoe.due_after_round = True
        shoe.reshuffle_due = True
        shoe.shuffle_reason = "cover"
        shoe.cover_card_box = box
        return self._record("cover_card_reached", "633a.7(e)", box=box, side=shoe)

    # --- rounds --------------------------------------------------------------------------------

    def deal(
        self,
        wagers: Sequence[BoxWager],
        *,
        selections: Selections | None = None,
        drawn_from: str | None = None,
    ) -> DealtRound:
        """Start a round: from here the dealer's cards go to `current`. At a double shoe after
        its determinant card (633a.7(d)(1)), from the side it selected unless `drawn_from` (or
        `deal_from`) names the side the cards actually come from (633a.14(h))."""
        self._fold()
        self._check_dealing()
        source, chosen = self._round_source(drawn_from)
        if source.reshuffle_due and not source.due_after_round:
            raise IllegalActionError(
                "the cards are reshuffled before the next round",
                paragraph="633a.7(e)" if source.shuffle_reason == "cover" else "633a.5(f)",
            )
        if not source.in_shoe:
            raise IllegalActionError(
                "the cards are not in the shoe: shuffle, cut and load them",
                paragraph="633a.7(a)",
            )
        if self._burn_due:
            raise IllegalActionError("a card is burned first", paragraph=self._burn_paragraph)
        first = self._begin_round(source, chosen)
        self.current = DealtRound(
            rules=self.rules,
            wagers=list(wagers),
            holds=source.holds,
            reader_shows_value=self.reader_shows_value,
            meters=self.meters or None,
            selections=selections,
            carried=source.carried,
            first=first,
            decks=source.decks,
        )
        source.carried = []
        self._rounds_logged = 0
        self._folded = False
        self._fold()
        return self.current

    def _check_dealing(self) -> None:
        """What a round (and at a double shoe its determinant card) waits for."""
        if self._reader_down:
            raise IllegalActionError(
                "the card reader is out of order: no round is dealt until it is repaired or "
                "replaced",
                paragraph="633a.14(k)",
            )
        if not self._round_over():
            raise IllegalActionError("a round is in progress")
        if self._reader_inspected != self.gaming_day():
            raise IllegalActionError(
                "the card reader has not been inspected this gaming day",
                paragraph="633a.2(f)",
            )
        if self._cards_since is not None and self._now() - self._cards_since > self._decks_expire():
            hours = int(self._decks_expire().total_seconds() // 3600)
            raise IllegalActionError(
                f"the decks have been in use more than {hours} hours: change them",
                paragraph="633a.3(d)",
            )

    def sync(self) -> list[Event]:
        """Bring the current round's new events into the stream; the cards go to the rack (or
        back into a continuous shuffler) when it ends."""
        return self._fold()

    def _fold(self) -> list[Event]:
        game = self.current
        if game is None:
            return []
        if self._folded:
            return []
        new = game.events[self._rounds_logged :]
        self.events.extend(new)
        self._rounds_logged += len(new)
        source = self.sides[self._round_side]
        source.holds = game.holds  # the round's count of its side, kept as it deals
        if game.is_complete:
            self._folded = True
            if variation_of(self.rules).burns_before_each_round and not self._continuous:
                # 633a.12(b)(5): dealt from the hand, a card is burned before each round.
                self._burn_due = True
                self._burn_paragraph = "633a.12(b)(5)"
            self.meters = dict(game.game.side.meters)
            source.carried = game.unused  # 633a.14(b): still the next card from the shoe
            if self._continuous:
                # 633a.5(h): the device takes the round's cards back and shuffles them in.
                source.holds.update(game.discards)
            else:
                self._rack_round(game, source)
        return new

    # --- irregularities around the rounds (633a.14) --------------------------------------------

    def dealer_drew_on_17(self, card: Card) -> list[Event]:
        """633a.14(d): the dealer had 17 or more and drew a card by accident: it goes to the
        discard rack. Only after a round whose dealer stood on 17 or more. At a double shoe the
        card came from the side that round was dealt from, and goes to that side's rack."""
        self._fold()
        game = self.current
        total = None if game is None or not game.is_complete else game.game.dealer_points.total
        if total is None or not 17 <= total <= 21:
            raise IllegalActionError(
                "633a.14(d) is a card drawn by a dealer who stood on 17 to 21 in the round just "
                "completed",
                paragraph="633a.14(d)",
            )
        source = self.sides[self._round_side]
        source.take(card)
        source.rack.append(card)
        events = self._irregularity("dealer_drew_on_17", "633a.14(d)", side=source)
        discarded = CardDiscarded(
            card=str(card), reason="drawn by the dealer on 17 or more", paragraph="633a.14(d)"
        )
        self.events.append(discarded)
        return [*events, discarded]

    def refill_from_rack(self, side: str | None = None) -> list[Event]:
        """633a.14(f): too few cards left to complete the round: the discard rack is shuffled
        and cut (633a.5) and its first card burned face down before the round goes on. At a
        double shoe, of one `side` (during a round, the side it is dealt from): "all of the
        cards in the discard rack or in a segregated area of the double shoe", read as that
        side's rack and segregated area together, since only cards with its backs may go back
        into it (633a.3(c))."""
        shoe = self._side(side, "633a.14(f)")
        self._fold()
        game = self.current
        if game is not None and not game.is_complete and shoe.name != self._round_side:
            raise IllegalActionError(
                f"the round is dealt from the {self._round_side} side: that side is refilled",
                paragraph="633a.14(f)",
            )
        if not shoe.rack and not shoe.segregated:
            raise IllegalActionError("the discard rack is empty", paragraph="633a.14(f)")
        shoe.holds.update(shoe.rack)  # the round's own count when one is in progress
        shoe.holds.update(shoe.segregated)
        shoe.rack = []
        shoe.segregated = []
        self._refill_side = shoe
        return self._irregularity("shoe_refilled", "633a.14(f)", side=shoe)

    def burn_refill(self, card: Card) -> list[Event]:
        """633a.14(f): the first card after the refill, face down to the discard rack (at a
        double shoe too: 633a.7(d) replaces only the burn of 633a.7(c))."""
        shoe = self._refill_side
        if shoe is None:
            raise IllegalActionError(
                "no refill from the discard rack is waiting for its burn card",
                paragraph="633a.14(f)",
            )
        self._refill_side = None
        return self._burned(shoe, card, "633a.14(f)")

    def reader_malfunction(self) -> list[Event]:
        """633a.14(k): the card reader malfunctioned: the game stops at this table until it is
        repaired or replaced (no card is dealt, no round started)."""
        self._reader_down = True
        return self._irregularity("card_reader_malfunction", "633a.14(k)")

    def reader_restored(self, how: str) -> list[Event]:
        """633a.14(k): the card reader `how` "repaired" or "replaced"."""
        if how not in ("repaired", "replaced"):
            raise IllegalActionError(
                f'the card reader is "repaired" or "replaced", not {how!r}',
                paragraph="633a.14(k)",
            )
        if not self._reader_down:
            raise IllegalActionError("the card reader is working", paragraph="633a.14(k)")
        self._reader_down = False
        return self._irregularity("card_reader_restored", "633a.14(k)", option=how)

    # --- the round's inputs, through the table (633a.14(f), (k) hold them up) ------------------

    def card(self, card: Card, *, face_up: bool) -> list[Event]:
        """The awaited card, as it left the shoe."""
        return self._round_input(lambda game: game.deal(card, face_up=face_up))

    def found_face_up(self, card: Card) -> list[Event]:
        """633a.14(a)."""
        return self._round_input(lambda game: game.found_face_up(card))

    def drawn_in_error(self, card: Card) -> list[Event]:
        """633a.14(b)."""
        return self._round_input(lambda game: game.drawn_in_error(card))

    def exposed(self, card: Card) -> list[Event]:
        """633a.14(c)."""
        return self._round_input(lambda game: game.exposed(card))

    def not_dealt(self, option: str) -> list[Event]:
        """633a.14(e), (g), (i)."""
        return self._round_input(lambda game: game.not_dealt(option))

    def hole_card_read(self) -> list[Event]:
        """633a.14(j)."""
        return self._round_input(lambda game: game.hole_card_read())

    def act(
        self, box: int, action: Action, amount: int | None = None, *, hand: int | None = None
    ) -> list[Event]:
        """A player's decision."""
        return self._round_input(lambda game: game.act(box, action, amount, hand=hand))

    def _round_input(self, step: Callable[[DealtRound], object]) -> list[Event]:
        self._fold()
        game = self.current
        if game is None or game.is_complete:
            raise IllegalActionError("no round is in progress: deal one first")
        if self._reader_down:
            raise IllegalActionError(
                "the card reader is out of order: the dealer may not continue until it is "
                "repaired or replaced",
                paragraph="633a.14(k)",
            )
        if self._refill_side is not None:
            raise IllegalActionError(
                "the first card after the refill is burned face down first",
                paragraph="633a.14(f)",
            )
        step(game)
        return self._fold()

    # --- shared --------------------------------------------------------------------------------

    def _between_rounds(self, what: str, *, new_decks: bool = False) -> None:
        self._fold()
        if not self._round_over():
            raise IllegalActionError(f"cannot {what} during a round")
        if self._determinant is not None and not new_decks:
            # 633a.7(f): the deal follows the determinant card "immediately".
            raise IllegalActionError(
                f"cannot {what}: the determinant card is drawn and the round is dealt next",
                paragraph="633a.7(f)",
            )
