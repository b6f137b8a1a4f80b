"""The exact analysis's numba kernels: the dealer's outcomes for a batch of shoes, the player's
hand values and a split hand's outcomes, behind the validated functions of dealer_hands.py,
game.py and split_values.py.

They take only arrays and scalars, and are called through `kernel_loader`, which runs them
compiled ahead of time when that build is there and numba's JIT otherwise (always with the
argument types of `kernel_loader.SIGNATURES`). `game_reference.py` is their slow twin in plain
Python, and tests/analysis/test_game.py checks that both give the same values.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from tablegames.blackjack.analysis.dealer_columns import (
    BLACKJACK,
    BUST,
    EXACTLY_22,
    MAX_CARDS,
    OUTCOMES,
    FloatArray,
    IntArray,
)
from tablegames.blackjack.drawing import ACE_INDEX, TEN_INDEX


@numba.njit(cache=True)
def dealer_outcome_kernel(
    batch: int,
    shoes: IntArray,
    depth: npt.NDArray[np.int32],
    factor: npt.NDArray[np.int32],
    sizes: npt.NDArray[np.int32],
    slot_start: npt.NDArray[np.int32],
    slots: npt.NDArray[np.int32],
    weights: FloatArray,
) -> FloatArray:
    """`dealer_hands.dealer_outcomes` for `batch` shoes at a time. The batch size is an
    argument, not a constant: a constant bound gets the inner loops fully unrolled into scalar
    code before LLVM's loop vectoriser sees them (measured: 0.14 s against 0.06 s for 26,064
    shoes)."""
    count = shoes.shape[0]
    result = np.zeros((count, 10, OUTCOMES))
    width = MAX_CARDS + 1
    # falling[rank * width + k, b]: c(c-1)...(c-k+1) for shoe b's c cards of that rank.
    falling = np.ones((10 * width, batch))
    inverse_falling_n = np.ones((width, batch))
    stack = np.ones((MAX_CARDS + 1, batch))  # row 0 stays 1: the empty product
    flat = np.zeros((10 * OUTCOMES, batch))
    chance = np.empty(batch)
    for start in range(0, count, batch):
        used = min(batch, count - start)
        for b in range(batch):
            n = 0
            for rank in range(10):
                cards = shoes[start + b, rank] if b < used else 0  # padding: an empty shoe
                n += cards
                base = rank * width
                for k in range(1, width):
                    falling[base + k, b] = falling[base + k - 1, b] * max(cards - k + 1, 0)
            running = 1.0
            for k in range(1, width):
                running *= max(n - k + 1, 0)
                inverse_falling_n[k, b] = 1.0 / running if running > 0 else 0.0
        flat[:, :] = 0.0
        for node in range(depth.shape[0]):
            level = depth[node]
            row = factor[node]
            for b in range(batch):
                stack[level, b] = falling[row, b] * stack[level - 1, b]
            size = sizes[node]
            if size == 0:
                continue
            for b in range(batch):
                chance[b] = stack[level, b] * inverse_falling_n[size, b]
            for j in range(slot_start[node], slot_start[node + 1]):
                weight = weights[j]
                slot = slots[j]
                for b in range(batch):
                    flat[slot, b] += weight * chance[b]
        for b in range(used):
            shoe = shoes[start + b]
            n = 0
            for rank in range(10):
                n += shoe[rank]
            out = result[start + b]
            for up in range(10):
                if shoe[up] == 0:
                    continue
                standing = 0.0
                for column in range(5):
                    out[up, column] = flat[up * OUTCOMES + column, b] * n / shoe[up]
                    standing += out[up, column]
                out[up, EXACTLY_22] = flat[up * OUTCOMES + EXACTLY_22, b] * n / shoe[up]
                if up == ACE_INDEX:
                    out[up, BLACKJACK] = shoe[TEN_INDEX] / (n - 1)
                elif up == TEN_INDEX:
                    out[up, BLACKJACK] = shoe[ACE_INDEX] / (n - 1)
                out[up, BUST] = 1.0 - standing - out[up, BLACKJACK]
    return result


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
    `order` lists every hand after its successors and after the unsplit hands (`decide`) its
    successors' decisions read: the unsplit context first, most points first in each context.
    """
    hands = removal.shape[0]
    values = np.zeros((hands, 10, 3))
    squares = np.zeros((hands, 10, 3))
    # Loops run hand, then drawn card, then up card: a successor's values for the ten up cards
    # are contiguous, so each is read from memory once rather than once per up card.
    remaining = np.zeros(10)
    after = np.zeros(10)
    hit_value = np.zeros(10)
    hit_square = np.zeros(10)
    double_value = np.zeros(10)
    double_square = np.zeros(10)
    for position in range(hands):
        index = order[position]
        # Standing first: the hand's stand values are its own, and the loop below reads only
        # those of hands valued before it. One pass reads the dealer rows in table order.
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
        left = 0.0
        for rank in range(10):
            remaining[rank] = shoe[rank] - removal[index, rank]
            left += remaining[rank]
        n = left - 1  # the cards left once the up card is dealt
        for up in range(10):
            hit_value[up] = 0.0
            hit_square[up] = 0.0
            double_value[up] = 0.0
            double_square[up] = 0.0
            if refund and remaining[up] > 0:
                # 633a.10(b): a dealer Blackjack takes only the initial wager.
                chance = 0.0
                if up == ACE_INDEX:
                    chance = remaining[TEN_INDEX] / n
                elif up == TEN_INDEX:
                    chance = remaining[ACE_INDEX] / n
                double_value[up] = chance
                double_square[up] = -3.0 * chance
        for rank in range(10):
            nxt = successor[index, rank]
            for up in range(10):
                after[up] = remaining[rank] - (rank == up)
            if nxt < 0:
                for up in range(10):
                    if remaining[up] == 0 or after[up] == 0:
                        continue
                    p = after[up] / n
                    hit_value[up] -= p
                    hit_square[up] += p
                    double_value[up] -= 2 * p
                    double_square[up] += 4 * p
                continue
            choose = decide[nxt]
            draws = best[nxt] < 21  # 633a.7(k)(1): no draw on 21
            for up in range(10):
                if remaining[up] == 0 or after[up] == 0:
                    continue
                p = after[up] / n
                double_value[up] += 2 * p * values[nxt, up, 0]
                double_square[up] += 4 * p * squares[nxt, up, 0]
                option = 0
                if draws:
                    if fixed[nxt, up] >= 0:
                        option = fixed[nxt, up]
                    elif values[choose, up, 1] > values[choose, up, 0]:
                        option = 1
                hit_value[up] += p * values[nxt, up, option]
                hit_square[up] += p * squares[nxt, up, option]
        for up in range(10):
            if remaining[up] == 0:
                continue
            values[index, up, 1] = hit_value[up]
            squares[index, up, 1] = hit_square[up]
            values[index, up, 2] = double_value[up]
            squares[index, up, 2] = double_square[up]
    return values, squares


