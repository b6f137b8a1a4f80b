"""What a request leaves behind besides its events: the answer (kept for an idempotent repeat),
the idempotency record, the postings of its money moves and the rounds index rows of the rounds
it started or completed. `tablegames.server.service.Service` puts them in one batch."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tablegames.server.errors import CommandRefused
from tablegames.server.money import MoneyMove
from tablegames.server.runtime import Outcome, TableRuntime
from tablegames.store import IdempotencyRecord, Posting, RoundRow


@dataclass(frozen=True, slots=True)
class Answer:
    """A response: its HTTP status and JSON body (kept for an idempotent repeat)."""

    status: int
    body: Mapping[str, Any]


def request_hash(method: str, path: str, body: Any) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(f"{method} {path}\n{canonical}".encode()).hexdigest()


def answer_from_record(record: IdempotencyRecord, idempotency: tuple[str, str] | None) -> Answer:
    """The first answer again, if the repeat carries the same body (its hash)."""
    if idempotency is not None and record.request_hash != idempotency[1]:
        raise CommandRefused(
            f"the Idempotency-Key {idempotency[0]!r} was used for another request", status=409
        )
    return Answer(record.status, record.response)


def idempotency_record(
    principal_key: str, idempotency: tuple[str, str] | None, answer: Answer
) -> IdempotencyRecord | None:
    if idempotency is None:
        return None
    key, digest = idempotency
    return IdempotencyRecord(principal_key, key, digest, answer.status, dict(answer.body))


def posting_of(move: MoneyMove, table_id: str) -> Posting:
    return Posting(
        move.debit, move.credit, move.amount, move.reason, table_id, move.round_id, move.player_id
    )


def round_rows(runtime: TableRuntime, outcome: Outcome) -> tuple[RoundRow, ...]:
    """The index rows of the rounds `outcome` started or completed (a round is written when it
    starts and again when it completes)."""
    started, completed = outcome.round_started, outcome.round_completed
    named = [round_id for round_id in (started, completed) if round_id is not None]
    rows = []
    for round_id in dict.fromkeys(named):
        record = runtime.round_record(round_id)
        rows.append(
            RoundRow(
                round_id=round_id,
                table_id=record["table_id"],
                first_version=record["started_version"],
                last_version=record["completed_version"],
                players=tuple(record["players"]),
            )
        )
    return tuple(rows)
