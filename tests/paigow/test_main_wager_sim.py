"""The main wager by simulation on the shared runtime (`paigow.sim`, `tablegames simulate
--game pai_gow`): the Trump Plaza way against itself reproduces the published figures of
paigow/anchors.md 4 within 3 standard errors, and a seed gives the same result however the
work is split.

Sources of the figures (anchors 4): Wizard of Odds, "No-Push Pai Gow" page (Trump Plaza
against Trump Plaza, random simulation), mirrored at
http://photoeditorx.com/games/pai-gow-poker/appendix/4/: player wins 28.55%, pushes 41.47%,
loses 29.98%, player edge 2.85% with a 5% commission; sonofdave.com, commission-free Pai Gow
Poker (https://sonofdave.com/games/commission-free-pai-gow-poker/, Trump Plaza way): win
0.273726 / push 0.427453 / lose 0.298822 with the Tiger 9 push, edge 2.51%, dealer Tiger 9
0.025007. `benchmarks/sim_paigow_main.py` and docs/paigow.md report larger runs.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from tablegames.cli import app
from tablegames.paigow import sim
from tablegames.paigow.rules import PaiGowRules, pai_gow_rules_from_mapping
from tablegames.paigow.sim import simulate


def _within(share: float, se: float, published: float) -> None:
    assert abs(share - published) < 3 * se, (share, published, se)


def test_anchors_4_trump_plaza_against_itself_with_commission() -> None:
    # 200,000 deals (a standard error of 0.1 percentage point, about the page's own precision):
    # at 2 x 10^7 deals this way gives 28.630 / 41.465 / 29.905%, 7-8 standard errors from the
    # page's win and lose, while the commission-free figures below, given to six digits, agree
    # within one; the two pages' difference in losses (0.10 point, where a dealer's nine-high
    # low hand can barely beat both of a player's hands) says the No-Push page's simulation is
    # not that precise (docs/paigow.md).
    report = simulate(PaiGowRules(), rounds=200_000, seed=2013, workers=2).report()
    main = report["wagers"]["pai_gow"]
    for name, published in (("win", 0.2855), ("push", 0.4147), ("lose", 0.2998)):
        _within(main["lines"][name], main["line_standard_errors"][name], published)
    # The edge, commission included: 0.95 * 0.2855 - 0.2998 = -0.02858 (the page's 2.85%).
    _within(main["house_edge"], main["standard_error"], 0.0285)
    _within(report["dealer_tiger_9"], report["dealer_tiger_9_standard_error"], 0.025007)
    assert main["commission_cents"] == 500 * round(main["lines"]["win"] * main["n"])


def test_anchors_4_commission_free_with_the_tiger_9_push() -> None:
    rules = pai_gow_rules_from_mapping({"preset": "pa-commission-free", "tiger_9_wager": True})
    # 2 x 10^6 deals: standard errors of 0.03 point, against figures given to six digits.
    report = simulate(rules, rounds=2_000_000, seed=645, workers=2).report()
    main = report["wagers"]["pai_gow"]
    for name, published in (("win", 0.273726), ("push", 0.427453), ("lose", 0.298822)):
        _within(main["lines"][name], main["line_standard_errors"][name], published)
    _within(main["house_edge"], main["standard_error"], 0.0251)
    assert main["commission_cents"] == 0
    tiger = report["wagers"]["tiger_9"]
    # 30 to 1 at P = 0.025007: edge 1 - 31 * 0.025007 = 22.48% (sonofdave).
    _within(tiger["house_edge"], tiger["standard_error"], 0.2248)


def test_a_seed_gives_the_same_result_however_the_units_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sim, "UNIT_DEALS", 150)  # four units from 500 deals
    one = simulate(PaiGowRules(), rounds=500, seed=9, workers=1).totals
    two = simulate(PaiGowRules(), rounds=500, seed=9, workers=2).totals
    other = simulate(PaiGowRules(), rounds=500, seed=10, workers=1).totals
    fields = ("deals", "win", "push", "lose", "net", "net_sq", "commission", "tiger_9")
    assert [getattr(one, f) for f in fields] == [getattr(two, f) for f in fields]
    assert [getattr(one, f) for f in fields] != [getattr(other, f) for f in fields]


def test_the_simulate_command_reports_json_in_the_shared_shape() -> None:
    runner = CliRunner()
    argv = ["simulate", "--game", "pai_gow", "--rounds", "300", "--seed", "4", "--json"]
    first, second = runner.invoke(app, argv), runner.invoke(app, [*argv, "--workers", "2"])
    assert first.exit_code == 0, first.output
    reports = [json.loads(outcome.stdout) for outcome in (first, second)]
    for report in reports:
        for key in ("rounds_per_second", "rounds_per_second_per_core"):
            report.pop(key)
    assert reports[0] == reports[1]
    main = reports[0]["wagers"]["pai_gow"]
    assert set(main) >= {"n", "house_edge", "standard_error", "std_dev", "lines"}
    assert main["n"] == 300
    assert sum(main["lines"].values()) == pytest.approx(1)


def test_the_simulate_command_prints_the_figures() -> None:
    outcome = CliRunner().invoke(
        app, ["simulate", "--game", "pai_gow", "--rounds", "200", "--preset", "pa-commission-free"]
    )
    assert outcome.exit_code == 0, outcome.output
    assert "commission-free (645c.1), house way trump_plaza against itself, 200 deals" in (
        outcome.stdout
    )
    assert "push" in outcome.stdout


@pytest.mark.parametrize(
    "filed",
    [
        {"preset": "pa-pai-gow"},
        {"preset": "pa-commission-free", "tiger_9_wager": True},
        {
            "house_way": "claridge",
            "commission_percent": "9/2",
            "commission_rounding": "up",
            "commission_unit": 25,
        },
    ],
)
def test_the_kernel_settles_the_same_deals_as_the_tables_python_code(
    filed: dict[str, Any],
) -> None:
    # The same 3,000 deals set by the Python house way and settled by settle.settle (the
    # table's code), and set by the numba kernel and settled from the keys: equal totals.
    from tablegames.paigow.sim import deals, kernel_sets, settle_kernel, settle_python

    rules = pai_gow_rules_from_mapping(filed)
    assert kernel_sets(rules)
    dealt = deals(np.random.default_rng(20261207), 3_000)
    assert settle_kernel(rules, dealt) == settle_python(rules, dealt)


def test_edge_pai_gow_reports_the_simulated_main_wager_in_the_side_wagers_shape() -> None:
    result = CliRunner().invoke(
        app, ["edge", "pai_gow", "--preset", "pa-commission-free", "--json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["method"].startswith("simulation: 2,000,000 deals at seed 0")
    lines = {line["line"]: line for line in report["lines"]}
    # sonofdave.com's commission-free figures (anchors 4), within 3 standard errors.
    for name, published in (("win", 0.273726), ("push", 0.427453)):
        _within(lines[name]["probability"], lines[name]["standard_error"], published)
    _within(report["house_edge"], report["standard_error"], 0.0251)
    assert (
        abs(
            sum(line["contribution"] for line in report["lines"])
            + report["losing_probability"]
            - report["house_edge"]
        )
        < 1e-12
    )
