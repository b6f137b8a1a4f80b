"""The games registry: the one module that knows every game.

A server, the conformance runner and the CLI find a game here by its id and drive it through
the table protocol (`tablegames.core.table`) without importing the game themselves. A game's
module is imported only when it is first asked for, so asking for craps never loads the
Blackjack analysis.

>>> [entry.id for entry in GAMES]
['blackjack', 'blackjack_dealt', 'craps', 'pai_gow']
>>> entry("craps").chapters
('623b',)
>>> entry("poker")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tablegames.core.errors.ScenarioError: no game 'poker': the games are blackjack, ...
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from tablegames.core.errors import ScenarioError

if TYPE_CHECKING:
    # Typing only: the table module costs 40 ms to import, and `tablegames` imports the
    # registry at every start-up.
    from tablegames.core.table import GameModule


@dataclass(frozen=True, slots=True)
class ScenarioFormat:
    """How a game's scenario files are played (docs/scenarios.md, docs/craps.md): the keys only
    its format has, the function that plays one, and the command that plays a file."""

    keys: frozenset[str]
    runner: str  # "module:function", imported when a scenario is played
    command: str
    # How a conformance file's `expected` is compared with a result (tablegames.conform):
    # "whole" (the result without its event log equals it) or "subset" (every key it gives,
    # at any depth, equals the result's; lists keep their length and order).
    compared: str = "whole"


@dataclass(frozen=True, slots=True)
class GameEntry:
    id: str
    title: str
    chapters: tuple[str, ...]
    module: str  # the module whose `GAME` implements `tablegames.core.table.GameModule`
    scenario: ScenarioFormat
    # The game's command-line module (the contract: `tablegames.cli.games_commands`): imported
    # by `tablegames.cli`, it registers the game's own commands and answers `play` and `edge`.
    cli: str

    def game(self) -> GameModule:
        """The game's table-protocol module, imported on first use."""
        return cast("GameModule", importlib.import_module(self.module).GAME)

    def scenario_runner(self) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
        module, name = self.scenario.runner.split(":")
        runner = getattr(importlib.import_module(module), name)
        return cast(Callable[[Mapping[str, Any]], dict[str, Any]], runner)


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        id="blackjack",
        title="Blackjack",
        chapters=("633a", "633b", "633c"),
        module="tablegames.blackjack.game",
        scenario=ScenarioFormat(
            keys=frozenset({"shoe", "boxes", "decisions", "meters"}),
            runner="tablegames.blackjack.scenario:run_scenario",
            command="tablegames round",
        ),
        cli="tablegames.cli.blackjack_commands",
    ),
    GameEntry(
        id="blackjack_dealt",
        title="Blackjack dealt by a person",
        chapters=("633a", "633b", "633c"),
        module="tablegames.blackjack.dealt_game",
        scenario=ScenarioFormat(
            # `boxes` too: a dealt scenario may give its first round's (docs/scenarios-dealt.md)
            keys=frozenset({"steps", "boxes"}),
            runner="tablegames.blackjack.dealt_scenario:run_dealt_scenario",
            command="tablegames round",
        ),
        cli="tablegames.cli.blackjack_dealt_commands",
    ),
    GameEntry(
        id="craps",
        title="Craps with Power Odds",
        chapters=("623b",),
        module="tablegames.craps.game",
        scenario=ScenarioFormat(
            keys=frozenset({"wagers", "dice", "rolls", "selection"}),
            runner="tablegames.craps.scenario:run_roll_scenario",
            command="tablegames roll",
        ),
        cli="tablegames.cli.craps_commands",
    ),
    GameEntry(
        id="pai_gow",
        title="Pai Gow Poker",
        chapters=("645a", "645c"),
        module="tablegames.paigow.game",
        scenario=ScenarioFormat(
            keys=frozenset({"hands", "deck", "settings", "start", "last_dealer_round"}),
            runner="tablegames.paigow.scenario:run_pai_gow_scenario",
            command="tablegames round",
            compared="subset",
        ),
        cli="tablegames.cli.pai_gow_commands",
    ),
)
_BY_ID = {game.id: game for game in GAMES}


def game_ids() -> tuple[str, ...]:
    return tuple(_BY_ID)


def entry(game_id: str) -> GameEntry:
    """The registry entry of `game_id`; an unknown id raises ScenarioError naming the games."""
    found = _BY_ID.get(game_id) if isinstance(game_id, str) else None
    if found is None:
        raise ScenarioError(f"no game {game_id!r}: the games are {', '.join(_BY_ID)}")
    return found


def find_game(game_id: str) -> GameModule:
    """The table-protocol module of a game: `find_game("blackjack")`, `find_game("craps")`."""
    return entry(game_id).game()
