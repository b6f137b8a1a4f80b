"""The exact house edge of the simulated Blackjack Switch player (633a.12(a)): the switch chart
and switch rule of `switch_strategy`, dealt from a full shoe.

`analysis.switch_games.blackjack_switch` values the best switch with CDZ- play; the simulator
plays a total-dependent chart and a table-driven switch rule, so its figure is derived here:

- every deal of the up card and the box's four cards, by ranks in the order of 633a.7(f) (first
  cards, the up card, second cards), weighed by its chance from the full shoe;
- the hole card completes a dealer Blackjack with the chance left by those five cards; the
  check (633a.7(h)) then settles the hands as dealt (a Blackjack ties, 633a.12(a)(5)(ii); any
  other hand loses its wager) and no switch is asked;
- otherwise the switch rule (`switch_rule.SwitchValues`, the very table the kernel reads) keeps or
  switches, and each hand finished with is worth what the chart's exact analysis gives for it
  (with `switch_surrender`, the second hand surrenders only when the first, a kept Blackjack,
  asked for no decision: 633a.9(a) as the engine reads it, surrender before any other decision),
  from the shoe less the other hand's two cards (`hand_table_values` and `split_value` of
  analysis/, push 22, the chart fixed: one analysis per partner hand), given no dealer Blackjack;
  a kept Blackjack from the dealer's distribution less the five cards (3 to 2, 1 to 1 against a
  21, returned against 22: 633a.12(a)(5)(i), (v)).

What remains approximate: each hand is valued as though the cards the other hand draws (and its
split hands) were still in the shoe, and so for the dealer's draws; the five cards seen are
removed for both. This is the convention of the split analysis (split hands valued as independent
of each other's draws). Nothing else is: the decision and the play are those the kernel makes.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Protocol

import numpy as np

from tablegames.blackjack.analysis.dealer_hands import FloatArray, IntArray, shoe_counts
from tablegames.blackjack.analysis.game import (
    GameValues,
    blackjack_chance,
    hand_table_values,
    two_card_option_table,
    two_card_options,
)
from tablegames.blackjack.analysis.hands import (
    ACE,
    TEN,
    HandTable,
    build_hand_table,
    max_split_hands,
)
from tablegames.blackjack.analysis.split_values import split_value
from tablegames.blackjack.analysis.switch_games import ordered_chance
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sim.composition import RANK_WEIGHTS
from tablegames.blackjack.sim.switch_strategy import (
    cdz_switch,
    kept_natural_value,
    no_blackjack,
    play_rules,
    switch_strategy,
)
from tablegames.blackjack.switch_rule import KEPT, SWITCHED


class Decisions(Protocol):
    """What the exact figures need of a strategy: the option it plays for every hand of a hand
    table (`BasicChart.fixed_for`'s codes) and its first decision on two cards."""

    def fixed_for(self, table: HandTable) -> IntArray: ...

    def first_decision(
        self, first: int, second: int, up: int, options: dict[str, tuple[float, float]]
    ) -> str: ...


# `fixed` codes (split_values.chosen_option): stand, hit, double else hit, double else stand.
_STAND, _HIT, _DOUBLE_ELSE_HIT, _DOUBLE_ELSE_STAND = 0, 1, 2, 3


class CdzDecisions:
    """The decisions of CDZ- play as the simulator plays it (`composition.composition_cells`):
    every decision that of the full shoe's CDZ- analysis `analysis` for the unsplit hand with the
    same cards, whatever shoe the hand is then valued from; the best by value, ties to the
    higher second moment, among the options open."""

    def __init__(self, analysis: GameValues) -> None:
        self.analysis = analysis
        table = analysis.table
        rows = np.flatnonzero(table.context_id == 0)
        codes = table.cards[rows] @ RANK_WEIGHTS
        order = np.argsort(codes, kind="stable")
        self._codes: IntArray = codes[order]
        values = analysis.values.values[rows[order]]  # (hands, up, stand/hit/double)
        squares = analysis.values.squares[rows[order]]
        hit = (values[:, :, 1] > values[:, :, 0]) | (
            (values[:, :, 1] == values[:, :, 0]) & (squares[:, :, 1] > squares[:, :, 0])
        )
        value = np.where(hit, values[:, :, 1], values[:, :, 0])
        square = np.where(hit, squares[:, :, 1], squares[:, :, 0])
        double = (values[:, :, 2] > value) | (
            (values[:, :, 2] == value) & (squares[:, :, 2] > square)
        )
        fallback = np.where(hit, _DOUBLE_ELSE_HIT, _DOUBLE_ELSE_STAND)
        # 633a.10(a): a double on the first two cards only (the analysis' kernel reads a hand of
        # more cards' code as the option itself).
        two = (table.cards[rows[order]].sum(axis=1) == 2)[:, None]
        self._option: IntArray = np.where(double & two, fallback, np.where(hit, _HIT, _STAND))

    def fixed_for(self, table: HandTable) -> IntArray:
        """The option for every hand of `table` (any context) against each up card."""
        codes = table.cards @ RANK_WEIGHTS
        found = np.searchsorted(self._codes, codes)
        if (found >= len(self._codes)).any() or (self._codes[found] != codes).any():
            raise ValueError("a hand the full shoe's analysis does not hold")
        fixed: IntArray = self._option[found]
        return fixed

    def first_decision(
        self, first: int, second: int, up: int, options: dict[str, tuple[float, float]]
    ) -> str:
        """The best of `options`' names by the full shoe's values (ties to the higher second
        moment), in the order stand, hit, double, split, surrender."""
        full = two_card_options(self.analysis, first, second, up)
        chosen = "stand"
        for name, (value, square) in full.items():
            if name in options and (value, square) > full[chosen]:
                chosen = name
        return chosen


def chart_analysis(
    rules: Rules, chart: Decisions, shoe: IntArray, *, push_22: bool = True
) -> GameValues:
    """The exact values of every hand from `shoe` with `chart` fixed (by default a dealer 22
    pushes, as at Blackjack Switch), as `game.basic_from` computes them for the shoe the chart
    was derived from."""
    table = build_hand_table(rules, shoe)
    values = hand_table_values(rules, table, chart.fixed_for(table), push_22=push_22)
    split = np.zeros((10, 10))
    split_square = np.zeros((10, 10))
    for pair in range(10):
        most = max_split_hands(rules, pair, table.shoe)
        if most >= 2:
            split[pair], split_square[pair] = split_value(
                rules, table, values, pair, most, push_22=push_22
            )
    return GameValues(
        rules=rules,
        strategy="basic",
        table=table,
        values=values,
        split=split,
        split_square=split_square,
        dealer=np.zeros((10, 8)),  # not read here
        overall=0.0,
        second_moment=0.0,
        by_up_card=np.zeros(10),
    )


def played_values(
    analysis: GameValues, chart: Decisions, first: int, second: int, *, surrender: bool = True
) -> FloatArray:
    """The unconditional value against each up card of the two-card hand as the chart plays it;
    an ace and a ten-value card as a 21 that stands (switched, 633a.12(a)(5)(iii)-(iv)). Without
    `surrender` the chart's surrender is not open and its next choice is played (`R`: hit)."""
    if {first, second} == {ACE, TEN}:
        hand = [0] * 10
        hand[ACE] = hand[TEN] = 1
        return np.asarray(analysis.values.values[analysis.table.find(hand), :, 0], dtype=float)
    table = two_card_option_table(analysis, first, second)
    out = np.zeros(10)
    for up in range(10):
        options = {
            name: (float(v[up]), float(q[up]))
            for name, (v, q) in table.items()
            if surrender or name != "surrender"
        }
        out[up] = options[chart.first_decision(first, second, up, options)][0]
    return out


@lru_cache(maxsize=4)
def exact_switch_edge(rules: Rules) -> dict[str, Any]:
    """The house edge per wager (each of the two) of `switch_strategy(rules)`, full shoe."""
    strategy = switch_strategy(rules)
    found = _exact(rules, strategy.play_rules, strategy.basic, strategy.rule.values)
    return {**found, "strategy": "the simulator's: the push-22 basic chart and its switch rule"}


@lru_cache(maxsize=4)
def exact_cdz_switch_edge(rules: Rules) -> dict[str, Any]:
    """The house edge per wager of `--strategy cdz` at Blackjack Switch
    (`switch_strategy.cdz_switch(rules)`: the full shoe's CDZ- decisions, push 22, and the switch
    rule of their values), full shoe, as `exact_switch_edge` derives the chart's."""
    found = cdz_switch(rules)
    figures = _exact(rules, play_rules(rules), CdzDecisions(found.analysis), found.rule.values)
    return {**figures, "strategy": "the simulator's CDZ- play and its switch rule"}


def _exact(rules: Rules, play: Rules, chart: Decisions, rule: FloatArray) -> dict[str, Any]:
    shoe = shoe_counts(rules.decks)
    counts = [int(x) for x in shoe]
    n = sum(counts)
    pairs = [(a, b) for a in range(10) for b in range(a, 10)]
    # values[partner][hand, surrender open]: the hand's unconditional value by up card, the
    # partner's two cards out of the shoe (one chart analysis per partner hand).
    values: dict[tuple[int, int], dict[tuple[tuple[int, int], bool], FloatArray]] = {}
    for partner in pairs:
        rest = shoe.copy()
        rest[partner[0]] -= 1
        rest[partner[1]] -= 1
        if (rest < 0).any():
            continue
        analysis = chart_analysis(play, chart, rest)
        values[partner] = {
            (hand, surrender): played_values(analysis, chart, *hand, surrender=surrender)
            for hand in pairs
            for surrender in (True, False)
            if all((rest - _cards(hand)) >= 0)
        }

    memo: dict[tuple[tuple[int, int], tuple[int, int], int, bool, bool], float] = {}

    def value(
        hand: tuple[int, int],
        partner: tuple[int, int],
        up: int,
        kept: bool,
        surrender: bool = True,
    ) -> float:
        """The hand's value given no dealer Blackjack, the five cards out of the shoe."""
        key_hand = (min(hand), max(hand))
        key_partner = (min(partner), max(partner))
        key = (key_hand, key_partner, up, kept and set(hand) == {ACE, TEN}, surrender)
        if key not in memo:
            rest = shoe - _cards(hand) - _cards(partner)
            rest[up] -= 1
            if key[3]:
                memo[key] = kept_natural_value(rules, rest, up)
            else:
                unconditional = float(values[key_partner][key_hand, surrender][up])
                memo[key] = no_blackjack(unconditional, blackjack_chance(rest, up))
        return memo[key]

    total = 0.0
    switched_share = 0.0
    for up in range(10):
        for a1 in range(10):
            for b1 in range(10):
                for a2 in range(10):
                    for b2 in range(10):
                        # 633a.7(f): first cards, the up card, second cards.
                        chance = ordered_chance(counts, n, (a1, b1, up, a2, b2))
                        if chance == 0.0:
                            continue
                        rest = shoe - _cards((a1, a2)) - _cards((b1, b2))
                        rest[up] -= 1
                        blackjack = blackjack_chance(rest, up)
                        # 633a.7(h): a dealer Blackjack takes each wager but a Blackjack's.
                        naturals = ({a1, a2} == {ACE, TEN}) + ({b1, b2} == {ACE, TEN})
                        against_blackjack = -(2 - naturals)
                        # The rule's own sums, in the kernel's order (switch_rule.switches).
                        keep_sum = rule[KEPT, a1, a2, up] + rule[KEPT, b1, b2, up]
                        switch_sum = rule[SWITCHED, a1, b2, up] + rule[SWITCHED, b1, a2, up]
                        # 633a.9(a), as the engine reads it: a surrender comes before any other
                        # decision of the box, so the second hand may surrender only when the
                        # first asked for none (a kept Blackjack).
                        if switch_sum > keep_sum:
                            played = value((a1, b2), (b1, a2), up, False) + value(
                                (b1, a2), (a1, b2), up, False, surrender=False
                            )
                            switched_share += chance * (1 - blackjack)
                        else:
                            first_natural = {a1, a2} == {ACE, TEN}
                            played = value((a1, a2), (b1, b2), up, True) + value(
                                (b1, b2), (a1, a2), up, True, surrender=first_natural
                            )
                        total += chance * (blackjack * against_blackjack + (1 - blackjack) * played)
    return {
        "wager": "blackjack_switch",
        "decks": rules.decks,
        "house_edge": -total / 2,
        "house_edge_basis": "per initial wager (the player makes two equal wagers)",
        "switch_probability": switched_share,
        "method": __doc__.split("\n\n")[1].replace("\n", " ") if __doc__ else "",
    }


def _cards(hand: tuple[int, ...]) -> IntArray:
    cards = np.zeros(10, dtype=np.int64)
    for rank in hand:
        cards[rank] += 1
    return cards
