"""The Trump Plaza way against itself, by a small seeded Monte Carlo, against the published
figures of paigow/anchors.md 4 (Wizard of Odds "No-Push Pai Gow" page: 28.55 / 41.47 / 29.98;
sonofdave.com commission-free with the Tiger 9 push: 27.3726 / 42.7453 / 29.8822; Tiger 9
0.025007). Within 3 standard errors; `benchmarks/sim_paigow_main.py` runs a larger sample."""

from __future__ import annotations

import math
import random

from tablegames.paigow.cards import deck
from tablegames.paigow.house_way import house_way
from tablegames.paigow.rules import PaiGowRules
from tablegames.paigow.settle import is_tiger_9, outcome

DEALS = 20_000


def test_anchors_4_trump_plaza_against_itself_within_3_standard_errors() -> None:
    way = house_way("trump_plaza")
    rules, free = PaiGowRules(), PaiGowRules(commission_free=True)
    rng = random.Random(2013)
    cards = deck()
    counts = {"win": 0, "push": 0, "lose": 0}
    free_counts = {"win": 0, "push": 0, "lose": 0}
    tigers = 0
    for _ in range(DEALS):
        rng.shuffle(cards)
        player, dealer = way.set(cards[:7]), way.set(cards[7:14])
        counts[outcome(player, dealer, rules)] += 1
        free_counts[outcome(player, dealer, free)] += 1
        tigers += is_tiger_9(dealer)

    def within(count: int, published: float) -> bool:
        se = math.sqrt(published * (1 - published) / DEALS)
        return abs(count / DEALS - published) < 3 * se

    assert within(counts["win"], 0.2855)
    assert within(counts["push"], 0.4147)
    assert within(counts["lose"], 0.2998)
    assert within(free_counts["win"], 0.273726)
    assert within(free_counts["push"], 0.427453)
    assert within(free_counts["lose"], 0.298822)
    assert within(tigers, 0.025007)
