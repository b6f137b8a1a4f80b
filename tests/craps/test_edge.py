"""Exact house edges of the Power Odds wagers (623b.5(c)-(d)), checked against figures derived
by hand from the dice counts, and the break-even selection probabilities.

The C&E by hand, per unit wagered (4 rolls in 36 win the craps line, 2 the eleven line, net odds
on the whole stake): at base E[return] = 4/36 * (1 + 3) + 2/36 * (1 + 7) = 32/36, edge 1/9.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from tablegames.craps.edge import (
    breakeven,
    edge_at,
    edge_report,
    mean_odds,
    roll_counts,
    wager_edge,
)
from tablegames.craps.rules import CrapsRules, craps_rules_from_mapping
from tablegames.craps.wagers import WAGER_NAMES

NAMES = [
    "any_craps", "any_seven", "eleven",
    "hop_1_3", "hop_1_4", "hop_1_5", "hop_1_6", "hop_2_3", "hop_2_4", "hop_2_5", "hop_2_6",
    "hop_3_4", "hop_3_5", "hop_3_6", "hop_4_5", "hop_4_6",
    "hop_2_2", "hop_3_3", "hop_4_4", "hop_5_5",
    "horn_3_11", "horn_2_12", "ce",
    "hard_4", "hard_6", "hard_8", "hard_10",
]  # fmt: skip
# The report: every wager, and after the C&E its two lines, each with only its own Power Odds.
REPORT = [*NAMES[:22], "ce", "ce_craps", "ce_eleven", *NAMES[23:]]
P1, P2 = Fraction(1, 10), Fraction(1, 20)  # the default selection probabilities

# Without Power Odds, by hand: edge = 1 - P(win) * (1 + odds) / parts.
WITHOUT = {
    "any_seven": Fraction(1, 6),  # 1 - 6/36 * 5
    "any_craps": Fraction(1, 9),  # 1 - 4/36 * 8
    "eleven": Fraction(1, 9),  # 1 - 2/36 * 16
    "hop_1_3": Fraction(1, 9),  # 1 - 2/36 * 16
    "hop_2_2": Fraction(5, 36),  # 1 - 1/36 * 31
    "horn_3_11": Fraction(1, 9),  # 1 - 4/36 * 16/2
    "horn_2_12": Fraction(5, 36),  # 1 - 2/36 * 31/2
    "ce": Fraction(1, 9),  # 1 - (4/36 * 4 + 2/36 * 8)
    "hard_4": Fraction(1, 9),  # per decision: 1 - 1/9 * 8
    "hard_6": Fraction(1, 11),  # per decision: 1 - 1/11 * 10
    "hard_8": Fraction(1, 11),
    "hard_10": Fraction(1, 9),
}


def test_623b_5_d_edge_report_names_every_wager_in_order() -> None:
    report = edge_report(CrapsRules())
    assert list(WAGER_NAMES) == NAMES
    assert [row["wager"] for row in report["wagers"]] == REPORT
    assert [row["line_of"] for row in report["wagers"]] == [
        "ce" if name in ("ce_craps", "ce_eleven") else None for name in REPORT
    ]
    for row in report["wagers"]:
        assert isinstance(row["house_edge"], float)
        assert isinstance(row["house_edge_without_power_odds"], float)
        assert set(row["breakeven_selection_probability"]) == {"level_1", "level_2"}


@pytest.mark.parametrize(("name", "edge"), sorted(WITHOUT.items()))
def test_623b_5_d_house_edge_without_power_odds(name: str, edge: Fraction) -> None:
    rules = CrapsRules(power_odds=False)
    figures = wager_edge(rules.terms(name), power_odds=False)
    assert figures.house_edge == figures.house_edge_without_power_odds == edge


def test_623b_5_d_any_seven_is_one_sixth_and_hard_six_one_eleventh() -> None:
    report = {row["wager"]: row for row in edge_report(CrapsRules(power_odds=False))["wagers"]}
    assert report["any_seven"]["house_edge_without_power_odds"] == pytest.approx(0.166667, abs=1e-6)
    assert report["hard_6"]["house_edge_without_power_odds"] == pytest.approx(0.090909, abs=1e-6)
    assert report["hard_6"]["per"] == "decision"
    # Per roll the hard 6 stands: 11 of 36 rolls decide it.
    assert report["hard_6"]["house_edge_per_roll"] == pytest.approx(float(Fraction(1, 36)))


def test_623b_5_c_edge_with_the_default_selection_probabilities() -> None:
    # p1 = 1/10, p2 = 1/20: any craps pays on average 0.85*7 + 0.1*10 + 0.05*14 = 7.65 to 1.
    rules = CrapsRules()
    assert mean_odds(rules.line("any_craps"), (P1, P2)) == Fraction(153, 20)
    expected = {
        "any_craps": 1 - Fraction(4, 36) * Fraction(173, 20),
        "any_seven": 1 - Fraction(6, 36) * Fraction(27, 5),  # 1 + 4.4
        "hop_1_3": 1 - Fraction(2, 36) * Fraction(349, 20),  # 1 + 16.45
        "hop_4_4": 1 - Fraction(1, 36) * 34,  # 1 + 33
        "hard_8": 1 - Fraction(1, 11) * Fraction(217, 20),  # 1 + 9.85
    }
    for name, edge in expected.items():
        assert wager_edge(rules.terms(name), power_odds=True).house_edge == edge


# The C&E's mean odds with the defaults: craps line 0.85 * 3 + 0.1 * 4 + 0.05 * 6 = 3.25 to 1,
# eleven line 0.85 * 7 + 0.1 * 10 + 0.05 * 14 = 7.65 to 1.
CRAPS_MEAN, ELEVEN_MEAN = Fraction(13, 4), Fraction(153, 20)
CE_WITH_DEFAULTS = [
    # both lines selected with the defaults: 1 - (4/36 * 4.25 + 2/36 * 8.65) = 1.7/36
    (None, 1 - Fraction(4, 36) * (1 + CRAPS_MEAN) - Fraction(2, 36) * (1 + ELEVEN_MEAN)),
    # the craps line only (the eleven line at 7 to 1): 1 - (4/36 * 4.25 + 2/36 * 8) = 3/36
    ("ce_craps", 1 - Fraction(4, 36) * (1 + CRAPS_MEAN) - Fraction(2, 36) * 8),
    # the eleven line only (the craps line at 3 to 1): 1 - (4/36 * 4 + 2/36 * 8.65) = 2.7/36
    ("ce_eleven", 1 - Fraction(4, 36) * 4 - Fraction(2, 36) * (1 + ELEVEN_MEAN)),
]


def test_c_and_e_hand_figures() -> None:
    assert [edge for _, edge in CE_WITH_DEFAULTS] == [
        Fraction(17, 360),  # 4.7222%
        Fraction(1, 12),  # 8.3333%
        Fraction(3, 40),  # 7.5%
    ]


@pytest.mark.parametrize(("line", "edge"), CE_WITH_DEFAULTS)
def test_623b_5_c_c_and_e_edge_with_the_default_selection_probabilities(
    line: str | None, edge: Fraction
) -> None:
    terms = CrapsRules().terms("ce")
    assert mean_odds(terms.line("ce_craps"), (P1, P2)) == CRAPS_MEAN
    assert mean_odds(terms.line("ce_eleven"), (P1, P2)) == ELEVEN_MEAN
    figures = wager_edge(terms, power_odds=True, line=line)
    assert figures.house_edge == edge
    assert figures.house_edge_without_power_odds == Fraction(1, 9)


def test_623b_5_d_c_and_e_breakeven_by_line() -> None:
    terms = CrapsRules().terms("ce")
    # Craps line alone at level 2 (6 to 1) with chance s: 4/36 * (4 + 3s) + 2/36 * 8 = 1, s = 1/3;
    # at level 1 (4 to 1): 4/36 * s = 4/36, s = 1. Eleven line alone: 2/36 * 7s = 4/36, s = 2/7;
    # level 1: 2/36 * 3s = 4/36, s = 2/3.
    assert breakeven(terms, 2, lines=["ce_craps"]) == Fraction(1, 3)
    assert breakeven(terms, 1, lines=["ce_craps"]) == 1
    assert breakeven(terms, 2, lines=["ce_eleven"]) == Fraction(2, 7)
    assert breakeven(terms, 1, lines=["ce_eleven"]) == Fraction(2, 3)
    # Both lines at the same chance: (4/36 * 3 + 2/36 * 7) s = 4/36 and (4/36 + 2/36 * 3) s = 4/36.
    assert breakeven(terms, 2) == Fraction(2, 13)
    assert breakeven(terms, 1) == Fraction(2, 5)
    assert wager_edge(terms, power_odds=True, line="ce_craps").breakeven == (
        Fraction(1),
        Fraction(1, 3),
    )
    assert wager_edge(terms, power_odds=True).breakeven == (Fraction(2, 5), Fraction(2, 13))
    # At the break-even chance of the craps line's level 2 (the eleven line never) the C&E is fair.
    fair = craps_rules_from_mapping(
        {
            "wagers": {
                "ce_craps": {"level_1_probability": 0, "level_2_probability": "1/3"},
                "ce_eleven": {"level_1_probability": 0, "level_2_probability": 0},
            }
        }
    )
    assert wager_edge(fair.terms("ce"), power_odds=True).house_edge == 0


def test_623b_5_d_c_and_e_entries_in_the_report() -> None:
    rows = {row["wager"]: row for row in edge_report(CrapsRules())["wagers"]}
    whole, craps, eleven = rows["ce"], rows["ce_craps"], rows["ce_eleven"]
    assert whole["exact"]["house_edge"] == "17/360"
    assert whole["exact"]["house_edge_without_power_odds"] == "1/9"
    assert whole["exact"]["breakeven_selection_probability"] == {
        "level_1": "2/5",
        "level_2": "2/13",
    }
    assert whole["win_probability"] == pytest.approx(6 / 36)
    assert whole["base_odds"] is None
    assert whole["lines"]["ce_craps"]["base_odds"] == "3 to 1"
    assert whole["lines"]["ce_eleven"]["power_odds"] == ["10 to 1", "14 to 1"]
    assert whole["lines"]["ce_eleven"]["win_probability"] == pytest.approx(2 / 36)
    assert craps["exact"]["house_edge"] == "1/12"
    assert craps["exact"]["breakeven_selection_probability"] == {"level_1": "1", "level_2": "1/3"}
    assert (craps["base_odds"], craps["power_odds"]) == ("3 to 1", ["4 to 1", "6 to 1"])
    assert craps["win_probability"] == pytest.approx(4 / 36)
    assert eleven["exact"]["house_edge"] == "3/40"
    assert eleven["exact"]["breakeven_selection_probability"] == {
        "level_1": "2/3",
        "level_2": "2/7",
    }
    assert craps["line_of"] == eleven["line_of"] == "ce"
    assert craps["lines"] is None
    assert whole["line_of"] is None


@pytest.mark.parametrize("name", NAMES)
def test_623b_5_d_breakeven_selection_makes_the_edge_zero(name: str) -> None:
    terms = CrapsRules().terms(name)
    counts = roll_counts(terms.bet)
    line_sets = [None] + ([[line.name] for line in terms.lines] if len(terms.lines) > 1 else [])
    for level, lines in product((1, 2), line_sets):
        chosen = [line.name for line in terms.lines] if lines is None else lines
        share = breakeven(terms, level, counts, lines=lines)
        if share is None:
            # Even selected on every roll the wager favours the house.
            power = {
                line.name: line.power_odds[level - 1] if line.name in chosen else line.base_odds
                for line in terms.lines
            }
            assert edge_at(terms, power, counts) > 0
            continue
        at = (share, Fraction(0)) if level == 1 else (Fraction(0), share)
        odds = {
            line.name: mean_odds(line, at if line.name in chosen else (Fraction(0), Fraction(0)))
            for line in terms.lines
        }
        assert edge_at(terms, odds, counts) == 0


def test_623b_5_d_breakeven_figures() -> None:
    rules = CrapsRules()
    assert breakeven(rules.terms("any_seven"), 2) == Fraction(1, 4)
    assert breakeven(rules.terms("any_seven"), 1) == Fraction(1, 2)
    assert breakeven(rules.terms("any_craps"), 2) == Fraction(1, 7)
    assert breakeven(rules.terms("hard_6"), 2) == Fraction(1, 9)
    assert breakeven(rules.terms("hop_2_2"), 2) == Fraction(1, 6)
    assert breakeven(rules.terms("eleven"), 1) == Fraction(2, 7)
    # A house paying the C&E's eleven line 6 to 1: the craps line at level 1 on every roll returns
    # 4/36 * 5 + 2/36 * 7 = 34/36, so it never breaks even on its own.
    stingy = craps_rules_from_mapping({"wagers": {"ce_eleven": {"base_odds": "6 to 1"}}})
    assert breakeven(stingy.terms("ce"), 1, lines=["ce_craps"]) is None
    # At level 2 the edge without, 1 - 30/36 = 6/36, equals the gain 4/36 * (6 - 3) s at s = 1/2.
    assert breakeven(stingy.terms("ce"), 2, lines=["ce_craps"]) == Fraction(1, 2)
    generous = craps_rules_from_mapping({"wagers": {"any_seven": {"base_odds": "5 to 1"}}})
    assert breakeven(generous.terms("any_seven"), 2) == 0  # 5 to 1 on 1/6 is already fair


def test_623b_5_a_without_power_odds_both_edges_agree() -> None:
    report = edge_report(CrapsRules(power_odds=False))
    assert report["power_odds"] is False
    for row in report["wagers"]:
        assert row["house_edge"] == row["house_edge_without_power_odds"]
        assert row["exact"]["house_edge"] == row["exact"]["house_edge_without_power_odds"]


def test_edge_report_lists_only_offered_wagers() -> None:
    rules = craps_rules_from_mapping({"wagers": {"hop_1_3": {"offered": False}}})
    names = [row["wager"] for row in edge_report(rules)["wagers"]]
    assert "hop_1_3" not in names
    assert len(names) == 28  # 26 wagers, and the C&E's two lines after it
    no_ce = craps_rules_from_mapping({"wagers": {"ce": {"offered": False}}})
    names = [row["wager"] for row in edge_report(no_ce)["wagers"]]
    assert not {"ce", "ce_craps", "ce_eleven"} & set(names)
