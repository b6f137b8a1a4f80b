"""The CLI finds the games in the registry: each game's CLI module (`GameEntry.cli`) adds its
own commands and answers `play` and `edge` (the contract: `tablegames.cli.games_commands`)."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from tablegames.cli import app
from tablegames.cli.games_commands import SHARED_COMMANDS, EdgeMenu, either
from tablegames.games import GAMES, GameEntry, ScenarioFormat, find_game, game_ids


def _app_commands() -> set[str]:
    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    return set(group.commands)


def test_the_app_holds_the_shared_commands_and_every_games_own() -> None:
    assert set(SHARED_COMMANDS) == {
        "audit",
        "conform",
        "edge",
        "play",
        "report-day",
        "rng",
        "serve",
    }
    own = [name for game in GAMES for name in find_game(game.id).cli_commands]
    assert len(own) == len(set(own)), "two games add a command of the same name"
    assert not set(own) & set(SHARED_COMMANDS)
    assert _app_commands() == set(SHARED_COMMANDS) | set(own)


def test_each_game_adds_its_commands() -> None:
    assert find_game("blackjack").cli_commands == (
        "round",
        "rules",
        "strategy",
        "report",
        "simulate",
    )
    assert find_game("craps").cli_commands == ("roll",)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_each_games_cli_module_keeps_the_contract(game: GameEntry) -> None:
    module = importlib.import_module(game.cli)
    assert game.cli == f"tablegames.cli.{game.id}_commands"
    assert isinstance(module.ABOUT, str)
    assert isinstance(module.PLAY, str)
    assert isinstance(module.EDGE, EdgeMenu)
    assert game.id in module.EDGE.games
    for name in ("play", "edge", "edge_more"):
        assert callable(getattr(module, name)), name
    assert all(isinstance(name, str) for name in module.edge_more())


def test_starting_the_cli_imports_no_game() -> None:
    # `tablegames --help` loads every game's CLI module, never a game (the start-up time).
    code = (
        "import sys, tablegames.cli; "
        "print(sorted(m for m in sys.modules if m.startswith(('tablegames.blackjack', "
        "'tablegames.craps', 'tablegames.reports', 'tablegames.ui', 'rich.console'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_play_names_the_registered_games() -> None:
    result = CliRunner().invoke(app, ["play", "poker"])
    assert result.exit_code == 2
    assert result.stderr == f"error: no game 'poker': play {either(game_ids())}\n"
    assert result.stderr == (
        "error: no game 'poker': play blackjack, blackjack_dealt, craps or pai_gow\n"
    )


def test_edge_names_every_games_wagers() -> None:
    result = CliRunner().invoke(app, ["edge", "poker"])
    assert result.exit_code == 2
    assert result.stderr.startswith(
        "error: no wager 'poker': choose blackjack, blackjack_dealt, craps, pai_gow, "
        "fortune_bonus, envy, tiger_9 or a side wager "
        "(lucky_ladies, "
    )


# A game that exists only in this test: `play` reaches it through the registry alone.
PLAYED: list[tuple[str | None, Path | None, int]] = []


def play(preset: str | None, rules: Path | None, boxes: int) -> None:
    PLAYED.append((preset, rules, boxes))


def test_play_reaches_a_new_game_through_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    import tablegames.games as registry

    fan_tan = GameEntry(
        id="fan_tan",
        title="Fan-Tan",
        chapters=("000a",),
        module="tablegames.fan_tan.game",
        scenario=ScenarioFormat(keys=frozenset(), runner="x:y", command="tablegames fan_tan"),
        cli=__name__,
    )
    monkeypatch.setitem(registry._BY_ID, "fan_tan", fan_tan)
    PLAYED.clear()
    result = CliRunner().invoke(app, ["play", "fan_tan", "--boxes", "2"])
    assert result.exit_code == 0, result.output
    assert PLAYED == [(None, None, 2)]
    result = CliRunner().invoke(app, ["play", "poker"])
    assert (
        result.stderr
        == "error: no game 'poker': play blackjack, blackjack_dealt, craps, pai_gow or fan_tan\n"
    )


def test_the_craps_compatibility_path_keeps_its_functions() -> None:
    from tablegames.cli import craps_commands
    from tablegames.craps import cli

    assert cli.roll_command is craps_commands.roll_command
    assert cli.edge_craps is craps_commands.edge_craps
    assert cli.play_craps is craps_commands.play_craps
