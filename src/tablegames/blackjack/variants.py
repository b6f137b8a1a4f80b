"""What the variations change in a round: Blackjack Switch (633a.12(a)), the hand-dealt game
(633a.12(b)) and Switch Hands / Blackjack premium (633c.4). The `Variation` chosen once from the
rules (`variation_of`, defined in variation.py and re-exported here) holds every difference; the
payout rules below are pure functions of it and the hands, so the round engine stays one state
machine for every variant.

>>> from tablegames.blackjack.rules import Rules
>>> from tablegames.blackjack.wagers import BoxWager
>>> tie_blackjack_pays(Rules(), BoxState(wager=BoxWager(box=1, amount=1000))) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from tablegames.blackjack.hand import is_blackjack, points
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.settlement import blackjack_paid, win_paragraph
from tablegames.blackjack.state import BoxState, HandState, Settlement
from tablegames.blackjack.variation import VARIATIONS as VARIATIONS
from tablegames.blackjack.variation import Variation as Variation
from tablegames.blackjack.variation import variation_named as variation_named
from tablegames.blackjack.variation import variation_of
from tablegames.core.cards import Card

TIE_BLACKJACK = Fraction(1, 2)  # 633c.4(i)(2)(ii), 633c.4(o): 1 to 2
COLOURED_BLACKJACK = Fraction(2)  # 633c.4(i)(2)(i), 633c.4(o): 2 to 1


def is_natural(hand: HandState, rules: Rules) -> bool:
    """A Blackjack that pays as one: never after a split (633a.1), nor after a Blackjack Switch
    switch (633a.12(a)(5)(iii)-(iv) treat a "switched" Blackjack as a 21)."""
    switched_away = variation_of(rules).switches_second_cards and hand.switched
    return is_blackjack(hand.cards, from_split=hand.from_split or switched_away)


def is_switched_blackjack(hand: HandState, rules: Rules) -> bool:
    """633a.12(a)(5)(iii)-(iv): a Switch hand that became an ace and a ten by switching."""
    return (
        variation_of(rules).switches_second_cards
        and hand.switched
        and is_blackjack(hand.cards, from_split=hand.from_split)
    )


def blackjack_odds(rules: Rules, box: BoxState, hand: HandState) -> tuple[Fraction, str]:
    """The odds a winning natural Blackjack pays, and the paragraph that sets them."""
    if variation_of(rules).pays_premium_blackjacks and _coloured(hand.cards):
        has_ante = box.ante > 0
        # 633c.4(i)(2)(i): a switched player's same suit or same colour Blackjack pays 2 to 1;
        # 633c.4(o): at a premium table any player who placed the ante is paid so.
        if (rules.blackjack_premium and has_ante) or box.switched:
            paragraph = "633c.4(o)" if rules.blackjack_premium else "633c.4(i)(2)(i)"
            return COLOURED_BLACKJACK, paragraph
    return rules.blackjack_ratio, "633a.13(a)"


def tie_blackjack_pays(rules: Rules, box: BoxState) -> tuple[Fraction, str] | None:
    """When Blackjack against a dealer Blackjack is paid 1 to 2 instead of tying."""
    if not variation_of(rules).pays_premium_blackjacks:
        return None
    if rules.blackjack_premium:
        return TIE_BLACKJACK, "633c.4(o)"  # 633c.4(o): every player at a premium table
    if rules.tie_blackjack_pays and box.switched:
        return TIE_BLACKJACK, "633c.4(i)(2)(ii)"
    return None


def natural_against_final_hand(
    rules: Rules, box: BoxState, index: int, hand: HandState, dealer: Sequence[Card]
) -> Settlement:
    """A natural settled after the dealer's hand (633a.7(i)(1)(ii), 633a.7(p))."""
    total = points(dealer).total
    variation = variation_of(rules)
    if variation.dealer_22_pushes and total == 22:
        # 633a.12(a)(5)(v): a dealer 22 returns every hand of 21 or less.
        return _returned(box, index, hand, "633a.12(a)(5)(v)")
    if variation.natural_pays_even_against_dealer_21 and total == 21:
        # 633a.12(a)(5)(i): against a dealer's multi-card 21 a Blackjack pays 1 to 1.
        return blackjack_paid(box, index, hand, Fraction(1), "633a.12(a)(5)(i)")
    odds, paragraph = blackjack_odds(rules, box, hand)
    # The paragraph of 633a.7(p) that the dealer's final hand meets, unless a variation's own
    # odds paragraph (Switch Hands 633c.4) governs the payout.
    return blackjack_paid(
        box, index, hand, odds, win_paragraph(total) if paragraph == "633a.13(a)" else paragraph
    )


def switch_rule_for_total(
    rules: Rules, box: BoxState, index: int, hand: HandState, dealer: Sequence[Card]
) -> Settlement | None:
    """633a.12(a)(5)(iv)-(v): the Blackjack Switch exceptions for a standing hand, or None."""
    variation = variation_of(rules)
    if not variation.switches_second_cards:
        return None
    total = points(dealer).total
    if is_switched_blackjack(hand, rules) and total in (21, 22):
        return _returned(box, index, hand, "633a.12(a)(5)(iv)")
    if variation.dealer_22_pushes and total == 22 and hand.points.total <= 21:
        return _returned(box, index, hand, "633a.12(a)(5)(v)")
    return None


def _coloured(cards: Sequence[Card]) -> bool:
    # "same suit or same color": hearts and diamonds are red, spades and clubs black.
    return len(cards) == 2 and cards[0].suit.is_red == cards[1].suit.is_red


def _returned(box: BoxState, index: int, hand: HandState, paragraph: str) -> Settlement:
    stake = hand.total_stake
    return Settlement.blackjack_wager(
        box, index, stake=stake, returned=stake, outcome="push", paragraph=paragraph
    )
