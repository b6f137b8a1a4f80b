"""The craps table (623b.5(c)-(d)): order of play, refusals that change nothing, the log."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from tablegames.core.errors import IllegalActionError, ScenarioError, WagerError
from tablegames.core.rng import SecureRandom, SeededRandom
from tablegames.craps.dice import ALL_ROLLS, FixedDice, RandomDice, Roll
from tablegames.craps.events import (
    DiceRolled,
    SelectionMade,
    TableOpened,
    WagerPlaced,
    WagerSettled,
    event_from_json,
)
from tablegames.craps.replay import replay
from tablegames.craps.rules import CrapsRules, craps_rules_from_mapping
from tablegames.craps.selection import FixedSelector, RandomSelector, Selection, draw_level
from tablegames.craps.table import CrapsTable


def table(
    rolls: list[tuple[int, int]],
    selections: list[dict[str, int]] | None = None,
    rules: CrapsRules | None = None,
) -> CrapsTable:
    return CrapsTable(
        rules or CrapsRules(),
        dice=FixedDice(rolls),
        selector=FixedSelector(Selection(levels) for levels in (selections or [{}] * len(rolls))),
    )


def snapshot(game: CrapsTable) -> tuple[Any, ...]:
    return (game.events, game.open_wagers, game.selection, game.roll_number)


def test_623b_5_c_selection_is_logged_after_wagers_and_before_the_dice() -> None:
    game = table([(4, 4)], [{"hard_8": 2}])
    game.place("hard_8", 500)
    result = game.roll()  # selects first, since no selection was made
    kinds = [type(event) for event in game.events]
    assert kinds == [TableOpened, WagerPlaced, SelectionMade, DiceRolled, WagerSettled]
    assert result.selection.level("hard_8") == 2
    assert result.settlements[0].returned == 500 + 18 * 500
    assert result.net == 9_000


def test_623b_5_c_wager_after_the_selection_is_refused_and_changes_nothing() -> None:
    game = table([(3, 4)], [{"any_seven": 1}])
    game.place("any_seven", 500)
    game.select()
    before = snapshot(game)
    assert not game.can_place("any_craps", 500)
    with pytest.raises(WagerError) as info:
        game.place("any_craps", 500)
    assert info.value.paragraph == "623b.5(c)"
    assert "wagers are closed for roll 1" in str(info.value)
    assert snapshot(game) == before
    # The dice open the next roll's wagers.
    game.roll()
    assert game.can_place("any_craps", 500)


def test_623b_5_c_the_selection_is_made_once_per_roll() -> None:
    game = table([(1, 1)])
    game.select()
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as info:
        game.select()
    assert info.value.paragraph == "623b.5(c)"
    assert snapshot(game) == before


@pytest.mark.parametrize(
    ("wager", "amount", "paragraph", "message"),
    [
        ("hop_1_1", 500, "623b.5(d)", "not a wager eligible for Power Odds"),
        ("place_6", 600, "623b.5(d)", "not a wager eligible for Power Odds"),
        ("ce_craps", 200, "623b.5(d)", "'ce_craps' is a line of the C&E, not a wager: place"),
        ("ce_eleven", 200, "623b.5(d)", "place the C&E as 'ce'"),
        ("ce", 150, None, "the C&E wager $1.50 must be a multiple of $1.00"),
        ("any_seven", 500, "601a.2", "Any Seven is not offered at this table"),
        ("any_craps", 10_100, None, "over the house maximum $100.00"),
        ("any_craps", 0, None, "under the house minimum $1.00"),
        ("any_craps", -500, None, "under the house minimum"),
        ("any_craps", 550, None, "must be a multiple of $1.00"),
        ("horn_3_11", 300, None, "must be a multiple of $2.00 (an equal part on each number)"),
        ("eleven", 5.0, None, "whole number of cents"),
    ],
)
def test_623b_5_d_bad_wagers_are_refused_and_change_nothing(
    wager: str, amount: Any, paragraph: str | None, message: str
) -> None:
    rules = craps_rules_from_mapping({"wagers": {"any_seven": {"offered": False}}})
    game = table([(1, 1)], rules=rules)
    game.place("hard_4", 500)
    before = snapshot(game)
    assert not game.can_place(wager, amount)
    with pytest.raises(WagerError) as info:
        game.place(wager, amount)
    assert info.value.paragraph == paragraph
    assert message in str(info.value)
    assert snapshot(game) == before


def test_623b_5_d_one_roll_wagers_come_down_and_hardways_stay_up() -> None:
    game = table([(1, 2), (5, 5)], [{"hard_10": 2}, {"hard_10": 1}])
    game.place("hard_10", 500)
    game.place("any_craps", 500)
    first = game.roll()
    assert [(item.wager, item.outcome) for item in first.settlements] == [
        ("hard_10", "stays_up"),
        ("any_craps", "win"),
    ]
    assert [wager.wager for wager in game.open_wagers] == ["hard_10"]
    second = game.roll()
    # 623b.5(c)-(d): the selection in force on the deciding roll applies: level 1, 10 to 1.
    (settled,) = second.settlements
    assert (settled.outcome, settled.level, settled.odds, settled.returned) == (
        "win",
        1,
        "10 to 1",
        5_500,
    )
    assert game.open_wagers == ()


def test_623b_5_d_hardway_loses_the_easy_way_and_to_a_seven() -> None:
    game = table([(2, 6), (1, 6)], [{"hard_8": 2}, {"hard_6": 2}])
    game.place("hard_8", 500)
    game.place("hard_6", 500)
    first = game.roll()
    assert [(item.wager, item.outcome, item.returned) for item in first.settlements] == [
        ("hard_8", "lose", 0),
        ("hard_6", "stays_up", None),
    ]
    (second,) = game.roll().settlements
    assert (second.wager, second.outcome, second.level) == ("hard_6", "lose", 2)


def test_623b_5_d_c_and_e_is_paid_the_level_of_the_line_that_wins() -> None:
    # 1-2: craps line at level 1 (4 to 1) although the eleven line is at level 2; 6-5: eleven line
    # at base (7 to 1) although the craps line is at level 2; 4-3: lost, with a line selected.
    game = table(
        [(1, 2), (6, 5), (4, 3), (4, 3)],
        [
            {"ce_craps": 1, "ce_eleven": 2},
            {"ce_craps": 2},
            {"ce_eleven": 1},
            {},
        ],
    )
    results = []
    for _ in range(4):
        game.place("ce", 300)  # any multiple of the chip: the odds are net on the whole stake
        (settled,) = game.roll().settlements
        results.append(
            (settled.returned, settled.line, settled.level, settled.odds, settled.paragraph)
        )
    assert results == [
        (1_500, "ce_craps", 1, "4 to 1", "623b.5(d)"),
        (2_400, "ce_eleven", 0, "7 to 1", "623b.5(b)"),
        (0, None, None, None, "623b.5(d)"),
        (0, None, None, None, "623b.5(b)"),
    ]
    assert replay(game.events).events == game.events
    logged = next(event for event in game.events if isinstance(event, SelectionMade))
    assert logged.selection == {"ce_craps": 1, "ce_eleven": 2}


def test_623b_5_d_a_selection_names_the_c_and_e_lines_not_the_wager() -> None:
    with pytest.raises(ScenarioError) as info:
        Selection.parse({"ce": 1}, CrapsRules())
    assert info.value.paragraph == "623b.5(d)"
    assert "the C&E is selected line by line: name ce_craps and ce_eleven" in str(info.value)
    rules = craps_rules_from_mapping({"wagers": {"ce": {"offered": False}}})
    with pytest.raises(ScenarioError) as offered:
        Selection.parse({"ce_eleven": 1}, rules)
    assert offered.value.paragraph == "623b.5(c)"


def test_623b_5_c_live_table_uses_the_csprng() -> None:
    game = CrapsTable.live(CrapsRules())
    assert game._dice.is_live
    assert game._selector.is_live
    assert RandomDice(SecureRandom()).is_live
    assert not RandomDice(SeededRandom.from_seed(1)).is_live
    game.place("any_seven", 500)
    result = game.roll()
    assert result.dice in ALL_ROLLS


def test_623b_5_c_fixed_selection_is_checked_against_the_rules() -> None:
    rules = craps_rules_from_mapping({"preset": "pa-no-power-odds"})
    game = table([(3, 4)], [{"any_seven": 1}], rules=rules)
    before = snapshot(game)
    with pytest.raises(ScenarioError) as info:
        game.select()
    assert info.value.paragraph == "623b.5(a)"
    assert snapshot(game) == before


def test_623b_5_c_draw_level_is_exact() -> None:
    class Counting:
        """Every value below n once: the draw's outcomes counted exactly."""

        is_live = False

        def __init__(self) -> None:
            self.values: list[int] = []

        def below(self, n: int) -> int:
            return self.values.pop()

        def shuffle(self, items: list[Any]) -> None:
            raise NotImplementedError

    level_1, level_2 = Fraction(1, 6), Fraction(1, 4)
    source = Counting()
    source.values = list(range(12))
    counts = Counter(draw_level(source, level_1, level_2) for _ in range(12))
    assert counts == {1: 2, 2: 3, 0: 7}  # 2/12 = 1/6, 3/12 = 1/4
    assert draw_level(source, Fraction(0), Fraction(0)) == 0


