"""The simulator's double shoe (633a.3(c), 633a.7(d)): the determinant card chooses the side, and
the game from one side is the game of half the decks.

The engine refuses to stack a double shoe (the determinant card is drawn as the round begins),
so the parity test cannot compare it round by round; a hand-stacked pair of sides, worked out
from the text, and the exact analysis take its place.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import numpy.typing as npt
from typer.testing import CliRunner

from tablegames.blackjack.analysis.game import analyse
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sim.chart import compile_chart
from tablegames.blackjack.sim.compile import compile_table
from tablegames.blackjack.sim.kernel import (
    COUNT_BOTH_SIDES,
    COUNT_DRAWN_SIDE,
    P_DOUBLE_SHOE_COUNT,
    P_STACKED,
    TC_BUCKETS,
    TC_LOW,
    run_rounds,
)
from tablegames.blackjack.sim.parity import WAGER, card_of, reference_round
from tablegames.blackjack.sim.run import simulate
from tablegames.cli import app
from tablegames.reports.blackjack_text import chart_model, strategy_chart

RULES = Rules(decks=6, shoe="double_shoe", hit_split_aces=False, resplit_aces=False)


def code_of(card: str) -> int:
    return "A23456789TJQK".index(card[0]) * 4 + "SHDC".index(card[1])


def test_633a_7_d_the_determinant_card_selects_the_side_and_is_dealt_or_set_aside() -> None:
    # Round 1: the red side's determinant, the ten of hearts, selects the red side and is the
    # player's first card (633a.7(d)(2)): ten and ten against 9-8, +1. Round 2: the black
    # side's determinant, the 2 of hearts, selects the red side and is set aside; the round is
    # the red side's next four cards: ten and ten against 7-ten, +1. Round 3: the red side's
    # determinant, the king of spades, selects the black side and is set aside; the black side
    # deals from its second card (its first was set aside): ace and king, a Blackjack, +1.5.
    red = ["TH", "9S", "TD", "8C", "TS", "7C", "TC", "TD", "KS"]
    black = ["2H", "AS", "5C", "KC", "9D"]
    filler = ["4S", "4H", "4D", "4C"] * 10
    sides = np.array(
        [[code_of(card) for card in side + filler][:40] for side in (red, black)], dtype=np.int8
    )
    table = compile_table(RULES, player_boxes=1, other_boxes=0)
    pair_cells, total_cells = compile_chart(chart_model(strategy_chart(RULES)))
    params = table.params.copy()
    params[P_STACKED] = 1
    totals = np.zeros(5, dtype=np.int64)
    histogram = np.zeros(2 * 40 * table.ticks + 1, dtype=np.int64)
    run_rounds(
        3,
        sides[0],
        np.ones(4, dtype=np.uint64),
        params,
        pair_cells,
        total_cells,
        histogram,
        totals,
        np.zeros(1, dtype=np.int64),
        None,  # not counting
        None,  # no sessions
        None,  # no side wagers
        None,
        None,
        None,
        None,  # no Hit and Run
        None,
        None,  # no Bad Beat
        None,
        sides,
    )
    middle = histogram.size // 2
    # Rounds, the sum and sum of squares of the results (ticks: 2 per unit), shuffles, cards
    # dealt (a set-aside determinant is dealt too).
    assert list(totals) == [3, 2 + 2 + 3, 4 + 4 + 9, 0, 4 + 5 + 5]
    assert histogram[middle + 2] == 2
    assert histogram[middle + 3] == 1


def test_a_double_shoe_reshuffled_every_round_is_the_game_of_half_its_decks() -> None:
    # Each round is dealt from one side of three decks, freshly shuffled; a determinant set
    # aside comes from the other side. So the edge is the exact three-deck game's.
    three_decks = RULES.replace(decks=3, shoe="shoe")
    chart = chart_model(strategy_chart(three_decks))
    run = simulate(RULES, chart, rounds=2_000_000, seed=8, reshuffle_every_round=True, workers=2)
    figures = run.report()["wagers"]["blackjack"]
    exact = analyse(three_decks, "basic").house_edge
    assert abs(figures["house_edge"] - exact) < 3 * figures["standard_error"]


# --- the count at a double shoe ------------------------------------------------------------------
# 633a.6(c): the wager precedes the first card drawn for the round, the determinant (633a.1); its
# suit, not its side, chooses the side (633a.7(d)(1)). The kernel keeps a running count per side
# (every card seen on its own side, a determinant set aside included; reset at that side's
# reshuffle, 633a.7(e)(3)) and files each round under the mean of the two sides' true counts
# (COUNT_BOTH_SIDES), or, to compare, the true count of the side the determinant is drawn from.

HI_LO_BY_RANK = {
    rank: 1 if rank in "23456" else 0 if rank in "789" else -1 for rank in "A23456789TJQK"
}


def counted_rounds(
    sides: npt.NDArray[np.int8], rounds: int, mode: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The kernel's `by_count` and `totals` for `rounds` rounds of the stacked `sides`."""
    table = compile_table(RULES, player_boxes=1, other_boxes=0, count=True)
    pair_cells, total_cells = compile_chart(chart_model(strategy_chart(RULES)))
    params = table.params.copy()
    params[P_STACKED], params[P_DOUBLE_SHOE_COUNT] = 1, mode
    by_count = np.zeros((3, TC_BUCKETS), dtype=np.int64)
    totals = np.zeros(5, dtype=np.int64)
    error = run_rounds(
        rounds,
        sides[0],
        np.ones(4, dtype=np.uint64),
        params,
        pair_cells,
        total_cells,
        np.zeros(2 * 40 * table.ticks + 1, dtype=np.int64),
        totals,
        np.zeros(1, dtype=np.int64),
        by_count,
        None,  # no sessions
        None,  # no side wagers
        None,
        None,
        None,
        None,  # no Hit and Run
        None,
        None,  # no Bad Beat
        None,
        sides,
    )
    assert error == 0
    return by_count, totals


