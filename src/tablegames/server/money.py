"""The ledger postings of a table, derived from the game's money events and nothing else.

Every game writes its money events with the `player` they belong to:

- `wager_placed` (`amount`): the player's chips go onto the layout (reason "wager");
- `wager_withdrawn` (`amount`): taken back before the round (reason "return");
- `wager_settled` (`stake`, `returned`): `returned` None means the wager stays up (a craps
  hardway); otherwise the layout pays `returned`, stake included, to the player ("return"),
  and the difference goes between the layout and the house: what the player lost, layout to
  house ("loss"), what the house pays beyond the stake, house to layout ("win"). A settled
  wager thus leaves nothing of its own on the layout.

Progressive meters (Blackjack's 633a.13(j)(2), 633a.13(l)(2)) are money the house owes future
winners: the meter account moves by the change in the table's meters over the batch, house to
meter when it grows (the rate of progression; the initial and reset amounts the house funds),
meter to house when a jackpot resets it lower (the house has paid the jackpot through the
layout). Every move is double-entry, so the accounts always sum to zero.

Accounts: `player:<id>`, `layout:<table_id>`, `house`, `meter:<table_id>:<wager>`.

>>> events = [
...     {"event": "wager_placed", "player": "ann", "amount": 1000},
...     {"event": "wager_settled", "player": "ann", "stake": 1000, "returned": 2500},
... ]
>>> [(m.debit, m.credit, m.amount, m.reason) for m in moves_for("t1", "r1", events, {}, {})]
[('player:ann', 'layout:t1', 1000, 'wager'), ('house', 'layout:t1', 1500, 'win'), \
('layout:t1', 'player:ann', 2500, 'return')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from tablegames.store.records import HOUSE, layout_account, meter_account, player_account

REASONS: Final = frozenset({"wager", "return", "win", "loss", "meter"})


@dataclass(frozen=True, slots=True)
class MoneyMove:
    """`amount` cents (> 0) from the `debit` account to the `credit` account."""

    debit: str
    credit: str
    amount: int
    reason: str
    round_id: str | None = None
    player_id: str | None = None

    def __post_init__(self) -> None:
        if isinstance(self.amount, bool) or not isinstance(self.amount, int) or self.amount <= 0:
            raise ValueError(f"a move is a positive whole number of cents, not {self.amount!r}")
        if self.reason not in REASONS:
            raise ValueError(f"unknown reason {self.reason!r}: one of {sorted(REASONS)}")
        if self.debit == self.credit:
            raise ValueError(f"a move from {self.debit} to itself")

    def to_json(self) -> dict[str, Any]:
        return {
            "debit": self.debit,
            "credit": self.credit,
            "amount": self.amount,
            "reason": self.reason,
            "round_id": self.round_id,
            "player_id": self.player_id,
        }


def moves_for(
    table_id: str,
    round_id: str | None,
    events_json: Sequence[Mapping[str, Any]],
    meters_before: Mapping[str, int],
    meters_after: Mapping[str, int],
) -> list[MoneyMove]:
    """The postings of a batch of a table's stream entries (other entries are ignored), then
    the meters' change over the batch."""
    layout = layout_account(table_id)
    moves: list[MoneyMove] = []

    def move(debit: str, credit: str, amount: int, reason: str, player: str | None) -> None:
        if amount > 0:
            moves.append(MoneyMove(debit, credit, amount, reason, round_id, player))

    for event in events_json:
        kind = event.get("event")
        if kind not in ("wager_placed", "wager_withdrawn", "wager_settled"):
            continue
        player = str(event["player"])
        account = player_account(player)
        if kind == "wager_placed":
            move(account, layout, int(event["amount"]), "wager", player)
        elif kind == "wager_withdrawn":
            move(layout, account, int(event["amount"]), "return", player)
        elif event["returned"] is not None:
            stake, returned = int(event["stake"]), int(event["returned"])
            if returned > stake:  # the house's winnings go onto the layout, then it pays
                move(HOUSE, layout, returned - stake, "win", player)
            move(layout, account, returned, "return", player)
            move(layout, HOUSE, stake - returned, "loss", player)
    for wager in sorted({*meters_before, *meters_after}):
        change = int(meters_after.get(wager, 0)) - int(meters_before.get(wager, 0))
        meter = meter_account(table_id, wager)
        if change > 0:
            move(HOUSE, meter, change, "meter", None)
        elif change < 0:
            move(meter, HOUSE, -change, "meter", None)
    return moves


def balances(moves: Sequence[MoneyMove]) -> dict[str, int]:
    """Each account's balance (credits less debits) after `moves`."""
    found: dict[str, int] = {}
    for item in moves:
        found[item.debit] = found.get(item.debit, 0) - item.amount
        found[item.credit] = found.get(item.credit, 0) + item.amount
    return found
