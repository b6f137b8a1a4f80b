"""Side wagers in the simulator: settled to the cent as the reference engine settles them, and
in agreement with their exact analysis; what the kernel does not settle is refused."""

from __future__ import annotations

import pytest

from tablegames.blackjack.analysis.side_wagers import analyse
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sim.compile import compile_table
from tablegames.blackjack.sim.parity import ParityError, compare
from tablegames.blackjack.sim.run import simulate
from tablegames.core.errors import RulesError
from tablegames.reports.blackjack_text import chart_model, strategy_chart

# Every side wager settled on the initial deal (633a.6(e)(1)-(6), (9), (11), (12)).
SIMULATED = {
    "lucky_ladies": {},
    "match_the_dealer": {},
    "in_between": {},
    "royal_match_21": {"paytable": "C", "crown_treasure": False},
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


@pytest.mark.parametrize(
    ("side_wagers", "paragraph"),
    [
        ({"bad_beat": {}}, "633a.6(e)(8)"),
        ({"hit_and_run": {}}, "633a.6(e)(10)"),
        ({"ez_bust": {}}, "633b.16"),
        ({"royal_match_21": {"paytable": "C", "crown_treasure": True}}, "633a.7(g)(4)"),
    ],
)
def test_side_wagers_the_kernel_does_not_settle_are_refused(
    side_wagers: dict[str, object], paragraph: str
) -> None:
    rules = Rules.model_validate({"side_wagers": side_wagers})
    with pytest.raises(RulesError) as refused:
        compile_table(rules, player_boxes=1, other_boxes=0)
    assert refused.value.paragraph == paragraph


def test_the_aggregate_payout_limit_is_refused_with_the_wagers_it_limits() -> None:
    rules = Rules.model_validate({"side_wagers": {"lucky_ladies": {}}, "payout_limit": 10_000_000})
    with pytest.raises(RulesError) as refused:
        compile_table(rules, player_boxes=1, other_boxes=0)
    assert refused.value.paragraph == "633a.13(m)"
