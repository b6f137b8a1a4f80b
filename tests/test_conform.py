"""`tablegames conform PATH... [--junit FILE]` and the wrapped form of `round` and `roll`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from typer.testing import CliRunner, Result

from tablegames.cli import app
from tablegames.conform import (
    BLACKJACK,
    CRAPS,
    ConformanceResult,
    first_difference,
    load_case,
    parse_case,
    run_case,
    run_file,
)
from tablegames.core.inputs import InputError

TESTS = Path(__file__).resolve().parent
BLACKJACK_FILES = TESTS / "conformance"
CRAPS_FILES = TESTS / "conformance_craps"
BLACKJACK_RESULT = BLACKJACK_FILES / "633a_10_a_double_for_less.json"
BLACKJACK_REFUSAL = BLACKJACK_FILES / "633a_10_a_double_on_three_cards_rejected.json"
CRAPS_RESULT = CRAPS_FILES / "623b_5_d_hard_6_wins_on_first_roll_level_2.json"
CRAPS_ROLLS = CRAPS_FILES / "623b_5_d_any_craps.json"
CRAPS_REFUSAL = CRAPS_FILES / "623b_5_a_selection_without_power_odds.json"


def conform(*args: str | Path) -> Result:
    return CliRunner().invoke(app, ["conform", *(str(arg) for arg in args)])


def load(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def rows(result: Result) -> dict[str, list[str]]:
    """The table's rows by file: [game, PASS/FAIL, difference...] split on whitespace."""
    found = {}
    for line in result.stdout.splitlines()[1:-1]:
        file, *rest = line.split()
        found[file] = rest
    return found


