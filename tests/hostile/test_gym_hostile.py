"""What a careless or hostile user gives the Gymnasium environment: each bad value is refused
with an error naming what was wrong (and the paragraph where one applies), before anything is
dealt; a bad action changes nothing."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

from tablegames.core.errors import IllegalActionError, TableGamesError
from tablegames.gym import ENV_ID
from tests.gym.helpers import make

BAD_SETTINGS: list[tuple[dict[str, Any], str]] = [
    ({"rules": 42}, "rules must be a Rules or a preset name"),
    ({"rules": "no-such-preset"}, "no-such-preset"),
    ({"rules": "pa-blackjack-switch"}, "633a.12(a)(4)"),
    ({"rules": "pa-switch-hands-premium"}, "633c.4(f)"),
    ({"obs_mode": "pixels"}, "obs_mode 'pixels'"),
    ({"illegal_action": "ignore"}, "illegal_action 'ignore'"),
    ({"render_mode": "human"}, "render_mode 'human'"),
    ({"wager": 5}, "below the table minimum"),
    ({"wager": 10**9}, "over the table maximum"),
    ({"wager": 1050}, "not a multiple of the wager unit"),
    ({"wager": 10.0}, "whole number of cents"),
    ({"wager": True}, "whole number of cents"),
]


@pytest.mark.filterwarnings("ignore:.*render_mode:UserWarning")  # Gymnasium's own warning first
@pytest.mark.parametrize(("settings", "message"), BAD_SETTINGS)
def test_bad_settings_are_refused_by_name(settings: dict[str, Any], message: str) -> None:
    with pytest.raises(TableGamesError) as caught:
        gymnasium.make(ENV_ID, **settings)
    assert message in str(caught.value)


@pytest.mark.parametrize("action", [-1, 8, 99, 1.0, "hit", None, True, np.array([0, 1])])
def test_an_action_outside_the_ids_is_refused_and_changes_nothing(action: object) -> None:
    env = make(illegal_action="refuse")  # even when illegal actions are only refused
    observation, _ = env.reset(seed=3)
    with pytest.raises(IllegalActionError) as caught:
        env.step(action)
    assert "0 stand" in str(caught.value)
    assert "7 decline" in str(caught.value)
    assert env.round is not None
    assert len(env.round.events) > 0
    after, _, _, _, _ = env.step(0)  # the round goes on from where it was
    assert after is not observation


def test_step_before_reset_and_after_the_round_ends_say_what_to_do() -> None:
    env = make()
    with pytest.raises(TableGamesError, match=r"call reset\(\) before step\(\)"):
        env.step(0)
    env.reset(seed=1)
    done = False
    while not done:
        mask = env.action_mask()
        _, _, done, _, _ = env.step(int(np.flatnonzero(mask)[0]))
    with pytest.raises(TableGamesError, match=r"the round is complete.*call reset\(\)"):
        env.step(0)


def test_an_illegal_action_raises_the_engines_refusal_when_asked_to() -> None:
    env = make(illegal_action="raise")
    _, info = env.reset(seed=2)
    events = len(env.round.events) if env.round else 0
    if info["decision"] == "play":
        with pytest.raises(IllegalActionError, match=r"633a\.8"):
            env.step(5)  # insurance, outside the offer: 633a.8(a)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert env.round is not None
    assert len(env.round.events) == events


def test_reset_refuses_options_it_does_not_know() -> None:
    env = make()
    with pytest.raises(TableGamesError, match="reset takes no options"):
        env.reset(options={"decks": 2})
    env.reset(options={})  # Gymnasium's checker passes an empty mapping
