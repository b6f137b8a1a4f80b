"""Exact house edges of the Power Odds wagers (623b.5(c)-(d)), checked against figures derived
by hand from the dice counts, and the break-even selection probabilities."""

from __future__ import annotations

from fractions import Fraction

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
    "horn_3_11", "horn_2_12", "ce_craps", "ce_eleven",
    "hard_4", "hard_6", "hard_8", "hard_10",
]  # fmt: skip

# Without Power Odds, by hand: edge = 1 - P(win) * (1 + odds) / parts.
WITHOUT = {
    "any_seven": Fraction(1, 6),  # 1 - 6/36 * 5
    "any_craps": Fraction(1, 9),  # 1 - 4/36 * 8
    "eleven": Fraction(1, 9),  # 1 - 2/36 * 16
    "hop_1_3": Fraction(1, 9),  # 1 - 2/36 * 16
    "hop_2_2": Fraction(5, 36),  # 1 - 1/36 * 31
    "horn_3_11": Fraction(1, 9),  # 1 - 4/36 * 16/2
    "horn_2_12": Fraction(5, 36),  # 1 - 2/36 * 31/2
    "ce_craps": Fraction(5, 9),  # 1 - 4/36 * 4 (alone, as specified: see docs/craps.md)
    "ce_eleven": Fraction(5, 9),  # 1 - 2/36 * 8
    "hard_4": Fraction(1, 9),  # per decision: 1 - 1/9 * 8
    "hard_6": Fraction(1, 11),  # per decision: 1 - 1/11 * 10
    "hard_8": Fraction(1, 11),
    "hard_10": Fraction(1, 9),
}


def test_623b_5_d_edge_report_names_every_wager_in_order() -> None:
    report = edge_report(CrapsRules())
    assert [row["wager"] for row in report["wagers"]] == NAMES == list(WAGER_NAMES)
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
    assert mean_odds(rules.terms("any_craps"), (Fraction(1, 10), Fraction(1, 20))) == Fraction(
        153, 20
    )
    expected = {
        "any_craps": 1 - Fraction(4, 36) * Fraction(173, 20),
        "any_seven": 1 - Fraction(6, 36) * Fraction(27, 5),  # 1 + 4.4
        "hop_1_3": 1 - Fraction(2, 36) * Fraction(349, 20),  # 1 + 16.45
        "hop_4_4": 1 - Fraction(1, 36) * 34,  # 1 + 33
        "hard_8": 1 - Fraction(1, 11) * Fraction(217, 20),  # 1 + 9.85
    }
    for name, edge in expected.items():
        assert wager_edge(rules.terms(name), power_odds=True).house_edge == edge


@pytest.mark.parametrize("name", NAMES)
def test_623b_5_d_breakeven_selection_makes_the_edge_zero(name: str) -> None:
    terms = CrapsRules().terms(name)
    counts = roll_counts(terms.bet)
    for level in (1, 2):
        share = breakeven(terms, level, counts)
        if share is None:
            # Even selected on every roll the wager favours the house.
            assert edge_at(terms, terms.power_odds[level - 1], counts) > 0
            continue
        chances = (share, Fraction(0)) if level == 1 else (Fraction(0), share)
        assert edge_at(terms, mean_odds(terms, chances), counts) == 0


def test_623b_5_d_breakeven_figures() -> None:
    rules = CrapsRules()
    assert breakeven(rules.terms("any_seven"), 2) == Fraction(1, 4)
    assert breakeven(rules.terms("any_seven"), 1) == Fraction(1, 2)
    assert breakeven(rules.terms("any_craps"), 2) == Fraction(1, 7)
    assert breakeven(rules.terms("hard_6"), 2) == Fraction(1, 9)
    assert breakeven(rules.terms("hop_2_2"), 2) == Fraction(1, 6)
    assert breakeven(rules.terms("ce_craps"), 2) is None
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
    assert len(names) == 27
