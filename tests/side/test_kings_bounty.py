"""King's Bounty Wager (633a.6(e)(6), 633a.7(g)(6), 633a.13(h))."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from tablegames.blackjack.side import kings_bounty
from tablegames.core.paytable import SideResult
from tests.side.faces import FACES, card, count_pairs

# Over the 2,704 ordered pairs of faces: 256 ten-value pairs and 32 ace-nine pairs total 20.
TWENTIES = 16 * 16 + 2 * 4 * 4
KING_OF_SPADES_PAIR = 1
SUITED_KINGS_PAIR = 3  # KH KH, KD KD, KC KC
SUITED_QUEENS_JACKS_OR_TENS_PAIR = 3 * 4  # three ranks, four suits
SUITED_20 = 4 * (4 * 4 - 4) + 4 * 2  # same suit, not identical: ten-value pairs and A-9 / 9-A
PAIR_OF_KINGS = 4 * 3  # a king and a king of another suit
ANY_20 = 16 * 12 + 4 * 3 * 2 - PAIR_OF_KINGS  # different suits, less the kings paid above


def test_633a_13_h_line_counts_over_all_ordered_two_card_faces() -> None:
    expected = Counter(
        {
            "king_of_spades_pair": KING_OF_SPADES_PAIR,
            "suited_kings_pair": SUITED_KINGS_PAIR,
            "suited_queens_jacks_or_tens_pair": SUITED_QUEENS_JACKS_OR_TENS_PAIR,
            "suited_20": SUITED_20,
            "pair_of_kings": PAIR_OF_KINGS,
            "any_20": ANY_20,
            None: 52 * 52 - TWENTIES,
        }
    )
    assert sum(count for line, count in expected.items() if line is not None) == TWENTIES
    assert count_pairs(lambda a, b: kings_bounty.evaluate(a, b, dealer_blackjack=False)) == expected
    expected["king_of_spades_pair_and_dealer_blackjack"] = expected.pop("king_of_spades_pair")
    assert count_pairs(lambda a, b: kings_bounty.evaluate(a, b, dealer_blackjack=True)) == expected


def test_633a_13_h_king_of_spades_pair_with_dealer_blackjack_pays_1000_to_1() -> None:
    line = kings_bounty.evaluate(card("KS"), card("KS"), dealer_blackjack=True)
    assert line is not None
    assert line.line == "king_of_spades_pair_and_dealer_blackjack"
    assert SideResult.of(line).returned(100) == 100_100


def test_633a_13_h_paytable_as_printed() -> None:
    printed = [(line.label, line.odds) for line in kings_bounty.PAYTABLE]
    assert printed == [
        ("King of spades pair and dealer Blackjack", Fraction(1000)),
        ("King of spades pair", Fraction(200)),
        ("Suited kings pair", Fraction(50)),
        ("Suited queens, jacks or 10s pair", Fraction(25)),
        ("Suited 20", Fraction(9)),
        ("Pair of kings", Fraction(6)),
        ("Any 20", Fraction(4)),
    ]


def test_633a_6_e_6_highest_applicable_line_wins() -> None:
    def line(first: str, second: str) -> str | None:
        found = kings_bounty.evaluate(card(first), card(second), dealer_blackjack=False)
        return None if found is None else found.line

    assert line("KH", "KH") == "suited_kings_pair"  # also a Suited 20 (9 to 1)
    assert line("TC", "TC") == "suited_queens_jacks_or_tens_pair"
    assert line("KH", "KC") == "pair_of_kings"  # also an Any 20 (4 to 1)
    assert line("KH", "QH") == "suited_20"
    assert line("KH", "QC") == "any_20"
    assert line("9S", "AS") == "suited_20"
    assert line("AS", "AS") is None


def test_633a_7_g_6_king_of_spades_pair_waits_for_the_hole_card_against_ten_or_ace() -> None:
    waiting = [up for up in FACES if kings_bounty.needs_hole_card(card("KS"), card("KS"), up)]
    assert len(waiting) == 20
    assert not kings_bounty.needs_hole_card(card("KH"), card("KH"), card("AS"))
