"""A watcher (the WebSocket) is sent only committed entries (issue 11 §3: an answer only after
the commit; §4: nothing shown early). A command decided in memory whose commit has not happened,
or failed, puts entries in the runtime that the store does not hold: no watcher sees them.

Real `Service` on a real SQLite store; the command is held between its decision and its commit
by an `act` that waits, and a failed commit is a commit refused by the store itself (a version
another writer took)."""

from __future__ import annotations

import threading
from pathlib import Path

from tablegames.core.table import Command
from tablegames.server.runtime import Outcome, TableRuntime
from tablegames.server.service import Principal, Service
from tablegames.server.tables_file import TableSpec
from tablegames.store import Store

SPECS = [TableSpec("blackjack", "Main", {"preset": "pa-6deck"})]


def _seated(tmp_path: Path) -> tuple[Store, Service, str, str, Principal]:
    store = Store.open(f"sqlite:///{tmp_path / 'tablegames.db'}")
    service = Service(store)
    service.operator_token("operator-token")
    service.start(SPECS)
    (table_id,) = [row.table_id for row in store.tables()]
    player_id, token = service.register("ann")
    who = service.authenticate(token)
    operator = service.authenticate("operator-token")
    assert who is not None
    assert operator is not None
    service.money(operator, player_id, 100_000, deposit=True, idempotency=None)
    sit = service.table_command
    sit(who, table_id, lambda table: table.sit(player_id, [1, 2]), idempotency=None)
    return store, service, table_id, player_id, who


def _bet(player_id: str, spot: int = 1, amount: int = 1000) -> Command:
    return Command(
        player=player_id, spot=spot, action="bet", amount=amount, args={"wager": "blackjack"}
    )


def test_a_watcher_sees_no_entry_of_a_command_not_yet_committed(tmp_path: Path) -> None:
    store, service, table_id, player_id, who = _seated(tmp_path)
    try:
        committed = store.version(table_id)
        decided, release = threading.Event(), threading.Event()

        def held(table: TableRuntime) -> Outcome:
            outcome = table.command(player_id, _bet(player_id), available=100_000)
            decided.set()
            release.wait(10)  # decided in memory, not yet committed
            return outcome

        worker = threading.Thread(
            target=service.table_command, args=(who, table_id, held), kwargs={"idempotency": None}
        )
        worker.start()
        assert decided.wait(10)
        assert service.runtime(table_id).version > committed  # the runtime ran ahead
        pending = service.committed_events(who, table_id, 0)
        assert [version for version, _ in pending] == list(range(1, committed + 1))
        release.set()
        worker.join(10)
        after = service.committed_events(who, table_id, committed)
        assert after
        assert after[-1][0] == store.version(table_id) > committed
        assert after[0][1]["event"] == "server:bet_accepted"
    finally:
        store.close()


def test_a_watcher_never_sees_a_command_whose_commit_failed(tmp_path: Path) -> None:
    store, service, table_id, player_id, who = _seated(tmp_path)
    try:
        committed = store.version(table_id)
        # Another server process on the same database takes the next version first: this
        # process's commit fails at its expected version (and is decided again on the stream
        # that process wrote, after which the watcher sees the committed stream only).
        other = Service(store)
        other.start(SPECS)
        seen_while_deciding: list[int] = []

        def racing(table: TableRuntime) -> Outcome:
            outcome = table.command(player_id, _bet(player_id), available=100_000)
            if not seen_while_deciding:
                other.table_command(
                    who,
                    table_id,
                    lambda theirs: theirs.command(
                        player_id, _bet(player_id, spot=2, amount=1500), available=100_000
                    ),
                    idempotency=None,
                )
                seen_while_deciding.extend(
                    version for version, _ in service.committed_events(who, table_id, 0)
                )
            return outcome

        service.table_command(who, table_id, racing, idempotency=None)
        # While this process held its doomed decision, its watcher saw only what was committed
        # when it last knew (the other process's entry is seen after the rebuild).
        assert seen_while_deciding == list(range(1, committed + 1))
        stored = [event for _, event in store.events(table_id)]
        sent = [event for _, event in service.committed_events(who, table_id, 0)]
        assert len(sent) == len(stored) == store.version(table_id)
        bets = [e["amount"] for e in stored if e.get("event") == "server:bet_accepted"]
        assert bets == [1500, 1000]  # the other process's bet, then this one decided again
    finally:
        store.close()
