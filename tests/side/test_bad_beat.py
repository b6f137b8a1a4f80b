"""Bad Beat Progressive Wager (633a.6(e)(8), 633a.7(o)(1), 633a.13(j))."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from tablegames.blackjack.side import bad_beat
from tablegames.core.cards import parse_cards
from tablegames.core.errors import WagerError
from tablegames.core.paytable import SideResult
from tests.side.faces import FACES, card, count_lines, pairs

DEALER_BLACKJACKS = 2 * 4 * 16  # ace first or second, a ten-value card: ordered two-card faces

TWENTY_ONES = {
    3: ["7S", "7D", "7H"],
    4: ["2S", "9D", "AH", "9C"],
    5: ["6S", "5D", "4H", "3C", "3S"],
    6: ["2S", "2D", "3H", "3C", "5S", "6D"],
    7: ["2S", "2D", "2H", "3C", "3S", "4D", "5H"],
    8: ["AS", "AD", "2H", "2C", "3S", "3D", "4H", "5C"],
}


def _line(cards: list[str], *, player_total: int = 20, optional: bool = False) -> str | None:
    found = bad_beat.evaluate(player_total, parse_cards(cards), player_has_20_line=optional)
    return None if found is None else found.line


@pytest.mark.parametrize("optional", [False, True])
def test_633a_13_j_two_card_dealer_hands_over_all_ordered_faces(optional: bool) -> None:
    counts = count_lines(
        bad_beat.evaluate(20, dealer, player_has_20_line=optional) for dealer in pairs()
    )
    rest = 52 * 52 - DEALER_BLACKJACKS
    assert counts == (
        {"dealer_blackjack": DEALER_BLACKJACKS, "player_has_20": rest}
        if optional
        else {"dealer_blackjack": DEALER_BLACKJACKS, None: rest}
    )


def test_633a_13_j_twenty_one_pays_by_the_number_of_dealer_cards() -> None:
    assert {count: _line(cards) for count, cards in TWENTY_ONES.items()} == {
        3: "dealer_21_with_three_cards",
        4: "dealer_21_with_four_cards",
        5: "dealer_21_with_five_cards",
        6: "dealer_21_with_six_cards",
        7: "dealer_21_with_seven_or_more_cards",
        8: "dealer_21_with_seven_or_more_cards",
    }


def test_633a_13_j_paytable_as_printed() -> None:
    printed = [(line.line, line.odds, line.basis) for line in bad_beat.PAYTABLE]
    assert printed == [
        ("dealer_21_with_seven_or_more_cards", None, "for"),
        ("dealer_21_with_six_cards", 1000, "for"),
        ("dealer_21_with_five_cards", 100, "for"),
        ("dealer_21_with_four_cards", 50, "for"),
        ("dealer_21_with_three_cards", 25, "for"),
        ("dealer_blackjack", 10, "for"),
        ("player_has_20", 1, "for"),
        ("magic_card_bonus", 20, "for"),
        ("lucky_player_bonus", 5, "for"),
    ]
    six = bad_beat.evaluate(20, parse_cards(TWENTY_ONES[6]), player_has_20_line=False)
    assert SideResult.of(six).returned(500) == 500_000
    assert bad_beat.MAGIC_CARD_BONUS.returned(500) == 10_000
    assert bad_beat.LUCKY_PLAYER_BONUS.returned(500) == 2500


def test_633a_7_o_1_i_player_needs_twenty_best_line_only() -> None:
    assert _line(["AS", "KD"], player_total=21, optional=True) is None
    assert _line(["AS", "KD"], player_total=19, optional=True) is None
    assert _line(["TS", "7D"], optional=False) is None
    assert _line(["TS", "7D"], optional=True) == "player_has_20"
    assert _line(TWENTY_ONES[3], optional=True) == "dealer_21_with_three_cards"
    assert _line(["TS", "5D", "6H"]) == "dealer_21_with_three_cards"
    assert _line(["TS", "5D", "7H"]) is None  # dealer busts


def test_633a_6_e_8_impossible_totals_and_short_dealer_hands_rejected() -> None:
    with pytest.raises(WagerError):
        bad_beat.evaluate(3, parse_cards(["AS", "KD"]), player_has_20_line=False)
    with pytest.raises(WagerError):
        bad_beat.evaluate(31, parse_cards(["AS", "KD"]), player_has_20_line=False)
    with pytest.raises(WagerError):
        bad_beat.evaluate(20, parse_cards(["AS"]), player_has_20_line=False)


def test_633a_1_magic_card_bonus_card_or_rank_match() -> None:
    by_card = Counter(
        bad_beat.magic_card(first, second, selected)
        for selected in FACES
        for first, second in pairs()
    )
    # Per selected card: ordered pairs holding that face = all pairs less those avoiding it.
    assert by_card[True] == 52 * (52 * 52 - 51 * 51)
    by_rank = Counter(
        bad_beat.magic_card(first, second, selected, match="rank")
        for selected in FACES
        for first, second in pairs()
    )
    assert by_rank[True] == 52 * (52 * 52 - 48 * 48)
    assert not bad_beat.magic_card(card("7S"), card("8S"), card("7D"))
    assert bad_beat.magic_card(card("7S"), card("8S"), card("7D"), match="rank")
    with pytest.raises(WagerError):
        bad_beat.magic_card(card("7S"), card("8S"), card("7D"), match="suit")  # type: ignore[arg-type]


def test_633a_1_lucky_player_bonus_selected_position() -> None:
    assert bad_beat.lucky_player(3, 3)
    assert not bad_beat.lucky_player(3, 4)
    with pytest.raises(WagerError):
        bad_beat.lucky_player(0, 4)


def test_633a_13_j_meter_line_is_paid_by_the_table() -> None:
    found = bad_beat.evaluate(20, parse_cards(TWENTY_ONES[7]), player_has_20_line=False)
    assert found is not None
    assert found.odds is None
    with pytest.raises(ValueError, match="meter"):
        SideResult.of(found).returned(500)
    assert bad_beat.PAYTABLE[1].odds == Fraction(1000)
