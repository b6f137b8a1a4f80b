"""Randomness: the one place where random bits become game outcomes.

A test lab certifies a random number generator and every way its output is scaled (GLI-11 and
GLI-19 practice, followed by Pennsylvania's technical standards). Here there is one scaling
rule, `uniform_below`: the fewest whole bytes that hold `n - 1` are read from a raw byte source,
the bits above `(n - 1).bit_length()` are shifted away, and a value of `n` or more is rejected and
drawn again. No random value is reduced with `%` or scaled by a float multiply, so every integer
below `n` has exactly the same chance. Everything a game draws is built on it:

- `ScaledRandom` (the `RandomSource` a shoe, the dice and the selector take): `below`, and the
  Fisher-Yates `shuffle` of card orders, over any `RawSource`;
- `SecureRandom`: `ScaledRandom` over `OsBytes`, the operating system's CSPRNG, for live play;
- `pai_gow_start_rng` and `pai_gow_start_dice`: the Pai Gow Poker starting position.

`tests/test_rng_sources.py` fails if any other live-play module calls a random source. The raw
bytes a lab tests are the ones these functions consume (`tablegames rng export`, docs/rng.md).

`SeededRandom` (a seeded numpy `Generator`, unbiased by Lemire's method) is for simulation,
tests and reproducible demonstrations, and says so (`is_live` False); `SeededBytes` is a
deterministic raw byte source, so the statistical tests run the live scaling code at a fixed
seed. Nothing here defaults to a seed.

>>> import numpy as np
>>> a, b = SeededRandom(np.random.default_rng(7)), SeededRandom(np.random.default_rng(7))
>>> items_a, items_b = list(range(10)), list(range(10))
>>> a.shuffle(items_a); b.shuffle(items_b)
>>> items_a == items_b and sorted(items_a) == list(range(10))
True
>>> scaled = ScaledRandom(SeededBytes(5))
>>> sorted({scaled.below(3) for _ in range(100)})
[0, 1, 2]
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Sequence
from typing import Final, Protocol, TypeVar

import numpy as np

T = TypeVar("T")

# Bytes read from a raw source at a time: a shuffle of 312 cards takes about 400 bytes.
_BUFFER_BYTES: Final = 4096

# A process forked with a filled buffer (the server's workers) must not deal the same bytes as
# its parent: each fork moves the generation on, and a buffer from another generation is dropped.
_generation = [0]


def _forked() -> None:
    _generation[0] += 1


os.register_at_fork(after_in_child=_forked)


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


class RawSource(Protocol):
    """Uniform random bytes, before any scaling."""

    @property
    def is_live(self) -> bool: ...

    def read(self, size: int) -> bytes:
        """`size` uniform random bytes."""
        ...


class OsBytes:
    """The operating system's CSPRNG (`secrets.token_bytes`, i.e. `os.urandom`): live play."""

    @property
    def is_live(self) -> bool:
        return True

    def read(self, size: int) -> bytes:
        return secrets.token_bytes(size)


class SeededBytes:
    """Deterministic raw bytes from a seeded numpy Generator (PCG64): for the statistical tests,
    which run the live scaling code at a fixed seed so they cannot flake (docs/rng.md)."""

    def __init__(self, seed: int) -> None:
        self._generator = np.random.default_rng(seed)

    @property
    def is_live(self) -> bool:
        return False

    def read(self, size: int) -> bytes:
        return self._generator.bytes(size)


def _check_bound(n: object) -> int:
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise ValueError(f"a uniform integer below n needs a whole n of at least 1, not {n!r}")
    return n


def uniform_below(raw: RawSource, n: int) -> int:
    """A uniform integer in [0, n) from `raw`, by rejection (no modulo, no float).

    >>> class Counting:
    ...     is_live = False
    ...     def __init__(self): self.next = 0
    ...     def read(self, size):
    ...         self.next += 1
    ...         return bytes([self.next * 50 % 256] * size)
    >>> uniform_below(Counting(), 6)  # 50 >> 5 = 1
    1
    """
    return ScaledRandom(raw).below(n)


