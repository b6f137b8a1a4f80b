"""The `highest_high` house way: a plain, complete reference way (not a casino's).

Rule 1: among the legal settings, play the one with the highest high hand.
Rule 2: among those equal on the high hand (copies by rank), the highest low hand.
Rule 3: if still tied (settings differing only in suits), the first in `settings` order.

It keeps every straight, flush or full house together and never splits pairs for the low hand,
so it is far from what a casino plays; it exists to test the pluggable interface against a
second, trivially checked way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tablegames.core.cards import CardOrJoker
from tablegames.paigow.ranking import DEFAULT_RANKING, RankingRules
from tablegames.paigow.setting import Setting, legal_settings


@dataclass(frozen=True, slots=True)
class HighestHighWay:
    name: str = "highest_high"
    title: str = "Highest high hand, then highest low hand (reference way)"

    def set(self, hand: Sequence[CardOrJoker], rules: RankingRules = DEFAULT_RANKING) -> Setting:
        candidates = legal_settings(hand, rules)
        # max keeps the first of equal items: rule 3.
        return max(candidates, key=lambda setting: (setting.high_key, setting.low_key))
