"""Seeded simulation of Power Odds wagers over many rolls: vectorized numpy, merging blocks.

Each wager is compiled into dense tables: its outcome on each of the 36 ordered rolls (taken
from the bet's own `outcome` and `paying_line`, the code the table settles with), the net result
per unit of a win at each Power Odds level of the line that pays on that roll, and the integer
thresholds of the exact selection draw of each of its lines (623b.5(c)). A block of rolls draws
the dice and, for every line of every wager, an independent level per roll; on each roll a wager
takes the level of its line that pays (the C&E: the craps line on 2, 3, 12, the eleven line on
11; a one-line wager: its own); the kernel returns `(n, sum, sum of squares)` of the net result
per unit over the decisions in the block (every roll for a one-roll bet; the deciding rolls for a
hardway, which is placed again after each decision), so blocks merge. The blocks are the work
units of the runtime every game's simulator shares (`core.simulation`): a seed per block
(`SeedSequence.spawn`), so a result does not depend on how the work is split or where it runs.
`reference_totals` is the slow twin through `Bet.settle`.

>>> from tablegames.craps.rules import CrapsRules
>>> totals = simulate(CrapsRules(), rolls=20_000, seed=7)
>>> totals["any_seven"].n, abs(totals["any_seven"].mean + 0.1) < 4 * totals["any_seven"].error
(20000, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from tablegames.core.errors import TableGamesError
from tablegames.core.simulation import WorkUnit, plan, run
from tablegames.craps.dice import ALL_ROLLS
from tablegames.craps.rules import CrapsRules, WagerTerms

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
LOOKUP_LIMIT = 1 << 16  # selection draws with a denominator up to this use a lookup table


@dataclass(frozen=True, slots=True)
class Totals:
    """Decisions, sum and sum of squares of the net result per unit wagered."""

    n: int = 0
    total: float = 0.0
    total_sq: float = 0.0

    def merge(self, other: Totals) -> Totals:
        return Totals(self.n + other.n, self.total + other.total, self.total_sq + other.total_sq)

    @property
    def mean(self) -> float:
        """The player's mean result per unit (the house edge is minus this)."""
        return self.total / self.n

    @property
    def error(self) -> float:
        """Standard error of the mean."""
        variance = (self.total_sq - self.n * self.mean**2) / (self.n - 1)
        return math.sqrt(max(variance, 0.0) / self.n)


@dataclass(frozen=True, slots=True)
class CompiledWager:
    name: str
    decided: BoolArray  # by Roll.index: the roll wins or loses the wager
    # by level * 36 + Roll.index: net result per unit (0 when it stays up), the level being that
    # of the line `line_of` names for the roll
    net: FloatArray
    line_of: IntArray  # by Roll.index: the line whose level applies (0 where no line pays)
    thresholds: tuple[tuple[int, int, int], ...]  # per line, draw u < D: level 1 if u < a, 2 if < b


def compile_wager(terms: WagerTerms) -> CompiledWager:
    bet = terms.bet
    outcomes = [bet.outcome(roll) for roll in ALL_ROLLS]
    paying = [bet.paying_line(roll) for roll in ALL_ROLLS]
    names = [line.name for line in terms.lines]
    line_of = np.array([0 if line is None else names.index(line.name) for line in paying])
    net = np.zeros(3 * len(ALL_ROLLS), dtype=np.float64)
    for level in (0, 1, 2):
        for index, outcome in enumerate(outcomes):
            if outcome == "win":
                # A win returns the winning part and its winnings; the whole stake was put up.
                odds = terms.lines[int(line_of[index])].odds(level)
                net[level * 36 + index] = float((1 + odds) / bet.parts - 1)
            else:
                net[level * 36 + index] = -1.0 if outcome == "lose" else 0.0
    decided = np.array([outcome != "stays_up" for outcome in outcomes])
    thresholds = tuple(line.thresholds for line in terms.lines)
    return CompiledWager(terms.name, decided, net, line_of.astype(np.int64), thresholds)


def draw_dice(generator: np.random.Generator, n: int) -> IntArray:
    """Roll.index of n rolls of two dice, each die uniform on 1-6."""
    first: IntArray = generator.integers(0, 6, size=n, dtype=np.int64)
    second: IntArray = generator.integers(0, 6, size=n, dtype=np.int64)
    return first * 6 + second


