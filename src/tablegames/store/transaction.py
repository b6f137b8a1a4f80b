"""What one write transaction does with a batch, on an open connection: the statements of the
hot path (built once, so SQLAlchemy reuses their compiled form), the checks that a batch may be
written (the idempotency key, a race caught by a unique constraint), and its writes (postings
with running balances and the overdraft guard, the rounds index, the audit chain).

`tablegames.store.store.Store` opens the transactions and calls these in a fixed order (see its
module docstring); nothing here opens or commits one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, Insert, bindparam, insert, select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError

from tablegames.store import schema as s
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

# The statements of the hot path (every command: the stream head, the events, the postings),
# built once: SQLAlchemy then reuses their compiled form without rebuilding the expression.
ADVANCE = (
    update(s.tables)
    .where(s.tables.c.table_id == bindparam("b_table"), s.tables.c.version == bindparam("b_from"))
    .values(version=bindparam("b_to"))
)
VERSION = select(s.tables.c.version).where(s.tables.c.table_id == bindparam("b_table"))
INSERT_EVENTS = insert(s.events)
INSERT_POSTINGS = insert(s.postings)
UPDATE_ROUND = (
    update(s.rounds)
    .where(s.rounds.c.round_id == bindparam("b_round"), s.rounds.c.table_id == bindparam("b_table"))
    .values(first_version=bindparam("b_first"), last_version=bindparam("b_last"))
)
ROUND_PLAYERS = (
    select(s.round_players.c.player_id)
    .where(s.round_players.c.round_id == bindparam("b_round"))
    .order_by(s.round_players.c.position)
)
BALANCE = select(s.balances.c.balance).where(s.balances.c.account == bindparam("b_account"))


def balance_upsert(make_insert: Any) -> Insert:
    """Add each account's change to its balance (creating it at 0) and return the new
    balances in the order of the rows given: one statement for every account a batch touches.
    The rows go in sorted account order, which is the order the rows are locked in."""
    statement = make_insert(s.balances)
    upsert: Insert = statement.on_conflict_do_update(
        index_elements=[s.balances.c.account],
        set_={"balance": s.balances.c.balance + statement.excluded.balance},
    ).returning(s.balances.c.account, s.balances.c.balance, sort_by_parameter_order=True)
    return upsert


UPSERT_BALANCES = {
    "sqlite": balance_upsert(sqlite_insert),
    "postgresql": balance_upsert(postgresql_insert),
}


def explain_race(conn: Connection, batch: Batch) -> None:
    """Raise the race a unique constraint caught: a replay of the key, or a moved stream."""
    if batch.idempotency is not None:
        stored = idempotency(conn, batch.idempotency.principal, batch.idempotency.key)
        if stored is not None:
            raise IdempotencyReplay(stored)
    if batch.table_id is not None and batch.expected_version is not None:
        found = conn.execute(VERSION, {"b_table": batch.table_id}).scalar_one_or_none()
        actual = 0 if found is None else int(found)
        if actual != batch.expected_version:
            raise VersionConflict(batch.table_id, batch.expected_version, actual)


def race_error(conn: Connection, batch: Batch, err: IntegrityError) -> StoreError:
    try:
        explain_race(conn, batch)
    except StoreError as explained:
        return explained
    return StoreError(f"the batch was refused by the database and not written: {err.orig}")


def idempotency(conn: Connection, principal: str, key: str) -> IdempotencyRecord | None:
    row = conn.execute(
        select(s.idempotency).where(
            s.idempotency.c.principal == principal, s.idempotency.c.key == key
        )
    ).one_or_none()
    if row is None:
        return None
    return IdempotencyRecord(
        principal=row.principal,
        key=row.key,
        request_hash=row.request_hash,
        status=int(row.status),
        response=loads_object(row.response),
    )


def refuse_replay(conn: Connection, record: IdempotencyRecord) -> None:
    stored = idempotency(conn, record.principal, record.key)
    if stored is not None:
        raise IdempotencyReplay(stored)


def post(conn: Connection, batch: Sequence[Posting], at: str, day: str) -> None:
    """Insert the postings with each account's running balance, locking accounts in order."""
    delta: dict[str, int] = {}
    for posting in batch:
        delta[posting.debit] = delta.get(posting.debit, 0) - posting.amount
        delta[posting.credit] = delta.get(posting.credit, 0) + posting.amount
    changes = [{"account": account, "balance": delta[account]} for account in sorted(delta)]
    after = conn.execute(UPSERT_BALANCES[conn.dialect.name], changes).all()
    running = {str(row.account): int(row.balance) - delta[str(row.account)] for row in after}
    if sorted(running) != sorted(delta):
        raise StoreError("the balances written are not the accounts the postings touch")
    for row in after:
        # A player's wallet is checked by the server before it spends, in one process; this
        # is the check that holds across processes (the row is locked until the commit).
        if str(row.account).startswith(PLAYER_ACCOUNT_PREFIX) and int(row.balance) < 0:
            raise Overdrawn(str(row.account), int(row.balance))
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
    conn.execute(INSERT_POSTINGS, rows)


def upsert_round(conn: Connection, row: RoundRow, at: str) -> None:
    """Insert the round's index row, or move its versions (a round is written when it starts
    and again when it completes); its players are rewritten only when they changed."""
    moved = conn.execute(
        UPDATE_ROUND,
        {
            "b_round": row.round_id,
            "b_table": row.table_id,
            "b_first": row.first_version,
            "b_last": row.last_version,
        },
    ).rowcount
    if moved:
        stored = conn.execute(ROUND_PLAYERS, {"b_round": row.round_id}).scalars().all()
        if tuple(stored) == row.players:
            return
        conn.execute(s.round_players.delete().where(s.round_players.c.round_id == row.round_id))
    else:
        found = conn.execute(
            select(s.rounds.c.table_id).where(s.rounds.c.round_id == row.round_id)
        ).one_or_none()
        if found is not None:
            raise StoreError(f"round {row.round_id} belongs to table {found.table_id}")
        conn.execute(
            insert(s.rounds).values(
                round_id=row.round_id,
                table_id=row.table_id,
                first_version=row.first_version,
                last_version=row.last_version,
                started_at=at,
            )
        )
    if row.players:
        conn.execute(
            insert(s.round_players),
            [
                {"round_id": row.round_id, "position": index, "player_id": player}
                for index, player in enumerate(row.players)
            ],
        )


def append_audit(conn: Connection, entries: Sequence[AuditEntry], at: str) -> None:
    head = conn.execute(select(s.audit_head).where(s.audit_head.c.id == 1).with_for_update()).one()
    seq, prev_hash = int(head.seq), str(head.hash)
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
    conn.execute(insert(s.audit_log), rows)
    conn.execute(update(s.audit_head).where(s.audit_head.c.id == 1).values(seq=seq, hash=prev_hash))
