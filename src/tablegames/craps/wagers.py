"""The wagers eligible for Power Odds (623b.5(d)): each a small object that settles against a roll.

A wager has one or more *lines*: the items of the table in 623b.5(d) that the random number
generator selects (623b.5(c)) and that carry their own base odds and Power Odds. Every wager has
one line, named like the wager, except the C&E, which has two (`ce_craps` and `ce_eleven`).

Every bet has one method that matters, `settle(roll, stake, odds)`, returning a frozen
`Settlement`; `outcome(roll)` and `paying_line(roll)` are the parts of it that do not depend on
money, and are what the exact calculator enumerates over the 36 rolls and the simulator
tabulates, so all three follow one code path.

The Power Odds of each line are the regulation's (623b.5(d)); the base payout is the house's
(Chapter 623a, which is not among the texts we hold: the customary payouts are the defaults, and
the Rules Submission may file others).

Readings (docs/craps.md):

- Hop bets are the thirteen of the table, One-Three to Four-Six, and the four hard hops
  2-2, 3-3, 4-4 and 5-5. The table lists no One-Two, Five-Six, 1-1 or 6-6 hop (those numbers are
  the 3, 11, 2 and 12 of the horn and the 11 in one roll), so none is invented here.
- The horn bet's parts: `horn_3_11` is the horn's 3 and 11 parts, one half of the stake on
  each; the half on the number rolled wins at the odds (15 to 1, Power 22 or 30 to 1), the other
  half loses. `horn_2_12` is the same for the 2 and 12 (30 to 1, Power 45 or 60 to 1). A
  four-part horn bet is the two placed together with equal stakes.
- C&E: `ce` is one wager with two winning lines, as the C&E is dealt. On 2, 3 or 12 the whole
  stake is paid at the craps line's odds (net 3 to 1, Power 4 or 6 to 1), on 11 at the eleven
  line's (net 7 to 1, Power 10 or 14 to 1), on anything else it loses. The lines are selected
  independently; the wager is paid the level of the line that wins. (Read as two wagers paying
  3 to 1 and 7 to 1 on their own, each would have a 55.6% house edge.)
- Hardways stay up until the hard number (win), a seven or the number the easy way (lose).

>>> from fractions import Fraction
>>> bet = BETS["hard_8"]
>>> bet.outcome(Roll(4, 4)), bet.outcome(Roll(3, 5)), bet.outcome(Roll(1, 2))
('win', 'lose', 'stays_up')
>>> bet.settle(Roll(4, 4), 500, Fraction(18))
Settlement(outcome='win', returned=9500, odds=Fraction(18, 1), line='hard_8')
>>> BETS["horn_3_11"].settle(Roll(1, 2), 200, Fraction(15)).returned  # $1 on the 3 wins 15 to 1
1600
>>> ce_odds = {"ce_craps": Fraction(6), "ce_eleven": Fraction(7)}  # craps line at level 2
>>> BETS["ce"].settle(Roll(1, 2), 200, ce_odds)  # a $2 C&E on a 3: net 6 to 1
Settlement(outcome='win', returned=1400, odds=Fraction(6, 1), line='ce_craps')
>>> BETS["ce"].settle(Roll(5, 6), 200, ce_odds).returned  # on an 11 the eleven line, 7 to 1
1600
>>> BETS["ce"].settle(Roll(3, 4), 200, ce_odds)  # lost: no line's odds apply
Settlement(outcome='lose', returned=0, odds=None, line=None)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final, Literal

from tablegames.core.money import winnings
from tablegames.craps.dice import Roll

Outcome = Literal["win", "lose", "stays_up"]
PARAGRAPH: Final = "623b.5(d)"


def odds_text(odds: Fraction) -> str:
    """'7 to 1', '15 to 2': odds as the layout prints them.

    >>> odds_text(Fraction(7)), odds_text(Fraction(15, 2))
    ('7 to 1', '15 to 2')
    """
    return f"{odds.numerator:,} to {odds.denominator}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Line:
    """One item of the table in 623b.5(d): selected on its own (623b.5(c)), with its own odds."""

    name: str
    label: str
    customary_odds: Fraction  # the house's base payout by default (Chapter 623a, customary)
    power_odds: tuple[Fraction, Fraction]  # 623b.5(d): Power Odds level 1 and level 2


@dataclass(frozen=True, slots=True)
class Settlement:
    """What one wager did on one roll: `returned` includes the stake (0 lost, None still up).

    `line` is the line whose odds apply and `odds` those odds: a one-line wager's own line, win
    or lose; for the C&E the line that won, and None for both when it lost.
    """

    outcome: Outcome
    returned: int | None
    odds: Fraction | None
    line: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Bet(ABC):
    """One eligible wager: its name, how it reads on the layout and its lines.

    `parts` is how many equal parts the stake is divided into (2 for the horn's halves); a win
    pays the odds on the part that won and the other parts lose. A wager with several lines (the
    C&E) is one stake: a win pays the winning line's odds on all of it.
    """

    name: str
    label: str
    lines: tuple[Line, ...]
    parts: int = 1
    one_roll: bool = field(default=True)

    @property
    def line_names(self) -> tuple[str, ...]:
        return tuple(line.name for line in self.lines)

    @abstractmethod
    def outcome(self, roll: Roll) -> Outcome:
        """Whether the roll wins, loses or leaves the wager up."""

    def winning_line(self, roll: Roll) -> Line | None:
        """The line that wins on `roll`, or None when the roll does not win."""
        return self.lines[0] if self.outcome(roll) == "win" else None

    def paying_line(self, roll: Roll) -> Line | None:
        """The line whose odds (and Power Odds level) apply to the wager on `roll`.

        A one-line wager's own line, whatever the roll; for the C&E the line that wins, else None.
        """
        return self.lines[0] if len(self.lines) == 1 else self.winning_line(roll)

    def settle(self, roll: Roll, stake: int, odds: Fraction | Mapping[str, Fraction]) -> Settlement:
        """The wager settled against `roll` at `odds` to 1 (the base or the Power Odds).

        `odds` is one figure for every line, or a mapping of each line's name to the odds in force
        for it on this roll (the C&E: the two lines are selected independently).
        """
        result = self.outcome(roll)
        line = self.paying_line(roll)
        if line is None:  # a wager with several lines that did not win
            return Settlement(result, 0 if result == "lose" else None, None, None)
        paid = odds[line.name] if isinstance(odds, Mapping) else Fraction(odds)
        if result == "win":
            part = stake // self.parts
            return Settlement("win", part + winnings(part, paid), paid, line.name)
        return Settlement(result, 0 if result == "lose" else None, paid, line.name)


@dataclass(frozen=True, slots=True, kw_only=True)
class TotalBet(Bet):
    """A one-roll bet on totals: Any Craps, Any Seven, 11, the horn's parts and the C&E.

    `totals` gives, for each line, the totals it wins on.
    """

    totals: tuple[frozenset[int], ...]

    def outcome(self, roll: Roll) -> Outcome:
        return "win" if self.winning_line(roll) is not None else "lose"

    def winning_line(self, roll: Roll) -> Line | None:
        for line, totals in zip(self.lines, self.totals, strict=True):
            if roll.total in totals:
                return line
        return None


@dataclass(frozen=True, slots=True, kw_only=True)
class HopBet(Bet):
    """A one-roll bet on one combination of the two dice, in either order."""

    faces: tuple[int, int]

    def outcome(self, roll: Roll) -> Outcome:
        return "win" if roll.faces == self.faces else "lose"


@dataclass(frozen=True, slots=True, kw_only=True)
class HardwayBet(Bet):
    """Four, six, eight or ten the hard way: stays up until it is decided."""

    number: int

    def outcome(self, roll: Roll) -> Outcome:
        if roll.total == self.number and roll.is_hard:
            return "win"
        if roll.total in (7, self.number):  # a seven, or the number the easy way
            return "lose"
        return "stays_up"


_F = Fraction
_DIGITS = {1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six"}
_NICK = {1: "Ace", 2: "Deuce", 3: "Trey"}
_HARD_WORDS = {4: "Four", 6: "Six", 8: "Eight", 10: "Ten"}


def _hop_label(low: int, high: int) -> str:
    name = f"{_DIGITS[low]}-{_DIGITS[high]}"
    if low in _NICK:
        nick = f"{_NICK[low]}-{'Trey' if high == 3 else _DIGITS[high]}"
        name = f"{name} or {nick}"
    return f"{name} on the Hop"


def _sole_line(name: str, label: str, customary: int, power: tuple[int, int]) -> tuple[Line]:
    """The single line of a wager that is one item of the table: named and labelled like it."""
    return (Line(name=name, label=label, customary_odds=_F(customary), power_odds=_power(power)),)


def _power(levels: tuple[int, int]) -> tuple[Fraction, Fraction]:
    return _F(levels[0]), _F(levels[1])


def _total_bet(
    name: str, label: str, totals: set[int], customary: int, power: tuple[int, int], parts: int = 1
) -> TotalBet:
    return TotalBet(
        name=name,
        label=label,
        totals=(frozenset(totals),),
        parts=parts,
        lines=_sole_line(name, label, customary, power),
    )


# 623b.5(d): the easy hops exactly as the table lists them, One-Three to Four-Six.
EASY_HOPS: Final = (
    (1, 3), (1, 4), (1, 5), (1, 6), (2, 3), (2, 4), (2, 5), (2, 6),
    (3, 4), (3, 5), (3, 6), (4, 5), (4, 6),
)  # fmt: skip
HARD_HOPS: Final = (2, 3, 4, 5)  # 623b.5(d): Four, Six, Eight and Ten the Hardway on the Hop
HARDWAYS: Final = (4, 6, 8, 10)
_HOP_POWER = (22, 30)  # 623b.5(d): every listed easy hop (and 11 in One Roll, Horn (3, 11))
_HARD_HOP_POWER = (45, 60)  # 623b.5(d): the four hardways on the hop (and Horn (2, 12))


def _catalogue() -> tuple[Bet, ...]:
    bets: list[Bet] = [
        # 623b.5(d): Any Craps 10 or 14 to 1; customary 7 to 1.
        _total_bet("any_craps", "Any Craps", {2, 3, 12}, 7, (10, 14)),
        # 623b.5(d): Any Seven 6 or 8 to 1; customary 4 to 1.
        _total_bet("any_seven", "Any Seven", {7}, 4, (6, 8)),
        # 623b.5(d): 11 in One Roll 22 or 30 to 1; customary 15 to 1.
        _total_bet("eleven", "11 in One Roll", {11}, 15, _HOP_POWER),
    ]
    for low, high in EASY_HOPS:
        name, label = f"hop_{low}_{high}", _hop_label(low, high)
        bets.append(
            HopBet(
                name=name,
                label=label,
                faces=(low, high),
                lines=_sole_line(name, label, 15, _HOP_POWER),
            )
        )
    for face in HARD_HOPS:
        name, label = f"hop_{face}_{face}", f"{_HARD_WORDS[2 * face]} the Hardway on the Hop"
        bets.append(
            HopBet(
                name=name,
                label=label,
                faces=(face, face),
                lines=_sole_line(name, label, 30, _HARD_HOP_POWER),
            )
        )
    bets += [
        # 623b.5(d): Horn bet (3, 11) 22 or 30 to 1 and Horn Bet (2, 12) 45 or 60 to 1, per part.
        _total_bet("horn_3_11", "Horn bet (3, 11)", {3, 11}, 15, _HOP_POWER, parts=2),
        _total_bet("horn_2_12", "Horn Bet (2, 12)", {2, 12}, 30, _HARD_HOP_POWER, parts=2),
        # 623b.5(d): C&E (2, 3, 12) 4 or 6 to 1 and C&E (11) 10 or 14 to 1: the two lines of one
        # C&E wager, net odds on the whole stake; customary net 3 to 1 and 7 to 1.
        TotalBet(
            name="ce",
            label="C&E",
            totals=(frozenset({2, 3, 12}), frozenset({11})),
            lines=(
                Line(
                    name="ce_craps",
                    label="C&E (2, 3, 12)",
                    customary_odds=_F(3),
                    power_odds=_power((4, 6)),
                ),
                Line(
                    name="ce_eleven",
                    label="C&E (11)",
                    customary_odds=_F(7),
                    power_odds=_power((10, 14)),
                ),
            ),
        ),
    ]
    # 623b.5(d): Four and Ten the Hardway 10 or 14 to 1 (customary 7 to 1); Six and Eight
    # 13 or 18 to 1 (customary 9 to 1).
    for number in HARDWAYS:
        name, label = f"hard_{number}", f"{_HARD_WORDS[number]} the Hardway"
        customary, power = (7, (10, 14)) if number in (4, 10) else (9, (13, 18))
        bets.append(
            HardwayBet(
                name=name,
                label=label,
                number=number,
                one_roll=False,
                lines=_sole_line(name, label, customary, power),
            )
        )
    return tuple(bets)


CATALOGUE: Final[tuple[Bet, ...]] = _catalogue()
BETS: Final[dict[str, Bet]] = {bet.name: bet for bet in CATALOGUE}
WAGER_NAMES: Final[tuple[str, ...]] = tuple(BETS)
# The items the RNG selects (623b.5(c)), in the order of the table in 623b.5(d).
LINES: Final[dict[str, Line]] = {line.name: line for bet in CATALOGUE for line in bet.lines}
LINE_NAMES: Final[tuple[str, ...]] = tuple(LINES)
WAGER_OF_LINE: Final[dict[str, str]] = {
    line.name: bet.name for bet in CATALOGUE for line in bet.lines
}
