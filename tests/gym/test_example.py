"""examples/gym_basic_strategy.py runs and prints the played and the exact edge."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "gym_basic_strategy.py"


def test_the_example_prints_the_edge_and_the_exact_figure(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", [str(EXAMPLE), "--rounds", "300", "--preset", "pa-2deck"])
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    out = capsys.readouterr().out
    assert "300 rounds through tablegames/PABlackjack-v0" in out
    assert "house edge, exact:" in out
    assert "standard errors" in out
