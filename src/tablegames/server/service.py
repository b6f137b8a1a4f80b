"""The server's one write path: a table's runtime, the store and the wallet, kept in step.

Every request that changes money or a game goes through `Service`: under the table's lock, the
runtime decides (refusals change nothing), the store commits the new stream entries, the sealed
records, the postings derived from the game's money events, the idempotency record and the audit
entries in one transaction, and only then is the answer returned and the watchers woken. If the
commit fails (another process moved the stream on), the runtime is rebuilt from the store and
the request refused with 409: nothing is applied twice and nothing half.

A second server process on the same PostgreSQL database sees the stream move on: before each
command the runtime is brought up to the stored version (rebuilt from the stream and sealed
records when it is behind), so two processes never both win a version.
"""

from __future__ import annotations

import contextlib
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Final, overload

from tablegames.core.rng import SecureRandom
from tablegames.core.rulesfile import rules_digest
from tablegames.core.table import Viewer
from tablegames.games import find_game
from tablegames.server.answers import (
    Answer,
    answer_from_record,
    idempotency_record,
    posting_of,
    round_rows,
)
from tablegames.server.auth import new_token, same_hash, token_hash
from tablegames.server.errors import CommandRefused
from tablegames.server.runtime import Outcome, TableRuntime
from tablegames.server.tables_file import TableSpec
from tablegames.store import (
    CASHIER,
    AuditEntry,
    Batch,
    IdempotencyRecord,
    IdempotencyReplay,
    Overdrawn,
    Posting,
    Store,
    TableClosed,
    TableRow,
    VersionConflict,
    player_account,
)

MAX_NAME: Final = 40
OPERATOR_TOKEN_SECONDS: Final = 5.0


@dataclass(frozen=True, slots=True)
class Principal:
    """Who sent a request: a player (by id) or the operator."""

    role: str  # "player" | "operator" | "house" (the decision clock)
    player_id: str | None = None
    name: str | None = None

    @property
    def key(self) -> str:
        return self.player_id if self.player_id is not None else "operator"

    def viewer(self) -> Viewer:
        if self.role in ("operator", "house"):
            return Viewer("operator")
        return Viewer.seated(self.player_id or "")


# The house acts on a table only through its clock (a decision not made in time).
HOUSE_PRINCIPAL: Final = Principal("house")


