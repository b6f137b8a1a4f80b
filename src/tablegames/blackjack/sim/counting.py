"""A Hi-Lo counter's results at the house's penetration: what an operator asks of its cover card.

The kernel keeps the Hi-Lo running count (2-6 +1, 7-9 0, tens and aces -1) of every card seen
since the shuffle and totals the player's results by the true count at the start of each round
(the running count per deck left to deal, floored: true count +1 is 1 <= tc < 2). The counter
plays the same chart whatever the count and changes only the size of the wager, which changes no
card of any round, so a bet ramp is applied to those totals afterwards, exactly: the mean and
variance of any ramp follow from the rounds, sums and sums of squares at each true count.

A ramp file is a CSV with the header `true_count,units` and one row per step: from that true count
up, the wager is that many units (whole units, at least one: a box at the table wagers). Below the
first row the first row's units apply. For example

    true_count,units
    -20,1
    2,2
    3,4
    4,8

Risk of ruin is the diffusion approximation of the gambler's ruin, exp(-2 mu B / sigma^2) for a
bankroll of B units, a mean result of mu units and a variance sigma^2 per round (1 when mu <= 0).
"""

from __future__ import annotations

import csv
import io
import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from tablegames.blackjack.sim.kernel import TC_BUCKETS, TC_LOW
from tablegames.core.errors import TableGamesError
from tablegames.core.simulation import moments

TC_HIGH = TC_LOW + TC_BUCKETS - 1
MAX_UNITS = 10_000
MAX_RAMP_BYTES = 64 * 1024


class RampError(TableGamesError):
    """A bet ramp file that cannot be read as one."""


@dataclass(frozen=True, slots=True)
class BetRamp:
    """Units wagered at each true count from TC_LOW to TC_HIGH (the ends cover beyond them)."""

    units: tuple[int, ...]

    @classmethod
    def flat(cls) -> BetRamp:
        return cls((1,) * TC_BUCKETS)

    @classmethod
    def from_steps(cls, steps: list[tuple[int, int]]) -> BetRamp:
        """From (true count, units) steps in increasing true count."""
        if not steps:
            raise RampError("a bet ramp needs at least one row of true_count,units")
        for (before, _), (after, _) in itertools.pairwise(steps):
            if after <= before:
                raise RampError(f"true counts must increase down the ramp: {after} after {before}")
        units: list[int] = []
        for bucket in range(TC_BUCKETS):
            true_count = TC_LOW + bucket
            chosen = steps[0][1]
            for start, size in steps:
                if start <= true_count:
                    chosen = size
            units.append(chosen)
        return cls(tuple(units))

    def at(self, true_count: int) -> int:
        return self.units[min(max(true_count - TC_LOW, 0), TC_BUCKETS - 1)]


def read_ramp(path: Path) -> BetRamp:
    """The ramp in a CSV file; every fault named with its line."""
    try:
        if path.stat().st_size > MAX_RAMP_BYTES:
            raise RampError(f"{path}: a bet ramp is at most {MAX_RAMP_BYTES} bytes")
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RampError(f"{path}: cannot read the bet ramp ({error})") from error
    return parse_ramp(text, str(path))


def parse_ramp(text: str, name: str = "ramp") -> BetRamp:
    rows = list(csv.reader(io.StringIO(text)))
    rows = [row for row in rows if any(cell.strip() for cell in row)]
    if not rows or [cell.strip() for cell in rows[0]] != ["true_count", "units"]:
        raise RampError(f"{name}: the first line must be the header true_count,units")
    steps: list[tuple[int, int]] = []
    for line, row in enumerate(rows[1:], start=2):
        if len(row) != 2:
            raise RampError(f"{name}, line {line}: two values, true_count,units, not {len(row)}")
        try:
            true_count, units = (int(cell.strip()) for cell in row)
        except ValueError as error:
            raise RampError(f"{name}, line {line}: whole numbers only ({error})") from error
        if not TC_LOW <= true_count <= TC_HIGH:
            raise RampError(
                f"{name}, line {line}: true count {true_count} outside {TC_LOW} to {TC_HIGH}"
            )
        if not 1 <= units <= MAX_UNITS:
            raise RampError(
                f"{name}, line {line}: {units} units; a box wagers 1 to {MAX_UNITS} units"
            )
        steps.append((true_count, units))
    return BetRamp.from_steps(steps)