def filed(rounds: list[tuple[int, int]]) -> npt.NDArray[np.int64]:
    """`by_count` for (true count, result in ticks) rounds."""
    expected = np.zeros((3, TC_BUCKETS), dtype=np.int64)
    for true_count, result in rounds:
        expected[:, true_count - TC_LOW] += (1, result, result * result)
    return expected


def test_a_double_shoe_count_worked_by_hand() -> None:
    # The sides of the test above, three decks each (156 cards), and a fourth round.
    # Round 1: both counts 0, true count 0; the ten of hearts selects the red side and is the
    # first card; TH 9S TD 8C: the red count -2 (tens -1); +1 (2 ticks).
    # Round 2: red -2 of 152 cards left, black 0 of 156: mean true count
    # (-2 * 52 / 152 + 0) / 2 = -0.34, floored -1; the black side's own 0. The 2H (black side)
    # selects red, set aside face up: black +1. TS 7C TC TD: red -5; +1 (2 ticks).
    # Round 3: red -5 of 148 (-1.76), black +1 of 155 (+0.34): mean -0.71, floored -1; the red
    # side's own -2. The KS (red side) selects black, set aside: red -6. AS 5C KC 9D: black 0;
    # a Blackjack, +1.5 (3 ticks).
    # Round 4: red -6 of 147 (-2.12), black 0 of 151: mean -1.06, floored -2; the black side's
    # own 0. The 4S (black) selects black and is the first card: 4S 4H 4D 4C, the 8 hits a 4 and
    # stands on 12 against the 4; the dealer draws 4, 4 to 20: -1 (-2 ticks).
    red = ["TH", "9S", "TD", "8C", "TS", "7C", "TC", "TD", "KS"]
    black = ["2H", "AS", "5C", "KC", "9D"]
    filler = ["4S", "4H", "4D", "4C"] * 40
    sides = np.array(
        [[code_of(card) for card in side + filler][:156] for side in (red, black)], dtype=np.int8
    )
    by_count, totals = counted_rounds(sides, 4, COUNT_BOTH_SIDES)
    assert list(totals[:3]) == [4, 2 + 2 + 3 - 2, 4 + 4 + 9 + 4]
    assert (by_count == filed([(0, 2), (-1, 2), (-1, 3), (-2, -2)])).all()
    by_count, _ = counted_rounds(sides, 4, COUNT_DRAWN_SIDE)
    assert (by_count == filed([(0, 2), (0, 2), (-2, 3), (0, -2)])).all()


