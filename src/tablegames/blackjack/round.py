"""One round of Blackjack as a state machine in the order of 58 Pa. Code 633a.7.

Wagers (633a.6), the deal (633a.7(f)), the optional wagers (633a.7(g)), insurance and even
money (633a.8), the dealer's check for Blackjack (633a.7(h)), each player's decisions box by
box (633a.7(i)-(k), 633a.9-633a.11), then the dealer's hand and settlement (the `Dealer` of
dealer.py, working on the round's `RoundState`). The variations (633a.12, 633c.4) change only
what the round's `Variation` (variation.py, chosen once from the rules) says they change.

Every decision the round can wait for is a declared `Phase`; `_PHASES` says, for each, the kind
of turn, the legal actions and the refusal, and `_HANDLERS` maps (phase, action) to the step
that carries the decision out. `turn`, `legal_actions`, `verify`/`can` and `act` read only them.

Every state change appends a frozen event to `events`; the log replays to an identical round.
Each decision comes as a triad, `verify_x()` (raises with the reason), `can_x()` and `x()`.
The round asks only for decisions that have more than one legal choice: a hand of 21, a doubled
hand or split aces that may not draw complete on their own.

>>> from tablegames.core.cardsource import StackedShoe
>>> from tablegames.blackjack.rules import Rules
>>> shoe = StackedShoe.parse(["9S", "5H", "AD", "7C", "KH", "TS"])
>>> game = Round(rules=Rules(), shoe=shoe, wagers=[BoxWager(box=1, amount=2500)])
>>> game.turn, [action.value for action in game.legal_actions()]
(Turn(box=1, hand=0, kind='play'), ['hit', 'stand', 'double', 'surrender'])
>>> _ = game.hit(); _ = game.stand()
>>> game.is_complete, game.dealer_points.total, game.settlements()[0].returned
(True, 22, 5000)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum, auto
from fractions import Fraction

from tablegames.blackjack import settlement, variants
from tablegames.blackjack.actions import (
    EZ_BUST_ACTIONS,
    OFFER_ACTIONS,
    PLAY_ACTIONS,
    SWITCH_ACTIONS,
    Action,
    Turn,
    TurnKind,
)
from tablegames.blackjack.betting import BettingWindow
from tablegames.blackjack.dealer import Dealer
from tablegames.blackjack.decisions import decision_paragraph, stake_required
from tablegames.blackjack.events import (
    DecisionMade,
    Event,
    HandCompleted,
    WagerSettled,
)
from tablegames.blackjack.hand import Points, card_points, points
from tablegames.blackjack.irregular_play import DealtIrregularities, not_providable
from tablegames.blackjack.opening import open_round, place_side
from tablegames.blackjack.refusals import (
    ez_bust_refusal,
    max_insurance,
    offer_refusal,
    play_refusal,
)
from tablegames.blackjack.round_state import RoundState
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sidebook import Selections, SideBook, opening_meters
from tablegames.blackjack.state import BoxState, HandState, HandStatus, Settlement
from tablegames.blackjack.switching import switch_hands, switch_second_cards
from tablegames.blackjack.triads import DecisionTriads
from tablegames.blackjack.variation import variation_of
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card
from tablegames.core.cardsource import CardNotDealt, CardSource
from tablegames.core.errors import IllegalActionError


class Phase(Enum):
    """The decision a round waits for (or COMPLETE): exactly one at a time."""

    SWITCH_HANDS = auto()  # 633c.4(f): play the dealt cards or the switch cards, box by box
    INSURANCE = auto()  # 633a.8(a)-(b), (e): insurance or even money, box by box
    EZ_BUST = auto()  # 633b.16(c): the EZ Bust wager after the deal, box by box
    EZ_BUST_SPLIT = auto()  # 633b.16(c)(2): another EZ Bust wager on a hand just split
    SWITCH = auto()  # 633a.12(a)(4): the Blackjack Switch switch, before the box plays
    PLAY = auto()  # 633a.7(i)-(k), 633a.9-633a.11: hit, stand, double, split, surrender
    COMPLETE = auto()


class Round(DecisionTriads, DealtIrregularities):
    """A Blackjack round. Construct it with the wagers; it deals and waits for decisions."""

    def __init__(
        self,
        *,
        rules: Rules,
        shoe: CardSource,
        wagers: Sequence[BoxWager] | BettingWindow,
        meters: Mapping[str, int] | None = None,
        selections: Selections | None = None,
        deal: bool = True,
    ) -> None:
        # 633a.6(c): the wagers go down in the betting window before the deal, here all at once.
        window = (
            wagers
            if isinstance(wagers, BettingWindow)
            else BettingWindow.all_at_once(rules, wagers)
        )
        ordered = window.close()
        self.rules = rules
        self.variation = variation_of(rules)
        boxes = [BoxState(wager=wager) for wager in ordered]
        side = SideBook(
            rules=rules,
            boxes=boxes,
            meters=opening_meters(rules, meters),
            selections=selections or Selections(),
        )
        side.selections.check(rules)  # 633a.13(j)(1)
        self.state = RoundState(
            rules=rules, variation=self.variation, shoe=shoe, boxes=boxes, side=side
        )
        self.dealer = Dealer(self.state)
        self._phase = Phase.PLAY
        self._box_index = 0
        self._hand_index = 0
        self._answered: set[int] = set()  # boxes that answered the current phase's offer
        self._ez_split_offer = 0  # the split hand an EZ_BUST_SPLIT offer is about
        # 633a.14(i): hands whose requested card comes after the other players' (box index,
        # hand index, the decision that requested it), in the order they were passed over.
        self._deferred: list[tuple[int, int, Action]] = []
        if deal:
            self._start()

    def start(self) -> None:
        """Deal the round constructed with `deal=False` (a dealt table starts it when its
        card feed is ready, tablegames.blackjack.dealt)."""
        self._start()

    # --- the round's state (held by `state`, shared with the dealer) -----------------------

    @property
    def shoe(self) -> CardSource:
        return self.state.shoe

    @property
    def events(self) -> list[Event]:
        return self.state.events

    @property
    def boxes(self) -> list[BoxState]:
        return self.state.boxes

    @property
    def dealer_cards(self) -> list[Card]:
        return self.state.dealer_cards

    @property
    def side(self) -> SideBook:
        return self.state.side

    @property
    def hole_revealed(self) -> bool:
        return self.state.hole_revealed

    @property
    def dealer_checked(self) -> bool:
        """633a.7(h): whether the card reader has checked the hole card for Blackjack."""
        return self.state.dealer_checked

    @property
    def dealer_has_blackjack(self) -> bool:
        return self.dealer.has_blackjack

    @property
    def phase(self) -> Phase:
        """The decision the round waits for (COMPLETE when it waits for none)."""
        return self._phase

    # --- reading the state -----------------------------------------------------------------

    @property
    def is_complete(self) -> bool:
        return self._phase is Phase.COMPLETE

    @property
    def up_card(self) -> Card:
        return self.state.dealer_cards[0]

    @property
    def dealer_points(self) -> Points:
        return points(self.state.dealer_cards)

    @property
    def turn(self) -> Turn | None:
        """The decision the round waits for, or None when it is complete."""
        declared = _PHASES.get(self._phase)
        if declared is None:
            return None
        number = self.state.boxes[self._box_index].number
        return Turn(number, declared.hand(self), declared.kind)

    @property
    def current_hand(self) -> HandState | None:
        """The hand the current decision is about (an offer concerns hand 0)."""
        return None if self._phase is Phase.COMPLETE else self._current_hand()

    def table_cards(self) -> list[Card]:
        """Every card on the layout (dealer and boxes) not yet returned to the discard rack."""
        return self.state.table_cards()

    def box(self, number: int) -> BoxState:
        for box in self.state.boxes:
            if box.number == number:
                return box
        raise IllegalActionError(f"box {number} has no Blackjack Wager this round")

    def settlements(self) -> list[WagerSettled]:
        return [event for event in self.state.events if isinstance(event, WagerSettled)]

    def max_insurance(self) -> int:
        """633a.8(b): the most the current box may wager on insurance, in cents."""
        box = self.state.boxes[self._box_index]
        initial = box.wager.amount * self.variation.hands_per_box
        return max_insurance(initial, self.rules.wager_unit)

    # --- decisions: verify, can, act ---------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action the current turn allows (empty when the round is complete)."""
        declared = _PHASES.get(self._phase)
        return [] if declared is None else declared.legal(self)

    def verify(self, action: Action, amount: int | None = None) -> None:
        """Raise IllegalActionError naming the rule when `action` is not allowed now."""
        refusal = self._refusal(action, amount)
        if refusal is not None:
            raise refusal

    def can(self, action: Action, amount: int | None = None) -> bool:
        return self._refusal(action, amount) is None

    def stake_required(self, action: Action, amount: int | None = None) -> int:
        """The cents the wallet must hold for `action` now (raises as `verify` does)."""
        return stake_required(self, action, amount)

    def act(self, action: Action, amount: int | None = None) -> list[Event]:
        """Carry out a decision and everything that follows until the next decision."""
        self.verify(action, amount)
        first_new = len(self.state.events)
        turn = self.turn
        handler = _HANDLERS.get((self._phase, action))
        if turn is None or handler is None:  # unreachable after verify
            raise IllegalActionError(f"{action.value} is not possible now")
        if action is Action.DOUBLE and amount is None:
            amount = self._current_hand().stake
        self._log(
            DecisionMade(
                box=turn.box,
                hand=turn.hand,
                action=action.value,
                amount=amount,
                paragraph=decision_paragraph(turn, action),
            )
        )
        exposed = self.state.exposed is not None and self._phase is Phase.PLAY
        try:
            handler(self, turn, action, amount)
            if exposed and action in (Action.STAND, Action.SURRENDER):
                self._refuse_exposed(turn)
            self._advance()
        except CardNotDealt as missed:
            raise not_providable(missed) from None
        return self.state.events[first_new:]

    def _refusal(self, action: Action, amount: int | None) -> IllegalActionError | None:
        declared = _PHASES.get(self._phase)
        if declared is None:
            return IllegalActionError("the round is complete")
        return declared.refusal(self, action, amount)

    # --- each phase's legal actions and refusals (read through `_PHASES`) --------------------

    def _switch_refusal(
        self, action: Action, amount: int | None, paragraph: str
    ) -> IllegalActionError | None:
        if action not in SWITCH_ACTIONS or amount is not None:
            box = self.state.boxes[self._box_index]
            return IllegalActionError(
                f"box {box.number} must first decide to switch or keep", paragraph=paragraph
            )
        return None

    def _switch_hands_refusal(
        self, action: Action, amount: int | None
    ) -> IllegalActionError | None:
        return self._switch_refusal(action, amount, "633c.4(f)")

    def _blackjack_switch_refusal(
        self, action: Action, amount: int | None
    ) -> IllegalActionError | None:
        return self._switch_refusal(action, amount, "633a.12(a)(4)")

    def _switch_actions(self) -> list[Action]:
        return list(SWITCH_ACTIONS)

    def _insurance_refusal(self, action: Action, amount: int | None) -> IllegalActionError | None:
        box = self.state.boxes[self._box_index]
        if action not in OFFER_ACTIONS:
            return IllegalActionError(
                f"{action.value} is not possible yet: box {box.number} must first take or "
                "decline insurance",
                paragraph="633a.8(b)",
            )
        return offer_refusal(self.rules, box, action, amount)

    def _insurance_actions(self) -> list[Action]:
        # Insurance takes an amount; even money only where 633a.8(e) allows it.
        even_money = [Action.EVEN_MONEY] if self.can(Action.EVEN_MONEY) else []
        return [Action.INSURANCE, *even_money, Action.DECLINE]

    def _ez_bust_refusal(self, action: Action, amount: int | None) -> IllegalActionError | None:
        return ez_bust_refusal(self.rules, self.state.boxes[self._box_index], action, amount)

    def _ez_bust_actions(self) -> list[Action]:
        return list(EZ_BUST_ACTIONS)

    def _play_refusal(self, action: Action, amount: int | None) -> IllegalActionError | None:
        box = self.state.boxes[self._box_index]
        return play_refusal(self.rules, box, self._current_hand(), action, amount)

    def _playing_hand(self) -> int:
        return self._hand_index

    def _split_offer_hand(self) -> int:
        return self._ez_split_offer

    def _play_actions(self) -> list[Action]:
        box, hand = self.state.boxes[self._box_index], self._current_hand()
        return [
            action
            for action in PLAY_ACTIONS
            if play_refusal(self.rules, box, hand, action, None) is None
        ]

    # --- carrying out decisions --------------------------------------------------------------

    def _answer_switch_hands(self, turn: Turn, action: Action, amount: int | None) -> None:
        box = self.state.boxes[self._box_index]
        box.switched = action is Action.SWITCH
        self._answered.add(self._box_index)
        switch_hands(self.state, box)

    def _answer_blackjack_switch(self, turn: Turn, action: Action, amount: int | None) -> None:
        box = self.state.boxes[self._box_index]
        box.switched = action is Action.SWITCH
        self._answered.add(self._box_index)
        if box.switched:
            switch_second_cards(self.state, box)

    def _answer_offer(self, turn: Turn, action: Action, amount: int | None) -> None:
        box = self.state.boxes[self._box_index]
        box.offer_answered = True
        if action is Action.INSURANCE and amount is not None:
            box.insurance = amount
            self.state.placed(box.number, 0, "insurance", amount, "633a.8(b)")
        elif action is Action.EVEN_MONEY:
            hand = box.hands[0]
            # 633a.8(e): the Blackjack Wager is paid at 1 to 1 at once and the cards removed.
            self._emit([settlement.blackjack_paid(box, 0, hand, Fraction(1), "633a.8(e)")])
            hand.status = HandStatus.SETTLED

    def _answer_ez_bust(self, turn: Turn, action: Action, amount: int | None) -> None:
        if self._phase is Phase.EZ_BUST:
            self._answered.add(self._box_index)
        else:
            # 633b.16(c)(2): the offer on a split hand answered, play of the box resumes.
            self._phase = Phase.PLAY
        if action is Action.EZ_BUST and amount is not None:
            place_side(self.state, turn.box, turn.hand, "ez_bust", amount, "633b.16(c)")

    def _ez_bust_offered(self) -> bool:
        # 633b.16(c): offered after the deal only when the dealer's up card is a 2 to 6.
        return self.rules.side_wagers.ez_bust is not None and 2 <= card_points(self.up_card) <= 6

    def _playing(self) -> tuple[BoxState, HandState]:
        """The box and hand a play decision is about; any decision rules out a later
        surrender (633a.9(a))."""
        box = self.state.boxes[self._box_index]
        box.decided = True
        return box, self._current_hand()

    def _stand(self, turn: Turn, action: Action, amount: int | None) -> None:
        _, hand = self._playing()
        self._complete(hand, HandStatus.STOOD, "stood", "633a.7(i)(2)")

    def _hit(self, turn: Turn, action: Action, amount: int | None) -> None:
        box, hand = self._playing()
        try:
            self._deal_to(box, self._hand_index, face_up=True, paragraph="633a.7(j)")
        except CardNotDealt as missed:
            self._requested_card_missed(box, hand, action, missed.option)
            return
        if hand.points.total > 21:
            self._bust(box, hand, "633a.7(j)")

    def _double(self, turn: Turn, action: Action, amount: int | None) -> None:
        box, hand = self._playing()
        hand.double = hand.stake if amount is None else amount
        self.state.placed(box.number, self._hand_index, "double", hand.double, "633a.10(a)")
        # 633a.10(a), 633a.10(c), 633a.7(k)(2): one additional card only.
        try:
            self._deal_to(box, self._hand_index, face_up=True, paragraph="633a.10(c)")
        except CardNotDealt as missed:
            self._requested_card_missed(box, hand, action, missed.option)
            return
        self._after_double(box, hand)

    def _after_double(self, box: BoxState, hand: HandState) -> None:
        if hand.points.total > 21:
            self._bust(box, hand, "633a.7(k)(2)")
        else:
            self._complete(hand, HandStatus.DOUBLED, "doubled", "633a.7(k)(2)")

    def _split_hand(self, turn: Turn, action: Action, amount: int | None) -> None:
        self._split(*self._playing())

    def _surrender_hand(self, turn: Turn, action: Action, amount: int | None) -> None:
        self._surrender(*self._playing())

    def _bust(self, box: BoxState, hand: HandState, paragraph: str) -> None:
        self._complete(hand, HandStatus.BUSTED, "busted", paragraph)
        # Without the check (non-PA) a busted hand waits, so that original bets only
        # (633a.11(d)) can still limit what a dealer Blackjack collects.
        waits = not self.rules.dealer_peeks and self.rules.original_bets_only
        if self.variation.discards_busted_hands_at_once and not waits:
            # 633a.12(b)(6)(ii): a busted hand is discarded at once, its wager collected.
            self._emit([settlement.busted(box, self._hand_index, hand, "633a.12(b)(6)(ii)")])
            hand.status = HandStatus.SETTLED

    def _split(self, box: BoxState, hand: HandState) -> None:
        aces = hand.cards[0].is_ace
        second = hand.cards.pop()
        hand.from_split = True
        hand.split_aces = aces
        # 633a.11(b): the new hand is laid at the end of the box's row (toward the dealer's
        # right), so hands are completed in the order they were formed and keep their numbers.
        box.hands.append(
            HandState(
                cards=[second],
                stake=hand.stake,
                from_split=True,
                split_aces=aces,
                origin=hand.origin,
            )
        )
        self.state.placed(box.number, len(box.hands) - 1, "split", hand.stake, "633a.11(a)")
        # 633a.11(b): deal to and complete the first hand before any card to the second.
        self._deal_to(box, self._hand_index, face_up=True, paragraph="633a.11(b)")
        if self._ez_bust_offered():
            # 633b.16(c)(2): another EZ Bust wager may be placed each time a hand is split.
            self._phase = Phase.EZ_BUST_SPLIT
            self._ez_split_offer = len(box.hands) - 1

    def _surrender(self, box: BoxState, hand: HandState) -> None:
        # 633a.9(b): an Insurance Wager already made is left alone here; it is settled on its
        # own under 633a.8 when the hole card shows, the surrendered wager under 633a.9(a).
        hand.surrendered = True
        self._complete(hand, HandStatus.SURRENDERED, "surrendered", "633a.9(a)")
        if not self.dealer.up_card_ace_or_ten():
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

    # --- the automatic steps ------------------------------------------------------------------

    def _start(self) -> None:
        open_round(self.state, self.dealer)
        if any(box.ante for box in self.state.boxes):
            # 633c.4(f): before any other card, counterclockwise from the dealer's right.
            self._phase = Phase.SWITCH_HANDS
            self._box_index = self._next_unanswered(counterclockwise=True)
            self._advance()
            return
        self._after_the_deal()

    def _after_the_deal(self) -> None:
        for box in self.state.boxes:
            box.initial_cards = list(box.hands[0].cards)
            for hand in box.hands:
                if variants.is_natural(hand, self.rules):
                    hand.status = HandStatus.BLACKJACK
        # 633a.7(g): the optional wagers on the initial cards, before any other card.
        self._emit(self.state.side.settle_initial(self.state.dealer_cards), counterclockwise=True)
        # 633a.8(a): insurance (and even money, 633a.8(e)) only when the up card is an ace;
        # with a ten-value up card the dealer checks for Blackjack at once (633a.7(h)).
        self._box_index = 0
        self._answered.clear()
        if self.up_card.is_ace:
            self._phase = Phase.INSURANCE
        elif self.dealer.check_for_blackjack():
            self._finish()
            return
        elif self._ez_bust_offered():
            self._phase = Phase.EZ_BUST
        else:
            self._phase = Phase.PLAY
        self._advance()

    def _advance(self) -> None:
        """Run every automatic step until a decision is needed or the round is complete."""
        if self._phase is Phase.SWITCH_HANDS:
            self._box_index = self._next_unanswered(counterclockwise=True)
            if self._box_index >= 0:
                return
            # 633c.4(g): then 633a.7(g)-(t). 633c.4(m) (premium) names (h)-(t): read as the same
            # order, (g) being the only time the text gives the optional wagers. A reading.
            self._after_the_deal()
            return
        if self._phase is Phase.INSURANCE:
            while (
                self._box_index < len(self.state.boxes)
                and self.state.boxes[self._box_index].offer_answered
            ):
                self._box_index += 1
            if self._box_index < len(self.state.boxes):
                return
            if self.dealer.check_for_blackjack():
                self._finish()
                return
            self._phase = Phase.PLAY
            self._box_index = 0
        if self._phase is Phase.EZ_BUST:
            while self._box_index < len(self.state.boxes) and self._box_index in self._answered:
                self._box_index += 1
            if self._box_index < len(self.state.boxes):
                return
            self._phase = Phase.PLAY
            self._box_index = 0
        if self._phase is Phase.EZ_BUST_SPLIT:
            return
        if not self._next_decision():
            if self._deal_deferred():
                return
            self.dealer.play()
            self.dealer.settle_remaining()
            self._finish()

    def _next_unanswered(self, *, counterclockwise: bool) -> int:
        """The next box (by index) that has an ante and no switch decision yet, or -1."""
        order = (
            range(len(self.state.boxes) - 1, -1, -1)
            if counterclockwise
            else range(len(self.state.boxes))
        )
        for index in order:
            box = self.state.boxes[index]
            if box.ante and box.switched is None:
                return index
        return -1

    def _awaiting_switch(self) -> bool:
        box = self.state.boxes[self._box_index]
        return self.variation.switches_second_cards and box.switched is None

    def _next_decision(self) -> bool:
        """Move to the next hand that needs a decision; False when every box is done."""
        boxes = self.state.boxes
        self._phase = Phase.PLAY
        while self._box_index < len(boxes):
            box = boxes[self._box_index]
            if self._hand_index == 0 and self._awaiting_switch():
                self._phase = Phase.SWITCH
                return True  # 633a.12(a)(4): the switch decision comes first
            if self._hand_index >= len(box.hands):
                self._box_index += 1
                self._hand_index = 0
                continue
            hand = box.hands[self._hand_index]
            if (
                hand.status is HandStatus.BLACKJACK
                and not self.dealer.up_card_ace_or_ten()
                and not self.variation.pays_naturals_against_final_hand
            ):
                # 633a.7(i)(1)(i): against a 2-9 up card the Blackjack is paid at once.
                odds, paragraph = variants.blackjack_odds(self.rules, box, hand)
                if paragraph == "633a.13(a)":
                    paragraph = "633a.7(i)(1)(i)"
                self._emit(
                    [settlement.blackjack_paid(box, self._hand_index, hand, odds, paragraph)]
                )
                hand.status = HandStatus.SETTLED
            if hand.status is not HandStatus.OPEN or self._deferred_here():
                self._hand_index += 1
                continue
            if box.wager.player in self.state.refused:
                # 633a.14(c): the player refused the exposed card: no more cards this round.
                self._complete(hand, HandStatus.STOOD, "refused the exposed card", "633a.14(c)")
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

    # --- small helpers ------------------------------------------------------------------------

    def _finish(self) -> None:
        self._discard_exposed()  # 633a.14(c): refused by all and not used by the dealer
        self._phase = Phase.COMPLETE
        self.dealer.finish()

    def _log(self, event: Event) -> None:
        self.state.events.append(event)

    def _emit(self, settlements: list[Settlement], *, counterclockwise: bool = False) -> None:
        self.state.emit(settlements, counterclockwise=counterclockwise)

    def _current_hand(self) -> HandState:
        box = self.state.boxes[self._box_index]
        return box.hands[min(self._hand_index, len(box.hands) - 1)]

    def _deal_to(self, box: BoxState, hand: int, *, face_up: bool, paragraph: str) -> None:
        self.state.deal_to_box(box, hand, face_up=face_up, paragraph=paragraph)

    def _complete(self, hand: HandState, status: HandStatus, reason: str, paragraph: str) -> None:
        hand.status = status
        self._log(
            HandCompleted(
                box=self.state.boxes[self._box_index].number,
                hand=self._hand_index,
                total=hand.points.total,
                reason=reason,
                paragraph=paragraph,
            )
        )


