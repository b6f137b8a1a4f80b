"""Money is integer cents. Odds are exact fractions; a payout never passes through a float.

Rounding rule (documented for 633a.13): when odds applied to a stake give a fraction of a cent
(3 to 2 on an odd number of cents, half of an odd stake on surrender), the player receives the
amount rounded DOWN to the whole cent. With the default $1 wager unit this never happens: 3:2,
6:5, 2:1 and one half of any whole-dollar wager are whole cents.

>>> from fractions import Fraction
>>> winnings(2500, Fraction(3, 2))
3750
>>> winnings(2501, Fraction(3, 2))
3751
>>> half(2501)
1250

A commission (the vigorish a banking game collects on a winning wager, e.g. 5% in Pai Gow
Poker) rounds by a rule the house files in its Rules Submission, because the texts found do not
fix it (paigow/645a-digest.md, 10: "rounding: NOT FOUND"): to a unit of 1 cent, 25 cents or a
dollar, and down, up or half up. See `commission`.

>>> commission(2500, Fraction(5, 100), CommissionRounding(unit=1, direction="down"))
125
>>> commission(1010, Fraction(5, 100), CommissionRounding(unit=25, direction="up"))
75
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from tablegames.core.errors import RulesError

RoundingDirection = Literal["down", "up", "half_up"]
COMMISSION_UNITS = (1, 5, 25, 100)  # cents: the chips a commission can be collected in


def winnings(stake: int, odds: Fraction) -> int:
    """What a winning wager pays at `odds` to 1, in whole cents, rounded down."""
    if stake < 0:
        raise ValueError(f"stake {stake} is negative")
    return stake * odds.numerator // odds.denominator


def half(stake: int) -> int:
    """Half a stake in whole cents, rounded down (the amount a surrender returns, 633a.9(a))."""
    return stake // 2


def format_cents(cents: int) -> str:
    """Dollars for display.

    >>> format_cents(2550), format_cents(-100)
    ('$25.50', '-$1.00')
    """
    sign = "-" if cents < 0 else ""
    dollars, rest = divmod(abs(cents), 100)
    return f"{sign}${dollars:,}.{rest:02d}"


@dataclass(frozen=True, slots=True)
class CommissionRounding:
    """How a commission that is not a whole number of `unit` cents is rounded: `down` (the
    player keeps the fraction), `up` (the house collects the next unit) or `half_up` (to the
    nearest unit, a half going up). A house rule: it is filed, never assumed."""

    unit: int = 1
    direction: RoundingDirection = "down"

    def __post_init__(self) -> None:
        if isinstance(self.unit, bool) or self.unit not in COMMISSION_UNITS:
            units = ", ".join(map(str, COMMISSION_UNITS))
            raise RulesError(f"commission unit {self.unit!r} cents: use one of {units}")
        if self.direction not in ("down", "up", "half_up"):
            raise RulesError(f"commission rounding {self.direction!r}: use down, up or half_up")


def commission(winnings_cents: int, rate: Fraction, rounding: CommissionRounding) -> int:
    """The commission on `winnings_cents` at `rate` (a fraction, e.g. 5/100), in whole cents,
    rounded to `rounding.unit` cents in `rounding.direction`. Integer arithmetic only.

    >>> five = Fraction(1, 20)
    >>> [commission(w, five, CommissionRounding(100, "half_up")) for w in (1000, 1100, 2900)]
    [100, 100, 100]
    >>> commission(1100, five, CommissionRounding(100, "down"))
    0
    """
    if (
        isinstance(winnings_cents, bool)
        or not isinstance(winnings_cents, int)
        or winnings_cents < 0
    ):
        raise ValueError(
            f"winnings {winnings_cents!r} must be a whole, non-negative number of cents"
        )
    if not 0 <= rate < 1:
        raise ValueError(f"commission rate {rate} must be at least 0 and below 1")
    # The exact commission in units of `unit` cents, as a fraction numerator / denominator.
    numerator = winnings_cents * rate.numerator
    denominator = rate.denominator * rounding.unit
    if rounding.direction == "down":
        units = numerator // denominator
    elif rounding.direction == "up":
        units = -(-numerator // denominator)
    else:
        units = (2 * numerator + denominator) // (2 * denominator)
    return units * rounding.unit
