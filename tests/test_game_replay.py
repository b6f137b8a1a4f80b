"""`GameModule.replay` (issue 10, the table protocol): every registered game plays a stored log
again from its own cards, dice and decisions and gives back the logged events (the recall and
reconstruction of 633a.7(s)); a log altered anywhere is refused, naming where.

The logs are made by playing through the protocol; the expectation is the log itself, so the
test fails if a replay drifts from what was played or if an edit goes unnoticed.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablegames.core.errors import ScenarioError
from tablegames.core.rng import SeededRandom
from tablegames.core.table import Betting, Command, GameTable
from tablegames.games import find_game, game_ids
from tests.protocol_driver import Dealer


def _play(game_id: str, rounds: int) -> GameTable:
    """A few rounds (rolls) at a seeded table, each decision the house default (on_timeout)."""
    game = find_game(game_id)
    table = game.open_table(game.rules_from_mapping({}), random=SeededRandom.from_seed(11))
    dealer = Dealer(table)
    for _ in range(rounds):
        window = table.open_betting()
        spot, bet = _first_wager(game_id, window)
        window.place(Command(player="ann", spot=spot, action=bet, amount=2500))
        dealer.play(table.start_round(window))
    return table


def _first_wager(game_id: str, window: Betting) -> tuple[int, str]:
    """The spot and wager of the test's bet: craps's Any Seven (a one-roll decision), else the
    first wager the window offers at its first spot (Blackjack's box 1, Pai Gow's seat 1)."""
    if game_id == "craps":
        return 0, "any_seven"
    spot = next(spot for spot in range(8) if window.offers(spot))
    return spot, window.offers(spot)[0].action


def _stream(table: GameTable) -> list[dict[str, Any]]:
    return [event.to_json() for event in table.events]


@pytest.mark.parametrize("game_id", game_ids())
def test_633a_7_s_a_stored_log_replays_to_itself(game_id: str) -> None:
    table = _play(game_id, 4)
    replayed = [event.to_json() for event in find_game(game_id).replay(_stream(table))]
    # The cards, dice, decisions and money of the replay are the logged ones, in order (shoe
    # steps and the rules filing are the table's, not a round's, and are not played again).
    assert _played(replayed) == _played(_stream(table))
    assert sum(item["event"] == "wager_settled" for item in replayed) >= 4


def _played(stream: list[dict[str, Any]]) -> list[dict[str, Any]]:
    kinds = {"card_dealt", "dice_rolled", "decision_made", "wager_placed", "wager_settled"}
    return [item for item in stream if item["event"] in kinds]


@pytest.mark.parametrize("game_id", game_ids())
def test_633a_7_s_an_altered_log_is_refused(game_id: str) -> None:
    stream = _stream(_play(game_id, 3))
    # Change the first amount a wager was settled for: the replay settles it otherwise.
    index = next(i for i, item in enumerate(stream) if item["event"] == "wager_settled")
    altered = [dict(item) for item in stream]
    field = "returned"
    altered[index][field] = (altered[index][field] or 0) + 100
    with pytest.raises(ScenarioError, match=r"altered|does not replay"):
        find_game(game_id).replay(altered)
