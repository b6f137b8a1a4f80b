"""Resuming a craps table (623b.5(c)) cut off after any event of its stream.

A random session (random house rules, Power Odds on or off, random wagers, withdrawals and
refused commands, random dice and selections) is played through the table protocol without a
break. Then, for every cut point, the stream up to that event (through JSON, as a store keeps
it) is restored with `restore_table`; the dice and selections the log does not yet hold come from
a fixed source holding the rest; the commands not yet begun are given again. The restored table
must end with exactly the uninterrupted stream. Nothing is re-seeded: the log's dice are the
record.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames.core.errors import ScenarioError
from tablegames.core.rng import SeededRandom
from tablegames.core.table import Command
from tablegames.craps.dice import FixedDice, Roll
from tablegames.craps.events import DiceRolled, Event, SelectionMade
from tablegames.craps.game import GAME, CrapsGameTable
from tablegames.craps.rules import CrapsRules, craps_rules_from_mapping
from tablegames.craps.selection import FixedSelector, Selection
from tablegames.craps.wagers import BETS, LINE_NAMES

PLAYERS = ("ann", "bob")


@dataclass(frozen=True)
class Session:
    rules: CrapsRules
    steps: tuple[Command | str, ...]  # a wager or withdrawal, or "close" / "roll"
    rolls: tuple[Roll, ...]
    selections: tuple[Selection, ...]


@st.composite
def sessions(draw: st.DrawFn) -> Session:
    power_odds = draw(st.booleans())
    mapping: dict[str, object] = {
        "power_odds": power_odds,
        "one_roll_removable": draw(st.booleans()),
        "hardways_removable": draw(st.booleans()),
    }
    if draw(st.booleans()):
        mapping["wagers"] = {"hop_2_5": {"offered": False}}
    rules = craps_rules_from_mapping(mapping)
    offered = [line.name for line in rules.offered_lines()]
    count = draw(st.integers(1, 6))
    steps: list[Command | str] = []
    for _ in range(count):
        for _ in range(draw(st.integers(0, 4))):
            player = draw(st.sampled_from(PLAYERS))
            if draw(st.integers(0, 2)) == 0:  # a withdrawal, of any id: some are refused
                steps.append(
                    Command(player=player, spot=draw(st.integers(1, 5)), action="withdraw")
                )
                continue
            # Mostly eligible wagers; now and then a line or an amount the table refuses.
            name = draw(st.sampled_from([*BETS, "ce_craps", "hop_1_1"]))
            amount = draw(st.sampled_from([100, 200, 500, 1000, 150, 20_200]))
            steps.append(Command(player=player, spot=0, action=name, amount=amount))
        steps += ["close", "roll"]
    rolls = draw(st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6)), min_size=count,
                          max_size=count))  # fmt: skip
    levels = st.dictionaries(st.sampled_from(offered or list(LINE_NAMES)), st.integers(1, 2))
    selections = [draw(levels) if power_odds else {} for _ in range(count)]
    return Session(
        rules,
        tuple(steps),
        tuple(Roll(*roll) for roll in rolls),
        tuple(Selection(levels) for levels in selections),
    )


def take(table: CrapsGameTable, step: Command | str) -> None:
    """One step, through the protocol's names only (a refused command is skipped)."""
    if step == "close":
        table.start_round(table.open_betting())
    elif step == "roll":
        round_ = table.current
        assert round_ is not None
        round_.apply(round_.on_timeout(round_.awaiting[0]))
    else:
        assert isinstance(step, Command)
        window = table.open_betting()
        if window.refusal(step) is None:
            window.place(step)


def uninterrupted(session: Session) -> tuple[tuple[Event, ...], list[int]]:
    """The stream of the whole session, and how long it was after each step."""
    table = GAME.open_table(
        session.rules,
        random=SeededRandom.from_seed(0),
        dice=FixedDice(session.rolls),
        selector=FixedSelector(session.selections),
    )
    ends = []
    for step in session.steps:
        take(table, step)
        ends.append(len(table.events))
    return table.events, ends


def resumed(
    session: Session, events: tuple[Event, ...], ends: list[int], cut: int
) -> CrapsGameTable:
    stored = json.loads(json.dumps([event.to_json() for event in events[:cut]]))
    rolled = sum(isinstance(event, DiceRolled) for event in events[:cut])
    selected = sum(isinstance(event, SelectionMade) for event in events[:cut])
    table = GAME.restore_table(
        stored,
        (),
        dice=FixedDice(session.rolls[rolled:]),
        selector=FixedSelector(session.selections[selected:]),
    )
    # A step whose events began before the cut was taken: the restore finishes it. The steps
    # not begun are given again, in order.
    begun = [1, *ends]  # where each step's events start (the first after table_opened)
    for index, step in enumerate(session.steps):
        if begun[index] >= cut:
            take(table, step)
    return table


@settings(max_examples=40, deadline=None)
@given(sessions())
def test_623b_5_c_a_table_cut_off_after_any_event_resumes_to_the_same_stream(
    session: Session,
) -> None:
    events, ends = uninterrupted(session)
    for cut in range(1, len(events) + 1):
        table = resumed(session, events, ends, cut)
        assert table.events == events, f"cut after event {cut}: {events[cut - 1].kind}"


def test_623b_5_c_a_table_restored_between_the_selection_and_the_dice_awaits_the_roll() -> None:
    session = Session(
        CrapsRules(),
        (Command(player="ann", spot=0, action="hard_8", amount=500), "close", "roll"),
        (Roll(4, 4),),
        (Selection({"hard_8": 2}),),
    )
    events, ends = uninterrupted(session)
    table = GAME.restore_table([event.to_json() for event in events[: ends[1]]], ())
    assert table.current is not None
    assert [turn.kind for turn in table.current.awaiting] == ["roll"]
    with pytest.raises(ScenarioError, match="starts with"):
        GAME.restore_table([event.to_json() for event in events[1:]], ())
    altered = [event.to_json() for event in events]
    altered[1]["amount"] = 100  # the wager_placed no longer matches what was settled
    with pytest.raises(ScenarioError, match="does not replay"):
        GAME.restore_table(altered, ())
    with pytest.raises(ScenarioError, match="sealed"):
        GAME.restore_table([events[0].to_json()], ({"order": []},))
