"""`Store`: the table server's durable state, behind one write path.

`commit(batch)` writes a request's events, sealed records, postings, rounds index, idempotency
record and audit entries in one transaction, or nothing. It checks the batch first (nothing is
written for a bad one), then, inside the transaction and always in this order so two writers
cannot deadlock: the idempotency key (a retry gets the first answer back), the table's stream
head (moved from `expected_version` only if no one moved it first), the accounts touched (in
sorted order), the audit log's head. On PostgreSQL those rows are the locks; on SQLite the
`BEGIN IMMEDIATE` transaction is. Whatever slips past the checks into a unique constraint is
read back as the replay or the conflict it was.
"""

from __future__ import annotations

import contextlib
import secrets
import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, Row, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from tablegames.store import schema as s
from tablegames.store import statements as q
from tablegames.store.audit import AuditEntry, AuditProblem, AuditRow
from tablegames.store.audit import verify as verify_rows
from tablegames.store.engine import READ_ONLY, connect
from tablegames.store.errors import StoreError, TableClosed, VersionConflict
from tablegames.store.jsontext import check_object, dumps, loads_object
from tablegames.store.records import (
    Batch,
    IdempotencyRecord,
    PlayerRow,
    PostingRow,
    RoundRow,
    TableRow,
    check_account,
    check_audit,
    check_batch,
    check_int,
    check_optional_text,
    check_text,
)
from tablegames.store.schema import migrate
from tablegames.store.statements import Driver
from tablegames.store.transaction import (
    append_audit,
    idempotency,
    post,
    race_error,
    refuse_replay,
    upsert_round,
)
from tablegames.store.writer_lock import WriterLock

OPERATOR_TOKEN = "operator_token_hash"
Clock = Callable[[], datetime]


def _sqlite_file(engine: Engine) -> Path | None:
    database = engine.url.database
    return Path(database).expanduser().resolve() if database else None


def _utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(slots=True)
class _Waiting:
    """A batch in the group-commit queue and what became of it."""

    batch: Batch
    done: bool = False
    version: int = 0
    error: BaseException | None = None


