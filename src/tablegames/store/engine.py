"""`connect(url)`: the one place that knows the two databases' settings.

SQLite (the default, one file): write-ahead logging and `synchronous=FULL` on every connection,
so a commit that returned survives a power cut; foreign keys on; and every write transaction
opens with `BEGIN IMMEDIATE`, so two writers queue for the lock instead of both reading and one
failing at commit. PostgreSQL through psycopg 3, the driver a plain `postgresql://` URL is
pointed at.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from tablegames.store.errors import StoreError

# Execution option of the read-only connections: their transactions open with a plain BEGIN.
READ_ONLY = "tablegames_read_only"
SQLITE_BUSY_SECONDS = 30.0
# Connections kept open: a request thread that found none free opened one (for SQLite, with its
# pragmas) and closed it after, on every request once more than the default five were busy.
POOL_SIZE = 16
POOL_OVERFLOW = 24
POSTGRES_DRIVERS = {"postgres": "postgresql+psycopg", "postgresql": "postgresql+psycopg"}


def _parse(url: str) -> URL:
    if not isinstance(url, str) or not url:
        raise StoreError(f"database URL must be a non-empty string, not {url!r}")
    try:
        return make_url(url)
    except ArgumentError as err:
        raise StoreError(f"database URL {url!r} cannot be read: {err}") from err


def _sqlite(parsed: URL) -> Engine:
    database = parsed.database or ""
    if database in ("", ":memory:") or database.startswith("file:"):
        raise StoreError(
            "an SQLite database must be a file (sqlite:///path/to/tablegames.db), "
            "not an in-memory database: the store exists to survive a restart"
        )
    Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(
        parsed.set(drivername="sqlite+pysqlite"),
        connect_args={"timeout": SQLITE_BUSY_SECONDS},
        pool_size=POOL_SIZE,
        max_overflow=POOL_OVERFLOW,
    )

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
        # The store opens its own transactions (below); pysqlite's own BEGIN would defer the lock.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute(f"PRAGMA busy_timeout={int(SQLITE_BUSY_SECONDS * 1000)}")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        read_only = conn.get_execution_options().get(READ_ONLY, False)
        conn.exec_driver_sql("BEGIN" if read_only else "BEGIN IMMEDIATE")

    return engine


def connect(url: str) -> Engine:
    """An engine for `sqlite:///path` (the parent folder is created) or `postgresql://...`."""
    parsed = _parse(url)
    backend, _, driver = parsed.drivername.partition("+")
    if backend == "sqlite" and driver in ("", "pysqlite"):
        return _sqlite(parsed)
    if backend in POSTGRES_DRIVERS and driver in ("", "psycopg"):
        return create_engine(
            parsed.set(drivername=POSTGRES_DRIVERS[backend]),
            pool_pre_ping=True,
            pool_size=POOL_SIZE,
            max_overflow=POOL_OVERFLOW,
        )
    raise StoreError(
        f"database URL scheme {parsed.drivername!r} is not supported: use sqlite:///PATH "
        "or postgresql://USER@HOST/DB (psycopg 3)"
    )
