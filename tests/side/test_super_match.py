"""Super Match Wager at Blackjack Switch (633a.6(e)(7), 633a.7(g)(7), 633a.12(a), 633a.13(i))."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from tablegames.blackjack.side import super_match
from tablegames.core.cards import Card, Rank, parse_cards
from tablegames.core.errors import WagerError
from tests.side.faces import SUITS, count_lines

# Ordered sequences of four ranks (13 ** 4 = 28,561); the wager reads ranks only.
FOUR_OF_A_KIND = 13
THREE_OF_A_KIND = 13 * 12 * 4  # the rank, the odd rank, the odd card's position
TWO_PAIR = (13 * 12 // 2) * 6  # two ranks, 4! / (2! 2!) arrangements
PAIR = 13 * (12 * 11 // 2) * 12  # the pair's rank, two other ranks, 4! / 2! arrangements
NO_PAIR = 13 * 12 * 11 * 10


def _hands(shift: int) -> list[list[Card]]:
    """Every ordered four-rank sequence, suits assigned by position (shifted to vary them)."""
    return [
        [Card(rank, SUITS[(index + shift) % 4]) for index, rank in enumerate(ranks)]
        for ranks in product(Rank, repeat=4)
    ]


@pytest.mark.parametrize("shift", [0, 1, 2])
def test_633a_13_i_line_counts_over_all_ordered_rank_sequences(shift: int) -> None:
    assert FOUR_OF_A_KIND + THREE_OF_A_KIND + TWO_PAIR + PAIR + NO_PAIR == 13**4
    counts = count_lines(super_match.evaluate(hand, table="6-deck") for hand in _hands(shift))
    assert counts == {
        "four_of_a_kind": FOUR_OF_A_KIND,
        "three_of_a_kind": THREE_OF_A_KIND,
        "two_pair": TWO_PAIR,
        "pair": PAIR,
        None: NO_PAIR,
    }


def test_633a_13_i_paytables_as_printed_two_pair_above_three_of_a_kind() -> None:
    printed = {
        name: [(line.label, line.odds) for line in table]
        for name, table in super_match.PAYTABLES.items()
    }
    assert printed == {
        "6-deck": [
            ("Four-of-a-kind", Fraction(40)),
            ("Two pair", Fraction(8)),
            ("Three-of-a-kind", Fraction(5)),
            ("Pair", Fraction(1)),
        ],
        "8-deck": [
            ("Four-of-a-kind", Fraction(50)),
            ("Two pair", Fraction(7)),
            ("Three-of-a-kind", Fraction(5)),
            ("Pair", Fraction(1)),
        ],
    }
    assert super_match.table_for_decks(8) == "8-deck"
    assert super_match.table_for_decks(4) is None


def test_633a_7_g_7_best_line_only_ranks_not_values() -> None:
    quads = super_match.evaluate(parse_cards(["9S", "9S", "9D", "9H"]), table="8-deck")
    assert quads is not None
    assert quads.odds == Fraction(50)
    trips = super_match.evaluate(parse_cards(["9S", "9S", "9D", "2H"]), table="6-deck")
    assert trips is not None
    assert trips.line == "three_of_a_kind"
    assert super_match.evaluate(parse_cards(["KS", "QS", "JD", "TH"]), table="6-deck") is None


def test_633a_6_e_7_four_cards_exactly() -> None:
    with pytest.raises(WagerError, match="four cards"):
        super_match.evaluate(parse_cards(["9S", "9D", "9H"]), table="6-deck")
    with pytest.raises(WagerError, match=r"633a\.13"):
        super_match.evaluate(parse_cards(["9S", "9D", "9H", "2C"]), table="2-deck")  # type: ignore[arg-type]


def test_633a_12_a_super_match_reads_both_switch_hands() -> None:
    first_hand, second_hand = parse_cards(["7S", "2D"]), parse_cards(["7H", "2C"])
    line = super_match.evaluate([*first_hand, *second_hand], table="6-deck")
    assert line is not None
    assert line.line == "two_pair"
