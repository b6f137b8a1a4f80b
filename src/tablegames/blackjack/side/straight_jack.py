"""Straight Jack Progressive Wager (58 Pa. Code 633a.6(e)(11)).

The wager wins when the player's initial two cards form "at least a two-card straight": two
consecutive ranks, the ace either high (K-A) or low (A-2), never both (no wraparound, as in
633a.6(e)(9)). A pair is not a straight.

DEFAULT is not in the regulation: 633a.13 prints no paytable for this wager, so the operator's
Rules Submission must file its own, and a filed paytable replaces DEFAULT. The default is a
modest placeholder with no progressive line: a suited two-card straight 9 to 1, any other 4 to 1.
With every card face equally likely (an infinite shoe) it returns 2,600 of every 2,704 units
staked, a house edge of 1/26 (3.85%). A filed paytable may use any subset of the DEFAULT's line
ids; a hand is paid on the best of its lines the paytable has.

>>> from tablegames.core.cards import Card
>>> evaluate(Card.parse("AS"), Card.parse("KS")).line
'two_card_straight_flush'
>>> evaluate(Card.parse("AS"), Card.parse("2D")).odds
Fraction(4, 1)
>>> evaluate(Card.parse("KS"), Card.parse("2D")) is None
True
"""

from __future__ import annotations

from typing import Final

from tablegames.core.cards import Card
from tablegames.core.paytable import (
    Paytable,
    PaytableLine,
    best,
    pays_to,
    require_lines,
)
from tablegames.core.poker import is_straight, same_suit

# Not in the regulation (633a.6(e)(11) defines the win, 633a.13 prints no odds): a placeholder.
DEFAULT: Final[Paytable] = (
    pays_to("two_card_straight_flush", 9, "Two-card straight flush"),
    pays_to("two_card_straight", 4, "Two-card straight"),
)
_LINES: Final = frozenset(line.line for line in DEFAULT)


def evaluate(first: Card, second: Card, *, paytable: Paytable = DEFAULT) -> PaytableLine | None:
    """The winning line for the player's initial two cards, or None."""
    require_lines(paytable, _LINES, paragraph="633a.6(e)(11)")
    # 633a.6(e)(11): at least a two-card straight.
    if not is_straight((first, second)):
        return None
    applicable = {"two_card_straight"}
    if same_suit(first, second):
        applicable.add("two_card_straight_flush")
    return best(paytable, applicable)