@numba.njit(cache=True)
def _settle(
    out: FloatArray, row: FloatArray, total: int, weight: float, stake: float, push_22: bool
) -> None:
    """Add a hand standing on `total` (stake 1, or 2 doubled) against every dealer outcome."""
    for column in range(5):
        result = 0.0
        if total > 17 + column:
            result = 1.0
        elif total < 17 + column:
            result = -1.0
        out[0, column] += weight * row[column]
        out[1, column] += weight * stake * result * row[column]
        out[2, column] += weight * stake * stake * result * result * row[column]
    bust = row[BUST] - row[EXACTLY_22]
    out[0, BUST] += weight * bust
    out[1, BUST] += weight * stake * bust
    out[2, BUST] += weight * stake * stake * bust
    out[0, BLACKJACK] += weight * row[BLACKJACK]
    out[1, BLACKJACK] -= weight * stake * row[BLACKJACK]
    out[2, BLACKJACK] += weight * stake * stake * row[BLACKJACK]
    # 633a.12(a)(5)(v): a dealer 22 returns the hand (the column is empty unless push_22).
    out[0, EXACTLY_22] += weight * row[EXACTLY_22]
    if not push_22:
        out[1, EXACTLY_22] += weight * stake * row[EXACTLY_22]
        out[2, EXACTLY_22] += weight * stake * stake * row[EXACTLY_22]


