"""The decision clock of a live table: since when each pending turn has waited.

A player's decision not made within the table's `decision_seconds` (the house rule's default,
30 s) is taken by the house with the game's `on_timeout` (stand; insurance, even money and EZ
Bust declined; keep); this module says which turns are late, the runtime takes them.
"""

from __future__ import annotations

from collections.abc import Callable

from tablegames.core.table import GameRound, Pending

TurnKey = tuple[str, int, int, str]


def turn_key(turn: Pending) -> TurnKey:
    return (turn.player, turn.spot, turn.hand, turn.kind)


class TurnClock:
    """When each turn the round awaits was first seen pending (on the runtime's clock)."""

    def __init__(self) -> None:
        self.pending_since: dict[TurnKey, float] = {}

    def late(self, current: GameRound, now: float, seconds: float) -> list[Pending]:
        """The turns `current` awaits that have waited longer than `seconds` at `now`."""
        return [
            turn
            for turn in current.awaiting
            if now - self.pending_since.get(turn_key(turn), now) > seconds
        ]

    def seconds_left(self, turn: Pending, now: float, seconds: float) -> float:
        """What is left of `seconds` for `turn` at `now` (all of it for a turn not yet seen)."""
        waited = now - self.pending_since.get(turn_key(turn), now)
        return max(0.0, round(seconds - waited, 1))

    def track(
        self, current: GameRound | None, now: float | None, clock: Callable[[], float]
    ) -> None:
        """Keep the times of the turns still pending, `now` (or the clock's time) for the new
        ones; none when no round is in play."""
        if current is None or current.is_complete:
            self.pending_since = {}
            return
        stamp = clock() if now is None else now
        keys = [turn_key(turn) for turn in current.awaiting]
        self.pending_since = {key: self.pending_since.get(key, stamp) for key in keys}
