"""`tablegames play` through the CLI: bad input is one `error:` line on stderr and exit 2;
leaving the table, however, is not an error."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablegames.cli import app

PRESETS = Path(__file__).parents[1] / "src" / "tablegames" / "blackjack" / "rules" / "presets"


def bad_input(args: list[str]) -> str:
    """Run the command; check exit 2, nothing on stdout and one error line; return the line."""
    result = CliRunner().invoke(app, args, input="q\n")
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    return lines[0]


def test_633a_6_f_more_boxes_than_the_house_allows_is_bad_input() -> None:
    line = bad_input(["play", "--boxes", "4"])
    assert "the house allows 3 per player" in line
    assert "(58 Pa. Code 633a.6(f))" in line


def test_more_boxes_than_a_house_file_allows_is_bad_input(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text("max_boxes_per_player = 1\n", encoding="utf-8")
    assert "633a.6(f)" in bad_input(["play", "--rules", str(house), "--boxes", "2"])


def test_craps_with_blackjack_house_rules_is_bad_input() -> None:
    line = bad_input(["play", "craps", "--rules", str(PRESETS / "pa-6deck.toml")])
    assert "decks: is not a craps house rule" in line


def test_craps_with_a_missing_rules_file_is_bad_input(tmp_path: Path) -> None:
    assert "does not exist" in bad_input(["play", "craps", "--rules", str(tmp_path / "no.toml")])


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["play", "craps", "--preset", "pa-6deck"], "--preset names Blackjack house rules"),
        (["play", "craps", "--boxes", "2"], "--boxes is for Blackjack"),
        (["play", "poker"], "no game 'poker'"),
    ],
)
def test_options_that_mean_nothing_are_refused(args: list[str], says: str) -> None:
    assert says in bad_input(args)


@pytest.mark.parametrize("game", ["blackjack", "craps"])
@pytest.mark.parametrize("answers", ["q\n", "", "\n\n\n"])
def test_leaving_the_table_is_not_an_error(game: str, answers: str) -> None:
    result = CliRunner().invoke(app, ["play", game], input=answers)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    assert "Goodbye: " in result.stdout


def test_play_craps_raises_on_bad_house_rules(tmp_path: Path) -> None:
    from rich.console import Console

    from tablegames.core.errors import RulesError
    from tablegames.craps.cli import play_craps

    path = tmp_path / "house.toml"
    path.write_text("colour = 'red'\n", encoding="utf-8")
    console = Console(record=True, width=100)
    with pytest.raises(RulesError, match="colour: is not a craps house rule"):
        play_craps(path, input_fn=lambda prompt: "q", console=console)
    assert console.export_text() == ""  # nothing shown before the error
