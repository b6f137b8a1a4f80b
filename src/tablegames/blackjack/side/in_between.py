"""In Between Wager (58 Pa. Code 633a.6(e)(3), 633a.7(g)(3), 633a.13(e)).

The wager wins when the dealer's up card falls strictly between the player's initial two cards
by rank, paid by the spread (the number of ranks strictly between the player's cards: a 7 and a
9 make a one-card spread, 633a.7(g)(3)(i)), or when all three cards share a rank (Triple Match,
633a.7(g)(3)(ii)). An up card equal in rank to one player card, a player pair without the triple,
and two consecutive ranks all lose.

The ace: the regulation does not say where it ranks for this wager, so the house chooses.
`ace="high"` (the default) ranks it above the king, as the game's makers describe it and as the
Three Card Poker paragraph (633a.6(e)(9)) ranks it; `ace="low"` ranks it below the 2.

>>> from tablegames.core.cards import Card
>>> evaluate(Card.parse("7S"), Card.parse("9D"), Card.parse("8H")).line
'one_card_spread'
>>> evaluate(Card.parse("AS"), Card.parse("3D"), Card.parse("2H")) is None
True
>>> evaluate(Card.parse("AS"), Card.parse("3D"), Card.parse("2H"), ace="low").line
'one_card_spread'
"""

from __future__ import annotations

from typing import Final, Literal

from tablegames.core.cards import Card
from tablegames.core.errors import WagerError
from tablegames.core.paytable import Paytable, PaytableLine, find_line, pays_to
from tablegames.core.poker import poker_value

Ace = Literal["high", "low"]

# 633a.13(e)
PAYTABLE: Final[Paytable] = (
    pays_to("triple_match", 30, "Triple Match"),
    pays_to("one_card_spread", 10, "One-card spread"),
    pays_to("two_card_spread", 6, "Two-card spread"),
    pays_to("three_card_spread", 4, "Three-card spread"),
    pays_to("all_others", 1, "All others"),
)
_SPREADS: Final = {1: "one_card_spread", 2: "two_card_spread", 3: "three_card_spread"}


def evaluate(first: Card, second: Card, up: Card, *, ace: Ace = "high") -> PaytableLine | None:
    """The winning line for the player's two cards and the dealer's up card, or None."""
    if ace not in ("high", "low"):
        raise WagerError(f"ace {ace!r} must rank 'high' or 'low'", paragraph="633a.6(e)(3)")
    # 633a.1 "Triple Match", 633a.7(g)(3)(ii): all three of the same rank.
    if first.rank is second.rank is up.rank:
        return find_line(PAYTABLE, "triple_match")
    low, high = sorted(poker_value(card.rank, ace_high=ace == "high") for card in (first, second))
    value = poker_value(up.rank, ace_high=ace == "high")
    # 633a.7(g)(3)(i): the up card falls strictly between; paid by the card spread.
    if not low < value < high:
        return None
    spread = high - low - 1
    return find_line(PAYTABLE, _SPREADS.get(spread, "all_others"))