def test_the_double_shoe_count_is_an_independent_count_of_the_rounds_the_engine_plays() -> None:
    # Random pairs of stacked sides. The reference: the side chosen by each determinant's suit,
    # each round played by the engine (`Round`, the game of one side's three decks) from that
    # side's next cards, the running counts kept here from the cards the engine dealt, with this
    # file's own tags.
    one_side = RULES.replace(decks=3, shoe="shoe")
    chart = chart_model(strategy_chart(RULES))
    generator = np.random.default_rng(633)
    nonzero = 0
    for _ in range(60):
        sides = np.stack(
            [generator.permutation(np.tile(np.arange(52, dtype=np.int8), 3)) for _ in range(2)]
        )
        for mode in (COUNT_BOTH_SIDES, COUNT_DRAWN_SIDE):
            position, running = [0, 0], [0, 0]
            expected: list[tuple[int, int]] = []
            for number in range(8):
                drawn = number % 2  # red, black, red, ...
                left = [156 - position[0], 156 - position[1]]
                if mode == COUNT_BOTH_SIDES:
                    tc = (Fraction(running[0], left[0]) + Fraction(running[1], left[1])) * 26
                else:
                    tc = Fraction(running[drawn] * 52, left[drawn])
                determinant = card_of(int(sides[drawn, position[drawn]]))
                side = 0 if determinant.code[1] in "HD" else 1
                if side != drawn:
                    position[drawn] += 1
                    running[drawn] += HI_LO_BY_RANK[determinant.code[0]]
                cards = [card_of(int(code)) for code in sides[side, position[side] :]]
                nets, dealt, _ = reference_round(one_side, chart, cards, 1)
                running[side] += sum(HI_LO_BY_RANK[card.code[0]] for card in cards[:dealt])
                position[side] += dealt
                expected.append((math.floor(tc), nets[0] * 2 // WAGER))
                nonzero += math.floor(tc) != 0
            by_count, _ = counted_rounds(sides, 8, mode)
            assert (by_count == filed(expected)).all(), (mode, expected)
    assert nonzero > 100


def test_a_counted_double_shoe_run_is_reproducible() -> None:
    chart = chart_model(strategy_chart(RULES))
    one = simulate(RULES, chart, rounds=300_000, seed=4, unit_rounds=100_000, count=True)
    two = simulate(RULES, chart, rounds=300_000, seed=4, unit_rounds=100_000, count=True, workers=2)
    plain = simulate(RULES, chart, rounds=300_000, seed=4, unit_rounds=100_000)
    assert one.totals.by_count == two.totals.by_count
    # Counting changes no card: the run is the uncounted run, filed by true count.
    assert (one.totals.total, one.totals.total_sq) == (plain.totals.total, plain.totals.total_sq)
    rounds = one.counted()
    assert sum(rounds.rounds) == 300_000
    assert sum(rounds.sums) == plain.totals.total


def test_simulate_counts_at_a_double_shoe_from_the_command_line(tmp_path: Path) -> None:
    ramp = tmp_path / "ramp.csv"
    ramp.write_text("true_count,units\n-20,1\n2,4\n", encoding="utf-8")
    args = ["simulate", "--rounds", "20000", "--set", "shoe=double_shoe", "--workers", "1"]
    outcome = CliRunner().invoke(app, [*args, "--count", "hi-lo", "--ramp", str(ramp), "--json"])
    assert outcome.exit_code == 0, outcome.output
    count = json.loads(outcome.stdout)["count"]
    assert count["system"] == "hi-lo"
    assert 1 < count["units_wagered_per_round"] < 4
