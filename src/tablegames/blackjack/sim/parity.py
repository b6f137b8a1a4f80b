"""Parity of the simulator's kernel with the reference round engine, on stacked shoes.

Both play the same shoes, round after round, driven by the same chart: the reference through
`Round` and `policy.ChartPolicy` (the engine whose every step cites its paragraph), the kernel
through its compiled arrays; every box's result must agree to the cent and every round must use
the same cards (633a.7(n): the dealer draws only for a hand still standing). `make test` compares
10,000 rounds and more (tests/sim/test_kernel_parity.py); `benchmarks/bench_sim_agreement.py`
compares 10^6.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from tablegames.blackjack.policy import ChartPolicy, play_round
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sidebook import Selections
from tablegames.blackjack.sim.chart import compile_chart, unread_chart
from tablegames.blackjack.sim.compile import compile_table
from tablegames.blackjack.sim.composition import CompositionPlay
from tablegames.blackjack.sim.kernel import (
    BB_LUCKY_OFFERED,
    BB_LUCKY_PICK,
    BB_LUCKY_RETURNED,
    BB_MAGIC_OFFERED,
    BB_MAGIC_PICK,
    BB_MAGIC_RETURNED,
    BB_METER_LINE,
    BB_OUTCOMES,
    BB_RETURNED,
    BB_TOTALS,
    CAP_OUTCOME,
    CAP_TOTALS,
    HR_ON,
    HR_RATE_BP,
    HR_RESET,
    HR_STAKE,
    HR_TOTALS,
    play_stacked,
)
from tablegames.blackjack.sim.side_tables import (
    BAD_BEAT_LINES,
    HIT_AND_RUN_LINES,
    CompiledSides,
    compile_bad_beat,
    compile_hit_and_run,
    compile_payout_cap,
    compile_sides,
)
from tablegames.blackjack.strategy_chart import StrategyChart
from tablegames.blackjack.switch_hands_rule import SwitchHandsRule
from tablegames.blackjack.switch_rule import SwitchValues
from tablegames.blackjack.variation import variation_of
from tablegames.blackjack.wagers import SWITCH_HANDS_ANTE, BoxWager
from tablegames.core.cards import Card
from tablegames.core.cardsource import StackedShoe
from tablegames.core.errors import TableGamesError

WAGER = 1_000  # cents: every result of a 3:2 or 6:5 game is a whole number of cents
SUITS = "SHDC"
RANKS = "A23456789TJQK"


CAPPED = "capped (633a.13(m))"  # `compare`'s `seen`: the wagers the payout limit capped


class ParityError(TableGamesError):
    """The kernel and the reference settled a round differently."""


def card_of(code: int) -> Card:
    """The kernel's card code (rank - 1) * 4 + suit, as the engine's card."""
    return Card.parse(RANKS[code // 4] + SUITS[code % 4])


def reference_round(
    rules: Rules,
    strategy: StrategyChart | CompositionPlay,
    cards: list[Card],
    boxes: int,
    side_stakes: dict[str, int] | None = None,
    side_boxes: int = 0,
    selections: Selections | None = None,
    switch: SwitchValues | None = None,
    switch_hands: SwitchHandsRule | None = None,
) -> tuple[list[int], int, dict[str, list[int]]]:
    """Each box's net result in cents on the Blackjack Wager, the cards the round dealt, and per
    side wager the nets in cents of the first `side_boxes` boxes, by the reference engine. With
    `switch_hands` every box places the Switch Hands ante (633c.4(c)), counted in its net."""
    shoe = StackedShoe(cards)
    stakes = side_stakes or {}
    ante = {SWITCH_HANDS_ANTE: WAGER // 5} if switch_hands is not None else {}
    game = Round(
        rules=rules,
        shoe=shoe,
        wagers=[
            BoxWager(
                box=number, amount=WAGER, side={**(stakes if number <= side_boxes else {}), **ante}
            )
            for number in range(1, boxes + 1)
        ],
        selections=selections,
    )
    if isinstance(strategy, CompositionPlay):
        play_round(game, strategy.policy())
    else:
        play_round(game, ChartPolicy(strategy, switch=switch, switch_hands=switch_hands))
    net = [0] * boxes
    sides: dict[str, list[int]] = {name: [] for name in stakes}
    for settled in game.settlements():
        if settled.wager in sides:
            sides[settled.wager].append(settled.returned - settled.stake)
        else:
            net[settled.box - 1] += settled.returned - settled.stake
    return net, shoe.dealt, sides


def side_stakes(sides: CompiledSides, unit: int = 100) -> dict[str, int]:
    """A stake per side wager on which every payout is a whole number of cents: 100 cents per
    tick of the wager's nets, or the least multiple of that and the wager unit `unit` (every
    wager is a multiple of it: at Switch Hands $5, 633c.4(b))."""
    return {
        name: math.lcm(100 * ticks, unit)
        for name, ticks in zip(sides.names, sides.ticks, strict=True)
    }


def kernel_side_nets(
    sides: CompiledSides,
    counts: npt.NDArray[np.int64],
    stakes: dict[str, int],
    payout_cap: npt.NDArray[np.int64] | None = None,
    capped: npt.NDArray[np.int64] | None = None,
) -> dict[str, list[int]]:
    """The kernel's side outcomes of a round as nets in cents, one per box, sorted; with
    `payout_cap`, the limited outcome's winners of a round the limit bound (`capped`, the
    kernel's `payout_cap_totals`) each paid their equal share of the change (633a.13(m))."""
    nets: dict[str, list[int]] = {}
    for index, name in enumerate(sides.names):
        per_tick = stakes[name] // sides.ticks[index]
        values: list[int] = []
        for outcome, count in enumerate(counts[index]):
            net = int(sides.nets[index, outcome]) * per_tick
            if (
                payout_cap is not None
                and capped is not None
                and capped[index, 0]
                and outcome == payout_cap[index, CAP_OUTCOME]
            ):
                # One round: every capped wager on it got the same share.
                net += int(capped[index, 1]) // int(capped[index, 0])
            values += [net] * int(count)
        nets[name] = sorted(values)
    return nets


