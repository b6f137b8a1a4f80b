"""Group commit and the overdraft guard.

SQLite has one writer at a time, so batches that arrive while a transaction is being written
wait and are then written together, each in its own savepoint (`Store.commit`). Expected: every
batch of a group gets its own answer (its version, or its own refusal), a refused batch writes
nothing and takes nothing of the others with it, and each account's running balances follow
the postings in order. The overdraft guard (`Overdrawn`) refuses, inside the transaction, any
batch that would leave a player's account below zero, on both databases.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from tablegames.store import (
    CASHIER,
    Batch,
    Overdrawn,
    Posting,
    Store,
    VersionConflict,
    player_account,
)
from tests.store.helpers import open_table

ANN = player_account("p-ann")


def _deposit(amount: int) -> Posting:
    return Posting(CASHIER, ANN, amount, "deposit", None, None, "p-ann")


def _withdraw(amount: int) -> Posting:
    return Posting(ANN, CASHIER, amount, "withdrawal", None, None, "p-ann")


def test_a_batch_that_would_overdraw_a_player_is_refused_and_writes_nothing(store: Store) -> None:
    store.commit(Batch(postings=(_deposit(100),)))
    with pytest.raises(Overdrawn, match="-20 cents"):
        store.commit(Batch(postings=(_withdraw(120),)))
    assert store.balance(ANN) == 100
    assert len(store.postings(ANN)) == 1
    store.commit(Batch(postings=(_withdraw(100),)))  # to zero is allowed
    assert store.balance(ANN) == 0


def test_the_house_and_the_layout_may_go_below_zero(store: Store) -> None:
    # The house pays winnings out of its account; only a player's wallet has a floor.
    open_table(store)
    store.commit(Batch(postings=(Posting("house", ANN, 500, "return", "t-1", None, "p-ann"),)))
    assert store.balance("house") == -500


def test_batches_queued_behind_a_transaction_are_written_in_one_group(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path}/group.db")
    try:
        for table in ("t-1", "t-2", "t-3", "t-4"):
            open_table(store, table)
        store.commit(Batch(postings=(_deposit(100),)))
        batches = {
            "t-1": Batch(table_id="t-1", expected_version=0, events=[{"n": 1}]),
            "t-2": Batch(table_id="t-2", expected_version=5, events=[{"n": 2}]),  # conflict
            "t-3": Batch(
                table_id="t-3", expected_version=0, events=[{"n": 3}], postings=(_withdraw(70),)
            ),
            "t-4": Batch(
                table_id="t-4", expected_version=0, events=[{"n": 4}], postings=(_withdraw(70),)
            ),
        }
        answers: dict[str, object] = {}

        def send(table: str) -> None:
            try:
                answers[table] = store.commit(batches[table])
            except Exception as error:  # each thread's own answer, checked below
                answers[table] = error

        # Hold the write lock as a transaction in progress would (the store's private lock and
        # queue: the test stands in for a writer), so that the four batches queue.
        with store._write_queue:
            threads = [threading.Thread(target=send, args=(table,)) for table in batches]
            for thread in threads:
                thread.start()
            deadline = time.monotonic() + 10
            while len(store._queue) < len(batches) and time.monotonic() < deadline:
                time.sleep(0.01)
            assert len(store._queue) == len(batches)
        for thread in threads:
            thread.join(timeout=30)
        assert answers["t-1"] == 1
        assert isinstance(answers["t-2"], VersionConflict)
        # The queue's order decides which withdrawal of 70 finds the 100: exactly one does.
        won = [table for table in ("t-3", "t-4") if answers[table] == 1]
        lost = [table for table in ("t-3", "t-4") if isinstance(answers[table], Overdrawn)]
        assert len(won) == 1
        assert len(lost) == 1
        assert store.balance(ANN) == 30
        assert store.events("t-1") == [(1, {"n": 1})]
        assert store.events("t-2") == []
        assert store.events(lost[0]) == []
        assert store.version(lost[0]) == 0
        running = [(row.debit_balance, row.credit_balance) for row in store.postings(ANN)]
        # (debit side, credit side) after each: cashier pays in 100, then Ann pays out 70.
        assert running == [(-100, 100), (30, -30)]
    finally:
        store.close()
