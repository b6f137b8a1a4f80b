"""The chart a simulated Switch Hands player plays (633c.4), and its switch rule.

- The chart: the standard game's total-dependent basic strategy (`basic_chart` of the exact CDZ-
  analysis): once the switch is made the hand is played under 633a.9-633a.11 (633c.4(h), (n)),
  and the premium payouts concern only a Blackjack, which is never played.
- The switch rule (`switch_hands_rule.SwitchHandsRule`): switch when the switch cards, unseen,
  are worth more on average than the dealt hand. The decision comes before the check for
  Blackjack (633c.4(f): before any other card is dealt or the card reader used), so the values
  are unconditional: a dealer Blackjack takes the wager of any hand but a Blackjack's.
  A two-card hand other than a Blackjack is worth what the chart's exact analysis gives it
  (`game.basic_from`, the full shoe less the hand and the up card). A Blackjack pays 3 to 2
  (633c.4(i)(1)), 2 to 1 when its ace and ten-value card match in colour and the player switched
  (633c.4(i)(2)(i)) or, at a premium table, placed the ante (633c.4(o)); against a dealer
  Blackjack it ties, or pays 1 to 2 at a premium table (633c.4(o)) and, with
  `tie_blackjack_pays`, for a switched player (633c.4(i)(2)(ii)). The switch cards are two cards
  drawn from the shoe less the dealt hand and the up card; the chance that a switched Blackjack's
  ace and ten match in colour is read from the colours of the aces and ten-value cards seen
  (every rank half red, half black), as `analysis.switch_games.seen_colours` reads it.

What the rule approximates: a switch hand other than a Blackjack is valued from the full shoe
less its own cards and the up card, not also less the dealt hand discarded (the exact analysis of
`switch_games.switch_hands` runs one analysis per dealt hand for that). It is a decision rule,
read alike by the kernel and the reference policy; what it earns is measured, not assumed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from tablegames.blackjack.analysis.basic_strategy import BasicChart, basic_chart
from tablegames.blackjack.analysis.dealer_hands import FloatArray, IntArray, shoe_counts
from tablegames.blackjack.analysis.game import (
    GameValues,
    analyse_shoe,
    basic_from,
    blackjack_chance,
)
from tablegames.blackjack.analysis.hands import ACE, TEN
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.rules.side import SideWagers
from tablegames.blackjack.sim.switch_strategy import cdz_value, chart_value
from tablegames.blackjack.switch_hands_rule import SHAPE, Int8Array, SwitchHandsRule
from tablegames.blackjack.variation import variation_of
from tablegames.core.errors import RulesError

COLOURED = 2.0  # 633c.4(i)(2)(i), 633c.4(o): 2 to 1
TIE = 0.5  # 633c.4(i)(2)(ii), 633c.4(o): 1 to 2


@dataclass(frozen=True)
class SwitchHandsStrategy:
    """The chart, its analysis, and the switch rule. The chart as the policy and the kernel
    play it is `reports.blackjack_text.chart_model(basic)`."""

    play_rules: Rules  # the hands' rules: the standard game's
    basic: BasicChart
    analysis: GameValues  # the chart's exact analysis from the full shoe
    rule: SwitchHandsRule


def play_rules(rules: Rules) -> Rules:
    """The rules the hands are played under: the standard game's (633c.4(h): surrender, double
    and split as 633a.9-633a.11 allow), no side wager; the premium payouts are applied apart."""
    return rules.replace(
        variant="standard",
        side_wagers=SideWagers(),
        blackjack_premium=False,
        tie_blackjack_pays=False,
        switch_cards_dealt="before",
    )


@lru_cache(maxsize=8)
def switch_hands_strategy(rules: Rules) -> SwitchHandsStrategy:
    """The Switch Hands chart and switch rule for `rules` (a Switch Hands table)."""
    if not variation_of(rules).takes_switch_hands_ante:
        raise RulesError(
            f"variant {rules.variant!r}: the switch hands strategy is Switch Hands'",
            paragraph="633c.4",
        )
    play = play_rules(rules)
    # 633a.11(c): any house limit of hands (`split_values` is exact for any number of hands).
    cdz = analyse_shoe(play, shoe_counts(rules.decks), "cdz")
    basic = basic_chart(cdz)
    analysis = basic_from(cdz)
    return SwitchHandsStrategy(
        play, basic, analysis, SwitchHandsRule(decisions(rules, analysis, basic))
    )


def natural_value(rest: IntArray, up: int, *, pays: float, tie: float) -> float:
    """A Blackjack's unconditional value, the dealer's hole card drawn from `rest` (the cards
    left besides the up card): `pays` unless the dealer has Blackjack, then `tie`."""
    chance = blackjack_chance(rest, up)
    return pays * (1.0 - chance) + tie * chance


def match_chance(decks: int, seen: list[tuple[int, int]]) -> float:
    """The chance that an ace and a ten-value card from the unseen cards match in colour, the
    cards `seen` ((rank, red) pairs) out of a shoe whose every rank is half red."""
    pools = {ACE: 4 * decks, TEN: 16 * decks}
    red_chance = {}
    for group, size in pools.items():
        drawn = sum(1 for rank, _ in seen if rank == group)
        reds = sum(red for rank, red in seen if rank == group)
        red_chance[group] = (size // 2 - reds) / (size - drawn)
    ace, ten = red_chance[ACE], red_chance[TEN]
    return ace * ten + (1.0 - ace) * (1.0 - ten)


@dataclass(frozen=True)
class CdzSwitchHands:
    """CDZ- play of Switch Hands' hands (`analysis`: the standard game's CDZ- analysis from the
    full shoe) and its switch rule, read from the same values."""

    analysis: GameValues
    rule: SwitchHandsRule


@lru_cache(maxsize=8)
def cdz_switch_hands(rules: Rules) -> CdzSwitchHands:
    """`--strategy cdz` at a Switch Hands table: the hands played by the composition-dependent
    decisions of the standard game's hands (633c.4(h), (n)), and the switch rule built as the
    chart's is, each hand valued as CDZ- plays it (`switch_strategy.cdz_value`)."""
    if not variation_of(rules).takes_switch_hands_ante:
        raise RulesError(
            f"variant {rules.variant!r}: the switch hands strategy is Switch Hands'",
            paragraph="633c.4",
        )
    analysis = analyse_shoe(play_rules(rules), shoe_counts(rules.decks), "cdz")

    def played(first: int, second: int, up: int) -> float:
        return cdz_value(analysis, first, second, up)

    return CdzSwitchHands(
        analysis, SwitchHandsRule(decisions_table(rules, analysis.table.shoe, played))
    )


