"""`tablegames play [GAME]`: a session at the terminal of any registered game.

The game is found in the registry and plays through its CLI module's `play` (the contract:
`tablegames.cli.games_commands`); each game refuses the options it does not take.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tablegames.cli.app import app, fail
from tablegames.cli.games_commands import either, every_cli, game_cli
from tablegames.games import game_ids

_GAMES = every_cli()
_DEFAULT = _GAMES[0][0].id
_OTHERS = either([cli.PLAY for _, cli in _GAMES[1:]])
_OR_OTHERS = f" (or {_OTHERS})" if _OTHERS else ""
_PLAY_HELP = f"""Play {_GAMES[0][1].PLAY}{_OR_OTHERS} round by round at the terminal.

Bad house rules or too many boxes (633a.6(f)) raise before the table opens: one error line
and exit 2. Leaving (q, the end of the input, Ctrl-C) is not an error: exit 0.
"""
_GAME_HELP = either([f"{_DEFAULT} (default)", *(game.id for game, _ in _GAMES[1:])]) + "."


@app.command("play", help=_PLAY_HELP)
def play_command(
    game: Annotated[str, typer.Argument(help=_GAME_HELP)] = _DEFAULT,
    preset: Annotated[str | None, typer.Option(help="House rules preset.")] = None,
    rules: Annotated[Path | None, typer.Option(help="Rules Submission TOML file.")] = None,
    boxes: Annotated[int, typer.Option(min=1, max=7, help="Boxes you play.")] = 1,
) -> None:
    if game not in game_ids():
        fail(f"no game {game!r}: play {either(game_ids())}")
    game_cli(game).play(preset, rules, boxes)
