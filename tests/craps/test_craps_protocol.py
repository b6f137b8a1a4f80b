"""Craps on the table protocol (`tablegames.craps.game`): whole sessions driven through the
protocol's names alone, refusals that change nothing and name their paragraph, the standing
wagers that let one roll replay alone, and the rules recorded once with their digest.

The settlements below are worked by hand from the table of 623b.5(d) and the customary payouts
(docs/craps.md), independently of the engine.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from tablegames.core.errors import ScenarioError, TableGamesError
from tablegames.core.rng import SeededRandom
from tablegames.core.rulesfile import rules_digest
from tablegames.core.table import Betting, Command, GameModule, GameRound, GameTable
from tablegames.craps.dice import FixedDice
from tablegames.craps.events import (
    DiceRolled,
    Event,
    SelectionMade,
    TableOpened,
    WagerPlaced,
    WagerSettled,
    WagersStanding,
    WagerWithdrawn,
    event_from_json,
)
from tablegames.craps.game import GAME, CrapsGameTable
from tablegames.craps.replay import replay, replay_roll
from tablegames.craps.rules import CrapsRules, craps_rules_from_mapping
from tablegames.craps.scenario import run_roll_scenario
from tablegames.craps.selection import FixedSelector, Selection
from tablegames.craps.wagers import BETS
from tablegames.games import find_game


def fixed_table(
    rolls: list[tuple[int, int]], selections: list[dict[str, int]], rules: Any = None
) -> CrapsGameTable:
    return GAME.open_table(
        rules if rules is not None else CrapsRules(),
        random=SeededRandom.from_seed(0),
        dice=FixedDice(rolls),
        selector=FixedSelector(Selection(levels) for levels in selections),
    )


def bet(action: str, amount: int | None = None, player: str = "ann", spot: int = 0) -> Command:
    return Command(player=player, spot=spot, action=action, amount=amount)


def throw(table: CrapsGameTable) -> tuple[Event, ...]:
    round_ = table.current
    assert round_ is not None
    (turn,) = round_.awaiting
    assert (turn.kind, turn.player) == ("roll", "house")
    return tuple(round_.apply(round_.on_timeout(turn)))


def returned(events: tuple[Event, ...]) -> dict[str, int | None]:
    return {event.wager: event.returned for event in events if isinstance(event, WagerSettled)}


def test_the_module_table_window_and_round_are_the_protocols() -> None:
    assert find_game("craps") is GAME
    assert isinstance(GAME, GameModule)
    assert (GAME.id, GAME.chapters) == ("craps", ("623b",))
    assert set(GAME.presets()) == {"pa-power-odds", "pa-no-power-odds"}
    table = GAME.open_table(GAME.rules_from_mapping({}), random=SeededRandom.from_seed(2))
    assert isinstance(table, GameTable)
    assert table.sealed == ()
    betting = table.open_betting()
    assert isinstance(betting, Betting)
    assert table.open_betting() is betting  # one window per roll
    round_ = table.start_round(betting)
    assert isinstance(round_, GameRound)
    assert not betting.is_open


def test_623b_5_c_a_whole_session_through_the_protocol() -> None:
    table = fixed_table(
        [(3, 4), (2, 2), (5, 6), (3, 3)],
        [{"any_seven": 1}, {}, {"ce_eleven": 2}, {"hard_6": 1}],
    )
    # Roll 1: $5 any seven, $5 hard 8, $2 eleven; any seven at level 1 (6 to 1); a 7.
    window = table.open_betting()
    for action, amount in (("any_seven", 500), ("hard_8", 500), ("eleven", 200)):
        assert window.stake_required(bet(action, amount)) == amount
        window.place(bet(action, amount))
    round_ = table.start_round(window)
    assert [type(event) for event in round_.events] == [WagerPlaced] * 3 + [SelectionMade]
    assert [offer.action for offer in round_.offers(0)] == ["roll"]
    first = throw(table)
    assert [type(event) for event in first[:2]] == [WagersStanding, DiceRolled]
    assert returned(first) == {"any_seven": 500 + 6 * 500, "hard_8": 0, "eleven": 0}
    assert round_.is_complete
    assert round_.awaiting == ()
    assert table.current is None
    # Roll 2: $10 hard 6 and a $1 hop 1-3 taken down again; 2-2 leaves the hard 6 up.
    window = table.open_betting()
    window.place(bet("hard_6", 1000))
    window.place(bet("hop_1_3", 100))
    hop = next(e for e in reversed(table.events) if isinstance(e, WagerPlaced))
    window.withdraw("ann", hop.wager_id)
    assert isinstance(table.events[-1], WagerWithdrawn)
    assert table.events[-1].player == "ann"
    assert table.events[-1].amount == 100
    table.start_round(window)
    assert returned(throw(table)) == {"hard_6": None}
    # Roll 3: $2 C&E with its eleven line at level 2 (14 to 1 net); an 11. The hard 6 stays.
    window = table.open_betting()
    window.place(bet("ce", 200, player="bob"))
    table.start_round(window)
    third = throw(table)
    assert returned(third) == {"hard_6": None, "ce": 200 + 14 * 200}
    standing = next(event for event in third if isinstance(event, WagersStanding))
    assert [(item.player, item.wager, item.amount) for item in standing.wagers] == [
        ("ann", "hard_6", 1000),
        ("bob", "ce", 200),
    ]
    # Roll 4: nothing new; the hard 6 selected at level 1 (13 to 1) and 3-3 thrown.
    table.start_round(table.open_betting())
    assert returned(throw(table)) == {"hard_6": 1000 + 13 * 1000}
    # Every money event names its player; the stream replays to itself.
    money = [e for e in table.events if isinstance(e, WagerPlaced | WagerSettled | WagerWithdrawn)]
    assert {event.player for event in money} == {"ann", "bob"}
    assert replay(table.events).events == table.events


def snapshot(table: CrapsGameTable) -> tuple[Any, ...]:
    window = table.open_betting() if table.current is None else None
    offers = tuple(window.offers(0)) if window is not None else ()
    return (tuple(table.events), offers)


@pytest.mark.parametrize(
    ("command", "paragraph"),
    [
        (bet("hop_1_1", 500), "623b.5(d)"),  # no such hop in the table
        (bet("ce_craps", 500), "623b.5(d)"),  # a line of the C&E, not a wager
        (bet("hop_1_3", 500), "601a.2"),  # not offered at this table
        (
            Command(player="ann", spot=0, action="hard_4", amount=500, args={"number": 4}),
            "623b.5(d)",
        ),
        (bet("withdraw", spot=1), "623a.4"),  # a one-roll wager the house keeps up
        (bet("roll"), "623b.5(c)"),  # the dice wait for the window to close
    ],
)
def test_623b_5_d_a_refused_wager_changes_nothing_and_names_the_paragraph(
    command: Command, paragraph: str
) -> None:
    rules = craps_rules_from_mapping(
        {"one_roll_removable": False, "wagers": {"hop_1_3": {"offered": False}}}
    )
    table = fixed_table([(1, 1)], [{}], rules)
    window = table.open_betting()
    window.place(bet("any_seven", 500))
    before = snapshot(table)
    message = window.refusal(command)
    assert message is not None
    assert f"(58 Pa. Code {paragraph})" in message
    with pytest.raises(TableGamesError) as raised:
        window.place(command)
    assert str(raised.value) == message
    assert snapshot(table) == before


def test_623b_5_c_once_the_selection_is_shown_wagers_and_withdrawals_are_refused() -> None:
    table = fixed_table([(2, 2)], [{"hard_4": 2}])
    window = table.open_betting()
    window.place(bet("hard_4", 500))
    round_ = table.start_round(window)
    before = tuple(table.events)
    for command in (bet("any_seven", 500), bet("withdraw", spot=1), bet("roll", player="ann")):
        message = round_.refusal(command)
        assert message is not None, command
        with pytest.raises(TableGamesError):
            round_.apply(command)
        assert tuple(table.events) == before
    assert "(58 Pa. Code 623b.5(c))" in str(round_.refusal(bet("any_seven", 500)))
    assert window.offers(0) == ()
    assert window.refusal(bet("any_seven", 500))
    with pytest.raises(TableGamesError, match=r"623b\.5\(c\)"):
        table.open_betting()
    assert returned(throw(table)) == {"hard_4": 500 + 14 * 500}  # level 2: 14 to 1
    assert round_.refusal(bet("roll", player="house")) is not None  # thrown once


def test_623b_5_c_the_window_of_an_earlier_roll_takes_no_wager_for_a_later_one() -> None:
    table = fixed_table([(1, 2), (1, 2)], [{}, {}])
    stale = table.open_betting()
    table.start_round(stale)
    throw(table)
    table.open_betting()  # roll 2's window is open; roll 1's stays shut
    before = tuple(table.events)
    with pytest.raises(TableGamesError, match=r"roll 1 has closed.*623b\.5\(c\)"):
        stale.place(bet("any_seven", 500))
    assert tuple(table.events) == before


def test_623a_4_hardways_may_come_down_unless_the_house_rule_keeps_them_up() -> None:
    for removable in (True, False):
        rules = craps_rules_from_mapping({"hardways_removable": removable})
        table = fixed_table([(1, 2), (1, 2)], [{}, {}], rules)
        window = table.open_betting()
        window.place(bet("hard_10", 500))
        table.start_round(window)
        throw(table)  # a 3: the hard 10 stays up into the next window
        later = table.open_betting()
        withdrawal = bet("withdraw", spot=1)
        assert (later.refusal(withdrawal) is None) is removable
        assert later.refusal(bet("withdraw", player="bob", spot=1)) is not None


def test_offers_list_each_offered_wager_with_its_limits() -> None:
    rules = craps_rules_from_mapping(
        {"wagers": {"hop_1_3": {"offered": False}, "any_seven": {"max_wager": 5000}}}
    )
    window = fixed_table([], [], rules).open_betting()
    offers = {offer.action: offer for offer in window.offers(0)}
    assert set(offers) == set(BETS) - {"hop_1_3"}
    assert (offers["any_seven"].low, offers["any_seven"].high) == (100, 5000)
    assert (offers["horn_3_11"].low, offers["horn_3_11"].high) == (200, 20_000)  # per part
    assert {offer.paragraph for offer in offers.values()} == {"623b.5(d)"}


def test_the_rules_are_recorded_once_with_their_digest() -> None:
    table = fixed_table([(3, 4)] * 3, [{}] * 3)
    for _ in range(3):
        window = table.open_betting()
        window.place(bet("any_seven", 500))
        table.start_round(window)
        throw(table)
    opened = [event for event in table.events if isinstance(event, TableOpened)]
    assert len(opened) == 1
    assert table.events[0] == opened[0]  # (a seeded table marks a copy of each event)
    canonical = json.dumps(opened[0].rules, sort_keys=True, separators=(",", ":"))
    assert opened[0].digest == hashlib.sha256(canonical.encode()).hexdigest()
    assert opened[0].digest == rules_digest(CrapsRules().to_mapping())
    for event in table.events[1:]:
        assert not {"rules", "digest"} & set(event.to_json())


def test_an_old_log_without_a_digest_still_decodes_and_a_wrong_digest_is_refused() -> None:
    data = TableOpened.of(CrapsRules().to_mapping()).to_json()
    old = {key: value for key, value in data.items() if key != "digest"}
    assert event_from_json(old) == event_from_json(data)
    with pytest.raises(ScenarioError, match="digest"):
        event_from_json({**data, "digest": "0" * 64})
    # An old log (no digest) restores through the protocol too.
    table = GAME.restore_table([old], ())
    assert table.events[0] == event_from_json(data)


def test_scenario_logs_keep_their_shape() -> None:
    # `tablegames roll`: the table_opened gains its digest; no wagers_standing is written.
    result = run_roll_scenario(
        {"wagers": [{"wager": "hard_8", "amount": 500}], "selection": {"hard_8": 2}, "dice": [4, 4]}
    )
    kinds = [event["event"] for event in result["events"]]
    assert kinds == [
        "table_opened",
        "wager_placed",
        "selection_made",
        "dice_rolled",
        "wager_settled",
    ]
    assert result["events"][0]["digest"] == rules_digest(result["events"][0]["rules"])


def roll_slices(events: tuple[Event, ...]) -> list[tuple[Event, ...]]:
    """The stream cut into rolls: each from its wagers_standing to its last settlement."""
    starts = [index for index, event in enumerate(events) if isinstance(event, WagersStanding)]
    slices = []
    for start in starts:
        end = start + 2  # the standing wagers and the dice
        while end < len(events) and isinstance(events[end], WagerSettled):
            end += 1
        # The selection belongs to the roll too: the event just before its standing wagers.
        slices.append((events[start - 1], *events[start:end]))
    return slices


def test_623b_5_c_one_roll_cut_out_of_a_long_session_replays_alone() -> None:
    random = SeededRandom.from_seed(23)
    rules = craps_rules_from_mapping({"level_1_probability": "1/4", "level_2_probability": "1/4"})
    table = GAME.open_table(rules, random=random)
    names = list(BETS)
    for _ in range(120):
        window = table.open_betting()
        for _ in range(random.below(4)):
            name = names[random.below(len(names))]
            amount = BETS[name].parts * 100 * (1 + random.below(5))
            window.place(bet(name, amount, player=("ann", "bob")[random.below(2)]))
        table.start_round(window)
        throw(table)
    # The log goes through JSON, as a store keeps it.
    stored = [
        event_from_json(item)
        for item in json.loads(json.dumps([e.to_json() for e in table.events]))
    ]
    slices = roll_slices(tuple(stored))
    assert len(slices) == 120
    decided = 0
    for piece in slices[40:]:
        assert isinstance(piece[0], SelectionMade)
        logged = tuple(event for event in piece if isinstance(event, WagerSettled))
        assert replay_roll(piece, rules) == logged
        assert GAME.replay_roll(piece, rules) == logged
        decided += len(logged)
    assert decided > 100
    with pytest.raises(ScenarioError, match="one wagers_standing"):
        replay_roll(slices[5][2:], rules)
