"""Invariants over many random rounds of random legal play (hypothesis).

For at least 10,000 rounds across shoe kinds and house rules: money is conserved to the cent,
every card is accounted for after every step, every wager is settled exactly once, and replaying
a round's log reproduces it event for event.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.blackjack.actions import Action
from tablegames.blackjack.events import WagerPlaced, WagerSettled
from tablegames.blackjack.replay import replay
from tablegames.blackjack.round import Round
from tablegames.blackjack.table import Table
from tablegames.blackjack.wagers import BoxWager
from tablegames.rng import SeededRandom
from tablegames.rules import Rules

ROUNDS_PER_EXAMPLE = 100
EXAMPLES = 100  # 100 x 100 = 10,000 rounds

RULE_VARIANTS: list[dict[str, Any]] = [
    {},
    {"decks": 8},
    {"decks": 1, "max_hands": 4, "hit_split_aces": False, "resplit_aces": False},
    {"decks": 2, "shoe": "double_shoe", "settlement_procedure": "counterclockwise"},
    {"decks": 6, "shoe": "batch_shuffler", "penetration": 0.5},
    {"decks": 6, "shoe": "continuous_shuffler"},
    {"dealer_peeks": False, "original_bets_only": True},
    {"dealer_peeks": False, "original_bets_only": False, "dealer_hits_soft_17": True},
    {"blackjack_pays": "6:5", "late_surrender": False, "double_after_split": False},
    {"wager_unit": 1, "min_wager": 101, "max_wager": 9999, "even_money": False},
]


def _random_play(game: Round, table: Table, rng: np.random.Generator) -> None:
    """Take random legal decisions, auditing the cards after every step."""
    while not game.is_complete:
        table.shoe.audit(game.table_cards())
        actions = game.legal_actions()
        turn = game.turn
        action = actions[int(rng.integers(len(actions)))]
        amount: int | None = None
        unit = game.rules.wager_unit
        if action is Action.INSURANCE:
            amount = unit * int(rng.integers(1, game.max_insurance() // unit + 1))
        elif action is Action.DOUBLE and turn is not None and rng.random() < 0.3:
            stake = game.box(turn.box).hands[turn.hand].stake
            amount = unit * int(rng.integers(1, stake // unit + 1))
        game.act(action, amount)
    table.shoe.audit([])


def _check_money(game: Round) -> None:
    placed: Counter[tuple[int, int, str]] = Counter()
    settled: Counter[tuple[int, int, str]] = Counter()
    for event in game.events:
        if isinstance(event, WagerPlaced):
            wager = "insurance" if event.wager == "insurance" else "blackjack"
            placed[(event.box, event.hand, wager)] += event.amount
        elif isinstance(event, WagerSettled):
            key = (event.box, event.hand, event.wager)
            assert key not in settled, f"{key} settled twice"
            settled[key] += event.stake
            assert event.returned >= 0
    # Every cent placed on the layout is settled exactly once, no more and no less.
    assert placed == settled


def _wagers(rules: Rules, rng: np.random.Generator) -> list[BoxWager]:
    count = int(rng.integers(1, rules.boxes + 1))
    boxes = sorted(rng.choice(np.arange(1, rules.boxes + 1), size=count, replace=False))
    units = rules.max_wager // rules.wager_unit
    low = -(-rules.min_wager // rules.wager_unit)
    return [
        BoxWager(
            box=int(box),
            amount=rules.wager_unit * int(rng.integers(low, min(units, low * 10) + 1)),
            player=f"player {box}",
        )
        for box in boxes
    ]


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(RULE_VARIANTS))
def test_money_conserved_cards_accounted_and_replay_identical(
    seed: int, variant: dict[str, Any]
) -> None:
    rules = Rules(**variant)
    rng = np.random.default_rng(seed)
    table = Table(rules, random=SeededRandom.from_seed(seed))
    player_money = 10**9
    house_money = 10**9
    for _ in range(ROUNDS_PER_EXAMPLE):
        game = table.deal(_wagers(rules, rng))
        _random_play(game, table, rng)
        _check_money(game)
        for event in game.events:
            if isinstance(event, WagerPlaced):
                player_money -= event.amount
            elif isinstance(event, WagerSettled):
                player_money += event.returned
                house_money += event.stake - event.returned
        # Money conserved to the cent between the players and the house.
        assert player_money + house_money == 2 * 10**9
        assert replay(game.events).events == game.events
