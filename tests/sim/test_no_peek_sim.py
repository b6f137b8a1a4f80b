"""The non-PA table whose dealer does not check for Blackjack (`dealer_peeks = false`, 633a.7(h)):
the kernel plays every hand and settles a dealer Blackjack when the hole card shows, as the
reference engine does (`round.Round`, `dealer.Dealer.play`, `settlement.against_dealer_blackjack`).

Three references: the engine on the same stacked shoes (every box to the cent, the same cards
dealt), with the rounds that tell the two games apart counted so that they are known to have
been compared (a dealer Blackjack after a double or a split, with and without original bets
only, 633a.10(b), 633a.11(d)); a round worked out by hand; and the exact analysis of the same
chart (`analysis.game.analyse(rules, "basic")`, which values the game without the check).
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import numpy as np
import pytest

from tablegames.blackjack.analysis.game import analyse
from tablegames.blackjack.policy import ChartPolicy, play_round
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules, load_rules
from tablegames.blackjack.sim.compile import compile_table
from tablegames.blackjack.sim.parity import WAGER, ParityError, card_of, compare
from tablegames.blackjack.sim.run import simulate
from tablegames.blackjack.sim.switch_hands_strategy import switch_hands_strategy
from tablegames.blackjack.sim.switch_strategy import switch_strategy
from tablegames.blackjack.strategy_chart import PAIRS, ROW_KEYS, UP_CARDS, StrategyChart
from tablegames.blackjack.switch_hands_rule import SwitchHandsRule
from tablegames.blackjack.switch_rule import SwitchValues
from tablegames.blackjack.wagers import SWITCH_HANDS_ANTE, BoxWager
from tablegames.core.cards import Card
from tablegames.core.cardsource import StackedShoe
from tablegames.reports.blackjack_text import chart_model, strategy_chart
from tests.sim.test_kernel_parity import random_chart

NO_PEEK = Rules(dealer_peeks=False)
ALL_LOST = NO_PEEK.replace(original_bets_only=False)


@cache
def basic(rules: Rules) -> StrategyChart:
    return chart_model(strategy_chart(rules))


def situations(
    rules: Rules,
    chart: StrategyChart,
    *,
    boxes: int,
    shoes: int,
    seed: int,
    switch: SwitchValues | None = None,
    switch_hands: SwitchHandsRule | None = None,
) -> Counter[str]:
    """The engine's rounds on the shoes `parity.compare` deals for this seed (no side wager, so
    no other draw), counted by what a dealer Blackjack found after the play settled."""
    hands_per_box = compile_table(rules, player_boxes=1, other_boxes=0).hands_per_box
    switch_cards = 2 * boxes if switch_hands is not None else 0
    ante = {SWITCH_HANDS_ANTE: WAGER // 5} if switch_hands is not None else {}
    generator = np.random.default_rng(seed)
    found: Counter[str] = Counter()
    for _ in range(shoes):
        order = generator.permutation(np.tile(np.arange(52, dtype=np.int8), rules.decks))
        position = 0
        while order.size - position >= 30 + 12 * boxes * hands_per_box + switch_cards:
            shoe = StackedShoe([card_of(int(code)) for code in order[position:]])
            game = Round(
                rules=rules,
                shoe=shoe,
                wagers=[BoxWager(box=n, amount=WAGER, side=ante) for n in range(1, boxes + 1)],
            )
            play_round(game, ChartPolicy(chart, switch=switch, switch_hands=switch_hands))
            position += shoe.dealt
            found["rounds"] += 1
            settled = [event for event in game.settlements() if event.wager == "blackjack"]
            unchecked = [event for event in settled if event.paragraph == "633a.10(b)"]
            if not unchecked:
                continue
            found["dealer Blackjack played out"] += 1
            for box in {event.box for event in unchecked}:
                own = [event for event in settled if event.box == box]
                if len(own) > hands_per_box:
                    found["split, then a dealer Blackjack"] += 1
                if any(event.stake > WAGER for event in own if event.hand < hands_per_box):
                    found["doubled, then a dealer Blackjack"] += 1
                if any(event.returned for event in own if event.paragraph == "633a.10(b)"):
                    found["limited to the original wagers"] += 1
                if any(event.paragraph == "633a.9(a)(2)" for event in own) and any(
                    event.stake > WAGER for event in own if event.paragraph == "633a.10(b)"
                ):
                    found["surrendered beside a doubled or split hand"] += 1
            found["surrender lost in full"] += sum(
                1 for event in settled if event.paragraph == "633a.9(a)(2)" and not event.returned
            )
            found["Blackjack tied"] += sum(1 for event in settled if event.paragraph == "633a.7(q)")
    return found


def assert_parity(
    rules: Rules,
    chart: StrategyChart,
    *,
    boxes: int,
    shoes: int,
    seed: int,
    switch: SwitchValues | None = None,
    switch_hands: SwitchHandsRule | None = None,
) -> Counter[str]:
    """Parity on `shoes` random shoes, and what the compared rounds held (`situations`)."""
    try:
        compared = compare(
            rules,
            chart,
            boxes=boxes,
            shoes=shoes,
            seed=seed,
            switch=switch,
            switch_hands=switch_hands,
        )
    except ParityError as error:
        pytest.fail(str(error))
    found = situations(
        rules, chart, boxes=boxes, shoes=shoes, seed=seed, switch=switch, switch_hands=switch_hands
    )
    assert found["rounds"] == compared
    return found


@pytest.mark.parametrize("rules", [NO_PEEK, ALL_LOST], ids=["original bets only", "all lost"])
def test_633a_7_h_without_the_check_the_kernel_settles_as_the_engine(rules: Rules) -> None:
    # The chart derived for the game without the check, three boxes, 1,000 rounds and more.
    found = assert_parity(rules, basic(rules), boxes=3, shoes=60, seed=7)
    assert found["rounds"] >= 1_000
    assert found["dealer Blackjack played out"] >= 50
    assert found["Blackjack tied"] >= 5  # 633a.7(q), settled when the hole card shows
    assert found["surrender lost in full"] >= 10  # 633a.9(a)(2)
    if rules.original_bets_only:
        # The chart doubles against an ace or ten-value card only where a dealer Blackjack
        # would take the original wager alone (633a.10(b), 633a.11(d)).
        assert found["doubled, then a dealer Blackjack"] >= 3
        assert found["limited to the original wagers"] >= 3
    else:
        assert found["limited to the original wagers"] == 0


@pytest.mark.parametrize("rules", [NO_PEEK, ALL_LOST], ids=["original bets only", "all lost"])
def test_633a_9_a_2_random_charts_without_the_check(rules: Rules) -> None:
    # Random charts ask for every action against an ace or ten-value card that hides a
    # Blackjack: surrender (lost in full, 633a.9(a)(2)), doubles, splits and resplits.
    found: Counter[str] = Counter()
    for seed in range(4):
        found += assert_parity(rules, random_chart(70 + seed), boxes=3, shoes=10, seed=seed)
    assert found["surrender lost in full"] >= 10
    assert found["split, then a dealer Blackjack"] >= 2
    assert found["doubled, then a dealer Blackjack"] >= 10
    assert (found["limited to the original wagers"] >= 10) == rules.original_bets_only


@pytest.mark.parametrize(
    "changes",
    [
        {"variant": "hand_dealt", "decks": 2, "shoe": "batch_shuffler"},  # 633a.12(b)(6)(ii)
        {"decks": 2, "dealer_hits_soft_17": True, "max_hands": 16},
        {"blackjack_pays": "6:5", "hit_split_aces": False, "resplit_aces": False},
    ],
)
def test_633a_7_h_without_the_check_at_other_house_rules(changes: dict[str, object]) -> None:
    for rules in (NO_PEEK.replace(**changes), ALL_LOST.replace(**changes)):
        found = assert_parity(rules, random_chart(len(str(changes))), boxes=2, shoes=60, seed=5)
        assert found["dealer Blackjack played out"] >= 5


def test_633a_12_a_5_ii_without_the_check_at_blackjack_switch() -> None:
    # A kept Blackjack ties the dealer's (633a.12(a)(5)(ii)), a switched one is a 21 and loses
    # ((iii)); the limit of original bets only is the box's two initial wagers (633a.12(a)(1)).
    for obo in (True, False):
        rules = Rules(variant="blackjack_switch", dealer_peeks=False, original_bets_only=obo)
        strategy = switch_strategy(rules)
        found = assert_parity(
            rules, chart_model(strategy.basic), boxes=2, shoes=24, seed=11, switch=strategy.rule
        )
        assert found["dealer Blackjack played out"] >= 15
        assert found["split, then a dealer Blackjack"] >= 1
        assert found["Blackjack tied"] >= 3
        assert (found["limited to the original wagers"] >= 1) == obo


def surrender_or_double_chart() -> StrategyChart:
    """Surrender hard 14-16 where allowed, split every pair, double every other two-card total."""
    cells = {}
    for key in ROW_KEYS:
        if key[0] == PAIRS:
            code = "P"
        elif key[0] == "hard" and key[1] in ("14", "15", "16"):
            code = "Rs"
        else:
            code = "Ds"
        cells[key] = [code] * len(UP_CARDS)
    return StrategyChart.from_cells(cells)


def test_633a_9_a_without_the_check_a_surrendered_switch_hand_keeps_the_limit() -> None:
    # Blackjack Switch with surrender (633a.12(a)(4)), no check, original bets only: one hand
    # surrendered has lost its original wager; the box's other hand, doubled or split, may lose
    # only its own original wager (633a.10(b), 633a.11(d)), as the engine settles it.
    rules = Rules(
        variant="blackjack_switch",
        dealer_peeks=False,
        original_bets_only=True,
        switch_surrender=True,
    )
    strategy = switch_strategy(rules)
    found = assert_parity(
        rules, surrender_or_double_chart(), boxes=3, shoes=40, seed=21, switch=strategy.rule
    )
    assert found["surrendered beside a doubled or split hand"] >= 3
    assert found["limited to the original wagers"] >= 3


def test_633c_4_o_without_the_check_at_switch_hands() -> None:
    # The premium's 1 to 2 for a Blackjack against the dealer's, paid when the hole card shows.
    premium = load_rules(preset="pa-switch-hands-premium")
    for obo in (True, False):
        rules = premium.replace(dealer_peeks=False, original_bets_only=obo)
        strategy = switch_hands_strategy(rules)
        found = assert_parity(
            rules,
            chart_model(strategy.basic),
            boxes=2,
            shoes=24,
            seed=12,
            switch_hands=strategy.rule,
        )
        assert found["dealer Blackjack played out"] >= 15


def forced_chart() -> StrategyChart:
    """Split every pair, double every two-card total (else stand)."""
    return StrategyChart.from_cells(
        {key: [("P" if key[0] == PAIRS else "Ds")] * len(UP_CARDS) for key in ROW_KEYS}
    )


def test_633a_10_b_a_round_worked_by_hand() -> None:
    # Two boxes; the deal of 633a.7(f): box 1 8S, box 2 AH, the up card AS, box 1 8D, box 2 KH,
    # the hole card KC: a dealer Blackjack, which a dealer who checks (633a.7(h)) finds at once.
    # Without the check box 1 splits its eights (633a.11(a)): 8S + 3H = 11, doubled (633a.10(a))
    # with 9H = 20; 8D + 2D = 10, doubled with 5C = 15. Box 2's Blackjack waits. Then the hole
    # card shows the Blackjack: box 2 ties (633a.7(q)), 0; box 1 has 2 + 2 = 4 wagers at stake:
    # with original bets only the dealer collects only its original wager (633a.10(b),
    # 633a.11(d)), -1 unit = -1,000 cents; without, all four, -4,000 cents. Ten cards dealt.
    # With the check: box 1 loses its wager, box 2 ties, and only the six cards of the deal.
    cards = [
        Card.parse(card) for card in ["8S", "AH", "AS", "8D", "KH", "KC", "3H", "9H", "2D", "5C"]
    ]
    cards += [Card.parse("2C")] * 44  # never reached: one round only
    codes = np.array(
        ["A23456789TJQK".index(card.code[0]) * 4 + "SHDC".index(card.code[1]) for card in cards],
        dtype=np.int8,
    )
    assert [card_of(int(code)) for code in codes] == cards
    expected = {
        "peek": ([-1_000, 0], 6),
        "original bets only": ([-1_000, 0], 10),
        "all lost": ([-4_000, 0], 10),
    }
    for name, rules in (("peek", Rules()), ("original bets only", NO_PEEK), ("all lost", ALL_LOST)):
        # The kernel and the engine on this shoe (compare raises at any difference) ...
        assert compare(rules, forced_chart(), boxes=2, shoes=0, seed=0, stacked=[codes]) == 1
        # ... and the engine's settlement is the one worked out above.
        shoe = StackedShoe(cards)
        game = Round(rules=rules, shoe=shoe, wagers=[BoxWager(box=n, amount=WAGER) for n in (1, 2)])
        play_round(game, ChartPolicy(forced_chart()))
        nets = [0, 0]
        for event in game.settlements():
            nets[event.box - 1] += event.returned - event.stake
        assert (nets, shoe.dealt) == expected[name], name


@pytest.mark.parametrize("rules", [NO_PEEK, ALL_LOST], ids=["original bets only", "all lost"])
def test_633a_7_h_without_the_check_the_edge_agrees_with_the_exact_analysis(rules: Rules) -> None:
    # The exact house edge of the same chart, without the check (analysis/game.py), within 3
    # standard errors of 4 * 10^6 rounds dealt from a full shoe each.
    rules = rules.replace(hit_split_aces=False, resplit_aces=False)
    exact = analyse(rules, "basic").house_edge
    result = simulate(
        rules, basic(rules), rounds=4_000_000, seed=2027, reshuffle_every_round=True, workers=2
    ).report()["wagers"]["blackjack"]
    assert abs(result["house_edge"] - exact) < 3 * result["standard_error"]


@pytest.mark.parametrize("obo", [True, False], ids=["original bets only", "all lost"])
def test_633a_7_o_side_wagers_without_the_check_in_parity(obo: bool) -> None:
    # Every side wager of the six-deck preset, Bad Beat (the box's first hand as completed,
    # 633a.7(o)(1)) and Hit and Run (633a.7(o)(2)) read after a dealer Blackjack played out.
    rules = load_rules(preset="pa-6deck-side-wagers").replace(
        dealer_peeks=False, original_bets_only=obo
    )
    try:
        compared = compare(rules, basic(rules), boxes=3, shoes=15, seed=3)
    except ParityError as error:
        pytest.fail(str(error))
    assert compared >= 300
