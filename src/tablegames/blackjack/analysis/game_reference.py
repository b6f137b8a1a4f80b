"""The slow twin of `kernels.hand_values`: the same values in plain Python, one hand at a time.

Used only by the tests, which check that the numba kernel and this agree hand by hand.
"""

from __future__ import annotations

import numpy as np

from tablegames.blackjack.analysis.dealer_hands import (
    BLACKJACK,
    BUST,
    FloatArray,
    dealer_hands,
    dealer_probabilities,
)
from tablegames.blackjack.analysis.hands import ACE, TEN, HandTable, best_total
from tablegames.blackjack.analysis.split_values import Values, played
from tablegames.blackjack.rules import Rules


def reference_hand_values(rules: Rules, table: HandTable) -> tuple[FloatArray, FloatArray]:
    """values[hand, up, option] and second moments for CDZ- play, one hand at a time."""
    hands = dealer_hands(hits_soft_17=rules.dealer_hits_soft_17)
    size = len(table.hard)
    values, squares = np.zeros((size, 10, 3)), np.zeros((size, 10, 3))
    for index in range(size):
        dealer = dealer_probabilities(hands, table.shoe - table.removal[index])
        total = best_total(tuple(int(x) for x in table.cards[index]))
        for up in range(10):
            row = dealer[up]
            value = row[BUST] - row[BLACKJACK]
            push = 0.0
            for column in range(5):
                value += np.sign(total - (17 + column)) * row[column]
                push += row[column] if total == 17 + column else 0.0
            values[index, up, 0] = value
            squares[index, up, 0] = 1.0 - push
    refund = rules.dealer_peeks or rules.original_bets_only
    state = Values(values=values, squares=squares, fixed=np.full((size, 10), -1))
    for index in sorted(range(size), key=lambda i: -int(table.hard[i])):
        remaining = table.shoe - table.removal[index]
        for up in range(10):
            if remaining[up] == 0:
                continue
            after_up = remaining.copy()
            after_up[up] -= 1
            probabilities = after_up / after_up.sum()
            blackjack = {ACE: probabilities[TEN], TEN: probabilities[ACE]}.get(up, 0.0)
            hit = [0.0, 0.0]
            double = [float(blackjack), -3.0 * float(blackjack)] if refund else [0.0, 0.0]
            for rank in range(10):
                p = float(probabilities[rank])
                if p == 0.0:
                    continue
                successor = int(table.successor[index, rank])
                if successor < 0:
                    hit = [hit[0] - p, hit[1] + p]
                    double = [double[0] - 2 * p, double[1] + 4 * p]
                    continue
                double[0] += 2 * p * values[successor, up, 0]
                double[1] += 4 * p * squares[successor, up, 0]
                value, square = played(table, state, successor, up, may_double=False)
                hit = [hit[0] + p * value, hit[1] + p * square]
            values[index, up, 1], squares[index, up, 1] = hit
            values[index, up, 2], squares[index, up, 2] = double
    return values, squares
