"""The opening of a round, before any decision: the wagers go down (633a.6(c)-(e)) and the cards
are dealt in the order of 633a.7(f), with the switch cards of Switch Hands (633c.4(d), (j)).

`open_round` works on the round's `RoundState` and the `Dealer`, as the dealer's procedure does;
what follows the deal (the optional wagers, insurance, the peek) is the `Round`'s, because it
waits for decisions.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache

from tablegames.blackjack.dealer import Dealer
from tablegames.blackjack.events import HOUSE, CardDealt, IrregularityRecorded, RoundStarted
from tablegames.blackjack.round_state import RoundState
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.state import BoxState, HandState, Settlement
from tablegames.blackjack.wagers import SWITCH_HANDS_ANTE
from tablegames.core.cardsource import CardNotDealt, Destination
from tablegames.core.errors import IllegalActionError

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


def deal_plan(state: RoundState) -> list[Destination]:
    """Every card of the initial deal in the order 633a.7(f) deals them, with the switch cards
    of Switch Hands before (633c.4(d)) or after (633c.4(j)) as the rules file it."""
    before = state.rules.switch_cards_dealt == "before"
    switch_paragraph = "633c.4(d)" if before else "633c.4(j)"
    switch = [
        Destination("switch", box.number, 0, False, switch_paragraph)
        for _ in range(2)
        for box in state.boxes
        if box.wager.side.get(SWITCH_HANDS_ANTE)
    ]
    # 633a.7(f): clockwise from the dealer's left, a card to each box (to each of its hands at
    # Blackjack Switch, 633a.12(a)(3)), the dealer's up card, a second card to each box, then
    # the dealer's hole card face down. 633a.12(b)(5): dealt from the hand, the players' cards
    # go face down.
    face_up = not state.variation.deals_face_down
    plan = list(switch) if before else []
    for round_of_cards, (box_paragraph, dealer_face_up) in enumerate(_DEAL_STEPS):
        for box in state.boxes:
            for index in range(state.variation.hands_per_box):
                plan.append(Destination("box", box.number, index, face_up, box_paragraph))
        plan.append(
            Destination("dealer", 0, 0, dealer_face_up, f"633a.7(f)({2 * round_of_cards + 2})")
        )
    return plan if before else plan + switch


def _deal(state: RoundState, dealer: Dealer) -> None:
    pending = deque(deal_plan(state))
    while pending:
        step = pending.popleft()
        try:
            _deal_one(state, dealer, step)
        except CardNotDealt as missed:
            # Only a dealt table's card feed says so: the dealer skipped the card.
            pending = _not_dealt(state, step, pending, missed.option)


def _deal_one(state: RoundState, dealer: Dealer, step: Destination) -> None:
    if step.to == "dealer":
        dealer.deal_card(face_up=step.face_up, paragraph=step.paragraph)
    elif step.to == "box":
        state.deal_to_box(
            _box(state, step.box), step.hand, face_up=step.face_up, paragraph=step.paragraph
        )
    else:
        _deal_switch_card(state, _box(state, step.box), step.paragraph)


def _box(state: RoundState, number: int) -> BoxState:
    return next(box for box in state.boxes if box.number == number)


def _not_dealt(
    state: RoundState, step: Destination, pending: deque[Destination], option: str
) -> deque[Destination]:
    """The initial deal after the dealer skipped `step`: the steps still to deal."""
    if step.to == "dealer":
        if option != "later":
            raise IllegalActionError(
                "the dealer's missed card is dealt after the players' first two cards; "
                'the option is "later"',
                paragraph="633a.14(e)",
            )
        # 633a.14(e): the players' first two cards are completed, then the dealer's.
        state.log(
            IrregularityRecorded(what="dealer_card_missed", option="later", paragraph="633a.14(e)")
        )
        return deque(
            [s for s in pending if s.to == "box"]
            + [step]
            + [s for s in pending if s.to == "dealer"]
            + [s for s in pending if s.to == "switch"]
        )
    if step.to != "box":
        raise IllegalActionError(
            "633a.14 provides for a missed card of the players or the dealer only: deal the "
            "switch card",
            paragraph="633a.14(g)",
        )
    box = _box(state, step.box)
    first_card = not any(hand.cards for hand in box.hands)
    what = "hand_not_dealt" if first_card else "second_card_missed"
    if option == "dead":
        # 633a.14(g): a hand dealt no card is dead and its player joins the next deal; one
        # dealt a single card whose player does not take the second card late is read as dead
        # too. At Blackjack Switch the box's two hands play together (633a.12(a)(4)), so the
        # box is dead.
        state.log(
            IrregularityRecorded(
                what=what, box=box.number, hand=step.hand, option="dead", paragraph="633a.14(g)"
            )
        )
        _dead_box(state, box, "633a.14(g)")
        return deque(s for s in pending if s.box != box.number or s.to == "dealer")
    if option != "later" or first_card or len(box.hands[step.hand].cards) != 1:
        raise IllegalActionError(
            f"box {box.number} hand {step.hand}: a hand dealt no card is dead (option "
            '"dead"); a hand dealt one card gets its second after the others (option "later") '
            'or is dead ("dead")',
            paragraph="633a.14(g)",
        )
    # 633a.14(g): the second card after all other players have received theirs, before the
    # dealer's hole card.
    state.log(
        IrregularityRecorded(
            what=what, box=box.number, hand=step.hand, option="later", paragraph="633a.14(g)"
        )
    )
    steps = list(pending)
    last_box = max((i for i, s in enumerate(steps) if s.to == "box"), default=-1)
    steps.insert(last_box + 1, step)
    return deque(steps)


def _dead_box(state: RoundState, box: BoxState, paragraph: str) -> None:
    """A dead box: every wager on it returned, its cards to the discard rack, out of the
    round (its player joins the next deal)."""
    returned = [
        Settlement(box.number, index, "blackjack", hand.stake, hand.stake, "dead", paragraph)
        for index, hand in enumerate(box.hands)
    ]
    if box.ante:
        returned.append(
            Settlement(box.number, 0, SWITCH_HANDS_ANTE, box.ante, box.ante, "dead", paragraph)
        )
    state.emit(returned + state.side.return_open(box.number, paragraph))
    for hand in box.hands:
        state.set_aside.extend(hand.cards)
    state.set_aside.extend(box.switch_cards)
    state.boxes.remove(box)


def _deal_switch_card(state: RoundState, box: BoxState, paragraph: str) -> None:
    """633c.4(d): a switch card face down to a box with an ante."""
    card = state.draw(Destination("switch", box.number, 0, False, paragraph))
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
