"""The dealer's side of a round: the check for Blackjack (633a.7(h)), the hole card and the
dealer's hand (633a.7(l)-(n)), and settlement (633a.7(o)-(r)). A mixin of `Round`, kept apart
so that the player's decisions and the dealer's procedure each read as one concern."""

from __future__ import annotations

from tablegames.blackjack import settlement, variants
from tablegames.blackjack.events import (
    EVERYONE,
    HOUSE,
    CardDealt,
    DealerChecked,
    DealerCompleted,
    Event,
    HoleCardRevealed,
    RoundCompleted,
    WagerSettled,
)
from tablegames.blackjack.hand import dealer_must_draw, is_blackjack, points
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sidebook import SideBook
from tablegames.blackjack.state import BoxState, HandState, HandStatus, Settlement
from tablegames.core.cards import Card
from tablegames.core.cardsource import CardSource


class DealerProcedure:
    rules: Rules
    shoe: CardSource
    events: list[Event]
    boxes: list[BoxState]
    dealer_cards: list[Card]
    side: SideBook
    hole_revealed: bool
    dealer_checked: bool
    _cards_handed_back: bool

    def _mark_complete(self) -> None:
        raise NotImplementedError

    def table_cards(self) -> list[Card]:
        raise NotImplementedError

    @property
    def dealer_has_blackjack(self) -> bool:
        return is_blackjack(self.dealer_cards, from_split=False)

    def _up_card_ace_or_ten(self) -> bool:
        up = self.dealer_cards[0]
        return up.is_ace or up.is_ten_value

    # --- 633a.7(h): the check ----------------------------------------------------------------

    def _check_for_blackjack(self) -> bool:
        """633a.7(h): the card reader checks the hole card; True if that ended the round."""
        if not (self._up_card_ace_or_ten() and self.rules.dealer_peeks):
            return False
        self.dealer_checked = True
        self._log(DealerChecked(blackjack=self.dealer_has_blackjack, paragraph="633a.7(h)"))
        if self.dealer_has_blackjack:
            # 633a.7(h): no more cards; the Blackjack and Insurance Wagers are settled now.
            self._reveal_hole_card("633a.7(h)")
            self._settle_against_dealer_blackjack()
            self._finish()
            return True
        # 633a.7(g)(1)(i), (g)(6)(i): a held-back pair is paid before any other card.
        self._emit(self.side.settle_pairs(self.dealer_cards, dealer_blackjack=False))
        # 633a.8(d): losing Insurance Wagers are collected once no Blackjack is found.
        self._emit(
            [
                Settlement.insurance(box, won=False, paragraph="633a.8(d)")
                for box in self.boxes
                if box.insurance
            ]
        )
        for box in self.boxes:
            box.insurance = 0
        return False

    # --- 633a.7(l)-(n): the dealer's hand -------------------------------------------------------

    def _play_dealer(self) -> None:
        self._reveal_hole_card("633a.7(l)")
        dealer_blackjack = self.dealer_has_blackjack
        if not self.dealer_checked:
            # Without a check (non-PA) the held-back pairs wait for the hole card.
            self._emit(self.side.settle_pairs(self.dealer_cards, dealer_blackjack=dealer_blackjack))
        # 633a.9(a)(2): a surrender against an ace or ten is settled when the hole card shows.
        surrendered = self._hands_with(HandStatus.SURRENDERED)
        self._emit(
            [
                settlement.surrendered(
                    box, index, hand, dealer_blackjack=dealer_blackjack, paragraph="633a.9(a)(2)"
                )
                for box, index, hand in surrendered
            ]
        )
        for _, _, hand in surrendered:
            hand.status = HandStatus.SETTLED
        if not self.dealer_checked:
            # Without a check (non-PA what-if) insurance is settled when the hole card shows.
            paragraph = "633a.8(c)" if dealer_blackjack else "633a.8(d)"
            self._emit(
                [
                    Settlement.insurance(box, won=dealer_blackjack, paragraph=paragraph)
                    for box in self.boxes
                    if box.insurance
                ]
            )
        live = self._hands_with(HandStatus.STOOD) or self._hands_with(HandStatus.DOUBLED)
        if self.rules.variant == "blackjack_switch":
            # 633a.12(a)(5)(i), (v): a Switch Blackjack is paid by the dealer's final hand.
            live = live or self._hands_with(HandStatus.BLACKJACK)
        if not (live or self.side.depends_on_dealer()):
            # 633a.7(n): nothing the dealer could draw would change the outcome.
            self._log(
                DealerCompleted(
                    total=points(self.dealer_cards).total,
                    reason="nothing depends on the dealer's hand",
                    paragraph="633a.7(n)",
                )
            )
            return
        while dealer_must_draw(self.dealer_cards, hits_soft_17=self.rules.dealer_hits_soft_17):
            self._deal_dealer(face_up=True, paragraph="633a.7(l)")
        total = points(self.dealer_cards).total
        reason = "busted" if total > 21 else "stands"
        self._log(DealerCompleted(total=total, reason=reason, paragraph="633a.7(m)"))

    # --- 633a.7(o)-(r): settlement -----------------------------------------------------------

    def _settle_remaining(self) -> None:
        # 633b.16(h): EZ Bust before the Blackjack Wagers; 633a.7(o): Bad Beat and Hit and Run.
        self._emit(self.side.settle_ez_bust(self.dealer_cards))
        self._emit(self.side.settle_final(self.dealer_cards))
        if self.dealer_has_blackjack:
            self._settle_against_dealer_blackjack()
            return
        dealer_total = points(self.dealer_cards).total
        settlements = []
        for box, index, hand in self._all_hands():
            if hand.status is HandStatus.BLACKJACK:
                # 633a.7(i)(1)(ii), 633a.7(p): paid once the hole card shows no Blackjack.
                settlements.append(
                    variants.natural_against_final_hand(
                        self.rules, box, index, hand, self.dealer_cards
                    )
                )
            elif hand.status is HandStatus.BUSTED:
                settlements.append(settlement.busted(box, index, hand))
            elif hand.status in (HandStatus.STOOD, HandStatus.DOUBLED):
                special = variants.switch_rule_for_total(
                    self.rules, box, index, hand, self.dealer_cards
                )
                settlements.append(
                    special or settlement.against_total(box, index, hand, dealer_total)
                )
        self._emit(settlements)

    def _settle_against_dealer_blackjack(self) -> None:
        if self.dealer_checked:
            # 633a.7(h): the Bad Beat and Hit and Run wagers are settled with the rest.
            self._emit(self.side.settle_final(self.dealer_cards))
        # 633a.7(g)(1)(ii), (g)(6)(ii): a held-back pair is paid as the Blackjack Wager is
        # collected.
        settlements = self.side.settle_pairs(self.dealer_cards, dealer_blackjack=True)
        for box in self.boxes:
            if box.insurance and self.dealer_checked:
                # 633a.8(c), 633a.13(b): the Insurance Wager wins 2 to 1.
                settlements.append(Settlement.insurance(box, won=True, paragraph="633a.13(b)"))
            settlements += settlement.against_dealer_blackjack(
                box,
                self.rules,
                checked=self.dealer_checked,
                tie_pays=variants.tie_blackjack_pays(self.rules, box),
            )
            for hand in box.hands:
                hand.status = HandStatus.SETTLED
        self._emit(settlements)

    def _finish(self) -> None:
        self._mark_complete()
        self._log(RoundCompleted(paragraph="633a.7(s)"))
        # 633a.7(s): the cards go to the discard rack in an order that allows reconstruction.
        self.shoe.end_round(self.table_cards())
        self._cards_handed_back = True

    # --- shared steps --------------------------------------------------------------------------

    def _log(self, event: Event) -> None:
        self.events.append(event)

    def _deal_dealer(self, *, face_up: bool, paragraph: str) -> None:
        card = self.shoe.draw()
        self.dealer_cards.append(card)
        self._log(
            CardDealt(
                card=str(card),
                to="dealer",
                box=0,
                hand=0,
                face_up=face_up,
                # 633a.7(f)(4), (h): the hole card is exposed to no one at the table, the dealer
                # included, until it is turned over (633a.7(l), HoleCardRevealed).
                seen_by=EVERYONE if face_up else HOUSE,
                paragraph=paragraph,
            )
        )

    def _reveal_hole_card(self, paragraph: str) -> None:
        if self.hole_revealed:
            return
        self.hole_revealed = True
        self._log(
            HoleCardRevealed(
                card=str(self.dealer_cards[1]),
                total=points(self.dealer_cards).total,
                paragraph=paragraph,
            )
        )
        # 633a.7(g)(4): a Royal Match against a K or Q is settled once the hole card shows.
        self._emit(self.side.settle_royal_matches(self.dealer_cards))

    def _all_hands(self) -> list[tuple[BoxState, int, HandState]]:
        return [(box, index, hand) for box in self.boxes for index, hand in enumerate(box.hands)]

    def _hands_with(self, status: HandStatus) -> list[tuple[BoxState, int, HandState]]:
        return [item for item in self._all_hands() if item[2].status is status]

    def _emit(self, settlements: list[Settlement], *, counterclockwise: bool = False) -> None:
        """Log settlements in the order the Rules Submission designates (633a.7(r)); the
        optional wagers of 633a.7(g) go box by box counterclockwise instead."""
        if counterclockwise:
            ordered = sorted(settlements, key=lambda item: (-item.box, -item.hand))
        else:
            ordered = settlement.in_settlement_order(settlements, self.rules)
        for item in ordered:
            self._log(
                WagerSettled(
                    box=item.box,
                    hand=item.hand,
                    wager=item.wager,
                    stake=item.stake,
                    returned=item.returned,
                    outcome=item.outcome,
                    paragraph=item.paragraph,
                    line=item.line,
                )
            )
