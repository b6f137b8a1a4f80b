"""The Rules Submission for side wagers and variations: what the regulation forbids is rejected."""

from __future__ import annotations

from typing import Any

import pytest

from tablegames.blackjack.rules import Rules, rules_from_mapping
from tablegames.core.errors import RulesError


def _rejected(data: dict[str, Any]) -> set[str]:
    """The paragraphs named when these rules are refused."""
    with pytest.raises(RulesError) as caught:
        rules_from_mapping(data)
    return {
        part.split("(58 Pa. Code ")[1][:-1]
        for part in str(caught.value).split("; ")
        if "(58 Pa. Code " in part
    }


def test_633a_6_e_side_wagers_are_offered_only_when_the_rules_list_them() -> None:
    rules = rules_from_mapping({"side_wagers": {"lucky_ladies": {}, "ez_bust": {}}})
    assert rules.side_wagers.offered() == ["lucky_ladies", "ez_bust"]
    assert Rules().side_wagers.offered() == []
    with pytest.raises(RulesError, match="is not a house rule"):
        rules_from_mapping({"side_wagers": {"lucky_gentlemen": {}}})


def test_633a_13_f_1_royal_match_paytables_a_and_b_are_for_a_single_deck() -> None:
    assert _rejected({"decks": 6, "side_wagers": {"royal_match_21": {"paytable": "A"}}}) == {
        "633a.13(f)(1)"
    }
    assert rules_from_mapping({"decks": 1, "side_wagers": {"royal_match_21": {"paytable": "B"}}})


def test_633a_13_f_2_royal_match_paytables_c_to_e_are_for_multiple_decks() -> None:
    assert _rejected({"decks": 1, "side_wagers": {"royal_match_21": {"paytable": "E"}}}) == {
        "633a.13(f)(2)"
    }


@pytest.mark.parametrize(
    ("decks", "paytable", "allowed"),
    [
        (1, "A", True),
        (1, "B", False),
        (2, "B", True),
        (3, "C", False),
        (6, "D", True),
        (8, "A", False),
    ],
)
def test_633a_13_g_bet_the_set_paytable_follows_the_decks(
    decks: int, paytable: str, allowed: bool
) -> None:
    data = {"decks": decks, "side_wagers": {"bet_the_set_21": {"paytable": paytable}}}
    if allowed:
        assert rules_from_mapping(data)
    else:
        assert _rejected(data) == {"633a.13(g)"}


def test_633a_13_d_match_the_dealer_has_six_and_eight_deck_tables_only() -> None:
    assert _rejected({"decks": 2, "side_wagers": {"match_the_dealer": {}}}) == {"633a.13(d)"}
    assert rules_from_mapping({"decks": 8, "side_wagers": {"match_the_dealer": {}}})


def test_633a_6_e_7_super_match_only_at_a_blackjack_switch_table() -> None:
    assert _rejected({"side_wagers": {"super_match": {}}}) == {"633a.6(e)(7)"}
    assert _rejected(
        {"decks": 2, "variant": "blackjack_switch", "side_wagers": {"super_match": {}}}
    ) == {"633a.13(i)"}


def test_633a_13_j_2_bad_beat_meter_resets_to_at_least_5000_dollars() -> None:
    assert _rejected({"side_wagers": {"bad_beat": {"reset": 499_900}}}) == {"633a.13(j)(2)"}
    assert rules_from_mapping({"side_wagers": {"bad_beat": {"reset": 500_000}}})


def test_633a_13_l_2_hit_and_run_meter_resets_to_at_least_1000_dollars() -> None:
    assert _rejected({"side_wagers": {"hit_and_run": {"reset": 99_900}}}) == {"633a.13(l)(2)"}


def test_633a_13_m_payout_limit_at_least_25000_or_the_most_one_patron_could_win() -> None:
    assert _rejected({"payout_limit": 2_000_000}) == {"633a.13(m)"}
    assert rules_from_mapping({"payout_limit": 2_500_000})
    # Lucky Ladies up to $100 on each of 3 boxes: 1,000 to 1 is $300,000 for one patron.
    big = {"side_wagers": {"lucky_ladies": {"max_wager": 10_000}}, "max_boxes_per_player": 3}
    assert _rejected({**big, "payout_limit": 2_500_000}) == {"633a.13(m)"}
    assert rules_from_mapping({**big, "payout_limit": 30_000_000})


def test_633a_12_b_1_hand_dealt_game_at_most_two_decks() -> None:
    data = {"variant": "hand_dealt", "decks": 6, "shoe": "batch_shuffler"}
    assert _rejected(data) == {"633a.12(b)(1)"}


def test_633a_12_b_2_hand_dealt_game_shuffled_by_an_automated_shuffler() -> None:
    assert _rejected({"variant": "hand_dealt", "decks": 2, "shoe": "shoe"}) == {"633a.12(b)(2)"}


def test_633c_4_b_switch_hands_wagers_in_five_dollar_increments() -> None:
    assert _rejected({"variant": "switch_hands", "wager_unit": 100}) == {"633c.4(b)"}
    assert rules_from_mapping({"variant": "switch_hands", "wager_unit": 500, "min_wager": 1000})


def test_633c_4_k_premium_options_belong_to_switch_hands() -> None:
    assert _rejected({"blackjack_premium": True}) == {"633c.4(k)"}


@pytest.mark.parametrize(
    ("preset", "variant"),
    [
        ("pa-blackjack-switch", "blackjack_switch"),
        ("pa-hand-dealt-2deck", "hand_dealt"),
        ("pa-switch-hands-premium", "switch_hands"),
    ],
)
def test_633a_12_and_633c_4_variation_presets_are_valid_pennsylvania_rules(
    preset: str, variant: str
) -> None:
    rules = rules_from_mapping({"preset": preset})
    assert rules.variant == variant
    assert rules.non_pa() == []
