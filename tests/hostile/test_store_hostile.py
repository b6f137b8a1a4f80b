"""What a careless caller or an adversary hands the store: each is refused with a StoreError (a
TableGamesError, so the server answers 4xx) that names what was wrong, and nothing is written.

The checks run before the transaction opens, the same code on either database, so these run on
SQLite only (tests/store runs the write path on both).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablegames.core.errors import TableGamesError
from tablegames.store import (
    CASHIER,
    AuditEntry,
    Batch,
    IdempotencyRecord,
    Posting,
    RoundRow,
    Store,
    StoreError,
    TableRow,
    connect,
)

DEPOSIT = Posting(CASHIER, "player:p-1", 100, "deposit")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store.open(f"sqlite:///{tmp_path}/store.db")
    opened.create_table(TableRow("t-1", "blackjack", "Main", {}, "ab", "2026-05-20T00:00:00Z"))
    try:
        yield opened
    finally:
        opened.close()


def _posting(amount: Any, **changes: Any) -> Posting:
    fields: dict[str, Any] = {
        "debit": CASHIER,
        "credit": "player:p-1",
        "amount": amount,
        "reason": "deposit",
    }
    return Posting(**{**fields, **changes})


EVENTS: list[tuple[Any, str]] = [
    ({"amount": 1.5e400}, r"event 0\['amount'\] holds inf, which JSON cannot represent"),
    ({"amount": float("nan")}, "holds nan"),
    ({"cards": {"AS", "KD"}}, r"event 0\['cards'\] holds a set, which is not JSON"),
    ({"at": object()}, "holds a object, which is not JSON"),
    ({"payload": b"\x00"}, "holds a bytes"),
    ({1: "one"}, "event 0 has a key 1 that is not a string"),
    (["not", "an", "object"], "event 0 must be a JSON object, not a list"),
    ("bet", "event 0 must be a JSON object, not a str"),
]


@pytest.mark.parametrize(("event", "message"), EVENTS)
def test_an_event_that_is_not_json_is_refused(store: Store, event: Any, message: str) -> None:
    with pytest.raises(StoreError, match=message):
        store.commit(Batch(table_id="t-1", expected_version=0, events=[event]))
    assert store.version("t-1") == 0


def test_an_event_nested_without_end_is_refused(store: Store) -> None:
    deep: dict[str, Any] = {}
    for _ in range(200):
        deep = {"x": deep}
    with pytest.raises(StoreError, match="nested deeper than 64 levels"):
        store.commit(Batch(table_id="t-1", expected_version=0, events=[deep]))


AMOUNTS: list[tuple[Any, str]] = [
    (12.5, "amount must be integer cents, not float 12.5"),
    (100.0, "amount must be integer cents, not float 100.0"),
    (True, "amount must be integer cents, not bool True"),
    ("100", "amount must be integer cents, not str '100'"),
    (None, "amount must be integer cents, not NoneType None"),
    (0, "amount must be above zero cents, not 0"),
    (-2500, "amount must be above zero cents, not -2500"),
    (10**30, f"amount {10**30} is above the ledger's limit of {10**15}"),
]


@pytest.mark.parametrize(("amount", "message"), AMOUNTS)
def test_an_amount_that_is_not_positive_integer_cents_is_refused(
    store: Store, amount: Any, message: str
) -> None:
    with pytest.raises(StoreError, match=f"posting 1: {message}"):
        store.commit(Batch(postings=[DEPOSIT, _posting(amount)]))
    assert store.postings() == []
    assert store.balances() == {}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"debit": "players:p-1"}, "debit 'players:p-1' is not an account"),
        ({"credit": "player:"}, "credit 'player:' is not an account"),
        ({"credit": "house "}, "is not an account"),
        ({"credit": "cashier"}, "debit and credit are the same account cashier"),
        ({"reason": ""}, "reason must be a non-empty string"),
        ({"round_id": 7}, "round_id must be a non-empty string"),
    ],
)
def test_a_posting_between_unknown_accounts_is_refused(
    store: Store, changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(StoreError, match=message):
        store.commit(Batch(postings=[_posting(100, **changes)]))
    assert store.postings() == []


BATCHES: list[tuple[Batch, str]] = [
    (Batch(table_id="t-1", events=[{"n": 1}]), "needs a table_id and an expected_version"),
    (Batch(expected_version=0, events=[{"n": 1}]), "expected_version but no table_id"),
    (Batch(table_id="t-1", expected_version=-1, events=[{"n": 1}]), "at least 0, not -1"),
    (Batch(table_id="t-1", expected_version=True), "at least 0, not True"),
    (Batch(sealed=[{"salt": "00"}]), "sealed records but no table_id"),
    (Batch(postings=[DEPOSIT, (CASHIER, "player:p-1", 5)]), "posting 1 must be a Posting"),  # type: ignore[list-item]
    (Batch(events={"n": 1}), "events must be a sequence"),  # type: ignore[arg-type]
    (
        Batch(idempotency=IdempotencyRecord("p", "k", "h", 200, {"x": {1, 2}})),
        r"idempotency response\['x'\] holds a set",
    ),
    (Batch(idempotency=IdempotencyRecord("p", "", "h", 200, {})), "idempotency key must be"),
    (Batch(idempotency=IdempotencyRecord("p", "k", "h", 99, {})), "at least 100, not 99"),
    (Batch(audit=[AuditEntry("", {})]), "audit entry 0: kind must be"),
    (Batch(audit=[AuditEntry("deposit", {"amount": 1.5e400})]), "holds inf"),
    (
        Batch(rounds=[RoundRow("r-1", "t-1", 5, 3)]),
        "round 0: last_version 3 is before first_version 5",
    ),
    (Batch(rounds=[RoundRow("r-1", "t-1", 1, None, ("p-1", "p-1"))]), "lists a player twice"),
    (
        Batch(rounds=[RoundRow("r-1", "t-1", 1, None, ["p-1"])]),  # type: ignore[arg-type]
        "players must be a tuple",
    ),
]


@pytest.mark.parametrize(("batch", "message"), BATCHES)
def test_a_malformed_batch_is_refused_and_writes_nothing(
    store: Store, batch: Batch, message: str
) -> None:
    with pytest.raises(StoreError, match=message):
        store.commit(batch)
    assert store.version("t-1") == 0
    assert store.postings() == []
    assert store.sealed("t-1") == []
    assert store.idempotency("p", "k") is None
    assert store.verify_audit() is None


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("mysql://u@h/db", "database URL scheme 'mysql' is not supported"),
        ("postgresql+psycopg2://u@h/db", "scheme 'postgresql\\+psycopg2' is not supported"),
        ("sqlite+aiosqlite:///x.db", "scheme 'sqlite\\+aiosqlite' is not supported"),
        ("not a url", "cannot be read"),
        ("", "must be a non-empty string"),
        ("sqlite://", "must be a file"),
        ("sqlite:///:memory:", "must be a file"),
    ],
)
def test_an_unusable_database_url_is_refused(url: str, message: str) -> None:
    with pytest.raises(StoreError, match=message) as refused:
        connect(url)
    assert isinstance(refused.value, TableGamesError)


def test_bad_table_and_player_records_are_refused(store: Store) -> None:
    with pytest.raises(StoreError, match=r"table rules\['decks'\] holds inf"):
        store.create_table(TableRow("t-2", "craps", "C", {"decks": float("inf")}, "d", "now"))
    with pytest.raises(StoreError, match="table game must be a non-empty string"):
        store.create_table(TableRow("t-3", "", "C", {}, "d", "now"))
    with pytest.raises(StoreError, match="player name must be a non-empty string"):
        store.create_player("", "h")
    with pytest.raises(StoreError, match="account 'wallet' is not an account"):
        store.balance("wallet")
    assert [t.table_id for t in store.tables()] == ["t-1"]
