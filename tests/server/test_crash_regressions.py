"""Regressions found by the crash test (tests/server/test_crash.py), each reproduced here
without a process: a crash is an exception that escapes mid-write, and the restart is a new
`Service` on the same database."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tablegames.core.table import Command
from tablegames.server.answers import Answer
from tablegames.server.runtime import Outcome, TableRuntime
from tablegames.server.service import Principal, Service
from tablegames.server.tables_file import TableSpec
from tablegames.store import Store

SPECS = [TableSpec("blackjack", "Main", {"preset": "pa-6deck-side-wagers"})]


class Killed(BaseException):
    """The process dying: nothing after it runs, and the open transaction is not committed."""


def test_a_crash_while_a_table_opens_leaves_no_table_that_cannot_be_restored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Before the fix the table's row and its opening entries were two transactions: killed
    # between them, the store held a table with no stream, and every later start failed
    # ("a table's stream starts with its rules_filed event").
    url = f"sqlite:///{tmp_path / 'tablegames.db'}"
    first = Store.open(url)

    def killed(*args: Any, **kwargs: Any) -> int:
        raise Killed

    monkeypatch.setattr(Store, "_commit", killed)  # dies as the opening entries are written
    with pytest.raises(Killed):
        Service(first).start(SPECS)
    monkeypatch.undo()
    first.close()
    again = Store.open(url)
    try:
        assert again.tables() == []  # nothing of the table was kept
        service = Service(again)
        service.start(SPECS)  # the first start's work is done again
        (row,) = again.tables()
        assert again.version(row.table_id) == service.runtime(row.table_id).version > 0
        restarted = Service(again)
        restarted.start(SPECS)  # and the table restores
        assert restarted.runtime(row.table_id).version == again.version(row.table_id)
        assert again.verify_audit() is None
    finally:
        again.close()


def test_a_crash_while_a_table_closes_leaves_the_closing_and_its_audit_entry_together(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Before the fix the closing and its audit entry were two transactions: killed between
    # them, the table was closed with no significant event in the log.
    url = f"sqlite:///{tmp_path / 'tablegames.db'}"
    store = Store.open(url)
    try:
        service = Service(store)
        service.start(SPECS)
        (row,) = store.tables()

        def killed(*args: Any, **kwargs: Any) -> None:
            raise Killed

        monkeypatch.setattr("tablegames.store.store.append_audit", killed)
        with pytest.raises(Killed):
            service.close_table(row.table_id)
        monkeypatch.undo()
        closed = store.table(row.table_id)
        assert closed is not None
        with store.engine.connect() as conn:
            kinds = [kind for (kind,) in conn.exec_driver_sql("SELECT kind FROM audit_log")]
        assert (closed.closed_at is not None) == ("table_closed" in kinds)
        assert store.verify_audit() is None
    finally:
        store.close()


def test_a_retry_that_raced_its_first_attempt_gets_the_first_answer(tmp_path: Path) -> None:
    # A client's retry sent while its first attempt is still being decided (a timeout on the
    # client's side, the server alive) reads no idempotency record, then waits for the table's
    # lock while the first attempt commits. Before the fix it was then decided afresh: a
    # decision already taken was refused with 409 instead of the first answer.
    store = Store.open(f"sqlite:///{tmp_path / 'tablegames.db'}")
    try:
        service = Service(store)
        service.start(SPECS)
        (row,) = store.tables()
        table_id = row.table_id
        player_id, _ = service.register("Ann")
        ann = Principal("player", player_id, "Ann")
        service.money(Principal("operator"), player_id, 10**6, deposit=True, idempotency=None)
        service.table_command(ann, table_id, lambda rt: rt.sit(player_id, [1]), idempotency=None)
        offer = _play_to_a_decision(service, ann, table_id)
        order = Command(player=player_id, spot=1, action=offer["action"], hand=offer["hand"])
        key = ("k-1", "hash-of-the-request")

        def decide(runtime: TableRuntime) -> Outcome:
            return runtime.command(player_id, order, available=service.available(player_id))

        first = service.table_command(ann, table_id, decide, idempotency=key)
        version = store.version(table_id)
        # The retry's look-up happened before the first attempt committed: it found nothing.
        looked: list[bool] = []
        real = service._replayed

        def before_the_commit(principal: Principal, idempotency: Any) -> Answer | None:
            if not looked:
                looked.append(True)
                return None
            return real(principal, idempotency)

        service._replayed = before_the_commit  # type: ignore[method-assign]
        again = service.table_command(ann, table_id, decide, idempotency=key)
        assert again == first
        assert store.version(table_id) == version == service.runtime(table_id).version
    finally:
        store.close()


def _play_to_a_decision(service: Service, who: Principal, table_id: str) -> dict[str, Any]:
    """Bet and deal until a round waits for a stand or a declined insurance at spot 1 (taken
    once, refused when repeated)."""
    player_id = who.player_id or ""
    for _ in range(20):
        bet = Command(
            player=player_id, spot=1, action="bet", amount=1000, args={"wager": "blackjack"}
        )
        ready = Command(player=player_id, spot=1, action="ready")
        for order in (bet, ready):

            def act(runtime: TableRuntime, order: Command = order) -> Outcome:
                return runtime.command(player_id, order, available=service.available(player_id))

            service.table_command(who, table_id, act, idempotency=None)
        runtime = service.runtime(table_id)
        if runtime.phase == "playing":
            offers = runtime.view(who.viewer())["offers"]["1"]
            for offer in offers:
                if offer["action"] in ("stand", "decline"):
                    return dict(offer)
            raise AssertionError(f"no stand nor decline among {offers}")
    raise AssertionError("no round waited for a decision in 20 deals")
