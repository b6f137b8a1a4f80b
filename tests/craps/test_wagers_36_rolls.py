"""623b.5(d): every eligible wager against all 36 rolls at Power Odds levels 0, 1 and 2.

The expected results are derived here, independently of `tablegames.craps.wagers`: the table of
623b.5(d) is typed again below, the customary payouts with it, and each roll is judged by
counting the pips on the two dice. The C&E is one wager with the table's two C&E lines: on 2, 3
or 12 the whole stake is paid at the craps line's net odds, on 11 at the eleven line's, at the
level selected for that line.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from tablegames.craps.dice import ALL_ROLLS, FixedDice, Roll
from tablegames.craps.rules import CrapsRules
from tablegames.craps.selection import FixedSelector, Selection
from tablegames.craps.table import CrapsTable
from tablegames.craps.wagers import BETS, LINE_NAMES, LINES, WAGER_NAMES

# 623b.5(d), as printed: item -> (level 1, level 2); with the customary base payout. The two C&E
# items are the lines of the one C&E wager (`ce`); every other item is a wager of its own.
EASY_HOPS = [
    (1, 3), (1, 4), (1, 5), (1, 6), (2, 3), (2, 4), (2, 5), (2, 6),
    (3, 4), (3, 5), (3, 6), (4, 5), (4, 6),
]  # fmt: skip
POWER_ODDS: dict[str, tuple[int, int]] = {
    "any_craps": (10, 14),
    "any_seven": (6, 8),
    "eleven": (22, 30),
    **{f"hop_{a}_{b}": (22, 30) for a, b in EASY_HOPS},
    **{f"hop_{a}_{a}": (45, 60) for a in (2, 3, 4, 5)},
    "horn_3_11": (22, 30),
    "horn_2_12": (45, 60),
    "ce_craps": (4, 6),
    "ce_eleven": (10, 14),
    "hard_4": (10, 14),
    "hard_6": (13, 18),
    "hard_8": (13, 18),
    "hard_10": (10, 14),
}
BASE = {
    "any_craps": 7, "any_seven": 4, "eleven": 15, "horn_3_11": 15, "horn_2_12": 30,
    "ce_craps": 3, "ce_eleven": 7, "hard_4": 7, "hard_6": 9, "hard_8": 9, "hard_10": 7,
}  # fmt: skip
STAKE = 1_000  # $10: $5 on each half of a horn part
CE_LINES = {"ce_craps": {2, 3, 12}, "ce_eleven": {11}}
ONE_LINE = [name for name in WAGER_NAMES if name != "ce"]


def base_odds(name: str) -> int:
    if name.startswith("hop_"):
        low, high = name[4:].split("_")
        return 30 if low == high else 15
    return BASE[name]


def expected(name: str, first: int, second: int) -> str:
    """Judge one roll by its pips: 'win', 'lose' or 'stays_up'."""
    total = first + second
    wins_on = {
        "any_craps": {2, 3, 12},
        "any_seven": {7},
        "eleven": {11},
        "horn_3_11": {3, 11},
        "horn_2_12": {2, 12},
    }
    if name in wins_on:
        return "win" if total in wins_on[name] else "lose"
    if name.startswith("hop_"):
        low, high = (int(face) for face in name[4:].split("_"))
        return "win" if {first, second} == {low, high} and first + second == low + high else "lose"
    number = int(name.removeprefix("hard_"))
    if total == number:
        return "win" if first == second else "lose"
    return "lose" if total == 7 else "stays_up"


def expected_returned(name: str, outcome: str, level: int) -> int | None:
    odds = base_odds(name) if level == 0 else POWER_ODDS[name][level - 1]
    if outcome == "lose":
        return 0
    if outcome == "stays_up":
        return None
    part = STAKE // 2 if name.startswith("horn_") else STAKE
    return part * (1 + odds)


def test_623b_5_d_the_eligible_wagers_are_exactly_the_table() -> None:
    # The 28 items of the table are what the RNG selects; the two C&E items are one wager.
    assert set(LINE_NAMES) == set(POWER_ODDS)
    assert len(LINE_NAMES) == 28
    assert set(WAGER_NAMES) == set(POWER_ODDS) - set(CE_LINES) | {"ce"}
    assert len(WAGER_NAMES) == 27
    assert [line.name for line in BETS["ce"].lines] == ["ce_craps", "ce_eleven"]
    for name, line in LINES.items():
        assert line.power_odds == tuple(Fraction(odds) for odds in POWER_ODDS[name])
        assert line.customary_odds == base_odds(name)
    for name in ONE_LINE:
        assert [line.name for line in BETS[name].lines] == [name]


def test_623b_5_d_the_c_and_e_lines_are_not_wagers() -> None:
    assert "ce_craps" not in BETS
    assert "ce_eleven" not in BETS


def test_623b_5_d_no_hop_the_table_does_not_list() -> None:
    # One-Two, Five-Six, 1-1 and 6-6 are not in 623b.5(d): the horn and 11 cover those numbers.
    for name in ("hop_1_2", "hop_5_6", "hop_1_1", "hop_6_6"):
        assert name not in BETS


@pytest.mark.parametrize("level", [0, 1, 2])
@pytest.mark.parametrize("name", ONE_LINE)
def test_623b_5_d_every_wager_against_all_36_rolls(name: str, level: int) -> None:
    odds = CrapsRules().line(name).odds(level)
    for roll in ALL_ROLLS:
        outcome = expected(name, roll.first, roll.second)
        settled = BETS[name].settle(roll, STAKE, odds)
        assert settled.outcome == outcome, (name, roll)
        assert settled.returned == expected_returned(name, outcome, level), (name, roll, level)
        assert settled.odds == (base_odds(name) if level == 0 else POWER_ODDS[name][level - 1])
        assert settled.line == name


def line_odds(line: str, level: int) -> int:
    return base_odds(line) if level == 0 else POWER_ODDS[line][level - 1]


def expected_ce(total: int, levels: dict[str, int], stake: int) -> tuple[str, int, str | None]:
    """The C&E by its total: (outcome, returned, winning line), net odds on the whole stake."""
    for line, totals in CE_LINES.items():
        if total in totals:
            return "win", stake * (1 + line_odds(line, levels[line])), line
    return "lose", 0, None


@pytest.mark.parametrize(("craps_level", "eleven_level"), list(product([0, 1, 2], repeat=2)))
def test_623b_5_d_c_and_e_against_all_36_rolls(craps_level: int, eleven_level: int) -> None:
    levels = {"ce_craps": craps_level, "ce_eleven": eleven_level}
    odds = {line: Fraction(line_odds(line, level)) for line, level in levels.items()}
    assert CrapsRules().terms("ce").odds(levels) == odds
    selection = Selection({line: level for line, level in levels.items() if level})
    for roll in ALL_ROLLS:
        outcome, returned, line = expected_ce(roll.first + roll.second, levels, STAKE)
        settled = BETS["ce"].settle(roll, STAKE, odds)
        assert (settled.outcome, settled.returned, settled.line) == (outcome, returned, line)
        assert settled.odds == (None if line is None else line_odds(line, levels[line]))
        # The same roll at the table: the level in force is that of the line that won.
        table = CrapsTable(
            CrapsRules(), dice=FixedDice([roll]), selector=FixedSelector([selection])
        )
        table.place("ce", STAKE)
        (item,) = table.roll().settlements
        assert (item.outcome, item.returned, item.line) == (outcome, returned, line)
        assert item.level == (None if line is None else levels[line])
        assert item.odds == (None if line is None else f"{line_odds(line, levels[line])} to 1")


@pytest.mark.parametrize(
    ("dice", "returned"),
    [
        ((1, 1), 800),  # $1 on craps wins 7 to 1 ($8 back), $1 on 11 lost: net $6, 3 to 1 on $2
        ((1, 2), 800),
        ((6, 6), 800),
        ((5, 6), 1_600),  # $1 on 11 wins 15 to 1 ($16 back), $1 on craps lost: net $14, 7 to 1
        ((3, 4), 0),
        ((2, 2), 0),
    ],
)
def test_623b_5_d_c_and_e_at_base_odds_is_the_customary_two_dollar_c_and_e(
    dice: tuple[int, int], returned: int
) -> None:
    # A $2 C&E dealt as $1 on any craps (7 to 1) and $1 on eleven (15 to 1) returns this.
    odds = CrapsRules().terms("ce").odds({})
    assert BETS["ce"].settle(Roll(*dice), 200, odds).returned == returned


@pytest.mark.parametrize(
    ("name", "wins", "loses"),
    [
        ("any_craps", 4, 32),
        ("any_seven", 6, 30),
        ("eleven", 2, 34),
        ("hop_1_3", 2, 34),
        ("hop_2_2", 1, 35),
        ("horn_3_11", 4, 32),
        ("horn_2_12", 2, 34),
        ("ce", 6, 30),
        ("hard_4", 1, 8),
        ("hard_6", 1, 10),
        ("hard_8", 1, 10),
        ("hard_10", 1, 8),
    ],
)
def test_623b_5_d_counts_of_winning_and_losing_rolls(name: str, wins: int, loses: int) -> None:
    outcomes = [BETS[name].outcome(roll) for roll in ALL_ROLLS]
    assert (outcomes.count("win"), outcomes.count("lose")) == (wins, loses)
    assert outcomes.count("stays_up") == 36 - wins - loses


def test_623b_5_d_c_and_e_lines_win_on_four_and_two_rolls() -> None:
    winners = [BETS["ce"].winning_line(roll) for roll in ALL_ROLLS]
    names = [None if line is None else line.name for line in winners]
    assert (names.count("ce_craps"), names.count("ce_eleven"), names.count(None)) == (4, 2, 30)


def test_623b_5_d_any_craps_power_odds_14_to_1() -> None:
    line = CrapsRules().line("any_craps")
    assert BETS["any_craps"].settle(Roll(6, 6), 500, line.odds(2)).returned == 500 + 14 * 500


def test_623b_5_d_power_odds_replace_the_base_odds_not_add_to_them() -> None:
    line = CrapsRules().line("any_seven")
    # $5 at level 1 pays 6 to 1 ($30 winnings), not 4 + 6 to 1.
    assert BETS["any_seven"].settle(Roll(3, 4), 500, line.odds(1)).returned == 3_500


def test_623b_5_d_hard_hop_eight_60_to_1() -> None:
    line = CrapsRules().line("hop_4_4")
    assert BETS["hop_4_4"].settle(Roll(4, 4), 100, line.odds(2)).returned == 6_100
    assert BETS["hop_4_4"].settle(Roll(3, 5), 100, line.odds(2)).returned == 0


def test_623b_5_d_horn_parts_pay_the_half_on_the_number_rolled() -> None:
    line = CrapsRules().line("horn_2_12")
    # $10 on horn (2, 12) is $5 on the 2 and $5 on the 12; a 12 at level 1 pays 45 to 1 on $5.
    assert BETS["horn_2_12"].settle(Roll(6, 6), 1_000, line.odds(1)).returned == 500 * 46


def test_623b_5_d_hardway_stays_up_on_other_rolls() -> None:
    bet = BETS["hard_6"]
    assert [bet.outcome(Roll(*dice)) for dice in [(3, 3), (2, 4), (5, 1), (1, 6), (5, 4)]] == [
        "win",
        "lose",
        "lose",
        "lose",
        "stays_up",
    ]
