"""The commission function of `tablegames.core.money` against an independent derivation.

The reference computes the same commission with Python's `decimal` module (exact decimal
arithmetic and its own rounding modes), never with the integer formula under test: a rate
that is a whole number of hundredths of a percent is exact in decimal.
"""

from __future__ import annotations

from decimal import ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.core.errors import RulesError
from tablegames.core.money import COMMISSION_UNITS, CommissionRounding, commission

_MODES = {"down": ROUND_FLOOR, "up": ROUND_CEILING, "half_up": ROUND_HALF_UP}


def _reference(winnings: int, basis_points: int, unit: int, direction: str) -> int:
    exact = Decimal(winnings) * Decimal(basis_points) / Decimal(10_000)  # in cents
    units = (exact / Decimal(unit)).quantize(Decimal(1), rounding=_MODES[direction])
    return int(units) * unit


@given(
    winnings=st.integers(0, 10_000_000),
    basis_points=st.integers(0, 9_999),
    unit=st.sampled_from(COMMISSION_UNITS),
    direction=st.sampled_from(list(_MODES)),
)
def test_commission_matches_decimal_arithmetic(
    winnings: int, basis_points: int, unit: int, direction: str
) -> None:
    rounding = CommissionRounding(unit=unit, direction=direction)  # type: ignore[arg-type]
    rate = Fraction(basis_points, 10_000)
    assert commission(winnings, rate, rounding) == _reference(
        winnings, basis_points, unit, direction
    )


def test_five_percent_of_a_winning_pai_gow_wager() -> None:
    # paigow/645a-digest.md, 10: the vigorish is 5% of a winning main wager. $25 wins $1.25;
    # $30 wins $1.50, which a house collecting in quarters takes as $1.50 and in dollars
    # (half up) as $2.
    five = Fraction(5, 100)
    assert commission(2500, five, CommissionRounding()) == 125
    assert commission(3000, five, CommissionRounding(25, "down")) == 150
    assert commission(3000, five, CommissionRounding(100, "half_up")) == 200
    assert commission(3000, five, CommissionRounding(100, "down")) == 100


@pytest.mark.parametrize(("unit", "direction"), [(3, "down"), (True, "down"), (1, "nearest")])
def test_a_commission_rounding_that_is_not_a_filed_choice_is_refused(
    unit: object, direction: object
) -> None:
    with pytest.raises(RulesError):
        CommissionRounding(unit=unit, direction=direction)  # type: ignore[arg-type]


@pytest.mark.parametrize(("winnings", "rate"), [(-1, Fraction(1, 20)), (100, Fraction(1))])
def test_commission_refuses_negative_winnings_or_a_rate_of_all(
    winnings: int, rate: Fraction
) -> None:
    with pytest.raises(ValueError, match=r"winnings|rate"):
        commission(winnings, rate, CommissionRounding())
