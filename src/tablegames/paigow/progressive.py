"""The progressive payout wager (645a.7(e)(4)): its placeholder paytable.

645a.13's rate of progression, paytables and amounts were not found (paigow/645a-digest.md
13), so this is a **placeholder** a Rules Submission must replace: the lines of the common
Fortune progressive (industry; labelled so in every output), judged on the best hand of the
player's seven cards (`analysis.FORTUNE_CLASSES`). A `Fraction` is a share of the meter; an
`int` a fixed amount in cents the house pays. The rate of progression, the initial and reset
amounts are the filed `progressive_rate_percent`, `progressive_initial`, `progressive_reset`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

PROGRESSIVE: Final = "progressive"
PROGRESSIVE_SOURCE: Final = (
    "PLACEHOLDER (industry Fortune progressive; 645a.13 text not found): replace by filing"
)
PROGRESSIVE_PAYTABLE: Final[dict[str, Fraction | int]] = {
    "natural_seven_card_straight_flush": Fraction(1),
    "royal_flush_royal_match": Fraction(1, 10),
    "wild_seven_card_straight_flush": 75_000,
    "five_aces": 50_000,
    "royal_flush": 15_000,
    "straight_flush": 10_000,
    "four_of_a_kind": 7_500,
}
