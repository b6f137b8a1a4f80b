"""What one write transaction does with a batch, on an open connection's driver (the prepared
statements of `tablegames.store.statements`): the checks that a batch may be written (the
idempotency key, a race caught by a unique constraint), and its writes (postings with running
balances and the overdraft guard, the rounds index, the audit chain).

`tablegames.store.store.Store` opens the transactions and calls these in a fixed order (see its
module docstring); nothing here opens or commits one.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.exc import IntegrityError

from tablegames.store import statements as q
from tablegames.store.audit import AuditEntry, canonical_details, row_hash
from tablegames.store.errors import IdempotencyReplay, Overdrawn, StoreError, VersionConflict
from tablegames.store.jsontext import loads_object
from tablegames.store.records import (
    PLAYER_ACCOUNT_PREFIX,
    Batch,
    IdempotencyRecord,
    Posting,
    RoundRow,
)
from tablegames.store.statements import Driver


def explain_race(conn: Driver, batch: Batch) -> None:
    """Raise the race a unique constraint caught: a replay of the key, or a moved stream."""
    if batch.idempotency is not None:
        stored = idempotency(conn, batch.idempotency.principal, batch.idempotency.key)
        if stored is not None:
            raise IdempotencyReplay(stored)
    if batch.table_id is not None and batch.expected_version is not None:
        found = conn.scalar(q.VERSION, {"table_id": batch.table_id})
        actual = 0 if found is None else int(found)
        if actual != batch.expected_version:
            raise VersionConflict(batch.table_id, batch.expected_version, actual)


def race_error(conn: Driver, batch: Batch, err: IntegrityError) -> StoreError:
    try:
        explain_race(conn, batch)
    except StoreError as explained:
        return explained
    return StoreError(f"the batch was refused by the database and not written: {err.orig}")


def idempotency(conn: Driver, principal: str, key: str) -> IdempotencyRecord | None:
    row = conn.first(q.IDEMPOTENCY, {"principal": principal, "key": key})
    if row is None:
        return None
    request_hash, status, response = row
    return IdempotencyRecord(
        principal=principal,
        key=key,
        request_hash=str(request_hash),
        status=int(status),
        response=loads_object(response),
    )


def refuse_replay(conn: Driver, record: IdempotencyRecord) -> None:
    stored = idempotency(conn, record.principal, record.key)
    if stored is not None:
        raise IdempotencyReplay(stored)


def post(conn: Driver, batch: Sequence[Posting], at: str, day: str) -> None:
    """Insert the postings with each account's running balance, locking accounts in order."""
    delta: dict[str, int] = {}
    for posting in batch:
        delta[posting.debit] = delta.get(posting.debit, 0) - posting.amount
        delta[posting.credit] = delta.get(posting.credit, 0) + posting.amount
    running: dict[str, int] = {}
    for account in sorted(delta):
        # One account at a time, in sorted order: the order the rows are locked in.
        balance = conn.scalar(q.UPSERT_BALANCE, {"account": account, "balance": delta[account]})
        if balance is None:
            raise StoreError(f"the balance of {account} was not written")
        # A player's wallet is checked by the server before it spends, in one process; this
        # is the check that holds across processes (the row is locked until the commit).
        if account.startswith(PLAYER_ACCOUNT_PREFIX) and int(balance) < 0:
            raise Overdrawn(account, int(balance))
        running[account] = int(balance) - delta[account]
    rows = []
    for posting in batch:
        running[posting.debit] -= posting.amount
        running[posting.credit] += posting.amount
        rows.append(
            {
                "at": at,
                "day": day,
                "debit": posting.debit,
                "credit": posting.credit,
                "amount": posting.amount,
                "reason": posting.reason,
                "table_id": posting.table_id,
                "round_id": posting.round_id,
                "player_id": posting.player_id,
                "debit_balance": running[posting.debit],
                "credit_balance": running[posting.credit],
            }
        )
    conn.run_many(q.INSERT_POSTING, rows)


def upsert_round(conn: Driver, row: RoundRow, at: str) -> None:
    """Insert the round's index row, or move its versions (a round is written when it starts
    and again when it completes); its players are rewritten only when they changed."""
    moved = conn.run(
        q.UPDATE_ROUND,
        {
            "round_id": row.round_id,
            "table_id": row.table_id,
            "first_version": row.first_version,
            "last_version": row.last_version,
        },
    )
    if moved:
        stored = conn.all(q.ROUND_PLAYERS, {"round_id": row.round_id})
        if tuple(player for (player,) in stored) == row.players:
            return
        conn.run(q.DELETE_ROUND_PLAYERS, {"round_id": row.round_id})
    else:
        found = conn.scalar(q.ROUND_TABLE, {"round_id": row.round_id})
        if found is not None:
            raise StoreError(f"round {row.round_id} belongs to table {found}")
        conn.run(
            q.INSERT_ROUND,
            {
                "round_id": row.round_id,
                "table_id": row.table_id,
                "first_version": row.first_version,
                "last_version": row.last_version,
                "started_at": at,
            },
        )
    conn.run_many(
        q.INSERT_ROUND_PLAYER,
        [
            {"round_id": row.round_id, "position": index, "player_id": player}
            for index, player in enumerate(row.players)
        ],
    )


def append_audit(conn: Driver, entries: Sequence[AuditEntry], at: str) -> None:
    head = conn.first(q.AUDIT_HEAD, {"head": 1})
    if head is None:
        raise StoreError("the audit log has no head row: the schema was not created")
    seq, prev_hash = int(head[0]), str(head[1])
    rows = []
    for entry in entries:
        seq += 1
        details = canonical_details(entry.details)
        digest = row_hash(prev_hash, seq, at, entry.kind, details)
        rows.append(
            {
                "seq": seq,
                "at": at,
                "kind": entry.kind,
                "details": details,
                "prev_hash": prev_hash,
                "hash": digest,
            }
        )
        prev_hash = digest
    conn.run_many(q.INSERT_AUDIT, rows)
    conn.run(q.MOVE_AUDIT_HEAD, {"seq": seq, "hash": prev_hash, "head": 1})