@numba.njit(cache=True)
def split_hand_outcomes(
    shoe: IntArray,
    removal: IntArray,
    best: IntArray,
    successor: IntArray,
    decide: IntArray,
    fixed: IntArray,
    values: FloatArray,
    pair: int,
    members: IntArray,
    local: IntArray,
    starts: IntArray,
    dealer_row: IntArray,
    dealer: FloatArray,
    may_double: bool,
    one_card: bool,
    push_22: bool,
) -> FloatArray:
    """The joint law of one split hand's result X and the dealer's final outcome d, per up
    card: out[up, 0, d] = P(d), out[up, 1, d] = E[X; d], out[up, 2, d] = E[X^2; d].

    The hand is the split "X" hand of `split_values`: the pair card plus any second card
    (`starts[rank]`, the hand of the pair card and `rank` in the split context), drawing from
    the shoe less both pair cards and the up card. `members` are that context's hands, fewest
    points first, and `local` maps a hand to its position there; the chance of reaching each
    is carried forward. Decisions are the ones `hand_values` values: on the first two cards
    as `split_values.chosen_option` (stand only for one-card split aces, `one_card`), then
    stand or hit. Columns d: totals 17-21, a bust other than 22, a dealer Blackjack (every
    hand loses its stake: a doubled hand 2, before any refund), 22 (returned when `push_22`).
    Each final hand is weighed against the dealer distribution of its own removal, so the law
    is exact for the single hand: summed over d, E[X; d] and E[X^2; d] are its value and
    second moment.
    """
    out = np.zeros((10, 3, 8))
    first = shoe.copy()
    first[pair] -= 2
    starting = np.zeros(members.shape[0], dtype=np.bool_)
    for rank in range(10):
        if starts[rank] >= 0:
            starting[local[starts[rank]]] = True
    for up in range(10):
        if first[up] == 0:
            continue
        after_up = first.copy()
        after_up[up] -= 1
        n = after_up.sum()
        reach = np.zeros(members.shape[0])
        for rank in range(10):
            if after_up[rank] > 0:
                reach[local[starts[rank]]] += after_up[rank] / n
        # Successors have more points than their hand: one pass carries every chance forward.
        for position in range(members.shape[0]):
            weight = reach[position]
            if weight == 0.0:
                continue
            index = members[position]
            option = 0
            if best[index] >= 21 or (starting[position] and one_card):
                option = 0  # 633a.7(k)(1): no draw on 21; 633a.11(c): one card to split aces
            elif starting[position] and fixed[index, up] >= 2:
                # Chart: double, else hit (2) or stand (3) where doubling is not allowed.
                option = 2 if may_double else (1 if fixed[index, up] == 2 else 0)
            elif fixed[index, up] >= 0:
                option = fixed[index, up]
            else:
                choose = decide[index]
                top = values[choose, up, 0]
                if values[choose, up, 1] > top:
                    option = 1
                    top = values[choose, up, 1]
                if starting[position] and may_double and values[choose, up, 2] > top:
                    option = 2
            row = dealer[dealer_row[index], up]
            if option == 0:
                _settle(out[up], row, best[index], weight, 1.0, push_22)
                continue
            # Hit (a later decision: `reach`) or double (then stand). A bust loses whatever
            # the dealer holds; its share of each dealer outcome is the hand's own less that of
            # the hands the card does not bust (the dealer's cards average over the draw).
            doubled = option == 2
            stake = 2.0 if doubled else 1.0
            bust = row.copy()
            bust[BUST] -= bust[EXACTLY_22]
            left = after_up.copy()
            for rank in range(10):
                left[rank] = shoe[rank] - removal[index, rank] - (rank == up)
            cards = left.sum()
            for rank in range(10):
                nxt = successor[index, rank]
                if left[rank] == 0 or nxt < 0:
                    continue
                p = left[rank] / cards
                grown = dealer[dealer_row[nxt], up]
                for column in range(8):
                    bust[column] -= p * grown[column]
                bust[BUST] += p * grown[EXACTLY_22]
                if doubled:
                    _settle(out[up], grown, best[nxt], weight * p, stake, push_22)
                else:
                    reach[local[nxt]] += weight * p
            for column in range(8):
                out[up, 0, column] += weight * bust[column]
                out[up, 1, column] -= weight * stake * bust[column]
                out[up, 2, column] += weight * stake * stake * bust[column]
    return out
