"""The games registry and the table protocol as a server uses them: a game found by id and
played to the end through `tablegames.core.table` alone, never importing the game.

The driver below is what a table server does with any game: open a table, place the first
offered bet at its table minimum, start the round, and answer every pending turn with the
house's timeout default until the round is complete; then restore the table from its stream
and sealed records and check that the restored stream is the same.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tablegames.core.errors import ScenarioError
from tablegames.core.rng import SeededRandom
from tablegames.core.table import Betting, Command, GameModule, GameRound, GameTable
from tablegames.games import GAMES, entry, find_game, game_ids
from tests.protocol_driver import Dealer


def test_the_registry_names_every_game_with_its_chapters() -> None:
    assert game_ids() == ("blackjack", "blackjack_dealt", "craps", "pai_gow")
    assert entry("blackjack").chapters == ("633a", "633b", "633c")
    assert entry("blackjack_dealt").chapters == ("633a", "633b", "633c")
    assert entry("craps").chapters == ("623b",)
    assert entry("pai_gow").chapters == ("645a", "645c")


@pytest.mark.parametrize("game_id", game_ids())
def test_each_game_module_implements_the_protocol_and_agrees_with_its_entry(game_id: str) -> None:
    game = find_game(game_id)
    assert isinstance(game, GameModule)
    assert (game.id, game.chapters) == (game_id, entry(game_id).chapters)
    assert list(game.presets()), "every game ships at least one preset"


@pytest.mark.parametrize("game_id", game_ids())
def test_each_entry_names_its_cli_module_and_the_commands_it_adds(game_id: str) -> None:
    # The CLI imports `entry.cli`, which registers `cli_commands` (tests/test_cli_registry.py).
    assert entry(game_id).cli == f"tablegames.cli.{game_id}_commands"
    commands = find_game(game_id).cli_commands
    assert isinstance(commands, tuple)
    # The dealt table and Pai Gow Poker add none: their scenarios play with Blackjack's `round`
    # (Pai Gow's main wager simulates with Blackjack's `simulate --game pai_gow`).
    assert commands or game_id in ("blackjack_dealt", "pai_gow")
    assert all(isinstance(name, str) for name in commands)


def test_an_unknown_game_is_refused_with_the_games_named() -> None:
    with pytest.raises(
        ScenarioError, match="no game 'poker': the games are blackjack, blackjack_dealt, craps"
    ):
        find_game("poker")


def test_the_registry_imports_no_game_until_one_is_asked_for() -> None:
    code = (
        "import sys, tablegames.games as g; "
        "print(sorted(m for m in sys.modules if m.startswith(('tablegames.blackjack', "
        "'tablegames.craps'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def _play_one_round(dealer: Dealer, table: GameTable, player: str) -> GameRound:
    betting = table.open_betting()
    assert isinstance(betting, Betting)
    offer = betting.offers(1)[0]
    bet = Command(player=player, spot=1, action=offer.action, amount=offer.low)
    assert betting.refusal(bet) is None
    betting.place(bet)
    round_ = table.start_round(betting)
    assert isinstance(round_, GameRound)
    for pending in round_.awaiting:
        assert round_.refusal(round_.on_timeout(pending)) is None
    dealer.play(round_)
    assert round_.is_complete
    return round_


@pytest.mark.parametrize("game_id", [game.id for game in GAMES])
def test_a_server_plays_and_restores_any_game_through_the_protocol_alone(game_id: str) -> None:
    game = find_game(game_id)
    rules = game.rules_from_mapping({})
    table = game.open_table(rules, random=SeededRandom.from_seed(2026))
    assert isinstance(table, GameTable)
    dealer = Dealer(table)  # a game dealt by a person has its cards from the test's dealer
    for _ in range(3):
        _play_one_round(dealer, table, "ann")
    stream = [event.to_json() for event in table.events]
    # What a store keeps is JSON; every event decodes back to itself.
    assert [game.decode_event(json.loads(json.dumps(item))).to_json() for item in stream] == stream
    restored = game.restore_table(stream, list(table.sealed))
    assert [event.to_json() for event in restored.events] == stream
