"""Side wagers at Blackjack Switch (633a.12(a)) and Switch Hands (633c.4) in the simulator: every
box's side wagers settled to the cent as the reference engine settles them, on stacked shoes
built so that every line of every offered paytable occurs; rounds worked by hand from the
regulation. The Hi-Lo count of a Switch Hands table is in test_switch_hands_count.py.

What the engine reads (`blackjack/sidebook.py`): at Blackjack Switch one wager per box, settled
right after the deal (633a.7(g)) on the box's first hand as dealt, before the switch decision
(633a.12(a)(4)); Super Match on its first four cards (633a.6(e)(7)); Bad Beat on the first
hand as completed (633a.7(o)(1)(i)). At Switch Hands the optional wagers are settled after the
choice of 633c.4(f) (633c.4(g): then 633a.7(g)-(t)), on the two cards the box plays.

Each stacked shoe here holds one round: its initial deal (and for the progressives the dealer's
draws) chosen for a line, then random cards, exactly as many as `parity.compare` asks before it
plays a round, so it plays that round only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import pytest

from tablegames.blackjack.policy import ChartPolicy, play_round
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules, load_rules
from tablegames.blackjack.side.registry import side_wager
from tablegames.blackjack.sidebook import Selections
from tablegames.blackjack.sim.chart import compile_chart
from tablegames.blackjack.sim.compile import compile_table
from tablegames.blackjack.sim.kernel import (
    BB_MAGIC_PICK,
    BB_TOTALS,
    READS_FOUR_CARDS,
    READS_TWO_CARDS,
    play_stacked,
)
from tablegames.blackjack.sim.parity import (
    CAPPED,
    WAGER,
    ParityError,
    card_of,
    compare,
    kernel_side_nets,
    reference_round,
    side_stakes,
)
from tablegames.blackjack.sim.run import simulate
from tablegames.blackjack.sim.side_tables import (
    CompiledSides,
    compile_bad_beat,
    compile_sides,
    simulated_stake,
)
from tablegames.blackjack.sim.switch_hands_strategy import switch_hands_strategy
from tablegames.blackjack.sim.switch_strategy import switch_strategy
from tablegames.blackjack.strategy_chart import StrategyChart
from tablegames.blackjack.switch_hands_rule import SHAPE, SwitchHandsRule
from tablegames.blackjack.switch_rule import SwitchValues
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card
from tablegames.core.cardsource import StackedShoe
from tablegames.core.errors import RulesError
from tablegames.reports.blackjack_text import chart_model

SWITCH = Rules(variant="blackjack_switch")
PREMIUM = load_rules(preset="pa-switch-hands-premium")
PLAIN_AFTER = PREMIUM.replace(
    blackjack_premium=False, tie_blackjack_pays=True, switch_cards_dealt="after"
)
# Every wager settled on the initial deal (633a.6(e)(1)-(6), (9), (11), (12)).
INITIAL: dict[str, dict[str, object]] = {
    "lucky_ladies": {},
    "match_the_dealer": {},
    "in_between": {},
    "royal_match_21": {"paytable": "C", "crown_treasure": True},  # 633a.7(g)(4)
    "bet_the_set_21": {},
    "kings_bounty": {},
    "three_card_poker": {},
    "straight_jack": {},
    "house_money": {},
}
PROGRESSIVES: dict[str, dict[str, object]] = {
    "bad_beat": {"player_has_20": True, "magic_card": True, "lucky_player": True},
    "hit_and_run": {},
}
RANKS = "A23456789TJQK"
TENS = range(36, 52)  # the kernel's codes of tens, jacks, queens and kings
ACES = range(4)

# The dealer's hands (up card, hole card, then the cards drawn, all players standing on 20)
# that give each Bad Beat and Hit and Run line (633a.7(o)(1)(i), (o)(2)(i)).
DEALER_HANDS = (
    "AK",  # Blackjack
    "777",  # 21 with three cards
    "6555",  # four
    "23457",  # five
    "223347",  # six
    "22223A9",  # seven: 12 with the ace counted 1, then 21
    "T9",  # 19: the player's 20 alone (the optional line)
    "22229",  # 17 with five cards
    "222227",  # six
    "2222225",  # seven
    "222222A4",  # eight: 12, 13 hard, 17
    "T6T",  # a bust
)


def code(rank: str, rng: np.random.Generator) -> int:
    """A card of `rank` of a random suit, as the kernel's code (rank - 1) * 4 + suit."""
    return RANKS.index(rank) * 4 + int(rng.integers(4))


