"""Total-dependent basic strategy: the chart a player learns, derived from the exact values.

Each decision depends only on the hand's hard or soft total (and, for pairs, the pair) and the up
card. It is chosen as the option with the best value summed over the hands with that total,
each weighted by the chance of being dealt that combination of cards from the full shoe. Two-card
hands may stand, hit, double or surrender; pairs may split; hands of three or more cards stand
or hit. The chart is then played exactly (game.py) to give the basic-strategy house edge.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import comb
from typing import Protocol

import numpy as np

from tablegames.blackjack.analysis.dealer_hands import FloatArray, IntArray
from tablegames.blackjack.analysis.hands import ACE, TEN, HandTable
from tablegames.blackjack.analysis.split_values import Values
from tablegames.blackjack.rules import Rules


class CdzValues(Protocol):
    """What the chart reads of the exact CDZ- analysis (`game.GameValues`). A protocol, so that
    this module need not import game.py, which imports it (no import cycle)."""

    @property
    def rules(self) -> Rules: ...

    @property
    def table(self) -> HandTable: ...

    @property
    def values(self) -> Values: ...

    @property
    def split(self) -> FloatArray: ...


# Chart codes, as the kernel reads them: 0 stand, 1 hit; 2 double else hit, 3 double else
# stand (when doubling is not allowed, e.g. after a split without DAS).
STAND, HIT, DOUBLE_ELSE_HIT, DOUBLE_ELSE_STAND, SURRENDER = 0, 1, 2, 3, 4
CODES = {STAND: "S", HIT: "H", DOUBLE_ELSE_HIT: "Dh", DOUBLE_ELSE_STAND: "Ds", SURRENDER: "R"}
CDZ = -1  # a `fixed` entry: the CDZ- decision (best for the unsplit hand with the same cards)


def check_fixed(table: HandTable, fixed: IntArray) -> None:
    """Refuse a table of fixed decisions the analysis kernels cannot play as meant: one row per
    hand of `table` and a column per up card, each entry CDZ (-1) or a chart code; a double
    (2, 3) only on a hand's first two cards (633a.10(a)). The kernels index a hand's values by
    its code with no bounds check (a hand of three or more cards by stand 0 or hit 1 itself), so
    a double code there would read another option's value, or past the hand's row, silently."""
    if fixed.shape != (len(table.hard), 10):
        raise ValueError(
            f"fixed decisions of shape {fixed.shape}, not one row per hand of the table and a "
            "column per up card"
        )
    if not np.issubdtype(fixed.dtype, np.integer):
        raise ValueError(f"fixed decisions of type {fixed.dtype}, not chart codes")
    if fixed.size == 0 or (int(fixed.min()) >= CDZ and int(fixed.max()) <= HIT):
        return  # only CDZ-, stand or hit: right for every hand (two reductions, 0.3 ms)
    two = table.cards.sum(axis=1) == 2
    outside = (fixed < CDZ) | (fixed > np.where(two, DOUBLE_ELSE_STAND, HIT)[:, None])
    if outside.any():
        row, up = (int(found) for found in np.argwhere(outside)[0])
        kind = "a two-card hand" if two[row] else "a hand of three or more cards"
        allowed = "-1 (CDZ-) to 3" if two[row] else "-1 (CDZ-), 0 (stand) or 1 (hit)"
        raise ValueError(
            f"fixed decision {int(fixed[row, up])} for {kind} ({table.cards[row].tolist()} "
            f"against up card index {up}): the codes are {allowed} (633a.10(a): a double on "
            "the first two cards only)"
        )


@dataclass
class BasicChart:
    """hard[total][up], soft[total][up] for two cards; *_more for three or more; pairs."""

    hard: dict[int, list[int]] = field(default_factory=dict)
    soft: dict[int, list[int]] = field(default_factory=dict)
    hard_more: dict[int, list[int]] = field(default_factory=dict)
    soft_more: dict[int, list[int]] = field(default_factory=dict)
    split: dict[int, list[bool]] = field(default_factory=dict)  # pair rank -> split or not

    def code(self, total: int, soft: bool, cards: int, up: int) -> int:
        rows = (
            (self.soft if soft else self.hard)
            if cards == 2
            else (self.soft_more if soft else self.hard_more)
        )
        row = rows.get(total)
        return HIT if row is None else row[up]

    def fixed_for(self, table: HandTable) -> IntArray:
        """The option the chart plays for every hand of the table and up card (`code`, with a
        surrender, which split hands cannot make, played as a hit); refused (ValueError) where
        a row of three or more cards holds a code other than stand or hit (`check_fixed`)."""
        # codes[two cards, soft, best total, up]: `code` for every row at once (a hand of the
        # table has a best total of 4 to 21).
        codes = np.full((2, 2, 22, 10), HIT, dtype=np.int64)
        for two_cards, is_soft, rows in (
            (1, 0, self.hard),
            (1, 1, self.soft),
            (0, 0, self.hard_more),
            (0, 1, self.soft_more),
        ):
            for total, row in rows.items():
                if 0 <= total < 22:
                    codes[two_cards, is_soft, total] = row
        codes[codes == SURRENDER] = HIT
        two = (table.cards.sum(axis=1) == 2).astype(np.int64)
        soft = ((table.cards[:, ACE] > 0) & (table.hard + 10 <= 21)).astype(np.int64)
        fixed: IntArray = codes[two, soft, table.best]
        check_fixed(table, fixed)
        return fixed

    def first_decision(
        self, first: int, second: int, up: int, options: dict[str, tuple[float, float]]
    ) -> str:
        """The chart's choice for a two-card hand among the options the rules allow."""
        if len(options) == 1:
            return next(iter(options))  # a Blackjack stands
        if first == second and "split" in options and self.split.get(first, [False] * 10)[up]:
            return "split"
        hard = first + second + 2
        soft = ACE in (first, second) and hard + 10 <= 21
        code = self.code(hard + 10 if soft else hard, soft, 2, up)
        if code == SURRENDER and "surrender" in options:
            return "surrender"
        if code in (DOUBLE_ELSE_HIT, DOUBLE_ELSE_STAND):
            return "double"
        return "stand" if code == STAND else "hit"


