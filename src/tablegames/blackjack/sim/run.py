"""Blackjack simulations as seeded work units: the kernel's totals, merged and reported.

`simulate(rules, chart, rounds=N, seed=S)` cuts the N rounds into units of `UNIT_ROUNDS`
(`core.simulation.plan`), each played from its own freshly shuffled shoe by `kernel.run_rounds`
with a xoshiro256** state drawn from the unit's seed, and merges the integer totals. The report
follows `tablegames simulate --json`: per wager `n` (rounds), `house_edge` (a fraction of the
initial wager, house-positive), `standard_error`, `std_dev` (per round, of the player's result
per unit of the initial wager on each box) and `lines` (the share of the player's boxes that ended
each round with each result, in units of the wager). At Blackjack Switch (633a.12(a)) the edge and
the standard deviation are per unit of each of a box's two equal wagers, and the report says so.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sim.chart import compile_chart, unread_chart
from tablegames.blackjack.sim.compile import CompiledTable, compile_table
from tablegames.blackjack.sim.composition import CompositionPlay
from tablegames.blackjack.sim.counting import CountedRounds
from tablegames.blackjack.sim.kernel import (
    BB_SETTINGS,
    BB_TOTALS,
    CAP_OUTCOME,
    CAP_STAKE,
    CAP_TOTALS,
    ERROR_EXHAUSTED,
    HR_ON,
    HR_SIZE,
    HR_STAKE,
    HR_TOTALS,
    P_BOXES,
    P_COUNT,
    P_SESSION_ROUNDS,
    TC_BUCKETS,
    ChartArray,
    IntArray,
    SwitchArray,
    SwitchHandsArray,
    run_rounds,
)
from tablegames.blackjack.sim.side_tables import (
    BAD_BEAT_LINES,
    DECLINED,
    HIT_AND_RUN_LINES,
    CompiledSides,
    compile_bad_beat,
    compile_hit_and_run,
    compile_payout_cap,
    compile_sides,
)
from tablegames.blackjack.strategy_chart import StrategyChart
from tablegames.blackjack.switch_hands_rule import SwitchHandsRule
from tablegames.blackjack.switch_rule import SwitchValues
from tablegames.blackjack.variation import variation_of
from tablegames.core.errors import ShoeExhaustedError, TableGamesError
from tablegames.core.rulesfile import rules_digest
from tablegames.core.simulation import WorkUnit, moments, plan, run

UNIT_ROUNDS = 1_000_000  # rounds per work unit: one seed each, whatever runs it
HISTOGRAM_UNITS = 40  # a box's result lies within +-32 units (16 hands, each doubled)


@dataclass(frozen=True, slots=True)
class BlackjackTotals:
    """Integer totals of some rounds: they merge exactly, in any grouping."""

    rounds: int
    total: int  # the player's results, in ticks
    total_sq: int  # their squares, per round
    shuffles: int
    cards: int
    histogram: tuple[int, ...]  # the player's boxes by result in ticks, offset at the middle
    seconds: float = 0.0  # time spent in the kernel (not part of the result)
    # Counted runs: rounds, sums and sums of squares by true count (kernel.TC_BUCKETS each).
    by_count: tuple[int, ...] = ()
    # With sessions kept: each whole session's result in ticks, in the order played.
    sessions: tuple[int, ...] = ()
    # Per side wager (sim.side_tables), the player's boxes by outcome.
    side_counts: tuple[tuple[int, ...], ...] = ()
    # Hit and Run (kernel.HR_TOTALS): wagers, sum and squares of the net in cents, by outcome.
    hit_and_run: tuple[int, ...] = ()
    bad_beat: tuple[int, ...] = ()  # kernel.BB_TOTALS, likewise
    # 633a.13(m): per side wager, kernel.CAP_TOTALS (capped wagers, the change in the sum and
    # sum of squares of their nets in cents), when a payout limit applies.
    capped: tuple[tuple[int, ...], ...] = ()

    def merge(self, other: BlackjackTotals) -> BlackjackTotals:
        return BlackjackTotals(
            self.rounds + other.rounds,
            self.total + other.total,
            self.total_sq + other.total_sq,
            self.shuffles + other.shuffles,
            self.cards + other.cards,
            tuple(a + b for a, b in zip(self.histogram, other.histogram, strict=True)),
            self.seconds + other.seconds,
            tuple(a + b for a, b in zip(self.by_count, other.by_count, strict=True)),
            self.sessions + other.sessions,
            tuple(
                tuple(a + b for a, b in zip(mine, theirs, strict=True))
                for mine, theirs in zip(self.side_counts, other.side_counts, strict=True)
            ),
            tuple(a + b for a, b in zip(self.hit_and_run, other.hit_and_run, strict=True)),
            tuple(a + b for a, b in zip(self.bad_beat, other.bad_beat, strict=True)),
            tuple(
                tuple(a + b for a, b in zip(mine, theirs, strict=True))
                for mine, theirs in zip(self.capped, other.capped, strict=True)
            ),
        )


@dataclass(frozen=True)
class BlackjackWork:
    """One unit's work: picklable, so local processes and Dask workers can run it."""

    table: CompiledTable
    pair_cells: ChartArray
    total_cells: ChartArray
    sides: CompiledSides = field(default_factory=CompiledSides.none)
    hit_and_run: IntArray = field(default_factory=lambda: np.zeros(HR_SIZE, dtype=np.int64))
    bad_beat: IntArray = field(default_factory=lambda: np.zeros(BB_SETTINGS, dtype=np.int64))
    composition: CompositionPlay | None = None  # CDZ- play instead of the chart
    # Blackjack Switch (633a.12(a)): the switch rule's values (`switch_rule.SwitchValues`).
    switch_values: SwitchArray | None = None
    # Switch Hands (633c.4): the switch rule's table (`switch_hands_rule.SwitchHandsRule`).
    switch_hands: SwitchHandsArray | None = None
    # 633a.13(m): the payout limit of the side wagers' pair-and-dealer-Blackjack lines
    # (`side_tables.compile_payout_cap`), None when none applies.
    payout_cap: IntArray | None = None

    def __call__(self, unit: WorkUnit) -> BlackjackTotals:
        state: npt.NDArray[np.uint64] = unit.seed.generate_state(4, dtype=np.uint64)  # type: ignore[assignment]
        if not state.any():
            state[0] = 1  # xoshiro256** needs a state that is not all zero (never in practice)
        units = HISTOGRAM_UNITS * self.table.hands_per_box
        histogram = np.zeros(2 * units * self.table.ticks + 1, dtype=np.int64)
        totals: IntArray = np.zeros(5, dtype=np.int64)
        by_count: IntArray = np.zeros((3, TC_BUCKETS), dtype=np.int64)
        side_counts: IntArray = np.zeros(self.sides.nets.shape, dtype=np.int64)
        hit_and_run_totals: IntArray = np.zeros(HR_TOTALS, dtype=np.int64)
        bad_beat_totals: IntArray = np.zeros(BB_TOTALS, dtype=np.int64)
        capped: IntArray = np.zeros((len(self.sides.names), CAP_TOTALS), dtype=np.int64)
        session_rounds = int(self.table.params[P_SESSION_ROUNDS])
        # A unit's last, partial session is not kept: sessions never span two units.
        sessions: IntArray = np.zeros(
            unit.size // session_rounds if session_rounds else 0, dtype=np.int64
        )
        counting = bool(self.table.params[P_COUNT])
        has_sides = bool(self.sides.names)
        hit_and_run = bool(self.hit_and_run[HR_ON])
        bad_beat = bool(self.bad_beat[HR_ON])
        started = time.perf_counter()
        # A feature that is off passes None: its code is left out of the compiled kernel.
        sides = self.table.fresh_sides() if self.table.double_shoe else None
        error = run_rounds(
            unit.size,
            self.table.fresh_shoe() if sides is None else sides[0],
            state,
            self.table.params,
            self.pair_cells,
            self.total_cells,
            histogram,
            totals,
            np.zeros(int(self.table.params[P_BOXES]), dtype=np.int64),
            by_count if counting else None,
            sessions if session_rounds else None,
            self.sides.outcomes if has_sides else None,
            self.sides.reads_up if has_sides else None,
            self.sides.hole_outcomes if has_sides else None,
            side_counts if has_sides else None,
            # Each unit starts its meter at the reset amount: units are independent of each
            # other, so a unit's result depends only on its seed.
            self.hit_and_run.copy() if hit_and_run else None,
            hit_and_run_totals if hit_and_run else None,
            self.bad_beat.copy() if bad_beat else None,
            bad_beat_totals if bad_beat else None,
            sides,
            None if self.composition is None else self.composition.codes,
            None if self.composition is None else self.composition.cells,
            self.table.burn_each_round(),
            self.switch_values,
            self.switch_hands,
            self.payout_cap,
            capped if self.payout_cap is not None else None,
        )
        seconds = time.perf_counter() - started
        if error == ERROR_EXHAUSTED:
            raise ShoeExhaustedError(
                "a round ran out of cards and the discard rack could not refill the shoe",
                paragraph="633a.14(f)",
            )
        rounds, total, total_sq, shuffles, cards = (int(value) for value in totals)
        return BlackjackTotals(
            rounds,
            total,
            total_sq,
            shuffles,
            cards,
            tuple(int(value) for value in histogram),
            seconds,
            tuple(int(value) for value in by_count.ravel()) if self.table.params[P_COUNT] else (),
            tuple(int(value) for value in sessions),
            tuple(tuple(int(value) for value in row) for row in side_counts),
            tuple(int(value) for value in hit_and_run_totals) if self.hit_and_run[HR_ON] else (),
            tuple(int(value) for value in bad_beat_totals) if self.bad_beat[HR_ON] else (),
            tuple(tuple(int(value) for value in row) for row in capped)
            if self.payout_cap is not None
            else (),
        )


