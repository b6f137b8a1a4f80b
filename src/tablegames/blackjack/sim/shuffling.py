"""The simulator's shuffling: xoshiro256** and Lemire's bounded integers, Fisher-Yates from the
front a few positions at a time, and the 633a.14(f) refill, on the dealing state of one stack.

Random numbers: xoshiro256** (Blackman and Vigna) seeded from a `numpy.random.SeedSequence`, and
Lemire's multiply-and-reject for a uniform integer below n: no modulo bias. The kernel
(`kernel.py`) deals from what these functions leave in the shoe array.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]
UIntArray = npt.NDArray[np.uint64]
CardArray = npt.NDArray[np.int8]

# Dealing state, between rounds (an int64 array, so the helpers can update it in place).
S_STACK_END = 0  # end of the stack being dealt (the shoe, or the shoe and a 633a.14(f) refill)
S_SHUFFLED = 1  # positions before it are in their final, shuffled order
S_COVER_OUT = 2  # the cover card came out (633a.7(e)), or the stack was refilled
S_SHUFFLES = 3
S_SIZE = 4
CHUNK = 16  # positions fixed past the cover card, or per round without one, or at a time

_MASK32 = np.uint64(0xFFFFFFFF)
_TWO32 = np.uint64(1 << 32)


@numba.njit(inline="always", cache=True)
def _rotl(x: np.uint64, k: int) -> np.uint64:
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@numba.njit(inline="always", cache=True)
def _xoshiro(
    s0: np.uint64, s1: np.uint64, s2: np.uint64, s3: np.uint64
) -> tuple[np.uint64, np.uint64, np.uint64, np.uint64, np.uint64]:
    """One xoshiro256** output and the next state (Blackman and Vigna), on scalars so the
    state stays in registers where it is inlined."""
    result = _rotl(s1 * np.uint64(5), 7) * np.uint64(9)
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    return result, s0, s1, s2, s3


@numba.njit(cache=True)
def shuffle_into(shoe: CardArray, deal: IntArray, rng: UIntArray, stop: int) -> None:
    """Fisher-Yates from the front: fix the positions from `deal[S_SHUFFLED]` up to `stop` (at
    most the stack's end), each a uniform pick of the cards not yet fixed."""
    s0, s1, s2, s3 = rng[0], rng[1], rng[2], rng[3]
    end = deal[S_STACK_END]
    stop = min(stop, end)
    spare, have_spare = np.uint64(0), False
    for index in range(deal[S_SHUFFLED], stop):
        # xoshiro256** and Lemire's bounded integer, here so the state stays in registers;
        # each 64-bit output gives two 32-bit draws.
        bound = np.uint64(end - index)
        while True:
            if have_spare:
                draw, have_spare = spare, False
            else:
                result, s0, s1, s2, s3 = _xoshiro(s0, s1, s2, s3)
                draw, spare, have_spare = result >> np.uint64(32), result & _MASK32, True
            product = draw * bound
            low = product & _MASK32
            # Below (2**32 - bound) mod bound some results would be likelier: draw again.
            if low >= bound or low >= (_TWO32 - bound) % bound:
                break
        swap = index + int(product >> np.uint64(32))
        card = shoe[swap]
        shoe[swap] = shoe[index]
        shoe[index] = card
    rng[0], rng[1], rng[2], rng[3] = s0, s1, s2, s3
    deal[S_SHUFFLED] = max(stop, deal[S_SHUFFLED])


@numba.njit(cache=True)
def refill(shoe: CardArray, deal: IntArray, rng: UIntArray, start: int) -> bool:
    """633a.14(f): the shoe ran out in the round that began at `start`; the discard rack (the
    cards before it) is shuffled and burned, and laid behind the shoe's last card. False when
    there are too few discards to go on or the stack was refilled already."""
    cards = shoe.shape[0] // 2
    if start < 2 or deal[S_STACK_END] != cards:
        return False
    # The discards are shuffled where they lie; the table's cards stay where they are.
    deal[S_STACK_END], deal[S_SHUFFLED] = start, 0
    shuffle_into(shoe, deal, rng, start)
    # The first is the 633a.14(f) burn card; the others are dealt after the shoe's last card.
    shoe[cards : cards + start - 1] = shoe[1:start]
    deal[S_STACK_END] = deal[S_SHUFFLED] = cards + start - 1
    deal[S_COVER_OUT] = 1
    deal[S_SHUFFLES] += 1
    return True


@numba.njit(cache=True)
def draw_below(rng: UIntArray, bound: int) -> int:
    """A uniform integer in 0 to `bound` - 1 from the generator (xoshiro256**, Lemire's
    rejection), for the draws that are not a shuffle (the Bad Beat picks)."""
    s0, s1, s2, s3 = rng[0], rng[1], rng[2], rng[3]
    limit = np.uint64(bound)
    while True:
        result, s0, s1, s2, s3 = _xoshiro(s0, s1, s2, s3)
        product = (result >> np.uint64(32)) * limit
        low = product & _MASK32
        if low >= limit or low >= (_TWO32 - limit) % limit:
            break
    rng[0], rng[1], rng[2], rng[3] = s0, s1, s2, s3
    return int(product >> np.uint64(32))