def assert_one_error_line(result: Result, *phrases: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert result.stderr.startswith("error: ")
    assert result.stderr.count("\n") == 1
    for phrase in phrases:
        assert phrase in result.stderr


def test_the_shipped_folders_pass_together() -> None:
    result = conform(BLACKJACK_FILES, CRAPS_FILES)
    assert result.exit_code == 0, result.output
    count = len(list(BLACKJACK_FILES.glob("*.json"))) + len(list(CRAPS_FILES.glob("*.json")))
    assert result.stdout.splitlines()[-1].startswith(f"{count} files: {count} passed, 0 failed")
    table = rows(result)
    assert len(table) == count
    assert {row[0] for row in table.values()} == {BLACKJACK, CRAPS}
    assert all(row[1] == "PASS" for row in table.values())
    assert table[str(BLACKJACK_RESULT)][0] == BLACKJACK
    assert table[str(CRAPS_RESULT)][0] == CRAPS


def test_an_altered_expected_fails_naming_the_path(tmp_path: Path) -> None:
    data = load(BLACKJACK_RESULT)
    data["expected"]["boxes"][0]["wagers"][0]["returned"] = 6999
    altered = write(tmp_path / "altered.json", data)
    result = conform(altered)
    assert result.exit_code == 1, result.output
    assert rows(result)[str(altered)][:2] == [BLACKJACK, "FAIL"]
    assert "boxes[0].wagers[0].returned: expected 6999, got 7000" in result.stdout
    assert result.stdout.splitlines()[-1].startswith("1 file: 0 passed, 1 failed")


def test_an_altered_craps_roll_fails_naming_the_path(tmp_path: Path) -> None:
    data = load(CRAPS_ROLLS)
    data["expected"]["rolls"][2]["wagers"][0]["odds"] = "15 to 1"
    altered = write(tmp_path / "altered.json", data)
    result = conform(altered)
    assert result.exit_code == 1
    assert 'rolls[2].wagers[0].odds: expected "15 to 1", got "14 to 1"' in result.stdout


def test_blackjack_and_craps_files_mix_in_one_folder(tmp_path: Path) -> None:
    for source in (BLACKJACK_RESULT, BLACKJACK_REFUSAL, CRAPS_RESULT, CRAPS_REFUSAL):
        write(tmp_path / source.name, load(source))
    wrong = load(CRAPS_REFUSAL)
    wrong["expected_error"]["paragraph"] = "623b.5(c)"
    write(tmp_path / "zz_wrong_paragraph.json", wrong)
    result = conform(tmp_path)
    assert result.exit_code == 1
    table = rows(result)
    assert list(table) == sorted(table)  # a folder is its *.json, sorted
    games = {Path(file).stem: row[0] for file, row in table.items()}
    assert games == {
        BLACKJACK_RESULT.stem: BLACKJACK,
        BLACKJACK_REFUSAL.stem: BLACKJACK,
        CRAPS_RESULT.stem: CRAPS,
        CRAPS_REFUSAL.stem: CRAPS,
        "zz_wrong_paragraph": CRAPS,
    }
    failing = table[str(tmp_path / "zz_wrong_paragraph.json")]
    assert failing[1] == "FAIL"
    line = " ".join(failing[2:])
    assert line.startswith("expected_error: expected an error citing 623b.5(c)")
    assert "got an error citing 623b.5(a)" in line
    assert sum(row[1] == "PASS" for row in table.values()) == 4


def test_junit_report_parses_back(tmp_path: Path) -> None:
    data = load(CRAPS_RESULT)
    data["expected"]["net"] += 1
    altered = write(tmp_path / "altered.json", data)
    report = tmp_path / "report.xml"
    result = conform(BLACKJACK_RESULT, CRAPS_REFUSAL, altered, "--junit", report)
    assert result.exit_code == 1
    root = ElementTree.parse(report).getroot()
    suites = root.findall("testsuite")
    assert len(suites) == 1
    suite = suites[0]
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("3", "1", "0")
    assert float(suite.get("time", "")) >= 0
    cases = suite.findall("testcase")
    assert [(case.get("classname"), case.get("name")) for case in cases] == [
        (BLACKJACK, BLACKJACK_RESULT.stem),
        (CRAPS, CRAPS_REFUSAL.stem),
        (CRAPS, "altered"),
    ]
    assert all(float(case.get("time", "")) >= 0 for case in cases)
    assert [case.find("failure") is None for case in cases] == [True, True, False]
    failure = cases[2].find("failure")
    assert failure is not None
    assert failure.get("message", "").startswith("net: expected ")


def test_junit_report_is_written_when_all_pass(tmp_path: Path) -> None:
    report = tmp_path / "report.xml"
    assert conform(CRAPS_FILES, "--junit", report).exit_code == 0
    suite = ElementTree.parse(report).getroot().find("testsuite")
    assert suite is not None
    assert suite.get("failures") == "0"
    assert suite.get("tests") == str(len(list(CRAPS_FILES.glob("*.json"))))


def test_junit_report_survives_control_characters(tmp_path: Path) -> None:
    data = load(CRAPS_REFUSAL)
    data["expected_error"]["contains"] = "not in the message"
    data["description"] = "a bell \x07 in the working"
    report = tmp_path / "report.xml"
    assert conform(write(tmp_path / "odd.json", data), "--junit", report).exit_code == 1
    failure = ElementTree.parse(report).getroot().find("testsuite/testcase/failure")
    assert failure is not None
    assert "a bell \ufffd in the working" in (failure.text or "")


def test_an_unwritable_junit_file_is_refused_before_running(tmp_path: Path) -> None:
    result = conform(BLACKJACK_RESULT, "--junit", tmp_path / "absent" / "report.xml")
    assert_one_error_line(result, "JUnit report", "does not exist")


def test_a_missing_path_is_bad_input(tmp_path: Path) -> None:
    assert_one_error_line(conform(tmp_path / "absent.json"), "absent.json", "does not exist")


def test_a_file_that_is_not_json_is_bad_input_and_nothing_runs(tmp_path: Path) -> None:
    (tmp_path / "notes.json").write_text("a scenario, roughly", encoding="utf-8")
    # One unreadable file among good ones: refused before any file is played.
    result = conform(BLACKJACK_RESULT, tmp_path / "notes.json", CRAPS_RESULT)
    assert_one_error_line(result, "notes.json", "is not valid JSON")


def test_an_empty_folder_is_bad_input(tmp_path: Path) -> None:
    assert_one_error_line(conform(tmp_path), "holds no *.json files")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"expectd": None}, "unknown keys ['expectd']"),
        ({"expected": None}, 'exactly one of "expected" and "expected_error"'),
        ({"expected_error": {"paragraph": None, "contains": "x"}}, "exactly one of"),
        ({"expected": []}, '"expected" must be a JSON object'),
        ({"expected": {"boxes": []}}, 'holds exactly "dealer" and "boxes"'),
        ({"scenario": []}, '"scenario" must be a JSON object'),
        ({"scenario": {"rules": {}}}, "cannot tell the game"),
        (
            {"game": "poker"},
            '"game" must be "blackjack" or "blackjack_dealt" or "craps" or "pai_gow"',
        ),
        ({"description": 7}, '"description" must be text'),
    ],
)
def test_a_malformed_conformance_file_is_bad_input(
    tmp_path: Path, change: dict[str, Any], message: str
) -> None:
    data = {**load(BLACKJACK_RESULT), **change}
    assert_one_error_line(conform(write(tmp_path / "case.json", data)), message)