@dataclass(frozen=True)
class Simulation:
    """A finished simulation and what it reports."""

    rules: Rules
    seed: int
    player_boxes: int
    totals: BlackjackTotals
    ticks: int
    seconds: float  # wall time of the whole run
    extra: dict[str, Any] = field(default_factory=dict)
    sides: CompiledSides = field(default_factory=CompiledSides.none)
    hit_and_run_stake: int = 0
    bad_beat_stake: int = 0
    hands_per_box: int = 1  # 633a.12(a)(1): two equal Blackjack Wagers at Blackjack Switch
    payout_cap: IntArray | None = None  # 633a.13(m): `side_tables.compile_payout_cap`'s

    @property
    def wagers_per_round(self) -> int:
        """The player's Blackjack Wagers in a round (results are per unit of one)."""
        return self.player_boxes * self.hands_per_box

    @property
    def rounds_per_second(self) -> float:
        return self.totals.rounds / self.seconds if self.seconds > 0 else 0.0

    def mean(self) -> Fraction:
        """The player's exact mean result per round per unit of each initial Blackjack Wager
        (a box's, or each of a Blackjack Switch box's two, 633a.12(a)(1))."""
        return Fraction(self.totals.total, self.totals.rounds * self.ticks * self.wagers_per_round)

    def std_dev(self) -> float:
        """Per round, of the player's result per unit of each initial Blackjack Wager."""
        totals = self.totals
        _, variance = moments(
            totals.rounds, totals.total, totals.total_sq, self.ticks * self.wagers_per_round
        )
        deviation: float = float(variance) ** 0.5
        return deviation

    def lines(self) -> dict[str, float]:
        """The share of the player's boxes that ended a round with each result."""
        boxes = self.totals.rounds * self.player_boxes
        middle = len(self.totals.histogram) // 2
        shares = {}
        for index, count in enumerate(self.totals.histogram):
            if count:
                units = Fraction(index - middle, self.ticks)
                shares[_result_name(units)] = count / boxes
        return shares

    def side_reports(self) -> dict[str, dict[str, Any]]:
        """Each side wager's figures per box and unit wagered: n is the boxes that wagered it."""
        reports: dict[str, dict[str, Any]] = {}
        for index, (name, counts, nets, ticks, labels) in enumerate(
            zip(
                self.sides.names,
                self.totals.side_counts,
                self.sides.nets,
                self.sides.ticks,
                self.sides.outcome_names,
                strict=True,
            )
        ):
            n = sum(counts)
            total = sum(count * int(net) for count, net in zip(counts, nets, strict=False))
            squares = sum(count * int(net) ** 2 for count, net in zip(counts, nets, strict=False))
            scale = ticks
            capped: dict[str, int] = {}
            if self.payout_cap is not None and self.payout_cap[index, CAP_OUTCOME] >= 0:
                # 633a.13(m): the capped wagers' nets, in cents of the stake: everything in
                # units of 1 / (ticks * stake) at once, exactly.
                stake = int(self.payout_cap[index, CAP_STAKE])
                wagers, change, square_change = self.totals.capped[index]
                total = total * stake + change * ticks
                squares = squares * stake * stake + square_change * ticks * ticks
                scale = ticks * stake
                capped = {"stake_cents": stake, "payout_limit_capped": wagers}
            mean, variance = moments(n, total, squares, scale)
            std_dev = float(variance) ** 0.5
            reports[name] = _wager_report(
                n,
                mean,
                std_dev,
                {label: count / n for label, count in zip(labels, counts, strict=False) if count},
            )
            reports[name].update(capped)
        if self.totals.bad_beat:
            reports["bad_beat"] = _progressive_report(
                self.totals.bad_beat, self.bad_beat_stake, BAD_BEAT_LINES
            )
        if self.totals.hit_and_run:
            reports["hit_and_run"] = _progressive_report(
                self.totals.hit_and_run, self.hit_and_run_stake, HIT_AND_RUN_LINES
            )
        return reports

    def _declined(self) -> dict[str, dict[str, str]]:
        """The offered wagers the simulated player never places, and why."""
        declined = {
            name: why for name, why in DECLINED.items() if name in self.rules.side_wagers.offered()
        }
        return {"declined": declined} if declined else {}

    def _basis(self) -> dict[str, Any]:
        """What a Blackjack Switch or Switch Hands result is per (the standard game's needs no
        note)."""
        if variation_of(self.rules).takes_switch_hands_ante:
            # 633c.4(c): the ante, a fifth of the wager, is staked and collected every round.
            return {
                "variant": self.rules.variant,
                "house_edge_basis": "per unit of the Blackjack Wager, its ante (633c.4(c): $1 "
                "for every $5) counted as lost every round; lines include the ante",
                "house_edge_per_unit_staked": -float(self.mean()) / 1.2,
            }
        if self.hands_per_box == 1:
            return {}
        return {
            "variant": self.rules.variant,
            "wagers_per_box": self.hands_per_box,
            "house_edge_basis": "per initial wager: the player makes two equal Blackjack Wagers "
            "(633a.12(a)(1)); lines are a box's two hands together, in units of one wager",
        }

    def counted(self) -> CountedRounds:
        """A counted run's totals by true count (`simulate(..., count=True)`)."""
        if not self.totals.by_count:
            raise TableGamesError("this simulation did not keep the count: simulate with count")
        # Per unit of each wager: a Blackjack Switch box's two as two (633a.12(a)(1)).
        return CountedRounds.from_flat(self.totals.by_count, self.ticks, self.wagers_per_round)

    def report(self) -> dict[str, Any]:
        """The `--json` document."""
        n = self.totals.rounds
        std_dev = self.std_dev()
        return {
            "rounds": n,
            "seed": self.seed,
            "rules_digest": rules_digest(self.rules.model_dump(mode="json")),
            "rounds_per_second": round(self.rounds_per_second),
            "wagers": {
                "blackjack": {
                    "n": n,
                    "house_edge": -float(self.mean()),
                    "standard_error": std_dev / n**0.5 if n else 0.0,
                    "std_dev": std_dev,
                    "lines": self.lines(),
                    **self._basis(),
                },
                **self.side_reports(),
            },
            # Rounds per second of kernel time on one core, whatever the number of workers.
            "rounds_per_second_per_core": round(n / self.totals.seconds)
            if self.totals.seconds > 0
            else 0,
            **self._declined(),
            "cards_per_round": self.totals.cards / n,
            "shuffles": self.totals.shuffles,
            **self.extra,
        }


