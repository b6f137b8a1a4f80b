"""Randomness for shuffles and cuts.

Live play uses the operating system's CSPRNG (`secrets.SystemRandom`), whose `randrange` draws
by rejection sampling, so a Fisher-Yates shuffle on it has no modulo bias. Simulations and tests
use a seeded numpy `Generator`, and must ask for one explicitly: nothing here defaults to a seed.

>>> import numpy as np
>>> a, b = SeededRandom(np.random.default_rng(7)), SeededRandom(np.random.default_rng(7))
>>> items_a, items_b = list(range(10)), list(range(10))
>>> a.shuffle(items_a); b.shuffle(items_b)
>>> items_a == items_b and sorted(items_a) == list(range(10))
True
"""

from __future__ import annotations

import secrets
from typing import Protocol, TypeVar

import numpy as np

T = TypeVar("T")


class RandomSource(Protocol):
    """What a shoe needs from randomness: uniform integers and an unbiased shuffle."""

    @property
    def is_live(self) -> bool:
        """True only for the CSPRNG that live play must use."""
        ...

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        ...

    def shuffle(self, items: list[T]) -> None:
        """Permute `items` in place, every order equally likely."""
        ...


def _fisher_yates(items: list[T], below: RandomSource) -> None:
    # Durstenfeld's in-place Fisher-Yates: position i takes a uniform pick of items[0..i].
    for i in range(len(items) - 1, 0, -1):
        j = below.below(i + 1)
        items[i], items[j] = items[j], items[i]


class SecureRandom:
    """The OS CSPRNG for live play (`secrets.SystemRandom`)."""

    def __init__(self) -> None:
        self._system = secrets.SystemRandom()

    @property
    def is_live(self) -> bool:
        return True

    def below(self, n: int) -> int:
        # randrange uses getrandbits with rejection: uniform, no modulo bias.
        return self._system.randrange(n)

    def shuffle(self, items: list[T]) -> None:
        _fisher_yates(items, self)

    def salt(self, size: int) -> bytes:
        """Secret bytes for a shuffle's commitment (tablegames.core.seal)."""
        return secrets.token_bytes(size)


class SeededRandom:
    """A seeded numpy Generator for simulation, tests and reproducible demonstrations."""

    def __init__(self, generator: np.random.Generator) -> None:
        self._generator = generator
        self._salts: np.random.Generator | None = None

    @classmethod
    def from_seed(cls, seed: int) -> SeededRandom:
        return cls(np.random.default_rng(seed))

    @property
    def is_live(self) -> bool:
        return False

    def below(self, n: int) -> int:
        # Generator.integers is unbiased (Lemire's method).
        return int(self._generator.integers(n))

    def shuffle(self, items: list[T]) -> None:
        _fisher_yates(items, self)

    def salt(self, size: int) -> bytes:
        """Reproducible bytes for a shuffle's commitment (tablegames.core.seal), from a second
        stream derived from the seed: drawing salts never moves the shuffles and cuts."""
        if self._salts is None:
            seed = self._generator.bit_generator.seed_seq
            if isinstance(seed, np.random.SeedSequence):
                child = np.random.SeedSequence(seed.entropy, spawn_key=(*seed.spawn_key, 2**31))
                self._salts = np.random.default_rng(child)
            else:  # a generator made without a SeedSequence: salts share its stream
                self._salts = self._generator
        return self._salts.bytes(size)
