"""The schema is created or migrated at start (twice is a no-op), and an SQLite connection runs
in WAL mode with synchronous=FULL, foreign keys on, and write transactions that take the lock
at BEGIN."""

from __future__ import annotations

import pytest
from sqlalchemy import inspect, text

from tablegames.store import SCHEMA_VERSION, Batch, Store, StoreError, connect, migrate
from tablegames.store import schema as s
from tests.store.helpers import open_table


def test_migrate_twice_is_a_no_op(url: str) -> None:
    engine = connect(url)
    try:
        assert migrate(engine) == SCHEMA_VERSION
        store = Store(engine)
        open_table(store)
        store.commit(Batch(table_id="t-1", expected_version=0, events=[{"n": 1}]))
        store.audit("start", {})
        tables = set(inspect(engine).get_table_names())
        assert migrate(engine) == SCHEMA_VERSION
        assert set(inspect(engine).get_table_names()) == tables
        assert tables == set(s.metadata.tables)
        assert store.events("t-1") == [(1, {"n": 1})]
        assert store.verify_audit() is None
        with engine.connect() as conn:
            assert conn.execute(text("SELECT version FROM schema_version")).all() == [(1,)]
    finally:
        engine.dispose()
    reopened = Store.open(url)
    try:
        assert reopened.version("t-1") == 1
    finally:
        reopened.close()


def test_every_version_after_the_first_has_an_upgrade_step() -> None:
    assert sorted(s.UPGRADES) == list(range(2, SCHEMA_VERSION + 1))


def test_a_database_newer_than_the_program_is_refused(url: str) -> None:
    engine = connect(url)
    try:
        migrate(engine)
        with engine.begin() as conn:
            conn.execute(text("UPDATE schema_version SET version = :v"), {"v": SCHEMA_VERSION + 1})
        with pytest.raises(StoreError, match="newer than this program"):
            migrate(engine)
    finally:
        engine.dispose()


def test_sqlite_runs_in_wal_mode_with_full_sync(tmp_path: pytest.TempPathFactory) -> None:
    path = f"{tmp_path}/deep/er/store.db"
    store = Store.open(f"sqlite:///{path}")
    try:
        for _ in range(2):  # every pooled connection, not only the first
            with store.engine.connect() as conn:
                assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
                assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2
                assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        with store.engine.connect() as first:
            first.exec_driver_sql("SELECT 1")  # opens a write transaction: BEGIN IMMEDIATE
            second = store.engine.raw_connection()
            try:
                second.cursor().execute("PRAGMA busy_timeout=0")
                with pytest.raises(Exception, match="locked"):
                    second.cursor().execute("BEGIN IMMEDIATE")
            finally:
                second.close()
    finally:
        store.close()


def test_postgresql_urls_use_psycopg_3() -> None:
    for url in ("postgresql://u@h/db", "postgresql+psycopg://u@h/db", "postgres://u@h/db"):
        engine = connect(url)
        assert engine.dialect.driver == "psycopg"
        assert engine.url.drivername == "postgresql+psycopg"
        engine.dispose()