class Service:
    """The tables, the store and the wallet behind the HTTP interface."""

    def __init__(
        self,
        store: Store,
        *,
        test_mode: bool = False,
        decision_seconds: float = 30.0,
        welcome_credit: int = 0,
    ):
        self.store = store
        self.test_mode = test_mode
        self.decision_seconds = decision_seconds
        # Play money (`serve --welcome-credit`): a new player's account is credited this much
        # from the cashier at registration, as a deposit the audit log names. 0 in a casino,
        # where a player's money comes from the cage through the operator.
        self.welcome_credit = welcome_credit
        self._runtimes: dict[str, TableRuntime] = {}
        self._layouts: dict[str, dict[str, Any]] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._global = threading.Lock()
        # One lock per player's wallet: a check of the available balance and the commit that
        # spends it run under it, so two requests of one player cannot both spend the same
        # cents in this process (table lock first, then the wallet: no cycle).
        self._wallets: dict[str, threading.Lock] = {}
        self._watchers: list[Callable[[str, int], None]] = []
        # Each table's last committed version. A runtime runs ahead of it while a command is
        # decided and committed; a watcher is sent nothing past it (`committed_events`).
        self._committed: dict[str, int] = {}
        # Who a token belongs to, by its hash: a player's token never changes, so one lookup
        # serves every later request. The operator's hash is read again after
        # OPERATOR_TOKEN_SECONDS, so a token replaced by another process's start stops working.
        self._players_by_hash: dict[str, Principal] = {}
        self._operator_hash: tuple[float, str | None] | None = None

    # --- start-up --------------------------------------------------------------------------

    def operator_token(self, configured: str | None) -> str | None:
        """Set the operator token from the environment, or generate one at the first start.
        Returns a newly generated token (to print once), else None."""
        self._operator_hash = None
        if configured:
            self.store.set_operator_token_hash(token_hash(configured))
            return None
        if self.store.operator_token_hash() is not None:
            return None
        token = new_token()
        self.store.set_operator_token_hash(token_hash(token))
        self._operator_hash = None
        return token

    def start(self, specs: Sequence[TableSpec]) -> None:
        """Rebuild every open table from its stream; open `specs` when the store has none."""
        self.store.audit("server_started", {"test_mode": self.test_mode})
        rows = self.store.tables()
        if not rows:
            for spec in specs:
                self.open_table(
                    spec.game, spec.name, spec.rules_mapping(), audit_kind="table_opened"
                )
            return
        for row in rows:
            self._runtimes[row.table_id] = self._restore(row)
            self._locks[row.table_id] = threading.Lock()
        self.store.audit("recovery", {"tables": [row.table_id for row in rows]})

    def _restore(self, row: TableRow) -> TableRuntime:
        stream = [event for _, event in self.store.events(row.table_id)]
        runtime = TableRuntime.restore(
            row.table_id,
            row.game,
            row.rules,
            stream,
            self.store.sealed(row.table_id),
            random=SecureRandom(),
            decision_seconds=self.decision_seconds,
        )
        # Rebuilt from the store: what is committed is the stream read (versions 1 to n).
        self._committed[row.table_id] = len(stream)
        return runtime

    # --- tables ----------------------------------------------------------------------------

    def open_table(
        self, game: str, name: str, rules: Mapping[str, Any], *, audit_kind: str = "table_opened"
    ) -> str:
        found = list(find_game(game).live_findings(rules))
        if found:
            # Options Pennsylvania does not allow are for what-if analysis, not a live table.
            raise CommandRefused(
                "a live table may not offer: " + "; ".join(str(item) for item in found),
                paragraph=found[0].paragraph,
                status=422,
            )
        table_id = "t-" + secrets.token_hex(5)
        runtime = TableRuntime.open(
            table_id, game, rules, random=SecureRandom(), decision_seconds=self.decision_seconds
        )
        find_game(game)  # the registry names the game; the runtime has checked its rules
        digest = rules_digest(dict(rules))
        row = TableRow(
            table_id=table_id,
            game=game,
            name=name,
            rules=dict(rules),
            rules_digest=digest,
            opened_at=_now(),
            closed_at=None,
        )
        opening = runtime.opening()
        # The table's row and its opening entries in one transaction: a table stored without
        # them (a crash between two commits) could never be restored, nor the server started.
        self.store.create_table(
            row,
            opening=Batch(
                table_id=table_id,
                expected_version=0,
                events=opening.events,
                sealed=opening.sealed,
                postings=tuple(posting_of(move, table_id) for move in opening.moves),
                idempotency=None,
                audit=(AuditEntry(audit_kind, {"table_id": table_id, "game": game, "name": name}),),
                rounds=(),
            ),
        )
        with self._global:
            self._runtimes[table_id] = runtime
            self._locks[table_id] = threading.Lock()
            self._committed[table_id] = runtime.version
        return table_id

    def close_table(self, table_id: str) -> None:
        self.runtime(table_id)
        # The closing and its audit entry in one transaction (two, a crash between them lost
        # the entry).
        self.store.close_table(
            table_id, audit=(AuditEntry("table_closed", {"table_id": table_id}),)
        )
        self._forget(table_id)

    def runtime(self, table_id: str) -> TableRuntime:
        runtime = self._runtimes.get(table_id)
        if runtime is None:
            runtime = self._adopt(table_id)
        return runtime

    def _forget(self, table_id: str) -> None:
        """Drop a closed table (closed here, or found closed by another process)."""
        with self._global:
            self._runtimes.pop(table_id, None)

    def _adopt(self, table_id: str) -> TableRuntime:
        """A table this process has not loaded: one another process on the same database
        opened (another worker of `tablegames serve --workers`, or a second server), restored
        from the store. Anything else is no open table."""
        row = self.store.table(table_id)
        if row is None or row.closed_at is not None:
            raise CommandRefused(f"no open table {table_id!r}", status=404)
        with self._global:
            lock = self._locks.setdefault(table_id, threading.Lock())
        with lock:
            runtime = self._runtimes.get(table_id)
            if runtime is None:
                runtime = self._runtimes[table_id] = self._restore(row)
        return runtime

    @contextmanager
    def _table(
        self, table_id: str, *, fresh: bool = True, blocking: bool = True
    ) -> Iterator[TableRuntime | None]:
        """The table's runtime under its lock. `fresh`: first brought up to what the store
        holds (rebuilt when another process moved the stream on); a command skips that read
        and finds out at its commit instead (`table_command`). Not `blocking`: None at once
        when the lock is held."""
        self.runtime(table_id)
        lock = self._locks[table_id]
        if not lock.acquire(blocking=blocking):
            yield None
            return
        try:
            runtime = self._runtimes[table_id]
            if fresh and self.store.version(table_id) != runtime.version:
                runtime = self._rebuild(table_id)
            yield runtime
        finally:
            lock.release()

    def _rebuild(self, table_id: str) -> TableRuntime:
        """Rebuild the runtime from the store: another process moved the stream on, or a
        commit failed and the runtime holds what the store does not."""
        row = self.store.table(table_id)
        if row is None or row.closed_at is not None:
            raise CommandRefused(f"no open table {table_id!r}", status=404)
        runtime = self._runtimes[table_id] = self._restore(row)
        return runtime

    def lobby(self) -> list[dict[str, Any]]:
        """The open tables: game, name, rules digest, limits and free spots."""
        found = []
        for row in self.store.tables():
            table_id = row.table_id
            # A table opened by another process on the same database is loaded here.
            runtime = self._runtimes.get(table_id) or self._adopt(table_id)
            found.append(
                {
                    "table_id": table_id,
                    "game": row.game,
                    "name": row.name,
                    "rules_digest": row.rules_digest,
                    **runtime.summary(),
                }
            )
        return found

    def layout(self, table_id: str) -> dict[str, Any]:
        """The layout document of an open table, from its filed rules through its game
        (`GameModule.layout`); the rules never change, so it is built once per table."""
        found = self._layouts.get(table_id)
        if found is None:
            row = self._row(table_id)
            if row.closed_at is not None:
                raise CommandRefused(f"no open table {table_id!r}", status=404)
            module = find_game(row.game)
            found = dict(module.layout(module.rules_from_mapping(dict(row.rules))))
            self._layouts[table_id] = found
        return found

    @overload
    def view(self, principal: Principal, table_id: str) -> dict[str, Any]: ...

    @overload
    def view(self, principal: Principal, table_id: str, *, wait: bool) -> dict[str, Any] | None: ...

    def view(
        self, principal: Principal, table_id: str, *, wait: bool = True
    ) -> dict[str, Any] | None:
        """The caller's view of the table, brought up to what the store holds (another process
        may have moved it on), built under the table's lock so that no command is half
        applied in it. `wait=False`: None at once when a command holds the lock."""
        with self._table(table_id, blocking=wait) as runtime:
            return None if runtime is None else runtime.view(principal.viewer())

    def clocks(self, table_id: str) -> dict[str, Any]:
        """The table's decision and betting timers now (`TableRuntime.clocks`)."""
        with self._table(table_id) as runtime:
            return _held(runtime).clocks()

    def catch_up(self, table_id: str) -> None:
        """Bring the table's runtime up to what the store holds (another process's commits)."""
        with self._table(table_id):
            pass

    # --- the one write path ------------------------------------------------------------------

    def table_command(
        self,
        principal: Principal,
        table_id: str,
        act: Callable[[TableRuntime], Outcome],
        *,
        idempotency: tuple[str, str] | None,
        audit: tuple[AuditEntry, ...] = (),
        with_view: bool = False,
    ) -> Answer:
        """Run `act` on the table's runtime and commit its outcome (see the module docstring),
        with the `audit` entries it brings. `idempotency` is (key, request hash) when the
        request carried an Idempotency-Key. `with_view`: the answer carries the caller's view
        of the table as the command left it (`view`), so a client needs no second request."""
        replay = self._replayed(principal, idempotency)
        if replay is not None:
            return replay
        # Decided on the runtime as this process last left it. Another process may have moved
        # the stream on since: the commit then fails at its expected version (or the runtime's
        # refusal may be stale), the runtime is rebuilt from the store and the request decided
        # once more. Nothing was committed or answered before.
        for attempt in (1, 2):
            with self._table(table_id, fresh=attempt > 1) as held:
                runtime = _held(held)
                # Again under the lock: a retry sent while its first attempt was being decided
                # found no record above, then waited here while that attempt committed. Decided
                # afresh it would be refused (the decision was taken) or applied in memory twice.
                replay = self._replayed(principal, idempotency)
                if replay is not None:
                    return replay
                with self._wallet(principal.player_id):
                    try:
                        return self._decide_and_commit(
                            principal,
                            table_id,
                            runtime,
                            act,
                            idempotency,
                            last=attempt > 1,
                            audit=audit,
                            with_view=with_view,
                        )
                    except _StaleRuntimeError:
                        continue
        raise CommandRefused(  # pragma: no cover - the second attempt raises itself
            "the table moved on while this request was decided: send it again", status=409
        )

    def stack(
        self,
        principal: Principal,
        table_id: str,
        outcomes: Mapping[str, Any],
        *,
        idempotency: tuple[str, str] | None,
    ) -> Answer:
        """Test mode only: the operator sets the next round's cards or dice
        (`TableRuntime.stack`), logged in the table's stream and the audit log."""
        if not self.test_mode:
            raise CommandRefused(
                "stacking cards or dice is offered only by a server started with --test-mode",
                status=403,
            )
        kinds = sorted(str(key) for key in outcomes)
        return self.table_command(
            principal,
            table_id,
            lambda runtime: runtime.stack(outcomes),
            idempotency=idempotency,
            audit=(AuditEntry("test_mode_stacked", {"table_id": table_id, "what": kinds}),),
        )

    def floor_order(
        self,
        principal: Principal,
        table_id: str,
        name: str,
        args: Mapping[str, Any],
        *,
        idempotency: tuple[str, str] | None,
    ) -> Answer:
        """The operator's floor order at a table (`TableRuntime.order`), logged in the table's
        stream and, as a significant event, in the audit log."""
        return self.table_command(
            principal,
            table_id,
            lambda runtime: runtime.order(name, args, by=principal.key),
            idempotency=idempotency,
            audit=(
                AuditEntry(
                    "floor_order", {"table_id": table_id, "order": name, "args": dict(args)}
                ),
            ),
        )

    def _wallet(self, player_id: str | None) -> threading.Lock | contextlib.nullcontext[None]:
        if player_id is None:
            return contextlib.nullcontext()
        with self._global:
            return self._wallets.setdefault(player_id, threading.Lock())

    def _decide_and_commit(
        self,
        principal: Principal,
        table_id: str,
        runtime: TableRuntime,
        act: Callable[[TableRuntime], Outcome],
        idempotency: tuple[str, str] | None,
        *,
        last: bool,
        audit: tuple[AuditEntry, ...] = (),
        with_view: bool = False,
    ) -> Answer:
        """`table_command`'s body, under the table's lock and the player's wallet. Raises
        `_StaleRuntimeError` (the caller decides again) when the runtime turns out to be
        behind the store and this is not the `last` attempt."""
        before = runtime.version
        try:
            outcome = act(runtime)
        except CommandRefused:
            row = self.store.table(table_id)
            if row is None or row.closed_at is not None:
                # Closed by another process: that, not the runtime's reason, is the answer.
                self._forget(table_id)
                raise CommandRefused(f"no open table {table_id!r}", status=404) from None
            if not last and self.store.version(table_id) != before:
                self._rebuild(table_id)
                raise _StaleRuntimeError from None
            raise
        viewer = principal.viewer()
        body: dict[str, Any] = {
            "version": outcome.version,
            "events": [event for _, event in runtime.events_for(viewer, before)],
        }
        if with_view:
            # The runtime holds the command's outcome (committed below, or rebuilt if not): the
            # view it gives is the one a GET would give once the answer is sent.
            body["view"] = runtime.view(viewer)
        answer = Answer(200, body)
        try:
            self.store.commit(
                Batch(
                    table_id=table_id,
                    expected_version=before,
                    events=outcome.events,
                    sealed=outcome.sealed,
                    postings=tuple(posting_of(move, table_id) for move in outcome.moves),
                    idempotency=idempotency_record(principal.key, idempotency, answer),
                    audit=audit,
                    rounds=round_rows(runtime, outcome),
                )
            )
        except IdempotencyReplay as repeated:
            self._runtimes[table_id] = self._restore(self._row(table_id))
            return answer_from_record(repeated.record, idempotency)
        except Overdrawn as short:
            # Another process spent the same cents first (this one's wallet check passed on
            # what it knew): the store refused the batch, so the runtime forgets it.
            self._runtimes[table_id] = self._restore(self._row(table_id))
            raise CommandRefused(str(short), status=409) from None
        except TableClosed:
            # Closed by another process after this one decided: the table is gone here too.
            self._forget(table_id)
            raise CommandRefused(f"no open table {table_id!r}", status=404) from None
        except VersionConflict:
            self._runtimes[table_id] = self._restore(self._row(table_id))
            if not last:
                raise _StaleRuntimeError from None
            raise CommandRefused(
                "the table moved on while this request was decided: send it again", status=409
            ) from None
        except BaseException:
            # Nothing was committed: the runtime must not keep what the store does not.
            self._runtimes[table_id] = self._restore(self._row(table_id))
            raise
        self._committed[table_id] = outcome.version
        self._wake(table_id, outcome.version)
        return answer

    def money(
        self,
        principal: Principal,
        player_id: str,
        amount: int,
        *,
        deposit: bool,
        idempotency: tuple[str, str] | None,
    ) -> Answer:
        """The operator's deposit to or withdrawal from a player's account (cents)."""
        replay = self._replayed(principal, idempotency)
        if replay is not None:
            return replay
        if self.store.player(player_id) is None:
            raise CommandRefused(f"no player {player_id!r}", status=404)
        with self._wallet(player_id):
            return self._post_money(principal, player_id, amount, deposit, idempotency)

    def _post_money(
        self,
        principal: Principal,
        player_id: str,
        amount: int,
        deposit: bool,
        idempotency: tuple[str, str] | None,
    ) -> Answer:
        """`money`'s check and commit, under the player's wallet lock."""
        account = player_account(player_id)
        if not deposit and amount > self.available(player_id):
            raise CommandRefused(
                f"a withdrawal of {amount} cents exceeds the available balance of "
                f"{self.available(player_id)} cents",
                status=409,
            )
        move = (
            Posting(CASHIER, account, amount, "deposit", None, None, player_id)
            if deposit
            else Posting(account, CASHIER, amount, "withdrawal", None, None, player_id)
        )
        kind = "deposit" if deposit else "withdrawal"
        answer = Answer(
            200,
            {
                "player_id": player_id,
                "balance": self.store.balance(account) + (amount if deposit else -amount),
            },
        )
        try:
            self.store.commit(
                _money_batch(
                    move,
                    AuditEntry(kind, {"player_id": player_id, "amount": amount}),
                    idempotency_record(principal.key, idempotency, answer),
                )
            )
        except IdempotencyReplay as repeated:
            return answer_from_record(repeated.record, idempotency)
        except Overdrawn as short:
            raise CommandRefused(str(short), status=409) from None
        return answer

    def available(self, player_id: str) -> int:
        """The balance a player may wager: the account less what open windows reserve."""
        reserved = sum(runtime.reserved(player_id) for runtime in list(self._runtimes.values()))
        return self.store.balance(player_account(player_id)) - reserved

    # --- the decision clock -----------------------------------------------------------------

    def expire_all(self, now: float | None = None) -> int:
        """Take the house rule's default for every decision past its time at every table
        (stand; insurance declined; EZ Bust declined; keep), committed like any command and
        logged as the house's action (`server:timed_out`). Returns the tables that moved."""
        moved = 0
        stamp = time.monotonic() if now is None else now
        for table_id in list(self._runtimes):
            runtime = self._runtimes.get(table_id)
            if runtime is None or not runtime.overdue(stamp):
                continue
            self.table_command(
                HOUSE_PRINCIPAL, table_id, lambda table: table.expire(stamp), idempotency=None
            )
            moved += 1
        return moved

    # --- recall (633a.7(s)) -----------------------------------------------------------------

    def rounds_of(self, principal: Principal, limit: int) -> list[dict[str, Any]]:
        """The player's last rounds, newest first, each with every event the player may see."""
        rows = self.store.rounds_of(principal.key, limit)
        return [self._recall(principal, row.round_id, replay=False) for row in rows]

    def recall(self, principal: Principal, round_id: str) -> dict[str, Any]:
        """One round: a player only a round they played; the operator any, replayed step by
        step from its own events and checked to reproduce them."""
        return self._recall(principal, round_id, replay=principal.role == "operator")

    def _recall(self, principal: Principal, round_id: str, *, replay: bool) -> dict[str, Any]:
        row = self.store.round(round_id)
        if row is None or (principal.role == "player" and principal.key not in row.players):
            # A player learns nothing of a round they did not play, not even that it exists.
            raise CommandRefused(f"no round {round_id!r} of yours", status=404)
        table = self._row(row.table_id)
        last = (
            row.last_version if row.last_version is not None else self.store.version(table.table_id)
        )
        runtime = self._runtimes.get(table.table_id)
        if runtime is None:
            raise CommandRefused(f"round {round_id!r} is at a closed table", status=404)
        events = [
            {"version": version, "event": event}
            for version, event in runtime.events_for(principal.viewer(), row.first_version - 1)
            if version <= last
        ]
        found: dict[str, Any] = {
            "round_id": round_id,
            "table_id": table.table_id,
            "game": table.game,
            "complete": row.last_version is not None,
            "players": list(row.players),
            "events": events,
        }
        if replay and row.last_version is not None:
            # The game plays its stream again, up to the round's end, from its own cards, dice
            # and decisions; an altered log is refused. The round's steps are those it redid.
            stored = [event for _, event in self.store.events(table.table_id)][:last]
            game_events = [e for e in stored if not str(e.get("event", "")).startswith("server:")]
            redone = [event.to_json() for event in find_game(table.game).replay(game_events)]
            own = [
                event
                for event in stored[row.first_version - 1 :]
                if not str(event.get("event", "")).startswith("server:")
            ]
            found["replay"] = {
                "verified": True,
                "steps": [event for event in own if event in redone],
            }
        return found

    # --- players -----------------------------------------------------------------------------

    def register(self, name: str) -> tuple[str, str]:
        token = new_token()
        player_id = self.store.create_player(name, token_hash(token))
        if self.welcome_credit > 0:
            amount = self.welcome_credit
            move = Posting(
                CASHIER, player_account(player_id), amount, "deposit", None, None, player_id
            )
            details = {"player_id": player_id, "amount": amount, "welcome_credit": True}
            self.store.commit(_money_batch(move, AuditEntry("deposit", details), None))
        return player_id, token

    def authenticate(self, token: str | None) -> Principal | None:
        if token is None:
            return None
        stored = self._operator_token_hash()
        if stored is not None and same_hash(token, stored):
            return Principal("operator")
        digest = token_hash(token)
        known = self._players_by_hash.get(digest)
        if known is not None:
            return known
        row = self.store.player_by_token(digest)
        if row is None:
            return None
        found = Principal("player", row.player_id, row.name)
        with self._global:
            self._players_by_hash[digest] = found
        return found

    def _operator_token_hash(self) -> str | None:
        now = time.monotonic()
        cached = self._operator_hash
        if cached is None or now - cached[0] > OPERATOR_TOKEN_SECONDS:
            cached = self._operator_hash = (now, self.store.operator_token_hash())
        return cached[1]

    # --- watchers (the WebSockets) ------------------------------------------------------------

    def committed_events(
        self, principal: Principal, table_id: str, after: int
    ) -> list[tuple[int, dict[str, Any]]]:
        """The table's committed entries after version `after` as the caller may see them: a
        watcher is never sent what a command still being decided or committed has put in the
        runtime (its commit may yet fail, and the store would not hold it)."""
        runtime = self.runtime(table_id)
        committed = self._committed.get(table_id, 0)
        return [
            (version, event)
            for version, event in runtime.events_for(principal.viewer(), after)
            if version <= committed
        ]

    def watch(self, callback: Callable[[str, int], None]) -> Callable[[], None]:
        self._watchers.append(callback)
        return lambda: self._watchers.remove(callback)

    def _wake(self, table_id: str, version: int) -> None:
        for callback in list(self._watchers):
            callback(table_id, version)

    # --- idempotency -------------------------------------------------------------------------

    def _replayed(self, principal: Principal, idempotency: tuple[str, str] | None) -> Answer | None:
        if idempotency is None:
            return None
        record = self.store.idempotency(principal.key, idempotency[0])
        if record is None:
            return None
        return answer_from_record(record, idempotency)

    def _row(self, table_id: str) -> TableRow:
        row = self.store.table(table_id)
        if row is None:
            raise CommandRefused(f"no open table {table_id!r}", status=404)
        return row


def _money_batch(move: Posting, audit: AuditEntry, idempotency: IdempotencyRecord | None) -> Batch:
    """A deposit or withdrawal: one posting and its audit entry, at no table."""
    return Batch(
        table_id=None,
        expected_version=None,
        events=(),
        sealed=(),
        postings=(move,),
        idempotency=idempotency,
        audit=(audit,),
        rounds=(),
    )


def _held(runtime: TableRuntime | None) -> TableRuntime:
    """The runtime a blocking `Service._table` always yields."""
    if runtime is None:  # pragma: no cover - only a non-blocking acquire yields None
        raise RuntimeError("the table's lock was not taken")
    return runtime


class _StaleRuntimeError(Exception):
    """The runtime was behind the store: decide the request again on the rebuilt one."""


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
