"""Helpers shared by the side-wager tests: outcomes as multisets of paytable line ids."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from tablegames.core.paytable import PaytableLine, SideResult

Table = dict[tuple[str, ...], Fraction]
Lines = Sequence[PaytableLine]


def _key(lines: Lines) -> tuple[str, ...]:
    """An outcome as the multiset of its line ids (order of the lines paid does not matter)."""
    return tuple(sorted(line.line for line in lines))


def _lines(outcome: PaytableLine | tuple[PaytableLine, ...] | None) -> Lines:
    return SideResult.of(outcome).lines
