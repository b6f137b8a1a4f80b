"""The numba kernel of the player's hand values, behind the validated functions of game.py.

They take only arrays and scalars. `game_reference.py` is their slow twin in plain Python, and
tests/analysis/test_game.py checks that both give the same values.
"""

from __future__ import annotations

import numba
import numpy as np

from tablegames.analysis.exact.dealer_hands import (
    BLACKJACK,
    BUST,
    EXACTLY_22,
    FloatArray,
    IntArray,
)


@numba.njit(cache=True)
def hand_values(
    shoe: IntArray,
    removal: IntArray,
    best: IntArray,
    order: IntArray,
    successor: IntArray,
    decide: IntArray,
    fixed: IntArray,
    dealer_row: IntArray,
    dealer: FloatArray,
    refund: bool,
    push_22: bool,
) -> tuple[FloatArray, FloatArray]:
    """E(stand), E(hit), E(double) of every hand against every up card, and their second
    moments: values[hand, up, option] and squares[hand, up, option], most cards first.

    A successor is played CDZ-: the option that is best for the unsplit hand with the same
    cards (`decide`), valued in the successor's own context; where `fixed[hand, up]` is 0
    (stand) or 1 (hit) that fixed option is played instead (a total-dependent chart).
    """
    hands = removal.shape[0]
    values = np.zeros((hands, 10, 3))
    squares = np.zeros((hands, 10, 3))
    for index in range(hands):
        row = dealer[dealer_row[index]]
        total = best[index]
        for up in range(10):
            value = row[up, BUST] - row[up, BLACKJACK]
            push = 0.0
            for column in range(5):
                dealer_total = 17 + column
                if total > dealer_total:
                    value += row[up, column]
                elif total < dealer_total:
                    value -= row[up, column]
                else:
                    push += row[up, column]
            if push_22 and total <= 21:
                # 633a.12(a)(5)(v): a dealer 22 returns every hand of 21 or less.
                value -= row[up, EXACTLY_22]
                push += row[up, EXACTLY_22]
            values[index, up, 0] = value
            squares[index, up, 0] = 1.0 - push
    remaining = np.zeros(10)
    for position in range(hands):
        index = order[position]
        for up in range(10):
            n = 0.0
            for rank in range(10):
                remaining[rank] = shoe[rank] - removal[index, rank]
                n += remaining[rank]
            if remaining[up] == 0:
                continue
            remaining[up] -= 1
            n -= 1
            hit_value = 0.0
            hit_square = 0.0
            double_value = 0.0
            double_square = 0.0
            if refund:
                # 633a.10(b): a dealer Blackjack takes only the initial wager.
                blackjack = 0.0
                if up == 0:
                    blackjack = remaining[9] / n
                elif up == 9:
                    blackjack = remaining[0] / n
                double_value = blackjack
                double_square = -3.0 * blackjack
            for rank in range(10):
                if remaining[rank] == 0:
                    continue
                p = remaining[rank] / n
                nxt = successor[index, rank]
                if nxt < 0:
                    hit_value -= p
                    hit_square += p
                    double_value -= 2 * p
                    double_square += 4 * p
                    continue
                double_value += 2 * p * values[nxt, up, 0]
                double_square += 4 * p * squares[nxt, up, 0]
                option = 0
                if best[nxt] < 21:  # 633a.7(k)(1): no draw on 21
                    if fixed[nxt, up] >= 0:
                        option = fixed[nxt, up]
                    else:
                        choose = decide[nxt]
                        if values[choose, up, 1] > values[choose, up, 0]:
                            option = 1
                hit_value += p * values[nxt, up, option]
                hit_square += p * squares[nxt, up, option]
            values[index, up, 1] = hit_value
            squares[index, up, 1] = hit_square
            values[index, up, 2] = double_value
            squares[index, up, 2] = double_square
    return values, squares
