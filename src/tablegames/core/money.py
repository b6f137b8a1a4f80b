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
"""

from __future__ import annotations

from fractions import Fraction


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
