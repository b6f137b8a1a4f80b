"""Super Match Wager at Blackjack Switch (58 Pa. Code 633a.6(e)(7), 633a.7(g)(7), 633a.13(i)).

The wager reads the player's first four cards (the two hands of Blackjack Switch, 633a.12(a))
for a pair, two pair, three-of-a-kind or four-of-a-kind, by rank (633a.1: a king and a queen are
not a pair). Only the best line pays. The paytable pays two pair above three-of-a-kind (8 or 7
to 1 against 5 to 1), as printed; "best" means the line paying most, so the order is the text's.
Four-of-a-kind is not also counted as two pair: it pays its own, higher line.

>>> from tablegames.core.cards import parse_cards
>>> evaluate(parse_cards(["7S", "7D", "2H", "2C"]), table="6-deck").line
'two_pair'
>>> evaluate(parse_cards(["7S", "7D", "7H", "2C"]), table="8-deck").odds
Fraction(5, 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, Literal

from tablegames.core.cards import Card
from tablegames.core.errors import WagerError
from tablegames.core.paytable import Paytable, PaytableLine, best, pays_to, select
from tablegames.core.poker import rank_counts

Table = Literal["6-deck", "8-deck"]

PAYTABLES: Final[Mapping[str, Paytable]] = {
    # 633a.13(i)(1): six decks.
    "6-deck": (
        pays_to("four_of_a_kind", 40, "Four-of-a-kind"),
        pays_to("two_pair", 8, "Two pair"),
        pays_to("three_of_a_kind", 5, "Three-of-a-kind"),
        pays_to("pair", 1, "Pair"),
    ),
    # 633a.13(i)(2): eight decks.
    "8-deck": (
        pays_to("four_of_a_kind", 50, "Four-of-a-kind"),
        pays_to("two_pair", 7, "Two pair"),
        pays_to("three_of_a_kind", 5, "Three-of-a-kind"),
        pays_to("pair", 1, "Pair"),
    ),
}
_DECKS: Final[Mapping[int, Table]] = {6: "6-deck", 8: "8-deck"}
_LINES: Final[Mapping[tuple[int, ...], str]] = {
    (4,): "four_of_a_kind",
    (3,): "three_of_a_kind",
    (2, 2): "two_pair",
    (2,): "pair",
}


def table_for_decks(decks: int) -> Table | None:
    """The paytable 633a.13(i) prints for `decks` decks, if any."""
    return _DECKS.get(decks)


def evaluate(cards: Sequence[Card], *, table: Table) -> PaytableLine | None:
    """The best line for the player's first four cards, or None when no two share a rank."""
    paytable = select(PAYTABLES, table, paragraph="633a.13(i)")
    if len(cards) != 4:
        raise WagerError(
            f"Super Match reads the first four cards, not {len(cards)}", paragraph="633a.6(e)(7)"
        )
    line = _LINES.get(rank_counts(cards))
    return None if line is None else best(paytable, {line})
