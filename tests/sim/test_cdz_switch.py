"""`--strategy cdz` at Blackjack Switch (633a.12(a)) and Switch Hands (633c.4): the hands played by
the composition-dependent decisions of the variation's own game, and a switch rule read from the
same values (`switch_strategy.cdz_switch`, `switch_hands_strategy.cdz_switch_hands`).

At Blackjack Switch the CDZ- analysis is the push-22 game's (a dealer 22 returns every hand of 21
or less, 633a.12(a)(5)(v); surrender only with `switch_surrender`); at Switch Hands the standard
game's (633c.4(h), (n)), its payouts applied in the switch rule. Three references: the engine
(`composition.CompositionPolicy`, which now makes the switch decisions from the same tables) on
the same stacked shoes, with the decisions that differ from the chart's counted; a round worked
by hand; and the exact figure of this very play (`switch_exact.exact_cdz_switch_edge`,
`switch_hands_exact.exact_cdz_switch_hands_edge`).
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import numpy as np
import pytest

from tablegames.blackjack.analysis.switch_games import blackjack_switch, switch_hands
from tablegames.blackjack.policy import ChartPolicy, play_round
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules, load_rules
from tablegames.blackjack.sim.composition import CompositionPlay, compile_composition
from tablegames.blackjack.sim.parity import WAGER, ParityError, card_of, compare
from tablegames.blackjack.sim.run import simulate
from tablegames.blackjack.sim.switch_exact import exact_cdz_switch_edge, exact_switch_edge
from tablegames.blackjack.sim.switch_hands_exact import (
    exact_cdz_switch_hands_edge,
    exact_switch_hands_edge,
)
from tablegames.blackjack.sim.switch_hands_strategy import switch_hands_strategy
from tablegames.blackjack.sim.switch_strategy import switch_strategy
from tablegames.blackjack.wagers import SWITCH_HANDS_ANTE, BoxWager
from tablegames.core.cards import Card
from tablegames.core.cardsource import StackedShoe
from tablegames.core.errors import TableGamesError
from tablegames.reports.blackjack_text import chart_model

SWITCH = Rules(variant="blackjack_switch")
PREMIUM = load_rules(preset="pa-switch-hands-premium")


@cache
def cdz(rules: Rules) -> CompositionPlay:
    return compile_composition(rules)


def chart_policy(rules: Rules) -> ChartPolicy:
    """The variation's own chart and switch rule (`--strategy basic`)."""
    if rules.variant == "blackjack_switch":
        found = switch_strategy(rules)
        return ChartPolicy(chart_model(found.basic), switch=found.rule)
    hands = switch_hands_strategy(rules)
    return ChartPolicy(chart_model(hands.basic), switch_hands=hands.rule)