class Store:
    """The event store, ledger, sealed records, rounds index and audit log of one database."""

    def __init__(self, engine: Engine, *, clock: Clock = _utc_now) -> None:
        self._engine = engine
        self._reader = engine.execution_options(**{READ_ONLY: True})
        self._clock = clock
        # SQLite has one writer at a time: writers of this process and of any other on the same
        # file queue on `WriterLock` rather than sleep in SQLite's busy handler. PostgreSQL
        # locks rows: writers of different tables go on together.
        self._write_queue: WriterLock | contextlib.nullcontext[None] = (
            WriterLock(_sqlite_file(engine))
            if engine.dialect.name == "sqlite"
            else contextlib.nullcontext()
        )
        # Group commit (SQLite): the batches waiting for the write lock (`commit`).
        self._grouping = threading.Lock() if engine.dialect.name == "sqlite" else None
        self._queue: list[_Waiting] = []

    @classmethod
    def open(cls, url: str, *, clock: Clock = _utc_now) -> Store:
        """Connect and create or migrate the schema. `clock` (UTC) is for tests of the day."""
        engine = connect(url)
        try:
            migrate(engine)
        except BaseException:
            engine.dispose()
            raise
        return cls(engine, clock=clock)

    @property
    def engine(self) -> Engine:
        """The SQLAlchemy engine (for tools and tests that read the tables directly)."""
        return self._engine

    def close(self) -> None:
        """Close every pooled connection."""
        self._engine.dispose()
        if isinstance(self._write_queue, WriterLock):
            self._write_queue.close()

    # -- connections -------------------------------------------------------------------------

    def _now(self) -> tuple[str, str]:
        now = self._clock().astimezone(UTC)
        return now.isoformat(timespec="microseconds"), now.date().isoformat()

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        with self._write_queue, self._engine.begin() as conn:
            yield conn

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with self._reader.connect() as conn, conn.begin():
            yield conn

    @contextmanager
    def _driver(self, conn: Connection) -> Iterator[Driver]:
        driver = Driver(conn)
        try:
            yield driver
        finally:
            driver.close()

    def _read_one(self, statement: q.Prepared, params: Mapping[str, Any]) -> Any:
        """One hot read (a single statement, so it needs no transaction of its own to be
        consistent): the first column of its first row, or None."""
        with self._reader.connect() as conn, self._driver(conn) as driver:
            return driver.scalar(statement, params)

    # -- players and the operator secret -----------------------------------------------------

    def create_player(self, name: str, token_hash: str) -> str:
        """Register a player (only the hash of their token is kept); the new player id."""
        check_text(name, "player name")
        check_text(token_hash, "token hash")
        player_id = "p-" + secrets.token_hex(6)
        at, _ = self._now()
        try:
            with self._write() as conn:
                conn.execute(
                    insert(s.players).values(
                        player_id=player_id, name=name, token_hash=token_hash, created_at=at
                    )
                )
        except IntegrityError as err:
            raise StoreError("that token hash already belongs to a player") from err
        return player_id

    def player(self, player_id: str) -> PlayerRow | None:
        """The player with this id, or None."""
        with self._read() as conn:
            row = conn.execute(
                select(s.players).where(s.players.c.player_id == player_id)
            ).one_or_none()
        return None if row is None else _player(row)

    def players(self, limit: int) -> list[PlayerRow]:
        """The last `limit` players registered, newest first (the operator's list of players;
        the floor looks for who just joined)."""
        check_int(limit, "limit", minimum=0)
        query = (
            select(s.players)
            .order_by(s.players.c.created_at.desc(), s.players.c.player_id)
            .limit(limit)
        )
        with self._read() as conn:
            return [_player(row) for row in conn.execute(query)]

    def player_by_token(self, token_hash: str) -> PlayerRow | None:
        """The player whose token hashes to `token_hash`, or None."""
        with self._read() as conn:
            row = conn.execute(
                select(s.players).where(s.players.c.token_hash == token_hash)
            ).one_or_none()
        return None if row is None else _player(row)

    def operator_token_hash(self) -> str | None:
        """The hash of the operator token, once one was set."""
        with self._read() as conn:
            return conn.execute(
                select(s.settings.c.value).where(s.settings.c.name == OPERATOR_TOKEN)
            ).scalar_one_or_none()

    def set_operator_token_hash(self, h: str) -> None:
        """Store the operator token's hash (one value, never the token). A configured token
        (TABLEGAMES_OPERATOR_TOKEN) that changed between starts replaces the one stored."""
        check_text(h, "operator token hash")
        with self._write() as conn:
            stored = conn.execute(
                select(s.settings.c.value).where(s.settings.c.name == OPERATOR_TOKEN)
            ).scalar_one_or_none()
            if stored is None:
                conn.execute(insert(s.settings).values(name=OPERATOR_TOKEN, value=h))
            elif stored != h:
                conn.execute(
                    update(s.settings).where(s.settings.c.name == OPERATOR_TOKEN).values(value=h)
                )

    # -- tables ------------------------------------------------------------------------------

    def create_table(self, row: TableRow, opening: Batch | None = None) -> None:
        """Record an opened table (its stream starts at version 0) and, in the same
        transaction, its `opening` batch (the first entries of its stream at version 0).

        One transaction, because a table recorded without its opening entries cannot be
        restored (a stream starts with the rules filed): a crash between two transactions
        left such a table, and every later start of the server failed on it.
        """
        if not isinstance(row, TableRow):
            raise StoreError(f"create_table takes a TableRow, not {type(row).__name__}")
        for name in ("table_id", "game", "name", "rules_digest", "opened_at"):
            check_text(getattr(row, name), f"table {name}")
        check_optional_text(row.closed_at, "table closed_at")
        rules = dumps(check_object(row.rules, "table rules"))
        if opening is not None:
            check_batch(opening)
            if opening.table_id != row.table_id or opening.expected_version != 0:
                raise StoreError(
                    f"the opening batch of table {row.table_id} names table "
                    f"{opening.table_id} at version {opening.expected_version}, not version 0"
                )
        try:
            with self._write() as conn:
                conn.execute(
                    insert(s.tables).values(
                        table_id=row.table_id,
                        game=row.game,
                        name=row.name,
                        rules=rules,
                        rules_digest=row.rules_digest,
                        opened_at=row.opened_at,
                        closed_at=row.closed_at,
                        version=0,
                    )
                )
                if opening is not None:
                    at, day = self._now()
                    with self._driver(conn) as driver:
                        self._commit(driver, opening, at, day)
        except IntegrityError as err:
            raise StoreError(f"table {row.table_id} already exists") from err

    def tables(self, open_only: bool = True) -> list[TableRow]:
        """The tables in the order they were opened (by default only those still open)."""
        query = select(s.tables).order_by(s.tables.c.opened_at, s.tables.c.table_id)
        if open_only:
            query = query.where(s.tables.c.closed_at.is_(None))
        with self._read() as conn:
            return [_table(row) for row in conn.execute(query)]

    def table(self, table_id: str) -> TableRow | None:
        """The table with this id (open or closed), or None."""
        with self._read() as conn:
            row = conn.execute(
                select(s.tables).where(s.tables.c.table_id == table_id)
            ).one_or_none()
        return None if row is None else _table(row)

    def close_table(self, table_id: str, audit: Sequence[AuditEntry] = ()) -> None:
        """Mark a table closed now (a table already closed keeps its first closing time), with
        the `audit` entries of its closing in the same transaction (written only when it
        closes now): a crash cannot leave a table closed with no significant event logged."""
        entries = [check_audit(entry, f"audit entry {i}") for i, entry in enumerate(audit)]
        at, _ = self._now()
        with self._write() as conn:
            found = conn.execute(
                select(s.tables.c.closed_at).where(s.tables.c.table_id == table_id)
            ).one_or_none()
            if found is None:
                raise StoreError(f"no table {table_id!r} to close")
            if found.closed_at is None:
                conn.execute(
                    update(s.tables).where(s.tables.c.table_id == table_id).values(closed_at=at)
                )
                if entries:
                    with self._driver(conn) as driver:
                        append_audit(driver, entries, at)

    # -- the write path ----------------------------------------------------------------------

    def commit(self, batch: Batch) -> int:
        """Write the whole batch in one transaction; the table stream's new version (0 when the
        batch names no table).

        Raises VersionConflict when the stream is not at `expected_version`, IdempotencyReplay
        when the idempotency key is already stored, StoreError for anything malformed; in each
        case nothing is written.

        On SQLite, batches that arrive while another transaction is being written are written
        together in the next one (group commit), each inside its own savepoint: a batch refused
        rolls back alone, and every batch of the group returns only once the transaction that
        holds it has committed. One write to disk then serves many requests.
        """
        check_batch(batch)
        if self._grouping is None:
            return self._commit_one(batch)
        waiting = _Waiting(batch)
        with self._grouping:
            self._queue.append(waiting)
        with self._write_queue:
            if not waiting.done:
                with self._grouping:
                    group, self._queue = self._queue, []
                self._commit_group(group)
        if waiting.error is not None:
            raise waiting.error
        return waiting.version

    def _commit_group(self, group: list[_Waiting]) -> None:
        """Write `group` in one transaction (SQLite; the caller holds the write lock)."""
        try:
            if len(group) == 1:
                group[0].version = self._commit_one(group[0].batch)
                return
            with self._sqlite_transaction() as (driver, savepoint):
                at, day = self._now()
                for waiting in group:
                    try:
                        with savepoint():
                            waiting.version = self._commit(driver, waiting.batch, at, day)
                    except IntegrityError as err:
                        waiting.error = race_error(driver, waiting.batch, err)
                    except Exception as err:  # this batch's refusal: the others go on
                        waiting.error = err
        except BaseException as err:
            # The transaction itself failed: no batch of the group was written.
            for waiting in group:
                waiting.error = waiting.error or err
            if len(group) == 1 or not isinstance(err, Exception):
                raise
        finally:
            for waiting in group:
                waiting.done = True

    def _commit_one(self, batch: Batch) -> int:
        """One batch in its own transaction (PostgreSQL; on SQLite, a group of one, under the
        write lock the caller holds)."""
        try:
            if self._grouping is not None:
                with self._sqlite_transaction() as (driver, _):
                    at, day = self._now()
                    return self._commit(driver, batch, at, day)
            with self._engine.begin() as conn, self._driver(conn) as driver:
                # Stamped once the transaction holds the write lock (SQLite), so postings of one
                # gaming day never interleave with the next day's.
                at, day = self._now()
                return self._commit(driver, batch, at, day)
        except IntegrityError as err:
            # Two writers raced past the checks into a unique constraint: say which race it was.
            with self._read() as conn, self._driver(conn) as driver:
                raise race_error(driver, batch, err) from err

    @contextmanager
    def _sqlite_transaction(
        self,
    ) -> Iterator[tuple[Driver, Callable[[], contextlib.AbstractContextManager[None]]]]:
        """An SQLite write transaction run on the DBAPI connection itself (`BEGIN IMMEDIATE`,
        `COMMIT`, and a `SAVEPOINT` per batch of a group), under the write lock the caller
        holds: SQLAlchemy's begin, commit and savepoint machinery had cost as much as SQLite's
        own work for a batch. Yields the driver and the savepoint maker: a batch that raises
        inside its savepoint is rolled back alone. Anything else that raises rolls the whole
        transaction back."""
        pooled = self._engine.raw_connection()
        dbapi: sqlite3.Connection = pooled.driver_connection  # type: ignore[assignment]
        driver = Driver.of_dbapi(dbapi, "sqlite", sqlite3.IntegrityError)

        @contextmanager
        def savepoint() -> Iterator[None]:
            dbapi.execute("SAVEPOINT batch")
            try:
                yield
            except BaseException:
                dbapi.execute("ROLLBACK TO batch")
                dbapi.execute("RELEASE batch")
                raise
            dbapi.execute("RELEASE batch")

        try:
            dbapi.execute("BEGIN IMMEDIATE")
            try:
                yield driver, savepoint
                dbapi.execute("COMMIT")
            except BaseException:
                if dbapi.in_transaction:
                    dbapi.execute("ROLLBACK")
                raise
        finally:
            driver.close()
            pooled.close()

    def _commit(self, conn: Driver, batch: Batch, at: str, day: str) -> int:
        if batch.idempotency is not None:
            refuse_replay(conn, batch.idempotency)
        version = self._advance(conn, batch)
        if batch.events:
            if batch.table_id is None or batch.expected_version is None:
                # check_batch refuses this before the transaction; kept for the type checker.
                raise StoreError("a batch with events names its table and expected version")
            first = batch.expected_version + 1
            conn.run_many(
                q.INSERT_EVENT,
                [
                    {"table_id": batch.table_id, "version": first + i, "event": dumps(e), "at": at}
                    for i, e in enumerate(batch.events)
                ],
            )
        if batch.sealed:
            conn.run_many(
                q.INSERT_SEALED,
                [{"table_id": batch.table_id, "record": dumps(r), "at": at} for r in batch.sealed],
            )
        if batch.postings:
            post(conn, batch.postings, at, day)
        for row in batch.rounds:
            upsert_round(conn, row, at)
        if batch.idempotency is not None:
            record = batch.idempotency
            conn.run(
                q.INSERT_IDEMPOTENCY,
                {
                    "principal": record.principal,
                    "key": record.key,
                    "request_hash": record.request_hash,
                    "status": record.status,
                    "response": dumps(record.response),
                    "at": at,
                },
            )
        if batch.audit:
            append_audit(conn, batch.audit, at)
        return version

    def _advance(self, conn: Driver, batch: Batch) -> int:
        """Move the stream head from `expected_version` past the batch's events (locking it)."""
        if batch.table_id is None:
            return 0
        table_id = batch.table_id
        expected = batch.expected_version
        if batch.events:
            if expected is None:
                raise StoreError("a batch with events names the version it expects")
            new = expected + len(batch.events)
            moved = conn.run(q.ADVANCE, {"table_id": table_id, "expected": expected, "new": new})
            if moved == 1:
                return new
        head = conn.first(q.HEAD_FOR_UPDATE, {"table_id": table_id})
        if head is None:
            raise StoreError(f"no table {table_id!r}: create_table first")
        actual, closed_at = head
        if closed_at is not None and batch.events:
            raise TableClosed(table_id)
        if expected is not None and actual != expected:
            # A writer that got there first may have been this request's first attempt.
            if batch.idempotency is not None:
                refuse_replay(conn, batch.idempotency)
            raise VersionConflict(table_id, expected, int(actual))
        return int(actual)

    def audit(self, kind: str, details: Mapping[str, Any]) -> None:
        """Append one significant event to the log, on its own."""
        entry = check_audit(AuditEntry(kind, details), "audit entry")
        at, _ = self._now()
        with self._write() as conn, self._driver(conn) as driver:
            append_audit(driver, [entry], at)

    # -- reads -------------------------------------------------------------------------------

    def events(self, table_id: str, after: int = 0) -> list[tuple[int, dict[str, Any]]]:
        """The table's events after version `after`, as (version, event), in order."""
        check_int(after, "after", minimum=0)
        query = (
            select(s.events.c.version, s.events.c.event)
            .where(s.events.c.table_id == table_id, s.events.c.version > after)
            .order_by(s.events.c.version)
        )
        with self._read() as conn:
            return [(int(row.version), loads_object(row.event)) for row in conn.execute(query)]

    def version(self, table_id: str) -> int:
        """The table stream's version: the number of events appended (0 when none or no table)."""
        found = self._read_one(q.VERSION, {"table_id": table_id})
        return 0 if found is None else int(found)

    def sealed(self, table_id: str) -> list[dict[str, Any]]:
        """The table's house-only records (shoe orders, salts) in the order they were sealed."""
        by_table = s.sealed.c.table_id == table_id
        query = select(s.sealed.c.record).where(by_table).order_by(s.sealed.c.seq)
        with self._read() as conn:
            return [loads_object(text) for text in conn.execute(query).scalars()]

    def balance(self, account: str) -> int:
        """Credits minus debits of an account, in cents (0 for one never posted to)."""
        check_account(account, "account")
        found = self._read_one(q.BALANCE, {"account": account})
        return 0 if found is None else int(found)

    def balances(self) -> dict[str, int]:
        """Every account's balance (they sum to zero: each posting debits what it credits)."""
        with self._read() as conn:
            rows = conn.execute(select(s.balances).order_by(s.balances.c.account))
            return {row.account: int(row.balance) for row in rows}

    def postings(self, account: str | None = None, day: str | None = None) -> list[PostingRow]:
        """The postings in the order they were written, of one account and/or one gaming day."""
        query = select(s.postings).order_by(s.postings.c.id)
        if account is not None:
            query = query.where(or_(s.postings.c.debit == account, s.postings.c.credit == account))
        if day is not None:
            query = query.where(s.postings.c.day == day)
        with self._read() as conn:
            return [_posting(row) for row in conn.execute(query)]

    def idempotency(self, principal: str, key: str) -> IdempotencyRecord | None:
        """The stored first answer for this principal's key, or None."""
        with self._reader.connect() as conn, self._driver(conn) as driver:
            return idempotency(driver, principal, key)

    def rounds_of(self, player_id: str, limit: int) -> list[RoundRow]:
        """The player's last `limit` rounds, newest first."""
        check_int(limit, "limit", minimum=0)
        query = (
            select(s.rounds)
            .join(s.round_players, s.round_players.c.round_id == s.rounds.c.round_id)
            .where(s.round_players.c.player_id == player_id)
            .order_by(s.rounds.c.seq.desc())
            .limit(limit)
        )
        with self._read() as conn:
            return [_round(conn, row) for row in conn.execute(query).all()]

    def round(self, round_id: str) -> RoundRow | None:
        """The recall index of one round, or None."""
        with self._read() as conn:
            row = conn.execute(
                select(s.rounds).where(s.rounds.c.round_id == round_id)
            ).one_or_none()
            return None if row is None else _round(conn, row)

    def verify_audit(self) -> AuditProblem | None:
        """The first edited, inserted or deleted row of the audit log, or None when intact."""
        return self.audit_check()[1]

    def audit_check(self) -> tuple[int, AuditProblem | None]:
        """How many rows the audit log holds, and its first edited, inserted or deleted row
        (None when intact): `verify_audit` with the count read in the same transaction, so the
        operator's page names how many entries the verdict covers."""
        with self._read() as conn:
            count = int(conn.execute(select(func.count()).select_from(s.audit_log)).scalar_one())
            head = conn.execute(select(s.audit_head)).one_or_none()
            head_seq, head_hash = (0, "") if head is None else (int(head.seq), str(head.hash))
            rows = conn.execute(select(s.audit_log).order_by(s.audit_log.c.seq))
            problem = verify_rows(
                (AuditRow(int(r.seq), r.at, r.kind, r.details, r.prev_hash, r.hash) for r in rows),
                head_seq,
                head_hash,
            )
        return count, problem


