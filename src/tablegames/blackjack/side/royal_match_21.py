"""Royal Match 21 Wager and Crown Treasure Bonus (633a.6(e)(4), 633a.7(g)(4), 633a.13(f)).

The wager wins when the player's initial two cards are a Royal Match (king and queen of one suit)
or a Suited Match (any other two cards of one suit, 633a.1). The Crown Treasure Bonus, when the
certificate holder offers it, is paid "in addition to the payout for the player's Royal Match"
when the dealer's two cards are a Royal Match too (633a.7(g)(4)). The two combine as: the Royal
Match returns stake plus its "to 1" winnings, and the bonus adds its "1,000 for 1" amount, 1,000
times the stake, on top (`SideResult.returned`); the stake is not returned a second time.

Paytables A and B are for a single deck, C, D and E for several (633a.13(f)(1)-(2)).

>>> from tablegames.core.cards import parse_cards
>>> king, queen, ace, deuce = parse_cards(["KH", "QH", "AS", "2C"])
>>> [line.line for line in evaluate(king, queen, paytable="C",
...                                 dealer_cards=(queen, king), crown_treasure=True)]
['royal_match', 'crown_treasure']
>>> evaluate(ace, deuce, paytable="C", dealer_cards=None, crown_treasure=True)
()
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Final, Literal

from tablegames.core.cards import Card, Rank
from tablegames.core.errors import WagerError
from tablegames.core.paytable import (
    Paytable,
    PaytableLine,
    find_line,
    pays_for,
    pays_to,
    select,
)
from tablegames.core.poker import same_suit

PaytableName = Literal["A", "B", "C", "D", "E"]


def _paytable(royal: int, suited: Fraction) -> Paytable:
    return (
        pays_to("royal_match", royal, "Royal Match"),
        pays_to("suited_match", suited, "Suited Match"),
        pays_for("crown_treasure", 1000, "Crown Treasure"),
    )


PAYTABLES: Final[Mapping[str, Paytable]] = {
    # 633a.13(f)(1): a single deck.
    "A": _paytable(10, Fraction(3)),
    "B": _paytable(5, Fraction(3)),
    # 633a.13(f)(2): multiple decks.
    "C": _paytable(30, Fraction(5, 2)),
    "D": _paytable(25, Fraction(5, 2)),
    "E": _paytable(50, Fraction(2)),
}


def paytables_for_decks(decks: int) -> tuple[PaytableName, ...]:
    """The paytables 633a.13(f) allows with `decks` decks."""
    if decks < 1:
        raise WagerError(f"{decks} decks: a game uses at least one deck", paragraph="633a.3(a)")
    return ("A", "B") if decks == 1 else ("C", "D", "E")


def is_royal_match(first: Card, second: Card) -> bool:
    """633a.1 "Royal Match": king and queen of the same suit."""
    return same_suit(first, second) and {first.rank, second.rank} == {Rank.KING, Rank.QUEEN}


def evaluate(
    first: Card,
    second: Card,
    *,
    paytable: PaytableName,
    dealer_cards: tuple[Card, Card] | None,
    crown_treasure: bool,
) -> tuple[PaytableLine, ...]:
    """The winning lines for the player's initial two cards; () when the wager loses.

    `dealer_cards` (up card, hole card) decide the Crown Treasure Bonus, so they are required
    when the bonus is offered and the player has a Royal Match; otherwise None is accepted.
    """
    table = select(PAYTABLES, paytable, paragraph="633a.13(f)")
    if is_royal_match(first, second):
        lines = [find_line(table, "royal_match")]
        if crown_treasure:
            if dealer_cards is None or len(dealer_cards) != 2:
                raise WagerError(
                    "the Crown Treasure Bonus needs the dealer's two cards",
                    paragraph="633a.7(g)(4)",
                )
            # 633a.7(g)(4): the bonus is paid in addition when the dealer has a Royal Match too.
            if is_royal_match(*dealer_cards):
                lines.append(find_line(table, "crown_treasure"))
        return tuple(lines)
    # 633a.1 "Suited Match": two cards of one suit that are not a king and queen.
    if same_suit(first, second):
        return (find_line(table, "suited_match"),)
    return ()


def needs_hole_card(first: Card, second: Card, up: Card) -> bool:
    """633a.7(g)(4): a Royal Match against a king or queen up card is settled after the hole card
    is exposed (the dealer may have a Royal Match too), before the Blackjack Wager."""
    return is_royal_match(first, second) and up.rank in (Rank.KING, Rank.QUEEN)
