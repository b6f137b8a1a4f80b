"""The Blackjack Switch decision of a chart player (633a.12(a)(4)): switch the second cards when
the two switched hands' summed expected value beats the two dealt hands'.

The values come from a table of two-card hands against each up card (`SwitchValues.values`,
built from the exact analysis of the chart played: `sim.switch_strategy`), so the decision reads
the five cards the player sees and nothing else. The reference policy (`policy.ChartPolicy`)
asks `switches`; the simulator's kernel reads the same array and compares the same sums.

>>> import numpy as np
>>> from tablegames.core.cards import Card
>>> values = np.zeros((2, 10, 10, 10))
>>> values[SWITCHED, 9, 9, :] = 0.5  # any hand of two ten-value cards is worth more
>>> rule = SwitchValues(values)
>>> [rule.switches((Card.parse(a), Card.parse(b)), (Card.parse(c), Card.parse(d)), Card.parse("6S"))
...  for a, b, c, d in (("TS", "5H", "4D", "KC"), ("TS", "KH", "5D", "4C"))]
[True, False]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from tablegames.blackjack.hand import card_points
from tablegames.core.cards import Card

FloatArray = npt.NDArray[np.float64]

# The first index of `SwitchValues.values`: a hand as dealt, or formed by switching (a switched
# ace and ten-value card is a 21, not a Blackjack: 633a.12(a)(5)(iii)-(iv)).
KEPT: Final = 0
SWITCHED: Final = 1
SHAPE: Final = (2, 10, 10, 10)


def rank_of(card: Card) -> int:
    """The rank index of the analysis (0 an ace, 1-8 the 2-9, 9 any ten-value card)."""
    return card_points(card) - 1


@dataclass(frozen=True, slots=True)
class SwitchValues:
    """`values[kept_or_switched, first, second, up]`: a two-card hand's expected value per unit
    wagered against the up card (rank indices, symmetric in the two cards)."""

    values: FloatArray

    def __post_init__(self) -> None:
        if self.values.shape != SHAPE or self.values.dtype != np.float64:
            raise ValueError(f"switch values must be float64 of shape {SHAPE}")
        if not np.array_equal(self.values, self.values.transpose(0, 2, 1, 3)):
            raise ValueError("switch values must not depend on the order of the two cards")

    def switches(self, first: Sequence[Card], second: Sequence[Card], up: Card) -> bool:
        """633a.12(a)(4): switch the second cards of the box's hands `first` and `second`?

        Ties keep the cards dealt. The sums are taken in this order, which the kernel repeats
        (float64 addition, so both get the same bits)."""
        a1, a2 = rank_of(first[0]), rank_of(first[1])
        b1, b2 = rank_of(second[0]), rank_of(second[1])
        u = rank_of(up)
        values = self.values
        keep = float(values[KEPT, a1, a2, u]) + float(values[KEPT, b1, b2, u])
        switch = float(values[SWITCHED, a1, b2, u]) + float(values[SWITCHED, b1, a2, u])
        return switch > keep
