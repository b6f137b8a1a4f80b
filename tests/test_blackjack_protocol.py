"""Blackjack on the table protocol (tablegames.core.table), driven through the protocol alone."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.blackjack.game import GAME, TIMEOUT_ACTIONS
from tablegames.core.errors import IllegalActionError, WagerError
from tablegames.core.rng import SeededRandom
from tablegames.core.table import (
    Betting,
    Command,
    GameModule,
    GameRound,
    GameTable,
    Offer,
)
from tablegames.games import entry
from tests.test_resume import VARIATIONS

RULES: list[dict[str, Any]] = [
    {key: value for key, value in variant.items() if key != "penetration"} for variant in VARIATIONS
]


def _bets(rules: Any, rng: np.random.Generator) -> list[Command]:
    unit, low = rules.wager_unit, -(-rules.min_wager // rules.wager_unit)
    boxes = sorted(rng.choice(np.arange(1, rules.boxes + 1), size=2, replace=False))
    bets = []
    for box in boxes:
        amount = unit * int(rng.integers(low, low * 4 + 1))
        side = {"switch_hands_ante": amount // 500 * 100} if rules.variant == "switch_hands" else {}
        bets.append(
            Command(
                player=f"p{box}",
                spot=int(box),
                action="blackjack",
                amount=amount,
                args={"side": side} if side else {},
            )
        )
    return bets


def _amount(offer: Offer, rng: np.random.Generator, unit: int) -> int | None:
    if offer.low is None or offer.high is None:
        return None
    return (
        offer.high
        if offer.action == "split"
        else unit * int(rng.integers(1, offer.high // unit + 1))
    )


def test_blackjack_implements_the_protocols() -> None:
    assert isinstance(GAME, GameModule)
    assert entry("blackjack").game() is GAME
    assert (GAME.id, GAME.title, GAME.chapters) == (
        "blackjack",
        "Blackjack",
        ("633a", "633b", "633c"),
    )
    assert "pa-6deck" in GAME.presets()
    table = GAME.open_table(GAME.rules_from_mapping({}), random=SeededRandom.from_seed(1))
    assert isinstance(table, GameTable)
    betting = table.open_betting()
    assert isinstance(betting, Betting)
    betting.place(Command(player="ann", spot=1, action="blackjack", amount=2500))
    round_ = table.start_round(betting)
    assert isinstance(round_, GameRound)
    assert table.current is round_ or round_.is_complete


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(RULES), seed=st.integers(0, 2**32 - 1))
def test_whole_rounds_through_the_protocol_only(variant: dict[str, Any], seed: int) -> None:
    rng = np.random.default_rng(seed)
    rules = GAME.rules_from_mapping(variant)
    table = GAME.open_table(rules, random=SeededRandom.from_seed(seed))
    for _ in range(3):
        betting = table.open_betting()
        for bet in _bets(rules, rng):
            assert betting.refusal(bet) is None
            betting.place(bet)
        round_ = table.start_round(betting)
        assert not betting.is_open
        while not round_.is_complete:
            (turn,) = round_.awaiting
            offers = round_.offers(turn.spot)
            assert offers
            assert all(offer.hand == turn.hand for offer in offers)
            assert all(offer.paragraph.startswith("633") for offer in offers)
            assert round_.offers(turn.spot + 100) == ()
            offer = offers[int(rng.integers(len(offers)))]
            command = Command(
                player=turn.player,
                spot=turn.spot,
                hand=turn.hand,
                action=offer.action,
                amount=_amount(offer, rng, rules.wager_unit),
            )
            assert round_.refusal(command) is None, command
            stake = round_.stake_required(command)
            assert stake == (command.amount or 0)
            before = len(table.events)
            new = round_.apply(command)
            assert list(table.events[before:]) == list(new)
            assert new[0].kind == "decision"
        # Money events name the player who bet.
        players = {bet_event.box: bet_event.player for bet_event in _money(round_.events)}
        assert all(player == f"p{box}" for box, player in players.items())
    # Restored from its stream through the protocol, the table is the same.
    restored = GAME.restore_table(
        [event.to_json() for event in table.events], table.sealed, random=SeededRandom.from_seed(0)
    )
    assert restored.events == table.events
    assert [GAME.decode_event(event.to_json()) for event in table.events] == list(table.events)


def _money(events: Any) -> list[Any]:
    return [event for event in events if event.kind in ("wager_placed", "wager_settled")]


def _started(seed: int = 3) -> tuple[GameTable, GameRound]:
    table = GAME.open_table({"decks": 6}, random=SeededRandom.from_seed(seed))
    betting = table.open_betting()
    betting.place(Command(player="ann", spot=1, action="blackjack", amount=2500))
    betting.place(Command(player="bob", spot=2, action="blackjack", amount=2500))
    round_ = table.start_round(betting)
    while not round_.is_complete and round_.awaiting[0].player != "ann":
        round_.apply(round_.on_timeout(round_.awaiting[0]))
    return table, round_


def _first_awaiting_ann() -> tuple[GameTable, GameRound]:
    for seed in range(50):
        table, round_ = _started(seed)
        if not round_.is_complete and round_.awaiting[0].player == "ann":
            return table, round_
    raise AssertionError("no seed gives ann a decision")


def test_a_wrong_players_command_is_refused_clearly_and_changes_nothing() -> None:
    table, round_ = _first_awaiting_ann()
    (turn,) = round_.awaiting
    wrong = Command(player="bob", spot=turn.spot, hand=turn.hand, action="stand")
    assert round_.refusal(wrong) == f"it is ann's turn at box 1 ({turn.kind}), not bob's at box 1"
    before = [event.to_json() for event in table.events]
    with pytest.raises(IllegalActionError, match="it is ann's turn"):
        round_.apply(wrong)
    with pytest.raises(IllegalActionError, match="it is ann's turn"):
        round_.stake_required(wrong)
    assert [event.to_json() for event in table.events] == before
    assert round_.awaiting == (turn,)
    other_box = Command(player="bob", spot=2, action="stand")
    assert "not bob's at box 2" in (round_.refusal(other_box) or "")
    wrong_hand = Command(player="ann", spot=1, hand=3, action="stand")
    assert round_.refusal(wrong_hand) == f"box 1 decides hand {turn.hand} now, not hand 3"
    unknown = Command(player="ann", spot=1, hand=turn.hand, action="fold")
    assert "unknown action 'fold'" in (round_.refusal(unknown) or "")


def test_on_timeout_is_the_documented_house_rule() -> None:
    _, round_ = _first_awaiting_ann()
    (turn,) = round_.awaiting
    command = round_.on_timeout(turn)
    assert (command.player, command.spot, command.hand) == (turn.player, turn.spot, turn.hand)
    assert command.action == TIMEOUT_ACTIONS[turn.kind].value
    assert TIMEOUT_ACTIONS["play"].value == "stand"
    assert TIMEOUT_ACTIONS["insurance"].value == "decline"
    assert TIMEOUT_ACTIONS["switch_hands"].value == "keep"


def test_the_betting_window_checks_each_bet_and_its_owner() -> None:
    table = GAME.open_table({}, random=SeededRandom.from_seed(1))
    betting = table.open_betting()
    with pytest.raises(WagerError, match=r"633a\.6"):
        betting.place(Command(player="ann", spot=1, action="hit", amount=2500))
    betting.place(Command(player="ann", spot=1, action="blackjack", amount=2500))
    with pytest.raises(WagerError, match="ann's, not bob's"):
        betting.withdraw("bob", 1)
    betting.withdraw("ann", 1)
    with pytest.raises(WagerError, match="at least one Blackjack Wager"):
        table.start_round(betting)
