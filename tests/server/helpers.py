"""Random sessions driven through the table runtime, recorded so that they can be played again
(on a runtime restored from the stream cut after any command)."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tablegames.core.rng import SeededRandom
from tablegames.core.table import OPERATOR, SPECTATOR, Command, Viewer
from tablegames.server.errors import CommandRefused
from tablegames.server.money import MoneyMove
from tablegames.server.runtime import Outcome, TableRuntime
from tablegames.server.service import Service
from tablegames.store import Store

MAIN_WAGER_FIRST = ("blackjack", "pai_gow")
RICH = 10**9  # every player's available balance in these sessions
PLAYERS = ("ann", "bob", "cy")

# One step of a session: ("sit", player, spots), ("leave", player, spots), ("command", Command).
Step = tuple[Any, ...]


@dataclass
class Session:
    """A runtime played step by step, with what each step wrote and the state after it."""

    runtime: TableRuntime
    random: SeededRandom
    steps: list[Step] = field(default_factory=list)
    outcomes: list[Outcome] = field(default_factory=list)
    # After the opening and after each step: (version, sealed count, a copy of the random).
    marks: list[tuple[int, int, SeededRandom]] = field(default_factory=list)
    moves: list[MoneyMove] = field(default_factory=list)
    sealed: list[dict[str, Any]] = field(default_factory=list)

    def mark(self) -> None:
        self.marks.append((self.runtime.version, len(self.sealed), copy.deepcopy(self.random)))

    def record(self, outcome: Outcome) -> None:
        self.outcomes.append(outcome)
        self.moves += outcome.moves
        self.sealed += outcome.sealed

    def step(self, step: Step) -> Outcome | None:
        """Take `step`; None (and nothing recorded) when refused."""
        try:
            outcome = play_step(self.runtime, step)
        except CommandRefused:
            return None
        self.steps.append(step)
        self.record(outcome)
        self.mark()
        return outcome


def play_step(runtime: TableRuntime, step: Step) -> Outcome:
    if step[0] == "sit":
        return runtime.sit(step[1], step[2])
    if step[0] == "leave":
        return runtime.leave(step[1], step[2])
    order = step[1]
    assert isinstance(order, Command)
    return runtime.command(order.player, order, available=RICH)


def open_session(game: str, rules: Mapping[str, Any], seed: int) -> Session:
    random = SeededRandom.from_seed(seed)
    runtime = TableRuntime.open("t1", game, rules, random=random)
    session = Session(runtime, random)
    session.record(runtime.opening())
    session.mark()
    return session


def viewers(players: tuple[str, ...] = PLAYERS) -> list[Viewer]:
    return [OPERATOR, SPECTATOR, *map(Viewer.seated, players)]


def _amount(offer: Mapping[str, Any], rng: np.random.Generator) -> int:
    low, high = int(offer["low"]), int(offer["high"])
    return low * int(rng.integers(1, max(1, min(high // low, 5)) + 1))


def random_session(
    game: str,
    rules: Mapping[str, Any],
    seed: int,
    *,
    rounds: int = 3,
    extra_args: Callable[[int], dict[str, Any]] | None = None,
) -> Session:
    """Three players seated; each round every player bets (Blackjack: the Blackjack Wager and
    random side wagers; craps: random wagers), sometimes withdraws one, all say ready, then
    random legal decisions to the end."""
    rng = np.random.default_rng(seed)
    session = open_session(game, rules, seed)
    runtime = session.runtime
    spots = list(runtime.summary()["free_spots"])
    if game == "blackjack":
        boxes = sorted(int(box) for box in rng.choice(spots[:7], size=3, replace=False))
        seats = {player: [box] for player, box in zip(PLAYERS, boxes, strict=True)}
    else:
        seats = {player: [index + 1] for index, player in enumerate(PLAYERS)}
    for player, taken in seats.items():
        assert session.step(("sit", player, taken)) is not None
    for _ in range(rounds):
        for player, (spot,) in seats.items():  # one spot each
            offers = runtime.view(Viewer.seated(player))["offers"][str(spot)]
            bets = [o for o in offers if o["action"] == "bet" and o["low"] is not None]
            # A game whose optional wagers ride on a main wager (Blackjack, Pai Gow Poker)
            # bets the main wager first; craps bets any of its wagers.
            chosen = [bets[0]] if game in MAIN_WAGER_FIRST else []
            chosen += [
                bet for bet in bets[1:] if rng.random() < (0.4 if game == "blackjack" else 0.1)
            ]
            for offer in chosen:
                args: dict[str, Any] = {"wager": offer["wager"]}
                amount = _amount(offer, rng)
                if offer is bets[0] and extra_args is not None:
                    args.update(extra_args(amount))
                order = Command(player=player, spot=spot, action="bet", amount=amount, args=args)
                session.step(("command", order))
            if game == "blackjack" and rng.random() < 0.2:
                held = [bet for bet in runtime.view(OPERATOR)["bets"] if bet["player"] == player]
                if len(held) > 1:
                    wager = held[-1]["wager"]
                    order = Command(
                        player=player, spot=spot, action="withdraw", args={"wager": wager}
                    )
                    assert session.step(("command", order)) is not None
        for player, (seat,) in seats.items():
            session.step(("command", Command(player=player, spot=seat, action="ready")))
        _play_out(session, rng)
    return session


def _play_out(session: Session, rng: np.random.Generator) -> None:
    runtime = session.runtime
    while runtime.phase == "playing":
        turn = runtime.view(OPERATOR)["awaiting"][0]
        offers = runtime.view(Viewer.seated(turn["player"]))["offers"][str(turn["spot"])]
        offer = offers[int(rng.integers(len(offers)))]
        amount = None
        if offer["action"] in ("insurance", "ez_bust") or (
            offer["action"] == "double" and rng.random() < 0.3
        ):
            amount = int(offer["low"])
        order = Command(
            player=turn["player"],
            spot=turn["spot"],
            action=offer["action"],
            hand=offer["hand"],
            amount=amount,
            args=_setting(runtime, turn) if offer["action"] == "set" else {},
        )
        taken = session.step(("command", order))
        if taken is None and offer["action"] == "set":
            # A random setting may foul (the low hand above the high): refused, as at an
            # electronic table; the player asks for the house way instead.
            order = Command(player=turn["player"], spot=turn["spot"], action="house_way")
            taken = session.step(("command", order))
        assert taken is not None, order


def _setting(runtime: TableRuntime, turn: Mapping[str, Any]) -> dict[str, Any]:
    """A Pai Gow Poker `set`: two of the player's seven cards, chosen at random, in front."""
    view = runtime.view(Viewer.seated(turn["player"]))
    cards = [
        item["event"]["card"]
        for item in view["events"]
        if item["event"]["event"] == "card_dealt" and item["event"]["position"] == turn["spot"]
    ]
    rng = np.random.default_rng(len(runtime.stream))
    low = [str(card) for card in rng.choice(cards, size=2, replace=False)]
    return {"low": low}


def switch_hands_ante(rules: Mapping[str, Any]) -> Callable[[int], dict[str, Any]] | None:
    """633c.4(c): at a Switch Hands table without the premium, the ante rides on the bet."""
    if rules.get("variant") != "switch_hands" or rules.get("blackjack_premium"):
        return None
    return lambda amount: {"side": {"switch_hands_ante": amount // 500 * 100}}


def open_service(
    url: str, operator_token: str, *, test_mode: bool = False
) -> tuple[Store, Service]:
    """A started service on the store at `url` with the operator's token (the HTTP tests')."""
    store = Store.open(url)
    service = Service(store, test_mode=test_mode)
    service.operator_token(operator_token)
    service.start([])
    return store, service
