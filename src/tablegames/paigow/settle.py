"""Settling a main wager: a player's setting against the banker's (a pure function).

A player wins when both hands outrank the banker's, loses when both are lower or copied, and
pushes otherwise; copies go to the banker (paigow/645a-digest.md 10, every source; the 645a.11
text was not found). A win pays 1 to 1 less the filed commission (`commission_percent`,
rounded by `commission_unit` / `commission_rounding`, integer cents, `core.money.commission`).
Commission-free play (645c.1) collects none, and when the banker's low hand is a Tiger 9 (nine
high: a nine and a lower card) every main wager pushes (645c.1(b)(2)).

>>> from tablegames.paigow.cards import parse_hand
>>> from tablegames.paigow.rules import PaiGowRules
>>> from tablegames.paigow.setting import make_setting
>>> hand = parse_hand(["JK", "KS", "QS", "JS", "TS", "3H", "3D"])
>>> player = make_setting(hand, low=parse_hand(["3H", "3D"], size=2))
>>> dealer_hand = parse_hand(["AS", "KD", "9C", "9H", "5S", "4D", "2C"])
>>> dealer = make_setting(dealer_hand, low=parse_hand(["AS", "KD"], size=2))
>>> settle(player, dealer, PaiGowRules(), wager=2500)
Settlement(result='win', commission=125, net=2375)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tablegames.core.money import commission as commission_on
from tablegames.paigow.ranking import Category, HandValue
from tablegames.paigow.rules import PaiGowRules
from tablegames.paigow.setting import LEGALITY_SOURCE, IllegalSettingError, Setting, refusal

Result = Literal["win", "push", "lose"]


@dataclass(frozen=True, slots=True)
class Settlement:
    """The result, the commission collected and the player's net, in cents."""

    result: Result
    commission: int
    net: int


def is_tiger_9(setting: Setting) -> bool:
    """The low hand is nine high (645c.1(b)(2)): two singles, the higher a nine."""
    value = HandValue(setting.low_key)
    return value.category is Category.HIGH_CARD and value.tiebreak[0] == 9


def outcome(player: Setting, banker: Setting, rules: PaiGowRules) -> Result:
    """win / push / lose of the player's setting against the banker's; copies to the banker."""
    if banker.high_key < banker.low_key:
        raise IllegalSettingError(f"the banker's setting is a foul ({LEGALITY_SOURCE})")
    reason = refusal(player)
    if reason is not None:
        if rules.foul_treatment == "lose":
            return "lose"
        raise IllegalSettingError(
            f"{reason}: the house way resets it before settlement "
            "(Rules Submission field foul_treatment)"
        )
    if rules.commission_free and rules.tiger_9_push and is_tiger_9(banker):
        return "push"  # 645c.1(b)(2)
    high_wins = player.high_key > banker.high_key
    low_wins = player.low_key > banker.low_key
    if high_wins and low_wins:
        return "win"
    if not high_wins and not low_wins:
        return "lose"
    return "push"


def settle(player: Setting, banker: Setting, rules: PaiGowRules, *, wager: int = 0) -> Settlement:
    """The settlement of a main wager of `wager` cents (integer cents, never floats)."""
    if isinstance(wager, bool) or not isinstance(wager, int) or wager < 0:
        raise ValueError(f"wager {wager!r} must be a whole, non-negative number of cents")
    result = outcome(player, banker, rules)
    if result == "win":
        collected = commission_on(wager, rules.commission_rate, rules.rounding)
        return Settlement(result=result, commission=collected, net=wager - collected)
    if result == "lose":
        return Settlement(result=result, commission=0, net=-wager)
    return Settlement(result=result, commission=0, net=0)
