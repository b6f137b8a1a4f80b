"""Hostile input to the Pai Gow Poker readers: every bad hand or rules mapping is refused with
one clear error naming what was wrong, and nothing else is raised."""

from __future__ import annotations

from typing import Any

import pytest

from tablegames.core.errors import CardError, RulesError
from tablegames.paigow.cards import parse_hand
from tablegames.paigow.rules import pai_gow_rules_from_mapping
from tablegames.paigow.setting import IllegalSettingError, make_setting

BAD_HANDS: list[tuple[Any, str]] = [
    (["AS", "KD", "9C", "9H", "5S", "4D", "ZZ"], "no rank"),
    (["AS", "KD", "9C", "9H", "5S", "4D", "2X"], "no suit"),
    (["AS", "KD", "9C", "9H", "5S", "4D", "10S"], "two characters"),
    (["JK", "KD", "9C", "9H", "5S", "4D", "JK"], "JK twice"),
    (["AS", "AS", "9C", "9H", "5S", "4D", "2C"], "AS twice"),
    (["AS", "KD", "9C", "9H", "5S", "4D", "2C", "3C"], "not 8"),
    (["AS", "KD"], "not 2"),
    ("AS KD 9C 9H 5S 4D 2C", "list of 7"),
    ([1, 2, 3, 4, 5, 6, 7], "two characters"),
    (None, "list of 7"),
    ([], "not 0"),
]


@pytest.mark.parametrize(("texts", "words"), BAD_HANDS)
def test_bad_hands_refused(texts: Any, words: str) -> None:
    with pytest.raises(CardError, match=words):
        parse_hand(texts)


def test_low_hand_of_foreign_or_repeated_cards_refused() -> None:
    hand = parse_hand(["AS", "KD", "9C", "9H", "5S", "4D", "2C"])
    with pytest.raises(IllegalSettingError):
        make_setting(hand, low=parse_hand(["AH", "KD"], size=2))
    with pytest.raises(CardError, match="twice"):
        make_setting(hand, low=[hand[0], hand[0]])
    with pytest.raises(IllegalSettingError, match="2 cards"):
        make_setting(hand, low=hand[:3])


BAD_RULES: list[Any] = [
    [],
    "pa-pai-gow",
    {"commission_percent": 100},
    {"commission_percent": "1e99999999"},
    {"commission_percent": "5/0"},
    {"commission_percent": True},
    {"commission_percent": "5" * 40},
    {"house_way": 7},
    {"seats": 9},
    {"wheel_straight": "highest"},
    {"preset": ["pa-pai-gow"]},
    {"payout_limit": 100},
    {"progressive": True},
]


@pytest.mark.parametrize("data", BAD_RULES)
def test_bad_rules_refused(data: Any) -> None:
    with pytest.raises(RulesError):
        pai_gow_rules_from_mapping(data)
