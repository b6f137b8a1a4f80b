"""The craps house rules (623b.5): defaults, presets, TOML files and every refusal."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from pydantic import ValidationError

from tablegames.core.errors import RulesError
from tablegames.craps.rules import (
    PRESETS,
    CrapsRules,
    craps_rules_from_mapping,
    load_craps_rules,
    parse_odds,
)
from tablegames.craps.wagers import LINE_NAMES, WAGER_NAMES


def refusal(data: dict[str, object]) -> RulesError:
    with pytest.raises(RulesError) as info:
        craps_rules_from_mapping(data)
    return info.value


def test_623b_5_a_defaults_offer_power_odds_on_every_eligible_wager() -> None:
    rules = CrapsRules()
    assert rules.power_odds
    assert [terms.name for terms in rules.offered()] == list(WAGER_NAMES)
    assert [line.name for line in rules.offered_lines()] == list(LINE_NAMES)
    assert rules.findings() == []


def test_623b_5_a_a_table_without_power_odds_selects_nothing() -> None:
    rules = craps_rules_from_mapping({"preset": "pa-no-power-odds"})
    assert not rules.power_odds
    assert all(line.probabilities == (Fraction(0), Fraction(0)) for line in rules.offered_lines())


def test_623b_5_c_probabilities_are_exact_fractions() -> None:
    rules = craps_rules_from_mapping({"level_1_probability": 0.05, "level_2_probability": "1/40"})
    assert rules.line("hop_1_3").probabilities == (Fraction(1, 20), Fraction(1, 40))


def test_623b_5_c_per_wager_probabilities_override_the_table() -> None:
    rules = craps_rules_from_mapping({"wagers": {"hard_8": {"level_1_probability": "1/4"}}})
    assert rules.line("hard_8").probabilities == (Fraction(1, 4), Fraction(1, 20))
    assert rules.line("hard_6").probabilities == (Fraction(1, 10), Fraction(1, 20))


def test_623b_5_d_c_and_e_lines_take_their_own_odds_and_chances() -> None:
    rules = craps_rules_from_mapping(
        {
            "wagers": {
                "ce": {"min_wager": 200, "max_wager": 2_000},
                "ce_craps": {"base_odds": "3 to 1", "level_2_probability": "1/40"},
                "ce_eleven": {"base_odds": "6 to 1", "level_1_probability": 0},
            }
        }
    )
    terms = rules.terms("ce")
    assert (terms.min_wager, terms.max_wager) == (200, 2_000)
    assert [line.name for line in terms.lines] == ["ce_craps", "ce_eleven"]
    assert rules.line("ce_craps").probabilities == (Fraction(1, 10), Fraction(1, 40))
    assert rules.line("ce_eleven").probabilities == (Fraction(0), Fraction(1, 20))
    assert rules.line("ce_eleven").odds(0) == 6
    assert terms.odds({"ce_craps": 2}) == {"ce_craps": 6, "ce_eleven": 6}
    with pytest.raises(KeyError):
        rules.line("ce")
    with pytest.raises(KeyError):
        rules.terms("ce_craps")


@pytest.mark.parametrize(
    ("wagers", "field", "message"),
    [
        (
            {"ce": {"level_2_probability": "1/40"}},
            "wagers.ce.level_2_probability",
            "the C&E is paid and selected per line: set it under wagers.ce_craps and "
            "wagers.ce_eleven",
        ),
        (
            {"ce": {"base_odds": "3 to 1"}},
            "wagers.ce.base_odds",
            "the C&E is paid and selected per line",
        ),
        (
            {"ce_eleven": {"offered": False}},
            "wagers.ce_eleven.offered",
            "ce_eleven is a line of the C&E, which is offered and limited as one wager: set it "
            "under wagers.ce",
        ),
        ({"ce_craps": {"max_wager": 500}}, "wagers.ce_craps.max_wager", "set it under wagers.ce"),
    ],
)
def test_623b_5_d_c_and_e_fields_belong_to_the_wager_or_its_lines(
    wagers: dict[str, object], field: str, message: str
) -> None:
    error = refusal({"wagers": wagers})
    assert error.paragraph == "623b.5(d)"
    assert f"{field}: " in str(error)
    assert message in str(error)


def test_623b_5_a_c_and_e_line_base_odds_below_its_power_odds() -> None:
    error = refusal({"wagers": {"ce_eleven": {"base_odds": "10 to 1"}}})
    assert error.paragraph == "623b.5(a)"
    assert "wagers.ce_eleven.base_odds: 10 to 1 must be positive and below the Power Odds" in str(
        error
    )
    per_line = refusal({"wagers": {"ce_craps": {"level_1_probability": 0.99}}})
    assert "wagers.ce_craps.level_2_probability" in str(per_line)


def test_623b_5_c_probability_out_of_range_is_refused() -> None:
    error = refusal({"level_1_probability": "3/2"})
    assert error.paragraph == "623b.5(c)"
    assert "level_1_probability" in str(error)
    assert refusal({"wagers": {"any_seven": {"level_2_probability": -0.1}}}).paragraph == (
        "623b.5(c)"
    )


def test_623b_5_c_levels_together_over_one_is_refused() -> None:
    error = refusal({"level_1_probability": 0.6, "level_2_probability": 0.5})
    assert error.paragraph == "623b.5(c)"
    assert "together exceed 1" in str(error)
    per_wager = refusal({"wagers": {"eleven": {"level_1_probability": 0.99}}})
    assert "wagers.eleven.level_2_probability" in str(per_wager)


def test_623b_5_c_probability_must_be_drawable_exactly() -> None:
    error = refusal({"level_1_probability": "1/10000000007"})
    assert error.paragraph == "623b.5(c)"
    assert "denominator" in str(error)


def test_623b_5_d_unknown_wager_is_refused() -> None:
    error = refusal({"wagers": {"hop_1_1": {"offered": True}}})
    assert error.paragraph == "623b.5(d)"
    assert "wagers.hop_1_1: is not an eligible wager" in str(error)
    assert "wagers.c_and_e: is not an eligible wager" in str(
        refusal({"wagers": {"c_and_e": {"offered": False}}})
    )


def test_623b_5_a_base_odds_must_be_below_the_power_odds() -> None:
    error = refusal({"wagers": {"hard_6": {"base_odds": "13 to 1"}}})
    assert error.paragraph == "623b.5(a)"
    assert "below the Power Odds 13 to 1" in str(error)


def test_base_odds_are_read_as_x_to_y() -> None:
    assert parse_odds("15 to 2") == Fraction(15, 2)
    assert parse_odds("7:1") == 7
    with pytest.raises(RulesError, match="must read like"):
        parse_odds("seven")
    assert "must read like" in str(refusal({"wagers": {"any_seven": {"base_odds": "4-1"}}}))


def test_limits_are_checked() -> None:
    assert "minimum exceeds maximum" in str(
        refusal({"wagers": {"eleven": {"min_wager": 500, "max_wager": 100}}})
    )
    assert "multiples of 200 cents (one unit on each part)" in str(
        refusal({"wagers": {"horn_3_11": {"min_wager": 300}}})
    )
    assert "multiples of 100" in str(refusal({"min_wager": 150}))


def test_unknown_rules_and_presets_are_refused() -> None:
    assert "colour: is not a craps house rule" in str(refusal({"colour": "red"}))
    assert "unknown" in str(refusal({"preset": "vegas"}))
    with pytest.raises(RulesError):
        craps_rules_from_mapping([])  # type: ignore[arg-type]


def test_rules_are_frozen() -> None:
    with pytest.raises(ValidationError):
        CrapsRules().power_odds = False


def test_horn_parts_limits_are_per_part() -> None:
    terms = CrapsRules().terms("horn_2_12")
    assert (terms.min_wager, terms.max_wager) == (200, 20_000)


def test_rules_round_trip_through_their_mapping() -> None:
    rules = craps_rules_from_mapping(
        {
            "wagers": {
                "any_seven": {"base_odds": "5 to 1", "level_2_probability": "1/50"},
                "ce": {"offered": True, "max_wager": 5_000},
                "ce_eleven": {"base_odds": "6 to 1"},
            }
        }
    )
    # Only the fields an entry sets are written: a C&E line takes no `offered` or limits.
    assert rules.to_mapping()["wagers"]["ce_eleven"] == {"base_odds": "6 to 1"}
    assert craps_rules_from_mapping(rules.to_mapping()) == rules


def test_rules_load_from_toml(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(
        'preset = "pa-power-odds"\nlevel_1_probability = "1/8"\n'
        '[wagers.hop_1_3]\noffered = false\n[wagers.hard_8]\nbase_odds = "10 to 1"\n',
        encoding="utf-8",
    )
    rules = load_craps_rules(path)
    assert "hop_1_3" not in [terms.name for terms in rules.offered()]
    assert rules.line("hard_8").base_odds == 10
    assert rules.line("any_craps").probabilities[0] == Fraction(1, 8)
    assert load_craps_rules(None) == CrapsRules()
    with pytest.raises(RulesError, match="does not exist"):
        load_craps_rules(tmp_path / "missing.toml")


def test_presets_are_valid() -> None:
    for name in PRESETS:
        assert craps_rules_from_mapping({"preset": name}).findings() == []
