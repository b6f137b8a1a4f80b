"""The dealer's side of a round: the check for Blackjack (633a.7(h)), the hole card and the
dealer's hand (633a.7(l)-(n)), and settlement (633a.7(o)-(r)). A collaborator of `Round`: it
acts only on the `RoundState` it is given, so the player's decisions and the dealer's procedure
each read as one concern and share no attributes by name."""

from __future__ import annotations

from tablegames.blackjack import settlement, variants
from tablegames.blackjack.drawing import dealer_draws
from tablegames.blackjack.events import (
    EVERYONE,
    HOUSE,
    CardDealt,
    DealerChecked,
    DealerCompleted,
    HoleCardRevealed,
    RoundCompleted,
)
from tablegames.blackjack.hand import is_blackjack, is_ten_value, points
from tablegames.blackjack.round_state import RoundState
from tablegames.blackjack.state import HandStatus, Settlement
from tablegames.core.cardsource import Destination


class Dealer:
    """The dealer's procedure on one round's state."""

    __slots__ = ("state",)

    def __init__(self, state: RoundState) -> None:
        self.state = state

    @property
    def has_blackjack(self) -> bool:
        return is_blackjack(self.state.dealer_cards, from_split=False)

    def up_card_ace_or_ten(self) -> bool:
        up = self.state.dealer_cards[0]
        return up.is_ace or is_ten_value(up)

    # --- 633a.7(f): the dealer's cards -------------------------------------------------------

    def deal_card(self, *, face_up: bool, paragraph: str) -> None:
        state = self.state
        if state.exposed is not None:
            paragraph = "633a.14(c)"  # the exposed card the players refused, usable here
        card = state.draw(Destination("dealer", 0, 0, face_up, paragraph))
        state.dealer_cards.append(card)
        state.log(
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

    def reveal_hole_card(self, paragraph: str) -> None:
        state = self.state
        if state.hole_revealed:
            return
        state.hole_revealed = True
        state.log(
            HoleCardRevealed(
                card=str(state.dealer_cards[1]),
                total=points(state.dealer_cards).total,
                paragraph=paragraph,
            )
        )
        # 633a.7(g)(4): a Royal Match against a K or Q is settled once the hole card shows.
        state.emit(state.side.settle_royal_matches(state.dealer_cards))

    # --- 633a.7(h): the check ----------------------------------------------------------------

    def check_for_blackjack(self) -> bool:
        """633a.7(h): the card reader checks the hole card. True when a dealer Blackjack was
        found and every wager settled: the round then only has to finish."""
        state = self.state
        if not (self.up_card_ace_or_ten() and state.rules.dealer_peeks):
            return False
        state.dealer_checked = True
        state.log(DealerChecked(blackjack=self.has_blackjack, paragraph="633a.7(h)"))
        if self.has_blackjack:
            # 633a.7(h): no more cards; the Blackjack and Insurance Wagers are settled now.
            self.reveal_hole_card("633a.7(h)")
            self.settle_against_blackjack()
            return True
        # 633a.7(g)(1)(i), (g)(6)(i): a held-back pair is paid before any other card.
        state.emit(state.side.settle_pairs(state.dealer_cards, dealer_blackjack=False))
        # 633a.8(d): losing Insurance Wagers are collected once no Blackjack is found.
        state.emit(
            [
                Settlement.insurance(box, won=False, paragraph="633a.8(d)")
                for box in state.boxes
                if box.insurance
            ]
        )
        for box in state.boxes:
            box.insurance = 0
        return False

    # --- 633a.7(l)-(n): the dealer's hand -------------------------------------------------------

    def play(self) -> None:
        state = self.state
        self.reveal_hole_card("633a.7(l)")
        dealer_blackjack = self.has_blackjack
        if not state.dealer_checked:
            # Without a check (non-PA) the held-back pairs wait for the hole card.
            state.emit(
                state.side.settle_pairs(state.dealer_cards, dealer_blackjack=dealer_blackjack)
            )
        # 633a.9(a)(2): a surrender against an ace or ten is settled when the hole card shows.
        surrendered = state.hands_with(HandStatus.SURRENDERED)
        state.emit(
            [
                settlement.surrendered(
                    box, index, hand, dealer_blackjack=dealer_blackjack, paragraph="633a.9(a)(2)"
                )
                for box, index, hand in surrendered
            ]
        )
        for _, _, hand in surrendered:
            hand.status = HandStatus.SETTLED
        if not state.dealer_checked:
            # Without a check (non-PA what-if) insurance is settled when the hole card shows.
            paragraph = "633a.8(c)" if dealer_blackjack else "633a.8(d)"
            state.emit(
                [
                    Settlement.insurance(box, won=dealer_blackjack, paragraph=paragraph)
                    for box in state.boxes
                    if box.insurance
                ]
            )
        live = state.hands_with(HandStatus.STOOD) or state.hands_with(HandStatus.DOUBLED)
        if state.variation.pays_naturals_against_final_hand:
            # 633a.12(a)(5)(i), (v): a Switch Blackjack is paid by the dealer's final hand.
            live = live or state.hands_with(HandStatus.BLACKJACK)
        if not (live or state.side.depends_on_dealer()):
            # 633a.7(n): nothing the dealer could draw would change the outcome.
            state.log(
                DealerCompleted(
                    total=points(state.dealer_cards).total,
                    reason="nothing depends on the dealer's hand",
                    paragraph="633a.7(n)",
                )
            )
            return
        hits_soft_17 = state.rules.dealer_hits_soft_17
        while dealer_draws(*points(state.dealer_cards), hits_soft_17=hits_soft_17):
            self.deal_card(face_up=True, paragraph="633a.7(l)")
        total = points(state.dealer_cards).total
        reason = "busted" if total > 21 else "stands"
        state.log(DealerCompleted(total=total, reason=reason, paragraph="633a.7(m)"))

    # --- 633a.7(o)-(r): settlement -----------------------------------------------------------

    def settle_remaining(self) -> None:
        state = self.state
        # 633b.16(h): EZ Bust before the Blackjack Wagers; 633a.7(o): Bad Beat and Hit and Run.
        state.emit(state.side.settle_ez_bust(state.dealer_cards))
        state.emit(state.side.settle_final(state.dealer_cards))
        if self.has_blackjack:
            self.settle_against_blackjack()
            return
        dealer_total = points(state.dealer_cards).total
        settlements = []
        for box, index, hand in state.all_hands():
            if hand.status is HandStatus.BLACKJACK:
                # 633a.7(i)(1)(ii), 633a.7(p): paid once the hole card shows no Blackjack.
                settlements.append(
                    variants.natural_against_final_hand(
                        state.rules, box, index, hand, state.dealer_cards
                    )
                )
            elif hand.status is HandStatus.BUSTED:
                settlements.append(settlement.busted(box, index, hand))
            elif hand.status in (HandStatus.STOOD, HandStatus.DOUBLED):
                special = variants.switch_rule_for_total(
                    state.rules, box, index, hand, state.dealer_cards
                )
                settlements.append(
                    special or settlement.against_total(box, index, hand, dealer_total)
                )
        state.emit(settlements)

    def settle_against_blackjack(self) -> None:
        state = self.state
        if state.dealer_checked:
            # 633a.7(h): the Bad Beat and Hit and Run wagers are settled with the rest.
            state.emit(state.side.settle_final(state.dealer_cards))
        # 633a.7(g)(1)(ii), (g)(6)(ii): a held-back pair is paid as the Blackjack Wager is
        # collected.
        settlements = state.side.settle_pairs(state.dealer_cards, dealer_blackjack=True)
        for box in state.boxes:
            if box.insurance and state.dealer_checked:
                # 633a.8(c), 633a.13(b): the Insurance Wager wins 2 to 1.
                settlements.append(Settlement.insurance(box, won=True, paragraph="633a.13(b)"))
            settlements += settlement.against_dealer_blackjack(
                box,
                state.rules,
                checked=state.dealer_checked,
                tie_pays=variants.tie_blackjack_pays(state.rules, box),
            )
            for hand in box.hands:
                hand.status = HandStatus.SETTLED
        state.emit(settlements)

    def finish(self) -> None:
        """633a.7(s): the round is over; the cards go to the discard rack in an order that
        allows the round to be reconstructed."""
        state = self.state
        state.log(RoundCompleted(paragraph="633a.7(s)"))
        state.shoe.end_round(state.table_cards())
        state.cards_handed_back = True
