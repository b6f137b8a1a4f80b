"""Conformance scenarios (tests/conformance/*.json) run through the engine and the CLI.

Each file holds a scenario in the format of docs/scenarios.md and either the `expected` dealer
and boxes, worked out by hand from 58 Pa. Code 633a, or the `expected_error` it must be refused
with. The file format and the comparison are `tablegames.conform`'s (the same as `tablegames
conform`); this module adds what only the shipped files promise. Files listed in
tests/conformance/KNOWN_DISAGREEMENTS.md are cases where the engine does not do what the
regulation says: they are strict xfails, so fixing the engine makes them fail until they are
taken off the list.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tablegames.blackjack.replay import replay
from tablegames.blackjack.scenario import build_round, play_decisions
from tablegames.cli import app
from tablegames.conform import BLACKJACK, run_file

CONFORMANCE = Path(__file__).parent / "conformance"
FILES = sorted(CONFORMANCE.glob("*.json"))
KNOWN_DISAGREEMENTS = CONFORMANCE / "KNOWN_DISAGREEMENTS.md"
FILE_KEYS = {"description", "scenario", "expected", "expected_error"}

CLI_SCENARIO = "633a_11_c_resplit_to_four_hands"
CLI_ILLEGAL_SCENARIO = "633a_10_a_double_over_original_wager_rejected"


def load(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{path.name} must hold a JSON object"
    return data


def known_disagreements() -> dict[str, str]:
    """File stems listed as `- `stem`: reason` lines in KNOWN_DISAGREEMENTS.md."""
    if not KNOWN_DISAGREEMENTS.exists():
        return {}
    listed = {}
    for line in KNOWN_DISAGREEMENTS.read_text(encoding="utf-8").splitlines():
        match = re.match(r"^[-*] `([^`]+)`:?\s*(.*)$", line.strip())
        if match:
            listed[match.group(1)] = match.group(2) or "known disagreement with 633a"
    return listed


def scenario_params() -> list[Any]:
    known = known_disagreements()
    return [
        pytest.param(
            path,
            id=path.stem,
            marks=[pytest.mark.xfail(strict=True, reason=known[path.stem])]
            if path.stem in known
            else [],
        )
        for path in FILES
    ]


def successful_params() -> list[Any]:
    return [
        pytest.param(path, id=path.stem) for path in FILES if load(path)["expected"] is not None
    ]


def test_there_are_enough_conformance_files() -> None:
    assert len(FILES) >= 40


def test_known_disagreements_name_real_files() -> None:
    stems = {path.stem for path in FILES}
    assert set(known_disagreements()) <= stems


@pytest.mark.parametrize("path", scenario_params())
def test_conformance_scenario(path: Path) -> None:
    # The shipped files also spell out both outcomes and the working (`description`).
    assert set(load(path)) == FILE_KEYS
    result = run_file(path)
    assert result.game == BLACKJACK
    assert result.passed, str(result.mismatch)


@pytest.mark.parametrize("path", successful_params())
def test_replay_reproduces_the_log(path: Path) -> None:
    scenario = load(path)["scenario"]
    game = build_round(scenario)
    play_decisions(game, scenario.get("decisions", []))
    assert game.is_complete
    assert replay(game.events).events == game.events


def test_cli_round_prints_the_result(tmp_path: Path) -> None:
    data = load(CONFORMANCE / f"{CLI_SCENARIO}.json")
    scenario_file = tmp_path / "scenario.json"
    scenario_file.write_text(json.dumps(data["scenario"]), encoding="utf-8")
    result = CliRunner().invoke(app, ["round", str(scenario_file)])
    assert result.exit_code == 0, result.output
    printed = json.loads(result.stdout)
    assert printed["dealer"] == data["expected"]["dealer"]
    assert printed["boxes"] == data["expected"]["boxes"]
    assert isinstance(printed["events"], list)
    assert printed["events"][0]["event"] == "round_started"


def test_cli_round_refuses_an_illegal_decision(tmp_path: Path) -> None:
    data = load(CONFORMANCE / f"{CLI_ILLEGAL_SCENARIO}.json")
    scenario_file = tmp_path / "scenario.json"
    scenario_file.write_text(json.dumps(data["scenario"]), encoding="utf-8")
    result = CliRunner().invoke(app, ["round", str(scenario_file)])
    assert result.exit_code == 2
    stderr = " ".join(result.stderr.split())
    assert data["expected_error"]["paragraph"] in stderr
    assert data["expected_error"]["contains"] in stderr
    assert result.stdout == ""
