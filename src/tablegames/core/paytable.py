"""Side-wager paytables as data (58 Pa. Code 633a.13(c)-(l)).

A line pays "X to 1" (basis "to": the stake comes back plus X times the stake) or "X for 1"
(basis "for": X times the stake in total, the stake included). A line whose odds are None pays
100% of a progressive meter, which only the table knows. Amounts are integer cents, computed
with exact fractions and rounded down to the cent (the rule of `tablegames.core.money`).

>>> suited = pays_to("suited_match", Fraction(5, 2), "Suited Match")
>>> suited.returned(1001)  # 1001 + 2.5 x 1001 = 3503.5 cents, rounded down
3503
>>> pays_for("dealer_blackjack", 10, "Blackjack").returned(500)
5000
>>> SideResult.of(None).won
False
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from tablegames.core.errors import RulesError, WagerError

Basis = Literal["to", "for"]
_LINE_ID = re.compile(r"[a-z0-9]+(?:_[a-z0-9]+)*")


@dataclass(frozen=True, slots=True)
class PaytableLine:
    """One paytable line: snake_case id, odds (None: 100% of meter), basis, the text's words."""

    line: str
    odds: Fraction | None
    basis: Basis
    label: str

    def __post_init__(self) -> None:
        if not _LINE_ID.fullmatch(self.line):
            raise RulesError(f"paytable line id {self.line!r} must be snake_case")
        if self.basis not in ("to", "for"):
            raise RulesError(f"line {self.line!r}: basis {self.basis!r} is neither 'to' nor 'for'")
        # Odds are exact: a float would make payouts depend on binary rounding.
        if self.odds is not None and (not isinstance(self.odds, Fraction) or self.odds <= 0):
            raise RulesError(f"line {self.line!r}: odds {self.odds!r} must be a positive Fraction")

    @property
    def progressive(self) -> bool:
        """True for a "100% of meter" line, whose amount the table's meter decides."""
        return self.odds is None

    def multiple(self) -> Fraction:
        """Returned per unit staked, stake included: X + 1 for "X to 1", X for "X for 1"."""
        if self.odds is None:
            raise ValueError(f"line {self.line!r} pays 100% of the progressive meter, not odds")
        return self.odds + 1 if self.basis == "to" else self.odds

    def returned(self, stake: int) -> int:
        """Everything the player receives for `stake` cents on this line, stake included."""
        _check_stake(stake)
        multiple = self.multiple()
        return stake * multiple.numerator // multiple.denominator


Paytable = tuple[PaytableLine, ...]


def pays_to(line: str, odds: int | Fraction, label: str) -> PaytableLine:
    """A line paying `odds` to 1."""
    return PaytableLine(line, Fraction(odds), "to", label)


def pays_for(line: str, odds: int | Fraction, label: str) -> PaytableLine:
    """A line paying `odds` for 1."""
    return PaytableLine(line, Fraction(odds), "for", label)


def pays_meter(line: str, label: str) -> PaytableLine:
    """A progressive line paying 100% of the meter."""
    return PaytableLine(line, None, "for", label)


def find_line(paytable: Paytable, line: str) -> PaytableLine:
    """The line with id `line`; WagerError naming the ids there are otherwise."""
    for entry in paytable:
        if entry.line == line:
            return entry
    known = ", ".join(entry.line for entry in paytable)
    raise WagerError(f"paytable has no line {line!r} (it has: {known})")


def select(paytables: Mapping[str, Paytable], name: str, *, paragraph: str) -> Paytable:
    """The paytable called `name` among those the paragraph allows; WagerError otherwise."""
    try:
        return paytables[name]
    except KeyError:
        allowed = ", ".join(repr(key) for key in paytables)
        raise WagerError(f"no paytable {name!r}: choose {allowed}", paragraph=paragraph) from None


def require_lines(paytable: Paytable, known: Collection[str], *, paragraph: str) -> None:
    """Reject a filed paytable with a line this wager cannot win, or the same line twice."""
    ids = [entry.line for entry in paytable]
    unknown = [line for line in ids if line not in known]
    if unknown or len(set(ids)) != len(ids):
        raise WagerError(
            f"paytable lines {ids} must be distinct and among {sorted(known)}", paragraph=paragraph
        )


def best(paytable: Paytable, applicable: Collection[str]) -> PaytableLine | None:
    """The highest-paying line of `paytable` among the `applicable` ids (None: the wager loses).

    A hand often fits several lines (a queen of hearts pair is also a Suited 20); only the one
    returning most per unit pays. A meter line beats any odds; ties go to the earlier line.
    """
    winner: PaytableLine | None = None
    for entry in paytable:
        if entry.line in applicable and (winner is None or _pays_more(entry, winner)):
            winner = entry
    return winner


def _pays_more(entry: PaytableLine, than: PaytableLine) -> bool:
    if than.odds is None:
        return False
    return entry.odds is None or entry.multiple() > than.multiple()


@dataclass(frozen=True, slots=True)
class SideResult:
    """The winning lines of one side wager (none: it lost) and what they return together.

    >>> from fractions import Fraction
    >>> same = pays_to("matching_card_same_suit", 11, "Each matching card of the same suit")
    >>> other = pays_to("matching_card_different_suit", 4, "Each matching card of a different suit")
    >>> SideResult.of((same, other)).returned(100)  # stake once, plus 11 and 4 times it
    1600
    """

    lines: tuple[PaytableLine, ...] = ()

    @classmethod
    def of(cls, outcome: PaytableLine | tuple[PaytableLine, ...] | None) -> SideResult:
        """Wrap what an `evaluate` returns: one line, several lines, or None."""
        if outcome is None:
            return cls()
        return cls(outcome if isinstance(outcome, tuple) else (outcome,))

    @property
    def won(self) -> bool:
        return bool(self.lines)

    def returned(self, stake: int) -> int:
        """Total returned for `stake` cents: 0 when lost.

        The stake comes back once when any "to" line wins, plus odds x stake for every "to" line
        (each matching card of Match-the-Dealer, 633a.7(g)(2)); a "for" line adds odds x stake
        (the Crown Treasure Bonus on top of a Royal Match, 633a.7(g)(4)). The exact sum is rounded
        down to the cent once.
        """
        _check_stake(stake)
        if not self.lines:
            return 0
        total = Fraction(0)
        for entry in self.lines:
            if entry.odds is None:
                raise ValueError(f"line {entry.line!r} pays 100% of the meter: the table pays it")
            total += entry.odds
        if any(entry.basis == "to" for entry in self.lines):
            total += 1
        return stake * total.numerator // total.denominator


def _check_stake(stake: int) -> None:
    if isinstance(stake, bool) or not isinstance(stake, int) or stake < 0:
        raise WagerError(f"stake {stake!r} must be a whole number of cents, not negative")
