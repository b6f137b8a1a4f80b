"""The statements of the write path, compiled once per database, and run on the driver's own
cursor.

Each command of a live table writes a handful of rows (its events, postings and balances, the
stream head); SQLAlchemy's per-statement work (compiling from its cache, wrapping parameters
and results, dispatching its events) cost more than the database's own work did: about half
of a command's time in the server. The statements here are still SQLAlchemy Core expressions
built from the schema (so the SQL is quoted and typed for each database as SQLAlchemy writes
it); they are compiled to text once for each database at import, and `Driver` runs the text
on the DBAPI cursor of a connection SQLAlchemy has opened, inside the transaction SQLAlchemy
began. Transactions, savepoints, pooling and everything off the hot path stay SQLAlchemy's.

A unique constraint the driver reports is raised as SQLAlchemy's `IntegrityError`, as before,
so the store tells a replayed key or a moved stream apart the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from sqlalchemy import Column, Connection, Table, bindparam, insert, select, update
from sqlalchemy.dialects import sqlite
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.postgresql.psycopg import PGDialect_psycopg
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql import ClauseElement

from tablegames.store import schema as s

# The two databases the store runs on, each with the parameter style its driver takes by name
# (`:name` for sqlite3, `%(name)s` for psycopg): parameters always go as mappings.
_DIALECTS: Final = {
    "sqlite": sqlite.dialect(paramstyle="named"),
    "postgresql": PGDialect_psycopg(),  # type: ignore[no-untyped-call]
}


class Prepared:
    """One statement's text for each database, compiled from a Core expression once."""

    __slots__ = ("texts",)

    def __init__(self, **per_dialect: ClauseElement) -> None:
        self.texts = {
            name: str(expression.compile(dialect=_DIALECTS[name]))
            for name, expression in per_dialect.items()
        }

    @classmethod
    def of(cls, expression: ClauseElement) -> Prepared:
        """The same expression on both databases."""
        return cls(sqlite=expression, postgresql=expression)


def _insert_of(table: Table, *columns: Column[Any]) -> Prepared:
    """INSERT of the named columns, each bound by its own name (serial keys left out)."""
    # inline(): no RETURNING of a serial key (PostgreSQL would add one, and executemany cannot).
    return Prepared.of(
        insert(table).inline().values({column: bindparam(column.name) for column in columns})
    )


def _upsert_balance(make_insert: Any) -> ClauseElement:
    """Add one account's change to its balance (creating it at 0); the new balance back."""
    statement = make_insert(s.balances).values(
        account=bindparam("account"), balance=bindparam("balance")
    )
    expression: ClauseElement = statement.on_conflict_do_update(
        index_elements=[s.balances.c.account],
        set_={"balance": s.balances.c.balance + statement.excluded.balance},
    ).returning(s.balances.c.balance)
    return expression


_by_table = s.tables.c.table_id == bindparam("table_id")

