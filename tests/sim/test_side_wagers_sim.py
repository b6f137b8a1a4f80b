"""Side wagers in the simulator: settled to the cent as the reference engine settles them, and
in agreement with their exact analysis; what the kernel does not settle is refused."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import numpy.typing as npt
import pytest

from tablegames.blackjack.analysis.side_wagers import analyse
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sim.chart import compile_chart
from tablegames.blackjack.sim.compile import compile_table
from tablegames.blackjack.sim.kernel import (
    BB_TOTALS,
    CAP_TOTALS,
    CAP_WON,
    HR_METER,
    HR_ON,
    HR_TOTALS,
    P_STACKED,
    play_stacked,
    run_rounds,
)
from tablegames.blackjack.sim.parity import (
    ParityError,
    card_of,
    compare,
    kernel_side_nets,
    reference_round,
    side_stakes,
)
from tablegames.blackjack.sim.run import simulate
from tablegames.blackjack.sim.side_tables import (
    compile_bad_beat,
    compile_hit_and_run,
    compile_payout_cap,
    compile_sides,
)
from tablegames.core.errors import RulesError
from tablegames.reports.blackjack_text import chart_model, strategy_chart

# Every side wager settled on the initial deal (633a.6(e)(1)-(6), (9), (11), (12)).
SIMULATED = {
    "lucky_ladies": {},
    "match_the_dealer": {},
    "in_between": {},
    "royal_match_21": {"paytable": "C"},  # with the Crown Treasure Bonus (633a.7(g)(4))
    "bet_the_set_21": {},
    "kings_bounty": {},
    "three_card_poker": {},
    "straight_jack": {},
    "house_money": {},
}
RULES = Rules.model_validate({"side_wagers": SIMULATED})


def test_side_wagers_settle_as_the_reference_engine_settles_them() -> None:
    # 633a.7(g): three boxes, each with every side wager, round after round of stacked shoes.
    chart = chart_model(strategy_chart(RULES))
    try:
        compared = compare(RULES, chart, boxes=3, shoes=40, seed=633)
    except ParityError as error:
        pytest.fail(str(error))
    assert compared >= 800


def test_hit_and_run_settles_as_the_reference_engine_settles_it() -> None:
    # 633a.7(n): the open wager keeps the dealer drawing; 633a.7(o)(2): every card counts.
    rules = Rules.model_validate({"side_wagers": {"hit_and_run": {}, "lucky_ladies": {}}})
    chart = chart_model(strategy_chart(rules))
    try:
        compared = compare(rules, chart, boxes=3, shoes=40, seed=10)
        compared += compare(rules, chart, boxes=1, shoes=40, seed=11)
    except ParityError as error:
        pytest.fail(str(error))
    assert compared >= 1_500


def test_simulated_side_wager_edges_agree_with_the_exact_analysis() -> None:
    chart = chart_model(strategy_chart(RULES))
    run = simulate(RULES, chart, rounds=2_000_000, seed=7, reshuffle_every_round=True, workers=2)
    wagers = run.report()["wagers"]
    for name in SIMULATED:
        exact = float(analyse(name, RULES).house_edge())
        figures = wagers[name]
        assert figures["n"] == 2_000_000
        assert abs(figures["house_edge"] - exact) < 3.5 * figures["standard_error"], (
            name,
            figures["house_edge"],
            exact,
        )
        assert sum(figures["lines"].values()) == pytest.approx(1.0)


def test_super_match_is_refused_with_the_switch_game_it_belongs_to() -> None:
    # 633a.6(e)(7): it reads a Blackjack Switch box's four cards, and is simulated only there
    # (tests/sim/test_switch_simulate.py); at any other table it is refused.
    rules = Rules.model_validate({"side_wagers": {"super_match": {}}})
    with pytest.raises(RulesError) as refused:
        compile_table(rules, player_boxes=1, other_boxes=0)
    assert refused.value.paragraph == "633a.6(e)(7)"


# --- 633a.13(m): the aggregate payout limit -------------------------------------------------------
# Below the floor of a valid Rules Submission ($25,000, or what one patron could win), so that it
# binds on the player's few boxes; the limit's arithmetic is the same at any amount.

QH, KS = "QH", "KS"


def code(card: str) -> int:
    return "A23456789TJQK".index(card[0]) * 4 + "SHDC".index(card[1])


def deal_order(hands: list[tuple[str, str]], up: str, hole: str) -> list[int]:
    """633a.7(f): first cards, the up card, second cards, the hole card."""
    return [
        *(code(first) for first, _ in hands),
        code(up),
        *(code(second) for _, second in hands),
        code(hole),
    ]


def test_633a_13_m_the_limit_shared_in_proportion_to_the_wagers_worked_by_hand() -> None:
    # Three boxes each with a queen of hearts pair against an ace up and a king in the hole:
    # 1,000 to 1 on 100 cents each is 300,000 cents of winnings, over the 250,000 limit; the
    # three equal wagers share it, 250,000 * 100 // 300 = 83,333 cents each, the stake returned.
    rules = Rules.model_validate(
        {"side_wagers": {"lucky_ladies": {}}, "payout_limit": 250_000, "max_boxes_per_player": 3}
    )
    chart = chart_model(strategy_chart(rules))
    cards = deal_order([(QH, QH)] * 3, "AS", "KD") + [code("4S")] * 20
    sides = compile_sides(rules)
    stakes = {"lucky_ladies": 100}
    cap = compile_payout_cap(rules, sides, stakes)
    assert cap is not None
    table = compile_table(rules, player_boxes=3, other_boxes=0)
    pair_cells, total_cells = compile_chart(chart)
    counts = np.zeros(sides.nets.shape, dtype=np.int64)
    capped = np.zeros((1, CAP_TOTALS), dtype=np.int64)
    play_stacked(
        np.array(cards, dtype=np.int8),
        table.params,
        pair_cells,
        total_cells,
        np.zeros(3, dtype=np.int64),
        sides.outcomes,
        sides.reads_up,
        sides.hole_outcomes,
        counts,
        payout_cap=cap,
        payout_cap_totals=capped,
    )
    assert list(capped[0]) == [3, 3 * (83_333 - 100_000), 3 * (83_333**2 - 100_000**2)]
    got = kernel_side_nets(sides, counts, stakes, cap, capped)
    _, _, engine = reference_round(
        rules, chart, [card_of(card) for card in cards], 3, stakes, side_boxes=3
    )
    assert got["lucky_ladies"] == engine["lucky_ladies"] == [83_333] * 3


def capped_shoes(boxes: int, decks: int, shoes: int, seed: int) -> list[npt.NDArray[np.int8]]:
    """Shoes that open with five rounds of queen of hearts and king of spades pairs against a
    dealer Blackjack (each exactly 2 * boxes + 2 cards: every hand is settled at the check) and a
    sixth against a ten or ace without one, then a shuffled shoe."""
    generator = np.random.default_rng(seed)

    def hand() -> tuple[str, str]:
        pick = generator.random()
        if pick < 0.45:
            return (QH, QH)
        if pick < 0.75:
            return (KS, KS)
        first, second = generator.choice(52, size=2)
        return (card_of(int(first)).code, card_of(int(second)).code)

    made: list[npt.NDArray[np.int8]] = []
    for _ in range(shoes):
        cards: list[int] = []
        for number in range(6):
            up, hole = ("AS", "KD") if generator.random() < 0.5 else ("TC", "AH")
            if number == 5:
                hole = "9D" if up == "TC" else "8C"  # no Blackjack: the pairs' 200 to 1 line
            cards += deal_order([hand() for _ in range(boxes)], up, hole)
        tail = generator.permutation(np.tile(np.arange(52, dtype=np.int8), decks))
        made.append(np.concatenate([np.array(cards, dtype=np.int8), tail]))
    return made


@pytest.mark.parametrize(
    ("offered", "limit", "mine", "boxes"),
    [
        # Lucky Ladies and King's Bounty together: one limit for both (633a.13(m)).
        ({"lucky_ladies": {}, "kings_bounty": {}}, 150_000, 3, 5),
        # Every winner capped, the shares rounded down to the cent.
        ({"lucky_ladies": {}, "kings_bounty": {}, "royal_match_21": {}}, 99_999, 3, 3),
        # Five of the player's boxes on Lucky Ladies alone, others at the table.
        ({"lucky_ladies": {}, "in_between": {}}, 250_000, 5, 7),
    ],
)
def test_the_payout_limit_settles_as_the_reference_engine_settles_it(
    offered: dict[str, dict[str, object]], limit: int, mine: int, boxes: int
) -> None:
    rules = Rules.model_validate(
        {"side_wagers": offered, "payout_limit": limit, "max_boxes_per_player": mine}
    )
    chart = chart_model(strategy_chart(rules))
    stacked = capped_shoes(boxes, rules.decks, shoes=30, seed=limit)
    try:
        compared = compare(rules, chart, boxes=boxes, shoes=0, seed=limit, stacked=stacked)
    except ParityError as error:
        pytest.fail(str(error))
    assert compared >= 30 * 10
    # The limit bound: in some opening rounds the player's boxes won more than it.
    sides = compile_sides(rules)
    cap = compile_payout_cap(rules, sides, side_stakes(sides))
    assert cap is not None
    won = {name: int(cap[index, CAP_WON]) for index, name in enumerate(sides.names)}
    bound = 0
    for shoe in stacked:
        for number in range(5):
            cards = [
                card_of(int(c)).code for c in shoe[number * (2 * boxes + 2) :][: 2 * boxes + 2]
            ]
            total = 0
            for box in range(mine):
                pair = (cards[box], cards[boxes + 1 + box])
                total += won.get("lucky_ladies", 0) if pair == (QH, QH) else 0
                total += won.get("kings_bounty", 0) if pair == (KS, KS) else 0
            bound += total > limit
    assert bound >= 50


CODES = {"A": 0, "2": 4, "3": 8, "9": 32, "T": 36}  # kernel codes (rank - 1) * 4: spades


def play_stacked_rounds(
    rules: Rules, ranks: list[str], rounds: int
) -> tuple[npt.NDArray[np.int64], ...]:
    """`rounds` rounds of the stacked `ranks`; Hit and Run's and Bad Beat's settings (as the
    kernel left them) and totals."""
    table = compile_table(rules, player_boxes=1, other_boxes=0)
    pair_cells, total_cells = compile_chart(chart_model(strategy_chart(rules)))
    shoe = np.array([CODES[rank] for rank in ranks], dtype=np.int8)
    hit_and_run, bad_beat = compile_hit_and_run(rules), compile_bad_beat(rules)
    hit_and_run_totals = np.zeros(HR_TOTALS, dtype=np.int64)
    bad_beat_totals = np.zeros(BB_TOTALS, dtype=np.int64)
    params = table.params.copy()
    params[P_STACKED] = 1
    run_rounds(
        rounds,
        shoe,
        np.ones(4, dtype=np.uint64),
        params,
        pair_cells,
        total_cells,
        np.zeros(2 * 40 * table.ticks + 1, dtype=np.int64),
        np.zeros(5, dtype=np.int64),
        np.zeros(1, dtype=np.int64),
        None,  # not counting
        None,  # no sessions
        None,  # no side wagers on the initial deal
        None,
        None,
        None,
        hit_and_run if hit_and_run[HR_ON] else None,
        hit_and_run_totals if hit_and_run[HR_ON] else None,
        bad_beat if bad_beat[HR_ON] else None,
        bad_beat_totals if bad_beat[HR_ON] else None,
    )
    return hit_and_run, hit_and_run_totals, bad_beat, bad_beat_totals


def test_633a_13_l_2_the_hit_and_run_meter_grows_pays_and_resets() -> None:
    # Two stacked rounds, each a dealer's hand of nine cards (2, 2 then 2, 2, 2, 2, A, 2, 2:
    # 17 hard) against a player's 20: the meter line (633a.7(o)(2)(i)). Each $1 wager adds
    # 10 cents (the filed 10%) before it is settled; the first pays the reset amount and 10
    # cents, then the meter is back at its reset (633a.13(l)(2)) and the second pays the same.
    rules = Rules.model_validate({"side_wagers": {"hit_and_run": {}}})
    one_round = ["T", "2", "T", "2", "2", "2", "2", "2", "A", "2", "2"]
    settings, totals, _, _ = play_stacked_rounds(rules, one_round * 2, 2)
    reset = 100_000
    won = reset + 10 - 100  # the meter with this wager's share, less the $1 stake
    assert list(totals[:3]) == [2, 2 * won, 2 * won * won]
    assert totals[3 + 5] == 2  # both on the eight-or-more line
    assert settings[HR_METER] == reset  # reset after the second round's jackpot


def test_633a_13_j_2_the_bad_beat_meter_grows_pays_and_resets() -> None:
    # The player's 20 against a dealer's 21 of seven cards (2, 2 then 2, 2, 3, A, 9: the ace
    # counts 1 after 11), twice: 633a.7(o)(1)(i)'s meter line. Each $1 wager adds 10 cents;
    # the meter pays as it stands and goes back to its $5,000 reset (633a.13(j)(2)).
    rules = Rules.model_validate({"side_wagers": {"bad_beat": {}}})
    one_round = ["T", "2", "T", "2", "2", "2", "3", "A", "9"]
    _, _, settings, totals = play_stacked_rounds(rules, one_round * 2, 2)
    reset = 500_000
    won = reset + 10 - 100
    assert list(totals[:3]) == [2, 2 * won, 2 * won * won]
    assert totals[3 + 7] == 2  # the seven-or-more line
    assert settings[HR_METER] == reset


def test_bad_beat_settles_as_the_reference_engine_settles_it() -> None:
    # 633a.13(j)(1): with the bonuses, the system's picks are drawn for each round and given to
    # both the kernel and the reference.
    bonuses = {"magic_card": True, "lucky_player": True}
    for options, seed in (({}, 12), ({"player_has_20": True}, 13), (bonuses, 14)):
        rules = Rules.model_validate({"side_wagers": {"bad_beat": options, "hit_and_run": {}}})
        chart = chart_model(strategy_chart(rules))
        try:
            compared = compare(rules, chart, boxes=3, shoes=40, seed=seed)
        except ParityError as error:
            pytest.fail(str(error))
        assert compared >= 800


def test_hit_and_run_lines_agree_with_the_exact_dealer_hands() -> None:
    rules = Rules.model_validate({"side_wagers": {"hit_and_run": {}}})
    chart = chart_model(strategy_chart(rules))
    run = simulate(rules, chart, rounds=2_000_000, seed=9, reshuffle_every_round=True, workers=2)
    figures = run.report()["wagers"]["hit_and_run"]
    n = figures["n"]
    for outcome in analyse("hit_and_run", rules).outcomes:
        line = outcome.lines[0].line
        p = float(outcome.probability)
        error = (p * (1 - p) / n) ** 0.5
        assert abs(figures["lines"].get(line, 0.0) - p) < 4 * error + 1e-9, (line, p)


def test_633a_13_j_1_the_bonus_picks_are_uniform() -> None:
    # The Magic Card matches one of the box's first two cards with chance 2/52 less both
    # (6/312 * 5/311) from six decks; the Lucky Player is box 1 of the table's 7 with chance 1/7.
    rules = Rules.model_validate(
        {"side_wagers": {"bad_beat": {"magic_card": True, "lucky_player": True}}}
    )
    chart = chart_model(strategy_chart(rules))
    run = simulate(rules, chart, rounds=1_000_000, seed=21, reshuffle_every_round=True, workers=2)
    lines = run.report()["wagers"]["bad_beat"]["lines"]
    expected = {
        "magic_card_bonus": 2 / 52 - (6 / 312) * (5 / 311),
        "lucky_player_bonus": 1 / 7,
    }
    for bonus, chance in expected.items():
        seen = sum(share for name, share in lines.items() if bonus in name.split("+"))
        error = (chance * (1 - chance) / 1_000_000) ** 0.5
        assert abs(seen - chance) < 4 * error, (bonus, seen, chance)


def test_633b_16_c_ez_bust_is_declined_as_its_best_decision() -> None:
    # Against every up card it may be placed on (2-6) the dealer busts less than half the time
    # (the exact analysis), so declining is the best decision; the run says so.
    rules = Rules.model_validate({"side_wagers": {"ez_bust": {}}})
    for figure in analyse("ez_bust", rules).by_up_card:
        assert figure.bust < Fraction(1, 2), figure.up
    report = simulate(rules, chart_model(strategy_chart(rules)), rounds=1_000, seed=1).report()
    assert "ez_bust" not in report["wagers"]
    assert "633b.16(c)" in report["declined"]["ez_bust"]


def test_633a_7_g_4_the_crown_treasure_bonus_is_settled_on_the_hole_card() -> None:
    # The player's king and queen of spades against the king of hearts; the hole card the
    # queen of hearts (a Royal Match for the dealer too: the bonus) or the queen of clubs (not).
    rules = Rules.model_validate({"side_wagers": {"royal_match_21": {"paytable": "C"}}})
    chart = chart_model(strategy_chart(rules))
    table = compile_table(rules, player_boxes=1, other_boxes=0)
    pair_cells, total_cells = compile_chart(chart)
    sides = compile_sides(rules)
    stakes = side_stakes(sides)
    filler = ["2S", "3D", "4C", "5H", "6S", "7D", "8C", "9H"] * 3
    results = []
    for hole in ("QH", "QC"):
        cards = ["KS", "KH", "QS", hole, *filler]
        shoe = np.array([code_of(card) for card in cards], dtype=np.int8)
        counts = np.zeros(sides.nets.shape, dtype=np.int64)
        play_stacked(
            shoe,
            table.params,
            pair_cells,
            total_cells,
            np.zeros(1, dtype=np.int64),
            sides.outcomes,
            sides.reads_up,
            sides.hole_outcomes,
            counts,
        )
        _, _, expected = reference_round(
            rules, chart, [card_of(code_of(card)) for card in cards], 1, stakes, 1
        )
        got = kernel_side_nets(sides, counts, stakes)["royal_match_21"]
        assert got == expected["royal_match_21"], hole
        results.append(got[0])
    assert results[0] > results[1] > 0  # the bonus on top of the Royal Match


def code_of(card: str) -> int:
    """The kernel's code of a card written as the engine writes it (rank - 1) * 4 + suit."""
    return "A23456789TJQK".index(card[0]) * 4 + "SHDC".index(card[1])


