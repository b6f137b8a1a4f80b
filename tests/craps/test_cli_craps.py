"""`tablegames edge craps` as the plain function `edge_craps` (623b.5(c)-(d))."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tablegames.core.errors import RulesError
from tablegames.craps.cli import edge_craps, play_craps

NAMES = [
    "any_craps", "any_seven", "eleven",
    "hop_1_3", "hop_1_4", "hop_1_5", "hop_1_6", "hop_2_3", "hop_2_4", "hop_2_5", "hop_2_6",
    "hop_3_4", "hop_3_5", "hop_3_6", "hop_4_5", "hop_4_6",
    "hop_2_2", "hop_3_3", "hop_4_4", "hop_5_5",
    "horn_3_11", "horn_2_12", "ce", "ce_craps", "ce_eleven",
    "hard_4", "hard_6", "hard_8", "hard_10",
]  # fmt: skip


def test_623b_5_d_edge_craps_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert edge_craps(None, True) == 0
    report = json.loads(capsys.readouterr().out)
    assert [row["wager"] for row in report["wagers"]] == NAMES
    row = report["wagers"][1]
    assert row["wager"] == "any_seven"
    assert row["house_edge_without_power_odds"] == pytest.approx(1 / 6)
    assert row["house_edge"] == pytest.approx(0.1)
    assert row["breakeven_selection_probability"] == {"level_1": 0.5, "level_2": 0.25}
    rows = {row["wager"]: row for row in report["wagers"]}
    assert rows["ce"]["house_edge_without_power_odds"] == pytest.approx(1 / 9)
    assert rows["ce"]["house_edge"] == pytest.approx(17 / 360)
    assert rows["ce_craps"]["breakeven_selection_probability"]["level_2"] == pytest.approx(1 / 3)
    assert rows["ce_eleven"]["breakeven_selection_probability"]["level_2"] == pytest.approx(2 / 7)


def test_623b_5_c_edge_craps_reads_the_house_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "house.toml"
    path.write_text('level_1_probability = 0\nlevel_2_probability = "1/4"\n', encoding="utf-8")
    assert edge_craps(path, True) == 0
    rows = {row["wager"]: row for row in json.loads(capsys.readouterr().out)["wagers"]}
    # At the break-even chance of level 2 alone the Any Seven is a fair bet.
    assert rows["any_seven"]["house_edge"] == 0


def test_edge_craps_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert edge_craps(None, False) == 0
    text = capsys.readouterr().out
    assert "Any Seven" in text
    assert "16.6667%" in text
    assert "C&E (2, 3, 12): its Power Odds only" in text
    assert "4.7222%" in text  # the C&E with both lines selected with the defaults
    assert "never" not in text  # every wager breaks even at some chance with the defaults


def test_edge_craps_bad_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "house.toml"
    path.write_text("level_1_probability = 0.9\nlevel_2_probability = 0.2\n", encoding="utf-8")
    assert edge_craps(path, True) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "623b.5(c)" in captured.err


def test_play_craps_reports_bad_rules(tmp_path: Path) -> None:
    # Bad house rules are bad input: raised for the CLI to print as one error line (exit 2).
    path = tmp_path / "house.toml"
    path.write_text("colour = 'red'\n", encoding="utf-8")
    with pytest.raises(RulesError, match="is not a craps house rule"):
        play_craps(path, input_fn=lambda prompt: "q")
