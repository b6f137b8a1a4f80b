"""Restoring a live table from its stored stream: the runtime's own entries re-applied, and a
batch the stream cut off completed.

`TableRuntime.restore` has the game rebuild its table (`GameModule.restore_table`: a round in
progress resumes at the same decision with the same cards and wagers), then a `Replayer`
re-applies the runtime's events (seats, the open window's bets, readiness). A stream cut inside
a batch (which an atomic store never holds) is completed by `Replayer.finish_cut_batch`: the
entries that complete it are the runtime's `recovered()`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tablegames.core.errors import TableGamesError
from tablegames.core.table import Betting, Command, GameTable
from tablegames.server.betting import READY, Bet, BetWindow
from tablegames.server.errors import CONFLICT, CommandRefused
from tablegames.server.stream import PREFIX, TableStream

# Re-applies one of the runtime's own entries to its seats, readiness and rounds: the entry's
# name without the prefix, the entry, its index in the stream.
Apply = Callable[[str, Mapping[str, Any], int], None]


class Replayer:
    """Re-applies a stored stream to a runtime whose game is restored, remembering what the
    stream's last batch logged that the game may not have recorded (a cut batch). It is given
    the runtime's stream, betting window and table; what else an entry changes, `apply` does."""

    def __init__(
        self, stream: TableStream, bets: BetWindow, table: GameTable, *, apply: Apply
    ) -> None:
        self.stream = stream
        self.bets = bets
        self.table = table
        self.apply = apply
        self.to_start: list[Bet] | None = None  # a round logged started that the game has not dealt
        self.to_time_out: dict[str, Any] | None = None
        self.to_withdraw: tuple[str, int] | None = None
        self.last_bet: Bet | None = None

    def replay(self, entries: Sequence[dict[str, Any]]) -> None:
        """Re-apply the runtime's own entries of a stored stream (the game is restored)."""
        bets = self.bets
        for entry in entries:
            self.stream.append(entry)
            index = len(self.stream) - 1
            kind = str(entry.get("event"))
            if not kind.startswith(PREFIX):
                self.to_start = self.to_time_out = None
                placed = self.last_bet
                if kind == "wager_placed" and placed and entry.get("player") == placed.player:
                    bets.held.remove(placed)
                    self.last_bet = None
                if kind == "wager_withdrawn":
                    self.to_withdraw = None
                continue
            self.last_bet = None
            name = kind.removeprefix(PREFIX)
            if name == "bet_accepted":
                args = dict(entry["args"])
                wager = str(args.pop("wager"))
                bet = Bet(
                    str(entry["player"]), int(entry["spot"]), wager, int(entry["amount"]), args
                )
                bets.held.append(bet)
                self.last_bet = bet
            elif name == "bet_withdrawn":
                self._withdrawn(entry)
            elif name == "timed_out":
                self.to_time_out = dict(entry["command"])
            else:
                if name == "round_started":
                    self.to_start = list(bets.held)
                self.apply(name, entry, index)

    def _withdrawn(self, entry: Mapping[str, Any]) -> None:
        spot, wager = int(entry["spot"]), entry.get("wager")
        if not any(bet.spot == spot for bet in self.bets.held):
            self.to_withdraw = (str(entry["player"]), spot)
            return
        self.bets.held = self.bets.without(spot, wager)

    def finish_cut_batch(
        self,
        *,
        sync: Callable[[], object],
        playing: Callable[[], bool],
        start_if_all_ready: Callable[[Betting], None],
    ) -> None:
        """Complete what the stream's last batch logged and the game did not record. `sync`
        appends the game's new events to the stream; `playing` says whether a round is in
        play; `start_if_all_ready` starts the round in the window when every bettor is ready."""
        bets, table = self.bets, self.table
        if self.to_start is not None and table.current is None:
            held, bets.held = bets.held, self.to_start
            window = bets.reopen()
            bets.held = held
            try:
                table.start_round(window)
            except TableGamesError as error:  # pragma: no cover - it started before
                raise CommandRefused.from_error(error, status=CONFLICT) from None
            sync()
            return
        current = table.current
        if self.to_time_out is not None and current is not None and not current.is_complete:
            current.apply(Command.from_json(self.to_time_out))
            sync()
            return
        if playing():
            return
        window = bets.reopen()
        if self.to_withdraw is not None:
            window.withdraw(*self.to_withdraw)
        sync()
        entries = self.stream.entries
        last = entries[-1] if entries else {}
        if last.get("event") == PREFIX + READY:
            # The ready that closes the window was logged; the round it starts was not.
            start_if_all_ready(window)
