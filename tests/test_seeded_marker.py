"""Issue 16: a table whose randomness is seeded (simulation, tests, demonstrations) says so in
every event it writes (`"seeded": true` in the event's JSON); live play's events never carry the
mark; equality ignores it, so a replay from the logged cards still matches."""

from __future__ import annotations

import pytest

from tablegames.blackjack.events import event_from_json
from tablegames.blackjack.game import GAME as BLACKJACK
from tablegames.core.errors import ScenarioError
from tablegames.core.rng import SecureRandom, SeededRandom
from tablegames.core.table import Command, GameTable
from tablegames.craps.game import GAME as CRAPS
from tests.protocol_driver import Dealer


def _played(table: GameTable, action: str, spot: int) -> list[dict[str, object]]:
    dealer = Dealer(table)
    for _ in range(2):
        window = table.open_betting()
        window.place(Command(player="ann", spot=spot, action=action, amount=2500))
        dealer.play(table.start_round(window))
    return [event.to_json() for event in table.events]


@pytest.mark.parametrize(
    ("game", "action", "spot"), [(BLACKJACK, "blackjack", 1), (CRAPS, "any_seven", 0)]
)
def test_a_seeded_table_marks_every_event_and_a_live_one_none(
    game: object, action: str, spot: int
) -> None:
    module = game  # a GameModule
    rules = module.rules_from_mapping({})  # type: ignore[attr-defined]
    seeded = module.open_table(rules, random=SeededRandom.from_seed(5))  # type: ignore[attr-defined]
    live = module.open_table(rules, random=SecureRandom())  # type: ignore[attr-defined]
    marked = _played(seeded, action, spot)
    plain = _played(live, action, spot)
    assert marked
    assert all(event.get("seeded") is True for event in marked)
    assert all("seeded" not in event for event in plain)
    assert all(
        event.get("seeded") is True for event in (e.to_json() for e in seeded.events_after(3))
    )


def test_the_mark_reads_back_and_equality_ignores_it() -> None:
    table = BLACKJACK.open_table(BLACKJACK.rules_from_mapping({}), random=SeededRandom.from_seed(2))
    first = table.events[0]
    data = first.to_json()
    again = event_from_json(data)
    assert again.seeded is True
    assert again.to_json() == data
    unmarked = {key: value for key, value in data.items() if key != "seeded"}
    assert event_from_json(unmarked) == again  # the same event, marked or not
    with pytest.raises(ScenarioError, match="seeded is true or absent"):
        event_from_json({**data, "seeded": "yes"})
