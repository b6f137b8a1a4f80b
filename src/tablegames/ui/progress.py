"""A progress bar for long runs (the simulator's work units) on a terminal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class HasSize(Protocol):
    @property
    def size(self) -> int: ...


def progress_bar(
    total: int, *, quiet: bool
) -> tuple[Callable[[HasSize], None] | None, Callable[[], None]]:
    """A transient rich bar advancing by each finished unit's size; nothing when `quiet`
    (not a terminal, or --json, whose output must stay one JSON document)."""
    if quiet:
        return None, lambda: None
    from rich.progress import Progress

    bar = Progress(transient=True)
    task = bar.add_task("simulating", total=total)
    bar.start()

    def advance(unit: HasSize) -> None:
        bar.advance(task, unit.size)

    return advance, bar.stop
