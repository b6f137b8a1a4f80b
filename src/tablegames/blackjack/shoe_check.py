"""Samples of the six-deck shoe's shuffle, cut and cover card for the randomness checks
(`tests/test_rng_statistics.py`, `benchmarks/bench_rng.py`; docs/rng.md)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from tablegames.blackjack.shoe import Shoe
from tablegames.blackjack.shoe_steps import CoverCardPlaced, ShoeCut
from tablegames.core.cards import standard_deck
from tablegames.core.rng import RandomSource

Array = npt.NDArray[np.int64]
ShoeRun = tuple[Array, Array, Array, set[int]]


def shoe_run(random: RandomSource, shoes: int) -> ShoeRun:
    """Each shuffle's sealed order, the cut, the order dealt from (after the cut) and the cover
    card's places, from `shoes` six-deck shoes, each opened with six new decks in their
    standard order (a reshuffle starts from an order already random, which would hide a biased
    shuffle from any count of alike cards)."""
    index = {card.code: i for i, card in enumerate(standard_deck())}
    sealed = np.empty((shoes, 312), dtype=np.int64)
    dealt = np.empty_like(sealed)
    cuts = np.empty(shoes, dtype=np.int64)
    covers: set[int] = set()
    for row in range(shoes):
        shoe = Shoe(6, random=random)
        # Card kinds 0..51, the six copies of a kind told apart by order: kind = value // 6.
        kinds = [index[code] for code in shoe.sealed[-1]["order"]]
        seen: dict[int, int] = {}
        for place, kind in enumerate(kinds):
            sealed[row, place] = kind * 6 + seen.get(kind, 0)
            seen[kind] = seen.get(kind, 0) + 1
        steps = shoe.steps[-3:]
        cut = next(step for step in steps if isinstance(step, ShoeCut))
        cover = next(step for step in steps if isinstance(step, CoverCardPlaced))
        cuts[row] = cut.position
        dealt[row] = np.roll(sealed[row], -cut.position)  # 633a.5(d): above the cut to bottom
        covers.add(cover.front)
    return sealed, cuts, dealt, covers
