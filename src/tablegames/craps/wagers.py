"""The wagers eligible for Power Odds (623b.5(d)): each a small object that settles against a roll.

Every bet has one method that matters, `settle(roll, stake, odds)`, returning a frozen
`Settlement`; `outcome(roll)` is the part of it that does not depend on money, and is what the
exact calculator enumerates over the 36 rolls and the simulator tabulates, so all three follow
one code path.

The Power Odds of each bet are the regulation's (623b.5(d)); the base payout is the house's
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
- C&E: `ce_craps` wins on 2, 3 or 12 and `ce_eleven` on 11, paying the customary net payouts of
  the C&E's two halves (3 to 1 and 7 to 1), which are the odds the table's C&E Power Odds
  (4 or 6 to 1, 10 or 14 to 1) increase.
- Hardways stay up until the hard number (win), a seven or the number the easy way (lose).

>>> from fractions import Fraction
>>> bet = BETS["hard_8"]
>>> bet.outcome(Roll(4, 4)), bet.outcome(Roll(3, 5)), bet.outcome(Roll(1, 2))
('win', 'lose', 'stays_up')
>>> bet.settle(Roll(4, 4), 500, Fraction(18))
Settlement(outcome='win', returned=9500, odds=Fraction(18, 1))
>>> BETS["horn_3_11"].settle(Roll(1, 2), 200, Fraction(15)).returned  # $1 on the 3 wins 15 to 1
1600
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final, Literal

from tablegames.craps.dice import Roll
from tablegames.money import winnings

Outcome = Literal["win", "lose", "stays_up"]
PARAGRAPH: Final = "623b.5(d)"


def odds_text(odds: Fraction) -> str:
    """'7 to 1', '15 to 2': odds as the layout prints them.

    >>> odds_text(Fraction(7)), odds_text(Fraction(15, 2))
    ('7 to 1', '15 to 2')
    """
    return f"{odds.numerator:,} to {odds.denominator}"


@dataclass(frozen=True, slots=True)
class Settlement:
    """What one wager did on one roll: `returned` includes the stake (0 lost, None still up)."""

    outcome: Outcome
    returned: int | None
    odds: Fraction


@dataclass(frozen=True, slots=True, kw_only=True)
class Bet(ABC):
    """One eligible wager: its name, how it reads on the layout and its odds.

    `parts` is how many equal parts the stake is divided into (2 for the horn's halves); a win
    pays the odds on the part that won and the other parts lose.
    """

    name: str
    label: str
    customary_odds: Fraction  # the house's base payout by default (Chapter 623a, customary)
    power_odds: tuple[Fraction, Fraction]  # 623b.5(d): Power Odds level 1 and level 2
    parts: int = 1
    one_roll: bool = field(default=True)

    @abstractmethod
    def outcome(self, roll: Roll) -> Outcome:
        """Whether the roll wins, loses or leaves the wager up."""

    def settle(self, roll: Roll, stake: int, odds: Fraction) -> Settlement:
        """The wager settled against `roll` at `odds` to 1 (the base or the Power Odds)."""
        result = self.outcome(roll)
        if result == "win":
            part = stake // self.parts
            return Settlement("win", part + winnings(part, odds), odds)
        return Settlement(result, 0 if result == "lose" else None, odds)


@dataclass(frozen=True, slots=True, kw_only=True)
class TotalBet(Bet):
    """A one-roll bet on totals: Any Craps, Any Seven, 11, the horn's and the C&E's parts."""

    totals: frozenset[int]

    def outcome(self, roll: Roll) -> Outcome:
        return "win" if roll.total in self.totals else "lose"


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
_HOP_POWER = (_F(22), _F(30))  # 623b.5(d): every listed easy hop
_HARD_HOP_POWER = (_F(45), _F(60))  # 623b.5(d): the four hardways on the hop
_DIGITS = {1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six"}
_NICK = {1: "Ace", 2: "Deuce", 3: "Trey"}
_HARD_WORDS = {4: "Four", 6: "Six", 8: "Eight", 10: "Ten"}


def _hop_label(low: int, high: int) -> str:
    name = f"{_DIGITS[low]}-{_DIGITS[high]}"
    if low in _NICK:
        nick = f"{_NICK[low]}-{'Trey' if high == 3 else _DIGITS[high]}"
        name = f"{name} or {nick}"
    return f"{name} on the Hop"


# 623b.5(d): the easy hops exactly as the table lists them, One-Three to Four-Six.
EASY_HOPS: Final = (
    (1, 3), (1, 4), (1, 5), (1, 6), (2, 3), (2, 4), (2, 5), (2, 6),
    (3, 4), (3, 5), (3, 6), (4, 5), (4, 6),
)  # fmt: skip
HARD_HOPS: Final = (2, 3, 4, 5)  # 623b.5(d): Four, Six, Eight and Ten the Hardway on the Hop
HARDWAYS: Final = (4, 6, 8, 10)


def _catalogue() -> tuple[Bet, ...]:
    bets: list[Bet] = [
        # 623b.5(d): Any Craps 10 or 14 to 1; customary 7 to 1.
        TotalBet(
            name="any_craps",
            label="Any Craps",
            totals=frozenset({2, 3, 12}),
            customary_odds=_F(7),
            power_odds=(_F(10), _F(14)),
        ),
        # 623b.5(d): Any Seven 6 or 8 to 1; customary 4 to 1.
        TotalBet(
            name="any_seven",
            label="Any Seven",
            totals=frozenset({7}),
            customary_odds=_F(4),
            power_odds=(_F(6), _F(8)),
        ),
        # 623b.5(d): 11 in One Roll 22 or 30 to 1; customary 15 to 1.
        TotalBet(
            name="eleven",
            label="11 in One Roll",
            totals=frozenset({11}),
            customary_odds=_F(15),
            power_odds=_HOP_POWER,
        ),
    ]
    bets += [
        HopBet(
            name=f"hop_{low}_{high}",
            label=_hop_label(low, high),
            faces=(low, high),
            customary_odds=_F(15),
            power_odds=_HOP_POWER,
        )
        for low, high in EASY_HOPS
    ]
    bets += [
        HopBet(
            name=f"hop_{face}_{face}",
            label=f"{_HARD_WORDS[2 * face]} the Hardway on the Hop",
            faces=(face, face),
            customary_odds=_F(30),
            power_odds=_HARD_HOP_POWER,
        )
        for face in HARD_HOPS
    ]
    bets += [
        # 623b.5(d): Horn bet (3, 11) 22 or 30 to 1 and Horn Bet (2, 12) 45 or 60 to 1, per part.
        TotalBet(
            name="horn_3_11",
            label="Horn bet (3, 11)",
            totals=frozenset({3, 11}),
            parts=2,
            customary_odds=_F(15),
            power_odds=_HOP_POWER,
        ),
        TotalBet(
            name="horn_2_12",
            label="Horn Bet (2, 12)",
            totals=frozenset({2, 12}),
            parts=2,
            customary_odds=_F(30),
            power_odds=_HARD_HOP_POWER,
        ),
        # 623b.5(d): C&E (2, 3, 12) 4 or 6 to 1 and C&E (11) 10 or 14 to 1.
        TotalBet(
            name="ce_craps",
            label="C&E (2, 3, 12)",
            totals=frozenset({2, 3, 12}),
            customary_odds=_F(3),
            power_odds=(_F(4), _F(6)),
        ),
        TotalBet(
            name="ce_eleven",
            label="C&E (11)",
            totals=frozenset({11}),
            customary_odds=_F(7),
            power_odds=(_F(10), _F(14)),
        ),
    ]
    # 623b.5(d): Four and Ten the Hardway 10 or 14 to 1 (customary 7 to 1); Six and Eight
    # 13 or 18 to 1 (customary 9 to 1).
    bets += [
        HardwayBet(
            name=f"hard_{number}",
            label=f"{_HARD_WORDS[number]} the Hardway",
            number=number,
            one_roll=False,
            customary_odds=_F(7) if number in (4, 10) else _F(9),
            power_odds=(_F(10), _F(14)) if number in (4, 10) else (_F(13), _F(18)),
        )
        for number in HARDWAYS
    ]
    return tuple(bets)


CATALOGUE: Final[tuple[Bet, ...]] = _catalogue()
BETS: Final[dict[str, Bet]] = {bet.name: bet for bet in CATALOGUE}
WAGER_NAMES: Final[tuple[str, ...]] = tuple(BETS)