def bad_beat_nets(settings: npt.NDArray[np.int64], totals: npt.NDArray[np.int64]) -> list[int]:
    """One round's Bad Beat nets in cents, sorted, from the kernel's counts by outcome, for a
    round that opened with the meter at its reset (a stacked round): a meter win shares the
    reset and this round's wagers' shares equally among the round's winners
    (633a.7(o)(1)(ii)(C), 633a.13(j)(2))."""
    winners = sum(
        int(totals[3 + index]) for index in range(BB_OUTCOMES) if index % 8 == BB_METER_LINE
    )
    stake = int(settings[HR_STAKE])
    meter = int(settings[HR_RESET]) + int(totals[0]) * (stake * int(settings[HR_RATE_BP]) // 10_000)
    nets: list[int] = []
    for outcome in range(BB_OUTCOMES):
        own = outcome % 8
        returned = (
            meter // max(winners, 1) if own == BB_METER_LINE else int(settings[BB_RETURNED + own])
        )
        if outcome // 8 % 2:
            returned += int(settings[BB_MAGIC_RETURNED])
        if outcome // 16:
            returned += int(settings[BB_LUCKY_RETURNED])
        nets += [returned - stake] * int(totals[3 + outcome])
    return sorted(nets)


def compare(
    rules: Rules,
    strategy: StrategyChart | CompositionPlay,
    *,
    boxes: int,
    shoes: int,
    seed: int,
    switch: SwitchValues | None = None,
    switch_hands: SwitchHandsRule | None = None,
    stacked: Sequence[npt.NDArray[np.int8]] = (),
    seen: Counter[tuple[str, str]] | None = None,
) -> int:
    """Play `shoes` random stacked shoes both ways, round after round, then the `stacked` shoes
    given (card codes); the rounds compared. At Blackjack Switch (633a.12(a)) both switch by
    `switch` (each box's net is its two hands'); at Switch Hands (633c.4) both choose by
    `switch_hands` (each box's net counts its ante). With a payout limit (633a.13(m)) both cap
    the round's pair-and-dealer-Blackjack lines. With `seen`, each side wager's outcomes are
    counted in it by (wager, the paytable lines won together or "lost"), as the kernel settled
    them (a test asks that every line of a paytable occurred), and (wager, CAPPED) the wagers
    the payout limit capped.

    Raises ParityError at the first round the two settle differently."""
    # The player's boxes (at most 633a.6(f)'s three) and other players' boxes play alike.
    mine = min(boxes, rules.max_boxes_per_player)
    table = compile_table(rules, player_boxes=mine, other_boxes=boxes - mine)
    if (table.hands_per_box == 2) != (switch is not None):
        raise TableGamesError("a switch rule is needed at Blackjack Switch, and only there")
    if variation_of(rules).takes_switch_hands_ante != (switch_hands is not None):
        raise TableGamesError("a switch hands rule is needed at Switch Hands, and only there")
    composition = strategy if isinstance(strategy, CompositionPlay) else None
    if isinstance(strategy, CompositionPlay):
        pair_cells, total_cells = unread_chart()
    else:
        pair_cells, total_cells = compile_chart(strategy)
    sides = compile_sides(rules)
    stakes = side_stakes(sides, rules.wager_unit)
    payout_cap = compile_payout_cap(rules, sides, stakes)  # 633a.13(m)
    hit_and_run = compile_hit_and_run(rules)
    bad_beat = compile_bad_beat(rules)
    for name, settings in (("hit_and_run", hit_and_run), ("bad_beat", bad_beat)):
        if settings[HR_ON]:
            stakes[name] = int(settings[HR_STAKE])
    switch_cards = 2 * boxes if switch_hands is not None else 0  # 633c.4(d): two a box
    generator = np.random.default_rng(seed)
    ticks_per_cent = table.ticks / WAGER
    compared = 0
    for shoe_number in range(shoes + len(stacked)):
        order = (
            generator.permutation(np.tile(np.arange(52, dtype=np.int8), rules.decks))
            if shoe_number < shoes
            else stacked[shoe_number - shoes]
        )
        position = 0
        while order.size - position >= 30 + 12 * boxes * table.hands_per_box + switch_cards:
            rest = order[position:]
            net = np.zeros(boxes, dtype=np.int64)
            counts = np.zeros(sides.nets.shape, dtype=np.int64)
            hit_and_run_totals = np.zeros(HR_TOTALS, dtype=np.int64)
            bad_beat_totals = np.zeros(BB_TOTALS, dtype=np.int64)
            capped = np.zeros((len(sides.names), CAP_TOTALS), dtype=np.int64)
            # 633a.13(j)(1): the system's picks for the round, given to both.
            round_bad_beat, selections = bad_beat.copy(), None
            if bad_beat[HR_ON]:
                magic = int(generator.integers(52)) if bad_beat[BB_MAGIC_OFFERED] else -1
                lucky = (
                    1 + int(generator.integers(rules.boxes)) if bad_beat[BB_LUCKY_OFFERED] else 0
                )
                round_bad_beat[BB_MAGIC_PICK], round_bad_beat[BB_LUCKY_PICK] = magic, lucky
                selections = Selections(
                    magic_card=card_of(magic) if magic >= 0 else None,
                    lucky_box=lucky or None,
                )
            has_sides, has_hit_and_run, has_bad_beat = (
                bool(sides.names),
                bool(hit_and_run[HR_ON]),
                bool(bad_beat[HR_ON]),
            )
            used = play_stacked(
                rest,
                table.params,
                pair_cells,
                total_cells,
                net,
                sides.outcomes if has_sides else None,
                sides.reads_up if has_sides else None,
                sides.hole_outcomes if has_sides else None,
                counts if has_sides else None,
                hit_and_run.copy() if has_hit_and_run else None,
                hit_and_run_totals if has_hit_and_run else None,
                round_bad_beat if has_bad_beat else None,
                bad_beat_totals if has_bad_beat else None,
                cdz_codes=None if composition is None else composition.codes,
                cdz_cells=None if composition is None else composition.cells,
                switch_values=None if switch is None else switch.values,
                switch_hands=None if switch_hands is None else switch_hands.decisions,
                payout_cap=payout_cap if has_sides else None,
                payout_cap_totals=capped if has_sides and payout_cap is not None else None,
            )
            expected, dealt, expected_sides = reference_round(
                rules,
                strategy,
                [card_of(int(code)) for code in rest],
                boxes,
                stakes,
                mine,
                selections,
                switch,
                switch_hands,
            )
            where = f"shoe {shoe_number}, cards {position}-{position + dealt}"
            if used != dealt:
                raise ParityError(f"{where}: kernel dealt {used} cards, reference {dealt}")
            got = [round(int(value) / ticks_per_cent) for value in net]
            if got != expected:
                raise ParityError(f"{where}: kernel {got}, reference {expected}")
            got_sides = kernel_side_nets(sides, counts, stakes, payout_cap, capped)
            if hit_and_run[HR_ON]:
                # Every box's Hit and Run reads the same dealer's hand: the same net each.
                each = int(hit_and_run_totals[1]) // max(int(hit_and_run_totals[0]), 1)
                got_sides["hit_and_run"] = [each] * int(hit_and_run_totals[0])
            if bad_beat[HR_ON]:
                got_sides["bad_beat"] = bad_beat_nets(bad_beat, bad_beat_totals)
            if seen is not None:
                _count_lines(seen, sides, counts, hit_and_run_totals, bad_beat_totals, capped)
            for name, values in expected_sides.items():
                if sorted(values) != got_sides[name]:
                    raise ParityError(
                        f"{where}: {name}: kernel {got_sides[name]}, reference {sorted(values)}"
                    )
            position += dealt
            compared += 1
    return compared


def _count_lines(
    seen: Counter[tuple[str, str]],
    sides: CompiledSides,
    counts: npt.NDArray[np.int64],
    hit_and_run_totals: npt.NDArray[np.int64],
    bad_beat_totals: npt.NDArray[np.int64],
    capped: npt.NDArray[np.int64],
) -> None:
    """Add one round's side outcomes, by wager and lines, to `seen`, and the wagers the payout
    limit capped as (wager, CAPPED)."""
    for index, name in enumerate(sides.names):
        for outcome, count in enumerate(counts[index]):
            if count:
                seen[(name, sides.outcome_names[index][outcome])] += int(count)
        if capped[index, 0]:
            seen[(name, CAPPED)] += int(capped[index, 0])
    for name, totals, lines in (
        ("hit_and_run", hit_and_run_totals, HIT_AND_RUN_LINES),
        ("bad_beat", bad_beat_totals, BAD_BEAT_LINES),
    ):
        for outcome, label in enumerate(lines):
            if totals[3 + outcome]:
                seen[(name, label)] += int(totals[3 + outcome])
