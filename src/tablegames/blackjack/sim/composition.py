"""CDZ- play compiled for the kernel (`tablegames simulate --strategy cdz`), and the same play
for the reference engine.

The strategy is the one the exact analysis values (`analysis.game.analyse(rules, "cdz")`), so
a simulation of it can be checked against that exact figure:
- every decision is the best of the legal options for the unsplit hand with the same cards, by
  its exact value against the up card (the full shoe less the hand's cards: zero memory);
- on the first two cards the options are stand, hit, double, split (a pair, 633a.11(a)) and
  surrender (633a.9(a)), the best by value with ties to the higher second moment
  (`game._best_options`); later (a third card, or a hand formed by a split), stand, hit and,
  where 633a.10(a) allows it, double (`split_values.chosen_option`);
- a hand formed by a split that is a pair again is split again whenever the rules allow
  (`split_values`: "Pairs are resplit whenever the rules allow");
- insurance and even money are declined, as the chart policy declines them.

`codes` are the unsplit hands' compositions as base-22 numbers (`composition_code`: a count
below 22 of each rank index, ace 0 to ten-values 9), sorted; `cells[row, up_column, legal]` is
the kernel's action for that hand against that up-card column (`kernel.up_column`) when the
choices besides stand that are legal are the bits `legal` (`kernel.LEGAL_*`), as in chart.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from tablegames.blackjack.actions import Action
from tablegames.blackjack.hand import card_points
from tablegames.blackjack.policy import Decision, PlayerView, up_card_column
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sim.chart import KERNEL_ACTIONS, LEGAL_BITS
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
    IntArray,
)
from tablegames.blackjack.strategy_chart import UP_CARDS
from tablegames.blackjack.switch_hands_rule import SwitchHandsRule
from tablegames.blackjack.switch_rule import SwitchValues
from tablegames.blackjack.variation import variation_of
from tablegames.core.cards import Card
from tablegames.core.errors import TableGamesError

if TYPE_CHECKING:
    from tablegames.blackjack.analysis.game import GameValues

CODE_BASE = 22  # a count of one rank in a hand of 21 or less points is below 22
RANK_WEIGHTS = CODE_BASE ** np.arange(10, dtype=np.int64)
_ACTION_OF = {code: action for action, code in KERNEL_ACTIONS.items()}
# The kernel's up-card column c holds the analysis's rank index (c + 1) % 10: 2-9, ten, ace.
_ANALYSIS_UP = [(column + 1) % 10 for column in range(len(UP_CARDS))]
_ACE, _TEN = 0, 9


def composition_code(ranks: list[int] | tuple[int, ...]) -> int:
    """The base-22 code of the hand of these rank indices (0 ace, 1-8 twos-nines, 9 tens)."""
    return int(sum(int(RANK_WEIGHTS[rank]) for rank in ranks))


@dataclass(frozen=True)
class CompositionPlay:
    """CDZ- play as the kernel reads it; see the module's description. At Blackjack Switch
    (633a.12(a)) and Switch Hands (633c.4) the decisions are those of the variation's own hands,
    and the play carries its switch rule (`switch`, `switch_hands`)."""

    codes: IntArray
    cells: ChartArray
    # The exact analysis's figure for this very play (house-positive); None at the switch
    # variations, whose figure takes a minute (`switch_exact.exact_cdz_switch_edge`,
    # `switch_hands_exact.exact_cdz_switch_hands_edge`).
    house_edge: float | None
    switch: SwitchValues | None = None
    switch_hands: SwitchHandsRule | None = None

    def action(self, ranks: list[int], up_column: int, legal: int) -> int:
        """The kernel's action for the hand of these rank indices (what the kernel looks up)."""
        code = composition_code(ranks)
        row = int(np.searchsorted(self.codes, code))
        if row >= len(self.codes) or int(self.codes[row]) != code:
            raise TableGamesError(f"no CDZ- decision for the hand of ranks {sorted(ranks)}")
        return int(self.cells[row, up_column, legal])

    def policy(self) -> CompositionPolicy:
        return CompositionPolicy(self)


def compile_composition(rules: Rules) -> CompositionPlay:
    """CDZ- play under `rules`, from their exact analysis; at Blackjack Switch and Switch Hands
    that of the variation's own hands, with its switch rule (`switch_strategy.cdz_switch`,
    `switch_hands_strategy.cdz_switch_hands`)."""
    from tablegames.blackjack.analysis.game import analyse

    variation = variation_of(rules)
    if variation.switches_second_cards:
        from tablegames.blackjack.sim.switch_strategy import cdz_switch

        switch = cdz_switch(rules)
        codes, cells = composition_cells(switch.analysis)
        return CompositionPlay(codes, cells, None, switch=switch.rule)
    if variation.takes_switch_hands_ante:
        from tablegames.blackjack.sim.switch_hands_strategy import cdz_switch_hands

        switch_hands = cdz_switch_hands(rules)
        codes, cells = composition_cells(switch_hands.analysis)
        return CompositionPlay(codes, cells, None, switch_hands=switch_hands.rule)
    result = analyse(rules, "cdz")
    codes, cells = composition_cells(result)
    return CompositionPlay(codes=codes, cells=cells, house_edge=result.house_edge)