# A closed table's stream does not move: the closing updates the same row, so a commit and a
# closing of another process are ordered by its lock.
ADVANCE: Final = Prepared.of(
    update(s.tables)
    .where(_by_table, s.tables.c.version == bindparam("expected"), s.tables.c.closed_at.is_(None))
    .values(version=bindparam("new"))
)
VERSION: Final = Prepared.of(select(s.tables.c.version).where(_by_table))
# The stream head (and whether the table is closed) read to be moved: the row is the lock on
# PostgreSQL (SQLite has no FOR UPDATE; its BEGIN IMMEDIATE holds the whole database).
HEAD_FOR_UPDATE: Final = Prepared(
    sqlite=select(s.tables.c.version, s.tables.c.closed_at).where(_by_table),
    postgresql=select(s.tables.c.version, s.tables.c.closed_at).where(_by_table).with_for_update(),
)
INSERT_EVENT: Final = _insert_of(
    s.events, s.events.c.table_id, s.events.c.version, s.events.c.event, s.events.c.at
)
INSERT_SEALED: Final = _insert_of(s.sealed, s.sealed.c.table_id, s.sealed.c.record, s.sealed.c.at)
UPSERT_BALANCE: Final = Prepared(
    sqlite=_upsert_balance(sqlite_insert), postgresql=_upsert_balance(postgresql_insert)
)
BALANCE: Final = Prepared.of(
    select(s.balances.c.balance).where(s.balances.c.account == bindparam("account"))
)
INSERT_POSTING: Final = _insert_of(
    s.postings,
    *(column for column in s.postings.c if column.name != "id"),
)
IDEMPOTENCY: Final = Prepared.of(
    select(s.idempotency.c.request_hash, s.idempotency.c.status, s.idempotency.c.response).where(
        s.idempotency.c.principal == bindparam("principal"),
        s.idempotency.c.key == bindparam("key"),
    )
)
INSERT_IDEMPOTENCY: Final = _insert_of(s.idempotency, *s.idempotency.c)
UPDATE_ROUND: Final = Prepared.of(
    update(s.rounds)
    .where(
        s.rounds.c.round_id == bindparam("round_id"),
        s.rounds.c.table_id == bindparam("table_id"),
    )
    .values(first_version=bindparam("first_version"), last_version=bindparam("last_version"))
)
ROUND_TABLE: Final = Prepared.of(
    select(s.rounds.c.table_id).where(s.rounds.c.round_id == bindparam("round_id"))
)
INSERT_ROUND: Final = _insert_of(
    s.rounds,
    s.rounds.c.round_id,
    s.rounds.c.table_id,
    s.rounds.c.first_version,
    s.rounds.c.last_version,
    s.rounds.c.started_at,
)
ROUND_PLAYERS: Final = Prepared.of(
    select(s.round_players.c.player_id)
    .where(s.round_players.c.round_id == bindparam("round_id"))
    .order_by(s.round_players.c.position)
)
DELETE_ROUND_PLAYERS: Final = Prepared.of(
    s.round_players.delete().where(s.round_players.c.round_id == bindparam("round_id"))
)
INSERT_ROUND_PLAYER: Final = _insert_of(s.round_players, *s.round_players.c)
AUDIT_HEAD: Final = Prepared(
    sqlite=select(s.audit_head.c.seq, s.audit_head.c.hash).where(
        s.audit_head.c.id == bindparam("head")
    ),
    postgresql=select(s.audit_head.c.seq, s.audit_head.c.hash)
    .where(s.audit_head.c.id == bindparam("head"))
    .with_for_update(),
)
INSERT_AUDIT: Final = _insert_of(s.audit_log, *s.audit_log.c)
MOVE_AUDIT_HEAD: Final = Prepared.of(
    update(s.audit_head)
    .where(s.audit_head.c.id == bindparam("head"))
    .values(seq=bindparam("seq"), hash=bindparam("hash"))
)


class Driver:
    """The DBAPI cursor of an open SQLAlchemy connection, running prepared statements inside
    the transaction (or savepoint) that connection began."""

    __slots__ = ("_cursor", "_dialect", "_integrity")

    def __init__(self, conn: Connection) -> None:
        self._attach(
            conn.connection.driver_connection,
            conn.dialect.name,
            conn.dialect.loaded_dbapi.IntegrityError,
        )

    @classmethod
    def of_dbapi(cls, connection: Any, dialect: str, integrity: type[Exception]) -> Driver:
        """A driver on a DBAPI connection whose transaction the caller runs itself (the
        SQLite write path, `Store._sqlite_transaction`)."""
        driver = cls.__new__(cls)
        driver._attach(connection, dialect, integrity)
        return driver

    def _attach(self, connection: Any, dialect: str, integrity: type[Exception]) -> None:
        if dialect not in _DIALECTS:
            raise ValueError(f"no prepared statements for the {dialect} dialect")
        self._dialect = dialect
        self._cursor = connection.cursor()
        self._integrity = integrity

    @property
    def dialect(self) -> str:
        return self._dialect

    def close(self) -> None:
        self._cursor.close()

    def run(self, statement: Prepared, params: Mapping[str, Any]) -> int:
        """Execute once; the rows it changed."""
        text = statement.texts[self._dialect]
        try:
            self._cursor.execute(text, params)
        except self._integrity as err:
            raise IntegrityError(text, dict(params), err) from err
        return int(self._cursor.rowcount)

    def run_many(self, statement: Prepared, rows: Sequence[Mapping[str, Any]]) -> None:
        """Execute once per row (the driver's executemany)."""
        if not rows:
            return
        text = statement.texts[self._dialect]
        try:
            self._cursor.executemany(text, rows)
        except self._integrity as err:
            raise IntegrityError(text, [dict(row) for row in rows], err) from err

    def first(self, statement: Prepared, params: Mapping[str, Any]) -> tuple[Any, ...] | None:
        """The first row of a query (or of RETURNING), None when there is none."""
        self.run(statement, params)
        row = self._cursor.fetchone()
        return None if row is None else tuple(row)

    def all(self, statement: Prepared, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        self.run(statement, params)
        return [tuple(row) for row in self._cursor.fetchall()]

    def scalar(self, statement: Prepared, params: Mapping[str, Any]) -> Any:
        """The first column of the first row, None when there is no row."""
        row = self.first(statement, params)
        return None if row is None else row[0]
