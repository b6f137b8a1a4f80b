"""House rules: the Rules Submission model, presets, TOML files and `tablegames rules check`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tablegames.blackjack.rules import Rules, load_rules, preset_names, rules_from_mapping
from tablegames.cli import app
from tablegames.core.errors import RulesError

runner = CliRunner()


def test_presets_pa_6deck_and_pa_8deck_follow_the_text() -> None:
    assert {"pa-6deck", "pa-8deck"} <= set(preset_names())
    six = load_rules(preset="pa-6deck")
    eight = load_rules(preset="pa-8deck")
    assert (six.decks, eight.decks) == (6, 8)
    for rules in (six, eight):
        assert rules.non_pa() == []
        # 633a.11(c): each split hand, aces included, may stand, draw or double.
        assert rules.hit_split_aces
        assert rules.resplit_aces


def test_rules_are_immutable_and_keyword_only() -> None:
    rules = Rules()
    with pytest.raises(ValueError, match="frozen"):
        rules.decks = 8  # type: ignore[misc]
    positional: Any = Rules  # called the way the type checker would refuse
    with pytest.raises(TypeError):
        positional(6)


def test_633a_3_a_one_to_eight_decks() -> None:
    with pytest.raises(RulesError) as caught:
        rules_from_mapping({"decks": 0})
    assert "633a.3(a)" in str(caught.value)


def test_633a_5_d_penetration_leaves_a_quarter_behind_the_cover_card() -> None:
    with pytest.raises(RulesError, match=r"633a\.5\(d\)"):
        rules_from_mapping({"penetration": 0.8})


def test_unknown_house_rules_are_rejected_not_ignored() -> None:
    with pytest.raises(RulesError, match="surrender_early: is not a house rule"):
        rules_from_mapping({"surrender_early": True})


def test_overrides_from_the_command_line() -> None:
    rules = load_rules(preset="pa-6deck", overrides=["decks=8", "resplit_aces=false"])
    assert (rules.decks, rules.resplit_aces) == (8, False)
    with pytest.raises(RulesError, match="NAME=VALUE"):
        load_rules(overrides=["decks"])


def test_non_pa_options_are_flagged_with_their_paragraph() -> None:
    rules = Rules(dealer_hits_soft_17=True, blackjack_pays="6:5", late_surrender=False)
    assert {finding.paragraph for finding in rules.non_pa()} == {
        "633a.7(m)",
        "633a.13(a)",
        "633a.9(a)",
    }


def test_rules_check_accepts_a_valid_submission(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('preset = "pa-8deck"\nhit_split_aces = false\nmax_hands = 3\n')
    result = runner.invoke(app, ["rules", "check", str(path)])
    assert result.exit_code == 0, result.output
    assert "valid" in result.output


def test_rules_check_lists_every_violation_with_its_paragraph(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('decks = 6\ndealer_hits_soft_17 = true\nblackjack_pays = "6:5"\nboxes = 7\n')
    result = runner.invoke(app, ["rules", "check", str(path)])
    assert result.exit_code == 1
    assert "633a.7(m)" in result.output
    assert "633a.13(a)" in result.output

    broken = tmp_path / "broken.toml"
    broken.write_text("decks = 12\nboxes = 9\ncolour = 'red'\n")
    result = runner.invoke(app, ["rules", "check", str(broken)])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.startswith("violation")]
    assert len(lines) == 3
    assert any("633a.3(a)" in line for line in lines)
    assert any("633a.2(a)" in line for line in lines)


def test_rules_check_rejects_a_file_that_is_not_toml(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text("decks = = 6\n")
    result = runner.invoke(app, ["rules", "check", str(path)])
    # A file that is not TOML is bad input (exit 2), not a finding about valid rules (exit 1).
    assert result.exit_code == 2


def test_633a_3_a_rules_replace_validates_each_field() -> None:
    # model_copy(update=...) accepted decks=99; replace() checks the field as a new filing does.
    base = Rules()
    assert base.replace(decks=8).decks == 8
    with pytest.raises(RulesError) as refusal:
        base.replace(decks=99)
    assert refusal.value.paragraph == "633a.3(a)"
    with pytest.raises(RulesError, match="colour: not a house rule"):
        base.replace(colour="red")
    with pytest.raises(RulesError, match="must be true or false"):
        base.replace(late_surrender="yes")
