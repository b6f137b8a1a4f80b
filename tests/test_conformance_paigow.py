"""Pai Gow Poker conformance files (tests/conformance_paigow/*.json), worked out by hand.

Each file holds a Pai Gow Poker scenario (docs/paigow-scenarios.md) and either the fields of
the result it must give (`expected`, compared as a subset: `tablegames.conform`) or the
refusal it must end in (`expected_error`); its `description` is the hand working from the
rankings, the house way (house_way/trump_plaza.py), the commission arithmetic and the
paytables. The format and the comparison are `tablegames.conform`'s, as `tablegames conform`
runs them; this module adds what the shipped files promise, and that every settled round's
table log replays (`GAME.replay`) to the same events.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tablegames.cli import app
from tablegames.conform import run_file
from tablegames.paigow.game import GAME
from tablegames.paigow.scenario import play_pai_gow_scenario

CONFORMANCE = Path(__file__).parent / "conformance_paigow"
FILES = sorted(CONFORMANCE.glob("*.json"))
FILE_KEYS = {"description", "scenario", "expected", "expected_error"}


def load(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{path.name} must hold a JSON object"
    return data


def test_there_are_enough_conformance_files() -> None:
    assert len(FILES) >= 60


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_conformance_file(path: Path) -> None:
    data = load(path)
    assert set(data) == FILE_KEYS
    assert isinstance(data["description"], str)
    assert len(data["description"]) >= 40  # the hand working, not a title
    assert data["scenario"].get("game") == "pai_gow"
    result = run_file(path)
    assert result.game == "pai_gow"
    assert result.passed, str(result.mismatch)


SUCCESSFUL = [path for path in FILES if load(path)["expected"] is not None]


@pytest.mark.parametrize("path", SUCCESSFUL, ids=[path.stem for path in SUCCESSFUL])
def test_the_round_replays_to_identical_events(path: Path) -> None:
    table, round_ = play_pai_gow_scenario(load(path)["scenario"])
    assert round_.is_complete
    log = [event.to_json() for event in table.events]
    assert [event.to_json() for event in GAME.replay(log)] == log


def test_tablegames_conform_plays_the_folder() -> None:
    result = CliRunner().invoke(app, ["conform", str(CONFORMANCE)])
    assert result.exit_code == 0, result.output
    assert f"{len(FILES)} files: {len(FILES)} passed, 0 failed" in result.stdout
