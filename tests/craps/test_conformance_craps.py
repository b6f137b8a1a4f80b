"""Craps conformance scenarios (tests/conformance_craps/*.json) through the engine and the CLI.

Each file holds a scenario in the format of docs/craps.md and either the `expected` result,
worked out by hand from 623b.5(d) and the customary payouts (the working is in its
`description`), or the `expected_error` it must be refused with. Every line of the table in
623b.5(d) has a file settling its wager without Power Odds and at both levels of that line: every
wager is its own line; the C&E (`ce`) has the files of its lines, `ce_craps` and `ce_eleven`.
The file format and the comparison are `tablegames.conform`'s (the same as `tablegames conform`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tablegames.cli import app
from tablegames.conform import CRAPS, run_file
from tablegames.core.errors import TableGamesError
from tablegames.craps.cli import roll_command
from tablegames.craps.replay import replay
from tablegames.craps.scenario import play_scenario
from tablegames.craps.wagers import LINE_NAMES, WAGER_OF_LINE

CONFORMANCE = Path(__file__).resolve().parent.parent / "conformance_craps"
FILES = sorted(CONFORMANCE.glob("*.json"))
FILE_KEYS = {"description", "scenario", "expected", "expected_error"}


def load(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def successful() -> list[Path]:
    return [path for path in FILES if load(path)["expected"] is not None]


def test_623b_5_d_there_is_a_file_for_every_wager_at_every_level() -> None:
    assert len(FILES) >= 30
    for name in LINE_NAMES:
        data = load(CONFORMANCE / f"623b_5_d_{name}.json")
        rolls = data["expected"]["rolls"]
        wager = WAGER_OF_LINE[name]
        levels = {
            item["level"]
            for roll in rolls
            for item in roll["wagers"]
            if item["outcome"] == "win"
            and item["wager"] == wager
            and item.get("line", name) == name
        }
        assert levels == {0, 1, 2}, name


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_623b_5_conformance_scenario(path: Path) -> None:
    # The shipped files also spell out both outcomes and the working (`description`).
    assert set(load(path)) == FILE_KEYS
    result = run_file(path)
    assert result.game == CRAPS
    assert result.passed, str(result.mismatch)


@pytest.mark.parametrize("path", successful(), ids=[path.stem for path in successful()])
def test_623b_5_c_replay_reproduces_the_log(path: Path) -> None:
    table, _ = play_scenario(load(path)["scenario"])
    assert table.events[0].to_json()["event"] == "table_opened"
    assert replay(table.events).events == table.events


def test_cli_roll_prints_the_settlement(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = load(CONFORMANCE / "623b_5_d_hard_6_wins_on_first_roll_level_2.json")
    scenario = tmp_path / "scenario.json"
    scenario.write_text(json.dumps(data["scenario"]), encoding="utf-8")
    assert roll_command(scenario) == 0
    printed = json.loads(capsys.readouterr().out)
    events = printed.pop("events")
    assert printed == data["expected"]
    assert [event["event"] for event in events] == [
        "table_opened",
        "wager_placed",
        "selection_made",
        "dice_rolled",
        "wager_settled",
    ]


def test_cli_roll_refuses_bad_input_with_the_paragraph(tmp_path: Path) -> None:
    data = load(CONFORMANCE / "623b_5_a_selection_without_power_odds.json")
    scenario = tmp_path / "scenario.json"
    scenario.write_text(json.dumps(data["scenario"]), encoding="utf-8")
    with pytest.raises(TableGamesError, match=r"\(58 Pa\. Code 623b\.5\(a\)\)"):
        roll_command(scenario)
    result = CliRunner().invoke(app, ["roll", str(scenario)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("error: ")
    assert "(58 Pa. Code 623b.5(a))" in result.stderr


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "is not valid JSON"),
        ("[]", "the scenario must be a JSON object"),
        ('{"wagers": [], "dice": [1, 1], "rolls": [[1, 1]]}', 'either "dice"'),
        ('{"wagers": [], "dice": [1, 1], "selections": [{}]}', 'takes "selection"'),
        ('{"wagers": [], "rolls": [[1, 1]], "selection": {}}', 'take "selections"'),
        ('{"wagers": [], "rolls": []}', "non-empty list"),
        ('{"wagers": [{"wager": "hard_4"}], "dice": [2, 2]}', "is missing ['amount']"),
        ('{"wagers": [{"wager": "hard_4", "amount": 500, "roll": 2}], "dice": [2, 2]}', "roll"),
        ('{"wagers": [{"wager": 4, "amount": 500}], "dice": [2, 2]}', "wager name"),
        ('{"wagers": [{"wager": "hard_4", "amount": "5"}], "dice": [2, 2]}', "whole number"),
        ('{"wagers": {}, "dice": [2, 2]}', "wagers must be a list"),
        ('{"wagers": [], "dice": [2]}', "a list of two faces"),
        ('{"wagers": [], "dice": [2, 2], "selection": []}', "map wager names"),
        ('{"wagers": [], "dice": [2, 2], "extra": 1}', "unknown keys ['extra']"),
    ],
)
def test_malformed_scenarios_are_refused(tmp_path: Path, text: str, message: str) -> None:
    scenario = tmp_path / "scenario.json"
    scenario.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["roll", str(scenario)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("error: ")
    assert result.stderr.count("\n") == 1
    assert message in result.stderr


def test_cli_roll_missing_file(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["roll", str(tmp_path / "absent.json")])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: scenario ")
    assert "does not exist" in result.stderr
