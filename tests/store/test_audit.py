"""The significant-event log is hash-chained: `verify_audit` names the first row edited,
inserted or deleted by hand (raw SQL, as an intruder with database access would)."""

from __future__ import annotations

import hashlib
import itertools
import json

from sqlalchemy import text

from tablegames.store import AuditEntry, Batch, Store
from tablegames.store.audit import GENESIS, row_hash
from tests.store.helpers import open_table, raw


def _log_five(store: Store) -> None:
    store.audit("start", {"version": "0.1.0"})
    open_table(store)
    store.commit(
        Batch(
            table_id="t-1",
            expected_version=0,
            events=[{"type": "rules_filed"}],
            audit=[AuditEntry("table_opened", {"table_id": "t-1", "rules_digest": "ab"})],
        )
    )
    store.commit(
        Batch(
            audit=[
                AuditEntry("deposit", {"player_id": "p-1", "amount": 5000}),
                AuditEntry("login_refused", {"reason": "bad token"}),
            ]
        )
    )
    store.audit("stop", {})


def _rows(store: Store) -> list[dict[str, object]]:
    with store.engine.connect() as conn:
        result = conn.execute(text("SELECT * FROM audit_log ORDER BY seq"))
        return [dict(row._mapping) for row in result]


def test_an_untouched_log_verifies_and_chains(store: Store) -> None:
    assert store.verify_audit() is None
    _log_five(store)
    assert store.verify_audit() is None
    rows = _rows(store)
    assert [row["seq"] for row in rows] == [1, 2, 3, 4, 5]
    assert [row["kind"] for row in rows] == [
        "start",
        "table_opened",
        "deposit",
        "login_refused",
        "stop",
    ]
    assert rows[0]["prev_hash"] == GENESIS
    assert rows[2]["details"] == '{"amount":5000,"player_id":"p-1"}'
    for before, row in itertools.pairwise(rows):
        assert row["prev_hash"] == before["hash"]
    row = rows[1]
    canonical = json.dumps(
        {"seq": 2, "at": row["at"], "kind": row["kind"], "details": row["details"]},
        sort_keys=True,
        separators=(",", ":"),
    )
    expected = hashlib.sha256((str(row["prev_hash"]) + canonical).encode()).hexdigest()
    assert row["hash"] == expected


def test_an_edited_row_is_named(store: Store) -> None:
    _log_five(store)
    edited = '{"amount":50,"player_id":"p-1"}'
    raw(store, "UPDATE audit_log SET details = :details WHERE seq = 3", details=edited)
    problem = store.verify_audit()
    assert problem is not None
    assert (problem.seq, problem.problem) == (3, "edited")
    assert "seq 3" in problem.message


def test_a_deleted_row_is_named(store: Store) -> None:
    _log_five(store)
    raw(store, "DELETE FROM audit_log WHERE seq = 2")
    problem = store.verify_audit()
    assert problem is not None
    assert (problem.seq, problem.problem) == (2, "deleted")
    assert "audit row seq 2 was deleted" in problem.message


def test_rows_cut_from_the_end_are_found(store: Store) -> None:
    _log_five(store)
    raw(store, "DELETE FROM audit_log WHERE seq >= 4")
    problem = store.verify_audit()
    assert problem is not None
    assert (problem.seq, problem.problem) == (4, "deleted")


def test_an_inserted_row_that_does_not_chain_is_named(store: Store) -> None:
    _log_five(store)
    # An intruder moves the last row up and slips a row in before it, with a hash of its own.
    raw(store, "UPDATE audit_log SET seq = 6 WHERE seq = 5")
    at = "2026-05-20T12:00:00.000000+00:00"
    details = '{"amount":100000}'
    forged = row_hash("f" * 64, 5, at, "deposit", details)
    raw(
        store,
        "INSERT INTO audit_log (seq, at, kind, details, prev_hash, hash) "
        "VALUES (5, :at, 'deposit', :details, :prev, :hash)",
        at=at,
        details=details,
        prev="f" * 64,
        hash=forged,
    )
    problem = store.verify_audit()
    assert problem is not None
    assert (problem.seq, problem.problem) == (5, "inserted")
    assert "audit row seq 5 does not chain" in problem.message


def test_a_row_appended_past_the_head_is_named(store: Store) -> None:
    _log_five(store)
    last = _rows(store)[-1]
    at = "2026-05-20T12:00:00.000000+00:00"
    forged = row_hash(str(last["hash"]), 6, at, "deposit", "{}")
    raw(
        store,
        "INSERT INTO audit_log (seq, at, kind, details, prev_hash, hash) "
        "VALUES (6, :at, 'deposit', '{}', :prev, :hash)",
        at=at,
        prev=last["hash"],
        hash=forged,
    )
    problem = store.verify_audit()
    assert problem is not None
    assert (problem.seq, problem.problem) == (6, "inserted")
    assert "head ends at seq 5" in problem.message