def _progressive_report(
    totals: tuple[int, ...], stake: int, names: tuple[str, ...]
) -> dict[str, Any]:
    """A progressive wager per wager of `stake` cents, its meter paid as it stood."""
    n, total, squares, *by_outcome = totals
    mean, variance = moments(n, total, squares, stake)
    lines = {label: count / n for label, count in zip(names, by_outcome, strict=True) if count}
    report = _wager_report(n, mean, float(variance) ** 0.5, lines)
    report["stake_cents"] = stake
    return report


def _wager_report(
    n: int, mean: Fraction, std_dev: float, lines: dict[str, float]
) -> dict[str, Any]:
    """One wager's figures as `--json` prints them (house-positive edge per unit wagered)."""
    return {
        "n": n,
        "house_edge": -float(mean),
        "standard_error": std_dev / n**0.5 if n else 0.0,
        "std_dev": std_dev,
        "lines": lines,
    }


def _result_name(units: Fraction) -> str:
    """`+1.5`, `-1`, `0`: a box's result in units of its initial wager."""
    if units == 0:
        return "0"
    text = str(int(units)) if units.denominator == 1 else f"{float(units):g}"
    return text if units < 0 else f"+{text}"


def simulate(
    rules: Rules,
    strategy: StrategyChart | CompositionPlay,
    *,
    rounds: int,
    seed: int,
    player_boxes: int = 1,
    other_boxes: int = 0,
    reshuffle_every_round: bool = False,
    count: bool = False,
    session_rounds: int = 0,
    workers: int = 1,
    scheduler: str | None = None,
    unit_rounds: int = UNIT_ROUNDS,
    progress: Callable[[WorkUnit], None] | None = None,
    switch: SwitchValues | None = None,
    switch_hands: SwitchHandsRule | None = None,
) -> Simulation:
    """Simulate `rounds` rounds of `rules` with `strategy` (a chart, or CDZ- play compiled by
    `composition.compile_composition`) played on every box.

    At a Blackjack Switch table (633a.12(a)) `switch` is the switch rule, by default that of
    the table's own chart (`switch_strategy.switch_strategy(rules).rule`); at a Switch Hands
    table (633c.4) `switch_hands` is the switch rule, by default the table's own chart's
    (`switch_hands_strategy.switch_hands_strategy(rules).rule`), and every box places the ante."""
    table = compile_table(
        rules,
        player_boxes=player_boxes,
        other_boxes=other_boxes,
        reshuffle_every_round=reshuffle_every_round,
        count=count,
        session_rounds=session_rounds,
    )
    composition = None
    if isinstance(strategy, CompositionPlay):
        composition = strategy
        pair_cells, total_cells = unread_chart()  # CDZ- play reads its own cells
        # 633a.12(a)(4), 633c.4(f): CDZ- play of a switch variation is that variation's own
        # (`composition.compile_composition(rules)`) and carries its switch rule.
        if (table.hands_per_box == 2) != (strategy.switch is not None) or variation_of(
            rules
        ).takes_switch_hands_ante != (strategy.switch_hands is not None):
            raise TableGamesError(
                f"this CDZ- play was compiled for another variation than {rules.variant!r}: "
                "compile_composition(rules)"
            )
        switch = strategy.switch if switch is None else switch
        switch_hands = strategy.switch_hands if switch_hands is None else switch_hands
    else:
        pair_cells, total_cells = compile_chart(strategy)
    sides = compile_sides(rules)
    hit_and_run = compile_hit_and_run(rules)
    bad_beat = compile_bad_beat(rules)
    payout_cap = compile_payout_cap(rules, sides) if sides.names else None  # 633a.13(m)
    units = plan(rounds, unit_size=unit_rounds, seed=seed)
    switch_values = None
    if switch is not None and table.hands_per_box == 1:
        raise TableGamesError(f"a switch rule is for Blackjack Switch, not {rules.variant!r}")
    if table.hands_per_box == 2:
        if switch is None:
            from tablegames.blackjack.sim.switch_strategy import switch_strategy

            switch = switch_strategy(rules).rule
        switch_values = switch.values
    at_switch_hands = variation_of(rules).takes_switch_hands_ante
    if switch_hands is not None and not at_switch_hands:
        raise TableGamesError(f"a switch hands rule is for Switch Hands, not {rules.variant!r}")
    if at_switch_hands and switch_hands is None:
        from tablegames.blackjack.sim.switch_hands_strategy import switch_hands_strategy

        switch_hands = switch_hands_strategy(rules).rule
    work = BlackjackWork(
        table,
        pair_cells,
        total_cells,
        sides,
        hit_and_run,
        bad_beat,
        composition=composition,
        switch_values=switch_values,
        switch_hands=None if switch_hands is None else switch_hands.decisions,
        payout_cap=payout_cap,
    )
    started = time.perf_counter()
    totals = run(work, units, workers=workers, scheduler=scheduler, progress=progress)
    seconds = time.perf_counter() - started
    return Simulation(
        rules,
        seed,
        player_boxes,
        totals,
        table.ticks,
        seconds,
        extra={"strategy": "cdz" if composition is not None else "chart"},
        sides=sides,
        hit_and_run_stake=int(hit_and_run[HR_STAKE]),
        bad_beat_stake=int(bad_beat[HR_STAKE]),
        hands_per_box=table.hands_per_box,
        payout_cap=payout_cap,
    )
