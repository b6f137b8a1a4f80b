"""Hostile Pai Gow Poker scenario files (`tablegames round FILE`): each is refused with exit 2
and one `error:` line naming what was wrong, never a traceback; nothing is printed or written.
The check is the corpus's (`test_hostile._check_refusal`)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tests.hostile.test_hostile import _check_refusal

BASE: dict[str, Any] = {
    "game": "pai_gow",
    "hands": {
        "dealer": ["KD", "QC", "9H", "7S", "5D", "4C", "2H"],
        "1": ["AS", "AH", "KS", "JD", "8C", "6D", "3S"],
    },
    "wagers": [{"seat": 1, "wager": 2500}],
}
HAND = ["AS", "AH", "KS", "JD", "8C", "6D", "3S"]
PROGRESSIVE = {
    "preset": "pa-pai-gow",
    "progressive": True,
    "progressive_rate_percent": 5,
    "progressive_initial": 100,
    "progressive_reset": 100,
}


def changed(**changes: Any) -> dict[str, Any]:
    scenario = copy.deepcopy(BASE)
    scenario.update(changes)
    return scenario


def nested(depth: int) -> Any:
    value: Any = "AS"
    for _ in range(depth):
        value = [value]
    return value


# (id, scenario, words the one error line must contain)
CASES: list[tuple[str, Any, str]] = [
    ("bad_card_code", changed(hands={"1": [*HAND[:6], "ZZ"]}), "hands['1']: card 'ZZ' has no rank"),
    ("card_as_number", changed(hands={"1": [*HAND[:6], 5]}), "card 5 must be two characters"),
    ("ten_as_two_digits", changed(hands={"1": [*HAND[:6], "10S"]}), "must be two characters"),
    (
        "card_twice_across_hands",
        changed(hands={"dealer": ["AS", *BASE["hands"]["dealer"][1:]], "1": HAND}),
        "AS is dealt to the dealer and seat 1",
    ),
    ("card_twice_in_a_hand", changed(hands={"1": ["AS", *HAND[:6]]}), "holds AS twice"),
    ("joker_twice", changed(hands={"1": ["JK", "JK", *HAND[2:]]}), "holds JK twice"),
    ("six_card_hand", changed(hands={"1": HAND[:6]}), "hands['1']: a hand holds 7 cards, not 6"),
    ("eight_card_hand", changed(hands={"1": [*HAND, "2S"]}), "a hand holds 7 cards, not 8"),
    ("hand_for_seat_9", changed(hands={"9": HAND}), "hands names the dealer or a seat 1-6"),
    ("hand_for_seat_0", changed(hands={"0": HAND}), "not '0'"),
    ("wager_at_seat_7", changed(wagers=[{"seat": 7, "wager": 2500}]), "seat 7 is not a seat"),
    ("wager_at_seat_minus_1", changed(wagers=[{"seat": -1, "wager": 2500}]), "seat -1 is not"),
    ("seat_as_text", changed(wagers=[{"seat": "1", "wager": 2500}]), "must be a whole number"),
    ("unknown_top_level_key", changed(dealer=[]), "unknown keys ['dealer']"),
    (
        "unknown_wager_key",
        changed(wagers=[{"seat": 1, "wager": 2500, "insurance": 5}]),
        "unknown keys ['insurance']",
    ),
    (
        "unknown_setting_key",
        changed(settings=[{"seat": 1, "low": ["KS", "JD"], "middle": []}]),
        "unknown keys ['middle']",
    ),
    ("huge_wager", changed(wagers=[{"seat": 1, "wager": 10**30}]), "outside the table's limits"),
    ("huge_seat", changed(wagers=[{"seat": 10**30, "wager": 2500}]), "is not a seat"),
    ("huge_start", changed(start=10**30), "'start' is a random number 1-7"),
    (
        "huge_meter",
        changed(rules=PROGRESSIVE, meters={"progressive": 10**40}),
        "'meter' is a whole number of cents from 0 to",
    ),
    (
        "negative_wager",
        changed(wagers=[{"seat": 1, "wager": -2500}]),
        "a positive whole number of cents, not -2500",
    ),
    (
        "negative_fortune",
        changed(
            rules={"preset": "pa-pai-gow", "fortune_paytable": "wizard_2"},
            wagers=[{"seat": 1, "wager": 2500, "fortune": -5}],
        ),
        "the fortune wager's amount is a positive whole number of cents, not -5",
    ),
    (
        "negative_meter",
        changed(rules=PROGRESSIVE, meters={"progressive": -1}),
        "'meter' is a whole number of cents",
    ),
    ("bool_wager", changed(wagers=[{"seat": 1, "wager": True}]), "not True"),
    ("bool_seat", changed(wagers=[{"seat": True, "wager": 2500}]), "must be a whole number"),
    ("bool_start", changed(start=True), "'start' is a random number 1-7, not True"),
    ("bool_die", changed(dice=[True, 2, 3]), "'dice' is a list of three dice 1-6"),
    ("float_wager", changed(wagers=[{"seat": 1, "wager": 25.5}]), "not 25.5"),
    ("nested_hand", changed(hands={"1": nested(3)}), "hands['1']"),
    ("deeply_nested_hand", changed(hands={"1": nested(20)}), "nests more than 12 levels"),
    ("nested_wagers", changed(wagers=[nested(3)]), "wagers[0] must be a JSON object"),
    ("deeply_nested_wagers", changed(wagers=[nested(20)]), "nests more than 12 levels"),
    ("nested_settings", changed(settings=[{"seat": 1, "low": nested(3)}]), "'low' is a list"),
    ("settings_as_object", changed(settings={"1": {}}), "settings is a list"),
    ("hands_as_list", changed(hands=[HAND]), "hands is an object"),
    ("hands_and_deck", changed(deck=["AS"]), 'gives "hands" or "deck", not both'),
    (
        "deck_too_long",
        {"game": "pai_gow", "deck": ["AS"] * 60, "wagers": BASE["wagers"]},
        "at most 53",
    ),
    ("no_wagers", changed(wagers=[]), "wagers is a non-empty list"),
    ("low_card_not_in_hand", changed(settings=[{"seat": 1, "low": ["QH", "JD"]}]), "QH is not"),
    ("low_of_three_cards", changed(settings=[{"seat": 1, "low": ["KS", "JD", "8C"]}]), "not 3"),
    ("seat_wagered_twice", changed(wagers=[BASE["wagers"][0]] * 2), "seat 1 is listed twice"),
    (
        "setting_for_an_empty_seat",
        changed(settings=[{"seat": 2, "low": ["KS", "JD"]}]),
        "plays no hand",
    ),
    ("meter_without_progressive", changed(meters={"progressive": 5}), "has no meter"),
    (
        "player_as_number",
        changed(wagers=[{"seat": 1, "wager": 2500, "player": 7}]),
        "non-empty name",
    ),
    ("rules_as_text", changed(rules="pa-pai-gow"), "must be a table of house rules"),
]


@pytest.mark.parametrize(
    ("scenario", "says"), [case[1:] for case in CASES], ids=[c[0] for c in CASES]
)
def test_hostile_pai_gow_scenario_is_refused(scenario: Any, says: str, tmp_path: Path) -> None:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    _check_refusal(["round", str(path)], says, None, tmp_path)


def test_deeply_nested_junk_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "scenario.json"
    junk = "[" * 100_000 + "]" * 100_000
    path.write_text('{"game": "pai_gow", "hands": ' + junk + ', "wagers": []}', encoding="utf-8")
    _check_refusal(["round", str(path)], "nests more than", None, tmp_path)
