"""The ledger moves derived from the game's money events (tablegames.server.money) conserve
money, leave nothing on the layout after a Blackjack round, and give each player exactly what
their settled wagers returned less what they staked; the progressive meters' accounts follow the
table's meters (633a.13(j)(2), 633a.13(l)(2))."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.core.table import OPERATOR
from tablegames.server.money import MoneyMove, balances, moves_for
from tablegames.store import meter_account
from tests.server.helpers import Session, random_session
from tests.test_properties import RULE_VARIANTS

# Every side wager, the Bad Beat picks, both progressives (Bad Beat, Hit and Run).
ALL_SIDES: dict[str, Any] = RULE_VARIANTS[2]
SWITCH_SIDES: dict[str, Any] = RULE_VARIANTS[6]  # Super Match at a Blackjack Switch table


def test_a_move_is_positive_and_double_entry() -> None:
    with pytest.raises(ValueError, match="positive"):
        MoneyMove("house", "player:ann", 0, "return", None, "ann")
    with pytest.raises(ValueError, match="unknown reason"):
        MoneyMove("house", "player:ann", 5, "tip", None, "ann")


def test_a_wager_that_stays_up_moves_nothing_and_a_jackpot_resets_the_meter() -> None:
    events = [
        {"event": "wager_settled", "player": "ann", "stake": 500, "returned": None},
        {"event": "wager_withdrawn", "player": "ann", "amount": 500},
    ]
    moves = moves_for("t", "r", events, {"bad_beat": 900_000}, {"bad_beat": 500_000})
    assert [(m.debit, m.credit, m.amount, m.reason) for m in moves] == [
        ("layout:t", "player:ann", 500, "return"),
        ("meter:t:bad_beat", "house", 400_000, "meter"),
    ]


def _settled(session: Session) -> dict[str, int]:
    net: defaultdict[str, int] = defaultdict(int)
    for entry in session.runtime.stream:
        if entry["event"] == "wager_settled" and entry["returned"] is not None:
            net[entry["player"]] += entry["returned"] - entry["stake"]
    return dict(net)


def _check_conserved(session: Session) -> dict[str, int]:
    accounts = balances(session.moves)
    assert sum(accounts.values()) == 0
    meters = session.runtime.table.meters
    for wager, cents in meters.items():
        assert accounts.get(meter_account("t1", wager), 0) == cents
    return accounts


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(
    seed=st.integers(0, 2**32 - 1),
    rules=st.sampled_from(
        [ALL_SIDES, SWITCH_SIDES, {"side_wagers": {"hit_and_run": {"rate_bp": 5000}}}]
    ),
)
def test_blackjack_moves_conserve_money_and_pay_what_the_settlements_say(
    seed: int, rules: dict[str, Any]
) -> None:
    session = random_session("blackjack", rules, seed, rounds=4)
    running: list[MoneyMove] = []
    for outcome in session.outcomes:
        running += outcome.moves
        if outcome.round_completed is not None:  # nothing stays on the layout
            assert balances(running).get("layout:t1", 0) == 0
    accounts = _check_conserved(session)
    for player, net in _settled(session).items():
        assert accounts.get(f"player:{player}", 0) == net
    placed = sum(m.amount for m in session.moves if m.reason == "wager")
    assert placed > 0


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(seed=st.integers(0, 2**32 - 1))
def test_craps_moves_conserve_money_with_wagers_that_stay_up(seed: int) -> None:
    session = random_session("craps", {}, seed, rounds=6)
    accounts = _check_conserved(session)
    on_layout: defaultdict[str, int] = defaultdict(int)
    for entry in session.runtime.stream:
        if entry["event"] == "wager_placed":
            on_layout[entry["player"]] += entry["amount"]
        elif entry["event"] == "wager_withdrawn":
            on_layout[entry["player"]] -= entry["amount"]
        elif entry["event"] == "wager_settled" and entry["returned"] is not None:
            on_layout[entry["player"]] -= entry["stake"]
    # A player's net is what their settled wagers returned less their stakes, less what is
    # still up on the layout; the layout holds exactly the wagers still up.
    for player, net in _settled(session).items():
        assert accounts.get(f"player:{player}", 0) == net - on_layout[player]
    assert accounts.get("layout:t1", 0) == sum(on_layout.values())
    assert session.runtime.view(OPERATOR)["layout"] == {p: c for p, c in on_layout.items() if c}
