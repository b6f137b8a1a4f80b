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
"server:", each with a `paragraph` (or null):

- `server:seat_taken {player, spots}`; `server:seat_left {player, spots, after_round}` (a
  leave asked during a round frees the seats when it completes, 633a.6(c));
- `server:bet_accepted {player, spot, action, amount, args}` (the `bet` command as accepted,
  `args.wager` naming the wager); `server:bet_withdrawn {player, spot, wager}`;
- `server:ready {player}`; `server:round_started {round_id}`, then the game's deal;
  `server:round_completed {round_id}` once the game's round is complete;
- `server:timed_out {player, spot, hand, kind, command}`: the house's action for a decision
  not made in time (`GameRound.on_timeout`), followed by the game's events for it.

**Bets.** `bet` (`args.wager` names the wager, `amount` in cents) is checked by the game's
betting window as it arrives. A wager the window does not take alone rides on the spot's first
bet in `args["side"]` (the betting convention of side wagers: Blackjack's 633a.6(e) side wagers
ride on the Blackjack Wager's command); the runtime then places the window's bets again, in spot
order, in a fresh window, which a game whose window holds nothing until it closes (Blackjack)
gives on every `open_betting()`. The stakes of bets accepted but not yet on the layout (no
`wager_placed` yet: Blackjack's until the deal) are reserved for the player (`reserved`); a
bet or decision whose stake exceeds the available balance less those reservations is refused.
Money moves only from the game's money events.

**Turns.** A pending turn whose player is not seated at the table is the house's (the craps
roll: the house's random number generator throws): the runtime takes it at once with the game's
`on_timeout` command, as it does the deal. A player's decision not made within
`decision_seconds` (the house rule's default, 30 s; `expire`) is taken by the house with the
game's `on_timeout` (stand; insurance, even money and EZ Bust declined; keep).

**Restore.** `TableRuntime.restore` rebuilds the table from the stored stream: the game's
events and sealed records through `GameModule.restore_table` (a round in progress resumes at the
same decision with the same cards and wagers), the runtime's events re-applied (seats, the open
window's bets, readiness). A stream cut inside a batch (which an atomic store never holds) is
completed: the entries that complete it are `recovered()`.

**Seats.** A spot exists when the game's betting window offers a wager on it (probed up to
`MAX_SPOTS`); a player's spots are adjacent (633a.6(f)). The house's per-player limit of boxes
(633a.6(f)) is checked by the game when the bet arrives.

**Test mode.** Stacking the next round's cards or dice is not offered here: the HTTP layer
refuses `stack` until the games expose a stacking hook on the table protocol.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, Final

from tablegames.core.errors import TableGamesError
from tablegames.core.table import Betting, Command, GameModule, GameRound, GameTable, Viewer
from tablegames.core.views import REVEALED, redact
from tablegames.core.views import Viewer as SightViewer
from tablegames.games import find_game
from tablegames.server.errors import (
    BAD_INPUT,
    CONFLICT,
    FORBIDDEN,
    OVER_LIMIT,
    UNKNOWN,
    CommandRefused,
)
from tablegames.server.money import MoneyMove, moves_for

PREFIX: Final = "server:"
BET: Final = "bet"
WITHDRAW: Final = "withdraw"
READY: Final = "ready"
RUNTIME_ACTIONS: Final = (BET, WITHDRAW, READY)
# The house rule's betting time: once a bet is down, the window closes and the round deals this
# long after, ready or not (633a.6(c): the dealer closes betting), unless everyone is ready first.
DEFAULT_BETTING_SECONDS: Final = 60.0
DEFAULT_DECISION_SECONDS: Final = 30.0  # the house rule's decision time unless the table says
MAX_SPOTS: Final = 64  # the spots probed for offers: a spot with none does not exist
RIDING: Final = "side"  # args of a bet holding the wagers that ride on it (633a.6(e))


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one call added to the table: the stream entries (JSON, in order), the sealed
    records, the ledger moves, the round started or completed, and the stream length after."""

    events: list[dict[str, Any]]
    sealed: list[dict[str, Any]]
    moves: list[MoneyMove]
    round_started: str | None
    round_completed: str | None
    version: int

    @property
    def expected_version(self) -> int:
        """The version the store appends `events` at."""
        return self.version - len(self.events)


@dataclass(frozen=True, slots=True)
class _Bet:
    """A bet accepted in the window whose `wager_placed` has not appeared yet (reserved)."""

    player: str
    spot: int
    wager: str
    amount: int
    args: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class _Batch:
    start: int
    sealed: int
    meters: dict[str, int]
    started: str | None = None
    completed: str | None = None


def _sight_viewer(viewer: Viewer) -> SightViewer:
    if viewer.role == "player":
        return SightViewer.player(viewer.player or "")
    if viewer.role == "spectator":
        return SightViewer.spectator()
    return SightViewer.house()  # the operator sees what the dealer sees; the auditor, all


def _runtime_event(name: str, paragraph: str | None = None, **fields: Any) -> dict[str, Any]:
    return {"event": PREFIX + name, "paragraph": paragraph, **fields}


def is_runtime_event(entry: Mapping[str, Any]) -> bool:
    return str(entry.get("event", "")).startswith(PREFIX)


def _adjacent(spots: Sequence[int]) -> bool:
    ordered = sorted(spots)
    return all(b == a + 1 for a, b in pairwise(ordered))


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
        self._stream: list[dict[str, Any]] = []
        self._game_seen = 0  # entries of table.events already in the stream
        self._sealed_seen = 0
        self._seats: dict[int, str] = {}
        self._leaving: set[int] = set()  # freed when the round in play completes
        self._window: Betting | None = None
        self._held: list[_Bet] = []
        self._ready: set[str] = set()
        self._window_from = 0  # where the betting window's entries begin
        self._round_id: str | None = None
        self._rounds = 0
        self._round_from = 0  # where the current (or last) round's entries begin
        self._round_records: dict[str, dict[str, Any]] = {}
        self._seated_at: list[int] = []  # entries that seat a round (the sight's)
        self._layout: dict[str, int] = {}  # each player's cents on the layout
        self._pending_since: dict[tuple[str, int, int, str], float] = {}
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
        runtime._replay(entries)
        runtime._game_seen = len(game_events)
        runtime._sealed_seen = len(sealed)
        runtime._meters = dict(table.meters)
        runtime._opening = runtime._empty()
        with runtime._batch():
            runtime._finish_cut_batch()
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
        return tuple(self._stream)

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
        return sum(bet.amount for bet in self._held if bet.player == player_id)

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
            for spot in self._spots_of(viewer.player):
                offers[str(spot)] = self._offers(spot, phase, current)
        start = self._round_from if phase == "playing" else self._window_from
        return {
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
            "offers": offers,
            "bets": [
                {"player": bet.player, "spot": bet.spot, "wager": bet.wager, "amount": bet.amount}
                for bet in self._held
            ],
            "layout": {player: cents for player, cents in sorted(self._layout.items()) if cents},
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
        after = max(0, min(after_version, self.version))
        start = 0
        for index in self._seated_at:  # redaction starts afresh at each round's seating
            if index > after:
                break
            start = index
        view = redact(self._stream[start:], _sight_viewer(viewer), self.module.sight)
        found = []
        for offset, event in enumerate(view):
            index = start + offset
            if index < after:
                continue
            if start and REVEALED in event:
                event[REVEALED] = [[at + start, card] for at, card in event[REVEALED]]
            found.append((index + 1, event))
        return found

    # --- seats ---------------------------------------------------------------------------

    def sit(self, player_id: str, spots: Sequence[int]) -> Outcome:
        """Take adjacent spots (633a.6(f)); the per-player limit is the game's, at the bet."""
        wanted = self._spot_list(spots)
        if not self._spots and self.phase != "playing":
            self._probe_spots()
        if not self._spots:
            raise CommandRefused(
                "seats are taken between rounds at this table: wait for the round to end",
                status=CONFLICT,
            )
        for spot in wanted:
            if spot not in self._spots:
                raise CommandRefused(
                    f"no spot {spot} at this table: the spots are {_span(self._spots)}",
                    status=UNKNOWN,
                )
            owner = self._seats.get(spot)
            if owner is not None:
                which = "yours already" if owner == player_id else f"taken by {owner}"
                raise CommandRefused(f"spot {spot} is {which}", status=CONFLICT)
        mine = [spot for spot in self._spots_of(player_id) if spot not in self._leaving]
        if not _adjacent([*mine, *wanted]):
            raise CommandRefused(
                f"a player's spots are adjacent: {_span([*mine, *wanted])} are not",
                paragraph="633a.6(f)",
                status=CONFLICT,
            )
        with self._batch():
            self._log("seat_taken", "633a.6(f)", player=player_id, spots=wanted)
            for spot in wanted:
                self._seats[spot] = player_id
        return self._last

    def leave(self, player_id: str, spots: Sequence[int]) -> Outcome:
        """Give up spots: at once between rounds (the bets held on them withdrawn), after the
        round while one is in play (633a.6(c): a wager stays until its decision)."""
        wanted = self._spot_list(spots)
        for spot in wanted:
            owner = self._seats.get(spot)
            if owner is None:
                raise CommandRefused(f"spot {spot} is free: nobody to leave it", status=CONFLICT)
            if owner != player_id:
                raise CommandRefused(
                    f"spot {spot} is {owner}'s, not {player_id}'s", status=FORBIDDEN
                )
        remaining = [spot for spot in self._spots_of(player_id) if spot not in wanted]
        if not _adjacent(remaining):
            raise CommandRefused(
                f"leaving {_span(wanted)} would leave spots {_span(remaining)} apart",
                paragraph="633a.6(f)",
                status=CONFLICT,
            )
        after_round = self.phase == "playing"
        with self._batch():
            kept = [bet for bet in self._held if bet.spot not in wanted]
            if not after_round and len(kept) != len(self._held):
                self._rebuild_checked(kept, status=CONFLICT)
            self._log(
                "seat_left",
                "633a.6(c)" if after_round else None,
                player=player_id,
                spots=wanted,
                after_round=after_round,
            )
            self._apply_leave(player_id, wanted, after_round)
        return self._last

    # --- commands ------------------------------------------------------------------------

    def command(self, player_id: str, command: Command, *, available: int) -> Outcome:
        """A player's `bet`, `withdraw`, `ready` or game decision; `available` is the player's
        balance in cents (the store's). Refused: CommandRefused, nothing changed."""
        if command.player != player_id:
            raise CommandRefused(
                f"{player_id} may not act for {command.player}: a player acts only for "
                "their own spots",
                status=FORBIDDEN,
            )
        if isinstance(available, bool) or not isinstance(available, int):
            raise CommandRefused(f"the available balance is cents, not {available!r}")
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
        return any(
            now - self._pending_since.get(_key(turn), now) > self.decision_seconds
            for turn in current.awaiting
        )

    def expire(self, now: float) -> Outcome:
        """Take the house's action (`GameRound.on_timeout`) for every decision pending longer
        than `decision_seconds` at `now` (on the runtime's clock), logged as
        `server:timed_out` then the game's events. A betting window past its time closes and
        the round deals (`server:betting_closed`, then as when everyone is ready)."""
        if self._betting_time_up(now):
            window = self._open_window()
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
                late = [
                    turn
                    for turn in current.awaiting
                    if now - self._pending_since.get(_key(turn), now) > self.decision_seconds
                ]
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
        if self.phase != "betting" or not self._held:
            self._betting_since = None
            return False
        if self._betting_since is None:
            self._betting_since = now
        return now - self._betting_since > self.betting_seconds

    def _bet(self, player_id: str, command: Command, available: int) -> Outcome:
        spot = self._own_spot(player_id, command.spot)
        args = dict(command.args)
        wager = args.pop("wager", None)
        if not isinstance(wager, str) or not wager:
            raise CommandRefused("a bet names its wager in args.wager (e.g. 'blackjack')")
        amount = command.amount
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            raise CommandRefused(
                f"a bet's amount is a positive whole number of cents, not {amount!r}"
            )
        window = self._open_window()
        offered = [offer.action for offer in window.offers(spot)]
        if wager not in offered:
            raise CommandRefused(
                f"no wager {wager!r} at spot {spot}: the wagers offered are {', '.join(offered)}",
                status=BAD_INPUT,
            )
        alone = Command(player=player_id, spot=spot, action=wager, amount=amount, args=args)
        refusal = window.refusal(alone)
        bet = _Bet(player_id, spot, wager, amount, args)
        fresh: Betting | None = None
        if refusal is not None:
            main = self._main_bet(spot)
            if main is None or main.player != player_id or args or wager == main.wager:
                raise CommandRefused.from_text(refusal, status=OVER_LIMIT)
            if any(held.spot == spot and held.wager == wager for held in self._held):
                raise CommandRefused(
                    f"spot {spot} already has a {wager} wager: withdraw it first",
                    status=CONFLICT,
                )
            fresh = self._rebuild([*self._held, bet])
            if fresh is None:
                raise CommandRefused.from_text(refusal, status=OVER_LIMIT)
        self._check_funds(player_id, amount, available, f"a {wager} bet")
        with self._batch():
            self._log(
                "bet_accepted",
                None,
                player=player_id,
                spot=spot,
                action=BET,
                amount=amount,
                args={"wager": wager, **args},
            )
            if fresh is not None:
                self._window = fresh
                self._held.append(bet)
            else:
                try:
                    window.place(alone)
                except TableGamesError as error:  # pragma: no cover - refusal said yes
                    raise CommandRefused.from_error(error, status=OVER_LIMIT) from None
                if not self._sync_placed(player_id):
                    self._held.append(bet)
        return self._last

    def _withdraw(self, player_id: str, command: Command) -> Outcome:
        wager = command.args.get("wager")
        if wager is not None and not isinstance(wager, str):
            raise CommandRefused(f"args.wager names a wager, not {wager!r}")
        spot = command.spot
        held = [bet for bet in self._held if bet.spot == spot]
        if held and held[0].player != player_id:
            raise CommandRefused(
                f"the bets on spot {spot} are {held[0].player}'s, not {player_id}'s",
                status=FORBIDDEN,
            )
        window = self._open_window()
        with self._batch():
            if held:
                if wager is not None and wager not in {bet.wager for bet in held}:
                    raise CommandRefused(
                        f"spot {spot} has no {wager} bet to withdraw", status=UNKNOWN
                    )
                kept = [
                    bet
                    for bet in self._held
                    if bet.spot != spot
                    or (wager not in (None, held[0].wager) and bet.wager != wager)
                ]
                self._rebuild_checked(kept, status=CONFLICT)
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
        if not self._spots_of(player_id):
            raise CommandRefused(f"{player_id} has no seat at this table", status=CONFLICT)
        ready = {*self._ready, player_id}
        bettors = self._bettors()
        starting = not bettors - ready
        window = self._open_window()
        round_id = f"{self.table_id}-r{self._rounds + 1}"
        with self._batch() as batch:
            self._log("ready", "633a.6(c)", player=player_id)
            self._ready = ready
            if starting:
                self._start(window, round_id)
                batch.started = round_id
                self._advance()
        return self._last

    def _decide(self, player_id: str, command: Command, available: int) -> Outcome:
        current = self.table.current
        if current is None or current.is_complete:
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
            "players": sorted({bet.player for bet in self._held} | self._ready),
            "started_version": index + 1,
            "completed_version": None,
        }
        self._held = []
        self._ready = set()
        self._window = None

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
        self._window = None

    def _track_turns(self, now: float | None) -> None:
        current = self.table.current
        if current is None or current.is_complete:
            self._pending_since = {}
            return
        stamp = self._clock() if now is None else now
        keys = [_key(turn) for turn in current.awaiting]
        self._pending_since = {key: self._pending_since.get(key, stamp) for key in keys}

    # --- the betting window --------------------------------------------------------------

    def _open_window(self) -> Betting:
        if self._window is None or not self._window.is_open:
            try:
                self._window = self.table.open_betting()
            except TableGamesError as error:
                raise CommandRefused.from_error(error, status=CONFLICT) from None
        return self._window

    def _main_bet(self, spot: int) -> _Bet | None:
        return next((bet for bet in self._held if bet.spot == spot), None)

    def _commands(self, bets: Sequence[_Bet]) -> list[Command]:
        """The window's commands: each spot's first bet, the others riding in its args."""
        commands = []
        for spot in sorted({bet.spot for bet in bets}):
            on_spot = [bet for bet in bets if bet.spot == spot]
            main, riders = on_spot[0], on_spot[1:]
            args = dict(main.args)
            if riders:
                args[RIDING] = {**dict(args.get(RIDING, {})), **{b.wager: b.amount for b in riders}}
            commands.append(
                Command(
                    player=main.player, spot=spot, action=main.wager, amount=main.amount, args=args
                )
            )
        return commands

    def _rebuild(self, bets: Sequence[_Bet]) -> Betting | None:
        """A fresh window holding `bets` (raises the game's refusal), or None when the game
        gives no fresh window (its window holds its bets on the layout, as at craps)."""
        fresh = self.table.open_betting()
        if fresh is self._window:
            return None
        for order in self._commands(bets):
            try:
                fresh.place(order)
            except TableGamesError as error:
                raise CommandRefused.from_error(error, status=OVER_LIMIT) from None
        return fresh

    def _rebuild_checked(self, kept: list[_Bet], *, status: int) -> None:
        try:
            fresh = self._rebuild(kept)
        except CommandRefused as refused:
            raise CommandRefused(
                refused.message, paragraph=refused.paragraph, status=status
            ) from None
        if fresh is None:  # pragma: no cover - such a game's bets are never held
            raise CommandRefused("this table's bets are withdrawn one by one", status=CONFLICT)
        self._window = fresh
        self._held = kept

    def _bettors(self) -> set[str]:
        """The players with a bet in the window: held, or on the layout since it opened."""
        net: dict[str, int] = {}
        for entry in self._stream[self._window_from :]:
            kind = entry.get("event")
            if kind == "wager_placed":
                net[entry["player"]] = net.get(entry["player"], 0) + int(entry["amount"])
            elif kind == "wager_withdrawn":
                net[entry["player"]] = net.get(entry["player"], 0) - int(entry["amount"])
        for bet in self._held:
            net[bet.player] = net.get(bet.player, 0) + bet.amount
        return {player for player, cents in net.items() if cents > 0}

    def _offers(self, spot: int, phase: str, current: GameRound | None) -> list[dict[str, Any]]:
        if current is not None:
            return [offer.to_json() for offer in current.offers(spot)]
        if phase != "betting":
            return []
        window = self._open_window()
        found = [
            {**offer.to_json(), "action": BET, "wager": offer.action}
            for offer in window.offers(spot)
        ]
        found.append(
            {"action": READY, "hand": 0, "paragraph": "633a.6(c)", "low": None, "high": None}
        )
        if any(bet.spot == spot for bet in self._held):
            found.append(
                {"action": WITHDRAW, "hand": 0, "paragraph": "633a.6(c)", "low": None, "high": None}
            )
        return found

    def _probe_spots(self) -> None:
        if self._spots:
            return
        window = self._open_window()
        self._spots = tuple(spot for spot in range(1, MAX_SPOTS + 1) if window.offers(spot))
        if self._spots:
            self._limits = [offer.to_json() for offer in window.offers(self._spots[0])]

    # --- checks --------------------------------------------------------------------------

    def _spot_list(self, spots: Sequence[int]) -> list[int]:
        if isinstance(spots, str | bytes) or not isinstance(spots, Sequence) or not spots:
            raise CommandRefused("spots is a non-empty list of spot numbers")
        if any(isinstance(spot, bool) or not isinstance(spot, int) for spot in spots):
            raise CommandRefused(f"spots are whole numbers, not {list(spots)!r}")
        if len(set(spots)) != len(spots):
            raise CommandRefused(f"a spot is named twice in {list(spots)}")
        return sorted(spots)

    def _spots_of(self, player_id: str) -> list[int]:
        return sorted(spot for spot, owner in self._seats.items() if owner == player_id)

    def _own_spot(self, player_id: str, spot: int) -> int:
        owner = self._seats.get(spot)
        if owner is None:
            raise CommandRefused(
                f"{player_id} is not seated at spot {spot}: take the seat first", status=CONFLICT
            )
        if owner != player_id:
            raise CommandRefused(
                f"spot {spot} is {owner}'s: {player_id} acts only for their own spots",
                status=FORBIDDEN,
            )
        return spot

    def _check_funds(self, player_id: str, stake: int, available: int, what: str) -> None:
        held = self.reserved(player_id)
        if stake > available - held:
            raise CommandRefused(
                f"{what} of {stake} cents exceeds what {player_id} has free: an available "
                f"balance of {available} cents less {held} held for bets in this window",
                status=CONFLICT,
            )

    # --- the stream ----------------------------------------------------------------------

    _batch_state: _Batch | None = None
    _last: Outcome

    @contextmanager
    def _batch(self) -> Iterator[_Batch]:
        """A call's changes, all or nothing: a refusal inside undoes the runtime's own
        state (the game is only asked to act once every check has passed)."""
        saved = self._save()
        batch = _Batch(len(self._stream), self._sealed_seen, dict(self._meters))
        self._batch_state = batch
        try:
            yield batch
        except BaseException:
            self._restore_state(saved)
            raise
        finally:
            self._batch_state = None
        self._sync()
        events = self._stream[batch.start :]
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
            "stream": len(self._stream),
            "seated_at": len(self._seated_at),
            "layout": dict(self._layout),
            "seats": dict(self._seats),
            "leaving": set(self._leaving),
            "window": self._window,
            "held": list(self._held),
            "ready": set(self._ready),
            "window_from": self._window_from,
            "round_id": self._round_id,
            "rounds": self._rounds,
            "round_from": self._round_from,
            "records": {key: dict(value) for key, value in self._round_records.items()},
            "game_seen": self._game_seen,
        }

    def _restore_state(self, saved: dict[str, Any]) -> None:
        if self._game_seen != saved["game_seen"]:  # pragma: no cover - the game acted
            raise RuntimeError("the game acted in a refused call: rebuild the table")
        del self._stream[saved["stream"] :]
        del self._seated_at[saved["seated_at"] :]
        self._layout = saved["layout"]
        self._seats = saved["seats"]
        self._leaving = saved["leaving"]
        self._window = saved["window"]
        self._held = saved["held"]
        self._ready = saved["ready"]
        self._window_from = saved["window_from"]
        self._round_id = saved["round_id"]
        self._rounds = saved["rounds"]
        self._round_from = saved["round_from"]
        self._round_records = saved["records"]

    def _empty(self) -> Outcome:
        return Outcome([], [], [], None, None, self.version)

    def _log(self, name: str, paragraph: str | None, **fields: Any) -> None:
        self._sync()  # the game's events so far come first
        self._append(_runtime_event(name, paragraph, **fields))

    def _sync(self) -> list[dict[str, Any]]:
        """Append the game's events not yet in the stream; returns them."""
        events = self.table.events
        new = [event.to_json() for event in events[self._game_seen :]]
        self._game_seen = len(events)
        for entry in new:
            self._append(entry)
        return new

    def _sync_placed(self, player_id: str) -> bool:
        """Sync after a placement: whether the game put the bet on the layout at once."""
        return any(
            entry.get("event") == "wager_placed" and entry.get("player") == player_id
            for entry in self._sync()
        )

    def _append(self, entry: dict[str, Any]) -> None:
        index = len(self._stream)
        self._stream.append(entry)
        kind = entry.get("event")
        if kind == "wager_placed":
            self._layout[entry["player"]] = self._layout.get(entry["player"], 0) + int(
                entry["amount"]
            )
        elif kind == "wager_withdrawn":
            self._layout[entry["player"]] = self._layout.get(entry["player"], 0) - int(
                entry["amount"]
            )
        elif kind == "wager_settled" and entry.get("returned") is not None:
            self._layout[entry["player"]] = self._layout.get(entry["player"], 0) - int(
                entry["stake"]
            )
        elif not is_runtime_event(entry) and self.module.sight.seated(entry) is not None:
            self._seated_at.append(index)

    def _apply_leave(self, player_id: str, spots: Sequence[int], after_round: bool) -> None:
        if after_round:
            self._leaving |= set(spots)
            return
        self._held = [bet for bet in self._held if bet.spot not in spots]
        for spot in spots:
            self._seats.pop(spot, None)
        if not self._spots_of(player_id):
            self._ready.discard(player_id)

    # --- restoring -----------------------------------------------------------------------

    _to_start: list[_Bet] | None = None  # a round logged started that the game has not dealt
    _to_time_out: dict[str, Any] | None = None
    _to_withdraw: tuple[str, int] | None = None
    _last_bet: _Bet | None = None

    def _replay(self, entries: Sequence[dict[str, Any]]) -> None:
        """Re-apply the runtime's own entries of a stored stream (the game is restored)."""
        for entry in entries:
            self._append(entry)
            index = len(self._stream) - 1
            kind = str(entry.get("event"))
            if not kind.startswith(PREFIX):
                self._to_start = self._to_time_out = None
                placed = self._last_bet
                if kind == "wager_placed" and placed and entry.get("player") == placed.player:
                    self._held.remove(placed)
                    self._last_bet = None
                if kind == "wager_withdrawn":
                    self._to_withdraw = None
                continue
            self._last_bet = None
            name = kind.removeprefix(PREFIX)
            if name == "seat_taken":
                for spot in entry["spots"]:
                    self._seats[int(spot)] = str(entry["player"])
            elif name == "seat_left":
                self._apply_leave(str(entry["player"]), entry["spots"], bool(entry["after_round"]))
            elif name == "bet_accepted":
                args = dict(entry["args"])
                wager = str(args.pop("wager"))
                bet = _Bet(
                    str(entry["player"]), int(entry["spot"]), wager, int(entry["amount"]), args
                )
                self._held.append(bet)
                self._last_bet = bet
            elif name == "bet_withdrawn":
                self._replay_withdrawn(entry)
            elif name == "ready":
                self._ready.add(str(entry["player"]))
            elif name == "round_started":
                self._to_start = list(self._held)
                self._begin_round(str(entry["round_id"]), index)
            elif name == "round_completed":
                self._complete_round(index)
            elif name == "timed_out":
                self._to_time_out = dict(entry["command"])

    def _replay_withdrawn(self, entry: Mapping[str, Any]) -> None:
        spot, wager = int(entry["spot"]), entry.get("wager")
        held = [bet for bet in self._held if bet.spot == spot]
        if not held:
            self._to_withdraw = (str(entry["player"]), spot)
            return
        self._held = [
            bet
            for bet in self._held
            if bet.spot != spot or (wager not in (None, held[0].wager) and bet.wager != wager)
        ]

    def _finish_cut_batch(self) -> None:
        """Complete what the stream's last batch logged and the game did not record."""
        if self._to_start is not None and self.table.current is None:
            held, self._held = self._held, self._to_start
            window = self._restore_window()
            self._held = held
            try:
                self.table.start_round(window)
            except TableGamesError as error:  # pragma: no cover - it started before
                raise CommandRefused.from_error(error, status=CONFLICT) from None
            self._sync()
            return
        current = self.table.current
        if self._to_time_out is not None and current is not None and not current.is_complete:
            current.apply(Command.from_json(self._to_time_out))
            self._sync()
            return
        if self.phase == "playing":
            return
        window = self._restore_window()
        if self._to_withdraw is not None:
            window.withdraw(*self._to_withdraw)
        self._sync()
        last = self._stream[-1] if self._stream else {}
        if last.get("event") == PREFIX + READY and not self._bettors() - self._ready:
            # The ready that closes the window was logged; the round it starts was not.
            self._start(window, f"{self.table_id}-r{self._rounds + 1}")
            if self._batch_state is not None:
                self._batch_state.started = self._round_id

    def _restore_window(self) -> Betting:
        """The open window again, holding the bets the game did not keep itself."""
        self._window = None
        window = self._open_window()
        if not self._held:
            return window
        fresh = self._rebuild(self._held)
        if fresh is not None:
            self._window = fresh
            return fresh
        # The game keeps its window's bets (craps): place the one the stream cut off.
        for order in self._commands(self._held):
            window.place(order)
        self._held = []
        return window


def _key(turn: Any) -> tuple[str, int, int, str]:
    return (turn.player, turn.spot, turn.hand, turn.kind)


def _span(spots: Sequence[int]) -> str:
    return ", ".join(str(spot) for spot in sorted(spots))


def _module(game_id: str) -> GameModule:
    try:
        return find_game(game_id)
    except TableGamesError as error:
        raise CommandRefused.from_error(error, status=UNKNOWN) from None