def _dealt_chance(hand: tuple[int, ...], shoe: IntArray) -> float:
    """The chance of being dealt exactly this multiset of cards from the full shoe."""
    ways = 1
    for rank, count in enumerate(hand):
        ways *= comb(int(shoe[rank]), count)
    return ways / comb(int(shoe.sum()), sum(hand))


def basic_chart(cdz: CdzValues) -> BasicChart:
    """The total-dependent chart from the exact CDZ- values of the same rules."""
    table, values, rules = cdz.table, cdz.values.values, cdz.rules
    sizes = table.cards.sum(axis=1)
    normal = np.nonzero(table.context_id == 0)[0]
    two: dict[tuple[bool, int], np.ndarray] = {}
    more: dict[tuple[bool, int], np.ndarray] = {}
    pairs: dict[int, np.ndarray] = {}
    for index in (int(i) for i in normal):
        hand = tuple(int(x) for x in table.cards[index])
        total = int(table.best[index])
        if total >= 21:
            continue
        soft = bool(table.cards[index, ACE]) and int(table.hard[index]) + 10 <= 21
        weight = _dealt_chance(hand, table.shoe)
        if sizes[index] == 2:
            sums = two.setdefault((soft, total), np.zeros((10, 5)))
            rest = table.shoe - table.cards[index]
            for up in range(10):
                if rest[up] == 0:
                    continue
                after = rest.copy()
                after[up] -= 1
                chance = _blackjack(after, up)
                sums[up, :3] += weight * values[index, up]
                sums[up, 3] += weight * values[index, up, 2]  # double-else-stand scores alike
                sums[up, 4] += weight * (-0.5 - chance / 2)
            rank = hand.index(2) if 2 in hand else -1
            if rank >= 0 and cdz.split[rank].any():
                pairs.setdefault(rank, np.zeros((10, 2)))
        else:
            sums = more.setdefault((soft, total), np.zeros((10, 2)))
            sums += weight * values[index, :, :2]
    chart = BasicChart()
    for (soft, total), sums in two.items():
        allowed = [STAND, HIT, DOUBLE_ELSE_HIT] + ([SURRENDER] if rules.late_surrender else [])
        row = []
        for up in range(10):
            scores = {code: sums[up, code if code != SURRENDER else 4] for code in allowed}
            best = max(scores, key=lambda code: scores[code])
            if best == DOUBLE_ELSE_HIT and sums[up, STAND] > sums[up, HIT]:
                best = DOUBLE_ELSE_STAND
            row.append(best)
        (chart.soft if soft else chart.hard)[total] = row
    for (soft, total), sums in more.items():
        (chart.soft_more if soft else chart.hard_more)[total] = [
            STAND if sums[up, 0] >= sums[up, 1] else HIT for up in range(10)
        ]
    for rank in pairs:
        pair_hand = [0] * 10
        pair_hand[rank] = 2
        pair_index = table.find(pair_hand)
        total = int(table.best[pair_index])
        soft = rank == ACE
        decision = []
        rest = table.shoe - table.cards[pair_index]
        for up in range(10):
            code = chart.code(total, soft, 2, up)
            column = {STAND: 0, HIT: 1, DOUBLE_ELSE_HIT: 2, DOUBLE_ELSE_STAND: 2}.get(code, -1)
            if column >= 0:
                played = values[pair_index, up, column]
            else:  # surrender, unconditional: all is lost to a dealer Blackjack
                after = rest.copy()
                after[up] -= 1
                played = -0.5 - _blackjack(after, up) / 2 if after[up] >= 0 else -0.5
            decision.append(bool(cdz.split[rank, up] > played))
        chart.split[rank] = decision
    return chart


def _blackjack(after: IntArray, up: int) -> float:
    total = float(after.sum())
    if up == ACE:
        return float(after[TEN]) / total
    if up == TEN:
        return float(after[ACE]) / total
    return 0.0
