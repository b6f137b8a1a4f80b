"""What a decision costs and the paragraph it is taken under: small tables beside the round.

`stake_required` tells a table what the wallet must hold before it sends a decision, so the
terminal, the server and the simulator need not each work out a double or a split.

>>> from tablegames.blackjack.round import Round
>>> from tablegames.blackjack.wagers import BoxWager
>>> from tablegames.core.cardsource import StackedShoe
>>> from tablegames.blackjack.rules import Rules
>>> shoe = StackedShoe.parse(["9S", "5H", "2D", "7C", "KH"])
>>> game = Round(rules=Rules(), shoe=shoe, wagers=[BoxWager(box=1, amount=2500)])
>>> stake_required(game, Action.DOUBLE, None), stake_required(game, Action.HIT, None)
(2500, 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames.blackjack.actions import Action, Turn
from tablegames.core.errors import IllegalActionError

if TYPE_CHECKING:
    from tablegames.blackjack.round import Round


def stake_required(game: Round, action: Action, amount: int | None) -> int:
    """The cents the wallet must hold for `action` now; raises the round's refusal if illegal."""
    game.verify(action, amount)
    hand = game.current_hand
    if hand is None:  # unreachable after verify; keeps the type checker honest
        raise IllegalActionError("the round is complete")
    if action is Action.DOUBLE:
        # 633a.10(a): an amount up to the original wager, or the whole of it when none is named.
        return hand.stake if amount is None else amount
    if action is Action.SPLIT:
        # 633a.11(a): the new hand carries a wager equal to the original.
        return hand.stake
    if action in (Action.INSURANCE, Action.EZ_BUST):
        # 633a.8(b): the insurance, at most `max_insurance()`; 633b.16(d): the EZ Bust wager.
        # verify has refused both without an amount.
        return amount or 0
    # Hit, stand, surrender, decline, even money and keep put nothing down. Switch neither:
    # 633c.4(c), (l): the Switch Hands ante went down with the Blackjack Wager before the deal
    # and the switch decision only collects it.
    return 0


def decision_paragraph(turn: Turn, action: Action) -> str:
    """The paragraph a DecisionMade event cites for `action` at `turn`."""
    if turn.kind in ("switch", "switch_hands", "ez_bust"):
        return _DECISION_PARAGRAPHS[turn.kind]
    return _DECISION_PARAGRAPHS[action]


_DECISION_PARAGRAPHS: dict[object, str] = {
    Action.HIT: "633a.7(i)(2)",
    Action.STAND: "633a.7(i)(2)",
    Action.DOUBLE: "633a.10(a)",
    Action.SPLIT: "633a.11(a)",
    Action.SURRENDER: "633a.9(a)",
    Action.INSURANCE: "633a.8(b)",
    Action.EVEN_MONEY: "633a.8(e)",
    Action.DECLINE: "633a.8(a)",
    Action.EZ_BUST: "633b.16(c)",
    "ez_bust": "633b.16(c)",
    "switch": "633a.12(a)(4)",
    "switch_hands": "633c.4(f)",
}
