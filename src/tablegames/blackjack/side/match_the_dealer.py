"""Match-the-Dealer Wager (58 Pa. Code 633a.6(e)(2), 633a.7(g)(2), 633a.13(d)).

Each of the player's initial two cards that has the rank of the dealer's up card is paid on its
own line: 11 to 1 (six decks) or 14 to 1 (eight decks) when it is also of the up card's suit,
4 to 1 or 3 to 1 when it is not. Ten-value cards match by rank only: a king matches a king, never
a queen or a 10 (633a.7(g)(2)). Both cards matching pay both lines; `SideResult` returns the
stake once plus both winnings.

The regulation prints paytables for six and eight decks only; with any other number of decks the
wager has no paytable (`table_for_decks` answers None).

>>> from tablegames.core.cards import Card
>>> [line.line for line in evaluate(Card.parse("KS"), Card.parse("KD"), Card.parse("KS"),
...                                 table="6-deck")]
['matching_card_same_suit', 'matching_card_different_suit']
>>> evaluate(Card.parse("QS"), Card.parse("TS"), Card.parse("KS"), table="8-deck")
()
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal

from tablegames.core.cards import Card
from tablegames.core.paytable import Paytable, PaytableLine, find_line, pays_to, select

Table = Literal["6-deck", "8-deck"]

_SAME = "Each matching card of the same suit"
_DIFFERENT = "Each matching card of a different suit"
PAYTABLES: Final[Mapping[str, Paytable]] = {
    # 633a.13(d)(1)
    "6-deck": (
        pays_to("matching_card_same_suit", 11, _SAME),
        pays_to("matching_card_different_suit", 4, _DIFFERENT),
    ),
    # 633a.13(d)(2)
    "8-deck": (
        pays_to("matching_card_same_suit", 14, _SAME),
        pays_to("matching_card_different_suit", 3, _DIFFERENT),
    ),
}
_DECKS: Final[Mapping[int, Table]] = {6: "6-deck", 8: "8-deck"}


def table_for_decks(decks: int) -> Table | None:
    """The paytable 633a.13(d) prints for `decks` decks, if any."""
    return _DECKS.get(decks)


def evaluate(first: Card, second: Card, up: Card, *, table: Table) -> tuple[PaytableLine, ...]:
    """One line per player card matching the up card's rank, in the order dealt; () loses."""
    paytable = select(PAYTABLES, table, paragraph="633a.13(d)")
    lines: list[PaytableLine] = []
    for card in (first, second):
        # 633a.7(g)(2): match by rank (a ten-value card only matches its own rank);
        # each matching card is paid separately.
        if card.rank is up.rank:
            line = (
                "matching_card_same_suit"
                if card.suit is up.suit
                else "matching_card_different_suit"
            )
            lines.append(find_line(paytable, line))
    return tuple(lines)
