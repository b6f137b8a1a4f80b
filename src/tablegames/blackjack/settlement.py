"""How each Blackjack Wager is settled (633a.7(p)-(r), 633a.9, 633a.10(b), 633a.11(d), 633a.13)."""

from __future__ import annotations

from fractions import Fraction

from tablegames.blackjack.rules import Rules
from tablegames.blackjack.state import BoxState, HandState, HandStatus, Settlement, initial_hands
from tablegames.core.money import half, winnings


def against_total(box: BoxState, index: int, hand: HandState, dealer: int) -> Settlement:
    """A standing hand against the dealer's final total (633a.7(p)-(q)); 1 to 1 (633a.13(a))."""
    player = hand.points.total
    stake = hand.total_stake
    if dealer > 21:
        returned, outcome, paragraph = stake * 2, "win", "633a.7(p)(1)"
    elif player > dealer:
        returned, outcome, paragraph = stake * 2, "win", "633a.7(p)(2)"
    elif player == dealer:
        returned, outcome, paragraph = stake, "push", "633a.7(q)"
    else:
        # The converse of 633a.7(p)(2): the dealer's total exceeds the player's without
        # exceeding 21. (633a.7(q) is the tie, not the loss.)
        returned, outcome, paragraph = 0, "lose", "633a.7(p)(2)"
    return Settlement.blackjack_wager(
        box, index, stake=stake, returned=returned, outcome=outcome, paragraph=paragraph
    )


def win_paragraph(dealer_total: int) -> str:
    """Which of 633a.7(p)(1)-(3) makes a player's Blackjack win against the dealer's final hand.

    >>> win_paragraph(23), win_paragraph(18), win_paragraph(21)
    ('633a.7(p)(1)', '633a.7(p)(2)', '633a.7(p)(3)')
    """
    if dealer_total > 21:
        return "633a.7(p)(1)"  # the dealer busted
    if dealer_total == 21:
        return "633a.7(p)(3)"  # 21 in more than two cards (a dealer Blackjack never gets here)
    return "633a.7(p)(2)"  # the player's 21 exceeds the dealer's total


def busted(box: BoxState, index: int, hand: HandState, paragraph: str = "633a.7(p)") -> Settlement:
    # 633a.7(p)(1)-(2): a total over 21 never wins; the wager and any double are lost.
    return Settlement.blackjack_wager(
        box, index, stake=hand.total_stake, returned=0, outcome="lose", paragraph=paragraph
    )


def blackjack_paid(
    box: BoxState, index: int, hand: HandState, odds: Fraction, paragraph: str
) -> Settlement:
    """A player Blackjack paid at the house's odds (633a.13(a): 3 to 2)."""
    return Settlement.blackjack_wager(
        box,
        index,
        stake=hand.stake,
        returned=hand.stake + winnings(hand.stake, odds),
        outcome="blackjack",
        paragraph=paragraph,
    )


def surrendered(
    box: BoxState, index: int, hand: HandState, *, dealer_blackjack: bool, paragraph: str
) -> Settlement:
    """633a.9(a): half the wager is returned, all of it lost if the dealer shows Blackjack."""
    if dealer_blackjack:
        return Settlement.blackjack_wager(
            box, index, stake=hand.stake, returned=0, outcome="lose", paragraph=paragraph
        )
    return Settlement.blackjack_wager(
        box,
        index,
        stake=hand.stake,
        returned=half(hand.stake),
        outcome="surrender",
        paragraph=paragraph,
    )


def against_dealer_blackjack(
    box: BoxState, rules: Rules, *, checked: bool, tie_pays: tuple[Fraction, str] | None = None
) -> list[Settlement]:
    """Every open Blackjack Wager of a box when the dealer has Blackjack."""
    settlements = []
    # 633a.10(b), 633a.11(d): only the original wager may be collected. When the dealer checks
    # before any decision (633a.7(h)) nothing else is at stake; the limit bites only in the
    # non-PA game without a check.
    # At Blackjack Switch the original wager is the pair of equal wagers (633a.12(a)(1)).
    original = box.wager.amount * initial_hands(rules)
    # A hand surrendered (633a.9) has lost its original wager already: the box's other hands
    # may lose only what is left of the original wagers (at Blackjack Switch, the other one).
    surrendered = sum(hand.stake for hand in box.hands if hand.surrendered)
    limit = max(0, original - surrendered) if rules.original_bets_only else None
    for index, hand in enumerate(box.hands):
        if hand.status in (HandStatus.SETTLED, HandStatus.SURRENDERED):
            continue
        if hand.status is HandStatus.BLACKJACK and tie_pays is not None:
            # 633c.4(i)(2)(ii), 633c.4(o): a tie Blackjack paid 1 to 2 instead of returned.
            settlements.append(blackjack_paid(box, index, hand, *tie_pays))
            continue
        if hand.status is HandStatus.BLACKJACK:
            # 633a.7(q): Blackjack against Blackjack is a tie.
            settlements.append(
                Settlement.blackjack_wager(
                    box,
                    index,
                    stake=hand.stake,
                    returned=hand.stake,
                    outcome="push",
                    paragraph="633a.7(q)",
                )
            )
            continue
        stake = hand.total_stake
        # Busted hands are no exception: 633a.7 collects nothing before settlement, so the
        # limit covers every hand of the box, charged in the order the hands were played.
        lost = stake if limit is None else min(stake, limit)
        if limit is not None:
            limit = max(0, limit - lost)
        settlements.append(
            Settlement.blackjack_wager(
                box,
                index,
                stake=stake,
                returned=stake - lost,
                outcome="lose" if lost else "push",
                paragraph="633a.7(h)" if checked else "633a.10(b)",
            )
        )
    return settlements


def in_settlement_order(settlements: list[Settlement], rules: Rules) -> list[Settlement]:
    """The order the Rules Submission designates for collecting and paying (633a.7(r))."""
    # 633a.7(r)(2): counterclockwise, beginning with the player farthest to the dealer's right.
    ordered = sorted(settlements, key=lambda item: (-item.box, -item.hand))
    if rules.settlement_procedure == "collect_then_pay":
        # 633a.7(r)(1): collect all losing wagers, then pay off all winning wagers.
        return [item for item in ordered if item.returned < item.stake] + [
            item for item in ordered if item.returned >= item.stake
        ]
    return ordered
