"""Where the hands go: the starting position (645a.5) and the delivery of the stacks.

The positions in clockwise order from the dealer are the dealer (0), then seats 1 to `seats`
(seat 1 on the dealer's left, as at every PA table). The count that picks the starting position
begins at the dealer as number one and goes on in the filed `count_direction`
(counterclockwise by default: the tile game's 621a.6, a sibling), every position counted
whether or not it holds a wager; the number is the random number generator's (1 to 7) or the
total of three dice (3 to 18). The stack dealt first (the first seven cards out of the shoe or
shuffler, then the next seven, and so on) goes to the starting position and each next stack to
the next position in the filed `delivery_direction` (clockwise by default: 670a.10(c), a
sibling); the cards after the last stack are left over (four with seven hands). Making each
stack of seven consecutive cards is how an automated shuffler dispenses them (digest 9); for a
manual deal it is a reading the Rules Submission may revise.

With three dice and seven positions, position k (counted from the dealer as one) comes up with
31/216 for k = 1 to 6 and 30/216 for k = 7:

>>> from collections import Counter
>>> counts = Counter(counted(a + b + c, 7) for a in range(1, 7) for b in range(1, 7)
...                  for c in range(1, 7))
>>> [counts[k] for k in range(1, 8)]
[31, 31, 31, 31, 31, 31, 30]
>>> delivery_order(start=5, positions=7, count="counterclockwise", delivery="clockwise")
(3, 4, 5, 6, 0, 1, 2)
"""

from __future__ import annotations

from typing import Final, Literal

from tablegames.core.errors import ScenarioError

Direction = Literal["clockwise", "counterclockwise"]
HAND_CARDS: Final = 7
DICE: Final = 3


def counted(number: int, positions: int) -> int:
    """Where a count of `number` stops, as the count (1 = the dealer, up to `positions`)."""
    if number < 1:
        raise ScenarioError(f"a starting count is at least 1, not {number}")
    return (number - 1) % positions + 1


def starting_position(number: int, positions: int, count: Direction) -> int:
    """The position (0 the dealer, 1.. the seats) a count of `number` reaches (645a.5)."""
    steps = counted(number, positions) - 1
    return steps % positions if count == "clockwise" else (-steps) % positions


def delivery_order(
    *, start: int, positions: int, count: Direction, delivery: Direction
) -> tuple[int, ...]:
    """The positions receiving the first, second, ... stack: from the starting position that
    `start` counts to, around the table in the delivery direction."""
    first = starting_position(start, positions, count)
    step = 1 if delivery == "clockwise" else -1
    return tuple((first + step * index) % positions for index in range(positions))
