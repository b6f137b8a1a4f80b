"""Sources for the randomness tests: the live scaling code at a fixed seed, and a deliberately
biased (modulo-scaled) twin that each statistical test must reject."""

from __future__ import annotations

from typing import TypeVar

import numpy as np

from tablegames.core.rng import ScaledRandom, SeededBytes, _fisher_yates

T = TypeVar("T")

SEED = 20261203  # fixed: the statistical tests are deterministic (docs/rng.md)


def scaled(seed: int = SEED) -> ScaledRandom:
    """The live scaling code (`ScaledRandom`) fed by deterministic raw bytes."""
    return ScaledRandom(SeededBytes(seed))


class ModuloRandom:
    """The classic mistake a lab looks for: a random `bits`-bit word taken `% n` (more bits
    when n does not fit in `bits`: 9 for a cut among 293 positions, unless `widen` is False:
    then a byte % 312 never reaches 256). For n not dividing 2**bits the low values come up
    more often; each statistical test must detect it. Fewer bits, more bias: 8 bits is a random
    byte % n; 6 bits (a byte's top six) doubles the chance of 12 of the 52 values of below(52)."""

    def __init__(self, seed: int = SEED, *, bits: int = 8, widen: bool = True) -> None:
        self._words = np.random.default_rng(seed)
        self._bits = bits
        self._widen = widen  # False: a `bits`-bit word % n even when n is larger
        self._buffer: list[int] = []

    @property
    def is_live(self) -> bool:
        return False

    def _word(self) -> int:
        if not self._buffer:
            self._buffer = self._words.integers(0, 2**32, size=65536, dtype=np.int64).tolist()
        return self._buffer.pop()

    def below(self, n: int) -> int:
        bits = max(self._bits, (n - 1).bit_length()) if self._widen else self._bits
        return (self._word() >> (32 - bits)) % n  # the bias under test

    def shuffle(self, items: list[T]) -> None:
        _fisher_yates(items, self)


class ClampedRandom(ModuloRandom):
    """Another scaling mistake: a word of the fewest bits that hold n - 1, a value n or more
    clamped to n - 1 instead of drawn again. The top value comes up far too often, so a
    Fisher-Yates shuffle leaves cards where they were: the six-deck shoe's adjacent pairs keep
    the new decks' order, which the pairs test must see."""

    def below(self, n: int) -> int:
        bits = max(1, (n - 1).bit_length())
        return min(self._word() >> (32 - bits), n - 1)  # the bias under test