def _fisher_yates(items: list[T], below: RandomSource) -> None:
    # Durstenfeld's in-place Fisher-Yates: position i takes a uniform pick of items[0..i].
    for i in range(len(items) - 1, 0, -1):
        j = below.below(i + 1)
        items[i], items[j] = items[j], items[i]


class ScaledRandom:
    """A `RandomSource` over raw bytes: the one scaling rule (see the module docstring).

    Bytes are consumed in order, so the outcomes depend only on the raw stream: the same bytes
    give the same cards, dice and selections. A seeded source is read in blocks; the live one a
    draw at a time.
    """

    def __init__(self, raw: RawSource) -> None:
        self.raw = raw
        self._buffer = b""
        self._at = 0
        self._generation = _generation[0]

    @property
    def is_live(self) -> bool:
        return self.raw.is_live

    def _take(self, size: int) -> bytes:
        if self.raw.is_live:
            # Live play reads each draw's bytes when it is made: no future outcome waits in the
            # process's memory (a lab's question), and a forked worker shares nothing.
            return self.raw.read(size)
        if self._generation != _generation[0]:  # forked: these bytes are the parent's too
            self._buffer, self._at, self._generation = b"", 0, _generation[0]
        if self._at + size > len(self._buffer):
            self._buffer = self._buffer[self._at :] + self.raw.read(max(_BUFFER_BYTES, size))
            self._at = 0
        chunk = self._buffer[self._at : self._at + size]
        self._at += size
        return chunk

    def below(self, n: int) -> int:
        top = _check_bound(n) - 1
        if top == 0:  # one outcome: nothing to draw
            return 0
        bits = top.bit_length()
        size = (bits + 7) // 8
        excess = size * 8 - bits  # the bits above `bits` are dropped by a shift, not a mask of n
        while True:
            value = int.from_bytes(self._take(size), "big") >> excess
            if value <= top:  # reject values >= n: every value below n has chance 1 / 2**bits
                return value

    def shuffle(self, items: list[T]) -> None:
        _fisher_yates(items, self)

    def salt(self, size: int) -> bytes:
        """Secret bytes for a shuffle's commitment (tablegames.core.seal), read from the raw
        source apart from the buffer the outcomes come from (`SaltSource`)."""
        return self.raw.read(size)


class SecureRandom(ScaledRandom):
    """The OS CSPRNG for live play, scaled by `ScaledRandom`."""

    def __init__(self) -> None:
        super().__init__(OsBytes())


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


# --- dice and the Pai Gow starting position ---------------------------------------------------

PAI_GOW_POSITIONS: Final = 7  # the dealer's position is 1, counted around the table


def pick(random: RandomSource, items: Sequence[T]) -> T:
    """One of `items`, each equally likely (a Magic Card from a deck, 633a.13(j)(1))."""
    if not items:
        raise ValueError("nothing to pick from")
    return items[random.below(len(items))]


def roll_die(random: RandomSource) -> int:
    """One die: a uniform face 1 to 6."""
    return 1 + random.below(6)


def _counted_around(total: int) -> int:
    # Count `total` positions around 7, the dealer first: 1, 2, ..., 7, 1, ... A loop, so no
    # `%` is ever applied to a random value (the scan in tests/test_rng_sources.py checks this).
    position = 1
    for _ in range(total - 1):
        position = 1 if position == PAI_GOW_POSITIONS else position + 1
    return position


# Each three-dice total (3 to 18) and the position it counts to.
DICE_TOTAL_POSITION: Final = {total: _counted_around(total) for total in range(3, 19)}


def pai_gow_start_rng(random: RandomSource) -> int:
    """The Pai Gow starting position drawn by a random number generator: 1 to 7, 1/7 each."""
    return 1 + random.below(PAI_GOW_POSITIONS)


def pai_gow_start_dice(random: RandomSource) -> tuple[tuple[int, int, int], int]:
    """Three dice shaken, their total counted around the seven positions from the dealer as
    position 1: the dice and the position (31/216 for positions 1 to 6, 30/216 for 7)."""
    dice = (roll_die(random), roll_die(random), roll_die(random))
    return dice, DICE_TOTAL_POSITION[sum(dice)]