@pytest.mark.parametrize(
    ("expected_error", "message"),
    [
        ({"paragraph": 7, "contains": "x"}, '"paragraph" must be text'),
        ({"paragraph": None, "contains": None}, '"contains" must be text'),
        ({"contains": "x"}, '"expected_error" must be'),
        ("first two cards", '"expected_error" must be'),
    ],
)
def test_a_malformed_expected_error_is_bad_input(
    tmp_path: Path, expected_error: Any, message: str
) -> None:
    data = {**load(BLACKJACK_REFUSAL), "expected_error": expected_error}
    assert_one_error_line(conform(write(tmp_path / "case.json", data)), message)


def test_the_game_key_decides_and_only_scenario_is_required(tmp_path: Path) -> None:
    # No description and no null twin; `game` is what names the game when the keys cannot.
    refusal = {
        "game": CRAPS,
        "scenario": {"rules": {"preset": "pa-power-odds"}},
        "expected_error": {"paragraph": None, "contains": "is missing ['wagers']"},
    }
    result = run_file(write(tmp_path / "no_wagers.json", refusal))
    assert (result.game, result.passed) == (CRAPS, True)
    # A stated game plays the scenario even with another game's keys: the engine refuses them.
    crossed = {
        "game": CRAPS,
        "scenario": load(BLACKJACK_RESULT)["scenario"],
        "expected_error": {"paragraph": None, "contains": "unknown keys"},
    }
    assert run_file(write(tmp_path / "crossed.json", crossed)).passed


def test_a_refusal_expected_but_the_scenario_plays(tmp_path: Path) -> None:
    data = {**load(BLACKJACK_RESULT), "expected": None}
    data["expected_error"] = {"paragraph": "633a.10(a)", "contains": "first two cards"}
    result = run_file(write(tmp_path / "case.json", data))
    assert not result.passed
    assert str(result.mismatch) == (
        "expected_error: expected an error citing 633a.10(a) containing 'first two cards', "
        "got no error (the scenario was played)"
    )


def test_a_result_expected_but_the_scenario_is_refused(tmp_path: Path) -> None:
    data = load(BLACKJACK_REFUSAL)
    data["expected_error"] = None
    data["expected"] = load(BLACKJACK_RESULT)["expected"]
    result = run_file(write(tmp_path / "case.json", data))
    assert result.mismatch is not None
    assert result.mismatch.where == "expected"
    assert result.mismatch.actual.startswith("an error citing 633a.10(a): ")


def test_an_engine_crash_is_that_files_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(scenario: Any) -> dict[str, Any]:
        raise KeyError("boom")

    monkeypatch.setattr("tablegames.blackjack.scenario.run_scenario", crash)
    result = run_case(load_case(BLACKJACK_RESULT))
    assert not result.passed
    assert result.mismatch is not None
    assert result.mismatch.where == "engine"
    assert "KeyError" in result.mismatch.actual


