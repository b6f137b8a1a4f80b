"""Sharing one amount among several winners (58 Pa. Code 633a.13(m), 633a.7(o)).

* 633a.13(m): an operator may cap, per round and in the aggregate, what queen of hearts pair and
  king of spades pair with dealer Blackjack pay; when the winners' payouts exceed the cap they
  share the cap in proportion to their wagers. The paragraph's "(b) and (g)" and "Royal Match 21
  Wagers" are read as the lines its first sentence names: 633a.13(c) (Lucky Ladies) and
  633a.13(h) (King's Bounty); Royal Match 21 has no pair-and-dealer-Blackjack line. The cap
  applies to the winnings; each winner's stake is returned besides.
* 633a.7(o)(1)(ii)(C): several Bad Beat winners of 100% of the meter share it in proportion to
  their wagers.
* 633a.7(o)(2)(ii)(C): several Hit and Run winners of 100% of the meter share it equally.

Shares are rounded down to the cent; the odd cents stay undistributed (on the meter or with the
house).

>>> proportional_shares(1000, [100, 300])
(250, 750)
>>> equal_shares(1000, 3)
(333, 333, 333)
>>> capped_winnings([1_000_000, 3_000_000], [1000, 3000], maximum=2_500_000)
(625000, 1875000)
"""

from __future__ import annotations

from collections.abc import Sequence

from tablegames.core.errors import WagerError


def proportional_shares(amount: int, stakes: Sequence[int]) -> tuple[int, ...]:
    """`amount` cents split in proportion to `stakes`, each share rounded down."""
    if amount < 0 or not stakes or any(stake <= 0 for stake in stakes):
        raise WagerError(f"cannot share {amount} cents among stakes {list(stakes)}")
    total = sum(stakes)
    return tuple(amount * stake // total for stake in stakes)


def equal_shares(amount: int, winners: int) -> tuple[int, ...]:
    """`amount` cents split equally among `winners`, each share rounded down."""
    if amount < 0 or winners < 1:
        raise WagerError(f"cannot share {amount} cents among {winners} winners")
    return (amount // winners,) * winners


def capped_winnings(
    winnings: Sequence[int], stakes: Sequence[int], *, maximum: int | None
) -> tuple[int, ...]:
    """633a.13(m): the winnings of the capped lines in one round, after the operator's maximum.

    Paid in full when their sum is within `maximum` (None: no cap); otherwise the maximum is
    shared in proportion to the wagers.
    """
    if len(winnings) != len(stakes):
        raise WagerError(f"{len(winnings)} winnings for {len(stakes)} stakes")
    if maximum is None or sum(winnings) <= maximum:
        return tuple(winnings)
    return proportional_shares(maximum, stakes)