def risk_of_ruin(mean: float, variance: float, bankroll: float) -> float:
    """exp(-2 mu B / sigma^2): the chance a bankroll of B units is ever lost (diffusion
    approximation); 1 for a player without an edge."""
    if mean <= 0 or variance <= 0:
        return 1.0
    return math.exp(-2 * mean * bankroll / variance)


@dataclass(frozen=True, slots=True)
class CountedRounds:
    """The kernel's totals by true count: rounds, and the player's results in ticks per unit."""

    rounds: tuple[int, ...]
    sums: tuple[int, ...]
    squares: tuple[int, ...]
    ticks: int  # per unit of the wager on one box
    player_boxes: int

    @classmethod
    def from_flat(cls, flat: tuple[int, ...], ticks: int, player_boxes: int) -> CountedRounds:
        if len(flat) != 3 * TC_BUCKETS:
            raise ValueError("not a counted run's totals")
        return cls(
            flat[:TC_BUCKETS],
            flat[TC_BUCKETS : 2 * TC_BUCKETS],
            flat[2 * TC_BUCKETS :],
            ticks,
            player_boxes,
        )

    def with_ramp(self, ramp: BetRamp, bankroll: int | None) -> dict[str, Any]:
        """The counter's figures under `ramp`: advantage per unit wagered (player-positive),
        mean and standard deviation per round in units, and the risk of ruin."""
        n = sum(self.rounds)
        won = sum(b * s for b, s in zip(ramp.units, self.sums, strict=True))
        squares = sum(b * b * q for b, q in zip(ramp.units, self.squares, strict=True))
        wagered = sum(b * r for b, r in zip(ramp.units, self.rounds, strict=True))
        scale = self.ticks
        mean, variance = moments(n, won, squares, scale)
        std_dev = float(variance) ** 0.5
        report: dict[str, Any] = {
            "system": "hi-lo",
            "advantage": float(Fraction(won, wagered * self.player_boxes * scale))
            if wagered
            else 0.0,
            "mean_units_per_round": float(mean),
            "std_dev_units_per_round": std_dev,
            "standard_error": std_dev / n**0.5 if n else 0.0,
            "units_wagered_per_round": wagered * self.player_boxes / n if n else 0.0,
            # The advantage is the mean per unit wagered, so its error scales the same way.
            "advantage_standard_error": std_dev / n**0.5 / (wagered * self.player_boxes / n)
            if n and wagered
            else 0.0,
            "by_true_count": self.by_true_count(),
        }
        if bankroll is not None:
            report["risk_of_ruin"] = {
                "bankroll_units": bankroll,
                "probability": risk_of_ruin(float(mean), float(variance), bankroll),
            }
        return report

    def by_true_count(self) -> dict[str, dict[str, float]]:
        """Share of rounds and the player's flat-bet edge (house-positive) at each true count."""
        n = sum(self.rounds)
        table: dict[str, dict[str, float]] = {}
        for bucket, rounds in enumerate(self.rounds):
            if not rounds:
                continue
            true_count = TC_LOW + bucket
            name = f"{true_count:+d}" if true_count else "0"
            if bucket == 0:
                name = f"<={true_count:+d}"
            elif bucket == TC_BUCKETS - 1:
                name = f">={true_count:+d}"
            table[name] = {
                "share": rounds / n,
                "house_edge": -self.sums[bucket] / (rounds * self.ticks * self.player_boxes),
            }
        return table
