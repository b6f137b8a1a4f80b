"""Exact house edge of every Power Odds wager, with and without Power Odds (623b.5(c)-(d)).

The dice are enumerated through each bet's own `outcome` and `winning_line`, the code that settles
it at the table: of the 36 equally likely rolls, `W` win and `L` lose (a hardway: the rest leave
it up), and `W_i` of the wins are won on line `i` (every wager has one line, the C&E two). Per
decision line `i` wins with probability `w_i = W_i / (W + L)`. The selection is drawn for each
line independently of the dice before every roll and a wager is paid at the odds in force on the
roll that decides it for the line that wins, so on a win of line `i` the odds paid are the mixture
`m_i = p0 * base_i + p1 * level_1_i + p2 * level_2_i` (`p0 = 1 - p1 - p2`, the line's chances).
With the stake in `k` equal parts (the horn's halves) of which the winning one is paid, the house
edge per unit wagered is

    edge = 1 - sum_i w_i * (1 + m_i) / k

per roll for one-roll bets and per decision for hardways (`house_edge_per_roll` is the edge per
roll the hardway stands). Break-even (a regulator's question): the selection probability `s` at a
single level `j` (the other level 0), for each of a set of lines (the others never selected), at
which the edge is zero: `s = edge_without / (sum_i w_i * (level_j_i - base_i) / k)` over the set;
null when even `s = 1` keeps the edge positive, 0 when the base payout already does not favour
the house.

For the C&E the report has three entries: `ce`, both lines at their chances (break-even: both
lines at the same chance), and `ce_craps`, `ce_eleven`: the same wager with only that line's Power
Odds (the other line always at its base odds; break-even: that line alone).

>>> from tablegames.craps.rules import CrapsRules
>>> rules = CrapsRules(power_odds=False)
>>> edge = wager_edge(rules.terms("any_seven"), power_odds=False)
>>> edge.house_edge, edge.house_edge_without_power_odds
(Fraction(1, 6), Fraction(1, 6))
>>> wager_edge(rules.terms("hard_6"), power_odds=False).house_edge
Fraction(1, 11)
>>> wager_edge(rules.terms("hop_1_3"), power_odds=False).breakeven
(Fraction(2, 7), Fraction(2, 15))
>>> wager_edge(rules.terms("ce"), power_odds=False).house_edge  # 1 - (4/36 * 4 + 2/36 * 8)
Fraction(1, 9)
>>> wager_edge(CrapsRules().terms("ce"), power_odds=True, line="ce_eleven").breakeven
(Fraction(2, 3), Fraction(2, 7))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tablegames.craps.dice import ALL_ROLLS
from tablegames.craps.rules import CrapsRules, LineTerms, WagerTerms
from tablegames.craps.wagers import Bet, odds_text

NEVER: tuple[Fraction, Fraction] = (Fraction(0), Fraction(0))


@dataclass(frozen=True, slots=True)
class RollCounts:
    """Of the 36 ordered rolls: how many win, lose and leave the bet up; the wins by line."""

    win: int
    lose: int
    stays_up: int
    line_wins: tuple[int, ...]  # in the order of the bet's lines; they add up to `win`

    @property
    def win_probability(self) -> Fraction:
        """Per decision: the chance a decided bet was won."""
        return Fraction(self.win, self.win + self.lose)

    @property
    def decision_probability(self) -> Fraction:
        """The chance a given roll decides the bet (1 for one-roll bets)."""
        return Fraction(self.win + self.lose, len(ALL_ROLLS))

    def line_win_probability(self, index: int) -> Fraction:
        """Per decision: the chance the bet was won on its line `index`."""
        return Fraction(self.line_wins[index], self.win + self.lose)


def roll_counts(bet: Bet) -> RollCounts:
    """Enumerate the chance step: every ordered roll, each with probability 1/36."""
    outcomes = [bet.outcome(roll) for roll in ALL_ROLLS]
    winners = [bet.winning_line(roll) for roll in ALL_ROLLS]
    line_wins = tuple(
        sum(1 for won in winners if won is not None and won.name == line.name) for line in bet.lines
    )
    return RollCounts(
        outcomes.count("win"), outcomes.count("lose"), outcomes.count("stays_up"), line_wins
    )


def mean_odds(line: LineTerms, probabilities: tuple[Fraction, Fraction]) -> Fraction:
    """623b.5(d): the expected odds paid on a win when each level is in force with its chance."""
    level_1, level_2 = probabilities
    return (
        (1 - level_1 - level_2) * line.base_odds
        + level_1 * line.power_odds[0]
        + level_2 * line.power_odds[1]
    )


def edge_at(
    terms: WagerTerms, odds: Fraction | Mapping[str, Fraction], counts: RollCounts | None = None
) -> Fraction:
    """House edge per decision when a win of each line pays `odds` (one figure, or by line name;
    or their means) to 1 on the winning part."""
    counts = counts or roll_counts(terms.bet)
    paid = sum(
        (
            counts.line_win_probability(index)
            * (1 + (odds[line.name] if isinstance(odds, Mapping) else odds))
            for index, line in enumerate(terms.lines)
        ),
        Fraction(0),
    )
    return 1 - paid / terms.bet.parts


def base_odds(terms: WagerTerms) -> dict[str, Fraction]:
    return {line.name: line.base_odds for line in terms.lines}


def breakeven(
    terms: WagerTerms,
    level: int,
    counts: RollCounts | None = None,
    *,
    lines: Iterable[str] | None = None,
) -> Fraction | None:
    """Chance of selection at `level` alone (the other level never) that makes the edge 0, the
    same chance for each of `lines` (default: every line of the wager; the others never)."""
    counts = counts or roll_counts(terms.bet)
    chosen = set(lines) if lines is not None else {line.name for line in terms.lines}
    without = edge_at(terms, base_odds(terms), counts)
    # What the increase on the chosen lines adds per unit, were they selected on every roll.
    increase = [
        counts.line_win_probability(index) * (line.power_odds[level - 1] - line.base_odds)
        for index, line in enumerate(terms.lines)
        if line.name in chosen
    ]
    gain = sum(increase, Fraction(0)) / terms.bet.parts
    if without <= 0:
        return Fraction(0)
    if gain <= 0 or without > gain:
        return None
    return without / gain


@dataclass(frozen=True, slots=True)
class WagerEdge:
    """The figures of one wager; with `line` set, of the wager with only that line's Power Odds."""

    terms: WagerTerms
    counts: RollCounts
    probabilities: dict[str, tuple[Fraction, Fraction]]  # each line's chances applied
    house_edge: Fraction
    house_edge_without_power_odds: Fraction
    breakeven: tuple[Fraction | None, Fraction | None]  # level 1 alone, level 2 alone
    line: str | None = None

    @property
    def house_edge_per_roll(self) -> Fraction:
        return self.house_edge * self.counts.decision_probability

    def _line_json(self, line: LineTerms) -> dict[str, Any]:
        level_1, level_2 = self.probabilities[line.name]
        index = self.terms.lines.index(line)
        return {
            "base_odds": odds_text(line.base_odds),
            "power_odds": [odds_text(odds) for odds in line.power_odds],
            "selection_probability": {"level_1": float(level_1), "level_2": float(level_2)},
            "win_probability": float(self.counts.line_win_probability(index)),
        }

    def to_json(self) -> dict[str, Any]:
        terms = self.terms
        whole = self.line is None and len(terms.lines) > 1  # the C&E as a whole
        line = terms.line(self.line) if self.line is not None else terms.lines[0]
        head: dict[str, Any] = {
            "wager": line.name if self.line is not None else terms.name,
            "label": line.line.label if self.line is not None else terms.bet.label,
            "paragraph": "623b.5(d)",
            "per": "roll" if terms.bet.one_roll else "decision",
            "line_of": terms.name if self.line is not None else None,
        }
        if whole:
            lines: dict[str, Any] | None = {
                item.name: {"label": item.line.label, **self._line_json(item)}
                for item in terms.lines
            }
            detail: dict[str, Any] = {
                "base_odds": None,
                "power_odds": None,
                "selection_probability": None,
                "win_probability": float(self.counts.win_probability),
            }
        else:
            lines, detail = None, self._line_json(line)
        return {
            **head,
            **detail,
            "lines": lines,
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


def wager_edge(terms: WagerTerms, *, power_odds: bool, line: str | None = None) -> WagerEdge:
    """The exact figures of one wager; `power_odds` False uses the base payouts only. With `line`
    (a line of the C&E), only that line's Power Odds apply: the other lines are never selected."""
    if line is not None:
        terms.line(line)  # KeyError for a line of another wager
    counts = roll_counts(terms.bet)
    chances = {
        item.name: item.probabilities if power_odds and line in (None, item.name) else NEVER
        for item in terms.lines
    }
    mean = {item.name: mean_odds(item, chances[item.name]) for item in terms.lines}
    only = None if line is None else [line]
    return WagerEdge(
        terms=terms,
        counts=counts,
        probabilities=chances,
        house_edge=edge_at(terms, mean, counts),
        house_edge_without_power_odds=edge_at(terms, base_odds(terms), counts),
        breakeven=(
            breakeven(terms, 1, counts, lines=only),
            breakeven(terms, 2, counts, lines=only),
        ),
        line=line,
    )


def wager_edges(terms: WagerTerms, *, power_odds: bool) -> list[WagerEdge]:
    """One wager's entries: the wager, then (for the C&E) each line's Power Odds on its own."""
    edges = [wager_edge(terms, power_odds=power_odds)]
    if len(terms.lines) > 1:
        edges += [wager_edge(terms, power_odds=power_odds, line=item.name) for item in terms.lines]
    return edges


def edge_report(rules: CrapsRules) -> dict[str, Any]:
    """`tablegames edge craps --json`: every offered eligible wager, in the order of 623b.5(d);
    after the C&E (`ce`), its lines `ce_craps` and `ce_eleven` each with only its Power Odds."""
    return {
        "game": "craps",
        "power_odds": rules.power_odds,
        "wagers": [
            edge.to_json()
            for terms in rules.offered()
            for edge in wager_edges(terms, power_odds=rules.power_odds)
        ],
    }
