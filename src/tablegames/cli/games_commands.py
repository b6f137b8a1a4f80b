"""What the shared commands ask of a game: the per-game CLI contract.

The shared commands (`play`, `edge`, `conform`) never name a game: they find it in the registry
(`tablegames.games`). Each `GameEntry.cli` names the game's CLI module
(`tablegames.cli.GAME_commands`), which `tablegames.cli` imports at start-up. Importing it must
stay cheap (`tablegames --help` loads every one): it imports typer and `tablegames.cli` only and
the game itself inside its functions. The module

- registers the game's own commands on `tablegames.cli.app.app` when imported (Blackjack's
  `round`, `rules`, `strategy`, `report`; craps' `roll`); their names are the game's
  `GameModule.cli_commands`, and a test checks that the app holds exactly those and
  `SHARED_COMMANDS`;
- `ABOUT: str`: how `tablegames --help` names the game ("Blackjack (58 Pa. Code 633a)");
- `PLAY: str`: how `play --help` names the game ("Blackjack", "craps with Power Odds");
- `play(preset, rules, boxes)`: `tablegames play GAME [--preset NAME] [--rules FILE]
  [--boxes N]` at the terminal. A game refuses, as bad input (`fail`, or a TableGamesError),
  every option it does not take, never ignoring one;
- `EDGE: EdgeMenu`: the WAGERs `edge` answers for the game and its paragraph of `edge --help`;
- `edge_more()`: the game's further edge targets (Blackjack's side wagers), imported when
  `edge` runs, not at start-up;
- `edge(wager, request) -> int`: `tablegames edge WAGER` for one of the game's targets: it
  refuses (`refuse_options`) the options that do not apply, before any work, then prints the
  report; it returns the exit code;
- optionally `simulate(request: SimulateRequest)`: `tablegames simulate --game GAME` (Pai Gow
  Poker's main wager); the command refuses Blackjack's own options before calling it. Its
  `--json` follows the simulate command's shape (`wagers.NAME`: `n`, `house_edge`,
  `standard_error`, `std_dev`, `lines`).

`edge` itself refuses `--csv` with `--json` and a WAGER no game answers before any game runs.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, cast

from tablegames.core.errors import TableGamesError
from tablegames.games import GAMES, GameEntry, entry

# The commands no game owns: `tablegames.cli` registers them.
SHARED_COMMANDS = ("audit", "conform", "edge", "play", "report-day", "rng", "serve")


@dataclass(frozen=True, slots=True)
class EdgeMenu:
    """What `tablegames edge` offers of one game, known without importing the game."""

    games: tuple[str, ...]  # whole-game WAGERs, named first: ("blackjack",)
    more: str = ""  # what the further targets (`edge_more()`) are: "a side wager"
    examples: str = ""  # a few of them for --help: "lucky_ladies, royal_match_21, ..."
    help: str = ""  # the game's paragraph in `edge --help`: its options and its CSV


@dataclass(frozen=True, slots=True)
class EdgeRequest:
    """The options `tablegames edge` was given, for the game that answers the WAGER."""

    rules: Path | None = None
    preset: str | None = None
    overrides: Sequence[str] = ()
    decks: int | None = None
    paytable: str | None = None
    strategy: str | None = None
    hands: bool = False
    as_json: bool = False
    as_csv: bool = False

    def used(self) -> list[str]:
        """The options given beyond --rules and the output format, in the order of --help."""
        given = {
            "--preset": self.preset is not None,
            "--set": bool(self.overrides),
            "--decks": self.decks is not None,
            "--paytable": self.paytable is not None,
            "--strategy": self.strategy is not None,
            "--hands": self.hands,
        }
        return [name for name, present in given.items() if present]


@dataclass(frozen=True, slots=True)
class SimulateRequest:
    """The options `tablegames simulate --game GAME` passes to the game's `simulate`."""

    rounds: int
    preset: str | None = None
    rules: Path | None = None
    seed: int = 0
    workers: int | None = None
    scheduler: str | None = None
    as_json: bool = False


class GameCli(Protocol):
    """A game's CLI module, as the shared commands see it (the contract above)."""

    ABOUT: str
    PLAY: str
    EDGE: EdgeMenu

    def play(self, preset: str | None, rules: Path | None, boxes: int) -> None: ...

    def edge_more(self) -> Sequence[str]: ...

    def edge(self, wager: str, request: EdgeRequest) -> int: ...


def load_cli(game: GameEntry) -> GameCli:
    """The CLI module of a registered game (importing it registers the game's commands)."""
    return cast(GameCli, importlib.import_module(game.cli))


def game_cli(game_id: str) -> GameCli:
    return load_cli(entry(game_id))


def every_cli() -> list[tuple[GameEntry, GameCli]]:
    return [(game, load_cli(game)) for game in GAMES]


def either(names: Sequence[str], word: str = "or") -> str:
    """`a`, `a or b`, `a, b or c` (`a, b and c` with `word="and"`)."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {word} {names[-1]}"


def refuse_options(wager: str, refused: Sequence[str], why: str) -> None:
    """Bad input when any option in `refused` was given: `--x and --y do not apply to WAGER`."""
    if refused:
        verb = "does" if len(refused) == 1 else "do"
        raise TableGamesError(f"{' and '.join(refused)} {verb} not apply to {wager}: {why}")
