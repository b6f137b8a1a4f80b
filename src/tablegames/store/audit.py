"""The significant-event log of issue 11 §3: append-only and hash-chained.

Each row's hash is `sha256(prev_hash + canonical row)`, the canonical row being the sorted,
space-free JSON of its seq, time, kind and details; `prev_hash` is the hash of the row before
(`GENESIS` for the first). A head record keeps the last seq and hash, so rows cut from the end
are found too. `verify` walks the rows in seq order and names the first that was edited (its
hash no longer matches its content), deleted (a gap in the seqs, or fewer rows than the head
says) or inserted (a row that does not chain to the one before, or one past the head).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from tablegames.store.jsontext import canonical

GENESIS = "0" * 64


@dataclass(frozen=True)
class AuditEntry:
    """One significant event to log: `kind` ("start", "table_opened", "deposit", ...) and
    its JSON details."""

    kind: str
    details: Mapping[str, Any]


@dataclass(frozen=True)
class AuditRow:
    """A stored row of the log, as `verify` reads it."""

    seq: int
    at: str
    kind: str
    details: str
    prev_hash: str
    hash: str


@dataclass(frozen=True)
class AuditProblem:
    """The first row of the log that is not as it was written."""

    seq: int
    problem: Literal["edited", "inserted", "deleted"]
    message: str


def canonical_details(details: Mapping[str, Any]) -> str:
    """The stored text of an entry's details (hashed as part of its row)."""
    return canonical(dict(details))


def row_hash(prev_hash: str, seq: int, at: str, kind: str, details: str) -> str:
    """The hash that chains a row to the one before it."""
    row = canonical({"seq": seq, "at": at, "kind": kind, "details": details})
    return hashlib.sha256((prev_hash + row).encode("utf-8")).hexdigest()


def verify(rows: Iterable[AuditRow], head_seq: int, head_hash: str) -> AuditProblem | None:
    """The first edited, inserted or deleted row (rows in seq order), or None when intact."""
    expected_seq = 1
    prev_hash = GENESIS
    for row in rows:
        if row.seq > head_seq and expected_seq > head_seq:
            return AuditProblem(
                row.seq,
                "inserted",
                f"audit row seq {row.seq} was inserted: the log's head ends at seq {head_seq}",
            )
        if row.seq != expected_seq:
            return AuditProblem(
                expected_seq,
                "deleted",
                f"audit row seq {expected_seq} was deleted: the next row is seq {row.seq}",
            )
        if row_hash(row.prev_hash, row.seq, row.at, row.kind, row.details) != row.hash:
            return AuditProblem(
                row.seq,
                "edited",
                f"audit row seq {row.seq} was edited: its hash does not match its content",
            )
        if row.prev_hash != prev_hash:
            return AuditProblem(
                row.seq,
                "inserted",
                f"audit row seq {row.seq} does not chain to the row before it: "
                "it was inserted (or the row before it replaced)",
            )
        prev_hash = row.hash
        expected_seq += 1
    if expected_seq - 1 < head_seq:
        return AuditProblem(
            expected_seq,
            "deleted",
            f"audit row seq {expected_seq} was deleted: the log's head ends at seq {head_seq}",
        )
    if prev_hash != head_hash:
        return AuditProblem(
            head_seq,
            "edited",
            f"audit row seq {head_seq} was edited: it is not the last row the log's head recorded",
        )
    return None