def composition_cells(result: GameValues) -> tuple[IntArray, ChartArray]:
    """The codes and cells of CDZ- play as `result`, a CDZ- analysis, values it."""
    from tablegames.blackjack.analysis.hands import max_split_hands

    rules = result.rules
    table = result.table
    rows = np.flatnonzero(table.context_id == 0)
    codes = table.cards[rows] @ RANK_WEIGHTS
    order = np.argsort(codes, kind="stable")
    rows, codes = rows[order], codes[order]
    cards = table.cards[rows]
    two_cards = cards.sum(axis=1) == 2
    pair_rank = np.where(two_cards & (cards.max(axis=1) == 2), cards.argmax(axis=1), -1)
    splittable = np.array(
        [rank >= 0 and max_split_hands(rules, int(rank), table.shoe) >= 2 for rank in pair_rank]
    )
    cells = np.full((len(rows), len(UP_CARDS), LEGAL_SETS), STAND, dtype=np.int8)
    for column, up in enumerate(_ANALYSIS_UP):
        values = result.values.values[rows, up]  # (hands, stand/hit/double)
        squares = result.values.squares[rows, up]
        rest = table.shoe[None, :] - cards
        rest[:, up] -= 1
        left = rest.sum(axis=1).astype(np.float64)
        chance = np.zeros(len(rows))
        if up == _ACE:
            chance = rest[:, _TEN] / left
        elif up == _TEN:
            chance = rest[:, _ACE] / left
        split_value = np.where(splittable, result.split[np.maximum(pair_rank, 0), up], -np.inf)
        split_square = result.split_square[np.maximum(pair_rank, 0), up]
        options = (
            (STAND, 0, values[:, 0], squares[:, 0]),
            (HIT, LEGAL_HIT, values[:, 1], squares[:, 1]),
            (DOUBLE, LEGAL_DOUBLE, values[:, 2], squares[:, 2]),
            (SPLIT, LEGAL_SPLIT, split_value, split_square),
            # 633a.9(a): half back; against a dealer Blackjack all is lost (633a.9(a)(2)).
            (SURRENDER, LEGAL_SURRENDER, -0.5 - chance / 2, 0.25 * (1 - chance) + chance),
        )
        for legal in range(LEGAL_SETS):
            best = np.full(len(rows), STAND, dtype=np.int8)
            value, square = values[:, 0].copy(), squares[:, 0].copy()
            for action, bit, other, other_square in options[1:]:
                if not legal & bit:
                    continue
                # game._best_options: the higher value, ties to the higher second moment.
                better = (other > value) | ((other == value) & (other_square > square))
                best = np.where(better, action, best).astype(np.int8)
                value = np.where(better, other, value)
                square = np.where(better, other_square, square)
            cells[:, column, legal] = best
    return codes, cells


def _rank_index(card: Card) -> int:
    return card_points(card) - 1  # 633a.3(e): the ace 1 (index 0), ten-value cards 10 (9)


class CompositionPolicy:
    """The reference engine's player for `CompositionPlay` (policy.Policy): the same decisions
    as the kernel, read from the same cells."""

    def __init__(self, play: CompositionPlay) -> None:
        self.play = play

    def decide(self, view: PlayerView) -> Decision:
        if view.kind == "insurance":
            return Decision(Action.DECLINE)  # 633a.8(b), (e): declined, as the chart does
        if view.kind == "ez_bust":
            return Decision(Action.DECLINE)  # 633b.16(c): the side wager is not placed
        if view.kind == "switch" and self.play.switch is not None:
            # 633a.12(a)(4): switch the second cards when the switched hands are worth more.
            first, second = view.box_hands
            switches = self.play.switch.switches(first, second, view.up_card)
            return Decision(Action.SWITCH if switches else Action.KEEP)
        if view.kind == "switch_hands" and self.play.switch_hands is not None:
            # 633c.4(f): the dealt cards and the up card seen, the switch cards face down.
            switches = self.play.switch_hands.switches(view.cards, view.up_card)
            return Decision(Action.SWITCH if switches else Action.KEEP)
        if view.kind in ("switch", "switch_hands"):
            return Decision(Action.KEEP)  # 633a.12(a)(4), 633c.4(f)(1): keep the cards dealt
        if view.from_split and view.allows(Action.SPLIT):
            return Decision(Action.SPLIT)  # resplit whenever allowed, as the analysis values
        legal = 0
        for action, bit in LEGAL_BITS.items():
            if view.allows(action):
                legal |= bit
        if legal == 0:
            return Decision(Action.STAND)
        column = UP_CARDS.index(up_card_column(view.up_card))
        ranks = [_rank_index(card) for card in view.cards]
        return Decision(_ACTION_OF[self.play.action(ranks, column, legal)])
