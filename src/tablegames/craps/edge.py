"""Exact house edge of every Power Odds wager, with and without Power Odds (623b.5(c)-(d)).

The dice are enumerated through each bet's own `outcome`, the code that settles it at the
table: of the 36 equally likely rolls, `W` win and `L` lose (a hardway: the rest leave it up).
Per decision a bet wins with probability `w = W / (W + L)`. The selection is drawn independently
of the dice before every roll and a hardway is paid at the odds in force on the roll that
decides it, so on a winning decision the odds paid are the mixture
`m = p0 * base + p1 * level_1 + p2 * level_2` (`p0 = 1 - p1 - p2`). With the stake in `k` equal
parts (the horn's halves) of which the winning one is paid, the house edge per unit wagered is

    edge = 1 - w * (1 + m) / k

per roll for one-roll bets and per decision for hardways (`house_edge_per_roll` is the edge per
roll the hardway stands). Break-even (a regulator's question): the selection probability `s` at
a single level `j` (the other level 0) at which the edge is zero,
`s = (k / w - 1 - base) / (level_j - base)`; null when even `s = 1` keeps the edge positive,
0 when the base payout already does not favour the house.

>>> from tablegames.craps.rules import CrapsRules
>>> rules = CrapsRules(power_odds=False)
>>> edge = wager_edge(rules.terms("any_seven"), power_odds=False)
>>> edge.house_edge, edge.house_edge_without_power_odds
(Fraction(1, 6), Fraction(1, 6))
>>> wager_edge(rules.terms("hard_6"), power_odds=False).house_edge
Fraction(1, 11)
>>> wager_edge(rules.terms("hop_1_3"), power_odds=False).breakeven
(Fraction(2, 7), Fraction(2, 15))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tablegames.craps.dice import ALL_ROLLS
from tablegames.craps.rules import CrapsRules, WagerTerms
from tablegames.craps.wagers import Bet, odds_text


@dataclass(frozen=True, slots=True)
class RollCounts:
    """Of the 36 ordered rolls: how many win, lose and leave the bet up."""

    win: int
    lose: int
    stays_up: int

    @property
    def win_probability(self) -> Fraction:
        """Per decision: the chance a decided bet was won."""
        return Fraction(self.win, self.win + self.lose)

    @property
    def decision_probability(self) -> Fraction:
        """The chance a given roll decides the bet (1 for one-roll bets)."""
        return Fraction(self.win + self.lose, len(ALL_ROLLS))


def roll_counts(bet: Bet) -> RollCounts:
    """Enumerate the chance step: every ordered roll, each with probability 1/36."""
    outcomes = [bet.outcome(roll) for roll in ALL_ROLLS]
    return RollCounts(outcomes.count("win"), outcomes.count("lose"), outcomes.count("stays_up"))


def mean_odds(terms: WagerTerms, probabilities: tuple[Fraction, Fraction]) -> Fraction:
    """623b.5(d): the expected odds paid on a win when each level is in force with its chance."""
    level_1, level_2 = probabilities
    return (
        (1 - level_1 - level_2) * terms.base_odds
        + level_1 * terms.power_odds[0]
        + level_2 * terms.power_odds[1]
    )


def edge_at(terms: WagerTerms, odds: Fraction, counts: RollCounts | None = None) -> Fraction:
    """House edge per decision when a win pays `odds` (or their mean) to 1 on the winning part."""
    win = (counts or roll_counts(terms.bet)).win_probability
    return 1 - win * (1 + odds) / terms.bet.parts


def breakeven(terms: WagerTerms, level: int, counts: RollCounts | None = None) -> Fraction | None:
    """Chance of selection at `level` alone (the other level never) that makes the edge 0."""
    win = (counts or roll_counts(terms.bet)).win_probability
    base, increased = terms.base_odds, terms.power_odds[level - 1]
    share = (terms.bet.parts / win - 1 - base) / (increased - base)
    if share > 1:
        return None
    return max(share, Fraction(0))


@dataclass(frozen=True, slots=True)
class WagerEdge:
    terms: WagerTerms
    counts: RollCounts
    probabilities: tuple[Fraction, Fraction]
    house_edge: Fraction
    house_edge_without_power_odds: Fraction
    breakeven: tuple[Fraction | None, Fraction | None]  # level 1 alone, level 2 alone

    @property
    def house_edge_per_roll(self) -> Fraction:
        return self.house_edge * self.counts.decision_probability

    def to_json(self) -> dict[str, Any]:
        terms, level_1, level_2 = self.terms, *self.probabilities
        return {
            "wager": terms.name,
            "label": terms.bet.label,
            "paragraph": "623b.5(d)",
            "per": "roll" if terms.bet.one_roll else "decision",
            "base_odds": odds_text(terms.base_odds),
            "power_odds": [odds_text(odds) for odds in terms.power_odds],
            "selection_probability": {"level_1": float(level_1), "level_2": float(level_2)},
            "win_probability": float(self.counts.win_probability),
            "house_edge": float(self.house_edge),
            "house_edge_without_power_odds": float(self.house_edge_without_power_odds),
            "house_edge_per_roll": float(self.house_edge_per_roll),
            "breakeven_selection_probability": {
                f"level_{level}": None if value is None else float(value)
                for level, value in enumerate(self.breakeven, start=1)
            },
            "exact": {
                "house_edge": str(self.house_edge),
                "house_edge_without_power_odds": str(self.house_edge_without_power_odds),
                "breakeven_selection_probability": {
                    f"level_{level}": None if value is None else str(value)
                    for level, value in enumerate(self.breakeven, start=1)
                },
            },
        }


def wager_edge(terms: WagerTerms, *, power_odds: bool) -> WagerEdge:
    """The exact figures of one wager; `power_odds` False uses the base payout only."""
    counts = roll_counts(terms.bet)
    chances = terms.probabilities if power_odds else (Fraction(0), Fraction(0))
    return WagerEdge(
        terms=terms,
        counts=counts,
        probabilities=chances,
        house_edge=edge_at(terms, mean_odds(terms, chances), counts),
        house_edge_without_power_odds=edge_at(terms, terms.base_odds, counts),
        breakeven=(breakeven(terms, 1, counts), breakeven(terms, 2, counts)),
    )


def edge_report(rules: CrapsRules) -> dict[str, Any]:
    """`tablegames edge craps --json`: every offered eligible wager, in the order of 623b.5(d)."""
    return {
        "game": "craps",
        "power_odds": rules.power_odds,
        "wagers": [
            wager_edge(terms, power_odds=rules.power_odds).to_json() for terms in rules.offered()
        ],
    }
