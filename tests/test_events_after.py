"""`GameTable.events_after(count)` is `events[count:]` at every point of play, for every game and
Blackjack variation: the live server reads only the events it has not seen through it, so any
difference would drop or repeat an event in the stored stream."""

from __future__ import annotations

from typing import Any

import pytest

from tablegames.core.rng import SeededRandom
from tablegames.core.table import Command, GameTable
from tablegames.games import find_game
from tests.test_blackjack_protocol import RULES

CRAPS_RULES: dict[str, Any] = {"preset": "pa-power-odds"}


def _check(table: GameTable) -> None:
    events = list(table.events)
    # Every count within the last round (where the live server reads), and a few before.
    counts = {0, len(events) // 2, *range(max(0, len(events) - 60), len(events) + 2)}
    for count in sorted(counts):
        assert list(table.events_after(count)) == events[count:], f"after {count}"


def _play_round(table: GameTable, bets: list[Command]) -> None:
    betting = table.open_betting()
    for bet in bets:
        betting.place(bet)
    _check(table)
    round_ = table.start_round(betting)
    _check(table)
    while not round_.is_complete:
        round_.apply(round_.on_timeout(round_.awaiting[0]))  # the house rule's default
        _check(table)
    _check(table)


@pytest.mark.parametrize("rules", RULES, ids=lambda rules: str(rules.get("variant", rules)))
def test_blackjack_events_after_is_a_slice_of_events(rules: dict[str, Any]) -> None:
    game = find_game("blackjack")
    table = game.open_table(game.rules_from_mapping(rules), random=SeededRandom.from_seed(4))
    parsed = game.rules_from_mapping(rules)
    amount = max(parsed.min_wager, parsed.wager_unit)
    # 633c.4(c): the Switch Hands ante is $1 for every $5 of the Blackjack Wager.
    ante = {"switch_hands_ante": amount // 500 * 100}
    side = {"side": ante} if parsed.variant == "switch_hands" else {}
    for _ in range(40):  # past the cover card of the one- and two-deck games
        bet = Command(player="ann", spot=1, action="blackjack", amount=amount, args=side)
        _play_round(table, [bet])


def test_craps_events_after_is_a_slice_of_events() -> None:
    game = find_game("craps")
    table = game.open_table(game.rules_from_mapping(CRAPS_RULES), random=SeededRandom.from_seed(4))
    for _ in range(6):
        _play_round(table, [Command(player="ann", spot=0, action="any_seven", amount=500)])
