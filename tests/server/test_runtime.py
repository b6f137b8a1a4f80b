"""The table runtime (tablegames.server.runtime) driven as the HTTP layer drives it: seats, bets
with side wagers, ready, the deal, decisions, settlement; refusals that change nothing; the
decision clock; a craps session."""

from __future__ import annotations

from typing import Any

import pytest

from tablegames.core.rng import SeededRandom
from tablegames.core.table import OPERATOR, SPECTATOR, Command, Viewer
from tablegames.server.errors import CommandRefused
from tablegames.server.money import balances
from tablegames.server.runtime import TableRuntime

ANN, BOB = Viewer.seated("ann"), Viewer.seated("bob")
SIDES: dict[str, Any] = {"decks": 6, "side_wagers": {"lucky_ladies": {}, "bad_beat": {}}}


def _table(rules: dict[str, Any] | None = None, seed: int = 3, **options: Any) -> TableRuntime:
    return TableRuntime.open(
        "t1", "blackjack", rules or SIDES, random=SeededRandom.from_seed(seed), **options
    )


def _bet(
    runtime: TableRuntime, player: str, spot: int, wager: str, amount: int, available: int = 10**6
) -> Any:
    order = Command(player=player, spot=spot, action="bet", amount=amount, args={"wager": wager})
    return runtime.command(player, order, available=available)


def _act(runtime: TableRuntime, player: str, spot: int, action: str, **fields: Any) -> Any:
    order = Command(player=player, spot=spot, action=action, **fields)
    return runtime.command(player, order, available=10**6)


def _seated_with_bets() -> TableRuntime:
    runtime = _table()
    runtime.sit("ann", [1, 2])
    runtime.sit("bob", [3])
    _bet(runtime, "ann", 1, "blackjack", 1000)
    _bet(runtime, "ann", 1, "lucky_ladies", 500)
    _bet(runtime, "ann", 2, "blackjack", 2000)
    _bet(runtime, "bob", 3, "blackjack", 2500)
    _bet(runtime, "bob", 3, "bad_beat", 100)
    return runtime


def test_a_scripted_round_with_two_players_from_bets_to_settlement() -> None:
    runtime = _seated_with_bets()
    moves = list(runtime.opening().moves)
    assert runtime.phase == "betting"
    assert (runtime.reserved("ann"), runtime.reserved("bob")) == (3500, 2600)
    view = runtime.view(ANN)
    assert set(view["offers"]) == {"1", "2"}  # Ann's own spots only
    assert {offer["wager"] for offer in view["offers"]["1"] if offer["action"] == "bet"} == {
        "blackjack",
        "lucky_ladies",
        "bad_beat",
    }
    assert runtime.view(SPECTATOR)["offers"] == runtime.view(OPERATOR)["offers"] == {}
    assert [bet["wager"] for bet in view["bets"]] == [
        "blackjack",
        "lucky_ladies",
        "blackjack",
        "blackjack",
        "bad_beat",
    ]
    first = _act(runtime, "ann", 1, "ready")
    assert first.round_started is None
    assert [e["event"] for e in first.events] == ["server:ready"]
    dealt = _act(runtime, "bob", 3, "ready")
    assert dealt.round_started == "t1-r1"
    kinds = [entry["event"] for entry in dealt.events]
    assert kinds[:3] == ["server:ready", "server:round_started", "round_started"]
    placed = [
        (e["player"], e["wager"], e["amount"]) for e in dealt.events if e["event"] == "wager_placed"
    ]
    assert sorted(placed) == sorted(
        [
            ("ann", "blackjack", 1000),
            ("ann", "lucky_ladies", 500),
            ("ann", "blackjack", 2000),
            ("bob", "blackjack", 2500),
            ("bob", "bad_beat", 100),
        ]
    )
    assert runtime.reserved("ann") == runtime.reserved("bob") == 0  # now on the layout
    moves += dealt.moves
    assert sum(m.amount for m in dealt.moves if m.reason == "wager") == 6100
    completed = dealt.round_completed
    while runtime.phase == "playing":
        turn = runtime.view(OPERATOR)["awaiting"][0]
        offers = runtime.view(Viewer.seated(turn["player"]))["offers"][str(turn["spot"])]
        actions = [offer["action"] for offer in offers]
        action = (
            next(a for a in ("stand", "decline", "keep") if a in actions)
            if set(actions) & {"stand", "decline", "keep"}
            else actions[0]
        )
        out = _act(runtime, turn["player"], turn["spot"], action, hand=turn["hand"])
        moves += out.moves
        completed = completed or out.round_completed
    assert completed == "t1-r1"
    assert runtime.stream[-1]["event"] == "server:round_completed"
    assert runtime.phase == "betting"
    assert runtime.round_id is None
    accounts = balances(moves)
    assert sum(accounts.values()) == 0
    assert accounts.get("layout:t1", 0) == 0
    settled = [e for e in runtime.stream if e["event"] == "wager_settled"]
    for player in ("ann", "bob"):
        net = sum(e["returned"] - e["stake"] for e in settled if e["player"] == player)
        assert accounts.get(f"player:{player}", 0) == net
    assert runtime.round_record("t1-r1")["players"] == ["ann", "bob"]


