"""Match-the-Dealer Wager (633a.6(e)(2), 633a.7(g)(2), 633a.13(d))."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from tablegames.blackjack.side import match_the_dealer
from tablegames.core.errors import WagerError
from tablegames.core.paytable import SideResult
from tests.side.faces import card, triples


def test_633a_7_g_2_each_matching_card_counted_over_all_ordered_faces() -> None:
    lines: Counter[str] = Counter()
    per_hand: Counter[int] = Counter()
    for first, second, up in triples():
        found = match_the_dealer.evaluate(first, second, up, table="6-deck")
        per_hand[len(found)] += 1
        lines.update(line.line for line in found)
    # Each of the two player positions, over 52 up cards and 52 faces for the other card:
    # 1 face of the up card's rank and suit, 3 of its rank in other suits.
    assert lines == {
        "matching_card_same_suit": 2 * 52 * 1 * 52,
        "matching_card_different_suit": 2 * 52 * 3 * 52,
    }
    both = 52 * 4 * 4  # both player cards of the up card's rank
    some = 52 * (52 * 52 - 48 * 48)  # at least one player card of the up card's rank
    assert per_hand == {2: both, 1: some - both, 0: 52**3 - some}


def test_633a_13_d_paytables_for_six_and_eight_decks() -> None:
    six = match_the_dealer.PAYTABLES["6-deck"]
    eight = match_the_dealer.PAYTABLES["8-deck"]
    assert [line.odds for line in six] == [Fraction(11), Fraction(4)]
    assert [line.odds for line in eight] == [Fraction(14), Fraction(3)]
    assert [line.label for line in six] == [
        "Each matching card of the same suit",
        "Each matching card of a different suit",
    ]
    assert match_the_dealer.table_for_decks(6) == "6-deck"
    assert match_the_dealer.table_for_decks(8) == "8-deck"
    assert match_the_dealer.table_for_decks(2) is None


def test_633a_7_g_2_ten_value_cards_match_only_their_own_rank() -> None:
    for up in ("KS", "QS", "JS", "TS"):
        for player in ("KS", "QS", "JS", "TS"):
            found = match_the_dealer.evaluate(card(player), card("2D"), card(up), table="6-deck")
            assert len(found) == (1 if player == up else 0)


def test_633a_13_d_both_cards_matching_are_each_paid() -> None:
    found = match_the_dealer.evaluate(card("7H"), card("7C"), card("7H"), table="8-deck")
    assert [line.line for line in found] == [
        "matching_card_same_suit",
        "matching_card_different_suit",
    ]
    assert SideResult.of(found).returned(1000) == 1000 + 14_000 + 3000


def test_633a_13_d_unknown_table_rejected() -> None:
    with pytest.raises(WagerError, match=r"633a\.13"):
        match_the_dealer.evaluate(card("7H"), card("7C"), card("7H"), table="2-deck")  # type: ignore[arg-type]


def test_633a_6_e_2_no_match_loses() -> None:
    assert match_the_dealer.evaluate(card("7H"), card("8H"), card("9H"), table="6-deck") == ()
