"""The `store` fixture: every store test runs on SQLite and on PostgreSQL (`url`, in
tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tablegames.store import Store


@pytest.fixture
def store(url: str) -> Iterator[Store]:
    """An open store on an empty database."""
    opened = Store.open(url)
    try:
        yield opened
    finally:
        opened.close()
