"""Player decisions and whose turn it is.

>>> Action("double"), Action.SPLIT.value
(<Action.DOUBLE: 'double'>, 'split')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Literal


class Action(Enum):
    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    SPLIT = "split"
    SURRENDER = "surrender"
    INSURANCE = "insurance"
    EVEN_MONEY = "even_money"
    DECLINE = "decline"
    EZ_BUST = "ez_bust"
    SWITCH = "switch"
    KEEP = "keep"


PLAY_ACTIONS = (Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT, Action.SURRENDER)
OFFER_ACTIONS = (Action.INSURANCE, Action.EVEN_MONEY, Action.DECLINE)
EZ_BUST_ACTIONS = (Action.EZ_BUST, Action.DECLINE)
SWITCH_ACTIONS = (Action.SWITCH, Action.KEEP)


TurnKind = Literal["switch_hands", "insurance", "ez_bust", "switch", "play"]


@dataclass(frozen=True, slots=True)
class Turn:
    """The decision the round is waiting for: an insurance offer or playing a hand."""

    box: int
    hand: int
    kind: TurnKind
