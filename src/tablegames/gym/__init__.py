"""`tablegames.gym`: the PA Blackjack game (58 Pa. Code 633a) as a Gymnasium environment.

Importing this package registers `tablegames/PABlackjack-v0` (Gymnasium 1.x loads no plugin
entry points, so the import is what registers it; `gymnasium.make("tablegames.gym:tablegames/
PABlackjack-v0")` imports it for you). Gymnasium is the optional `gym` extra
(`pip install 'tablegames[gym]'`); nothing else in the package imports it. See docs/gym.md.

>>> import gymnasium
>>> env = gymnasium.make(ENV_ID, rules="pa-6deck")
>>> observation, info = env.reset(seed=7)
>>> sorted(observation) == sorted(env.observation_space.spaces)
True
>>> info["action_mask"].dtype.name, len(info["action_mask"])
('int8', 8)
"""

from __future__ import annotations

from typing import Final

import gymnasium

from tablegames.gym.actions import ACTION_IDS, ACTIONS, N_ACTIONS
from tablegames.gym.env import PABlackjackEnv, box_result, policy_action, rules_for

ENV_ID: Final = "tablegames/PABlackjack-v0"

if ENV_ID not in gymnasium.registry:
    # A round always ends (every decision deals a card or completes a hand), so no step limit.
    gymnasium.register(id=ENV_ID, entry_point="tablegames.gym.env:PABlackjackEnv")

__all__ = [
    "ACTIONS",
    "ACTION_IDS",
    "ENV_ID",
    "N_ACTIONS",
    "PABlackjackEnv",
    "box_result",
    "policy_action",
    "rules_for",
]
