"""Dealt-table conformance files (tests/conformance_dealt/*.json, docs/scenarios-dealt.md).

Each file writes down what happened at a table dealt by a person, step by step, with the last
round's `dealer`, `boxes` and the table's record (`table`) worked out by hand from 58 Pa. Code
633a, or the `expected_error` it must be refused with. Each completed round is also replayed
from its log (633a.7(s)).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablegames.blackjack.dealt_replay import replay_dealt
from tablegames.blackjack.events import events_from_json
from tablegames.blackjack.rules import rules_from_mapping
from tablegames.blackjack.scenario import run_scenario
from tablegames.conform import BLACKJACK_DEALT, run_file

FOLDER = Path(__file__).parent / "conformance_dealt"
FILES = sorted(FOLDER.glob("*.json"))
FILE_KEYS = {"description", "scenario", "expected", "expected_error"}
# Every 633a.14 subsection the dealt table implements and every table procedure: at least
# three hand-worked files each (issue 14), the double shoe's paragraphs too.
COVERED = (
    "633a_14_a", "633a_14_b", "633a_14_c", "633a_14_d", "633a_14_e", "633a_14_f",
    "633a_14_g", "633a_14_i", "633a_14_j", "633a_14_k", "633a_14_l", "633a_14_m",
    "633a_2_f", "633a_3_d", "633a_4_a", "633a_4_b", "633a_4_c", "633a_4_f",
    "633a_5_a", "633a_5_b", "633a_5_c", "633a_5_d", "633a_5_e", "633a_5_f", "633a_5_g",
    "633a_7_a", "633a_7_c", "633a_7_e",
    # The dealt double shoe (633a.4(d), 633a.7(d), 633a.14(h)).
    "633a_4_d", "633a_7_d", "633a_14_h",
)  # fmt: skip


def load(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{path.name} must hold a JSON object"
    return data


@pytest.mark.parametrize("prefix", COVERED)
def test_every_subsection_and_procedure_has_three_files(prefix: str) -> None:
    named = [path.stem for path in FILES if path.stem.startswith(prefix + "_")]
    assert len(named) >= 3, f"{prefix}: {named}"


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_dealt_conformance_file(path: Path) -> None:
    data = load(path)
    assert set(data) == FILE_KEYS
    result = run_file(path)
    assert result.game == BLACKJACK_DEALT
    assert result.passed, str(result.mismatch)


@pytest.mark.parametrize(
    "path",
    [path for path in FILES if load(path)["expected"] is not None],
    ids=[path.stem for path in FILES if load(path)["expected"] is not None],
)
def test_dealt_round_replays_from_its_log(path: Path) -> None:
    scenario = load(path)["scenario"]
    result = run_scenario(scenario)
    if result["dealer"] is None:
        return  # procedures only: no round to replay
    events = events_from_json(result["events"])
    rules = rules_from_mapping(scenario.get("rules", {"preset": "pa-6deck"}))
    assert replay_dealt(rules, events).events == events


def test_the_cli_plays_and_checks_dealt_files() -> None:
    from typer.testing import CliRunner

    from tablegames.cli import app

    example = FOLDER / "633a_14_e_dealer_misses_the_up_card.json"
    played = CliRunner().invoke(app, ["round", str(example)])
    assert played.exit_code == 0, played.output
    assert json.loads(played.stdout)["table"] == load(example)["expected"]["table"]
    checked = CliRunner().invoke(app, ["conform", str(FOLDER)])
    assert checked.exit_code == 0, checked.output
    assert f"{len(FILES)} files: {len(FILES)} passed, 0 failed" in checked.stdout