@dataclass(frozen=True, slots=True)
class _PhaseRules:
    """What a phase offers: the kind of turn, its legal actions, the refusal of any action, and
    the hand the turn is about (hand 0 for an offer or switch concerning the whole box)."""

    kind: TurnKind
    legal: Callable[[Round], list[Action]]
    refusal: Callable[[Round, Action, int | None], IllegalActionError | None]
    hand: Callable[[Round], int] = lambda game: 0


_Handler = Callable[[Round, Turn, Action, int | None], None]

# Every phase that waits for a decision; COMPLETE waits for none.
_PHASES: dict[Phase, _PhaseRules] = {
    Phase.SWITCH_HANDS: _PhaseRules(
        "switch_hands", Round._switch_actions, Round._switch_hands_refusal
    ),
    Phase.INSURANCE: _PhaseRules("insurance", Round._insurance_actions, Round._insurance_refusal),
    Phase.EZ_BUST: _PhaseRules("ez_bust", Round._ez_bust_actions, Round._ez_bust_refusal),
    Phase.EZ_BUST_SPLIT: _PhaseRules(
        "ez_bust", Round._ez_bust_actions, Round._ez_bust_refusal, Round._split_offer_hand
    ),
    Phase.SWITCH: _PhaseRules("switch", Round._switch_actions, Round._blackjack_switch_refusal),
    Phase.PLAY: _PhaseRules("play", Round._play_actions, Round._play_refusal, Round._playing_hand),
}

