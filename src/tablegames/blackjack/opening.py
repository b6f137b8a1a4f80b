"""The opening of a round, before any decision: the wagers go down (633a.6(c)-(e)) and the cards
are dealt in the order of 633a.7(f), with the switch cards of Switch Hands (633c.4(d), (j)).

`open_round` works on the round's `RoundState` and the `Dealer`, as the dealer's procedure does;
what follows the deal (the optional wagers, insurance, the peek) is the `Round`'s, because it
waits for decisions.
"""

from __future__ import annotations

from functools import lru_cache

from tablegames.blackjack.dealer import Dealer
from tablegames.blackjack.events import HOUSE, CardDealt, RoundStarted
from tablegames.blackjack.round_state import RoundState
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.state import BoxState, HandState
from tablegames.blackjack.wagers import SWITCH_HANDS_ANTE

# 633a.7(f)(1)-(4): first cards to the boxes then the up card; second cards then the hole card.
_DEAL_STEPS = (("633a.7(f)(1)", True), ("633a.7(f)(3)", False))


def open_round(state: RoundState, dealer: Dealer) -> None:
    """Log the round's start, place every box's wagers and deal the initial cards."""
    state.shoe.begin_round()
    state.log(
        RoundStarted(
            rules=_rules_record(state.rules),
            boxes=tuple(
                (box.number, box.wager.player, box.wager.amount, dict(box.wager.side))
                for box in state.boxes
            ),
            meters=dict(state.side.meters),
            selections=state.side.selections.to_json(),
            paragraph="633a.6(c)",
        )
    )
    for box in state.boxes:
        _place_wagers(state, box)
    _deal(state, dealer)


def place_side(
    state: RoundState, box: int, hand: int, wager: str, amount: int, paragraph: str
) -> None:
    """A side wager goes down (at the start, or EZ Bust after the deal, 633b.16(c))."""
    state.placed(box, hand, wager, amount, paragraph)
    state.side.place(box, hand, wager, amount)


def _place_wagers(state: RoundState, box: BoxState) -> None:
    # 633a.6(c)-(d), 633a.12(a)(1): one Blackjack Wager, two equal ones at Blackjack Switch.
    for index in range(state.variation.hands_per_box):
        paragraph = "633a.12(a)(1)" if index else "633a.6(d)"
        state.placed(box.number, index, "blackjack", box.wager.amount, paragraph)
        box.hands.append(HandState(cards=[], stake=box.wager.amount, origin=index))
    for name, stake in box.wager.side.items():
        if name == SWITCH_HANDS_ANTE:
            box.ante = stake
            state.placed(box.number, 0, name, stake, "633c.4(c)")
            continue
        # 633a.6(c), 633a.6(e): side wagers go down with the Blackjack Wager.
        place_side(state, box.number, 0, name, stake, "633a.6(e)")


def _deal(state: RoundState, dealer: Dealer) -> None:
    before = state.rules.switch_cards_dealt == "before"
    if before:
        _deal_switch_cards(state, "633c.4(d)")
    # 633a.7(f): clockwise from the dealer's left, a card to each box (to each of its hands at
    # Blackjack Switch, 633a.12(a)(3)), the dealer's up card, a second card to each box, then
    # the dealer's hole card face down. 633a.12(b)(5): dealt from the hand, the players' cards
    # go face down.
    face_up = not state.variation.deals_face_down
    hands = state.variation.hands_per_box
    for round_of_cards, (box_paragraph, dealer_face_up) in enumerate(_DEAL_STEPS):
        for box in state.boxes:
            for index in range(hands):
                state.deal_to_box(box, index, face_up=face_up, paragraph=box_paragraph)
        dealer.deal_card(face_up=dealer_face_up, paragraph=f"633a.7(f)({2 * round_of_cards + 2})")
    if not before:
        _deal_switch_cards(state, "633c.4(j)")


def _deal_switch_cards(state: RoundState, paragraph: str) -> None:
    """633c.4(d): two switch cards face down to each box with an ante, one at a time."""
    for _ in range(2):
        for box in state.boxes:
            if box.ante:
                card = state.shoe.draw()
                box.switch_cards.append(card)
                state.log(
                    CardDealt(
                        card=str(card),
                        to="switch",
                        box=box.number,
                        hand=0,
                        face_up=False,
                        # 633c.4(f)(1)-(2): chosen unseen, discarded unexposed or turned up.
                        seen_by=HOUSE,
                        paragraph=paragraph,
                    )
                )


@lru_cache(maxsize=64)
def _rules_record(rules: Rules) -> dict[str, object]:
    """The rules as logged in each round (computed once per Rules; treat it as read-only)."""
    return rules.model_dump(mode="json")
