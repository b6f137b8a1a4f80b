"""Random play by the mask, under every preset the environment plays: it never raises, every
round ends, and the reward is the box's settled net in units of the initial wager."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames.blackjack.rules import load_rules, preset_names
from tablegames.gym.env import UNSUPPORTED_VARIANTS
from tests.gym.helpers import make, masked_choice

PLAYABLE = sorted(
    name for name in preset_names() if load_rules(preset=name).variant not in UNSUPPORTED_VARIANTS
)
MOST_STEPS = 200  # far more than any round needs; a round that never ends fails the test


@settings(max_examples=25, deadline=None)
@given(
    preset=st.sampled_from(PLAYABLE),
    seed=st.integers(0, 2**32 - 1),
    obs_mode=st.sampled_from(["dict", "blackjack-v1"]),
    reshuffle=st.booleans(),
)
def test_masked_random_play_never_raises_and_pays_the_engines_net(
    preset: str, seed: int, obs_mode: str, reshuffle: bool
) -> None:
    env = make(rules=preset, obs_mode=obs_mode, reshuffle_every_round=reshuffle)
    rng = np.random.default_rng(seed)
    observation, info = env.reset(seed=seed)
    for _ in range(8):
        assert observation in env.observation_space
        for _ in range(MOST_STEPS):
            observation, reward, done, truncated, info = env.step(masked_choice(rng, info))
            assert observation in env.observation_space
            assert not truncated
            assert "refused" not in info
            if done:
                break
        else:
            raise AssertionError(f"the round did not end in {MOST_STEPS} steps")
        game = env.round
        assert game is not None
        assert game.is_complete
        settled = sum(event.returned - event.stake for event in game.settlements())
        assert info["net_cents"] == settled
        assert reward == settled / env.wager
        assert not info["action_mask"].any()
        observation, info = env.reset()
