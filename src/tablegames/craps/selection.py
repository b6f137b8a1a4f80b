"""The Power Odds selection (623b.5(c)): which bets pay increased odds on the next roll.

After wagers close and before the dice are thrown, the random number generator picks, for each
line of each offered eligible wager independently, level 1, level 2 or nothing, with the
probabilities of the house rules. A line is an item of the table in 623b.5(d): every wager is its
own line, except the C&E, whose lines `ce_craps` and `ce_eleven` are selected separately. The
draw is exact: one uniform integer below the common denominator of the two probabilities, so
1/10 means exactly one chance in ten. Live play draws with the OS CSPRNG;
tests and simulations with a seeded generator; scenarios and replays fix the selection.

>>> from tablegames.craps.rules import CrapsRules, selection_thresholds
>>> from tablegames.core.rng import SeededRandom
>>> rules = CrapsRules(level_1_probability="1/2", level_2_probability="1/2")
>>> picks = RandomSelector(SeededRandom.from_seed(1)).select(rules)
>>> sorted(set(picks.levels.values())) in ([1], [2], [1, 2]), len(picks.levels)
(True, 28)
>>> Selection.parse({"hard_8": 2, "ce_eleven": 1}, rules).to_json()
{'ce_eleven': 1, 'hard_8': 2}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from tablegames.core.errors import ScenarioError
from tablegames.core.rng import RandomSource
from tablegames.craps.rules import CrapsRules, selection_thresholds
from tablegames.craps.wagers import BETS, LINE_NAMES, LINES, WAGER_OF_LINE

LEVELS = (0, 1, 2)


@dataclass(frozen=True, slots=True)
class Selection:
    """The Power Odds level of each selected line on one roll (absent: level 0, base odds)."""

    levels: Mapping[str, int] = field(default_factory=dict)

    def level(self, name: str) -> int:
        return self.levels.get(name, 0)

    def to_json(self) -> dict[str, int]:
        """Selected lines only, in the order of the table in 623b.5(d)."""
        return {name: self.levels[name] for name in LINE_NAMES if self.levels.get(name, 0)}

    def __hash__(self) -> int:
        return hash(tuple(self.to_json().items()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Selection) and self.to_json() == other.to_json()

    @classmethod
    def parse(cls, data: Any, rules: CrapsRules, *, what: str = "selection") -> Selection:
        """A fixed selection from JSON, `{"hard_8": 2}`; checked against the house rules."""
        if not isinstance(data, Mapping):
            raise ScenarioError(f'{what} must map wager names to levels 0-2, e.g. {{"hard_8": 2}}')
        levels: dict[str, int] = {}
        for name, level in data.items():
            if name in BETS and name not in LINES:
                lines = " and ".join(line.name for line in BETS[name].lines)
                raise ScenarioError(
                    f"{what}: the {BETS[name].label} is selected line by line: name {lines}",
                    paragraph="623b.5(d)",
                )
            if name not in LINES:
                raise ScenarioError(
                    f"{what}: {name!r} is not a wager eligible for Power Odds",
                    paragraph="623b.5(d)",
                )
            if not isinstance(level, int) or isinstance(level, bool) or level not in LEVELS:
                raise ScenarioError(f"{what}.{name}: the level is 0, 1 or 2, not {level!r}")
            if level and not rules.terms(WAGER_OF_LINE[name]).offered:
                raise ScenarioError(
                    f"{what}: {name} is not offered at this table, so it cannot be selected",
                    paragraph="623b.5(c)",
                )
            if level and not rules.power_odds:
                raise ScenarioError(
                    f"{what}: this table does not offer Power Odds, so nothing is selected",
                    paragraph="623b.5(a)",
                )
            if level:
                levels[str(name)] = level
        return cls(levels)


class Selector(Protocol):
    """Where the next Power Odds selection comes from."""

    @property
    def is_live(self) -> bool: ...

    def select(self, rules: CrapsRules) -> Selection: ...


def draw_level(random: RandomSource, level_1: Fraction, level_2: Fraction) -> int:
    """One exact draw: 1 with probability `level_1`, 2 with `level_2`, else 0."""
    return draw_from(random, selection_thresholds(level_1, level_2))


def draw_from(random: RandomSource, thresholds: tuple[int, int, int]) -> int:
    """One exact draw from integer thresholds `(a, b, D)` (`WagerTerms.thresholds`)."""
    first, second, denominator = thresholds
    if second == 0:  # never selected: no draw is needed
        return 0
    pick = random.below(denominator)
    return 1 if pick < first else 2 if pick < second else 0


class RandomSelector:
    """623b.5(c): the random number generator's selection, one draw per line of each offered
    wager, in the order of the table."""

    def __init__(self, random: RandomSource) -> None:
        self._random = random

    @property
    def is_live(self) -> bool:
        return self._random.is_live

    def select(self, rules: CrapsRules) -> Selection:
        if not rules.power_odds:  # 623b.5(a): no Power Odds, nothing to select
            return Selection()
        levels = {}
        for line in rules.offered_lines():
            level = draw_from(self._random, line.thresholds)
            if level:
                levels[line.name] = level
        return Selection(levels)


class FixedSelector:
    """Selections given in advance, one per roll (scenarios, replay)."""

    def __init__(self, selections: Iterable[Selection]) -> None:
        self._selections = list(selections)
        self._next = 0

    @property
    def is_live(self) -> bool:
        return False

    def select(self, rules: CrapsRules) -> Selection:
        if self._next >= len(self._selections):
            raise ScenarioError(
                f"the fixed Power Odds selections ran out after {len(self._selections)} roll(s)"
            )
        selection = self._selections[self._next]
        self._next += 1
        return selection
