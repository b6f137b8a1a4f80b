"""Basic strategy played through the environment agrees with the exact analysis.

The chart is the analysis's own (`tablegames strategy`), played by the engine's `ChartPolicy`
on the player's view, each decision carried out by `env.step`. The exact figure deals every
round from a full shoe; the environment deals to the cover card, whose effect (a few
thousandths of a percent) is far inside the standard error of 20,000 rounds (about 0.8%)."""

from __future__ import annotations

import math

from tablegames.blackjack.analysis.basic_strategy import basic_chart
from tablegames.blackjack.analysis.game import analyse, basic_from
from tablegames.blackjack.policy import ChartPolicy
from tablegames.blackjack.rules import Rules
from tablegames.gym import policy_action
from tablegames.reports.blackjack_text import chart_model
from tests.gym.helpers import make

ROUNDS = 20_000


def test_basic_strategy_through_the_environment_agrees_with_the_exact_edge() -> None:
    rules = Rules()
    cdz = analyse(rules, "cdz")
    exact = basic_from(cdz).house_edge
    policy = ChartPolicy(chart_model(basic_chart(cdz)))
    env = make(rules=rules)
    total = square = 0.0
    env.reset(seed=2026)
    for episode in range(ROUNDS):
        if episode:
            env.reset()
        done = False
        while not done:
            _, reward, done, _, _ = env.step(policy_action(env, policy))
        total += float(reward)
        square += float(reward) ** 2
    mean = total / ROUNDS
    error = math.sqrt((square / ROUNDS - mean**2) / ROUNDS)
    assert abs(-mean - exact) < 3 * error, (-mean, exact, error)