def differences(rules: Rules, *, boxes: int, shoes: int, seed: int) -> Counter[str]:
    """The engine's rounds on the shoes `parity.compare` deals for this seed, played by CDZ-
    play: its decisions that the chart (or the chart's switch rule) would have made otherwise."""
    play, chart = cdz(rules), chart_policy(rules)
    switch_hands_at = play.switch_hands is not None
    hands_per_box = 2 if play.switch is not None else 1
    ante = {SWITCH_HANDS_ANTE: WAGER // 5} if switch_hands_at else {}
    generator = np.random.default_rng(seed)
    found: Counter[str] = Counter()
    for _ in range(shoes):
        order = generator.permutation(np.tile(np.arange(52, dtype=np.int8), rules.decks))
        position = 0
        while order.size - position >= 30 + 12 * boxes * hands_per_box + (
            2 * boxes if switch_hands_at else 0
        ):
            shoe = StackedShoe([card_of(int(code)) for code in order[position:]])
            game = Round(
                rules=rules,
                shoe=shoe,
                wagers=[BoxWager(box=n, amount=WAGER, side=ante) for n in range(1, boxes + 1)],
            )
            for view, decision in play_round(game, play.policy()):
                if view.kind in ("switch", "switch_hands"):
                    found["switched"] += decision.action.value == "switch"
                    if chart.decide(view) != decision:
                        found["a switch decision the chart's rule makes otherwise"] += 1
                elif view.kind == "play" and chart.decide(view) != decision:
                    found["a play the chart makes otherwise"] += 1
            position += shoe.dealt
            found["rounds"] += 1
    return found


@pytest.mark.parametrize(
    "rules", [SWITCH, SWITCH.replace(switch_surrender=True, dealer_hits_soft_17=True)]
)
def test_633a_12_a_4_cdz_play_at_blackjack_switch_in_parity(rules: Rules) -> None:
    # Two boxes of two hands each, 600 rounds and more, every box to the cent both ways.
    try:
        compared = compare(rules, cdz(rules), boxes=2, shoes=40, seed=41, switch=cdz(rules).switch)
    except ParityError as error:
        pytest.fail(str(error))
    found = differences(rules, boxes=2, shoes=40, seed=41)
    assert found["rounds"] == compared >= 600
    assert found["switched"] >= 50
    # Composition-dependent play is not the chart's: the rounds compared hold its own choices.
    assert found["a play the chart makes otherwise"] >= 5


@pytest.mark.parametrize(
    "rules", [PREMIUM, PREMIUM.replace(blackjack_premium=False, tie_blackjack_pays=True)]
)
def test_633c_4_f_cdz_play_at_switch_hands_in_parity(rules: Rules) -> None:
    try:
        compared = compare(
            rules, cdz(rules), boxes=2, shoes=30, seed=43, switch_hands=cdz(rules).switch_hands
        )
    except ParityError as error:
        pytest.fail(str(error))
    found = differences(rules, boxes=2, shoes=30, seed=43)
    assert found["rounds"] == compared >= 600
    assert found["switched"] >= 100
    assert found["a play the chart makes otherwise"] >= 5


def test_633a_12_a_5_v_a_cdz_round_worked_by_hand() -> None:
    # The deal (633a.7(f), 633a.12(a)(3)): hand 1 5S, hand 2 TS, the up card 6H, hand 1 6D,
    # hand 2 AC, the hole card 6C. Kept: 11 and a Blackjack; switched: 5 + A, a soft 16, and
    # T + 6 = 16: the rule keeps. Hand 1 doubles its 11 (633a.10(a)) and draws the TD: 21,
    # 2 units. The dealer's 6 + 6 = 12 draws the TH: 22 (633a.7(m)). A dealer 22 returns every
    # hand of 21 or less (633a.12(a)(5)(v)), the kept Blackjack too: the box nets 0, where a
    # dealer bust would otherwise pay +2 and +1.5 units. Cards dealt: 6 + 1 + 1 = 8.
    rules = SWITCH
    cards = [Card.parse(card) for card in ("5S", "TS", "6H", "6D", "AC", "6C", "TD", "TH")]
    cards += [Card.parse("2C")] * 50
    codes = np.array(
        ["A23456789TJQK".index(card.code[0]) * 4 + "SHDC".index(card.code[1]) for card in cards],
        dtype=np.int8,
    )
    assert [card_of(int(code)) for code in codes] == cards
    play = cdz(rules)
    # The kernel and the engine on this shoe (compare raises at any difference) ...
    assert compare(rules, play, boxes=1, shoes=0, seed=0, switch=play.switch, stacked=[codes])
    # ... and the engine's round is the one worked out above.
    shoe = StackedShoe(cards)
    game = Round(rules=rules, shoe=shoe, wagers=[BoxWager(box=1, amount=WAGER)])
    taken = play_round(game, play.policy())
    assert [decision.action.value for _, decision in taken] == ["keep", "double"]
    settled = {event.hand: (event.stake, event.returned) for event in game.settlements()}
    assert settled == {0: (2 * WAGER, 2 * WAGER), 1: (WAGER, WAGER)}
    assert shoe.dealt == 8


def test_cdz_play_of_another_variation_is_refused() -> None:
    # The standard game's CDZ- play is not Blackjack Switch's: refused, never played as it.
    with pytest.raises(TableGamesError, match="another variation"):
        simulate(SWITCH, cdz(Rules()), rounds=10, seed=1)
    with pytest.raises(TableGamesError, match="another variation"):
        simulate(Rules(), cdz(SWITCH), rounds=10, seed=1)


def test_633a_12_a_cdz_edge_agrees_with_the_exact_figure_of_the_play() -> None:
    # One deck keeps the exact figure quick (one analysis per partner hand). It lies between the
    # best switch with CDZ- play and the chart's figure, and 4 * 10^6 rounds dealt from a full
    # shoe each agree with it within 3 standard errors.
    rules = SWITCH.replace(decks=1)
    exact = exact_cdz_switch_edge(rules)["house_edge"]
    assert blackjack_switch(rules)["house_edge"] < exact < exact_switch_edge(rules)["house_edge"]
    report = simulate(
        rules, cdz(rules), rounds=4_000_000, seed=47, reshuffle_every_round=True, workers=2
    ).report()
    wager = report["wagers"]["blackjack"]
    assert report["strategy"] == "cdz"
    assert abs(wager["house_edge"] - exact) < 3 * wager["standard_error"]


def test_633c_4_cdz_edge_agrees_with_the_exact_figure_of_the_play() -> None:
    rules = PREMIUM.replace(decks=1)
    exact = exact_cdz_switch_hands_edge(rules)["house_edge"]
    best = switch_hands(rules)["house_edge_per_blackjack_wager"]
    assert best < exact < exact_switch_hands_edge(rules)["house_edge"]
    wager = simulate(
        rules, cdz(rules), rounds=4_000_000, seed=48, reshuffle_every_round=True, workers=2
    ).report()["wagers"]["blackjack"]
    assert abs(wager["house_edge"] - exact) < 3 * wager["standard_error"]
