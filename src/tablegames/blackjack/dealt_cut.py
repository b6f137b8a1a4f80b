"""The cut of a dealt table's cards (633a.5(b)-(e)), side by side at a double shoe: who is
offered it (633a.5(c)), where the cover card goes (633a.5(d), on the side's own count) and the
recut a floorperson orders (633a.5(e)). `tablegames.blackjack.dealt_table.DealtTable` builds
on it."""

from __future__ import annotations

from collections.abc import Sequence

from tablegames.blackjack.dealt_sides import ShoeSide, SidedShoe
from tablegames.blackjack.events import Event
from tablegames.core.errors import IllegalActionError

# The cover card goes at least this many cards from either end of the stack (633a.5(d)).
CUT_MARGIN = 10


class CutProcedures(SidedShoe):
    """633a.5(b)-(e) (the module docstring)."""

    _first_player: int | None  # 633a.5(c)(1)

    def _offer_order(self, shoe: ShoeSide, seated: Sequence[int]) -> list[int]:
        """633a.5(c): who is offered the cut, in order. Boxes are numbered clockwise from the
        dealer's left (633a.7(f)), so the farthest to the dealer's right is the highest seated
        box, and counterclockwise from it is down the numbers. At a double shoe the cover card
        of (2) and (3) is the shuffled side's own (633a.3(c): a separate cover card each side)."""
        from_the_right = sorted(set(seated), reverse=True)
        if shoe.shuffle_reason == "beginning":
            # (1) the game just beginning: the first player to arrive at the table.
            return [] if self._first_player is None else [self._first_player]
        if shoe.shuffle_reason == "cover" and shoe.cover_card_box in from_the_right:
            # (2) the player on whose betting area the cover card appeared. (If that player
            # has left, the text is silent; the offer goes as in (3).)
            return [shoe.cover_card_box]
        # (3) the cover card on the dealer's hand, (4) a reshuffle a floorperson ordered: the
        # farthest to the dealer's right, then counterclockwise.
        return from_the_right

    def _seated(self) -> list[int]:
        last = self.current
        if last is None:
            return []
        return [wager.box for wager in last.wagers]

    def decline_cut(self, side: str | None = None) -> list[Event]:
        """633a.5(b)-(c): the player offered the cut declines; the offer passes on (or, when
        nobody is left, the dealer cuts)."""
        shoe = self._side(side, "633a.4(d)")
        self._expect(shoe, "shuffled", "decline the cut", "633a.5(b)")
        if not shoe.cut_offers:
            raise IllegalActionError("no player is being offered the cut", paragraph="633a.5(b)")
        declined = shoe.cut_offers.pop(0)
        events = self._record("cut_declined", "633a.5(c)", box=declined, side=shoe)
        if shoe.cut_offers:
            events += self._record("cut_offered", "633a.5(c)", box=shoe.cut_offers[0], side=shoe)
        return events

    def cut(
        self,
        *,
        position: int | None = None,
        cover_from_bottom: int | None = None,
        side: str | None = None,
    ) -> list[Event]:
        """633a.5(b), (d): the cut, by the player offered it (or the dealer when nobody
        accepted), the cover card at least ten cards from either end (`position`: cards above
        it), the top part moved to the bottom, then the cover card at least a quarter of the way
        in from the bottom (`cover_from_bottom`: cards behind it). At a double shoe each side is
        cut with its own cover card (633a.3(c)), the distances on that side's cards."""
        shoe = self._side(side, "633a.3(c)")
        if shoe.step not in ("shuffled", "cut"):
            raise IllegalActionError(
                "the cards are cut after they are shuffled and stacked", paragraph="633a.5(b)"
            )
        if shoe.step == "cut":
            raise IllegalActionError(
                "the cards are cut; a floorperson may order a recut", paragraph="633a.5(e)"
            )
        return self._cut(shoe, position, cover_from_bottom, "cards_cut", "633a.5(d)")

    def recut(
        self,
        *,
        position: int | None = None,
        cover_from_bottom: int | None = None,
        side: str | None = None,
    ) -> list[Event]:
        """633a.5(e): a floorperson finds the cut improper and orders a recut, before the cards
        go into the shoe, by the player who cut or the next one entitled to."""
        shoe = self._side(side, "633a.3(c)")
        if shoe.step != "cut":
            raise IllegalActionError(
                "a recut is ordered after the cut and before the cards go into the shoe",
                paragraph="633a.5(e)",
            )
        return self._cut(shoe, position, cover_from_bottom, "cards_recut", "633a.5(e)")

    def _cut(
        self,
        shoe: ShoeSide,
        position: int | None,
        behind: int | None,
        step: str,
        paragraph: str,
    ) -> list[Event]:
        cards = shoe.count
        if position is not None and not CUT_MARGIN <= position <= cards - CUT_MARGIN:
            raise IllegalActionError(
                f"the cut is {position} cards from the top of {cards}: it must be at least "
                f"{CUT_MARGIN} from the top and from the bottom",
                paragraph="633a.5(d)",
            )
        if behind is not None and not cards / 4 <= behind <= cards:
            raise IllegalActionError(
                f"the cover card has {behind} cards behind it of {cards}: at least a quarter "
                "of the way in from the bottom",
                paragraph="633a.5(d)",
            )
        by = shoe.cut_offers[0] if shoe.cut_offers else 0  # 0: the dealer cuts
        shoe.step = "cut"
        events = self._record(step, paragraph, box=by, position=position, side=shoe)
        if behind is not None:
            events += self._record(
                "cover_card_inserted", "633a.5(d)", position=cards - behind, side=shoe
            )
        return events

    def _expect(self, shoe: ShoeSide, step: str, what: str, paragraph: str) -> None:
        if shoe.step != step:
            raise IllegalActionError(
                f"cannot {what} now (last step: {shoe.step or 'none'})", paragraph=paragraph
            )