def test_a_simulated_payout_limit_changes_only_the_capped_wagers() -> None:
    # Each box wagers the offer's minimum, 100 cents: a queen of hearts pair with a dealer
    # Blackjack wins 100,000 cents, over a 50,000 limit even alone. The same seed with and
    # without the limit deals the same cards; only the capped wagers' nets change, by 50,000
    # cents (500 units) each.
    offered = {"side_wagers": {"lucky_ladies": {}}, "max_boxes_per_player": 3}
    free = Rules.model_validate(offered)
    limited = Rules.model_validate({**offered, "payout_limit": 50_000})
    chart = chart_model(strategy_chart(free))
    runs = [
        simulate(rules, chart, rounds=600_000, seed=3, player_boxes=3, unit_rounds=200_000)
        for rules in (free, limited)
    ]
    plain, capped = (run.report()["wagers"]["lucky_ladies"] for run in runs)
    assert capped["lines"] == plain["lines"]
    wagers = capped["payout_limit_capped"]
    assert capped["stake_cents"] == 100
    assert wagers == round(plain["lines"]["queen_of_hearts_pair_and_dealer_blackjack"] * 1_800_000)
    assert wagers > 5
    assert capped["house_edge"] - plain["house_edge"] == pytest.approx(wagers * 500 / 1_800_000)
