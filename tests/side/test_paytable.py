"""Paytable lines as data: "X to 1" and "X for 1" in exact integer cents (633a.13)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tablegames.blackjack.side import royal_match_21
from tablegames.core.errors import RulesError, WagerError
from tablegames.core.paytable import (
    PaytableLine,
    SideResult,
    best,
    find_line,
    pays_for,
    pays_meter,
    pays_to,
)
from tests.side.faces import card


def test_633a_13_f_suited_match_two_and_a_half_to_one_rounds_down_on_an_odd_stake() -> None:
    line = find_line(royal_match_21.PAYTABLES["C"], "suited_match")
    assert line.odds == Fraction(5, 2)
    assert line.basis == "to"
    assert line.returned(1000) == 1000 + 2500
    assert line.returned(1001) == 3503  # 1001 + 2502.5 = 3503.5 cents, rounded down
    assert line.returned(1) == 3  # 1 + 2.5 = 3.5
    assert line.returned(0) == 0


def test_633a_13_c_to_one_returns_the_stake_and_the_odds() -> None:
    assert pays_to("queen_of_hearts_pair_and_dealer_blackjack", 1000, "x").returned(500) == 500_500


def test_633a_13_j_for_one_returns_the_odds_times_the_stake_stake_included() -> None:
    assert pays_for("dealer_blackjack", 10, "Blackjack").returned(500) == 5000
    assert pays_for("player_has_20", 1, "Player has a 20").returned(777) == 777
    assert pays_for("half", Fraction(3, 2), "x").returned(3) == 4  # 4.5 rounded down


def test_633a_13_l_meter_line_has_no_odds() -> None:
    line = pays_meter("dealer_eight_or_more_cards", "Dealer has eight or more cards")
    assert line.progressive
    assert line.odds is None
    with pytest.raises(ValueError, match="meter"):
        line.returned(100)
    with pytest.raises(ValueError, match="meter"):
        SideResult.of(line).returned(100)


@pytest.mark.parametrize(
    ("line", "odds", "basis"),
    [
        ("Bad Id", Fraction(1), "to"),
        ("fine", Fraction(0), "to"),
        ("fine", 2.5, "to"),
        ("fine", Fraction(1), "by"),
    ],
)
def test_633a_13_malformed_lines_rejected(line: str, odds: object, basis: object) -> None:
    with pytest.raises(RulesError):
        PaytableLine(line, odds, basis, "label")  # type: ignore[arg-type]


def test_633a_13_negative_stake_and_missing_line_rejected() -> None:
    line = pays_to("pairs", 10, "Pairs")
    with pytest.raises(WagerError):
        line.returned(-1)
    with pytest.raises(WagerError, match="no line 'suited_pairs'"):
        find_line((line,), "suited_pairs")


def test_633a_7_g_2_each_matching_card_paid_stake_returned_once() -> None:
    same = pays_to("matching_card_same_suit", 11, "Each matching card of the same suit")
    other = pays_to("matching_card_different_suit", 4, "Each matching card of a different suit")
    assert SideResult.of((same, other)).returned(100) == 100 + 1100 + 400
    assert SideResult.of((same, same)).returned(100) == 100 + 2200
    assert SideResult.of(()).returned(100) == 0
    assert not SideResult.of(None).won


def test_633a_7_g_4_crown_treasure_adds_one_thousand_for_one_to_the_royal_match() -> None:
    king, queen = card("KD"), card("QD")
    lines = royal_match_21.evaluate(
        king, queen, paytable="C", dealer_cards=(queen, king), crown_treasure=True
    )
    # Royal Match 30 to 1 (stake + 30 x stake) plus Crown Treasure 1,000 for 1 (1,000 x stake).
    assert SideResult.of(lines).returned(1001) == 1001 + 30_030 + 1_001_000
    lines = royal_match_21.evaluate(
        king, queen, paytable="A", dealer_cards=(queen, king), crown_treasure=True
    )
    assert SideResult.of(lines).returned(100) == 100 + 1000 + 100_000


def test_633a_13_best_line_pays_most_ties_go_to_the_earlier_line() -> None:
    nine_to = pays_to("a", 9, "a")
    ten_for = pays_for("b", 10, "b")
    meter = pays_meter("c", "c")
    assert best((nine_to, ten_for), {"a", "b"}) is nine_to  # both return 10 per unit
    assert best((ten_for, nine_to), {"a", "b"}) is ten_for
    assert best((nine_to, meter), {"a", "c"}) is meter
    assert best((nine_to, meter), {"a"}) is nine_to
    assert best((nine_to, meter), set()) is None