def _state(runtime: TableRuntime) -> tuple[Any, ...]:
    return (
        runtime.stream,
        runtime.reserved("ann"),
        runtime.reserved("bob"),
        runtime.view(OPERATOR),
    )


def _refused(runtime: TableRuntime, call: Any, status: int, match: str | None) -> CommandRefused:
    before = _state(runtime)
    with pytest.raises(CommandRefused, match=match) as caught:
        call()
    assert caught.value.status == status
    assert _state(runtime) == before  # nothing changed
    return caught.value


def test_refusals_in_the_window_change_nothing() -> None:
    runtime = _seated_with_bets()
    _refused(runtime, lambda: _bet(runtime, "ann", 3, "blackjack", 1000), 403, "bob's")
    _refused(runtime, lambda: _bet(runtime, "ann", 4, "blackjack", 1000), 409, "not seated")
    side = _refused(runtime, lambda: _bet(runtime, "ann", 2, "lucky_ladies", 99_900), 422, "limits")
    assert "$999.00" in side.message
    runtime.sit("cy", [5])
    over = _refused(runtime, lambda: _bet(runtime, "cy", 5, "blackjack", 10**7), 422, "maximum")
    assert "$100,000.00" in over.message
    assert "$5,000.00" in over.message
    limit = _refused(
        runtime, lambda: _bet(runtime, "bob", 3, "blackjack", 1000), 422, "already has"
    )
    assert limit.paragraph == "633a.2(a)"
    _refused(
        runtime, lambda: _bet(runtime, "ann", 2, "super_match", 500), 400, "no wager 'super_match'"
    )
    _refused(runtime, lambda: _bet(runtime, "ann", 2, "bad_beat", -5), 400, "positive")
    money = _refused(
        runtime, lambda: _bet(runtime, "ann", 2, "bad_beat", 500, available=3900), 409, "3900"
    )
    assert "3500 held" in money.message
    _refused(runtime, lambda: _act(runtime, "ann", 1, "hit"), 409, "no round is in play")
    _refused(runtime, lambda: _act(runtime, "ann", 1, "fly"), 409, "'fly'")
    _refused(
        runtime,
        lambda: runtime.command("ann", Command(player="bob", spot=3, action="ready"), available=10),
        403,
        "may not act for bob",
    )
    _refused(runtime, lambda: _act(runtime, "bob", 1, "withdraw"), 403, "ann's")
    _refused(runtime, lambda: runtime.sit("cy", [3]), 409, "taken by bob")
    _refused(runtime, lambda: runtime.sit("cy", [7]), 409, "633a.6")
    _refused(runtime, lambda: runtime.sit("cy", [9]), 404, "no spot 9")
    _refused(runtime, lambda: runtime.leave("bob", [1]), 403, "ann's")
    _refused(
        runtime,
        lambda: TableRuntime.open(
            "t2", "blackjack", {"decks": 99}, random=SeededRandom.from_seed(1)
        ),
        400,
        "decks",
    )
    # A 633a.6(f) limit the house sets is the game's to check when the bet arrives.
    limited = _table({"max_boxes_per_player": 1})
    limited.sit("ann", [1, 2])
    _bet(limited, "ann", 1, "blackjack", 1000)
    refused = _refused(limited, lambda: _bet(limited, "ann", 2, "blackjack", 1000), 422, None)
    assert refused.paragraph == "633a.6(f)"


def test_refusals_during_the_round_change_nothing() -> None:
    runtime = _seated_with_bets()
    _act(runtime, "ann", 1, "ready")
    _act(runtime, "bob", 3, "ready")
    if runtime.phase != "playing":
        pytest.skip("the dealer's Blackjack ended the round at the deal")
    turn = runtime.view(OPERATOR)["awaiting"][0]
    other = "bob" if turn["player"] == "ann" else "ann"
    other_spot = 3 if other == "bob" else 1
    _refused(runtime, lambda: _bet(runtime, "ann", 1, "blackjack", 1000), 409, "633a.6")
    _refused(runtime, lambda: _act(runtime, other, turn["spot"], "stand"), 403, "own spots")
    _refused(runtime, lambda: _act(runtime, other, other_spot, "stand"), 409, "turn")
    offers = runtime.view(Viewer.seated(turn["player"]))["offers"][str(turn["spot"])]
    if any(offer["action"] == "double" for offer in offers):
        double = _refused(
            runtime,
            lambda: _act(runtime, turn["player"], turn["spot"], "double", amount=10**7),
            422,
            None,
        )
        assert double.paragraph is not None
        assert double.paragraph in double.message
        stake = next(o["high"] for o in offers if o["action"] == "double")
        order = Command(player=turn["player"], spot=turn["spot"], action="double")
        _refused(
            runtime,
            lambda: runtime.command(turn["player"], order, available=stake - 1),
            409,
            "exceeds",
        )


