"""Shared pieces of the environment's tests: making it, and playing it by the mask."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from tablegames.gym import ENV_ID, PABlackjackEnv


def make(**kwargs: Any) -> PABlackjackEnv:
    env = gymnasium.make(ENV_ID, **kwargs).unwrapped
    if not isinstance(env, PABlackjackEnv):
        raise TypeError(f"{ENV_ID} made {type(env).__name__}")
    return env


def masked_choice(rng: np.random.Generator, info: dict[str, Any]) -> int:
    """A uniform pick among the legal action ids."""
    return int(rng.choice(np.flatnonzero(info["action_mask"])))
