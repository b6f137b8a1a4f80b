"""One live table, game-neutral: seats, the betting window, the round, the decision clock and
who sees what, driven only through the table protocol (`tablegames.core.table`) and the
registry (`tablegames.games`).

The runtime is a single writer (the server runs one per table and calls it under the table's
lock); nothing here touches a database. Each call that changes the table returns an `Outcome`:
the new stream entries, in order, the sealed records and the ledger moves
(`tablegames.server.money.moves_for`) they bring, for the store to commit at
`expected_version = outcome.version - len(outcome.events)`. A refused call raises
`CommandRefused` (what was wrong, the paragraph, the HTTP status) and changes nothing.

**The stream.** The game's own events (JSON) and the runtime's, whose `event` starts with
"server:", each with a `paragraph` (or null); `tablegames.server.stream` keeps them:

- `server:seat_taken {player, spots}`; `server:seat_left {player, spots, after_round}` (a
  leave asked during a round frees the seats when it completes, 633a.6(c));
- `server:bet_accepted {player, spot, action, amount, args}` (the `bet` command as accepted,
  `args.wager` naming the wager); `server:bet_withdrawn {player, spot, wager}`;
- `server:ready {player}`; `server:round_started {round_id}`, then the game's deal;
  `server:round_completed {round_id}` once the game's round is complete;
- `server:timed_out {player, spot, hand, kind, command}`: the house's action for a decision
  not made in time (`GameRound.on_timeout`), followed by the game's events for it;
- `server:floor_order {order, by}`: a floorperson's order and who gave it, followed by the
  game's events for it (its arguments are in the audit log, not the stream).

**Bets.** `bet` (`args.wager` names the wager, `amount` in cents) is checked by the game's
betting window as it arrives; a side wager rides on the spot's first bet, and the stakes of
bets accepted but not yet on the layout are reserved for the player (`reserved`): see
`tablegames.server.betting`. Money moves only from the game's money events.

**Turns.** A pending turn whose player is not seated at the table is the house's (the craps
roll: the house's random number generator throws): the runtime takes it at once with the game's
`on_timeout` command, as it does the deal. A player's decision not made within
`decision_seconds` (the house rule's default, 30 s; `expire`) is taken by the house with the
game's `on_timeout` (stand; insurance, even money and EZ Bust declined; keep); the clock is
`tablegames.server.turns`.

**Restore.** `TableRuntime.restore` rebuilds the table from the stored stream: the game's
events and sealed records through `GameModule.restore_table` (a round in progress resumes at the
same decision with the same cards and wagers), the runtime's events re-applied (seats, the open
window's bets, readiness). A stream cut inside a batch (which an atomic store never holds) is
completed: the entries that complete it are `recovered()`. See `tablegames.server.restoring`.

**Seats.** A spot exists when the game's betting window offers a wager on it (probed up to
`MAX_SPOTS`); a player's spots are adjacent (633a.6(f)). The house's per-player limit of boxes
(633a.6(f)) is checked by the game when the bet arrives. See `tablegames.server.seats`.

**Test mode.** `stack(outcomes)` sets the next round's cards or dice through the game's
`GameTable.stack` (Blackjack `{"cards": [...]}` in dealing order after any burn, craps
`{"dice": [[3, 4], ...]}`), between rounds only. The game logs it in its stream (how many,
never which: `cards_stacked`, `dice_stacked`) and seals what it stacked, so a restore and a
recall replay it. The service offers it only on a server started with `--test-mode`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, Final, Protocol, runtime_checkable

from tablegames.core.errors import TableGamesError
from tablegames.core.table import Betting, Command, GameModule, GameRound, GameTable, Viewer
from tablegames.games import find_game
from tablegames.server.betting import BET, READY, RUNTIME_ACTIONS, WITHDRAW, BetWindow
from tablegames.server.errors import (
    BAD_INPUT,
    CONFLICT,
    FORBIDDEN,
    OVER_LIMIT,
    UNKNOWN,
    CommandRefused,
)
from tablegames.server.money import moves_for
from tablegames.server.restoring import Replayer
from tablegames.server.seats import (
    MAX_SPOTS,
    check_leave,
    check_sit,
    own_spot,
    spot_list,
    spots_of,
)
from tablegames.server.stream import (
    PREFIX,
    Batch,
    Outcome,
    TableStream,
    is_runtime_event,
    runtime_event,
)
from tablegames.server.stream import sight_viewer as _sight_viewer
from tablegames.server.turns import TurnClock

__all__ = [  # what other modules import from here (the names moved keep this path)
    "BET",
    "DEFAULT_BETTING_SECONDS",
    "DEFAULT_DECISION_SECONDS",
    "MAX_SPOTS",
    "PREFIX",
    "READY",
    "RUNTIME_ACTIONS",
    "WITHDRAW",
    "Available",
    "Outcome",
    "TableRuntime",
    "_sight_viewer",
    "is_runtime_event",
]

# The house rule's betting time: once a bet is down, the window closes and the round deals this
# long after, ready or not (633a.6(c): the dealer closes betting), unless everyone is ready first.
DEFAULT_BETTING_SECONDS: Final = 60.0
DEFAULT_DECISION_SECONDS: Final = 30.0  # the house rule's decision time unless the table says
# A player's available balance in cents, or a function that reads it when a stake needs it.
Available = int | Callable[[], int]


@runtime_checkable
class ShowsTheShoe(Protocol):
    """A table whose shoe the house reads at the table (a dealt table: `house_view`)."""

    def house_view(self) -> dict[str, Any]: ...


class TableRuntime:
    """One live table (see the module docstring). Build it with `open` or `restore`."""

    def __init__(
        self,
        table_id: str,
        game_id: str,
        module: GameModule,
        table: GameTable,
        *,
        decision_seconds: float = DEFAULT_DECISION_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.table_id = table_id
        self.game_id = game_id
        self.module = module
        self.table = table
        self.decision_seconds = decision_seconds
        self._clock = clock
        self._stream = TableStream(module)
        self._game_seen = 0  # entries of table.events already in the stream
        self._sealed_seen = 0
        self._seats: dict[int, str] = {}
        self._leaving: set[int] = set()  # freed when the round in play completes
        self._bets = BetWindow(table)  # the open window and the bets it does not hold yet
        self._ready: set[str] = set()
        self._window_from = 0  # where the betting window's entries begin
        self._round_id: str | None = None
        self._rounds = 0
        self._round_from = 0  # where the current (or last) round's entries begin
        self._round_records: dict[str, dict[str, Any]] = {}
        self._turns = TurnClock()  # since when each pending decision has waited
        self._spots: tuple[int, ...] = ()
        self._limits: list[dict[str, Any]] = []
        self._meters: dict[str, int] = {}
        self._opening: Outcome | None = None
        self._recovered: Outcome | None = None
        self.betting_seconds = DEFAULT_BETTING_SECONDS
        self._betting_since: float | None = None  # the clock when a bet was first seen down

    # --- building ------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        table_id: str,
        game_id: str,
        rules_mapping: Mapping[str, Any],
        *,
        random: Any,
        decision_seconds: float = DEFAULT_DECISION_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> TableRuntime:
        """A new table: the rules through the game (`rules_from_mapping`; refused, 400 with
        the game's message), its opening entries in `opening()`."""
        module = _module(game_id)
        try:
            rules = module.rules_from_mapping(dict(rules_mapping))
        except TableGamesError as error:
            raise CommandRefused.from_error(error, status=BAD_INPUT) from None
        table = module.open_table(rules, random=random)
        runtime = cls(
            table_id, game_id, module, table, decision_seconds=decision_seconds, clock=clock
        )
        with runtime._batch():  # from no meters: the house funds their initial amounts
            runtime._sync()
            runtime._probe_spots()
        runtime._opening = runtime._last
        return runtime

    @classmethod
    def restore(
        cls,
        table_id: str,
        game_id: str,
        rules_mapping: Mapping[str, Any],
        stream: Sequence[Mapping[str, Any]],
        sealed: Sequence[Mapping[str, Any]],
        *,
        random: Any,
        decision_seconds: float = DEFAULT_DECISION_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> TableRuntime:
        """The table the stored stream describes (module docstring). `rules_mapping` is the
        table's filed rules; the stream's own record of them is what the game restores."""
        module = _module(game_id)
        entries = [dict(entry) for entry in stream]
        game_events = [entry for entry in entries if not is_runtime_event(entry)]
        try:
            module.rules_from_mapping(dict(rules_mapping))
            table = module.restore_table(game_events, list(sealed), random=random)
        except TableGamesError as error:
            raise CommandRefused.from_error(error, status=CONFLICT) from None
        runtime = cls(
            table_id, game_id, module, table, decision_seconds=decision_seconds, clock=clock
        )
        replayer = Replayer(runtime._stream, runtime._bets, table, apply=runtime._apply_logged)
        replayer.replay(entries)
        runtime._game_seen = len(game_events)
        runtime._sealed_seen = len(sealed)
        runtime._meters = dict(table.meters)
        runtime._opening = runtime._empty()
        with runtime._batch():
            replayer.finish_cut_batch(
                sync=runtime._sync,
                playing=lambda: runtime.phase == "playing",
                start_if_all_ready=runtime._start_if_all_ready,
            )
            runtime._sync()
            if runtime.phase != "playing":
                runtime._probe_spots()
            runtime._advance()
        runtime._recovered = runtime._last
        return runtime

    def opening(self) -> Outcome:
        """What opening the table wrote (its rules filed, the first shuffle, the meters'
        funding); empty for a restored table."""
        return self._opening or self._empty()

    def recovered(self) -> Outcome:
        """What a restore added to complete a batch the stored stream cut off (empty when the
        stream ended on a batch's last entry, as an atomic store's always does)."""
        return self._recovered or self._empty()

    # --- what is read --------------------------------------------------------------------

    @property
    def version(self) -> int:
        return len(self._stream)

    @property
    def stream(self) -> tuple[dict[str, Any], ...]:
        """Every entry so far (the house's copy: unredacted)."""
        return tuple(self._stream.entries)

    @property
    def round_id(self) -> str | None:
        return self._round_id

    @property
    def phase(self) -> str:
        """ "playing" while a round is in play, "betting" while players are seated and the
        window is open, "idle" otherwise."""
        current = self.table.current
        if current is not None and not current.is_complete:
            return "playing"
        return "betting" if self._seats else "idle"

    @property
    def seats(self) -> dict[int, str]:
        return dict(sorted(self._seats.items()))

    def reserved(self, player_id: str) -> int:
        """Cents accepted in the open window for `player_id` whose `wager_placed` has not
        appeared yet: held against the balance, not yet posted."""
        return self._bets.reserved(player_id)

    def summary(self) -> dict[str, Any]:
        """For the lobby: the game, the phase, the betting limits, the seats and free spots."""
        return {
            "game": self.game_id,
            "phase": self.phase,
            "version": self.version,
            "limits": list(self._limits),
            "seats": {str(spot): player for spot, player in self.seats.items()},
            "free_spots": [spot for spot in self._spots if spot not in self._seats],
        }

    def round_record(self, round_id: str) -> dict[str, Any]:
        """A round's row for recall: its players and where its entries begin and end."""
        found = self._round_records.get(round_id)
        if found is None:
            raise CommandRefused(f"no round {round_id!r} at table {self.table_id}", status=UNKNOWN)
        return dict(found)

    def clocks(self) -> dict[str, Any]:
        """The table's timers now (apart from `view`, which is the same for a viewer until
        the table moves): what is left of each pending decision's `decision_seconds` before
        the house takes its default, and of the betting time once a bet is down (None until
        the server's clock has seen one)."""
        now = self._clock()
        current = self.table.current if self.phase == "playing" else None
        return {
            "awaiting": [
                {
                    "player": turn.player,
                    "spot": turn.spot,
                    "hand": turn.hand,
                    "kind": turn.kind,
                    "seconds_left": self._turns.seconds_left(turn, now, self.decision_seconds),
                }
                for turn in (current.awaiting if current is not None else ())
            ],
            "betting_seconds_left": (
                None
                if self._betting_since is None or current is not None
                else max(0.0, round(self.betting_seconds - (now - self._betting_since), 1))
            ),
        }

    def view(self, viewer: Viewer) -> dict[str, Any]:
        """The table as `viewer` may see it: phase, version, round, seats, what is awaited,
        the viewer's offers (a player's own spots only), the current round's (or window's)
        entries redacted for the viewer, the bets in the window, the layout, the meters."""
        phase = self.phase
        current = self.table.current if phase == "playing" else None
        awaiting = [
            {"player": turn.player, "spot": turn.spot, "hand": turn.hand, "kind": turn.kind}
            for turn in (current.awaiting if current is not None else ())
        ]
        offers: dict[str, list[dict[str, Any]]] = {}
        if viewer.role == "player" and viewer.player:
            for spot in spots_of(self._seats, viewer.player):
                offers[str(spot)] = self._offers(spot, phase, current)
        start = self._round_from if phase == "playing" else self._window_from
        shown: dict[str, Any] = {}
        if viewer.role == "operator" and isinstance(self.table, ShowsTheShoe):
            # A dealt table's shoe as the house sees it (counts, rack, sides, the determinant
            # card): the dealer's console draws it.
            shown["shoe"] = self.table.house_view()
        return {
            **shown,
            "table_id": self.table_id,
            "game": self.game_id,
            "phase": phase,
            "version": self.version,
            "round_id": self._round_id,
            "decision_seconds": self.decision_seconds,
            "seats": [
                {"spot": spot, "player": player, "leaving": spot in self._leaving}
                for spot, player in self.seats.items()
            ],
            "ready": sorted(self._ready),
            "awaiting": awaiting,
            # A dealt table's round waiting on the dealer's card (GameRound.dealer_awaits).
            "dealer_awaits": None if current is None else current.dealer_awaits,
            "offers": offers,
            "bets": [
                {"player": bet.player, "spot": bet.spot, "wager": bet.wager, "amount": bet.amount}
                for bet in self._bets.held
            ],
            "layout": {
                player: cents for player, cents in sorted(self._stream.layout.items()) if cents
            },
            "meters": dict(self.table.meters),
            "events": [
                {"version": version, "event": event}
                for version, event in self.events_for(viewer, start)
            ],
        }

    def events_for(self, viewer: Viewer, after_version: int) -> list[tuple[int, dict[str, Any]]]:
        """Every entry after `after_version`, as `viewer` may see it, with its version (its
        position in the stream, from 1). A `revealed` list names stream positions (version
        less one) of the cards it turns up."""
        return self._stream.events_for(viewer, after_version)

    # --- seats ---------------------------------------------------------------------------

    def sit(self, player_id: str, spots: Sequence[int]) -> Outcome:
        """Take adjacent spots (633a.6(f)); the per-player limit is the game's, at the bet."""
        wanted = spot_list(spots)
        if not self._spots and self.phase != "playing":
            self._probe_spots()
        if not self._spots:
            raise CommandRefused(
                "seats are taken between rounds at this table: wait for the round to end",
                status=CONFLICT,
            )
        check_sit(self._seats, self._leaving, self._spots, player_id, wanted)
        with self._batch():
            self._log("seat_taken", "633a.6(f)", player=player_id, spots=wanted)
            for spot in wanted:
                self._seats[spot] = player_id
        return self._last

    def leave(self, player_id: str, spots: Sequence[int]) -> Outcome:
        """Give up spots: at once between rounds (the bets held on them withdrawn), after the
        round while one is in play (633a.6(c): a wager stays until its decision)."""
        wanted = spot_list(spots)
        check_leave(self._seats, player_id, wanted)
        after_round = self.phase == "playing"
        with self._batch():
            kept = [bet for bet in self._bets.held if bet.spot not in wanted]
            if not after_round and len(kept) != len(self._bets.held):
                self._bets.rebuild_checked(kept, status=CONFLICT)
            self._log(
                "seat_left",
                "633a.6(c)" if after_round else None,
                player=player_id,
                spots=wanted,
                after_round=after_round,
            )
            self._apply_leave(player_id, wanted, after_round)
        return self._last

    # --- test mode -----------------------------------------------------------------------

    def stack(self, outcomes: Mapping[str, Any]) -> Outcome:
        """Set the next round's cards or dice (module docstring, "Test mode"); refused during
        a round (409) or when the game refuses what is asked (400, the game's message)."""
        if self.phase == "playing":
            raise CommandRefused(
                f"round {self._round_id} is in play: stack the next round's cards or dice "
                "between rounds",
                status=CONFLICT,
            )
        if not isinstance(outcomes, Mapping):
            raise CommandRefused('a stacking is an object such as {"cards": ["AS", "KH"]}')
        with self._batch():
            try:
                self.table.stack(dict(outcomes))
            except TableGamesError as error:
                raise CommandRefused.from_error(error, status=BAD_INPUT) from None
        return self._last

    # --- the floor ---------------------------------------------------------------------------

    def order(self, name: str, args: Mapping[str, Any], *, by: str = "operator") -> Outcome:
        """A floorperson's order (GameTable.order), between rounds, or during one when the game
        takes it then (`GameTable.round_orders`: a dealt table's cards and irregularities,
        after which the round's automatic steps run as after a decision): refused during a
        round otherwise (409), or when the game refuses it (400, the game's message and
        paragraph)."""
        playing = self.phase == "playing"
        if playing and name not in self.table.round_orders:
            raise CommandRefused(
                f"round {self._round_id} is in play: the order {name!r} is taken between rounds",
                status=CONFLICT,
            )
        with self._batch():
            # Who ordered it, in the stream before what it caused (633a.14: the floorperson's
            # order). Not its arguments: a dealt card is the game's event, redacted for each
            # viewer (the hole card), and the audit log keeps the order whole for the house.
            self._log("floor_order", None, order=name, by=by)
            try:
                self.table.order(name, dict(args))
            except TableGamesError as error:
                raise CommandRefused.from_error(error, status=BAD_INPUT) from None
            if playing:
                self._sync()
                self._advance()
        return self._last

    # --- commands ------------------------------------------------------------------------

    def command(self, player_id: str, command: Command, *, available: Available) -> Outcome:
        """A player's `bet`, `withdraw`, `ready` or game decision; `available` is the player's
        balance in cents (the store's), or a function that reads it: read only for a command
        that stakes money (a stand needs no balance). Refused: CommandRefused, nothing
        changed."""
        if command.player != player_id:
            raise CommandRefused(
                f"{player_id} may not act for {command.player}: a player acts only for "
                "their own spots",
                status=FORBIDDEN,
            )
        if command.action in RUNTIME_ACTIONS:
            if self.phase == "playing":
                raise CommandRefused(
                    f"betting is closed: round {self._round_id} is in play, so no bet may be "
                    f"placed, withdrawn or readied ({command.action!r})",
                    paragraph="633a.6(c)",
                    status=CONFLICT,
                )
            if command.action == BET:
                return self._bet(player_id, command, available)
            if command.action == WITHDRAW:
                return self._withdraw(player_id, command)
            return self._ready_up(player_id)
        return self._decide(player_id, command, available)

    def overdue(self, now: float) -> bool:
        """Whether a decision has waited longer than `decision_seconds` at `now`, or a betting
        window with a bet down has been open longer than `betting_seconds` (cheap: the
        server's clock asks every table each second)."""
        if self._betting_time_up(now):
            return True
        current = self.table.current
        if current is None or current.is_complete:
            return False
        return bool(self._turns.late(current, now, self.decision_seconds))

    def expire(self, now: float) -> Outcome:
        """Take the house's action (`GameRound.on_timeout`) for every decision pending longer
        than `decision_seconds` at `now` (on the runtime's clock), logged as
        `server:timed_out` then the game's events. A betting window past its time closes and
        the round deals (`server:betting_closed`, then as when everyone is ready)."""
        if self._betting_time_up(now):
            window = self._bets.open()
            round_id = f"{self.table_id}-r{self._rounds + 1}"
            with self._batch() as batch:
                self._log("betting_closed", "633a.6(c)", seconds=self.betting_seconds)
                self._start(window, round_id)
                batch.started = round_id
                self._advance(now)
            self._betting_since = None
            return self._last
        with self._batch():
            while True:
                current = self.table.current
                if current is None or current.is_complete:
                    break
                late = self._turns.late(current, now, self.decision_seconds)
                if not late:
                    break
                turn = late[0]
                order = current.on_timeout(turn)
                self._log(
                    "timed_out",
                    None,
                    player=turn.player,
                    spot=turn.spot,
                    hand=turn.hand,
                    kind=turn.kind,
                    command=order.to_json(),
                )
                current.apply(order)
                self._sync()
                self._advance(now)
        return self._last

    def _betting_time_up(self, now: float) -> bool:
        """Whether the window with a bet down has been open longer than `betting_seconds`;
        the window's clock starts when the server's clock first sees a bet down (after a
        restart, again from then)."""
        if self.phase != "betting" or not self._bets.held:
            self._betting_since = None
            return False
        if self._betting_since is None:
            self._betting_since = now
        return now - self._betting_since > self.betting_seconds

    def _bet(self, player_id: str, command: Command, available: Available) -> Outcome:
        spot = own_spot(self._seats, player_id, command.spot)
        checked = self._bets.check(player_id, spot, command)
        bet = checked.bet
        self._check_funds(player_id, bet.amount, available, f"a {bet.wager} bet")
        with self._batch():
            self._log(
                "bet_accepted",
                None,
                player=player_id,
                spot=spot,
                action=BET,
                amount=bet.amount,
                args={"wager": bet.wager, **bet.args},
            )
            if checked.fresh is not None:
                self._bets.window = checked.fresh
                self._bets.held.append(bet)
            else:
                try:
                    checked.window.place(checked.alone)
                except TableGamesError as error:  # pragma: no cover - refusal said yes
                    raise CommandRefused.from_error(error, status=OVER_LIMIT) from None
                if not self._sync_placed(player_id):
                    self._bets.held.append(bet)
        return self._last

    def _withdraw(self, player_id: str, command: Command) -> Outcome:
        wager = command.args.get("wager")
        if wager is not None and not isinstance(wager, str):
            raise CommandRefused(f"args.wager names a wager, not {wager!r}")
        spot = command.spot
        held = [bet for bet in self._bets.held if bet.spot == spot]
        if held and held[0].player != player_id:
            raise CommandRefused(
                f"the bets on spot {spot} are {held[0].player}'s, not {player_id}'s",
                status=FORBIDDEN,
            )
        window = self._bets.open()
        with self._batch():
            if held:
                if wager is not None and wager not in {bet.wager for bet in held}:
                    raise CommandRefused(
                        f"spot {spot} has no {wager} bet to withdraw", status=UNKNOWN
                    )
                self._bets.rebuild_checked(self._bets.without(spot, wager), status=CONFLICT)
                self._log("bet_withdrawn", "633a.6(c)", player=player_id, spot=spot, wager=wager)
            else:
                try:
                    window.withdraw(player_id, spot)
                except TableGamesError as error:
                    raise CommandRefused.from_error(error, status=CONFLICT) from None
                self._log("bet_withdrawn", "633a.6(c)", player=player_id, spot=spot, wager=wager)
                self._sync()
        return self._last

    def _ready_up(self, player_id: str) -> Outcome:
        if not spots_of(self._seats, player_id):
            raise CommandRefused(f"{player_id} has no seat at this table", status=CONFLICT)
        ready = {*self._ready, player_id}
        bettors = self._bettors()
        starting = not bettors - ready
        window = self._bets.open()
        round_id = f"{self.table_id}-r{self._rounds + 1}"
        with self._batch() as batch:
            self._log("ready", "633a.6(c)", player=player_id)
            self._ready = ready
            if starting:
                self._start(window, round_id)
                batch.started = round_id
                self._advance()
        return self._last

    def _decide(self, player_id: str, command: Command, available: Available) -> Outcome:
        current = self.table.current
        if current is None or current.is_complete:
            if self.phase == "betting" and command.action in {
                offer.action
                for offer in self.table.between_rounds_offers(command.spot, self._seated())
            }:
                return self._between_rounds(player_id, command)
            raise CommandRefused(
                f"no round is in play: the betting window takes {', '.join(RUNTIME_ACTIONS)}, "
                f"not {command.action!r}",
                status=CONFLICT,
            )
        owner = self._seats.get(command.spot)
        if owner != player_id:
            whose = "free" if owner is None else f"{owner}'s"
            raise CommandRefused(
                f"spot {command.spot} is {whose}: {player_id} acts only for their own spots",
                status=FORBIDDEN,
            )
        refusal = current.refusal(command)
        if refusal is not None:
            offered = {offer.action for offer in current.offers(command.spot)}
            status = OVER_LIMIT if command.action in offered else CONFLICT
            raise CommandRefused.from_text(refusal, status=status)
        try:
            stake = current.stake_required(command)
        except TableGamesError as error:  # pragma: no cover - refusal said yes
            raise CommandRefused.from_error(error, status=CONFLICT) from None
        self._check_funds(player_id, stake, available, f"{command.action!r}")
        with self._batch():
            current.apply(command)
            self._sync()
            self._advance()
        return self._last

    # --- the round -----------------------------------------------------------------------

    def _start(self, window: Betting, round_id: str) -> None:
        """Close the window and start the round (the game deals); refused, nothing logged
        stays (the caller's batch is discarded)."""
        self._log("round_started", "633a.6(c)", round_id=round_id)
        try:
            self.table.start_round(window)
        except TableGamesError as error:
            raise CommandRefused.from_error(error, status=CONFLICT) from None
        self._begin_round(round_id, len(self._stream) - 1)
        self._sync()

    def _begin_round(self, round_id: str, index: int) -> None:
        self._rounds += 1
        self._round_id = round_id
        self._round_from = index
        self._round_records[round_id] = {
            "round_id": round_id,
            "table_id": self.table_id,
            "game": self.game_id,
            "players": sorted({bet.player for bet in self._bets.held} | self._ready),
            "started_version": index + 1,
            "completed_version": None,
        }
        self._bets.held = []
        self._ready = set()
        self._bets.window = None

    def _advance(self, now: float | None = None) -> None:
        """The automatic steps: the house's own turns, the round's completion (the seats
        left after it freed), the decision clocks of the turns now pending."""
        while True:
            current = self.table.current
            if current is None or current.is_complete:
                break
            seated = set(self._seats.values())
            house = [turn for turn in current.awaiting if turn.player not in seated]
            if not house:
                break
            current.apply(current.on_timeout(house[0]))
            self._sync()
        current = self.table.current
        if self._round_id is not None and (current is None or current.is_complete):
            round_id = self._round_id
            self._log("round_completed", None, round_id=round_id)
            self._complete_round(len(self._stream) - 1)
            if self._batch_state is not None:
                self._batch_state.completed = round_id
        self._track_turns(now)

    def _complete_round(self, index: int) -> None:
        if self._round_id is not None:
            self._round_records[self._round_id]["completed_version"] = index + 1
        self._round_id = None
        for spot in sorted(self._leaving):
            self._seats.pop(spot, None)
        self._leaving.clear()
        self._window_from = index + 1
        self._bets.window = None

    def _track_turns(self, now: float | None) -> None:
        self._turns.track(self.table.current, now, self._clock)

    def _bettors(self) -> set[str]:
        """The players with a bet in the window: held, or on the layout since it opened."""
        return self._bets.bettors(self._stream.entries[self._window_from :])

    def _offers(self, spot: int, phase: str, current: GameRound | None) -> list[dict[str, Any]]:
        if current is not None:
            return [offer.to_json() for offer in current.offers(spot)]
        if phase != "betting":
            return []
        between = self.table.between_rounds_offers(spot, self._seated())
        return [*self._bets.offers(spot), *(offer.to_json() for offer in between)]

    def _seated(self) -> list[int]:
        """The seated spots in the order their players sat (633a.5(c)(1): the first player
        arriving is the first seated)."""
        return list(self._seats)

    def _between_rounds(self, player_id: str, command: Command) -> Outcome:
        """A decision between rounds the game offers the spot (Blackjack's cut, 633a.5(b))."""
        if self._seats.get(command.spot) != player_id:
            raise CommandRefused(
                f"spot {command.spot} is not {player_id}'s: a player acts only for their own spots",
                status=FORBIDDEN,
            )
        with self._batch():
            try:
                self.table.between_rounds(command, self._seated())
            except TableGamesError as error:
                raise CommandRefused.from_error(error, status=CONFLICT) from None
            self._sync()
        return self._last

    def _probe_spots(self) -> None:
        if self._spots:
            return
        window = self._bets.open()
        self._spots = tuple(spot for spot in range(1, MAX_SPOTS + 1) if window.offers(spot))
        if self._spots:
            self._limits = [offer.to_json() for offer in window.offers(self._spots[0])]

    # --- the balance --------------------------------------------------------------------------

    def _check_funds(self, player_id: str, stake: int, available: Available, what: str) -> None:
        if stake <= 0:
            return
        if callable(available):
            available = available()
        if isinstance(available, bool) or not isinstance(available, int):
            raise CommandRefused(f"the available balance is cents, not {available!r}")
        held = self.reserved(player_id)
        if stake > available - held:
            raise CommandRefused(
                f"{what} of {stake} cents exceeds what {player_id} has free: an available "
                f"balance of {available} cents less {held} held for bets in this window",
                status=CONFLICT,
            )

    # --- the stream ----------------------------------------------------------------------

    _batch_state: Batch | None = None
    _last: Outcome

    @contextmanager
    def _batch(self) -> Iterator[Batch]:
        """A call's changes, all or nothing: a refusal inside undoes the runtime's own
        state (the game is only asked to act once every check has passed)."""
        saved = self._save()
        batch = Batch(len(self._stream), self._sealed_seen, dict(self._meters))
        self._batch_state = batch
        try:
            yield batch
        except BaseException:
            self._restore_state(saved)
            raise
        finally:
            self._batch_state = None
        self._sync()
        events = self._stream.entries[batch.start :]
        sealed = [dict(record) for record in self.table.sealed[batch.sealed :]]
        self._sealed_seen = batch.sealed + len(sealed)
        after = dict(self.table.meters)
        money = [entry for entry in events if not is_runtime_event(entry)]
        round_id = batch.started or self._round_id or batch.completed
        self._last = Outcome(
            events=[dict(entry) for entry in events],
            sealed=sealed,
            moves=moves_for(self.table_id, round_id, money, batch.meters, after),
            round_started=batch.started,
            round_completed=batch.completed,
            version=self.version,
        )
        self._meters = after

    def _save(self) -> dict[str, Any]:
        return {
            "stream": self._stream.mark(),
            "seats": dict(self._seats),
            "leaving": set(self._leaving),
            "window": self._bets.window,
            "held": list(self._bets.held),
            "ready": set(self._ready),
            "window_from": self._window_from,
            "round_id": self._round_id,
            "rounds": self._rounds,
            "round_from": self._round_from,
            # A call adds a round's record or completes the current one, never another: only
            # that one is copied (copying them all made every call as slow as the table is old).
            "records": set(self._round_records),
            "current_record": (
                dict(self._round_records[self._round_id])
                if self._round_id in self._round_records
                else None
            ),
            "game_seen": self._game_seen,
        }

    def _restore_state(self, saved: dict[str, Any]) -> None:
        if self._game_seen != saved["game_seen"]:  # pragma: no cover - the game acted
            raise RuntimeError("the game acted in a refused call: rebuild the table")
        self._stream.rewind(saved["stream"])
        self._seats = saved["seats"]
        self._leaving = saved["leaving"]
        self._bets.window = saved["window"]
        self._bets.held = saved["held"]
        self._ready = saved["ready"]
        self._window_from = saved["window_from"]
        self._round_id = saved["round_id"]
        self._rounds = saved["rounds"]
        self._round_from = saved["round_from"]
        for added in set(self._round_records) - saved["records"]:
            del self._round_records[added]
        if saved["current_record"] is not None:
            self._round_records[saved["round_id"]] = saved["current_record"]

    def _empty(self) -> Outcome:
        return Outcome([], [], [], None, None, self.version)

    def _log(self, name: str, paragraph: str | None, **fields: Any) -> None:
        self._sync()  # the game's events so far come first
        self._stream.append(runtime_event(name, paragraph, **fields))

    def _sync(self) -> list[dict[str, Any]]:
        """Append the game's events not yet in the stream; returns them."""
        events = self.table.events_after(self._game_seen)
        new = [event.to_json() for event in events]
        self._game_seen += len(events)
        for entry in new:
            self._stream.append(entry)
        return new

    def _sync_placed(self, player_id: str) -> bool:
        """Sync after a placement: whether the game put the bet on the layout at once."""
        return any(
            entry.get("event") == "wager_placed" and entry.get("player") == player_id
            for entry in self._sync()
        )

    def _apply_leave(self, player_id: str, spots: Sequence[int], after_round: bool) -> None:
        if after_round:
            self._leaving |= set(spots)
            return
        self._bets.held = [bet for bet in self._bets.held if bet.spot not in spots]
        for spot in spots:
            self._seats.pop(spot, None)
        if not spots_of(self._seats, player_id):
            self._ready.discard(player_id)

    def _apply_logged(self, name: str, entry: Mapping[str, Any], index: int) -> None:
        """What one of the runtime's stored entries (`name` without the prefix, at `index`)
        did to the seats, the readiness and the rounds (`restoring.Replayer` re-applies the
        bets)."""
        if name == "seat_taken":
            for spot in entry["spots"]:
                self._seats[int(spot)] = str(entry["player"])
        elif name == "seat_left":
            self._apply_leave(str(entry["player"]), entry["spots"], bool(entry["after_round"]))
        elif name == "ready":
            self._ready.add(str(entry["player"]))
        elif name == "round_started":
            self._begin_round(str(entry["round_id"]), index)
        elif name == "round_completed":
            self._complete_round(index)

    def _start_if_all_ready(self, window: Betting) -> None:
        """Start the round a restored stream's last ready closes the window for."""
        if not self._bettors() - self._ready:
            self._start(window, f"{self.table_id}-r{self._rounds + 1}")
            if self._batch_state is not None:
                self._batch_state.started = self._round_id


def _module(game_id: str) -> GameModule:
    try:
        return find_game(game_id)
    except TableGamesError as error:
        raise CommandRefused.from_error(error, status=UNKNOWN) from None
