"""623b.5(d): every eligible wager against all 36 rolls at Power Odds levels 0, 1 and 2.

The expected results are derived here, independently of `tablegames.craps.wagers`: the table of
623b.5(d) is typed again below, the customary payouts with it, and each roll is judged by
counting the pips on the two dice.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tablegames.craps.dice import ALL_ROLLS, Roll
from tablegames.craps.rules import CrapsRules
from tablegames.craps.wagers import BETS, WAGER_NAMES

# 623b.5(d), as printed: wager -> (level 1, level 2); with the customary base payout.
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
        "ce_craps": {2, 3, 12},
        "ce_eleven": {11},
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
    assert set(WAGER_NAMES) == set(POWER_ODDS)
    assert len(WAGER_NAMES) == 28
    for name, bet in BETS.items():
        assert bet.power_odds == tuple(Fraction(odds) for odds in POWER_ODDS[name])
        assert bet.customary_odds == base_odds(name)


def test_623b_5_d_no_hop_the_table_does_not_list() -> None:
    # One-Two, Five-Six, 1-1 and 6-6 are not in 623b.5(d): the horn and 11 cover those numbers.
    for name in ("hop_1_2", "hop_5_6", "hop_1_1", "hop_6_6"):
        assert name not in BETS


@pytest.mark.parametrize("level", [0, 1, 2])
@pytest.mark.parametrize("name", WAGER_NAMES)
def test_623b_5_d_every_wager_against_all_36_rolls(name: str, level: int) -> None:
    terms = CrapsRules().terms(name)
    odds = terms.odds(level)
    for roll in ALL_ROLLS:
        outcome = expected(name, roll.first, roll.second)
        settled = BETS[name].settle(roll, STAKE, odds)
        assert settled.outcome == outcome, (name, roll)
        assert settled.returned == expected_returned(name, outcome, level), (name, roll, level)
        assert settled.odds == (base_odds(name) if level == 0 else POWER_ODDS[name][level - 1])


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
        ("ce_craps", 4, 32),
        ("ce_eleven", 2, 34),
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


def test_623b_5_d_any_craps_power_odds_14_to_1() -> None:
    terms = CrapsRules().terms("any_craps")
    assert BETS["any_craps"].settle(Roll(6, 6), 500, terms.odds(2)).returned == 500 + 14 * 500


def test_623b_5_d_power_odds_replace_the_base_odds_not_add_to_them() -> None:
    terms = CrapsRules().terms("any_seven")
    # $5 at level 1 pays 6 to 1 ($30 winnings), not 4 + 6 to 1.
    assert BETS["any_seven"].settle(Roll(3, 4), 500, terms.odds(1)).returned == 3_500


def test_623b_5_d_hard_hop_eight_60_to_1() -> None:
    terms = CrapsRules().terms("hop_4_4")
    assert BETS["hop_4_4"].settle(Roll(4, 4), 100, terms.odds(2)).returned == 6_100
    assert BETS["hop_4_4"].settle(Roll(3, 5), 100, terms.odds(2)).returned == 0


def test_623b_5_d_horn_parts_pay_the_half_on_the_number_rolled() -> None:
    terms = CrapsRules().terms("horn_2_12")
    # $10 on horn (2, 12) is $5 on the 2 and $5 on the 12; a 12 at level 1 pays 45 to 1 on $5.
    assert BETS["horn_2_12"].settle(Roll(6, 6), 1_000, terms.odds(1)).returned == 500 * 46


def test_623b_5_d_hardway_stays_up_on_other_rolls() -> None:
    bet = BETS["hard_6"]
    assert [bet.outcome(Roll(*dice)) for dice in [(3, 3), (2, 4), (5, 1), (1, 6), (5, 4)]] == [
        "win",
        "lose",
        "lose",
        "lose",
        "stays_up",
    ]