# -- rows to records ---------------------------------------------------------------------------


def _player(row: Row[Any]) -> PlayerRow:
    return PlayerRow(player_id=row.player_id, name=row.name, created_at=row.created_at)


def _table(row: Row[Any]) -> TableRow:
    return TableRow(
        table_id=row.table_id,
        game=row.game,
        name=row.name,
        rules=loads_object(row.rules),
        rules_digest=row.rules_digest,
        opened_at=row.opened_at,
        closed_at=row.closed_at,
    )


def _posting(row: Row[Any]) -> PostingRow:
    return PostingRow(
        id=int(row.id),
        at=row.at,
        day=row.day,
        debit=row.debit,
        credit=row.credit,
        amount=int(row.amount),
        reason=row.reason,
        table_id=row.table_id,
        round_id=row.round_id,
        player_id=row.player_id,
        debit_balance=int(row.debit_balance),
        credit_balance=int(row.credit_balance),
    )


def _round(conn: Connection, row: Row[Any]) -> RoundRow:
    players = conn.execute(
        select(s.round_players.c.player_id)
        .where(s.round_players.c.round_id == row.round_id)
        .order_by(s.round_players.c.position)
    ).scalars()
    return RoundRow(
        round_id=row.round_id,
        table_id=row.table_id,
        first_version=int(row.first_version),
        last_version=None if row.last_version is None else int(row.last_version),
        players=tuple(players),
    )
