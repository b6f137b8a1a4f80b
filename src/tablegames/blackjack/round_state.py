"""What one round holds: the boxes, the dealer's cards, the shoe, the side wagers and the event
log. The `Round` (the players' decisions) and the `Dealer` (633a.7(h), (l)-(r)) both act on one
`RoundState`, handed to each explicitly, instead of sharing attributes by name."""

from __future__ import annotations

from dataclasses import dataclass, field

from tablegames.blackjack import settlement
from tablegames.blackjack.events import (
    EVERYONE,
    PLAYER,
    CardDealt,
    Event,
    WagerPlaced,
    WagerSettled,
)
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sidebook import SideBook
from tablegames.blackjack.state import BoxState, HandState, HandStatus, Settlement
from tablegames.blackjack.variation import Variation
from tablegames.core.cards import Card
from tablegames.core.cardsource import CardSource, Destination


@dataclass(slots=True, kw_only=True)
class RoundState:
    """The mutable state of a round. `rules` and `variation` are fixed for the round."""

    rules: Rules
    variation: Variation
    shoe: CardSource
    boxes: list[BoxState]
    side: SideBook
    events: list[Event] = field(default_factory=list)
    dealer_cards: list[Card] = field(default_factory=list)
    hole_revealed: bool = False
    dealer_checked: bool = False  # 633a.7(h): the card reader has read the hole card
    cards_handed_back: bool = False  # 633a.7(s): the cards are in the discard rack
    # 633a.14: cards that left play during the round (discarded unplayed, a dead box's cards);
    # they go to the discard rack with the rest when the round ends.
    set_aside: list[Card] = field(default_factory=list)
    # 633a.14(c): a card drawn in error and exposed, waiting to be dealt as the next card.
    exposed: Card | None = None
    # 633a.14(c): the players who refused the exposed card get no more cards this round.
    refused: set[str] = field(default_factory=set)
    # Money events name the player: box number -> the player whose bet is on it.
    players: dict[int, str] = field(init=False)

    def __post_init__(self) -> None:
        self.players = {box.number: box.wager.player for box in self.boxes}

    def log(self, event: Event) -> None:
        self.events.append(event)

    def emit(self, settlements: list[Settlement], *, counterclockwise: bool = False) -> None:
        """Log settlements in the order the Rules Submission designates (633a.7(r)); the
        optional wagers of 633a.7(g) go box by box counterclockwise instead."""
        if counterclockwise:
            ordered = sorted(settlements, key=lambda item: (-item.box, -item.hand))
        else:
            ordered = settlement.in_settlement_order(settlements, self.rules)
        for item in ordered:
            self.log(
                WagerSettled(
                    box=item.box,
                    hand=item.hand,
                    wager=item.wager,
                    stake=item.stake,
                    returned=item.returned,
                    outcome=item.outcome,
                    paragraph=item.paragraph,
                    line=item.line,
                    player=self.players[item.box],
                )
            )

    def placed(self, box: int, hand: int, wager: str, amount: int, paragraph: str) -> None:
        """Log a wager going down, in the player's name."""
        self.events.append(
            WagerPlaced(
                box=box,
                hand=hand,
                wager=wager,
                amount=amount,
                paragraph=paragraph,
                player=self.players[box],
            )
        )

    def draw(self, destination: Destination) -> Card:
        """The next card from the shoe for `destination`; an exposed card waiting under
        633a.14(c) is that card."""
        card = self.shoe.draw(destination)
        self.exposed = None
        return card

    def deal_to_box(self, box: BoxState, hand: int, *, face_up: bool, paragraph: str) -> None:
        """A card from the shoe to one of the box's hands."""
        if self.exposed is not None:
            paragraph = "633a.14(c)"  # the exposed card, dealt as the next card
        card = self.draw(Destination("box", box.number, hand, face_up, paragraph))
        box.hands[hand].cards.append(card)
        self.events.append(
            CardDealt(
                card=card.code,
                to="box",
                box=box.number,
                hand=hand,
                face_up=face_up,
                # 633a.12(b)(6): only a hand-dealt box card is face down; its player examines it.
                seen_by=EVERYONE if face_up else PLAYER,
                paragraph=paragraph,
            )
        )

    def all_hands(self) -> list[tuple[BoxState, int, HandState]]:
        return [(box, index, hand) for box in self.boxes for index, hand in enumerate(box.hands)]

    def hands_with(self, status: HandStatus) -> list[tuple[BoxState, int, HandState]]:
        return [item for item in self.all_hands() if item[2].status is status]

    def table_cards(self) -> list[Card]:
        """Every card on the layout (dealer and boxes) not yet returned to the discard rack."""
        if self.cards_handed_back:
            return []
        cards = list(self.dealer_cards) + self.set_aside
        for box in self.boxes:
            cards += box.switch_cards + box.discarded
            for hand in box.hands:
                cards.extend(hand.cards)
        return cards
