"""The betting window of a live table: the game's open window and the bets accepted in it that
the game does not hold yet.

`bet` (`args.wager` names the wager, `amount` in cents) is checked by the game's betting window
as it arrives. A wager the window does not take alone rides on the spot's first bet in
`args["side"]` (the betting convention of side wagers: Blackjack's 633a.6(e) side wagers ride on
the Blackjack Wager's command); the runtime then places the window's bets again, in spot order,
in a fresh window, which a game whose window holds nothing until it closes (Blackjack) gives on
every `open_betting()`. The stakes of bets accepted but not yet on the layout (no
`wager_placed` yet: Blackjack's until the deal) are reserved for the player (`reserved`); a bet
or decision whose stake exceeds the available balance less those reservations is refused.
Money moves only from the game's money events.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from tablegames.core.errors import TableGamesError
from tablegames.core.table import Betting, Command, GameTable
from tablegames.server.errors import BAD_INPUT, CONFLICT, OVER_LIMIT, CommandRefused

BET: Final = "bet"
WITHDRAW: Final = "withdraw"
READY: Final = "ready"
RUNTIME_ACTIONS: Final = (BET, WITHDRAW, READY)
RIDING: Final = "side"  # args of a bet holding the wagers that ride on it (633a.6(e))


@dataclass(frozen=True, slots=True)
class Bet:
    """A bet accepted in the window whose `wager_placed` has not appeared yet (reserved)."""

    player: str
    spot: int
    wager: str
    amount: int
    args: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class CheckedBet:
    """A bet the window takes: the bet, its command alone, the window it goes in, and the
    fresh window holding it with the spot's other bets when it rides on the spot's first."""

    bet: Bet
    alone: Command
    window: Betting
    fresh: Betting | None


class BetWindow:
    """The game's open window (`window`, opened on demand) and the bets it does not hold yet
    (`held`, in the order accepted)."""

    def __init__(self, table: GameTable) -> None:
        self.table = table
        self.window: Betting | None = None
        self.held: list[Bet] = []

    def open(self) -> Betting:
        if self.window is None or not self.window.is_open:
            try:
                self.window = self.table.open_betting()
            except TableGamesError as error:
                raise CommandRefused.from_error(error, status=CONFLICT) from None
        return self.window

    def reserved(self, player_id: str) -> int:
        """Cents accepted in the open window for `player_id` whose `wager_placed` has not
        appeared yet: held against the balance, not yet posted."""
        return sum(bet.amount for bet in self.held if bet.player == player_id)

    def bettors(self, since_open: Sequence[Mapping[str, Any]]) -> set[str]:
        """The players with a bet in the window: held, or on the layout since it opened (the
        stream's entries since then are `since_open`)."""
        net: dict[str, int] = {}
        for entry in since_open:
            kind = entry.get("event")
            if kind == "wager_placed":
                net[entry["player"]] = net.get(entry["player"], 0) + int(entry["amount"])
            elif kind == "wager_withdrawn":
                net[entry["player"]] = net.get(entry["player"], 0) - int(entry["amount"])
        for bet in self.held:
            net[bet.player] = net.get(bet.player, 0) + bet.amount
        return {player for player, cents in net.items() if cents > 0}

    def offers(self, spot: int) -> list[dict[str, Any]]:
        """What a seated player may do at `spot` while the window is open."""
        window = self.open()
        found = [
            {**offer.to_json(), "action": BET, "wager": offer.action}
            for offer in window.offers(spot)
        ]
        found.append(
            {"action": READY, "hand": 0, "paragraph": "633a.6(c)", "low": None, "high": None}
        )
        if any(bet.spot == spot for bet in self.held):
            found.append(
                {"action": WITHDRAW, "hand": 0, "paragraph": "633a.6(c)", "low": None, "high": None}
            )
        return found

    def check(self, player_id: str, spot: int, command: Command) -> CheckedBet:
        """Whether the window takes `command` (a `bet`) at `spot`: refused, CommandRefused."""
        args = dict(command.args)
        wager = args.pop("wager", None)
        if not isinstance(wager, str) or not wager:
            raise CommandRefused("a bet names its wager in args.wager (e.g. 'blackjack')")
        amount = command.amount
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            raise CommandRefused(
                f"a bet's amount is a positive whole number of cents, not {amount!r}"
            )
        window = self.open()
        offered = [offer.action for offer in window.offers(spot)]
        if wager not in offered:
            raise CommandRefused(
                f"no wager {wager!r} at spot {spot}: the wagers offered are {', '.join(offered)}",
                status=BAD_INPUT,
            )
        alone = Command(player=player_id, spot=spot, action=wager, amount=amount, args=args)
        refusal = window.refusal(alone)
        bet = Bet(player_id, spot, wager, amount, args)
        fresh: Betting | None = None
        if refusal is not None:
            main = self._main_bet(spot)
            if main is None or main.player != player_id or args or wager == main.wager:
                raise CommandRefused.from_text(refusal, status=OVER_LIMIT)
            if any(held.spot == spot and held.wager == wager for held in self.held):
                raise CommandRefused(
                    f"spot {spot} already has a {wager} wager: withdraw it first",
                    status=CONFLICT,
                )
            fresh = self.rebuild([*self.held, bet])
            if fresh is None:
                raise CommandRefused.from_text(refusal, status=OVER_LIMIT)
        return CheckedBet(bet, alone, window, fresh)

    def without(self, spot: int, wager: str | None) -> list[Bet]:
        """The held bets less `wager` at `spot`: all of the spot's when `wager` is None or its
        first bet's (the others ride on it)."""
        held = [bet for bet in self.held if bet.spot == spot]
        return [
            bet
            for bet in self.held
            if bet.spot != spot or (wager not in (None, held[0].wager) and bet.wager != wager)
        ]

    def commands(self, bets: Sequence[Bet]) -> list[Command]:
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

    def rebuild(self, bets: Sequence[Bet]) -> Betting | None:
        """A fresh window holding `bets` (raises the game's refusal), or None when the game
        gives no fresh window (its window holds its bets on the layout, as at craps)."""
        fresh = self.table.open_betting()
        if fresh is self.window:
            return None
        for order in self.commands(bets):
            try:
                fresh.place(order)
            except TableGamesError as error:
                raise CommandRefused.from_error(error, status=OVER_LIMIT) from None
        return fresh

    def rebuild_checked(self, kept: list[Bet], *, status: int) -> None:
        try:
            fresh = self.rebuild(kept)
        except CommandRefused as refused:
            raise CommandRefused(
                refused.message, paragraph=refused.paragraph, status=status
            ) from None
        if fresh is None:  # pragma: no cover - such a game's bets are never held
            raise CommandRefused("this table's bets are withdrawn one by one", status=CONFLICT)
        self.window = fresh
        self.held = kept

    def reopen(self) -> Betting:
        """The open window again, holding the bets the game did not keep itself."""
        self.window = None
        window = self.open()
        if not self.held:
            return window
        fresh = self.rebuild(self.held)
        if fresh is not None:
            self.window = fresh
            return fresh
        # The game keeps its window's bets (craps): place the one the stream cut off.
        for order in self.commands(self.held):
            window.place(order)
        self.held = []
        return window

    def _main_bet(self, spot: int) -> Bet | None:
        return next((bet for bet in self.held if bet.spot == spot), None)
