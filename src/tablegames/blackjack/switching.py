"""The two switches: Switch Hands' choice between the dealt cards and the switch cards
(633c.4(f)) and Blackjack Switch's exchange of second cards (633a.12(a)(4)). Each works on the
round's `RoundState` once the player's decision is known.
"""

from __future__ import annotations

from tablegames.blackjack.events import CardsSwitched
from tablegames.blackjack.round_state import RoundState
from tablegames.blackjack.state import BoxState, HandStatus, Settlement
from tablegames.blackjack.wagers import SWITCH_HANDS_ANTE


def switch_hands(state: RoundState, box: BoxState) -> None:
    """633c.4(f): play the two face-up cards, or discard them and play the switch cards."""
    hand = box.hands[0]
    if box.switched:
        # 633c.4(f)(2): the face-up cards go to the discard rack, the switch cards face up.
        box.discarded += hand.cards
        hand.cards = box.switch_cards
        paragraph = "633c.4(f)(2)"
    else:
        # 633c.4(f)(1): the switch cards go to the discard rack unexposed.
        box.discarded += box.switch_cards
        paragraph = "633c.4(f)(1)"
    box.switch_cards = []
    state.log(
        CardsSwitched(
            box=box.number,
            cards=tuple(str(card) for card in hand.cards),
            switched=bool(box.switched),
            paragraph=paragraph,
        )
    )
    # 633c.4(c), (l): the ante buys the switch option and stays on the layout until the cards
    # are dealt; the regulation pays nothing on it, so it is collected here.
    state.emit(
        [Settlement(box.number, 0, SWITCH_HANDS_ANTE, box.ante, 0, "lose", "633c.4(c)", None)]
    )


def switch_second_cards(state: RoundState, box: BoxState) -> None:
    """633a.12(a)(4): the second cards of the box's two hands change places."""
    first, second = box.hands[0], box.hands[1]
    first.cards[1], second.cards[1] = second.cards[1], first.cards[1]
    for hand in (first, second):
        hand.switched = True
        if hand.status is HandStatus.BLACKJACK:
            hand.status = HandStatus.OPEN  # a switched ace and ten is a 21 (633a.12(a)(5))
    state.log(
        CardsSwitched(
            box=box.number,
            cards=tuple(str(card) for hand in (first, second) for card in hand.cards),
            switched=True,
            paragraph="633a.12(a)(4)",
        )
    )
