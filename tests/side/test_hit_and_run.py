"""Hit and Run Progressive Wager (633a.6(e)(10), 633a.7(o)(2), 633a.13(l))."""

from __future__ import annotations

import pytest

from tablegames.blackjack.side import hit_and_run
from tablegames.core.cards import parse_cards
from tablegames.core.errors import WagerError
from tablegames.core.paytable import SideResult
from tests.side.faces import count_lines, pairs


def _line(cards: str) -> str | None:
    found = hit_and_run.evaluate(parse_cards(cards.split()))
    return None if found is None else found.line


def test_633a_13_l_two_card_dealer_hands_over_all_ordered_faces() -> None:
    counts = count_lines(hit_and_run.evaluate(dealer) for dealer in pairs())
    blackjacks = 2 * 4 * 16  # ace first or second, with one of 16 ten-value faces
    assert counts == {"dealer_blackjack": blackjacks, None: 52 * 52 - blackjacks}


def test_633a_7_o_2_i_the_card_that_busts_the_dealer_counts() -> None:
    # The text's example: 14 with five cards, then a card to 23: six cards.
    assert _line("2S 3D 2H 3C 4S KD") == "dealer_six_cards"
    assert _line("2S 3D 2H 3C 4S") == "dealer_five_cards"
    assert _line("AS 2D AH 2C AD 2H 3S") == "dealer_seven_cards"
    assert _line("AS 2D AH 2C AD 2H AC 3S") == "dealer_eight_or_more_cards"
    assert _line("AS AD AH AC 2S 2D 2H 2C 3S") == "dealer_eight_or_more_cards"
    assert _line("2S 3D 2H TC") is None
    assert _line("TS 6D KH") is None


def test_633a_13_l_paytable_as_printed() -> None:
    printed = [(line.label, line.odds, line.basis) for line in hit_and_run.PAYTABLE]
    assert printed == [
        ("Dealer has eight or more cards", None, "for"),
        ("Dealer has seven cards", 100, "for"),
        ("Dealer has six cards", 25, "for"),
        ("Dealer has five cards", 7, "for"),
        ("Dealer has Blackjack", 4, "for"),
    ]
    five = hit_and_run.evaluate(parse_cards(["2S", "3D", "2H", "3C", "4S"]))
    assert SideResult.of(five).returned(500) == 3500


def test_633a_6_e_10_dealer_hand_has_at_least_two_cards() -> None:
    with pytest.raises(WagerError):
        hit_and_run.evaluate(parse_cards(["AS"]))
