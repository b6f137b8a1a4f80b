"""Lucky Ladies Twenty Point Bonus Wager (633a.6(e)(1), 633a.7(g)(1), 633a.13(c))."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from tablegames.blackjack.side import lucky_ladies
from tablegames.core.cards import Rank
from tablegames.core.paytable import SideResult
from tests.side.faces import FACES, TEN_VALUE, card, count_pairs

# Combinatorics over the 52 x 52 = 2,704 ordered pairs of faces (identical faces allowed):
# a two-card 20 is two ten-value cards (16 faces each) or an ace and a 9 (633a.3(e)(3)).
TEN_TEN = 16 * 16  # 256 ordered pairs of ten-value faces
ACE_NINE = 2 * 4 * 4  # 32: ace first or second, any suits
QUEEN_OF_HEARTS_PAIR = 1  # QH, QH
MATCHED_20 = 16 - 1  # identical ten-value faces, less the queen of hearts pair
# Same suit, not identical: per suit 4 x 4 ten-value pairs less the 4 identical, and A-9 / 9-A.
SUITED_20 = 4 * (4 * 4 - 4) + 4 * 2
# Different suits: a ten-value face with one of the 12 ten-value faces of other suits; an ace
# with a 9 of one of the 3 other suits, in either order.
ANY_20 = 16 * 12 + 4 * 3 * 2


def test_633a_13_c_line_counts_over_all_ordered_two_card_faces() -> None:
    assert QUEEN_OF_HEARTS_PAIR + MATCHED_20 + SUITED_20 + ANY_20 == TEN_TEN + ACE_NINE
    expected = Counter(
        {
            "queen_of_hearts_pair": QUEEN_OF_HEARTS_PAIR,
            "matched_20": MATCHED_20,
            "suited_20": SUITED_20,
            "any_20": ANY_20,
            None: 52 * 52 - (TEN_TEN + ACE_NINE),
        }
    )
    counts = count_pairs(lambda a, b: lucky_ladies.evaluate(a, b, dealer_blackjack=False))
    assert counts == expected
    expected["queen_of_hearts_pair_and_dealer_blackjack"] = expected.pop("queen_of_hearts_pair")
    counts = count_pairs(lambda a, b: lucky_ladies.evaluate(a, b, dealer_blackjack=True))
    assert counts == expected


def test_633a_13_c_queen_of_hearts_pair_with_dealer_blackjack_pays_1000_to_1() -> None:
    line = lucky_ladies.evaluate(card("QH"), card("QH"), dealer_blackjack=True)
    assert line is not None
    assert line.odds == Fraction(1000)
    assert line.basis == "to"
    assert SideResult.of(line).returned(100) == 100_100


def test_633a_13_c_paytable_as_printed() -> None:
    printed = [(line.label, line.odds, line.basis) for line in lucky_ladies.PAYTABLE]
    assert printed == [
        ("Queen of hearts pair and dealer Blackjack", Fraction(1000), "to"),
        ("Queen of hearts pair", Fraction(200), "to"),
        ("Matched 20", Fraction(25), "to"),
        ("Suited 20", Fraction(10), "to"),
        ("Any 20", Fraction(4), "to"),
    ]


def test_633a_3_e_3_ace_and_nine_is_a_twenty_two_aces_are_not() -> None:
    assert lucky_ladies.evaluate(card("AH"), card("9H"), dealer_blackjack=False) is not None
    assert lucky_ladies.evaluate(card("AH"), card("AH"), dealer_blackjack=False) is None
    assert lucky_ladies.evaluate(card("KH"), card("AH"), dealer_blackjack=True) is None


def test_633a_1_matched_20_is_identical_cards_except_the_queen_of_hearts_pair() -> None:
    matched = lucky_ladies.evaluate(card("QD"), card("QD"), dealer_blackjack=True)
    assert matched is not None
    assert matched.line == "matched_20"
    suited = lucky_ladies.evaluate(card("QH"), card("KH"), dealer_blackjack=True)
    assert suited is not None
    assert suited.line == "suited_20"
    other = lucky_ladies.evaluate(card("QH"), card("QD"), dealer_blackjack=True)
    assert other is not None
    assert other.line == "any_20"


def test_633a_6_e_1_wager_wins_on_any_two_card_twenty_only() -> None:
    for first in FACES:
        for second in FACES:
            twenty = (first.rank in TEN_VALUE and second.rank in TEN_VALUE) or {
                first.rank,
                second.rank,
            } == {Rank.ACE, Rank.NINE}
            won = lucky_ladies.evaluate(first, second, dealer_blackjack=False) is not None
            assert won == twenty


def test_633a_7_g_1_queen_of_hearts_pair_waits_for_the_hole_card_against_ten_or_ace() -> None:
    pair = (card("QH"), card("QH"))
    waiting = [up for up in FACES if lucky_ladies.needs_hole_card(*pair, up)]
    assert len(waiting) == 16 + 4  # ten-value up cards and aces
    assert not lucky_ladies.needs_hole_card(card("QD"), card("QD"), card("AS"))
