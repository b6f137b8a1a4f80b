"""The chart a simulated Blackjack Switch player plays (633a.12(a)), and its switch rule.

- The chart: total-dependent basic strategy derived, as the standard game's is
  (`analysis.basic_strategy.basic_chart`), from the exact CDZ- analysis of the hands under
  Blackjack Switch's payouts: a dealer 22 returns every hand of 21 or less (633a.12(a)(5)(v)),
  with the play the variation allows (surrender only with `Rules.switch_surrender`, 633a.12(a)(4)).
- The switch rule (`switch_rule.SwitchValues`): for every two-card hand and up card, the hand's
  expected value when that chart plays it, from the full shoe less the hand and the up card (the
  chart's exact analysis, `game.basic_from(..., push_22=True)`). The decision comes after the
  check for Blackjack (633a.7(h)), so against an ace or ten-value up card the values are those
  given that the dealer has no Blackjack. A hand as dealt (`KEPT`) and one formed by switching
  (`SWITCHED`) differ only for an ace and a ten-value card: kept, a Blackjack paid 3 to 2 but
  1 to 1 against a dealer's 21 of more cards ((i)) and returned against 22 ((v)); switched, a 21
  ((iii)-(iv)), played by the chart (it stands).

The rule values each hand with its own cards and the up card removed, not the partner hand's:
it is a decision rule, not an estimate of the round (the exact figure of this strategy is
`switch_exact.exact_switch_edge`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from tablegames.blackjack.analysis.basic_strategy import BasicChart, basic_chart
from tablegames.blackjack.analysis.dealer_hands import (
    BLACKJACK,
    EXACTLY_22,
    IntArray,
    dealer_hands,
    dealer_probabilities,
    shoe_counts,
)
from tablegames.blackjack.analysis.game import (
    GameValues,
    analyse_shoe,
    basic_from,
    blackjack_chance,
    two_card_options,
)
from tablegames.blackjack.analysis.hands import ACE, TEN
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.rules.side import SideWagers
from tablegames.blackjack.switch_rule import KEPT, SHAPE, SWITCHED, FloatArray, SwitchValues
from tablegames.blackjack.variation import variation_of
from tablegames.core.errors import RulesError

MULTI_CARD_21 = 4  # the dealer distribution's column of a final 21 (17, 18, 19, 20, 21, ...)


@dataclass(frozen=True)
class SwitchStrategy:
    """The chart, its analysis, and the switch rule. The chart as the policy and the kernel
    play it is `reports.blackjack_text.chart_model(basic)` (as for the standard game's)."""

    play_rules: Rules  # the hands' rules: the standard game's, less what Switch forbids
    basic: BasicChart
    analysis: GameValues  # the chart's exact analysis from the full shoe, push 22
    rule: SwitchValues


def play_rules(rules: Rules) -> Rules:
    """The rules the hands are played and valued under: the standard game's with surrender only
    where the house allows it at Switch (633a.12(a)(4), `Rules.switch_surrender`) and no side
    wager (a chart is for the Blackjack Wager). A Blackjack's payout is applied apart."""
    return rules.replace(
        variant="standard",
        late_surrender=rules.late_surrender and rules.switch_surrender,
        side_wagers=SideWagers(),
        switch_surrender=False,
    )


@lru_cache(maxsize=8)
def switch_strategy(rules: Rules) -> SwitchStrategy:
    """The Blackjack Switch chart and switch rule for `rules` (a Blackjack Switch table)."""
    if not variation_of(rules).switches_second_cards:
        raise RulesError(
            f"variant {rules.variant!r}: the switch strategy is Blackjack Switch's",
            paragraph="633a.12(a)",
        )
    play = play_rules(rules)
    # 633a.11(c): any house limit of hands; the split analysis (`split_values`, Farmer's
    # method) is exact for any number.
    shoe = shoe_counts(rules.decks)
    cdz = analyse_shoe(play, shoe, "cdz", push_22=True)
    basic = basic_chart(cdz)
    analysis = basic_from(cdz, push_22=True)
    return SwitchStrategy(
        play,
        basic,
        analysis,
        SwitchValues(switch_values(rules, analysis, basic)),
    )


def dealer_row(rules: Rules, rest: IntArray, up: int) -> FloatArray:
    """P(dealer outcome | up card) drawing from `rest` (the cards left besides the up card),
    with the column of an exact 22 (633a.12(a)(5)(v))."""
    shoe = rest.copy()
    shoe[up] += 1  # the distribution is conditioned on the up card the shoe holds
    hands = dealer_hands(hits_soft_17=rules.dealer_hits_soft_17, with_22=True)
    row: FloatArray = dealer_probabilities(hands, shoe)[up]
    return row


def kept_natural_value(rules: Rules, rest: IntArray, up: int) -> float:
    """A kept Blackjack's expected value given no dealer Blackjack, the dealer drawing from `rest`:
    1 to 1 against a 21 of more cards (633a.12(a)(5)(i)), returned against 22 ((v)), else the
    Blackjack payout (633a.13(a))."""
    row = dealer_row(rules, rest, up)
    beaten = 1.0 - float(row[BLACKJACK])
    multi_21, twenty_two = float(row[MULTI_CARD_21]) / beaten, float(row[EXACTLY_22]) / beaten
    return float(rules.blackjack_ratio) * (1.0 - multi_21 - twenty_two) + multi_21


def no_blackjack(value: float, chance: float) -> float:
    """A hand's value given no dealer Blackjack, from its unconditional value when a dealer
    Blackjack (chance `chance`) costs exactly the initial wager (633a.7(h)), as the analysis
    counts it."""
    return (value + chance) / (1.0 - chance)


def chart_value(analysis: GameValues, basic: BasicChart, first: int, second: int, up: int) -> float:
    """The unconditional value of the two-card hand as the chart plays it (a Blackjack: as a 21
    that stands, 633a.12(a)(5)(iii)-(iv))."""
    if {first, second} == {ACE, TEN}:
        hand = [0] * 10
        hand[ACE] = hand[TEN] = 1
        index = analysis.table.find(hand)
        return float(analysis.values.values[index, up, 0])  # a 21 stands (633a.7(k)(1))
    options = two_card_options(analysis, first, second, up)
    return options[basic.first_decision(first, second, up, options)][0]


def cdz_value(analysis: GameValues, first: int, second: int, up: int) -> float:
    """The unconditional value of the two-card hand played CDZ- (its best option, as
    `composition.composition_cells` chooses it); an ace and a ten-value card as a 21 that stands
    (633a.12(a)(5)(iii)-(iv))."""
    if {first, second} == {ACE, TEN}:
        hand = [0] * 10
        hand[ACE] = hand[TEN] = 1
        return float(analysis.values.values[analysis.table.find(hand), up, 0])
    return max(two_card_options(analysis, first, second, up).values())[0]


@dataclass(frozen=True)
class CdzSwitch:
    """CDZ- play of Blackjack Switch's hands (`analysis`: the CDZ- analysis from the full shoe,
    push 22, the variation's surrender) and its switch rule, read from the same values."""

    analysis: GameValues
    rule: SwitchValues


@lru_cache(maxsize=8)
def cdz_switch(rules: Rules) -> CdzSwitch:
    """`--strategy cdz` at a Blackjack Switch table: the hands played by the composition-
    dependent decisions of the variation's own game (a dealer 22 returning hands of 21 or less,
    633a.12(a)(5)(v); surrender only with `switch_surrender`, 633a.12(a)(4)), and the switch rule
    built as the chart's is, each hand valued as CDZ- plays it (`cdz_value`)."""
    if not variation_of(rules).switches_second_cards:
        raise RulesError(
            f"variant {rules.variant!r}: the switch strategy is Blackjack Switch's",
            paragraph="633a.12(a)",
        )
    analysis = analyse_shoe(play_rules(rules), shoe_counts(rules.decks), "cdz", push_22=True)

    def played(first: int, second: int, up: int) -> float:
        return cdz_value(analysis, first, second, up)

    return CdzSwitch(analysis, SwitchValues(switch_table(rules, analysis.table.shoe, played)))


def switch_values(rules: Rules, analysis: GameValues, basic: BasicChart) -> FloatArray:
    """The switch rule's table (see the module's description)."""

    def played(first: int, second: int, up: int) -> float:
        return chart_value(analysis, basic, first, second, up)

    return switch_table(rules, analysis.table.shoe, played)


def switch_table(
    rules: Rules, shoe: IntArray, played: Callable[[int, int, int], float]
) -> FloatArray:
    """The switch rule's table, each two-card hand but a kept Blackjack worth `played(first,
    second, up)` (unconditional) given no dealer Blackjack."""
    values = np.zeros(SHAPE)
    for first in range(10):
        for second in range(first, 10):
            hand = np.zeros(10, dtype=np.int64)
            hand[first] += 1
            hand[second] += 1
            for up in range(10):
                rest = shoe - hand
                rest[up] -= 1
                if (rest < 0).any():
                    continue  # a deal the shoe cannot hold (a single deck's five aces)
                chance = blackjack_chance(rest, up)
                switched = no_blackjack(played(first, second, up), chance)
                kept = (
                    kept_natural_value(rules, rest, up)
                    if {first, second} == {ACE, TEN}
                    else switched
                )
                for a, b in ((first, second), (second, first)):
                    values[KEPT, a, b, up] = kept
                    values[SWITCHED, a, b, up] = switched
    return values