# The one dispatch of decisions: (phase, action) -> the step that carries it out. An action a
# phase does not list here is refused by that phase's refusal before it could be dispatched.
_HANDLERS: dict[tuple[Phase, Action], _Handler] = {
    (Phase.SWITCH_HANDS, Action.SWITCH): Round._answer_switch_hands,
    (Phase.SWITCH_HANDS, Action.KEEP): Round._answer_switch_hands,
    (Phase.INSURANCE, Action.INSURANCE): Round._answer_offer,
    (Phase.INSURANCE, Action.EVEN_MONEY): Round._answer_offer,
    (Phase.INSURANCE, Action.DECLINE): Round._answer_offer,
    (Phase.EZ_BUST, Action.EZ_BUST): Round._answer_ez_bust,
    (Phase.EZ_BUST, Action.DECLINE): Round._answer_ez_bust,
    (Phase.EZ_BUST_SPLIT, Action.EZ_BUST): Round._answer_ez_bust,
    (Phase.EZ_BUST_SPLIT, Action.DECLINE): Round._answer_ez_bust,
    (Phase.SWITCH, Action.SWITCH): Round._answer_blackjack_switch,
    (Phase.SWITCH, Action.KEEP): Round._answer_blackjack_switch,
    (Phase.PLAY, Action.HIT): Round._hit,
    (Phase.PLAY, Action.STAND): Round._stand,
    (Phase.PLAY, Action.DOUBLE): Round._double,
    (Phase.PLAY, Action.SPLIT): Round._split_hand,
    (Phase.PLAY, Action.SURRENDER): Round._surrender_hand,
}
