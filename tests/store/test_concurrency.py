"""Two writers cannot both win: the stream's expected version and the idempotency key decide,
on both databases, with two Store objects on one URL and with threads racing."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest

from tablegames.store import (
    CASHIER,
    Batch,
    IdempotencyRecord,
    IdempotencyReplay,
    Posting,
    Store,
    VersionConflict,
    player_account,
)
from tests.store.helpers import open_table

RECORD = IdempotencyRecord("p-1", "key-1", "a" * 64, 201, {"version": 1, "events": []})


def test_the_second_writer_with_the_same_expected_version_conflicts(url: str) -> None:
    first, second = Store.open(url), Store.open(url)
    try:
        open_table(first)
        assert first.commit(Batch(table_id="t-1", expected_version=0, events=[{"by": 1}])) == 1
        with pytest.raises(VersionConflict, match="expected stream version 0 but it is at 1") as e:
            second.commit(
                Batch(
                    table_id="t-1",
                    expected_version=0,
                    events=[{"by": 2}],
                    postings=[Posting(CASHIER, "player:p-2", 100, "deposit")],
                )
            )
        assert (e.value.table_id, e.value.expected, e.value.actual) == ("t-1", 0, 1)
        assert second.events("t-1") == [(1, {"by": 1})]
        assert second.postings() == []
        assert second.commit(Batch(table_id="t-1", expected_version=1, events=[{"by": 2}])) == 2
    finally:
        first.close()
        second.close()


def test_an_expected_version_without_events_is_checked(store: Store) -> None:
    open_table(store)
    store.commit(Batch(table_id="t-1", expected_version=0, events=[{"n": 1}]))
    assert store.commit(Batch(table_id="t-1", expected_version=1, sealed=[{"s": 1}])) == 1
    with pytest.raises(VersionConflict):
        store.commit(Batch(table_id="t-1", expected_version=0, sealed=[{"s": 2}]))
    assert store.sealed("t-1") == [{"s": 1}]


def _race(workers: int, attempt: Callable[[int], object]) -> list[object]:
    """Run `attempt(i)` on `workers` threads released together; each one's result or error."""
    gate = threading.Barrier(workers)
    results: list[object] = [None] * workers

    def run(index: int) -> None:
        gate.wait()
        try:
            results[index] = attempt(index)
        except Exception as err:
            results[index] = err

    threads = [threading.Thread(target=run, args=(i,)) for i in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def test_threads_racing_on_one_expected_version_leave_one_winner(url: str) -> None:
    stores = [Store.open(url) for _ in range(2)]
    try:
        open_table(stores[0])
        for expected in range(3):

            def attempt(i: int, expected: int = expected) -> int:
                return stores[i % 2].commit(
                    Batch(
                        table_id="t-1",
                        expected_version=expected,
                        events=[{"writer": i, "round": expected}],
                        postings=[Posting(CASHIER, player_account(f"w{i}"), 100, "deposit")],
                    )
                )

            results = _race(6, attempt)
            winners = [r for r in results if r == expected + 1]
            losers = [r for r in results if isinstance(r, VersionConflict)]
            assert (len(winners), len(losers)) == (1, 5), results
        events = stores[1].events("t-1")
        assert [version for version, _ in events] == [1, 2, 3]
        assert len(stores[1].postings()) == 3
        assert sum(stores[1].balances().values()) == 0
    finally:
        for opened in stores:
            opened.close()


def test_threads_racing_on_one_idempotency_key_apply_it_once(url: str) -> None:
    stores = [Store.open(url) for _ in range(2)]
    try:
        results = _race(
            6,
            lambda i: stores[i % 2].commit(
                Batch(
                    postings=[Posting(CASHIER, "player:p-1", 1000, "deposit")],
                    idempotency=RECORD,
                )
            ),
        )
        assert results.count(0) == 1, results
        replays = [r for r in results if isinstance(r, IdempotencyReplay)]
        assert len(replays) == 5, results
        assert all(r.record == RECORD for r in replays)
        assert stores[0].balance("player:p-1") == 1000
    finally:
        for opened in stores:
            opened.close()


def test_a_replayed_key_returns_the_first_answer_and_writes_nothing(store: Store) -> None:
    open_table(store)
    batch = Batch(
        table_id="t-1",
        expected_version=0,
        events=[{"type": "bet"}],
        postings=[Posting(CASHIER, "player:p-1", 1000, "deposit")],
        idempotency=RECORD,
    )
    assert store.commit(batch) == 1
    assert store.idempotency("p-1", "key-1") == RECORD
    assert store.idempotency("p-2", "key-1") is None
    # The retry carries the version it saw before its first attempt: the replay, not a conflict.
    with pytest.raises(IdempotencyReplay, match="key-1") as replay:
        store.commit(batch)
    assert replay.value.record == RECORD
    other_body = Batch(
        table_id="t-1",
        expected_version=1,
        events=[{"type": "bet", "amount": 5}],
        idempotency=IdempotencyRecord("p-1", "key-1", "b" * 64, 201, {}),
    )
    with pytest.raises(IdempotencyReplay) as replay:
        store.commit(other_body)
    assert replay.value.record.request_hash == "a" * 64
    assert store.events("t-1") == [(1, {"type": "bet"})]
    assert store.balance("player:p-1") == 1000
    # The same key of another principal is another request.
    other = IdempotencyRecord("p-2", "key-1", "a" * 64, 201, {})
    assert store.commit(Batch(table_id="t-1", expected_version=1, idempotency=other)) == 1