def test_623b_5_c_random_selection_follows_the_probabilities() -> None:
    rules = CrapsRules(level_1_probability=Fraction(1, 5), level_2_probability=Fraction(1, 10))
    selector = RandomSelector(SeededRandom.from_seed(2023))
    counts: Counter[int] = Counter()
    rolls = 1_500
    for _ in range(rolls):
        selection = selector.select(rules)
        counts.update(selection.level(line.name) for line in rules.offered_lines())
    draws = rolls * 28  # one draw per line: each wager's, the C&E's two
    assert abs(counts[1] / draws - 0.2) < 0.01
    assert abs(counts[2] / draws - 0.1) < 0.01


def test_623b_5_a_no_power_odds_means_no_selection() -> None:
    rules = CrapsRules(power_odds=False)
    assert RandomSelector(SeededRandom.from_seed(1)).select(rules) == Selection()


def test_fixed_sources_run_out_with_a_clear_error() -> None:
    game = table([(1, 1)])
    game.roll()
    with pytest.raises(ScenarioError, match="selections ran out"):
        game.roll()
    with pytest.raises(ScenarioError, match="fixed dice ran out"):
        FixedDice([]).next_roll()
    with pytest.raises(ScenarioError, match="a die shows 1 to 6"):
        Roll(0, 3)