def test_withdrawing_a_side_wager_and_a_box_before_the_deal() -> None:
    runtime = _seated_with_bets()
    out = _act(runtime, "ann", 1, "withdraw", args={"wager": "lucky_ladies"})
    assert [e["event"] for e in out.events] == ["server:bet_withdrawn"]
    assert out.moves == []
    assert runtime.reserved("ann") == 3000
    # 633a.6(f): taking back box 1 leaves box 2 alone, still adjacent; then box 2 is the only one.
    _act(runtime, "ann", 1, "withdraw")
    assert runtime.reserved("ann") == 2000
    runtime.leave("ann", [1])
    assert runtime.seats == {2: "ann", 3: "bob"}


def test_leaving_during_a_round_frees_the_seat_after_it() -> None:
    runtime = _seated_with_bets()
    _act(runtime, "ann", 1, "ready")
    _act(runtime, "bob", 3, "ready")
    if runtime.phase != "playing":
        pytest.skip("the round ended at the deal")
    out = runtime.leave("bob", [3])
    assert out.events[-1]["after_round"] is True
    assert runtime.seats[3] == "bob"
    later = 10.0**9
    while runtime.phase == "playing":
        assert runtime.expire(later).events  # each turn's clock starts when it is awaited
        later += 31
    assert 3 not in runtime.seats


def test_a_decision_not_made_in_time_is_the_houses() -> None:
    now = [0.0]
    runtime = _table(decision_seconds=12, clock=lambda: now[0])
    assert runtime.decision_seconds == 12
    runtime.sit("ann", [1])
    _bet(runtime, "ann", 1, "blackjack", 1000)
    _act(runtime, "ann", 1, "ready")
    assert runtime.expire(11.0).events == []  # not yet
    while runtime.phase == "playing":
        turn = runtime.view(OPERATOR)["awaiting"][0]
        out = runtime.expire(now[0] + 12.5)
        assert out.events[0] == {
            "event": "server:timed_out",
            "paragraph": None,
            "player": "ann",
            "spot": 1,
            "hand": turn["hand"],
            "kind": turn["kind"],
            "command": out.events[0]["command"],
        }
        assert out.events[0]["command"]["action"] in ("stand", "decline", "keep", "hit")
        now[0] += 13


def test_a_craps_session_through_the_runtime() -> None:
    runtime = TableRuntime.open("c1", "craps", {}, random=SeededRandom.from_seed(8))
    assert runtime.opening().events[0]["event"] == "table_opened"
    runtime.sit("ann", [1])
    runtime.sit("bob", [2])
    placed = _bet(runtime, "ann", 1, "hard_8", 500)
    assert [e["event"] for e in placed.events] == ["server:bet_accepted", "wager_placed"]
    assert [(m.debit, m.amount) for m in placed.moves] == [("player:ann", 500)]
    assert runtime.reserved("ann") == 0  # on the layout at once: the store has posted it
    _bet(runtime, "bob", 2, "any_seven", 100)
    wager_id = next(
        e["wager_id"]
        for e in runtime.stream
        if e["event"] == "wager_placed" and e["player"] == "bob"
    )
    _refused(runtime, lambda: _act(runtime, "ann", wager_id, "withdraw"), 409, "bob's")
    _refused(runtime, lambda: _bet(runtime, "ann", 1, "hard_8", 10**6), 422, None)
    _refused(runtime, lambda: _act(runtime, "ann", 1, "roll"), 409, "no round")
    _act(runtime, "ann", 1, "ready")
    assert runtime.phase == "betting"  # bob has a wager and is not ready
    rolled = _act(runtime, "bob", 2, "ready")
    kinds = [e["event"] for e in rolled.events]
    assert kinds[:3] == ["server:ready", "server:round_started", "selection_made"]
    assert "dice_rolled" in kinds
    assert kinds[-1] == "server:round_completed"
    assert rolled.round_started == rolled.round_completed == "c1-r1"
    assert runtime.events_for(SPECTATOR, 0) == runtime.events_for(OPERATOR, 0)
    assert runtime.view(OPERATOR)["meters"] == {}
    accounts = balances([*placed.moves, *rolled.moves])
    assert sum(accounts.values()) == 0
