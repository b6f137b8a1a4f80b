"""The simulation runtime every game shares: seeded work units, totals that merge, and runners.

A simulation of N rounds (or rolls) is cut into work units of a fixed size; unit i gets the i-th
child of `numpy.random.SeedSequence(seed).spawn(...)`. A unit's result depends only on its size and
its seed, never on which process ran it or when, and totals merge by addition in unit order, so
the same seed gives the same result on 1 process, on N, or on a Dask cluster.

A game supplies the work (`Work`: a picklable callable from a `WorkUnit` to its totals) and the
totals (`Totals`: `merge` adds another's). The runners:

- `run_local(work, units, workers=W)`: W local processes (1: in this process);
- `run_dask(work, units, scheduler="tcp://HOST:PORT")`: the same units on a Dask distributed
  cluster (the optional `distributed` extra).

>>> units = plan(2_500, unit_size=1_000, seed=7)
>>> [unit.size for unit in units], units[1].seed.spawn_key
([1000, 1000, 500], (1,))
"""

from __future__ import annotations

import multiprocessing
import os
import re
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol, Self, TypeVar

import numpy as np

from tablegames.core.errors import TableGamesError

MAX_WORKERS = 256
SCHEDULER_ADDRESS = re.compile(r"(tcp|tls)://[A-Za-z0-9.\-\[\]:]+:[0-9]{1,5}")


class Totals(Protocol):
    """A unit's results: merging two gives the results of both units."""

    def merge(self, other: Self) -> Self: ...


T = TypeVar("T", bound=Totals)


@dataclass(frozen=True, slots=True)
class WorkUnit:
    """Unit `index` of a plan: `size` rounds from its own seed."""

    index: int
    size: int
    seed: np.random.SeedSequence


Work = Callable[[WorkUnit], T]


def plan(total: int, *, unit_size: int, seed: int) -> list[WorkUnit]:
    """`total` rounds as units of `unit_size` (the last one smaller), one child seed each."""
    if isinstance(total, bool) or not isinstance(total, int) or total < 1:
        raise TableGamesError(f"simulate at least one round, not {total!r}")
    if unit_size < 1:
        raise TableGamesError(f"a work unit holds at least one round, not {unit_size!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise TableGamesError(f"the seed must be a whole number of at least 0, not {seed!r}")
    sizes = [unit_size] * (total // unit_size)
    if total % unit_size:
        sizes.append(total % unit_size)
    children = np.random.SeedSequence(seed).spawn(len(sizes))
    return [
        WorkUnit(index, size, child)
        for index, (size, child) in enumerate(zip(sizes, children, strict=True))
    ]


def moments(n: int, total: int, squares: int, scale: int = 1) -> tuple[Fraction, Fraction]:
    """The exact mean and sample variance of `n` integer results in units of 1/`scale`, from
    their sum and sum of squares: what every simulator's totals report (0 for too few)."""
    if n < 1:
        return Fraction(0), Fraction(0)
    mean = Fraction(total, n * scale)
    if n < 2:
        return mean, Fraction(0)
    return mean, (Fraction(squares, scale * scale) - n * mean * mean) / (n - 1)


def default_workers() -> int:
    """All the cores this process may use."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1)


def check_workers(workers: int) -> int:
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_WORKERS:
        raise TableGamesError(f"--workers must be 1 to {MAX_WORKERS}, not {workers!r}")
    return workers


def merged(results: Iterator[T] | Sequence[T]) -> T:
    """The totals of every unit, added in unit order."""
    iterator = iter(results)
    try:
        total = next(iterator)
    except StopIteration:
        raise TableGamesError("no work units to merge") from None
    for result in iterator:
        total = total.merge(result)
    return total


def run_local(
    work: Work[T],
    units: Sequence[WorkUnit],
    *,
    workers: int = 1,
    progress: Callable[[WorkUnit], None] | None = None,
) -> T:
    """Run every unit in this process (`workers=1`) or in `workers` local processes."""
    check_workers(workers)
    if workers == 1 or len(units) == 1:
        results = []
        for unit in units:
            results.append(work(unit))
            if progress is not None:
                progress(unit)
        return merged(results)
    # fork: the children start with this process's compiled kernels and imports.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with ProcessPoolExecutor(max_workers=min(workers, len(units)), mp_context=context) as pool:
        ordered: list[T] = []
        for unit, result in zip(units, pool.map(work, units), strict=True):
            ordered.append(result)
            if progress is not None:
                progress(unit)
        return merged(ordered)


def run_dask(
    work: Work[T],
    units: Sequence[WorkUnit],
    *,
    scheduler: str,
    progress: Callable[[WorkUnit], None] | None = None,
) -> T:
    """Run every unit on the Dask distributed cluster at `scheduler` (tcp://HOST:PORT)."""
    if not SCHEDULER_ADDRESS.fullmatch(scheduler):
        raise TableGamesError(
            f"--scheduler {scheduler!r}: a Dask scheduler's address is tcp://HOST:PORT"
        )
    try:
        from distributed import Client
    except ImportError:
        raise TableGamesError(
            "--scheduler needs Dask: install the distributed extra "
            "(pip install 'tablegames[distributed]')"
        ) from None
    try:
        client = Client(scheduler, timeout=5, set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as error:
        raise TableGamesError(f"no Dask scheduler answers at {scheduler}: {error}") from None
    try:
        futures = client.map(work, list(units), pure=False)
        results: list[T] = []
        for unit, future in zip(units, futures, strict=True):
            results.append(future.result())
            if progress is not None:
                progress(unit)
        return merged(results)
    finally:
        client.close()  # type: ignore[no-untyped-call]


def run(
    work: Work[T],
    units: Sequence[WorkUnit],
    *,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Callable[[WorkUnit], None] | None = None,
) -> T:
    """`run_dask` when a scheduler is given, else `run_local`."""
    if scheduler is not None:
        return run_dask(work, units, scheduler=scheduler, progress=progress)
    return run_local(work, units, workers=workers, progress=progress)
