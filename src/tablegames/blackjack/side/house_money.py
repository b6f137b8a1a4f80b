"""House Money Wager (58 Pa. Code 633a.6(e)(12)).

The wager wins when the player's initial two cards form a two-card straight (consecutive ranks,
the ace high as in K-A or low as in A-2, no wraparound), a pair (same rank, 633a.1), a two-card
straight flush (a straight of one suit) or an ace-king suited. An ace-king suited is also a
straight flush; it is paid on its own line, the highest.

DEFAULT is not in the regulation: 633a.13 prints no paytable for this wager, so the operator's
Rules Submission must file its own, and a filed paytable replaces DEFAULT. The default is a
modest placeholder: ace-king suited 25 to 1, two-card straight flush 9 to 1, pair 3 to 1,
two-card straight 1 to 1. With every card face equally likely (an infinite shoe) it returns 2,624
of every 2,704 units staked, a house edge of 5/169 (2.96%). A filed paytable may use any subset of
the DEFAULT's line ids; a hand is paid on the best of its lines the paytable has.

>>> from tablegames.core.cards import Card
>>> evaluate(Card.parse("KD"), Card.parse("AD")).line
'ace_king_suited'
>>> evaluate(Card.parse("9D"), Card.parse("9C")).line
'pair'
"""

from __future__ import annotations

from typing import Final

from tablegames.core.cards import Card, Rank
from tablegames.core.paytable import (
    Paytable,
    PaytableLine,
    best,
    pays_to,
    require_lines,
)
from tablegames.core.poker import is_straight, same_suit

# Not in the regulation (633a.6(e)(12) defines the wins, 633a.13 prints no odds): a placeholder.
DEFAULT: Final[Paytable] = (
    pays_to("ace_king_suited", 25, "Ace-king suited"),
    pays_to("two_card_straight_flush", 9, "Two-card straight flush"),
    pays_to("pair", 3, "Pair"),
    pays_to("two_card_straight", 1, "Two-card straight"),
)
_LINES: Final = frozenset(line.line for line in DEFAULT)


def evaluate(first: Card, second: Card, *, paytable: Paytable = DEFAULT) -> PaytableLine | None:
    """The winning line for the player's initial two cards, or None."""
    require_lines(paytable, _LINES, paragraph="633a.6(e)(12)")
    suited = same_suit(first, second)
    applicable: set[str] = set()
    # 633a.6(e)(12): a two-card straight, a pair, a two-card straight flush or ace-king suited.
    if first.rank is second.rank:
        applicable.add("pair")
    if is_straight((first, second)):
        applicable.add("two_card_straight")
        if suited:
            applicable.add("two_card_straight_flush")
    if suited and {first.rank, second.rank} == {Rank.ACE, Rank.KING}:
        applicable.add("ace_king_suited")
    return best(paytable, applicable)
