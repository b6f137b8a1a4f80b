"""Settings and legality, settlement, commission rounding and the confirmed 645a/645c rules."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tablegames.core.errors import RulesError
from tablegames.paigow.cards import parse_hand
from tablegames.paigow.rules import PaiGowRules, pai_gow_rules_from_mapping
from tablegames.paigow.setting import (
    IllegalSettingError,
    Setting,
    can_set,
    legal_settings,
    make_setting,
    settings,
    verify_setting,
)
from tablegames.paigow.settle import is_tiger_9, outcome, settle


def setting(hand: str, low: str) -> Setting:
    return make_setting(parse_hand(hand.split()), low=parse_hand(low.split(), size=2))


def test_21_settings_and_legality() -> None:
    hand = parse_hand(["AS", "AD", "KC", "9H", "5S", "4D", "2C"])
    assert len(settings(hand)) == 21  # C(7,2), paigow/anchors.md 1
    assert all(can_set(item) for item in legal_settings(hand))
    foul = setting("AS AD KC 9H 5S 4D 2C", "AS AD")
    assert not can_set(foul)
    with pytest.raises(IllegalSettingError, match="Rules Submission field"):
        verify_setting(foul)


def test_equal_pairs_split_is_legal_688a_1_wording() -> None:
    # "equal to or higher": four sevens split 7-7-x-y-z over 7-7 is legal (digest 2 note).
    assert can_set(setting("7S 7D 7H 7C KS QD 2H", "7H 7C"))


def test_low_hand_must_be_cards_of_the_hand() -> None:
    with pytest.raises(IllegalSettingError, match="not in the hand"):
        setting("AS AD KC 9H 5S 4D 2C", "AH 2C")


DEALER = setting("AS KD 9C 9H 5S 4D 2C", "AS KD")  # 9-9 high, A-K low


def test_win_push_lose_and_copies_go_to_the_banker() -> None:
    rules = PaiGowRules()
    assert outcome(setting("JK KS QS JS TS 3H 3D", "3H 3D"), DEALER, rules) == "win"
    # high wins, low loses: push
    assert outcome(setting("JK KS QS JS TS 3H 2D", "3H 2D"), DEALER, rules) == "push"
    # high copied (9-9 with the same kickers 5-4-2), low copied (A-K): both copies lose
    copy = setting("AH KC 9S 9D 5H 4C 2S", "AH KC")
    assert outcome(copy, DEALER, rules) == "lose"
    # high wins, low copied: push
    assert outcome(setting("AH KC TS TD 5H 4C 2S", "AH KC"), DEALER, rules) == "push"


def test_commission_5_percent_and_its_rounding() -> None:
    win = setting("JK KS QS JS TS 3H 3D", "3H 3D")
    assert settle(win, DEALER, PaiGowRules(), wager=2500).net == 2375  # 0.95 x 2500
    odd = settle(win, DEALER, PaiGowRules(), wager=1010)
    assert (odd.commission, odd.net) == (50, 960)  # 50.5 cents rounded down
    up = PaiGowRules(commission_unit=25, commission_rounding="up")
    assert settle(win, DEALER, up, wager=1010).commission == 75
    lose = settle(setting("AH KC 9S 9D 5H 4C 2S", "AH KC"), DEALER, PaiGowRules(), wager=500)
    assert (lose.result, lose.net, lose.commission) == ("lose", -500, 0)


def test_foul_treatment() -> None:
    foul = setting("AH AD KC 9H 5S 4D 2C", "AH AD")
    assert outcome(foul, DEALER, PaiGowRules()) == "lose"
    with pytest.raises(IllegalSettingError, match="foul_treatment"):
        outcome(foul, DEALER, PaiGowRules(foul_treatment="reset_by_house_way"))


def test_645c_1_a_commission_free_collects_no_vigorish() -> None:
    win = setting("JK KS QS JS TS 3H 3D", "3H 3D")
    result = settle(win, DEALER, PaiGowRules(commission_free=True), wager=2500)
    assert (result.commission, result.net) == (0, 2500)


def test_645c_1_b_2_tiger_9_pushes_every_main_wager() -> None:
    tiger = setting("AS KD QC QH 5S 9D 2C", "9D 2C")
    assert is_tiger_9(tiger)
    win = setting("JK KS QS JS TS 3H 3D", "3H 3D")
    assert outcome(win, tiger, PaiGowRules(commission_free=True)) == "push"
    assert outcome(win, tiger, PaiGowRules()) == "win"  # only commission-free play


def test_645c_1_c_2_tiger_9_wager_only_commission_free() -> None:
    with pytest.raises(RulesError, match=r"645c\.1"):
        pai_gow_rules_from_mapping({"tiger_9_wager": True})
    assert pai_gow_rules_from_mapping({"preset": "pa-commission-free", "tiger_9_wager": True})


def test_645a_9_a_1_hand_dealing_requires_an_automated_shuffler() -> None:
    with pytest.raises(RulesError, match=r"645a\.9"):
        pai_gow_rules_from_mapping({"dealing_procedure": "hand"})
    rules = pai_gow_rules_from_mapping({"dealing_procedure": "hand", "automated_shuffler": True})
    assert rules.dealing_procedure == "hand"


def test_rules_defaults_and_refusals() -> None:
    rules = pai_gow_rules_from_mapping({})
    assert rules.commission_rate == Fraction(1, 20)
    assert rules.ranking.wheel_straight == "second_highest"
    for bad in (
        {"house_way": "foxwoods"},
        {"commission_unit": 3},
        {"seats": "6"},
        {"unknown": 1},
        {"preset": "nj"},
        {"commission_percent": "abc"},
    ):
        with pytest.raises(RulesError):
            pai_gow_rules_from_mapping(bad)
