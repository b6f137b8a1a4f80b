"""One round of Blackjack as a state machine in the order of 58 Pa. Code 633a.7.

Wagers (633a.6), the deal (633a.7(f)), insurance and even money (633a.8), the dealer's check for
Blackjack (633a.7(h)), each player's decisions box by box (633a.7(i)-(k), 633a.9-633a.11), the
dealer's hand (633a.7(l)-(n)) and settlement (633a.7(p)-(r), 633a.13(a)-(b)).

Every state change appends a frozen event to `events`; the log replays to an identical round.
Each decision comes as a triad, `verify_x()` (raises with the reason), `can_x()` and `x()`.
The round asks only for decisions that have more than one legal choice: a hand of 21, a doubled
hand or split aces that may not draw complete on their own.

>>> from tablegames.cardsource import StackedShoe
>>> from tablegames.rules import Rules
>>> shoe = StackedShoe.parse(["9S", "5H", "AD", "7C", "KH", "TS"])
>>> game = Round(rules=Rules(), shoe=shoe, wagers=[BoxWager(box=1, amount=2500)])
>>> game.turn, [action.value for action in game.legal_actions()]
(Turn(box=1, hand=0, kind='play'), ['hit', 'stand', 'double', 'surrender'])
>>> _ = game.hit(); _ = game.stand()
>>> game.is_complete, game.dealer_points.total, game.settlements()[0].returned
(True, 22, 5000)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum, auto
from fractions import Fraction
from functools import lru_cache

from tablegames.blackjack import settlement
from tablegames.blackjack.actions import OFFER_ACTIONS, Action, Turn
from tablegames.blackjack.events import (
    CardDealt,
    DealerChecked,
    DealerCompleted,
    DecisionMade,
    Event,
    HandCompleted,
    HoleCardRevealed,
    RoundCompleted,
    RoundStarted,
    WagerPlaced,
    WagerSettled,
)
from tablegames.blackjack.hand import Points, dealer_must_draw, is_blackjack, points
from tablegames.blackjack.refusals import (
    ez_bust_refusal,
    max_insurance,
    offer_refusal,
    play_refusal,
)
from tablegames.blackjack.sidebook import Selections, SideBook
from tablegames.blackjack.state import BoxState, HandState, HandStatus, Settlement
from tablegames.blackjack.triads import DecisionTriads
from tablegames.blackjack.wagers import BoxWager, validate_box_wagers
from tablegames.cards import Card
from tablegames.cardsource import CardSource
from tablegames.errors import IllegalActionError
from tablegames.rules import Rules


class Phase(Enum):
    INSURANCE = auto()
    EZ_BUST = auto()
    PLAYING = auto()
    COMPLETE = auto()


class Round(DecisionTriads):
    """A Blackjack round. Construct it with the wagers; it deals and waits for decisions."""

    def __init__(
        self,
        *,
        rules: Rules,
        shoe: CardSource,
        wagers: Sequence[BoxWager],
        meters: Mapping[str, int] | None = None,
        selections: Selections | None = None,
    ) -> None:
        ordered = validate_box_wagers(wagers, rules)
        self.rules = rules
        self.shoe = shoe
        self.events: list[Event] = []
        self.boxes = [BoxState(wager=wager) for wager in ordered]
        self.dealer_cards: list[Card] = []
        self.hole_revealed = False
        self.dealer_checked = False
        self._phase = Phase.PLAYING
        self._box_index = 0
        self._hand_index = 0
        self._cards_handed_back = False
        self._ez_answered: set[int] = set()
        self._ez_split_offer: int | None = None  # a split hand awaiting its EZ Bust offer
        self.side = SideBook(
            rules=rules,
            boxes=self.boxes,
            meters=_opening_meters(rules, meters),
            selections=selections or Selections(),
        )
        self._start()

    # --- reading the state -----------------------------------------------------------------

    @property
    def is_complete(self) -> bool:
        return self._phase is Phase.COMPLETE

    @property
    def up_card(self) -> Card:
        return self.dealer_cards[0]

    @property
    def dealer_points(self) -> Points:
        return points(self.dealer_cards)

    @property
    def dealer_has_blackjack(self) -> bool:
        return is_blackjack(self.dealer_cards, from_split=False)

    @property
    def turn(self) -> Turn | None:
        """The decision the round waits for, or None when it is complete."""
        if self._phase is Phase.INSURANCE:
            return Turn(self.boxes[self._box_index].number, 0, "insurance")
        if self._phase is Phase.EZ_BUST:
            return Turn(self.boxes[self._box_index].number, 0, "ez_bust")
        if self._ez_split_offer is not None:
            return Turn(self.boxes[self._box_index].number, self._ez_split_offer, "ez_bust")
        if self._phase is Phase.PLAYING:
            return Turn(self.boxes[self._box_index].number, self._hand_index, "play")
        return None

    @property
    def current_hand(self) -> HandState | None:
        """The hand the current decision is about (an insurance offer concerns hand 0)."""
        return None if self._phase is Phase.COMPLETE else self._current_hand()

    def table_cards(self) -> list[Card]:
        """Every card on the layout (dealer and boxes) not yet returned to the discard rack."""
        if self._cards_handed_back:
            return []
        cards = list(self.dealer_cards)
        for box in self.boxes:
            for hand in box.hands:
                cards.extend(hand.cards)
        return cards

    def box(self, number: int) -> BoxState:
        for box in self.boxes:
            if box.number == number:
                return box
        raise IllegalActionError(f"box {number} has no Blackjack Wager this round")

    def settlements(self) -> list[WagerSettled]:
        return [event for event in self.events if isinstance(event, WagerSettled)]

    # --- the decision triads ---------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action the current turn allows (empty when the round is complete)."""
        if self._phase is Phase.INSURANCE:
            offer = [Action.INSURANCE]
            if self.rules.even_money and self._current_hand().status is HandStatus.BLACKJACK:
                offer.append(Action.EVEN_MONEY)
            return [*offer, Action.DECLINE]
        if self._phase is Phase.EZ_BUST or self._ez_split_offer is not None:
            return [Action.EZ_BUST, Action.DECLINE]
        if self._phase is Phase.PLAYING:
            return [action for action in Action if self._refusal(action, None) is None]
        return []

    def verify(self, action: Action, amount: int | None = None) -> None:
        """Raise IllegalActionError naming the rule when `action` is not allowed now."""
        refusal = self._refusal(action, amount)
        if refusal is not None:
            raise refusal

    def can(self, action: Action, amount: int | None = None) -> bool:
        return self._refusal(action, amount) is None

    def act(self, action: Action, amount: int | None = None) -> list[Event]:
        """Carry out a decision and everything that follows until the next decision."""
        self.verify(action, amount)
        first_new = len(self.events)
        turn = self.turn
        if turn is None:  # unreachable after verify; keeps the type checker honest
            raise IllegalActionError("the round is complete")
        if action is Action.DOUBLE and amount is None:
            amount = self._current_hand().stake
        self._log(
            DecisionMade(
                box=turn.box,
                hand=turn.hand,
                action=action.value,
                amount=amount,
                paragraph=_DECISION_PARAGRAPHS[action],
            )
        )
        if self._phase is Phase.INSURANCE:
            self._answer_offer(action, amount)
        elif self._phase is Phase.EZ_BUST or self._ez_split_offer is not None:
            self._answer_ez_bust(turn, action, amount)
        else:
            self._play(action, amount)
        self._advance()
        return self.events[first_new:]

    def max_insurance(self) -> int:
        """633a.8(b): the most the current box may wager on insurance, in cents."""
        return max_insurance(self.boxes[self._box_index].wager.amount, self.rules.wager_unit)

    def _refusal(self, action: Action, amount: int | None) -> IllegalActionError | None:
        box = self.boxes[self._box_index] if self._box_index < len(self.boxes) else None
        if self._phase is Phase.COMPLETE or box is None:
            return IllegalActionError("the round is complete")
        if self._phase is Phase.INSURANCE:
            if action not in OFFER_ACTIONS:
                return IllegalActionError(
                    f"{action.value} is not possible yet: box {box.number} must first take or "
                    "decline insurance",
                    paragraph="633a.8(b)",
                )
            return offer_refusal(self.rules, box, action, amount)
        if self._phase is Phase.EZ_BUST or self._ez_split_offer is not None:
            return ez_bust_refusal(self.rules, box, action, amount)
        return play_refusal(self.rules, box, self._current_hand(), action, amount)

    # --- carrying out decisions ------------------------------------------------------------

    def _answer_offer(self, action: Action, amount: int | None) -> None:
        box = self.boxes[self._box_index]
        box.offer_answered = True
        if action is Action.INSURANCE and amount is not None:
            box.insurance = amount
            self._log(
                WagerPlaced(
                    box=box.number, hand=0, wager="insurance", amount=amount, paragraph="633a.8(b)"
                )
            )
        elif action is Action.EVEN_MONEY:
            hand = box.hands[0]
            # 633a.8(e): the Blackjack Wager is paid at 1 to 1 at once and the cards removed.
            self._emit([settlement.blackjack_paid(box, 0, hand, Fraction(1), "633a.8(e)")])
            hand.status = HandStatus.SETTLED

    def _answer_ez_bust(self, turn: Turn, action: Action, amount: int | None) -> None:
        if self._phase is Phase.EZ_BUST:
            self._ez_answered.add(self._box_index)
        self._ez_split_offer = None
        if action is Action.EZ_BUST and amount is not None:
            self._place_side(turn.box, turn.hand, "ez_bust", amount, "633b.16(c)")

    def _place_side(self, box: int, hand: int, wager: str, amount: int, paragraph: str) -> None:
        self._log(WagerPlaced(box=box, hand=hand, wager=wager, amount=amount, paragraph=paragraph))
        self.side.place(box, hand, wager, amount)

    def _ez_bust_offered(self) -> bool:
        # 633b.16(c): offered after the deal only when the dealer's up card is a 2 to 6.
        return self.rules.side_wagers.ez_bust is not None and 2 <= self.up_card.value <= 6

    def _play(self, action: Action, amount: int | None) -> None:
        box = self.boxes[self._box_index]
        hand = self._current_hand()
        box.decided = True
        if action is Action.STAND:
            self._complete(hand, HandStatus.STOOD, "stood", "633a.7(i)(2)")
        elif action is Action.HIT:
            self._deal_to(box, self._hand_index, face_up=True, paragraph="633a.7(j)")
            if hand.points.total > 21:
                self._complete(hand, HandStatus.BUSTED, "busted", "633a.7(j)")
        elif action is Action.DOUBLE:
            hand.double = hand.stake if amount is None else amount
            self._log(
                WagerPlaced(
                    box=box.number,
                    hand=self._hand_index,
                    wager="double",
                    amount=hand.double,
                    paragraph="633a.10(a)",
                )
            )
            # 633a.10(a), 633a.10(c), 633a.7(k)(2): one additional card only.
            self._deal_to(box, self._hand_index, face_up=True, paragraph="633a.10(c)")
            if hand.points.total > 21:
                self._complete(hand, HandStatus.BUSTED, "busted", "633a.7(k)(2)")
            else:
                self._complete(hand, HandStatus.DOUBLED, "doubled", "633a.7(k)(2)")
        elif action is Action.SPLIT:
            self._split(box, hand)
        elif action is Action.SURRENDER:
            self._surrender(box, hand)

    def _split(self, box: BoxState, hand: HandState) -> None:
        aces = hand.cards[0].is_ace
        second = hand.cards.pop()
        hand.from_split = True
        hand.split_aces = aces
        # 633a.11(b): the new hand is laid at the end of the box's row (toward the dealer's
        # right), so hands are completed in the order they were formed and keep their numbers.
        box.hands.append(
            HandState(cards=[second], stake=hand.stake, from_split=True, split_aces=aces)
        )
        self._log(
            WagerPlaced(
                box=box.number,
                hand=len(box.hands) - 1,
                wager="split",
                amount=hand.stake,
                paragraph="633a.11(a)",
            )
        )
        # 633a.11(b): deal to and complete the first hand before any card to the second.
        self._deal_to(box, self._hand_index, face_up=True, paragraph="633a.11(b)")
        if self._ez_bust_offered():
            # 633b.16(c)(2): another EZ Bust wager may be placed each time a hand is split.
            self._ez_split_offer = len(box.hands) - 1

    def _surrender(self, box: BoxState, hand: HandState) -> None:
        self._complete(hand, HandStatus.SURRENDERED, "surrendered", "633a.9(a)")
        if not self._up_card_ace_or_ten():
            # 633a.9(a)(1): against any other up card half is collected and half returned now.
            self._emit(
                [
                    settlement.surrendered(
                        box,
                        self._hand_index,
                        hand,
                        dealer_blackjack=False,
                        paragraph="633a.9(a)(1)",
                    )
                ]
            )
            hand.status = HandStatus.SETTLED

    # --- the automatic steps -----------------------------------------------------------------

    def _start(self) -> None:
        self.shoe.begin_round()
        self._log(
            RoundStarted(
                rules=_rules_record(self.rules),
                boxes=tuple(
                    (box.number, box.wager.player, box.wager.amount, dict(box.wager.side))
                    for box in self.boxes
                ),
                meters=dict(self.side.meters),
                selections=self.side.selections.to_json(),
                paragraph="633a.6(c)",
            )
        )
        for box in self.boxes:
            self._log(
                WagerPlaced(
                    box=box.number,
                    hand=0,
                    wager="blackjack",
                    amount=box.wager.amount,
                    paragraph="633a.6(d)",
                )
            )
            box.hands.append(HandState(cards=[], stake=box.wager.amount))
            for name, stake in box.wager.side.items():
                # 633a.6(c), 633a.6(e): side wagers go down with the Blackjack Wager.
                self._place_side(box.number, 0, name, stake, "633a.6(e)")
        # 633a.7(f): clockwise from the dealer's left, a card to each box, the dealer's up card,
        # a second card to each box, then the dealer's hole card face down.
        for box in self.boxes:
            self._deal_to(box, 0, face_up=True, paragraph="633a.7(f)(1)")
        self._deal_dealer(face_up=True, paragraph="633a.7(f)(2)")
        for box in self.boxes:
            self._deal_to(box, 0, face_up=True, paragraph="633a.7(f)(3)")
        self._deal_dealer(face_up=False, paragraph="633a.7(f)(4)")
        for box in self.boxes:
            if is_blackjack(box.hands[0].cards, from_split=False):
                box.hands[0].status = HandStatus.BLACKJACK
        # 633a.7(g): the optional wagers on the initial cards, before any other card.
        self._emit(self.side.settle_initial(self.dealer_cards), counterclockwise=True)
        # 633a.8(a): insurance (and even money, 633a.8(e)) only when the up card is an ace;
        # with a ten-value up card the dealer checks for Blackjack at once (633a.7(h)).
        if self.up_card.is_ace:
            self._phase = Phase.INSURANCE
        elif self._check_for_blackjack():
            return
        elif self._ez_bust_offered():
            self._phase = Phase.EZ_BUST
        else:
            self._phase = Phase.PLAYING
        self._advance()

    def _advance(self) -> None:
        """Run every automatic step until a decision is needed or the round is complete."""
        if self._phase is Phase.INSURANCE:
            while self._box_index < len(self.boxes) and self.boxes[self._box_index].offer_answered:
                self._box_index += 1
            if self._box_index < len(self.boxes):
                return
            if self._check_for_blackjack():
                return
            self._phase = Phase.PLAYING
            self._box_index = 0
        if self._phase is Phase.EZ_BUST:
            while self._box_index < len(self.boxes) and self._box_index in self._ez_answered:
                self._box_index += 1
            if self._box_index < len(self.boxes):
                return
            self._phase = Phase.PLAYING
            self._box_index = 0
        if self._ez_split_offer is not None:
            return
        if self._phase is Phase.PLAYING and not self._next_decision():
            self._play_dealer()
            self._settle_remaining()
            self._finish()

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

    def _next_decision(self) -> bool:
        """Move to the next hand that needs a decision; False when every box is done."""
        while self._box_index < len(self.boxes):
            box = self.boxes[self._box_index]
            if self._hand_index >= len(box.hands):
                self._box_index += 1
                self._hand_index = 0
                continue
            hand = box.hands[self._hand_index]
            if hand.status is HandStatus.BLACKJACK and not self._up_card_ace_or_ten():
                # 633a.7(i)(1)(i): against a 2-9 up card the Blackjack is paid at once.
                self._emit(
                    [
                        settlement.blackjack_paid(
                            box, 0, hand, self.rules.blackjack_ratio, "633a.7(i)(1)(i)"
                        )
                    ]
                )
                hand.status = HandStatus.SETTLED
            if hand.status is not HandStatus.OPEN:
                self._hand_index += 1
                continue
            if len(hand.cards) == 1:
                # 633a.11(b)-(c): a split hand receives its second card when its turn comes.
                self._deal_to(box, self._hand_index, face_up=True, paragraph="633a.11(c)")
            if self.legal_actions() == [Action.STAND]:
                if hand.points.total == 21:
                    self._complete(hand, HandStatus.STOOD, "21", "633a.7(k)(1)")
                else:
                    self._complete(hand, HandStatus.STOOD, "split aces", "633a.11(c)")
                continue
            return True
        return False

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
        side_depends = self.side.depends_on_dealer()
        if not (
            side_depends
            or self._hands_with(HandStatus.STOOD)
            or self._hands_with(HandStatus.DOUBLED)
        ):
            # 633a.7(n): nothing the dealer could draw would change the outcome.
            self._log(
                DealerCompleted(
                    total=self.dealer_points.total,
                    reason="nothing depends on the dealer's hand",
                    paragraph="633a.7(n)",
                )
            )
            return
        while dealer_must_draw(self.dealer_cards, hits_soft_17=self.rules.dealer_hits_soft_17):
            self._deal_dealer(face_up=True, paragraph="633a.7(l)")
        total = self.dealer_points.total
        reason = "busted" if total > 21 else "stands"
        self._log(DealerCompleted(total=total, reason=reason, paragraph="633a.7(m)"))

    def _settle_remaining(self) -> None:
        # 633b.16(h): EZ Bust before the Blackjack Wagers; 633a.7(o): Bad Beat and Hit and Run.
        self._emit(self.side.settle_ez_bust(self.dealer_cards))
        self._emit(self.side.settle_final(self.dealer_cards))
        if self.dealer_has_blackjack:
            self._settle_against_dealer_blackjack()
            return
        dealer_total = self.dealer_points.total
        settlements = []
        for box in self.boxes:
            for index, hand in enumerate(box.hands):
                if hand.status is HandStatus.BLACKJACK:
                    # 633a.7(i)(1)(ii), 633a.7(p)(3): paid once the hole card shows no Blackjack.
                    settlements.append(
                        settlement.blackjack_paid(
                            box, index, hand, self.rules.blackjack_ratio, "633a.7(p)(3)"
                        )
                    )
                elif hand.status is HandStatus.BUSTED:
                    settlements.append(settlement.busted(box, index, hand))
                elif hand.status in (HandStatus.STOOD, HandStatus.DOUBLED):
                    settlements.append(settlement.against_total(box, index, hand, dealer_total))
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
                box, self.rules, checked=self.dealer_checked
            )
            for hand in box.hands:
                hand.status = HandStatus.SETTLED
        self._emit(settlements)

    def _finish(self) -> None:
        self._phase = Phase.COMPLETE
        self._log(RoundCompleted(paragraph="633a.7(s)"))
        # 633a.7(s): the cards go to the discard rack in an order that allows reconstruction.
        self.shoe.end_round(self.table_cards())
        self._cards_handed_back = True

    # --- small helpers -----------------------------------------------------------------------

    def _log(self, event: Event) -> None:
        self.events.append(event)

    def _current_hand(self) -> HandState:
        return self.boxes[self._box_index].hands[self._hand_index]

    def _up_card_ace_or_ten(self) -> bool:
        return self.up_card.is_ace or self.up_card.is_ten_value

    def _deal_to(self, box: BoxState, hand: int, *, face_up: bool, paragraph: str) -> None:
        card = self.shoe.draw()
        box.hands[hand].cards.append(card)
        self._log(
            CardDealt(
                card=str(card),
                to="box",
                box=box.number,
                hand=hand,
                face_up=face_up,
                paragraph=paragraph,
            )
        )

    def _deal_dealer(self, *, face_up: bool, paragraph: str) -> None:
        card = self.shoe.draw()
        self.dealer_cards.append(card)
        self._log(
            CardDealt(
                card=str(card), to="dealer", box=0, hand=0, face_up=face_up, paragraph=paragraph
            )
        )

    def _reveal_hole_card(self, paragraph: str) -> None:
        if self.hole_revealed:
            return
        self.hole_revealed = True
        self._log(
            HoleCardRevealed(
                card=str(self.dealer_cards[1]), total=self.dealer_points.total, paragraph=paragraph
            )
        )
        # 633a.7(g)(4): a Royal Match against a K or Q is settled once the hole card shows.
        self._emit(self.side.settle_royal_matches(self.dealer_cards))

    def _complete(self, hand: HandState, status: HandStatus, reason: str, paragraph: str) -> None:
        hand.status = status
        self._log(
            HandCompleted(
                box=self.boxes[self._box_index].number,
                hand=self._hand_index,
                total=hand.points.total,
                reason=reason,
                paragraph=paragraph,
            )
        )

    def _hands_with(self, status: HandStatus) -> list[tuple[BoxState, int, HandState]]:
        return [
            (box, index, hand)
            for box in self.boxes
            for index, hand in enumerate(box.hands)
            if hand.status is status
        ]

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


def _opening_meters(rules: Rules, meters: Mapping[str, int] | None) -> dict[str, int]:
    """Progressive meters as the round opens: as given, else the filed initial amounts."""
    opening = dict(meters or {})
    for name in ("bad_beat", "hit_and_run"):
        entry = getattr(rules.side_wagers, name)
        if entry is not None:
            opening.setdefault(name, entry.reset)
    return opening


@lru_cache(maxsize=64)
def _rules_record(rules: Rules) -> dict[str, object]:
    """The rules as logged in each round (computed once per Rules; treat it as read-only)."""
    return rules.model_dump(mode="json")


_DECISION_PARAGRAPHS = {
    Action.HIT: "633a.7(i)(2)",
    Action.STAND: "633a.7(i)(2)",
    Action.DOUBLE: "633a.10(a)",
    Action.SPLIT: "633a.11(a)",
    Action.SURRENDER: "633a.9(a)",
    Action.INSURANCE: "633a.8(b)",
    Action.EVEN_MONEY: "633a.8(e)",
    Action.DECLINE: "633a.8(a)",
    Action.EZ_BUST: "633b.16(c)",
}
