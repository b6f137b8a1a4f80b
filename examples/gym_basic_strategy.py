"""Basic strategy played through `tablegames/PABlackjack-v0`, next to the exact house edge.

Nothing is trained: the project's basic strategy chart (the one `tablegames strategy` prints,
derived from the exact analysis) is played by the engine's `ChartPolicy` on the player's view
of each decision, and `env.step` carries the decision out. The mean reward over the rounds is
the simulated player edge; its negative, the house edge, should lie within a few standard
errors of the exact figure (which deals every round from a full shoe: the cover card's effect
is far smaller than the standard error of any run this script makes).

    PYTHONPATH=src python examples/gym_basic_strategy.py --rounds 20000 --preset pa-6deck
"""

from __future__ import annotations

import argparse
import math
import time

import gymnasium

import tablegames.gym
from tablegames.blackjack.analysis.basic_strategy import basic_chart
from tablegames.blackjack.analysis.game import analyse, basic_from
from tablegames.blackjack.policy import ChartPolicy
from tablegames.blackjack.rules import load_rules
from tablegames.reports.blackjack_text import chart_model


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20_000)
    parser.add_argument("--preset", default="pa-6deck")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    if args.rounds < 2:
        parser.error("--rounds must be at least 2")

    rules = load_rules(preset=args.preset)
    cdz = analyse(rules, "cdz")
    exact = basic_from(cdz).house_edge
    policy = ChartPolicy(chart_model(basic_chart(cdz)))

    env = gymnasium.make(tablegames.gym.ENV_ID, rules=rules)
    player = env.unwrapped
    if not isinstance(player, tablegames.gym.PABlackjackEnv):
        raise SystemExit(f"{tablegames.gym.ENV_ID} is not the tablegames environment")
    started = time.perf_counter()
    total = square = 0.0
    env.reset(seed=args.seed)
    for episode in range(args.rounds):
        if episode:
            env.reset()  # the next round from the same shoe, until the cover card (633a.7(e))
        done = False
        while not done:
            action = tablegames.gym.policy_action(player, policy)
            _, reward, done, _, _ = env.step(action)
        total += float(reward)
        square += float(reward) ** 2
    seconds = time.perf_counter() - started

    mean = total / args.rounds
    error = math.sqrt((square / args.rounds - mean**2) / (args.rounds - 1))
    edge = -mean
    where = f"{args.rounds:,} rounds through {tablegames.gym.ENV_ID} (seed {args.seed})"
    print(f"{args.preset}: {where}")
    print(f"  house edge, played:  {100 * edge:+.3f}% +- {100 * error:.3f}% (one standard error)")
    print(f"  house edge, exact:   {100 * exact:+.3f}% (basic strategy, analysis/game.py)")
    print(f"  difference:          {(edge - exact) / error:+.2f} standard errors")
    print(f"  {args.rounds / seconds:,.0f} rounds/s")


if __name__ == "__main__":
    main()
