"""The dice: a roll of two dice as a chance step with 36 equally likely ordered outcomes.

Live play rolls with the OS CSPRNG (`SecureRandom`); simulations and tests pass a seeded
`SeededRandom`; a scenario or a replay fixes the rolls with `FixedDice` (the fixed-roll hook).
Nothing here defaults to a seed.

>>> roll = Roll(4, 4)
>>> roll.total, roll.is_hard, str(roll)
(8, True, '4-4')
>>> len(ALL_ROLLS), sum(r.total == 7 for r in ALL_ROLLS)
(36, 6)
>>> from tablegames.core.rng import SeededRandom
>>> a = RandomDice(SeededRandom.from_seed(3)); b = RandomDice(SeededRandom.from_seed(3))
>>> [a.next_roll() for _ in range(5)] == [b.next_roll() for _ in range(5)]
True
>>> FixedDice([(1, 2)]).next_roll()
Roll(first=1, second=2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from tablegames.core.errors import ScenarioError
from tablegames.core.rng import RandomSource

FACES = range(1, 7)


@dataclass(frozen=True, slots=True)
class Roll:
    """Two dice in the order they are read: `first` and `second`, each 1-6."""

    first: int
    second: int

    def __post_init__(self) -> None:
        for face in (self.first, self.second):
            if not isinstance(face, int) or isinstance(face, bool) or face not in FACES:
                raise ScenarioError(f"a die shows 1 to 6, not {face!r}")

    @classmethod
    def parse(cls, value: Any, *, what: str = "dice") -> Roll:
        """A roll from JSON: a list of two faces such as `[4, 4]`."""
        if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != 2:
            raise ScenarioError(f"{what} must be a list of two faces such as [4, 4], not {value!r}")
        try:
            return cls(value[0], value[1])
        except ScenarioError as error:
            raise ScenarioError(f"{what}: {error.message}") from error

    @property
    def total(self) -> int:
        return self.first + self.second

    @property
    def is_hard(self) -> bool:
        """Both dice alike: a number rolled "the hard way"."""
        return self.first == self.second

    @property
    def faces(self) -> tuple[int, int]:
        """The two faces, lower first: which hop a roll is (1-3 and 3-1 are the same hop)."""
        return (min(self.first, self.second), max(self.first, self.second))

    @property
    def index(self) -> int:
        """0-35: the position of this ordered outcome in ALL_ROLLS."""
        return (self.first - 1) * 6 + (self.second - 1)

    def to_json(self) -> list[int]:
        return [self.first, self.second]

    def __str__(self) -> str:
        return f"{self.first}-{self.second}"


# Every ordered outcome of two fair dice, each with probability 1/36, in `Roll.index` order.
ALL_ROLLS: tuple[Roll, ...] = tuple(Roll(a, b) for a in FACES for b in FACES)


class DiceSource(Protocol):
    """Where the next roll comes from."""

    @property
    def is_live(self) -> bool:
        """True only when the rolls come from the CSPRNG that live play must use."""
        ...

    def next_roll(self) -> Roll: ...


class RandomDice:
    """Dice thrown by a random source: `SecureRandom` live, `SeededRandom` for simulation."""

    def __init__(self, random: RandomSource) -> None:
        self._random = random

    @property
    def is_live(self) -> bool:
        return self._random.is_live

    def next_roll(self) -> Roll:
        # Each die is a uniform pick of six faces (rejection sampling: no modulo bias).
        return Roll(self._random.below(6) + 1, self._random.below(6) + 1)


class FixedDice:
    """The fixed-roll hook: rolls given in advance (scenarios, disputes, replay)."""

    def __init__(self, rolls: Iterable[Roll | tuple[int, int]]) -> None:
        self._rolls = [roll if isinstance(roll, Roll) else Roll(*roll) for roll in rolls]
        self._next = 0

    @property
    def is_live(self) -> bool:
        return False

    @property
    def remaining(self) -> int:
        return len(self._rolls) - self._next

    def next_roll(self) -> Roll:
        if self._next >= len(self._rolls):
            raise ScenarioError(f"the fixed dice ran out after {len(self._rolls)} roll(s)")
        roll = self._rolls[self._next]
        self._next += 1
        return roll
