"""The tables, and `migrate`, which creates or upgrades them when the server starts.

A new database is created at the latest version in one step. An existing one is brought up one
version at a time by `UPGRADES[n]` (from n - 1 to n), each in the same transaction as the
version bump, so a crash mid-upgrade leaves the old version intact. Version 2 is one more entry
in `UPGRADES` and one more in `SCHEMA_VERSION`. JSON is kept as text the store writes itself,
so an audit hash reads the same bytes on SQLite and PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    Column,
    Connection,
    Engine,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    UniqueConstraint,
    insert,
    select,
    text,
    update,
)

from tablegames.store.audit import GENESIS
from tablegames.store.errors import StoreError

SCHEMA_VERSION = 1
# UPGRADES[n] takes a database from version n - 1 to n (none yet: version 1 is the first).
UPGRADES: dict[int, Callable[[Connection], None]] = {}

# An auto-numbered 64-bit key (SQLite numbers only a column declared INTEGER PRIMARY KEY).
Serial = BigInteger().with_variant(Integer(), "sqlite")

metadata = MetaData()

schema_version = Table(
    "schema_version",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("version", Integer, nullable=False),
    CheckConstraint("id = 1", name="schema_version_one_row"),
)

players = Table(
    "players",
    metadata,
    Column("player_id", String, primary_key=True),
    Column("name", Text, nullable=False),
    Column("token_hash", String, nullable=False, unique=True),
    Column("created_at", String, nullable=False),
)

settings = Table(
    "settings",
    metadata,
    Column("name", String, primary_key=True),
    Column("value", Text, nullable=False),
)

# `version` is the head of the table's event stream: a writer moves it from the version it saw,
# and the unique (table_id, version) of `events` backs it.
tables = Table(
    "tables",
    metadata,
    Column("table_id", String, primary_key=True),
    Column("game", String, nullable=False),
    Column("name", Text, nullable=False),
    Column("rules", Text, nullable=False),
    Column("rules_digest", String, nullable=False),
    Column("opened_at", String, nullable=False),
    Column("closed_at", String, nullable=True),
    Column("version", BigInteger, nullable=False, server_default=text("0")),
)

events = Table(
    "events",
    metadata,
    Column("table_id", String, ForeignKey("tables.table_id"), nullable=False),
    Column("version", BigInteger, nullable=False),
    Column("event", Text, nullable=False),
    Column("at", String, nullable=False),
    PrimaryKeyConstraint("table_id", "version", name="events_one_per_version"),
    CheckConstraint("version > 0", name="events_version_positive"),
)

sealed = Table(
    "sealed",
    metadata,
    Column("seq", Serial, primary_key=True, autoincrement=True),
    Column("table_id", String, ForeignKey("tables.table_id"), nullable=False),
    Column("record", Text, nullable=False),
    Column("at", String, nullable=False),
    Index("sealed_by_table", "table_id", "seq"),
)

# Each posting keeps both accounts' balances just after it, so the day report can check the
# flows of a day against the running balances (an amount edited by hand breaks the identity).
postings = Table(
    "postings",
    metadata,
    Column("id", Serial, primary_key=True, autoincrement=True),
    Column("at", String, nullable=False),
    Column("day", String, nullable=False),
    Column("debit", String, nullable=False),
    Column("credit", String, nullable=False),
    Column("amount", BigInteger, nullable=False),
    Column("reason", String, nullable=False),
    Column("table_id", String, nullable=True),
    Column("round_id", String, nullable=True),
    Column("player_id", String, nullable=True),
    Column("debit_balance", BigInteger, nullable=False),
    Column("credit_balance", BigInteger, nullable=False),
    CheckConstraint("amount > 0", name="postings_amount_positive"),
    CheckConstraint("debit <> credit", name="postings_two_accounts"),
    Index("postings_by_debit", "debit", "id"),
    Index("postings_by_credit", "credit", "id"),
    Index("postings_by_day", "day", "id"),
)

# The current balance of every account that was ever posted to; its row is the lock that
# serializes writers of one account on PostgreSQL.
balances = Table(
    "balances",
    metadata,
    Column("account", String, primary_key=True),
    Column("balance", BigInteger, nullable=False),
)

idempotency = Table(
    "idempotency",
    metadata,
    Column("principal", String, nullable=False),
    Column("key", String, nullable=False),
    Column("request_hash", String, nullable=False),
    Column("status", Integer, nullable=False),
    Column("response", Text, nullable=False),
    Column("at", String, nullable=False),
    PrimaryKeyConstraint("principal", "key", name="idempotency_once"),
)

audit_log = Table(
    "audit_log",
    metadata,
    Column("seq", BigInteger, primary_key=True, autoincrement=False),
    Column("at", String, nullable=False),
    Column("kind", String, nullable=False),
    Column("details", Text, nullable=False),
    Column("prev_hash", String, nullable=False),
    Column("hash", String, nullable=False),
)

# The last seq and hash of the log (one row): it finds rows cut from the end, and its row lock
# serializes appends on PostgreSQL.
audit_head = Table(
    "audit_head",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("seq", BigInteger, nullable=False),
    Column("hash", String, nullable=False),
    CheckConstraint("id = 1", name="audit_head_one_row"),
)

rounds = Table(
    "rounds",
    metadata,
    Column("seq", Serial, primary_key=True, autoincrement=True),
    Column("round_id", String, nullable=False),
    Column("table_id", String, ForeignKey("tables.table_id"), nullable=False),
    Column("first_version", BigInteger, nullable=False),
    Column("last_version", BigInteger, nullable=True),
    Column("started_at", String, nullable=False),
    UniqueConstraint("round_id", name="rounds_once"),
)

round_players = Table(
    "round_players",
    metadata,
    Column("round_id", String, ForeignKey("rounds.round_id"), nullable=False),
    Column("position", Integer, nullable=False),
    Column("player_id", String, nullable=False),
    PrimaryKeyConstraint("round_id", "position", name="round_players_seat"),
    Index("round_players_by_player", "player_id", "round_id"),
)


def _current_version(conn: Connection) -> int | None:
    schema_version.create(conn, checkfirst=True)
    return conn.execute(select(schema_version.c.version)).scalar_one_or_none()


def migrate(engine: Engine) -> int:
    """Create or upgrade the schema to SCHEMA_VERSION; the version it ends at.

    Running it again is a no-op. On PostgreSQL an advisory lock keeps two servers starting
    together from migrating at once; on SQLite the write transaction does.
    """
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(7011)"))
        version = _current_version(conn)
        if version is None:
            metadata.create_all(conn)
            conn.execute(insert(schema_version).values(id=1, version=SCHEMA_VERSION))
            conn.execute(insert(audit_head).values(id=1, seq=0, hash=GENESIS))
            return SCHEMA_VERSION
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"the database is at schema version {version}, newer than this program's "
                f"{SCHEMA_VERSION}: upgrade tablegames"
            )
        for step in range(version + 1, SCHEMA_VERSION + 1):
            UPGRADES[step](conn)
            conn.execute(update(schema_version).values(version=step))
        return SCHEMA_VERSION
