"""What a careless or hostile user gives `tablegames simulate`: every bad value is one error line
naming what was wrong (and the paragraph where one applies) and exit 2, before any simulation;
never a traceback. A malformed strategy chart gets the chart reader's error."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablegames.cli import app

CASES = [
    (["--rounds", "0"], "at least one round"),
    (["--rounds", "-5"], "at least one round"),
    (["--rounds", "abc"], "--rounds"),
    (["--rounds", "10", "--seed", "-1"], "seed"),
    (["--rounds", "10", "--workers", "0"], "--workers"),
    (["--rounds", "10", "--workers", "100000"], "--workers"),
    (["--rounds", "10", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "--workers"),
    (["--rounds", "10", "--scheduler", "127.0.0.1"], "tcp://HOST:PORT"),
    (["--rounds", "10", "--scheduler", "http://127.0.0.1:8786"], "tcp://HOST:PORT"),
    (["--rounds", "10", "--strategy", "nonsense"], "--strategy"),
    (["--rounds", "10", "--boxes", "9"], "633a.6(f)"),
    (["--rounds", "10", "--boxes", "0"], "633a.6(f)"),
    (["--rounds", "10", "--players", "7"], "633a.2(a)"),
    (["--rounds", "10", "--players", "-1"], "633a.2(a)"),
    (["--rounds", "10", "--set", "decks=99"], "decks"),
    (["--rounds", "10", "--preset", "no-such-preset"], "no-such-preset"),
    # --game pai_gow: the main wager, the house way against itself; the Blackjack options are
    # refused, never ignored.
    (["--rounds", "10", "--game", "poker"], "--game 'poker'"),
    (["--rounds", "0", "--game", "pai_gow"], "at least one round"),
    (["--rounds", "10", "--game", "pai_gow", "--seed", "-1"], "seed"),
    (["--rounds", "10", "--game", "pai_gow", "--workers", "0"], "--workers"),
    (
        ["--rounds", "10", "--game", "pai_gow", "--workers", "2", "--scheduler", "tcp://h:1"],
        "--workers",
    ),
    (["--rounds", "10", "--game", "pai_gow", "--scheduler", "127.0.0.1"], "tcp://HOST:PORT"),
    (["--rounds", "10", "--game", "pai_gow", "--preset", "pa-6deck"], "'pa-6deck' is unknown"),
    (
        ["--rounds", "10", "--game", "pai_gow", "--preset", "pa-pai-gow", "--rules", "x.toml"],
        "not both",
    ),
    (["--rounds", "10", "--game", "pai_gow", "--boxes", "2"], "--boxes does not apply"),
    (
        ["--rounds", "10", "--game", "pai_gow", "--strategy", "cdz", "--count", "hi-lo"],
        "--strategy and --count do not apply",
    ),
    (["--rounds", "10", "--game", "pai_gow", "--set", "decks=2"], "--set does not apply"),
    (["--rounds", "10", "--game", "pai_gow", "--plot", "x.png"], "--plot does not apply"),
]


@pytest.mark.parametrize(("args", "message"), CASES)
def test_bad_simulate_input_is_one_error_line_and_exit_2(args: list[str], message: str) -> None:
    outcome = CliRunner().invoke(app, ["simulate", *args])
    assert outcome.exit_code == 2, outcome.output
    assert "Traceback" not in outcome.output
    assert message in outcome.stderr
    assert outcome.stdout == ""


@pytest.mark.parametrize(
    "text",
    ["", "section,hand\n", "not,a,chart\n1,2,3\n", "\x00\x01binary", "section,hand," * 2000],
)
def test_a_malformed_strategy_chart_is_refused(tmp_path: Path, text: str) -> None:
    chart = tmp_path / "chart.csv"
    chart.write_text(text, encoding="utf-8")
    outcome = CliRunner().invoke(app, ["simulate", "--rounds", "10", "--strategy", str(chart)])
    assert outcome.exit_code == 2, outcome.output
    assert "strategy chart" in outcome.stderr


COUNTING_CASES = [
    (["--count", "ko"], "hi-lo"),
    (["--ramp", "ramp.csv"], "--count hi-lo"),
    (["--bankroll", "100"], "--count hi-lo"),
    (["--count", "hi-lo", "--bankroll", "0"], "--bankroll"),
    (["--count", "hi-lo", "--bankroll", "-5"], "--bankroll"),
    (["--plot", "/no/such/folder/run.png"], "no such folder"),
    (["--plot", "run.txt"], ".png"),
    (["--plot", "/"], "--plot"),
    (["--plot", "run.png", "--session-rounds", "0"], "--session-rounds"),
    (["--plot", "run.png", "--session-rounds", "11"], "--session-rounds"),
]


@pytest.mark.parametrize(("args", "message"), COUNTING_CASES)
def test_bad_counting_options_are_refused(args: list[str], message: str) -> None:
    outcome = CliRunner().invoke(app, ["simulate", "--rounds", "10", *args])
    assert outcome.exit_code == 2, outcome.output
    assert message in outcome.stderr
    assert outcome.stdout == ""


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "header true_count,units"),
        ("units,true_count\n1,1\n", "header true_count,units"),
        ("true_count,units\n", "at least one row"),
        ("true_count,units\n0,1,2\n", "line 2: two values"),
        ("true_count,units\n0,one\n", "line 2: whole numbers"),
        ("true_count,units\n1.5,2\n", "line 2: whole numbers"),
        ("true_count,units\n0,0\n", "line 2: 0 units"),
        ("true_count,units\n0,-3\n", "line 2: -3 units"),
        ("true_count,units\n0,99999999\n", "units"),
        ("true_count,units\n99,2\n", "outside -20 to 20"),
        ("true_count,units\n3,2\n1,4\n", "must increase"),
        ("true_count,units\n3,2\n3,4\n", "must increase"),
        ("\x00\x01\x02binary", "header"),
        ("true_count,units\n" + "0,1\n" * 20_000, "at most"),
    ],
)
def test_a_malformed_bet_ramp_is_refused(tmp_path: Path, text: str, message: str) -> None:
    ramp = tmp_path / "ramp.csv"
    ramp.write_text(text, encoding="utf-8")
    outcome = CliRunner().invoke(
        app, ["simulate", "--rounds", "10", "--count", "hi-lo", "--ramp", str(ramp)]
    )
    assert outcome.exit_code == 2, outcome.output
    assert message in outcome.stderr, outcome.stderr
    assert "Traceback" not in outcome.output


def test_a_bet_ramp_that_is_not_text_or_not_there_is_refused(tmp_path: Path) -> None:
    binary = tmp_path / "ramp.csv"
    binary.write_bytes(b"\xff\xfe\x00bad")
    for path in (binary, tmp_path / "missing.csv", tmp_path):
        outcome = CliRunner().invoke(
            app, ["simulate", "--rounds", "10", "--count", "hi-lo", "--ramp", str(path)]
        )
        assert outcome.exit_code == 2, outcome.output
        assert "bet ramp" in outcome.stderr
