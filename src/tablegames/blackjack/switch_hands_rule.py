"""The Switch Hands decision of a chart player (633c.4(f)): play the two face-up cards dealt, or
discard them and play the two face-down switch cards.

The player sees the dealt hand and the dealer's up card, never the switch cards (633c.4(d): face
down), so the decision is a table of what is seen: the ranks of the up card and of the two cards
dealt, and the colours of the three (the colours of aces and ten-value cards are all the payouts
read: a same suit or same colour Blackjack pays 2 to 1, 633c.4(i)(2)(i), 633c.4(o)).
`SwitchHandsRule.decisions` is built from the exact analysis of the chart played
(`sim.switch_hands_strategy`); the reference policy (`policy.ChartPolicy`) asks `switches` and
the simulator's kernel reads the same array at the same index.

>>> import numpy as np
>>> from tablegames.core.cards import Card
>>> decisions = np.zeros(SHAPE, dtype=np.int8)
>>> decisions[:, 9, 5, ...] = decisions[:, 5, 9, ...] = 1  # switch any ten and six
>>> rule = SwitchHandsRule(decisions)
>>> [rule.switches((Card.parse(a), Card.parse(b)), Card.parse("9S")) for a, b in (("KS", "6H"),
...  ("KS", "7H"))]
[True, False]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from tablegames.blackjack.switch_rule import rank_of
from tablegames.core.cards import Card

Int8Array = npt.NDArray[np.int8]

# [up rank, first rank, second rank, up red, first red, second red]: 1 to switch, 0 to keep
# (rank indices as `switch_rule.rank_of`: 0 an ace, 9 any ten-value card; red: hearts, diamonds).
SHAPE: Final = (10, 10, 10, 2, 2, 2)


@dataclass(frozen=True, slots=True)
class SwitchHandsRule:
    """`decisions[up, first, second, up_red, first_red, second_red]`: switch (1) or keep (0),
    symmetric in the two cards dealt."""

    decisions: Int8Array

    def __post_init__(self) -> None:
        if self.decisions.shape != SHAPE or self.decisions.dtype != np.int8:
            raise ValueError(f"switch hands decisions must be int8 of shape {SHAPE}")
        if not np.isin(self.decisions, (0, 1)).all():
            raise ValueError("switch hands decisions must be 0 (keep) or 1 (switch)")
        if not np.array_equal(self.decisions, self.decisions.transpose(0, 2, 1, 3, 5, 4)):
            raise ValueError("switch hands decisions must not depend on the order of the cards")

    def switches(self, dealt: Sequence[Card], up: Card) -> bool:
        """633c.4(f): discard the two face-up cards `dealt` and play the switch cards?"""
        first, second = dealt
        index = (
            rank_of(up),
            rank_of(first),
            rank_of(second),
            int(up.suit.is_red),
            int(first.suit.is_red),
            int(second.suit.is_red),
        )
        return bool(self.decisions[index])
