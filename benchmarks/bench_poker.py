"""Time of `five_card_rank` and `three_card_rank` over every hand of one 52-card deck.

Run: `.venv/bin/python benchmarks/bench_poker.py`. Ranks all 2,598,960 five-card hands and all
22,100 three-card hands, checks the category counts against the published ones (Wikipedia,
"Poker probability"; the Wizard of Odds, "Three Card Poker": the same tables and sources as
`tests/core/test_poker.py`, which checks the five-card counts without dealing every hand) and
prints the time per hand.
Exits 1 if a count differs.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations

from tablegames.core.cards import Card, standard_deck
from tablegames.core.poker import (
    ROYAL_FLUSH,
    HandCategory,
    ThreeCardCategory,
    five_card_rank,
    three_card_rank,
)

FIVE_CARD_COUNTS = {
    HandCategory.STRAIGHT_FLUSH: 40,
    HandCategory.FOUR_OF_A_KIND: 624,
    HandCategory.FULL_HOUSE: 3_744,
    HandCategory.FLUSH: 5_108,
    HandCategory.STRAIGHT: 10_200,
    HandCategory.THREE_OF_A_KIND: 54_912,
    HandCategory.TWO_PAIR: 123_552,
    HandCategory.ONE_PAIR: 1_098_240,
    HandCategory.HIGH_CARD: 1_302_540,
}
THREE_CARD_COUNTS = {
    ThreeCardCategory.STRAIGHT_FLUSH: 48,
    ThreeCardCategory.THREE_OF_A_KIND: 52,
    ThreeCardCategory.STRAIGHT: 720,
    ThreeCardCategory.FLUSH: 1_096,
    ThreeCardCategory.PAIR: 3_744,
    ThreeCardCategory.HIGH_CARD: 16_440,
}


def tally(
    size: int, ranking: Callable[[Sequence[Card]], tuple[int, ...]]
) -> tuple[Counter[tuple[int, ...]], float]:
    """(how many hands have each rank key, seconds) over every `size`-card hand of one deck."""
    start = time.perf_counter()
    keys = Counter(ranking(cards) for cards in combinations(standard_deck(), size))
    return keys, time.perf_counter() - start


def main() -> int:
    ok = True
    five, seconds = tally(5, five_card_rank)
    categories = Counter[int]()
    for key, count in five.items():
        categories[key[0]] += count
    hands = five.total()
    print(f"five-card: {hands:,} hands, {len(five):,} distinct ranks (7,462 expected)")
    print(f"           {seconds:.2f} s, {seconds / hands * 1e6:.2f} us per hand")
    for category in reversed(HandCategory):
        found, expected = categories[category], FIVE_CARD_COUNTS[category]
        ok &= found == expected
        print(f"  {category.name:<16} {found:>10,} {'ok' if found == expected else expected}")
    ok &= five[ROYAL_FLUSH] == 4 and len(five) == 7_462
    print(f"  {'royal flush':<16} {five[ROYAL_FLUSH]:>10,}")
    three, seconds = tally(3, three_card_rank)
    categories = Counter[int]()
    for key, count in three.items():
        categories[key[0]] += count
    hands = three.total()
    print(f"three-card: {hands:,} hands, {seconds:.3f} s, {seconds / hands * 1e6:.2f} us per hand")
    for three_category in reversed(ThreeCardCategory):
        found, expected = categories[three_category], THREE_CARD_COUNTS[three_category]
        ok &= found == expected
        print(f"  {three_category.name:<16} {found:>10,} {'ok' if found == expected else expected}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