def test_a_result_carries_name_game_and_time() -> None:
    result = run_file(CRAPS_RESULT)
    assert isinstance(result, ConformanceResult)
    assert (result.name, result.game, result.passed, result.mismatch) == (
        CRAPS_RESULT.stem,
        CRAPS,
        True,
        None,
    )
    assert result.seconds >= 0


def test_parse_case_names_the_file() -> None:
    with pytest.raises(InputError, match=r"conformance file 'x\.json' must hold a JSON object"):
        parse_case([], Path("x.json"))


@pytest.mark.parametrize(
    ("expected", "actual", "difference"),
    [
        ({"a": 1, "b": 2}, {"a": 1, "b": 3}, "b: expected 2, got 3"),
        ({"a": 1}, {}, "a: expected 1, got nothing (no such key)"),
        ({}, {"a": 1}, "a: expected nothing (no such key), got 1"),
        ({"a": [1, 2]}, {"a": [1]}, "a[1]: expected 2, got nothing (the list has 1 item)"),
        ({"a": [[0], [1]]}, {"a": [[0], [2]]}, "a[1][0]: expected 1, got 2"),
        ({"a b": None}, {"a b": 0}, '["a b"]: expected null, got 0'),
        ({"a": {"b": [1]}}, {"a": {"b": "1"}}, 'a.b: expected [1], got "1"'),
    ],
)
def test_first_difference(expected: Any, actual: Any, difference: str) -> None:
    assert str(first_difference(expected, actual)) == difference


def invoke_both(command: str, scenario: dict[str, Any], wrapped: dict[str, Any], tmp: Path) -> str:
    bare = CliRunner().invoke(app, [command, str(write(tmp / "bare.json", scenario))])
    full = CliRunner().invoke(app, [command, str(write(tmp / "wrapped.json", wrapped))])
    assert bare.exit_code == full.exit_code == 0, (bare.output, full.output)
    assert full.stdout == bare.stdout
    return full.stdout


def test_round_plays_a_wrapped_file_as_its_scenario(tmp_path: Path) -> None:
    data = load(BLACKJACK_RESULT)
    printed = json.loads(invoke_both("round", data["scenario"], data, tmp_path))
    assert printed["boxes"] == data["expected"]["boxes"]


def test_roll_plays_a_wrapped_file_as_its_scenario(tmp_path: Path) -> None:
    for source in (CRAPS_RESULT, CRAPS_ROLLS):
        data = load(source)
        printed = json.loads(invoke_both("roll", data["scenario"], data, tmp_path))
        printed.pop("events")
        assert printed == data["expected"]


def test_round_on_a_wrapped_refusal_refuses_it(tmp_path: Path) -> None:
    data = load(BLACKJACK_REFUSAL)
    result = CliRunner().invoke(app, ["round", str(write(tmp_path / "case.json", data))])
    assert_one_error_line(result, data["expected_error"]["contains"], "633a.10(a)")


def test_roll_on_a_wrapped_refusal_refuses_it(tmp_path: Path) -> None:
    data = load(CRAPS_REFUSAL)
    result = CliRunner().invoke(app, ["roll", str(write(tmp_path / "case.json", data))])
    assert_one_error_line(result, data["expected_error"]["contains"], "623b.5(a)")


@pytest.mark.parametrize(
    ("command", "source", "hint"),
    [("round", CRAPS_RESULT, "tablegames roll"), ("roll", BLACKJACK_RESULT, "tablegames round")],
)
def test_a_wrapped_file_of_the_other_game_names_its_command(
    tmp_path: Path, command: str, source: Path, hint: str
) -> None:
    result = CliRunner().invoke(app, [command, str(write(tmp_path / "case.json", load(source)))])
    assert_one_error_line(result, "conformance file: play it with " + hint)
