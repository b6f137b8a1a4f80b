"""The environment's action ids and the engine's `Action` each one stands for.

The ids are fixed (they are what an agent outputs and a saved policy stores): 0 and 1 mean what
they mean in Gymnasium's Blackjack-v1 (0 stick, 1 hit), so an agent written for that game keeps
its meaning here; the PA decisions follow.

>>> [action.value for action in ACTIONS]
['stand', 'hit', 'double', 'split', 'surrender', 'insurance', 'even_money', 'decline']
>>> ACTION_IDS[Action.SURRENDER]
4
"""

from __future__ import annotations

from typing import Final

from tablegames.blackjack.actions import Action

ACTIONS: Final[tuple[Action, ...]] = (
    Action.STAND,  # 0: 633a.7(i)(2); also the one step of a round settled with no decision
    Action.HIT,  # 1: 633a.7(j)
    Action.DOUBLE,  # 2: 633a.10, for the whole original wager
    Action.SPLIT,  # 3: 633a.11
    Action.SURRENDER,  # 4: 633a.9 (late surrender)
    Action.INSURANCE,  # 5: 633a.8(b), for the most allowed: half the wager
    Action.EVEN_MONEY,  # 6: 633a.8(e)
    Action.DECLINE,  # 7: the insurance offer declined, 633a.8
)
ACTION_IDS: Final[dict[Action, int]] = {action: index for index, action in enumerate(ACTIONS)}
N_ACTIONS: Final = len(ACTIONS)
STAND_ID: Final = ACTION_IDS[Action.STAND]
