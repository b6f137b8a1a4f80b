"""A strategy chart compiled into the kernel's arrays: the same choices `policy.ChartPolicy` makes.

`ChartPolicy` takes, for a hand, the first legal choice of: the pairs row's code (two cards of one
value, 633a.11(a)), then the total row's code (not for a 21, which stands, 633a.7(k)(1)), then
stand. The kernel reads that answer from a table, for every set of legal choices (the bits
`kernel.LEGAL_*` of the last index; stand is always legal, 633a.7(i)(2)):

- `pair_cells[pair, up, legal]`: a pair of `2,2` ... `9,9`, `T,T`, `A,A` (the chart's column
  order, which is `kernel.up_column` of either card), its pairs row then its two-card total row;
- `total_cells[section, total, up, legal]`: any other hand by its total row; section 0 hard and
  1 soft hands of two cards, 2 hard and 3 soft hands of three or more; totals 0-21 (stand where
  the chart has no row: a 21).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tablegames.blackjack.actions import Action
from tablegames.blackjack.sim.kernel import (
    DOUBLE,
    HIT,
    LEGAL_DOUBLE,
    LEGAL_HIT,
    LEGAL_SETS,
    LEGAL_SPLIT,
    LEGAL_SURRENDER,
    SPLIT,
    STAND,
    SURRENDER,
    ChartArray,
)
from tablegames.blackjack.strategy_chart import (
    HARD_MORE_TOTALS,
    HARD_TOTALS,
    PAIR_CODES,
    PAIR_RANKS,
    SOFT_MORE_TOTALS,
    SOFT_TOTALS,
    TOTAL_CODES,
    UP_CARDS,
    StrategyChart,
)

KERNEL_ACTIONS = {
    Action.STAND: STAND,
    Action.HIT: HIT,
    Action.DOUBLE: DOUBLE,
    Action.SPLIT: SPLIT,
    Action.SURRENDER: SURRENDER,
}
LEGAL_BITS = {
    Action.HIT: LEGAL_HIT,
    Action.DOUBLE: LEGAL_DOUBLE,
    Action.SPLIT: LEGAL_SPLIT,
    Action.SURRENDER: LEGAL_SURRENDER,
}
# (section, totals, soft, cards) in the kernel's section order.
SECTIONS = (
    ("hard", HARD_TOTALS, False, 2),
    ("soft", SOFT_TOTALS, True, 2),
    ("hard, 3+ cards", HARD_MORE_TOTALS, False, 3),
    ("soft, 3+ cards", SOFT_MORE_TOTALS, True, 3),
)
# The two-card total of each pair row (A,A counts 12, soft: 633a.3(e)(3)).
PAIR_TOTALS = {
    rank: (12, True) if rank == "A" else (2 * (10 if rank == "T" else int(rank)), False)
    for rank in PAIR_RANKS
}


def first_legal(choices: Sequence[Action], legal: int) -> int:
    """The kernel's code of the first of `choices` legal under `legal`, else stand.

    >>> first_legal([Action.DOUBLE, Action.HIT], LEGAL_HIT) == HIT
    True
    """
    for action in choices:
        if action is Action.STAND or LEGAL_BITS[action] & legal:
            return KERNEL_ACTIONS[action]
    return STAND


def compile_chart(chart: StrategyChart) -> tuple[ChartArray, ChartArray]:
    """(pair_cells, total_cells) of `chart`; see the module's description."""
    pair_cells = np.full((len(PAIR_RANKS), len(UP_CARDS), LEGAL_SETS), STAND, dtype=np.int8)
    for row, rank in enumerate(PAIR_RANKS):
        total, soft = PAIR_TOTALS[rank]
        for column, up in enumerate(UP_CARDS):
            choices = PAIR_CODES[chart.pair_code(rank, up)]
            choices += TOTAL_CODES[chart.total_code(total, soft=soft, cards=2, up=up)]
            for legal in range(LEGAL_SETS):
                pair_cells[row, column, legal] = first_legal(choices, legal)
    total_cells = np.full((len(SECTIONS), 22, len(UP_CARDS), LEGAL_SETS), STAND, dtype=np.int8)
    for section, (_, totals, soft, cards) in enumerate(SECTIONS):
        for total in totals:
            for column, up in enumerate(UP_CARDS):
                choices = TOTAL_CODES[chart.total_code(total, soft=soft, cards=cards, up=up)]
                for legal in range(LEGAL_SETS):
                    total_cells[section, total, column, legal] = first_legal(choices, legal)
    return pair_cells, total_cells


def unread_chart() -> tuple[ChartArray, ChartArray]:
    """(pair_cells, total_cells) of the right shapes, all stand: what the kernel is given when
    CDZ- play (composition.py) makes its decisions instead."""
    return (
        np.full((len(PAIR_RANKS), len(UP_CARDS), LEGAL_SETS), STAND, dtype=np.int8),
        np.full((len(SECTIONS), 22, len(UP_CARDS), LEGAL_SETS), STAND, dtype=np.int8),
    )