def draw_levels(
    generator: np.random.Generator, thresholds: tuple[int, int, int], n: int
) -> IntArray:
    """623b.5(c): n independent exact selection draws of one wager's Power Odds level."""
    level_1, level_2, denominator = thresholds
    if level_2 == 0:
        return np.zeros(n, dtype=np.int64)
    pick: IntArray = generator.integers(0, denominator, size=n, dtype=np.int64)
    if denominator <= LOOKUP_LIMIT:
        # One lookup per draw: the level of every value the draw can take.
        lookup = np.zeros(denominator, dtype=np.int64)
        lookup[:level_1], lookup[level_1:level_2] = 1, 2
        return lookup[pick]
    return np.where(pick < level_1, 1, np.where(pick < level_2, 2, 0)).astype(np.int64)


def draw_wager_levels(generator: np.random.Generator, wager: CompiledWager, n: int) -> IntArray:
    """623b.5(c): each line's n levels, one row per line in the order of the wager's lines."""
    rows = [draw_levels(generator, thresholds, n) for thresholds in wager.thresholds]
    return rows[0][np.newaxis] if len(rows) == 1 else np.stack(rows)


def kernel(
    decided: BoolArray, net: FloatArray, line_of: IntArray, dice: IntArray, levels: IntArray
) -> tuple[int, float, float]:
    """(n, sum, sum of squares) of the net per unit over the decided rolls; arrays only.

    `levels` has a row per line; each roll takes the level of the line `line_of` names for it.
    """
    one_line = levels.shape[0] == 1
    level = levels[0] if one_line else levels[line_of[dice], np.arange(dice.size)]
    values = net[level * 36 + dice]  # 0 where the wager stays up
    return int(np.count_nonzero(decided[dice])), float(values.sum()), float(np.dot(values, values))


def reference_totals(terms: WagerTerms, dice: IntArray, levels: IntArray) -> Totals:
    """The slow twin: settle a one-unit-per-part wager with the engine's `Bet.settle`, in cents.

    `levels` has a row per line of the wager, as `draw_wager_levels` draws them.
    """
    stake = 100 * terms.bet.parts * 10_000  # large enough that no payout rounds
    names = [line.name for line in terms.lines]
    n, total, total_sq = 0, 0.0, 0.0
    for index, column in zip(dice.tolist(), levels.T.tolist(), strict=True):
        odds = terms.odds(dict(zip(names, column, strict=True)))
        settled = terms.bet.settle(ALL_ROLLS[index], stake, odds)
        if settled.returned is None:
            continue
        net = Fraction(settled.returned - stake, stake)
        n, total, total_sq = n + 1, total + float(net), total_sq + float(net * net)
    return Totals(n, total, total_sq)


def simulate_block(
    wagers: list[CompiledWager], generator: np.random.Generator, n: int
) -> dict[str, Totals]:
    dice = draw_dice(generator, n)
    totals = {}
    for wager in wagers:
        levels = draw_wager_levels(generator, wager, n)
        totals[wager.name] = Totals(*kernel(wager.decided, wager.net, wager.line_of, dice, levels))
    return totals


@dataclass(frozen=True, slots=True)
class CrapsTotals:
    """A unit's totals of every wager, in the order the rules offer them: they merge exactly."""

    by_wager: tuple[tuple[str, Totals], ...]

    def merge(self, other: CrapsTotals) -> CrapsTotals:
        return CrapsTotals(
            tuple(
                (name, totals.merge(more))
                for (name, totals), (_, more) in zip(self.by_wager, other.by_wager, strict=True)
            )
        )


@dataclass(frozen=True, slots=True)
class CrapsWork:
    """One unit of rolls (core.simulation's work): picklable, for local processes and Dask."""

    wagers: tuple[CompiledWager, ...]

    def __call__(self, unit: WorkUnit) -> CrapsTotals:
        block = simulate_block(list(self.wagers), np.random.default_rng(unit.seed), unit.size)
        return CrapsTotals(tuple(block.items()))


def simulate(
    rules: CrapsRules,
    *,
    rolls: int,
    seed: int,
    block: int = 250_000,
    workers: int = 1,
    scheduler: str | None = None,
) -> dict[str, Totals]:
    """Simulate `rolls` rolls of every offered wager; per wager the merged totals.

    The rolls are the shared runtime's work units (`core.simulation`): unit i of `block` rolls
    draws from the i-th child of the seed, so the result is the same on 1 process, on `workers`
    or on the Dask cluster at `scheduler`.
    """
    if rolls < 2 or block < 1:
        raise TableGamesError("simulate at least two rolls, in blocks of at least one roll")
    work = CrapsWork(tuple(compile_wager(terms) for terms in rules.offered()))
    units = plan(rolls, unit_size=block, seed=seed)
    return dict(run(work, units, workers=workers, scheduler=scheduler).by_wager)
