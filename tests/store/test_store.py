"""The store's records round trip on both databases: events in version order, sealed records,
players and the operator secret, tables, the rounds index, and a batch that fails midway
writes nothing."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from tablegames.store import (
    CASHIER,
    AuditEntry,
    Batch,
    IdempotencyRecord,
    Posting,
    RoundRow,
    Store,
    StoreError,
    TableClosed,
    player_account,
)
from tablegames.store import store as store_module
from tests.store.helpers import open_table


def test_events_round_trip_in_version_order(store: Store) -> None:
    open_table(store)
    assert store.version("t-1") == 0
    assert store.events("t-1") == []
    first = [{"type": "rules_filed", "digest": "ab"}, {"type": "shuffle", "commit": "c0"}]
    assert store.commit(Batch(table_id="t-1", expected_version=0, events=first)) == 2
    second = [{"type": "bet", "spot": 1, "amount": 2500, "cards": ["AS", "TH"], "ok": True}]
    assert store.commit(Batch(table_id="t-1", expected_version=2, events=second)) == 3
    assert store.version("t-1") == 3
    assert store.events("t-1") == [(1, first[0]), (2, first[1]), (3, second[0])]
    assert store.events("t-1", after=2) == [(3, second[0])]
    assert store.events("t-1", after=3) == []
    assert store.version("no-such-table") == 0


def test_streams_of_two_tables_are_separate(store: Store) -> None:
    open_table(store, "t-1")
    open_table(store, "t-2", game="craps")
    store.commit(Batch(table_id="t-1", expected_version=0, events=[{"n": 1}]))
    store.commit(Batch(table_id="t-2", expected_version=0, events=[{"n": 2}, {"n": 3}]))
    assert store.events("t-1") == [(1, {"n": 1})]
    assert store.events("t-2") == [(1, {"n": 2}), (2, {"n": 3})]


def test_sealed_records_are_kept_per_table_in_order(store: Store) -> None:
    open_table(store, "t-1")
    open_table(store, "t-2")
    version = store.commit(
        Batch(
            table_id="t-1",
            expected_version=0,
            events=[{"type": "shuffle", "commitment": "ff"}],
            sealed=[{"order": ["AS", "KD"], "salt": "00"}],
        )
    )
    store.commit(Batch(table_id="t-1", sealed=[{"order": ["2C"], "salt": "11"}]))
    assert version == 1
    assert store.sealed("t-1") == [
        {"order": ["AS", "KD"], "salt": "00"},
        {"order": ["2C"], "salt": "11"},
    ]
    assert store.sealed("t-2") == []


def test_players_and_the_operator_secret(store: Store) -> None:
    player_id = store.create_player("Ada", "h" * 64)
    assert player_id.startswith("p-")
    assert len(player_id) == 14
    row = store.player(player_id)
    assert row is not None
    assert row.name == "Ada"
    assert row.created_at.endswith("+00:00")
    assert store.player_by_token("h" * 64) == row
    assert store.player_by_token("x" * 64) is None
    assert store.player("p-000000000000") is None
    with pytest.raises(StoreError, match="already belongs"):
        store.create_player("Eve", "h" * 64)

    assert store.operator_token_hash() is None
    store.set_operator_token_hash("o" * 64)
    store.set_operator_token_hash("o" * 64)
    assert store.operator_token_hash() == "o" * 64
    store.set_operator_token_hash("z" * 64)
    assert store.operator_token_hash() == "z" * 64
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM settings")).scalar() == 1


def test_tables_open_and_close(store: Store) -> None:
    row = open_table(store, "t-1")
    open_table(store, "t-2", game="craps")
    assert store.table("t-1") == row
    assert [t.table_id for t in store.tables()] == ["t-1", "t-2"]
    store.close_table("t-1")
    closed = store.table("t-1")
    assert closed is not None
    assert closed.closed_at is not None
    store.close_table("t-1")
    assert store.table("t-1") == closed
    assert [t.table_id for t in store.tables()] == ["t-2"]
    assert [t.table_id for t in store.tables(open_only=False)] == ["t-1", "t-2"]
    assert store.table("t-9") is None
    with pytest.raises(StoreError, match="no table 't-9'"):
        store.close_table("t-9")
    with pytest.raises(StoreError, match="already exists"):
        open_table(store, "t-2")


def test_a_closed_tables_stream_does_not_move(store: Store) -> None:
    # A process that decided a command before another process closed the table: its commit
    # is refused and writes nothing (the closing and the stream head share one row).
    open_table(store, "t-1")
    version = store.version("t-1")
    store.close_table("t-1")
    with pytest.raises(TableClosed, match="t-1 is closed"):
        store.commit(Batch(table_id="t-1", expected_version=version, events=[{"n": 1}]))
    assert store.version("t-1") == version
    assert len(store.events("t-1")) == version


def test_events_need_an_opened_table(store: Store) -> None:
    with pytest.raises(StoreError, match="no table 't-9': create_table first"):
        store.commit(Batch(table_id="t-9", expected_version=0, events=[{"n": 1}]))
    assert store.events("t-9") == []


def test_the_rounds_index_recalls_a_players_rounds_newest_first(store: Store) -> None:
    open_table(store)
    store.commit(
        Batch(
            table_id="t-1",
            expected_version=0,
            events=[{"type": "round_started"}],
            rounds=[RoundRow("r-1", "t-1", 1, None, ("p-a", "p-b"))],
        )
    )
    assert store.round("r-1") == RoundRow("r-1", "t-1", 1, None, ("p-a", "p-b"))
    store.commit(
        Batch(
            table_id="t-1",
            expected_version=1,
            events=[{"type": "settled"}],
            rounds=[RoundRow("r-1", "t-1", 1, 2, ("p-a", "p-b"))],
        )
    )
    store.commit(
        Batch(
            table_id="t-1",
            expected_version=2,
            events=[{"type": "round_started"}],
            rounds=[RoundRow("r-2", "t-1", 3, None, ("p-a",))],
        )
    )
    assert store.round("r-1") == RoundRow("r-1", "t-1", 1, 2, ("p-a", "p-b"))
    assert [r.round_id for r in store.rounds_of("p-a", 10)] == ["r-2", "r-1"]
    assert [r.round_id for r in store.rounds_of("p-a", 1)] == ["r-2"]
    assert [r.round_id for r in store.rounds_of("p-b", 10)] == ["r-1"]
    assert store.rounds_of("p-c", 10) == []
    assert store.round("r-9") is None


def test_a_batch_that_fails_midway_writes_nothing(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_table(store)
    player = store.create_player("Ada", "h" * 64)
    store.commit(Batch(postings=[Posting(CASHIER, player_account(player), 10000, "deposit")]))
    before = (store.balances(), store.postings(), store.verify_audit())

    def explode(*_args: object) -> None:
        raise RuntimeError("the disk went away")

    # The last step of the transaction fails: the events, sealed records, postings, round and
    # idempotency record written before it are rolled back with it.
    monkeypatch.setattr(store_module, "append_audit", explode)
    batch = Batch(
        table_id="t-1",
        expected_version=0,
        events=[{"type": "bet"}],
        sealed=[{"salt": "00"}],
        postings=[Posting(player_account(player), "layout:t-1", 2500, "wager")],
        idempotency=IdempotencyRecord("p", "k", "0" * 64, 200, {"ok": True}),
        audit=[AuditEntry("bet", {})],
        rounds=[RoundRow("r-1", "t-1", 1, None, (player,))],
    )
    with pytest.raises(RuntimeError, match="disk"):
        store.commit(batch)
    assert store.version("t-1") == 0
    assert store.events("t-1") == []
    assert store.sealed("t-1") == []
    assert store.idempotency("p", "k") is None
    assert store.round("r-1") is None
    assert (store.balances(), store.postings(), store.verify_audit()) == before
    monkeypatch.undo()
    assert store.commit(batch) == 1


def test_a_refused_posting_in_a_batch_writes_nothing(store: Store) -> None:
    open_table(store)
    batch = Batch(
        table_id="t-1",
        expected_version=0,
        events=[{"type": "bet"}],
        postings=[
            Posting(CASHIER, "player:p-1", 500, "deposit"),
            Posting("player:p-1", "layout:t-1", 0, "wager"),
        ],
        audit=[AuditEntry("deposit", {"amount": 500})],
    )
    with pytest.raises(StoreError, match="posting 1: amount must be above zero cents, not 0"):
        store.commit(batch)
    assert store.version("t-1") == 0
    assert store.events("t-1") == []
    assert store.postings() == []
    assert store.balance("player:p-1") == 0
    assert store.verify_audit() is None
