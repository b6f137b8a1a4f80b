"""`tablegames simulate --plot`: the sessions the kernel keeps are the run's rounds in order, the
same with any number of workers, and the plot is written."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from typer.testing import CliRunner

from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sim.run import simulate
from tablegames.blackjack.strategy_chart import StrategyChart
from tablegames.cli import app
from tablegames.reports.blackjack_text import chart_model, strategy_chart

RULES = Rules(hit_split_aces=False, resplit_aces=False)


@cache
def basic() -> StrategyChart:
    return chart_model(strategy_chart(RULES))


def test_sessions_add_up_to_the_run_and_do_not_depend_on_the_workers() -> None:
    one = simulate(RULES, basic(), rounds=200_000, seed=3, unit_rounds=50_000, session_rounds=100)
    two = simulate(
        RULES, basic(), rounds=200_000, seed=3, unit_rounds=50_000, session_rounds=100, workers=2
    )
    assert len(one.totals.sessions) == 2_000
    assert sum(one.totals.sessions) == one.totals.total
    assert one.totals.sessions == two.totals.sessions
    # Keeping sessions changes no round.
    plain = simulate(RULES, basic(), rounds=200_000, seed=3, unit_rounds=50_000)
    assert plain.totals.total == one.totals.total
    assert plain.totals.sessions == ()


def test_a_partial_session_at_a_units_end_is_not_kept() -> None:
    run = simulate(RULES, basic(), rounds=1_000, seed=4, unit_rounds=1_000, session_rounds=300)
    assert len(run.totals.sessions) == 3


def test_simulate_plot_writes_the_figure(tmp_path: Path) -> None:
    target = tmp_path / "run.png"
    outcome = CliRunner().invoke(
        app,
        ["simulate", "--rounds", "20000", "--plot", str(target), "--session-rounds", "50"],
    )
    assert outcome.exit_code == 0, outcome.output
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
