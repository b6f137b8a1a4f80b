"""The irregularities of 633a.14 that change a round's play, at a table dealt by a person
(tablegames.blackjack.dealt): a requested card passed over (633a.14(i)), a card drawn in error
and exposed (633a.14(c)), the hole card read with a 2-9 up card (633a.14(j)). `Round` takes
them with the rest of its play; they live here so that the state machine of 633a.7 reads
without them. What they need of the round is declared below; `Round` provides it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from tablegames.blackjack.actions import Action, Turn
from tablegames.blackjack.dealer import Dealer
from tablegames.blackjack.events import CardDiscarded, CardExposed, Event, IrregularityRecorded
from tablegames.blackjack.round_state import RoundState
from tablegames.blackjack.state import BoxState, HandState, HandStatus, Settlement
from tablegames.core.cards import Card
from tablegames.core.cardsource import CardNotDealt, Destination
from tablegames.core.errors import IllegalActionError


def not_providable(missed: CardNotDealt) -> IllegalActionError:
    """633a.14(i) covers a card a player requested (a hit or a double); a card passed over
    anywhere else after the initial deal is not an irregularity the paragraph provides for."""
    return IllegalActionError(
        f"{missed.destination.describe()} cannot be passed over: 633a.14(i) provides for a "
        "card a player requested by hitting or doubling",
        paragraph="633a.14(i)",
    )


class DealtIrregularities(ABC):
    """633a.14(c), (i), (j) on a round (mixed into `Round`)."""

    state: RoundState
    dealer: Dealer
    _box_index: int
    _hand_index: int
    # 633a.14(i): hands whose requested card comes after the other players' (box index, hand
    # index, the decision that requested it), in the order they were passed over.
    _deferred: list[tuple[int, int, Action]]

    @property
    @abstractmethod
    def is_complete(self) -> bool: ...

    @property
    @abstractmethod
    def up_card(self) -> Card: ...

    @abstractmethod
    def box(self, number: int) -> BoxState: ...

    @abstractmethod
    def _log(self, event: Event) -> None: ...

    @abstractmethod
    def _emit(self, settlements: list[Settlement], *, counterclockwise: bool = False) -> None: ...

    @abstractmethod
    def _deal_to(self, box: BoxState, hand: int, *, face_up: bool, paragraph: str) -> None: ...

    @abstractmethod
    def _after_double(self, box: BoxState, hand: HandState) -> None: ...

    @abstractmethod
    def _bust(self, box: BoxState, hand: HandState, paragraph: str) -> None: ...

    @abstractmethod
    def _next_decision(self) -> bool: ...

    @abstractmethod
    def _finish(self) -> None: ...

    def _requested_card_missed(
        self, box: BoxState, hand: HandState, action: Action, option: str
    ) -> None:
        """633a.14(i): the dealer passed over the card this hand requested. At the player's
        option it is dealt after every other player's additional cards and before the hole card
        shows ("later"), or the hand is dead and its Blackjack Wager returned ("dead"; a double
        already placed is returned with it, since the hand is played no further)."""
        if option not in ("later", "dead"):
            raise IllegalActionError(
                f'633a.14(i) gives the player two options, "later" or "dead", not {option!r}',
                paragraph="633a.14(i)",
            )
        self._log(
            IrregularityRecorded(
                what="requested_card_missed",
                box=box.number,
                hand=self._hand_index,
                option=option,
                paragraph="633a.14(i)",
            )
        )
        if option == "later":
            self._deferred.append((self._box_index, self._hand_index, action))
            return
        stake = hand.total_stake
        self._emit(
            [
                Settlement.blackjack_wager(
                    box,
                    self._hand_index,
                    stake=stake,
                    returned=stake,
                    outcome="dead",
                    paragraph="633a.14(i)",
                )
            ]
        )
        hand.status = HandStatus.SETTLED

    def _deferred_here(self) -> bool:
        return any(item[:2] == (self._box_index, self._hand_index) for item in self._deferred)

    def _deal_deferred(self) -> bool:
        """633a.14(i): the passed-over cards, in order, before the hole card shows. True when
        a hand that got its card now waits for a decision."""
        while self._deferred:
            self._box_index, self._hand_index, action = self._deferred.pop(0)
            box = self.state.boxes[self._box_index]
            hand = box.hands[self._hand_index]
            try:
                self._deal_to(box, self._hand_index, face_up=True, paragraph="633a.14(i)")
            except CardNotDealt as missed:
                self._requested_card_missed(box, hand, action, missed.option)
                continue
            if action is Action.DOUBLE:
                self._after_double(box, hand)
            elif hand.points.total > 21:
                self._bust(box, hand, "633a.7(j)")
            elif self._next_decision():
                return True
        return False

    def expose(self, card: Card) -> list[Event]:
        """633a.14(c): a card drawn in error and exposed after the initial deal; the next card
        the shoe deals (the dealt table's feed holds it) is this card, offered to the players in
        turn and then to the dealer."""
        if self.is_complete:
            raise IllegalActionError("the round is complete", paragraph="633a.14(c)")
        if self.state.exposed is not None:
            raise IllegalActionError(
                f"{self.state.exposed} is already exposed and waiting to be dealt",
                paragraph="633a.14(c)",
            )
        first_new = len(self.state.events)
        self.state.exposed = card
        self._log(CardExposed(card=str(card), paragraph="633a.14(c)"))
        return self.state.events[first_new:]

    def _refuse_exposed(self, turn: Turn) -> None:
        """633a.14(c): a player who takes no card while the exposed card waits refuses it, and
        no more cards are dealt to that player this round (every box the player plays)."""
        player = self.box(turn.box).wager.player
        self.state.refused.add(player)
        self._log(
            IrregularityRecorded(
                what="exposed_card_refused",
                box=turn.box,
                hand=turn.hand,
                paragraph="633a.14(c)",
            )
        )

    def hole_card_read(self, *, reader_shows_value: bool) -> list[Event]:
        """633a.14(j): the hole card was put into the card reader though the up card is not an
        ace or a ten-value card. If the reader in use lets any player learn the hole card's
        value, every hand is dead and every wager not yet settled is returned ((j)(1)); if not,
        play continues ((j)(2)). The optional wagers already settled on the initial cards
        (633a.7(g)) and a Blackjack already paid (633a.7(i)(1)(i)) stay settled."""
        if self.is_complete or self.state.hole_revealed:
            raise IllegalActionError("the hole card has been turned over", paragraph="633a.14(j)")
        if self.dealer.up_card_ace_or_ten():
            raise IllegalActionError(
                f"the up card is {self.up_card}: the card reader checks the hole card under "
                "633a.7(h)",
                paragraph="633a.14(j)",
            )
        first_new = len(self.state.events)
        paragraph = "633a.14(j)(1)" if reader_shows_value else "633a.14(j)(2)"
        self._log(
            IrregularityRecorded(
                what="hole_card_read",
                option="void" if reader_shows_value else "continue",
                paragraph=paragraph,
            )
        )
        if reader_shows_value:
            self._void(paragraph)
        return self.state.events[first_new:]

    def _void(self, paragraph: str) -> None:
        returned = [
            Settlement.blackjack_wager(
                box,
                index,
                stake=hand.total_stake,
                returned=hand.total_stake,
                outcome="dead",
                paragraph=paragraph,
            )
            for box, index, hand in self.state.all_hands()
            if hand.status is not HandStatus.SETTLED
        ]
        # No Insurance Wager can be open: insurance is offered only against an ace (633a.8(a)).
        self._emit(returned + self.state.side.return_open(None, paragraph))
        for _, _, hand in self.state.all_hands():
            hand.status = HandStatus.SETTLED
        self._deferred.clear()
        self._finish()

    def _discard_exposed(self) -> None:
        """633a.14(c): an exposed card the players refused and the dealer could not use goes
        to the discard rack as the round ends."""
        if self.state.exposed is None:
            return
        card = self.state.draw(Destination("discard", paragraph="633a.14(c)"))
        self.state.set_aside.append(card)
        self._log(
            CardDiscarded(
                card=str(card),
                reason="drawn in error and exposed; refused by the players and not usable by "
                "the dealer",
                paragraph="633a.14(c)",
            )
        )