def random_card(rng: np.random.Generator) -> int:
    return int(rng.integers(52))


def blackjack(up: int, hole: int) -> bool:
    values = {min(card // 4 + 1, 10) for card in (up, hole)}
    return values == {1, 10}


def dealer_pair(rng: np.random.Generator, *, with_blackjack: bool) -> tuple[int, int]:
    """An up card and hole card making a dealer Blackjack, or not."""
    if with_blackjack:
        ace, ten = int(rng.choice(ACES)), int(rng.choice(TENS))
        return (ace, ten) if rng.random() < 0.5 else (ten, ace)
    while True:
        up, hole = random_card(rng), random_card(rng)
        if not blackjack(up, hole):
            return up, hole


@dataclass(frozen=True, slots=True)
class Target:
    """A round's chosen cards: a box's (two; Super Match's four: hand 0's first, hand 1's first,
    hand 0's second, hand 1's second), the up card, the hole card, the dealer's draws;
    `every_box`: the box's cards go to every one of the player's boxes, not to one of them."""

    cards: tuple[int, ...]
    up: int
    hole: int
    draws: tuple[int, ...] = ()
    every_box: bool = False


def four_cards(pairs: int, rng: np.random.Generator) -> tuple[int, ...]:
    """Four cards of which `pairs` of the six pairs share a rank (Super Match's index)."""
    a, b, c, d = (int(rank) for rank in rng.choice(13, size=4, replace=False))
    ranks = {0: (a, b, c, d), 1: (a, a, b, c), 2: (a, a, b, b), 3: (a, a, a, b), 6: (a,) * 4}
    cards = [rank * 4 + int(rng.integers(4)) for rank in ranks[pairs]]
    return tuple(int(card) for card in rng.permutation(cards))


def targets_for(
    sides: CompiledSides, index: int, outcome: int, rng: np.random.Generator, count: int
) -> list[Target]:
    """`count` initial deals on which wager `index` of `sides` settles as `outcome`, read
    back from the kernel's own table (the engine settles them on its own; the parity decides)."""
    table = sides.outcomes[index]
    reads = int(sides.reads_up[index])
    made: list[Target] = []
    if reads == READS_FOUR_CARDS:
        for pairs in (0, 1, 2, 3, 6):
            if table[pairs] == outcome:
                for _ in range(count):
                    up, hole = dealer_pair(rng, with_blackjack=rng.random() < 0.1)
                    made.append(Target(four_cards(pairs, rng), up, hole))
        return made
    size = 52 * 52 * 2 if reads == READS_TWO_CARDS else table.size
    found: list[tuple[int, int]] = [(int(c), -1) for c in np.flatnonzero(table[:size] == outcome)]
    for row in range(sides.hole_outcomes.shape[0]):
        codes = np.flatnonzero(table[:size] == -(row + 1))
        holes = np.flatnonzero(sides.hole_outcomes[row] == outcome)
        found += [(int(c), int(h)) for c in codes for h in holes[:4]]
    if not found:
        return made
    for pick in rng.choice(len(found), size=count):
        deal, hole = found[int(pick)]
        with_blackjack = bool(deal % 2)
        if reads == READS_TWO_CARDS:
            first, second = deal // 104, deal // 2 % 52
            up, drawn_hole = dealer_pair(rng, with_blackjack=with_blackjack)
        else:
            first, second, up = deal // (104 * 52), deal // 104 % 52, deal // 2 % 52
            drawn_hole = random_card(rng)
            while blackjack(up, drawn_hole):
                drawn_hole = random_card(rng)
        made.append(Target((first, second), up, hole if hole >= 0 else drawn_hole))
    return made


def dealer_targets(rng: np.random.Generator, each: int) -> list[Target]:
    """Every box on 20 (two ten-value cards) against each of `DEALER_HANDS`."""
    made: list[Target] = []
    for hand in DEALER_HANDS:
        for _ in range(each):
            cards = [code(rank, rng) for rank in hand]
            twenty = (int(rng.choice(TENS)), int(rng.choice(TENS)))
            made.append(Target(twenty, cards[0], cards[1], tuple(cards[2:])))
    return made


def chosen_boxes(
    rules: Rules, boxes: int, target: Target, rng: np.random.Generator
) -> Sequence[int]:
    """The player's boxes (indices) that get `target`'s cards: every one, or one at random."""
    mine = min(boxes, rules.max_boxes_per_player)
    return range(mine) if target.every_box else (int(rng.integers(mine)),)


def switch_shoe(rules: Rules, boxes: int, target: Target, rng: np.random.Generator) -> list[int]:
    """633a.7(f), 633a.12(a)(3): a card to each of every box's two hands, the up card, second
    cards, the hole card; `target`'s cards to a random box's first hand (or first four cards)."""
    cards, up, hole, draws = target.cards, target.up, target.hole, target.draws
    everyone_twenty = bool(draws)  # the dealer's hand is drawn as given: every box stands
    hands = [
        [int(rng.choice(TENS)), int(rng.choice(TENS))]
        if everyone_twenty
        else [random_card(rng), random_card(rng)]
        for _ in range(2 * boxes)
    ]
    for box in chosen_boxes(rules, boxes, target, rng):
        if len(cards) == 4:
            hands[2 * box] = [cards[0], cards[2]]
            hands[2 * box + 1] = [cards[1], cards[3]]
        else:
            hands[2 * box] = list(cards)
    return [hand[0] for hand in hands] + [up] + [hand[1] for hand in hands] + [hole, *draws]


def switch_hands_shoe(
    rules: Rules, rule: SwitchHandsRule, boxes: int, target: Target, rng: np.random.Generator
) -> list[int]:
    """633c.4(d)-(e), (j): two switch cards to every box and its Blackjack hand; `target`'s
    cards where a random box plays them (633c.4(f)): dealt, when the rule keeps them, else as
    its switch cards behind dealt cards the rule switches."""
    cards, up, hole, draws = target.cards, target.up, target.hole, target.draws
    everyone_twenty = bool(draws)

    def pair() -> list[int]:
        if everyone_twenty:
            return [int(rng.choice(TENS)), int(rng.choice(TENS))]
        return [random_card(rng), random_card(rng)]

    dealt = [pair() for _ in range(boxes)]
    switch = [pair() for _ in range(boxes)]
    for box in chosen_boxes(rules, boxes, target, rng):
        if rule.switches(tuple(card_of(c) for c in cards), card_of(up)):
            switch[box] = list(cards)
            while not rule.switches(tuple(card_of(c) for c in dealt[box]), card_of(up)):
                dealt[box] = pair()
        else:
            dealt[box] = list(cards)
    deal = [hand[0] for hand in dealt] + [up] + [hand[1] for hand in dealt] + [hole]
    # 633c.4(d)(1)-(2): one switch card to each box, then a second.
    switch_cards = [hand[0] for hand in switch] + [hand[1] for hand in switch]
    if rules.switch_cards_dealt == "before":
        return switch_cards + deal + list(draws)
    return deal + switch_cards + list(draws)


def stacked_shoes(
    rules: Rules,
    boxes: int,
    build: Callable[[Target], list[int]],
    rng: np.random.Generator,
    *,
    at_least: int,
    capped: int = 0,
) -> list[npt.NDArray[np.int8]]:
    """One shoe a target: every outcome of every offered table (three deals each), each dealer's
    hand when a progressive is offered, `capped` rounds of a queen of hearts or king of spades
    pair on every one of the player's boxes against a dealer Blackjack (633a.13(m)), then
    targets of random outcomes up to `at_least`."""
    sides = compile_sides(rules)
    targets: list[Target] = []
    for index in range(len(sides.names)):
        for outcome in range(len(sides.outcome_names[index])):
            targets += targets_for(sides, index, outcome, rng, 3)
    if rules.side_wagers.bad_beat or rules.side_wagers.hit_and_run:
        targets += dealer_targets(rng, 8)
    for _ in range(capped):
        pair = (code_of("QH"), code_of("QH")) if rng.random() < 0.5 else (code_of("KS"),) * 2
        up, hole = dealer_pair(rng, with_blackjack=True)
        targets.append(Target(pair, up, hole, every_box=True))
    while len(targets) < at_least:
        index = int(rng.integers(len(sides.names)))
        outcome = int(rng.integers(len(sides.outcome_names[index])))
        targets += targets_for(sides, index, outcome, rng, 1)
    hands = 2 if rules.variant == "blackjack_switch" else 1
    switch_cards = 2 * boxes if rules.variant == "switch_hands" else 0
    length = 30 + 12 * boxes * hands + switch_cards  # as many as `compare` asks for a round
    shoes = []
    for target in targets:
        cards = build(target)
        cards += [random_card(rng) for _ in range(length - len(cards))]
        shoes.append(np.array(cards, dtype=np.int8))
    return shoes


def assert_every_line_occurs(rules: Rules, seen: Counter[tuple[str, str]]) -> None:
    """Every line of every offered paytable (its optional lines as filed), and a loss, settled
    at least once."""
    for name in rules.side_wagers.offered():
        offer = getattr(rules.side_wagers, name)
        lines = {line.line for line in side_wager(name).paytable(offer, rules.decks)}
        won = {
            part for (wager, label), _ in seen.items() if wager == name for part in label.split("+")
        }
        assert lines | {"lost"} <= won, (name, sorted(lines - won))


def parity_with_every_line(
    rules: Rules,
    chart: StrategyChart,
    boxes: int,
    seed: int,
    *,
    switch: SwitchValues | None = None,
    switch_hands: SwitchHandsRule | None = None,
    capped: int = 0,
) -> tuple[int, Counter[tuple[str, str]]]:
    """The rounds compared, and the outcomes seen by (wager, lines)."""
    rng = np.random.default_rng(seed)
    if switch_hands is not None:
        rule = switch_hands

        def build(target: Target) -> list[int]:
            return switch_hands_shoe(rules, rule, boxes, target, rng)
    else:

        def build(target: Target) -> list[int]:
            return switch_shoe(rules, boxes, target, rng)

    stacked = stacked_shoes(rules, boxes, build, rng, at_least=300, capped=capped)
    assert len(stacked) >= 300
    seen: Counter[tuple[str, str]] = Counter()
    try:
        compared = compare(
            rules,
            chart,
            boxes=boxes,
            shoes=2,
            seed=seed,
            switch=switch,
            switch_hands=switch_hands,
            stacked=stacked,
            seen=seen,
        )
    except ParityError as error:
        pytest.fail(str(error))
    assert_every_line_occurs(rules, seen)
    return compared, seen


# --- Blackjack Switch (633a.12(a)) ---------------------------------------------------------------

SWITCH_STRATEGY = switch_strategy(SWITCH)


@pytest.mark.parametrize(
    ("changes", "boxes", "seed"),
    [
        # Every wager on the initial deal, a Royal Match held for the hole card read on the
        # cards dealt (633a.6(e)(4), 633a.7(g)(4)), and Super Match (633a.12(a)(2)), three boxes.
        ({"side_wagers": {**INITIAL, "super_match": {}}}, 3, 1),
        # Eight decks (633a.13(d)(2), (i)(2)), other paytables, and the progressives.
        (
            {
                "decks": 8,
                "side_wagers": {
                    "match_the_dealer": {},
                    "super_match": {},
                    "lucky_ladies": {},
                    "bet_the_set_21": {"paytable": "D"},
                    **PROGRESSIVES,
                },
            },
            2,
            2,
        ),
    ],
)
def test_633a_12_a_side_wagers_settle_as_the_reference_engine_settles_them(
    changes: dict[str, object], boxes: int, seed: int
) -> None:
    rules = SWITCH.replace(**changes)
    chart = chart_model(SWITCH_STRATEGY.basic)
    compared, _ = parity_with_every_line(rules, chart, boxes, seed, switch=SWITCH_STRATEGY.rule)
    assert compared >= 300


def test_633a_13_m_the_payout_limit_at_blackjack_switch_as_the_reference_engine() -> None:
    # Lucky Ladies and King's Bounty on each of three boxes at 100 cents (`side_stakes`): a
    # queen of hearts or king of spades pair with a dealer Blackjack wins 100,000 cents, so the
    # 60 rounds with such a pair on every box (300,000 won) are over the 150,000 limit, and the
    # winners share it in proportion to their wagers (633a.13(m)), as the engine's sidebook.
    rules = SWITCH.replace(
        side_wagers={"lucky_ladies": {}, "kings_bounty": {}},
        payout_limit=150_000,
        max_boxes_per_player=3,
    )
    chart = chart_model(SWITCH_STRATEGY.basic)
    compared, seen = parity_with_every_line(
        rules, chart, 3, 5, switch=SWITCH_STRATEGY.rule, capped=60
    )
    assert compared >= 300
    # Every capped wager was a winning pair with a dealer Blackjack in one of those rounds.
    assert seen[("lucky_ladies", CAPPED)] + seen[("kings_bounty", CAPPED)] >= 60 * 3


def test_633a_12_a_2_a_side_wager_reads_the_first_hand_as_dealt_worked_by_hand() -> None:
    # One box: its first hand is dealt 9H 9D, its second TC 2S, against a 6H up card and a TD in
    # the hole. The rule switches (9H 2S, an 11, and TC 9D, a 19, beat 18 and 12 against a 6),
    # but Bet the Set 21 is settled before the switch (633a.7(g)) on the first hand as dealt: a
    # pair of nines, not suited, pays 10 to 1 at six decks (633a.13(g)(3), paytable C): a
    # stake of 100 cents wins 1,000. Read after the switch (9H 2S) it would have lost.
    rules = SWITCH.replace(side_wagers={"bet_the_set_21": {}})
    chart = chart_model(SWITCH_STRATEGY.basic)
    order = ["9H", "TC", "6H", "9D", "2S", "TD"] + ["5C", "4D", "3S", "2H"] * 10
    cards = [Card.parse(card) for card in order]
    sides = compile_sides(rules)
    stakes = side_stakes(sides)
    assert stakes == {"bet_the_set_21": 100}
    table = compile_table(rules, player_boxes=1, other_boxes=0)
    pair_cells, total_cells = compile_chart(chart)
    counts = np.zeros(sides.nets.shape, dtype=np.int64)
    play_stacked(
        np.array([code_of(card) for card in order], dtype=np.int8),
        table.params,
        pair_cells,
        total_cells,
        np.zeros(1, dtype=np.int64),
        sides.outcomes,
        sides.reads_up,
        sides.hole_outcomes,
        counts,
        switch_values=SWITCH_STRATEGY.rule.values,
    )
    game = Round(rules=rules, shoe=StackedShoe(cards), wagers=[bet(rules, 1, stakes)])
    play_round(game, ChartPolicy(chart, switch=SWITCH_STRATEGY.rule))
    assert game.boxes[0].switched  # the second cards changed places
    assert [str(card) for card in game.boxes[0].hands[0].cards[:2]] == ["9H", "2S"]
    engine = [s.returned - s.stake for s in game.settlements() if s.wager == "bet_the_set_21"]
    assert kernel_side_nets(sides, counts, stakes)["bet_the_set_21"] == engine == [1_000]


def test_633a_13_j_1_the_magic_card_is_one_of_a_switch_box_first_hand_as_dealt() -> None:
    # Two boxes, every hand a 20 (no switch changes a total), against a dealer 17 (T 7). The
    # Magic Card is the QD, the second card of box 2's first hand as dealt (633a.1 "Magic Card
    # Bonus": one of the player's first two cards, the engine's first hand's). Box 2's
    # Bad Beat pays 20 for 1 on the bonus (633a.13(j)(1)): 100 cents return 2,000, net 1,900;
    # box 1 has no match and loses its 100 (the player's 20 loses: the optional line is off).
    rules = SWITCH.replace(side_wagers={"bad_beat": {"magic_card": True}})
    chart = chart_model(SWITCH_STRATEGY.basic)
    # Firsts: box 1 KS KH, box 2 JS JH; up TC; seconds: box 1 KD KC, box 2 QD QC; hole 7S.
    order = ["KS", "KH", "JS", "JH", "TC", "KD", "KC", "QD", "QC", "7S"] + ["2D"] * 30
    settings = compile_bad_beat(rules)
    settings[BB_MAGIC_PICK] = code_of("QD")
    totals = np.zeros(BB_TOTALS, dtype=np.int64)
    table = compile_table(rules, player_boxes=2, other_boxes=0)
    pair_cells, total_cells = compile_chart(chart)
    play_stacked(
        np.array([code_of(card) for card in order], dtype=np.int8),
        table.params,
        pair_cells,
        total_cells,
        np.zeros(2, dtype=np.int64),
        bad_beat=settings,
        bad_beat_totals=totals,
        switch_values=SWITCH_STRATEGY.rule.values,
    )
    assert list(totals[:3]) == [2, 1_900 - 100, 1_900**2 + 100**2]
    _, _, engine = reference_round(
        rules,
        chart,
        [Card.parse(card) for card in order],
        2,
        {"bad_beat": simulated_stake(rules, "bad_beat")},
        2,
        selections=_magic("QD"),
        switch=SWITCH_STRATEGY.rule,
    )
    assert sorted(engine["bad_beat"]) == [-100, 1_900]


# --- Switch Hands (633c.4) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("base", "changes", "boxes", "seed"),
    [
        # The premium table, switch cards before the hands: every wager on the initial deal.
        (PREMIUM, {"side_wagers": INITIAL}, 3, 3),
        # Switch cards after the hands (633c.4(j)), no premium, the tie paid (633c.4(i)(2)(ii)),
        # the progressives and two wagers reading the up card.
        (
            PLAIN_AFTER,
            {"side_wagers": {"in_between": {}, "three_card_poker": {}, **PROGRESSIVES}},
            2,
            4,
        ),
    ],
)
def test_633c_4_g_side_wagers_settle_as_the_reference_engine_settles_them(
    base: Rules, changes: dict[str, object], boxes: int, seed: int
) -> None:
    rules = base.replace(**changes)
    strategy = switch_hands_strategy(base)
    chart = chart_model(strategy.basic)
    compared, _ = parity_with_every_line(rules, chart, boxes, seed, switch_hands=strategy.rule)
    assert compared >= 300


def test_633a_13_m_the_payout_limit_at_switch_hands_as_the_reference_engine() -> None:
    # At the $5 wager unit each pair with a dealer Blackjack wins 500 * 1,000 = 500,000 cents:
    # two boxes together (1,000,000) are over the 750,000 limit in the 60 rounds with such a
    # pair played on both (633a.13(m)).
    rules = PREMIUM.replace(
        side_wagers={"lucky_ladies": {}, "kings_bounty": {}},
        payout_limit=750_000,
        max_boxes_per_player=2,
    )
    strategy = switch_hands_strategy(PREMIUM)
    chart = chart_model(strategy.basic)
    compared, seen = parity_with_every_line(
        rules, chart, 3, 6, switch_hands=strategy.rule, capped=60
    )
    assert compared >= 300
    assert seen[("lucky_ladies", CAPPED)] + seen[("kings_bounty", CAPPED)] >= 60 * 2


def ten_and_six() -> SwitchHandsRule:
    """Switch any ten-value card and six, keep everything else (switch_hands_rule's example)."""
    decisions = np.zeros(SHAPE, dtype=np.int8)
    decisions[:, 9, 5, ...] = decisions[:, 5, 9, ...] = 1
    return SwitchHandsRule(decisions)


def test_633c_4_g_a_side_wager_reads_the_switch_cards_played_worked_by_hand() -> None:
    # One box, switch cards before the hand (633c.4(d)): QH QH face down, then KS 6H dealt
    # against a 9S up card, the 8S in the hole. The box switches its 16 (633c.4(f)(2)) and
    # plays the two queens of hearts; Lucky Ladies is settled after the switch (633c.4(g):
    # then 633a.7(g)) on them: a queen of hearts pair without a dealer Blackjack, 200 to 1
    # (633a.13(c)). At a $5 wager unit the $1 minimum stake is raised to $5 (500 cents):
    # 500 * 200 = 100,000 cents won. Had it read the dealt K 6 it would have lost.
    rules = PREMIUM.replace(side_wagers={"lucky_ladies": {}})
    chart = chart_model(switch_hands_strategy(PREMIUM).basic)
    rule = ten_and_six()
    order = ["QH", "QH", "KS", "9S", "6H", "8S"] + ["5C", "4D", "3S", "2H"] * 10
    sides = compile_sides(rules)
    stakes = {"lucky_ladies": simulated_stake(rules, "lucky_ladies")}
    assert stakes == {"lucky_ladies": 500}
    table = compile_table(rules, player_boxes=1, other_boxes=0)
    pair_cells, total_cells = compile_chart(chart)
    counts = np.zeros(sides.nets.shape, dtype=np.int64)
    play_stacked(
        np.array([code_of(card) for card in order], dtype=np.int8),
        table.params,
        pair_cells,
        total_cells,
        np.zeros(1, dtype=np.int64),
        sides.outcomes,
        sides.reads_up,
        sides.hole_outcomes,
        counts,
        switch_hands=rule.decisions,
    )
    _, _, engine = reference_round(
        rules, chart, [Card.parse(card) for card in order], 1, stakes, 1, switch_hands=rule
    )
    assert kernel_side_nets(sides, counts, stakes)["lucky_ladies"] == engine["lucky_ladies"]
    assert engine["lucky_ladies"] == [100_000]


def test_633a_6_e_a_side_wager_no_box_could_place_is_refused() -> None:
    # A $5 wager unit (633c.4(b)) and Lucky Ladies of $1 to $4: no stake is a multiple of it.
    # The Rules Submission finds it (`Rules.findings`, which loading a file raises), and the
    # kernel refuses such rules built in code without that check.
    rules = PREMIUM.replace(side_wagers={"lucky_ladies": {"max_wager": 400}})
    assert any(
        "no wager from 100 to 400 cents is a multiple" in found.message
        for found in rules.findings()
    )
    with pytest.raises(RulesError, match="multiple of the wager unit") as refused:
        compile_table(rules, player_boxes=1, other_boxes=0)
    assert refused.value.paragraph == "633a.6(e)"


# --- whole runs --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "offered"),
    [
        (SWITCH, {"lucky_ladies": {}, "super_match": {}, **PROGRESSIVES}),
        (PREMIUM, {"kings_bounty": {}, "in_between": {}, **PROGRESSIVES, "ez_bust": {}}),
    ],
)
def test_a_switch_table_is_simulated_with_its_side_wagers(
    rules: Rules, offered: dict[str, dict[str, object]]
) -> None:
    table = rules.replace(side_wagers=offered)
    switch, switch_hands = None, None
    if rules is SWITCH:
        chart = chart_model(SWITCH_STRATEGY.basic)
        switch = SWITCH_STRATEGY.rule
    else:
        strategy = switch_hands_strategy(rules)
        chart, switch_hands = chart_model(strategy.basic), strategy.rule
    report = simulate(
        table,
        chart,
        rounds=20_000,
        seed=5,
        player_boxes=2,
        switch=switch,
        switch_hands=switch_hands,
    ).report()
    placed = set(offered) - {"ez_bust"}  # 633b.16(c): declined, its best decision
    assert set(report["wagers"]) == {"blackjack"} | placed
    for name in placed:
        assert report["wagers"][name]["n"] == 40_000, name
    # The least stake the table takes: at Switch Hands the $5 wager unit (633c.4(b)).
    unit = 500 if rules is PREMIUM else 100
    assert report["wagers"]["bad_beat"]["stake_cents"] == unit


# --- helpers -------------------------------------------------------------------------------------


def code_of(card: str) -> int:
    return RANKS.index(card[0]) * 4 + "SHDC".index(card[1])


def bet(rules: Rules, box: int, stakes: dict[str, int]) -> BoxWager:
    return BoxWager(box=box, amount=WAGER, side=dict(stakes))


def _magic(card: str) -> Selections:
    return Selections(magic_card=Card.parse(card))
