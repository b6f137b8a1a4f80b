"""Test mode: stacking the next rolls' dice through the table protocol (issue 11).

`GameTable.stack({"dice": [[3, 4], ...]})` sets the dice of the next rolls, one pair a roll;
after the list the dice come from the table's dice source again, which the stacked rolls did
not draw from; the Power Odds selection (623b.5(c)) is drawn as ever. The stream logs only how
many (`dice_stacked`); the dice go to a house-only sealed record, from which a restore throws
the stacked rolls the log does not hold yet.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablegames.core.errors import IllegalActionError, ScenarioError, TableGamesError
from tablegames.core.rng import SeededRandom
from tablegames.core.table import Command, GameTable
from tablegames.craps.dice import FixedDice, RandomDice, Roll
from tablegames.craps.game import CrapsGame, CrapsGameTable
from tablegames.craps.selection import FixedSelector, Selection
from tablegames.games import find_game

GAME = CrapsGame()  # the registry's craps (checked at the end), with its dice and selector hooks


def _open(seed: int = 1, **sources: Any) -> CrapsGameTable:
    table = GAME.open_table(
        GAME.rules_from_mapping({}), random=SeededRandom.from_seed(seed), **sources
    )
    assert isinstance(table, CrapsGameTable)
    return table


def _roll(table: GameTable, wager: str = "hard_8") -> None:
    betting = table.open_betting()
    betting.place(Command(player="ann", spot=0, action=wager, amount=500))
    round_ = table.start_round(betting)
    round_.apply(round_.on_timeout(round_.awaiting[0]))


def _dice(table: GameTable) -> list[tuple[int, int]]:
    return [tuple(e.to_json()["dice"]) for e in table.events if e.kind == "dice_rolled"]


def _selections(table: GameTable) -> list[dict[str, int]]:
    return [dict(e.to_json()["selection"]) for e in table.events if e.kind == "selection_made"]


def test_623b_5_c_stacked_dice_come_out_in_order_then_the_dice_source_resumes() -> None:
    table = _open(7, dice=RandomDice(SeededRandom.from_seed(99)))
    twin = _open(7, dice=RandomDice(SeededRandom.from_seed(99)))  # the same, no stacking
    expected = RandomDice(SeededRandom.from_seed(99))  # the dice source, drawn by hand
    first = expected.next_roll()
    _roll(table)
    _roll(twin)
    table.stack({"dice": [[3, 4], [6, 6], [1, 2]]})
    for _ in range(5):
        _roll(table)
        _roll(twin)
    # Roll 1 from the source; rolls 2-4 stacked; rolls 5, 6 from the source again, which the
    # stacked rolls did not draw from: its second and third rolls.
    later = [expected.next_roll(), expected.next_roll()]
    assert _dice(table) == [
        (first.first, first.second),
        (3, 4),
        (6, 6),
        (1, 2),
        *((roll.first, roll.second) for roll in later),
    ]
    # 623b.5(c): the selections are drawn from the random source as without a stacking.
    assert _selections(table) == _selections(twin)
    assert any(_selections(table))
    assert table.craps.stacked_rolls == 0


def test_623b_5_c_with_one_random_source_the_dice_after_the_list_come_from_it() -> None:
    table = _open(5)
    table.stack({"dice": [[2, 2]]})
    _roll(table)
    _roll(table)
    assert _dice(table)[0] == (2, 2)
    assert table.craps.stacked_rolls == 0
    assert len(_dice(table)) == 2


def test_a_new_stacking_replaces_the_stacked_dice_not_yet_thrown() -> None:
    table = _open(dice=FixedDice([(1, 1), (2, 2)]))
    table.stack({"dice": [[3, 4], [4, 3], [5, 2]]})
    _roll(table)
    table.stack({"dice": [[6, 5]]})
    _roll(table)
    _roll(table)
    assert _dice(table) == [(3, 4), (6, 5), (1, 1)]
    assert [e.to_json()["stacking"] for e in table.events if e.kind == "dice_stacked"] == [1, 2]


# --- refusals -------------------------------------------------------------------------------


def _refused(table: CrapsGameTable, outcomes: Any, error: type[TableGamesError]) -> str:
    events, sealed = table.events, table.sealed
    with pytest.raises(error) as raised:
        table.stack(outcomes)
    assert table.events == events
    assert table.sealed == sealed
    assert table.craps.stacked_rolls == 0
    return str(raised.value)


@pytest.mark.parametrize(
    ("outcomes", "says"),
    [
        ({"dice": [[0, 4]]}, "dice[0]: a die shows 1 to 6, not 0"),
        ({"dice": [[3, 4], [7, 1]]}, "dice[1]: a die shows 1 to 6, not 7"),
        ({"dice": [[True, 4]]}, "not True"),
        ({"dice": [[3.0, 4]]}, "not 3.0"),
        ({"dice": [[3, 4, 5]]}, "dice[0] must be a list of two faces"),
        ({"dice": [3, 4]}, "dice[0] must be a list of two faces"),
        ({"dice": ["34"]}, "dice[0] must be a list of two faces"),
        ({"dice": []}, "non-empty list"),
        ({"dice": "3-4"}, "non-empty list"),
        ({"cards": ["AS"]}, "not 'cards'"),
        ({"dice": [[3, 4]], "selection": {}}, "not 'selection'"),
        ([[3, 4]], "JSON object"),
    ],
)
def test_malformed_dice_are_refused(outcomes: Any, says: str) -> None:
    assert says in _refused(_open(), outcomes, ScenarioError)


def test_623b_5_c_a_stacking_during_a_roll_is_refused() -> None:
    table = _open(dice=FixedDice([(5, 5)]))
    betting = table.open_betting()
    betting.place(Command(player="ann", spot=0, action="hard_10", amount=500))
    round_ = table.start_round(betting)  # the selection is shown; the dice are awaited
    message = _refused(table, {"dice": [[4, 6]]}, IllegalActionError)
    assert "under way" in message
    assert "623b.5(c)" in message
    round_.apply(round_.on_timeout(round_.awaiting[0]))
    assert _dice(table) == [(5, 5)]  # the roll under way was not stacked
    table.stack({"dice": [[4, 6]]})  # between rolls: allowed, with a wager already placed
    betting = table.open_betting()
    betting.place(Command(player="ann", spot=0, action="hard_10", amount=500))
    table.stack({"dice": [[4, 6]]})


# --- the stream does not tell the dice; the sealed record does ---------------------------------


def test_the_stacking_event_names_no_die_and_the_sealed_record_does() -> None:
    table = _open()
    table.stack({"dice": [[5, 6], [6, 5], [5, 5]]})
    event = table.events[-1]
    data = event.to_json()
    assert data["event"] == "dice_stacked"
    # (the test's table is seeded, so its events say so: issue 16)
    assert set(data) - {"seeded"} == {
        "event",
        "paragraph",
        "roll",
        "stacking",
        "count",
        "commitment",
    }
    assert (data["roll"], data["stacking"], data["count"], data["paragraph"]) == (1, 1, 3, None)
    commitment = data.pop("commitment")
    assert len(commitment) == 64
    assert set(commitment) <= set("0123456789abcdef")
    text = json.dumps(data)
    assert "5" not in text, text  # no die value the stacking set
    assert "6" not in text, text
    assert table.sealed == (
        {
            "kind": "dice_stacked",
            "stacking": 1,
            "dice": [[5, 6], [6, 5], [5, 5]],
            "salt": table.sealed[0]["salt"],
        },
    )


# --- restore and replay -------------------------------------------------------------------------

ROLLS = (Roll(1, 3), Roll(2, 5), Roll(4, 4))  # what the dice source throws, in order
SELECTIONS = tuple(Selection({"hard_8": level % 3}) for level in range(8))
STACKED = [[6, 6], [3, 4], [2, 2]]


ROLL = ["bet", "close", "throw"]


def _steps() -> list[str]:
    # Roll 1 from the source; stack 3 (with a wager already down); rolls 2-4 stacked; rolls
    # 5, 6 from the source.
    return [*ROLL, "bet", "stack", "close", "throw", *ROLL * 4]


def _take(table: GameTable, step: str) -> None:
    if step == "stack":
        table.stack({"dice": STACKED})
    elif step == "bet":
        table.open_betting().place(Command(player="ann", spot=0, action="hard_8", amount=500))
    elif step == "close":
        table.start_round(table.open_betting())
    else:
        round_ = table.current
        assert round_ is not None
        round_.apply(round_.on_timeout(round_.awaiting[0]))


def _uninterrupted() -> tuple[CrapsGameTable, list[int]]:
    table = _open(dice=FixedDice(ROLLS), selector=FixedSelector(SELECTIONS))
    ends = []
    for step in _steps():
        _take(table, step)
        ends.append(len(table.events))
    return table, ends


def test_623b_5_c_a_stacked_table_cut_anywhere_resumes_with_the_remaining_stacked_dice() -> None:
    table, ends = _uninterrupted()
    events = table.events
    assert _dice(table) == [(1, 3), (6, 6), (3, 4), (2, 2), (2, 5), (4, 4)]
    stacked_at = next(i for i, event in enumerate(events) if event.kind == "dice_stacked")
    for cut in range(stacked_at, len(events) + 1):
        prefix = events[:cut]
        # The dice source's rolls the cut log holds: rolls 1, 5 and 6 are the source's.
        from_source = sum(
            event.kind == "dice_rolled" and event.to_json()["roll"] in (1, 5, 6) for event in prefix
        )
        selected = sum(event.kind == "selection_made" for event in prefix)
        stored = json.loads(json.dumps([event.to_json() for event in prefix]))
        sealed = table.sealed if cut > stacked_at else ()
        restored = GAME.restore_table(
            stored,
            sealed,
            random=SeededRandom.from_seed(1),
            dice=FixedDice(ROLLS[from_source:]),
            selector=FixedSelector(SELECTIONS[selected:]),
        )
        begun = [1, *ends]
        for index, step in enumerate(_steps()):
            if begun[index] >= cut:
                _take(restored, step)
        assert restored.events == events, f"cut after event {cut}: {events[cut - 1].kind}"
        assert restored.sealed == table.sealed


def test_a_restore_mid_list_throws_the_remaining_stacked_dice() -> None:
    table, _ = _uninterrupted()
    events = table.events
    after_first = next(
        i
        for i, event in enumerate(events)
        if event.kind == "dice_rolled" and event.to_json()["roll"] == 2
    )
    cut = after_first + 1 + 1  # the roll's dice and its one settlement
    restored = GAME.restore_table(
        [event.to_json() for event in events[:cut]],
        table.sealed,
        random=SeededRandom.from_seed(3),
        dice=FixedDice([(1, 1)]),
    )
    assert isinstance(restored, CrapsGameTable)
    assert restored.craps.stacked_rolls == 2
    for _ in range(3):
        _roll(restored)
    assert _dice(restored)[-3:] == [(3, 4), (2, 2), (1, 1)]


def test_a_restore_checks_the_sealed_dice_against_their_commitment() -> None:
    table, _ = _uninterrupted()
    stream = [event.to_json() for event in table.events]
    altered = [{**table.sealed[0], "dice": [[6, 6], [3, 4], [2, 3]]}]
    with pytest.raises(ScenarioError, match="do not match their logged commitment"):
        GAME.restore_table(stream, altered, random=SeededRandom.from_seed(0))
    with pytest.raises(ScenarioError, match="stacking 1 has no sealed record"):
        GAME.restore_table(stream, (), random=SeededRandom.from_seed(0))
    with pytest.raises(ScenarioError, match="sealed records but its stacked dice"):
        GAME.restore_table(stream, [{"shuffle": 1}], random=SeededRandom.from_seed(0))


def test_a_stacked_log_replays_from_its_own_dice() -> None:
    table, _ = _uninterrupted()
    stream = [event.to_json() for event in table.events]
    assert list(GAME.replay(stream)) == list(table.events)
    # A stacked roll altered in the log no longer settles as logged.
    at = next(
        index
        for index, event in enumerate(stream)
        if event["event"] == "dice_rolled" and event["roll"] == 2
    )
    stream[at] = {**stream[at], "dice": [4, 4], "total": 8}
    with pytest.raises(ScenarioError, match="does not replay"):
        GAME.replay(stream)
    # A log cut part way through the stacked rolls replays too (the stacked rolls it holds).
    events = table.events
    # After roll 3 is settled, before roll 4's wager: two of the three stacked rolls thrown.
    cut = next(
        index
        for index, event in enumerate(events)
        if event.kind == "wager_placed" and event.to_json()["roll"] == 4
    )
    prefix = [event.to_json() for event in events[:cut]]
    assert list(GAME.replay(prefix)) == list(events[:cut])


def test_the_game_tested_here_is_the_registry_s_craps() -> None:
    assert type(find_game("craps")) is CrapsGame
