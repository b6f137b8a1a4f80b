"""Two protocol capabilities a server needs from every game: its `sight` (what
`core.views.redact` needs to know of its cards) and its table's progressive `meters`."""

from __future__ import annotations

from typing import Any

from tablegames.blackjack.events import BLACKJACK_SIGHT
from tablegames.core.rng import SeededRandom
from tablegames.core.table import Command
from tablegames.core.views import Viewer, redact
from tablegames.games import find_game


def test_blackjack_gives_its_sight_and_its_meters() -> None:
    game = find_game("blackjack")
    assert game.sight is BLACKJACK_SIGHT
    rules = game.rules_from_mapping({"side_wagers": {"bad_beat": {}, "hit_and_run": {}}})
    table = game.open_table(rules, random=SeededRandom.from_seed(2))
    opening = dict(table.meters)
    assert set(opening) == {"bad_beat", "hit_and_run"}
    assert all(opening.values())
    betting = table.open_betting()
    side = {"bad_beat": 500, "hit_and_run": 500}
    betting.place(
        Command(player="ann", spot=1, action="blackjack", amount=1000, args={"side": side})
    )
    round_ = table.start_round(betting)
    while not round_.is_complete:
        round_.apply(round_.on_timeout(round_.awaiting[0]))
    # 633a.13(j)(2), 633a.13(l)(2): each progressive stake adds to its meter.
    assert all(table.meters[name] > opening[name] for name in opening)
    assert (
        find_game("blackjack")
        .open_table(game.rules_from_mapping({}), random=SeededRandom.from_seed(1))
        .meters
        == {}
    )


def _craps_log() -> list[dict[str, Any]]:
    game = find_game("craps")
    table = game.open_table(game.rules_from_mapping({}), random=SeededRandom.from_seed(5))
    for _ in range(6):
        betting = table.open_betting()
        betting.place(Command(player="ann", spot=0, action="hard_8", amount=500))
        betting.place(Command(player="bob", spot=0, action="any_seven", amount=100))
        round_ = table.start_round(betting)
        round_.apply(round_.on_timeout(round_.awaiting[0]))
    assert table.meters == {}
    return [event.to_json() for event in table.events]


def test_craps_has_no_cards_so_its_sight_conceals_nothing_from_anyone() -> None:
    game = find_game("craps")
    log = _craps_log()
    for viewer in (Viewer.house(), Viewer.spectator(), Viewer.player("ann"), Viewer.player("bob")):
        assert redact(log, viewer, game.sight) == log
