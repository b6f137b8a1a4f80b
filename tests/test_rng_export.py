"""`tablegames rng export` writes what a lab tests: raw bytes, or outcomes as CSV, drawn by the
live code (docs/rng.md)."""

from __future__ import annotations

import csv
from pathlib import Path

from typer.testing import CliRunner

from tablegames.cli import app
from tablegames.core.cards import standard_deck
from tablegames.craps.rules import CrapsRules

runner = CliRunner()


def export(what: str, count: int, out: Path) -> None:
    result = runner.invoke(
        app, ["rng", "export", "--what", what, "--count", str(count), "--out", str(out)]
    )
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"wrote {count:,} {what} to {out}\n"


def test_rng_export_raw_writes_exactly_count_bytes(tmp_path: Path) -> None:
    out = tmp_path / "raw.bin"
    export("raw", 3_000_000, out)
    data = out.read_bytes()
    assert len(data) == 3_000_000
    assert len(set(data[:100_000])) == 256  # every byte value appears


def test_rng_export_shuffles_are_whole_decks(tmp_path: Path) -> None:
    out = tmp_path / "shuffles.csv"
    export("shuffles", 50, out)
    rows = list(csv.reader(out.open()))
    assert rows[0] == ["shuffle", *(f"p{i}" for i in range(1, 53))]
    deck = sorted(card.code for card in standard_deck())
    assert [row[0] for row in rows[1:]] == [str(i) for i in range(1, 51)]
    assert all(sorted(row[1:]) == deck for row in rows[1:])


def test_rng_export_dice_are_faces_1_to_6(tmp_path: Path) -> None:
    out = tmp_path / "dice.csv"
    export("dice", 600, out)
    rows = list(csv.reader(out.open()))
    assert rows[0] == ["roll", "die1", "die2"]
    assert {face for row in rows[1:] for face in row[1:]} == {"1", "2", "3", "4", "5", "6"}


def test_623b_5_c_rng_export_selections_one_level_per_line(tmp_path: Path) -> None:
    out = tmp_path / "selections.csv"
    export("selections", 200, out)
    rows = list(csv.reader(out.open()))
    assert rows[0] == ["roll", *(line.name for line in CrapsRules().offered_lines())]
    assert len(rows) == 201
    assert {level for row in rows[1:] for level in row[1:]} == {"0", "1", "2"}
