"""The exact house edge of the simulated Switch Hands player (633c.4): the chart and switch rule of
`switch_hands_strategy`, one box dealt from a full shoe.

`analysis.switch_games.switch_hands` values the best switch with CDZ- play; the simulator plays a
total-dependent chart and a table-driven switch rule, so its figure is derived here:

- every up card and dealt hand by ranks, and every pattern of the colours of those three cards
  (drawn without replacement, every rank half red), weighed by its chance from the full shoe;
- the switch rule (`switch_hands_rule.SwitchHandsRule`, the very table the kernel reads) keeps or
  switches (633c.4(f));
- a kept hand but a Blackjack is worth what the chart's exact analysis of the full shoe gives it
  (the switch cards and the hole card are unseen cards, which change no chance); a switch hand
  but a Blackjack is worth what the chart's exact analysis of the shoe less the dealt hand
  discarded gives it (`switch_exact.chart_analysis`, one analysis per dealt hand), weighed by
  the chance of its two cards from the shoe less the dealt hand and the up card;
- a Blackjack by its payouts: 3 to 2 (633c.4(i)(1)), 2 to 1 same-colour for a switched box
  (633c.4(i)(2)(i)) or any box at a premium table (633c.4(o)), the chance that a switched
  Blackjack's ace and ten match in colour given the colours seen; against a dealer Blackjack a
  tie, or 1 to 2 at a premium table (633c.4(o)) and for a switched box with `tie_blackjack_pays`
  (633c.4(i)(2)(ii)), the dealer's Blackjack drawn from the cards left;
- the ante, a fifth of the wager (633c.4(c)), is lost every round.

What remains approximate is only the exact analysis' own convention for split hands (each valued
as though the cards the other drew were still in the shoe). The decisions are the kernel's.
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Any

import numpy as np

from tablegames.blackjack.analysis.dealer_hands import FloatArray, IntArray, shoe_counts
from tablegames.blackjack.analysis.game import GameValues
from tablegames.blackjack.analysis.hands import ACE, TEN
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sim.switch_exact import (
    CdzDecisions,
    Decisions,
    chart_analysis,
    played_values,
)
from tablegames.blackjack.sim.switch_hands_strategy import (
    COLOURED,
    TIE,
    cdz_switch_hands,
    match_chance,
    natural_value,
    play_rules,
    switch_hands_strategy,
)
from tablegames.blackjack.switch_hands_rule import Int8Array

ANTE = 0.2  # 633c.4(c): $1 for every $5 wagered


@lru_cache(maxsize=4)
def exact_switch_hands_edge(rules: Rules) -> dict[str, Any]:
    """The house edge per unit of the Blackjack Wager (its ante counted as lost) of
    `switch_hands_strategy(rules)`, full shoe."""
    strategy = switch_hands_strategy(rules)
    found = _exact(
        rules, strategy.play_rules, strategy.basic, strategy.rule.decisions, strategy.analysis
    )
    strategy_name = "the simulator's: the standard game's basic chart and its switch hands rule"
    return {**found, "strategy": strategy_name}


@lru_cache(maxsize=4)
def exact_cdz_switch_hands_edge(rules: Rules) -> dict[str, Any]:
    """The house edge per unit of the Blackjack Wager of `--strategy cdz` at Switch Hands
    (`switch_hands_strategy.cdz_switch_hands(rules)`: the standard game's CDZ- decisions from
    the full shoe and the switch rule of their values), as `exact_switch_hands_edge` derives
    the chart's."""
    found = cdz_switch_hands(rules)
    chart = CdzDecisions(found.analysis)
    figures = _exact(rules, play_rules(rules), chart, found.rule.decisions, found.analysis)
    return {**figures, "strategy": "the simulator's CDZ- play and its switch hands rule"}


