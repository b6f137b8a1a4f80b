"""The slow twin of `kernels.hand_values`: the same values in plain Python, one hand at a time.

Used only by the tests, which check that the numba kernel and this agree hand by hand.
"""

from __future__ import annotations

import numpy as np

from tablegames.analysis.exact.dealer_hands import (
    BLACKJACK,
    BUST,
    FloatArray,
    dealer_hands,
    dealer_probabilities,
)
from tablegames.analysis.exact.hands import ACE, TEN, HandTable, best_total, hard_total
from tablegames.analysis.exact.split_values import played_value
from tablegames.rules import Rules


def reference_hand_values(
    rules: Rules, table: HandTable
) -> tuple[FloatArray, FloatArray, FloatArray]:
    hands = dealer_hands(hits_soft_17=rules.dealer_hits_soft_17)
    size = len(table.hard)
    stand, hit, double = np.zeros((size, 10)), np.zeros((size, 10)), np.zeros((size, 10))
    for index in range(size):
        dealer = dealer_probabilities(hands, table.shoe - table.removal[index])
        total = best_total(tuple(table.cards[index]))
        for up in range(10):
            row = dealer[up]
            value = row[BUST] - row[BLACKJACK]
            for column in range(5):
                value += np.sign(total - (17 + column)) * row[column]
            stand[index, up] = value
    refund = rules.dealer_peeks or rules.original_bets_only
    values = (stand, hit, double)
    for index in sorted(range(size), key=lambda i: -hard_total(tuple(table.cards[i]))):
        remaining = table.shoe - table.removal[index]
        for up in range(10):
            if remaining[up] == 0:
                continue
            after_up = remaining.copy()
            after_up[up] -= 1
            probabilities = after_up / after_up.sum()
            blackjack = {ACE: probabilities[TEN], TEN: probabilities[ACE]}.get(up, 0.0)
            hit_value, double_value = 0.0, float(blackjack) if refund else 0.0
            for rank in range(10):
                p = float(probabilities[rank])
                if p == 0.0:
                    continue
                successor = int(table.successor[index, rank])
                if successor < 0:
                    hit_value -= p
                    double_value -= 2 * p
                    continue
                double_value += 2 * p * stand[successor, up]
                hit_value += p * played_value(rules, table, values, successor, up, may_double=False)
            hit[index, up] = hit_value
            double[index, up] = double_value
    return stand, hit, double
