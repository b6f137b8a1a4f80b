"""The dealer's drawing rule (633a.7(m), and the non-PA hit-soft-17 what-if) and the rank-index
convention of the exact analysis, each defined once: the round engine's dealer, the analysis'
dealer enumerations (`analysis/dealer_draws.py`, `analysis/dealer_hands.py`) and the numba
kernels (`analysis/kernels.py`) all import them from here.

The analysis counts cards by point class (633a.3(e)): index 0 is the ace, 1-8 the twos to
nines, 9 every ten-value card (10, J, Q, K); the point value of index i is i + 1.

>>> dealer_draws(16, False, hits_soft_17=False), dealer_draws(17, True, hits_soft_17=False)
(True, False)
>>> dealer_draws(17, True, hits_soft_17=True), dealer_draws(17, False, hits_soft_17=True)
(True, False)
>>> rank_index(1) == ACE_INDEX, rank_index(10) == TEN_INDEX, point_value(TEN_INDEX)
(True, True, 10)
"""

from __future__ import annotations

from typing import Final

# The rank-index convention: one index per point class, the ace first (633a.3(e)).
RANK_CLASSES: Final = 10
ACE_INDEX: Final = 0
TEN_INDEX: Final = 9  # 10, J, Q and K, all worth ten points
# 633a.7(m): the dealer stands on 17 or more (a soft 17 too, in Pennsylvania).
DEALER_STANDS_ON: Final = 17


def rank_index(point_value: int) -> int:
    """The index of a card worth `point_value` points (an ace counts 1 here)."""
    return point_value - 1


def point_value(index: int) -> int:
    """The points (an ace counting 1) of the cards at rank index `index`."""
    return index + 1


def dealer_draws(total: int, soft: bool, *, hits_soft_17: bool) -> bool:
    """Whether the dealer draws another card to a hand of two or more cards whose best total is
    `total` (`soft`: an ace counts 11 in it).

    633a.7(m): the dealer draws to 16 or less and stands on 17 to 21 (and on a bust, which is
    more than 21); `hits_soft_17` is the non-PA what-if in which a soft 17 draws too.
    """
    if total < DEALER_STANDS_ON:
        return True
    return hits_soft_17 and soft and total == DEALER_STANDS_ON
