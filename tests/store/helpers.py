"""Builders shared by the store tests."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text

from tablegames.store import Store, TableRow


def open_table(store: Store, table_id: str = "t-1", game: str = "blackjack") -> TableRow:
    """Create a table with small rules; the row."""
    row = TableRow(
        table_id=table_id,
        game=game,
        name=f"{game} {table_id}",
        rules={"decks": 6, "limits": {"min": 500, "max": 50000}},
        rules_digest="ab" * 32,
        opened_at="2026-05-20T12:00:00.000000+00:00",
    )
    store.create_table(row)
    return row


def raw(store: Store, sql: str, **params: Any) -> None:
    """Run SQL by hand, outside the store's API (tampering, as an intruder would)."""
    with store.engine.begin() as conn:
        conn.execute(text(sql), params)