def test_seeded_dice_are_reproducible_and_fair() -> None:
    dice = RandomDice(SeededRandom.from_seed(5))
    counts = Counter(dice.next_roll().index for _ in range(36_000))
    assert set(counts) == set(range(36))
    assert max(abs(count - 1_000) for count in counts.values()) < 150


def test_623b_5_c_the_log_replays_to_the_identical_session() -> None:
    random = SeededRandom.from_seed(11)
    game = CrapsTable(CrapsRules(), dice=RandomDice(random), selector=RandomSelector(random))
    for _ in range(30):
        for wager in ("hard_6", "any_craps", "hop_2_5"):
            game.place(wager, 500)
        game.roll()
    copy = replay(game.events)
    assert copy.events == game.events
    # The log survives JSON and replays from there too (no re-seeding).
    stored = json.loads(json.dumps([event.to_json() for event in game.events]))
    assert replay([event_from_json(item) for item in stored]).events == game.events


def test_events_refuse_unknown_kinds_and_fields() -> None:
    with pytest.raises(ScenarioError, match="unknown craps event"):
        event_from_json({"event": "shuffle"})
    with pytest.raises(ScenarioError, match="needs fields"):
        event_from_json({"event": "dice_rolled", "roll": 1})
    with pytest.raises(ScenarioError, match="starts with"):
        replay([])


def test_623b_5_b_unselected_wagers_settle_as_the_house_rules_say() -> None:
    # 623b.5(b): without a selection the game is played as Chapter 623a and the house pay it.
    game = table([(5, 6)], [{"any_craps": 2}])
    game.place("eleven", 500)
    (settled,) = game.roll().settlements
    assert (settled.level, settled.odds, settled.returned, settled.paragraph) == (
        0,
        "15 to 1",
        8_000,
        "623b.5(b)",
    )
    assert game.events[0].paragraph == "623b.5(b)"
