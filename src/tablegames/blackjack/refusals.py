"""Why a decision is not allowed: each check returns the error naming its paragraph, or None.

These are pure functions of the house rules and the hand, so `legal_actions`, `verify_*` and
`can_*` all read the same answer.
"""

from __future__ import annotations

from tablegames.blackjack.actions import Action
from tablegames.blackjack.hand import card_points
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.state import BoxState, HandState, HandStatus, initial_hands
from tablegames.blackjack.variation import variation_of
from tablegames.core.errors import IllegalActionError
from tablegames.core.money import format_cents


def max_insurance(wager: int, unit: int) -> int:
    """633a.8(b): half the initial wager, or up to the next chip unit when half cannot be bet.

    >>> max_insurance(2500, 100), max_insurance(2400, 100), max_insurance(1500, 500)
    (1300, 1200, 1000)
    """
    if wager % (2 * unit) == 0:
        return wager // 2
    return -(-wager // (2 * unit)) * unit


def offer_refusal(
    rules: Rules, box: BoxState, action: Action, amount: int | None
) -> IllegalActionError | None:
    """Answers to the insurance offer: insurance (633a.8(b)), even money (633a.8(e)), decline."""
    if action is Action.EVEN_MONEY:
        if not rules.even_money:
            return IllegalActionError("the house does not offer even money", paragraph="633a.8(e)")
        if not variation_of(rules).offers_even_money:
            # Reading: the hands are not final until the switch decision, which comes later.
            return IllegalActionError(
                "even money is not offered at Blackjack Switch: the player has not yet decided "
                "whether to switch",
                paragraph="633a.12(a)(4)",
            )
        if box.hands[0].status is not HandStatus.BLACKJACK:
            return IllegalActionError(
                "even money is offered only to a player with Blackjack", paragraph="633a.8(e)"
            )
    if action is Action.INSURANCE:
        if amount is None or isinstance(amount, bool) or amount <= 0:
            return IllegalActionError(
                "an Insurance Wager needs a positive amount in cents", paragraph="633a.8(b)"
            )
        # At Blackjack Switch the initial wager is the pair of equal wagers (633a.12(a)(1)).
        limit = max_insurance(box.wager.amount * initial_hands(rules), rules.wager_unit)
        if amount > limit:
            return IllegalActionError(
                f"insurance of {format_cents(amount)} is more than half the initial wager "
                f"({format_cents(limit)} at most)",
                paragraph="633a.8(b)",
            )
        if amount % rules.wager_unit:
            return IllegalActionError(
                f"insurance of {format_cents(amount)} is not a multiple of the wager unit "
                f"{format_cents(rules.wager_unit)}",
                paragraph="633a.8(b)",
            )
    elif amount is not None:
        return IllegalActionError(f"{action.value} takes no amount")
    return None


def ez_bust_refusal(
    rules: Rules, box: BoxState, action: Action, amount: int | None
) -> IllegalActionError | None:
    """633b.16(c)-(d): place an EZ Bust wager of up to the initial Blackjack Wager, or decline."""
    if action is Action.DECLINE:
        return None if amount is None else IllegalActionError("decline takes no amount")
    if action is not Action.EZ_BUST:
        return IllegalActionError(
            f"{action.value} is not possible yet: box {box.number} must first place or decline "
            "the EZ Bust wager",
            paragraph="633b.16(c)",
        )
    if amount is None or isinstance(amount, bool) or amount <= 0:
        return IllegalActionError(
            "an EZ Bust wager needs a positive amount in cents", paragraph="633b.16(d)"
        )
    if amount > box.wager.amount:
        return IllegalActionError(
            f"an EZ Bust wager of {format_cents(amount)} exceeds the initial Blackjack Wager "
            f"of {format_cents(box.wager.amount)}",
            paragraph="633b.16(d)",
        )
    if amount % rules.wager_unit:
        return IllegalActionError(
            f"an EZ Bust wager of {format_cents(amount)} is not a multiple of the wager unit "
            f"{format_cents(rules.wager_unit)}"
        )
    return None


def play_refusal(
    rules: Rules, box: BoxState, hand: HandState, action: Action, amount: int | None
) -> IllegalActionError | None:
    """Playing decisions on the current hand (633a.7(i)-(k), 633a.9-633a.11)."""
    if action is Action.EZ_BUST:
        return IllegalActionError(
            "EZ Bust is offered only after the deal against a 2-6 up card, and after a split",
            paragraph="633b.16(c)",
        )
    if action in (Action.SWITCH, Action.KEEP):
        return IllegalActionError(
            f"{action.value} is a Blackjack Switch or Switch Hands decision, not asked now",
            paragraph="633a.12(a)(4)",
        )
    if action in (Action.INSURANCE, Action.EVEN_MONEY, Action.DECLINE):
        # Asked outside the insurance offer, amount or not: the offer comes only with an ace up.
        paragraph = "633a.8(e)" if action is Action.EVEN_MONEY else "633a.8(a)"
        return IllegalActionError(
            f"{action.value.replace('_', ' ')} is offered only when the dealer's first card is an "
            "ace, before the players act",
            paragraph=paragraph,
        )
    if amount is not None and action is not Action.DOUBLE:
        return IllegalActionError(f"{action.value} takes no amount")
    if action is Action.STAND:
        return None
    if action is Action.HIT:
        return _hit_refusal(rules, hand)
    if action is Action.DOUBLE:
        return _double_refusal(rules, hand, amount)
    if action is Action.SPLIT:
        return _split_refusal(rules, box, hand)
    if action is Action.SURRENDER:
        return _surrender_refusal(rules, box, hand)
    raise ValueError(f"no refusal rule for {action!r}")  # every Action is handled above


def _split_aces_are_dead(rules: Rules, hand: HandState) -> IllegalActionError | None:
    if hand.split_aces and not rules.hit_split_aces:
        return IllegalActionError(
            "split aces receive one card each under these house rules", paragraph="633a.11(c)"
        )
    return None


def _hit_refusal(rules: Rules, hand: HandState) -> IllegalActionError | None:
    total = hand.points.total
    if total >= 21:
        # 633a.7(k)(1): Blackjack or a hard or soft 21 may not draw.
        return IllegalActionError(f"a hand of {total} may not draw", paragraph="633a.7(k)(1)")
    return _split_aces_are_dead(rules, hand)


def _double_refusal(rules: Rules, hand: HandState, amount: int | None) -> IllegalActionError | None:
    if len(hand.cards) != 2:
        return IllegalActionError(
            "a Double Down Wager is made on the first two cards of a hand only",
            paragraph="633a.10(a)",
        )
    if hand.points.total >= 21:
        # 633a.7(k)(1): a hand of 21 may not draw, and doubling draws one card.
        return IllegalActionError("a hand of 21 may not double", paragraph="633a.7(k)(1)")
    if hand.from_split and not rules.double_after_split:
        return IllegalActionError(
            "these house rules do not allow doubling after a split (non-PA what-if)",
            paragraph="633a.10(a)",
        )
    dead = _split_aces_are_dead(rules, hand)
    if dead is not None or amount is None:
        return dead
    if isinstance(amount, bool) or amount <= 0:
        return IllegalActionError("a Double Down Wager needs a positive amount in cents")
    if amount > hand.stake:
        return IllegalActionError(
            f"a Double Down Wager of {format_cents(amount)} exceeds the original wager of "
            f"{format_cents(hand.stake)}",
            paragraph="633a.10(a)",
        )
    if amount % rules.wager_unit:
        return IllegalActionError(
            f"a Double Down Wager of {format_cents(amount)} is not a multiple of the wager "
            f"unit {format_cents(rules.wager_unit)}"
        )
    return None


def _split_refusal(rules: Rules, box: BoxState, hand: HandState) -> IllegalActionError | None:
    if len(hand.cards) != 2 or card_points(hand.cards[0]) != card_points(hand.cards[1]):
        return IllegalActionError(
            "only two cards of identical value may be split", paragraph="633a.11(a)"
        )
    # At Blackjack Switch each of the two hands may split up to the house limit.
    family = sum(1 for other in box.hands if other.origin == hand.origin)
    if family >= rules.max_hands:
        return IllegalActionError(
            f"the house allows at most {rules.max_hands} hands from splitting",
            paragraph="633a.11(c)",
        )
    if hand.split_aces and not rules.resplit_aces:
        return IllegalActionError(
            "the house does not allow aces to be split again", paragraph="633a.11(c)"
        )
    return None


def _surrender_refusal(rules: Rules, box: BoxState, hand: HandState) -> IllegalActionError | None:
    if not rules.late_surrender:
        return IllegalActionError(
            "the house does not offer surrender (non-PA what-if rules)", paragraph="633a.9(a)"
        )
    if variation_of(rules).surrender_needs_house_option and not rules.switch_surrender:
        return IllegalActionError(
            "Blackjack Switch allows doubling, splitting, standing and drawing, not surrender",
            paragraph="633a.12(a)(4)",
        )
    if box.decided or hand.from_split or len(hand.cards) != 2:
        return IllegalActionError(
            "surrender must be decided on the first two cards before any other decision",
            paragraph="633a.9(a)",
        )
    return None