def decisions(rules: Rules, analysis: GameValues, basic: BasicChart) -> Int8Array:
    """The switch rule's table (see the module's description)."""

    def played(first: int, second: int, up: int) -> float:
        return chart_value(analysis, basic, first, second, up)

    return decisions_table(rules, analysis.table.shoe, played)


def decisions_table(
    rules: Rules, shoe: IntArray, played_value: Callable[[int, int, int], float]
) -> Int8Array:
    """The switch rule's table, each two-card hand but a Blackjack worth `played_value(first,
    second, up)` (unconditional)."""
    premium = rules.blackjack_premium
    ratio = float(rules.blackjack_ratio)
    switched_tie = TIE if premium or rules.tie_blackjack_pays else 0.0
    kept_tie = TIE if premium else 0.0
    # The chart's value of every two-card hand but a Blackjack, against each up card.
    played: FloatArray = np.zeros((10, 10, 10))
    for first in range(10):
        for second in range(first, 10):
            if {first, second} == {ACE, TEN}:
                continue
            for up in range(10):
                rest = shoe.copy()
                rest[first] -= 1
                rest[second] -= 1
                rest[up] -= 1
                if (rest < 0).any():
                    continue
                played[first, second, up] = played_value(first, second, up)
    out = np.zeros(SHAPE, dtype=np.int8)
    for up in range(10):
        for first in range(10):
            for second in range(first, 10):
                rest = shoe.copy()
                rest[first] -= 1
                rest[second] -= 1
                rest[up] -= 1
                if (rest < 0).any():
                    continue  # a deal the shoe cannot hold (a single deck's five aces)
                n = float(rest.sum())
                pairs = n * (n - 1.0)
                # The switch cards' value but a switched Blackjack's.
                switch = 0.0
                for a in range(10):
                    for b in range(a, 10):
                        if {a, b} == {ACE, TEN}:
                            continue
                        chance = (
                            rest[a] * (rest[a] - 1) if a == b else 2.0 * rest[a] * rest[b]
                        ) / pairs
                        if chance > 0.0:
                            switch += chance * played[a, b, up]
                natural_chance = 2.0 * float(rest[ACE] * rest[TEN]) / pairs
                after_natural = rest.copy()
                after_natural[ACE] -= 1
                after_natural[TEN] -= 1
                natural_dealt = {first, second} == {ACE, TEN}
                for up_red in (0, 1):
                    for first_red in (0, 1):
                        for second_red in (0, 1):
                            seen = [(up, up_red), (first, first_red), (second, second_red)]
                            if natural_dealt:
                                coloured = first_red == second_red
                                pays = COLOURED if premium and coloured else ratio
                                keep = natural_value(rest, up, pays=pays, tie=kept_tie)
                            else:
                                keep = float(played[first, second, up])
                            matches = match_chance(rules.decks, seen)
                            with_natural = switch + natural_chance * natural_value(
                                after_natural,
                                up,
                                pays=matches * COLOURED + (1.0 - matches) * ratio,
                                tie=switched_tie,
                            )
                            decision = 1 if with_natural > keep else 0
                            out[up, first, second, up_red, first_red, second_red] = decision
                            out[up, second, first, up_red, second_red, first_red] = decision
    return out