def _exact(
    rules: Rules, play: Rules, chart: Decisions, rule: Int8Array, analysis: GameValues
) -> dict[str, Any]:
    shoe = shoe_counts(rules.decks)
    premium = rules.blackjack_premium
    ratio = float(rules.blackjack_ratio)
    kept_tie = TIE if premium else 0.0
    switched_tie = TIE if premium or rules.tie_blackjack_pays else 0.0
    pairs = [(a, b) for a in range(10) for b in range(a, 10)]
    plain = [pair for pair in pairs if set(pair) != {ACE, TEN}]
    kept: dict[tuple[int, int], FloatArray] = {
        hand: played_values(analysis, chart, *hand) for hand in plain
    }
    n = float(shoe.sum())
    total = 0.0
    switched_share = 0.0
    for dealt in pairs:
        after_dealt = shoe - _cards(dealt)
        if (after_dealt < 0).any():
            continue
        without_dealt = chart_analysis(play, chart, after_dealt, push_22=False)
        switch_values = {
            hand: played_values(without_dealt, chart, *hand)
            for hand in plain
            if (after_dealt - _cards(hand) >= 0).all()
        }
        for up in range(10):
            rest = after_dealt.copy()
            rest[up] -= 1
            if rest[up] < 0:
                continue
            after_up = shoe.copy()
            after_up[up] -= 1
            chance = shoe[up] / n * _pair_chance(after_up, *dealt)
            if chance == 0.0:
                continue
            switch = 0.0
            for hand, values in switch_values.items():
                switch += _pair_chance(rest, *hand) * float(values[up])
            natural_chance = _pair_chance(rest, ACE, TEN)
            after_natural = rest - _cards((ACE, TEN))
            natural_dealt = set(dealt) == {ACE, TEN}
            for colours, colour_chance in colour_patterns(rules.decks, (up, *dealt)):
                up_red, first_red, second_red = colours
                if natural_dealt:
                    pays = COLOURED if premium and first_red == second_red else ratio
                    keep = natural_value(rest, up, pays=pays, tie=kept_tie)
                else:
                    keep = float(kept[dealt][up])
                seen = list(zip((up, *dealt), colours, strict=True))
                matches = match_chance(rules.decks, seen)
                switched = switch
                if natural_chance > 0.0:
                    switched += natural_chance * natural_value(
                        after_natural,
                        up,
                        pays=matches * COLOURED + (1.0 - matches) * ratio,
                        tie=switched_tie,
                    )
                weight = chance * colour_chance
                if rule[up, dealt[0], dealt[1], up_red, first_red, second_red]:
                    total += weight * switched
                    switched_share += weight
                else:
                    total += weight * keep
    edge = ANTE - total
    return {
        "wager": "switch_hands",
        "decks": rules.decks,
        "blackjack_premium": premium,
        "house_edge": float(edge),
        "house_edge_basis": "per unit of the Blackjack Wager, its ante counted as lost",
        "house_edge_per_unit_staked": float(edge) / (1 + ANTE),
        "switch_probability": float(switched_share),
        "method": __doc__.split("\n\n")[1].replace("\n", " ") if __doc__ else "",
    }


def colour_patterns(decks: int, ranks: tuple[int, ...]) -> list[tuple[tuple[int, ...], float]]:
    """Every assignment of colours (1 red) to cards of `ranks`, with its chance: drawn without
    replacement from a shoe of `decks` decks, every rank half red (the ten-value cards one pool).

    >>> [(colours, round(p, 4)) for colours, p in colour_patterns(1, (ACE, ACE))]
    [((0, 0), 0.1667), ((0, 1), 0.3333), ((1, 0), 0.3333), ((1, 1), 0.1667)]
    """
    patterns = []
    for colours in itertools.product((0, 1), repeat=len(ranks)):
        chance = 1.0
        drawn: dict[int, int] = {}
        reds: dict[int, int] = {}
        for rank, red in zip(ranks, colours, strict=True):
            size = 16 * decks if rank == TEN else 4 * decks
            left = size - drawn.get(rank, 0)
            reds_left = size // 2 - reds.get(rank, 0)
            chance *= (reds_left if red else left - reds_left) / left
            drawn[rank] = drawn.get(rank, 0) + 1
            reds[rank] = reds.get(rank, 0) + red
        patterns.append((colours, chance))
    return patterns


def _cards(hand: tuple[int, ...]) -> IntArray:
    cards = np.zeros(10, dtype=np.int64)
    for rank in hand:
        cards[rank] += 1
    return cards


def _pair_chance(shoe: IntArray, first: int, second: int) -> float:
    """The chance that two cards drawn from `shoe` are these ranks, in either order."""
    n = float(shoe.sum())
    if first == second:
        return float(shoe[first] * (shoe[first] - 1)) / (n * (n - 1))
    return 2.0 * float(shoe[first] * shoe[second]) / (n * (n - 1))
