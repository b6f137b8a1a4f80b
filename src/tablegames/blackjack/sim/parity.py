"""Parity of the simulator's kernel with the reference round engine, on stacked shoes.

Both play the same shoes, round after round, driven by the same chart: the reference through
`Round` and `policy.ChartPolicy` (the engine whose every step cites its paragraph), the kernel
through its compiled arrays; every box's result must agree to the cent and every round must use
the same cards (633a.7(n): the dealer draws only for a hand still standing). `make test` compares
10,000 rounds and more (tests/sim/test_kernel_parity.py); `benchmarks/bench_sim_agreement.py`
compares 10^6.
"""

from __future__ import annotations

import numpy as np

from tablegames.blackjack.policy import ChartPolicy, play_round
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sim.chart import compile_chart
from tablegames.blackjack.sim.compile import compile_table
from tablegames.blackjack.sim.kernel import play_stacked
from tablegames.blackjack.strategy_chart import StrategyChart
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card
from tablegames.core.cardsource import StackedShoe
from tablegames.core.errors import TableGamesError

WAGER = 1_000  # cents: every result of a 3:2 or 6:5 game is a whole number of cents
SUITS = "SHDC"
RANKS = "A23456789TJQK"


class ParityError(TableGamesError):
    """The kernel and the reference settled a round differently."""


def card_of(code: int) -> Card:
    """The kernel's card code (rank - 1) * 4 + suit, as the engine's card."""
    return Card.parse(RANKS[code // 4] + SUITS[code % 4])


def reference_round(
    rules: Rules, chart: StrategyChart, cards: list[Card], boxes: int
) -> tuple[list[int], int]:
    """Each box's net result in cents, and the cards the round dealt, by the reference engine."""
    shoe = StackedShoe(cards)
    game = Round(
        rules=rules,
        shoe=shoe,
        wagers=[BoxWager(box=number, amount=WAGER) for number in range(1, boxes + 1)],
    )
    play_round(game, ChartPolicy(chart))
    net = [0] * boxes
    for settled in game.settlements():
        net[settled.box - 1] += settled.returned - settled.stake
    return net, shoe.dealt


def compare(rules: Rules, chart: StrategyChart, *, boxes: int, shoes: int, seed: int) -> int:
    """Play `shoes` random stacked shoes both ways, round after round; the rounds compared.

    Raises ParityError at the first round the two settle differently."""
    # The player's boxes (at most 633a.6(f)'s three) and other players' boxes play alike.
    mine = min(boxes, rules.max_boxes_per_player)
    table = compile_table(rules, player_boxes=mine, other_boxes=boxes - mine)
    pair_cells, total_cells = compile_chart(chart)
    generator = np.random.default_rng(seed)
    ticks_per_cent = table.ticks / WAGER
    compared = 0
    for shoe_number in range(shoes):
        order = generator.permutation(np.tile(np.arange(52, dtype=np.int8), rules.decks))
        position = 0
        while order.size - position >= 30 + 12 * boxes:
            rest = order[position:]
            net = np.zeros(boxes, dtype=np.int64)
            used = play_stacked(rest, table.params, pair_cells, total_cells, net)
            expected, dealt = reference_round(
                rules, chart, [card_of(int(code)) for code in rest], boxes
            )
            where = f"shoe {shoe_number}, cards {position}-{position + dealt}"
            if used != dealt:
                raise ParityError(f"{where}: kernel dealt {used} cards, reference {dealt}")
            got = [round(int(value) / ticks_per_cent) for value in net]
            if got != expected:
                raise ParityError(f"{where}: kernel {got}, reference {expected}")
            position += dealt
            compared += 1
    return compared
