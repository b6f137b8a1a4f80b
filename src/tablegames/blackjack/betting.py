"""The betting window before a round: bets arrive one at a time, each checked as it arrives.

A bet may be withdrawn while the window is open; once it closes the round has started and
633a.6(c) forbids handling, removing or altering a wager until its decision. The window runs
the same checks as `validate_box_wagers`, so a window that accepted every step holds exactly
the bets the all-at-once check accepts.

>>> from tablegames.blackjack.rules import Rules
>>> window = BettingWindow(Rules())
>>> window.place(BoxWager(box=2, amount=2500, player="Ann"))
>>> window.place(BoxWager(box=3, amount=2500, player="Ann"))
>>> window.withdraw(3).box
3
>>> [bet.box for bet in window.close()]
[2]
"""

from __future__ import annotations

from collections.abc import Sequence

from tablegames.blackjack.rules import Rules
from tablegames.blackjack.wagers import (
    BoxWager,
    validate_box,
    validate_box_wagers,
    validate_player_boxes,
    validate_stakes,
)
from tablegames.core.errors import WagerError


class BettingWindow:
    """The bets of the next round, table-side, until the dealer closes betting."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._bets: dict[int, BoxWager] = {}  # box number -> the bet on it
        self._closed = False

    @classmethod
    def all_at_once(cls, rules: Rules, wagers: Sequence[BoxWager]) -> BettingWindow:
        """A window holding every wager of `wagers`, as a Round constructor receives them.

        The wagers are checked together first, so problems are reported in the order
        `validate_box_wagers` has always reported them; they are then placed in box order,
        which any accepted set survives (each player's boxes, taken in order, stay adjacent
        and within the limit at every step)."""
        window = cls(rules)
        # validate_box_wagers ran every check `place` runs, on the whole set; placing in box
        # order cannot fail a step (a player's adjacent boxes stay adjacent at each prefix).
        for wager in validate_box_wagers(wagers, rules):
            window._bets[wager.box] = wager
        return window

    @property
    def bets(self) -> tuple[BoxWager, ...]:
        """The bets placed so far, in box order (the dealing order, 633a.7(f))."""
        return tuple(self._bets[box] for box in sorted(self._bets))

    @property
    def is_open(self) -> bool:
        return not self._closed

    def place(self, bet: BoxWager) -> None:
        """Check `bet` against the rules and the bets already down; refused, nothing changes."""
        self._refuse_once_closed("placed")
        validate_box(bet.box, self.rules)
        if bet.box in self._bets:
            # 633a.2(a): each betting position takes one Blackjack Wager.
            raise WagerError(
                f"box {bet.box} already has a Blackjack Wager; withdraw it first",
                paragraph="633a.2(a)",
            )
        validate_stakes(bet, self.rules)
        # 633a.6(f): counted with the player's earlier bets, the boxes stay adjacent and
        # within the house limit, so the player learns at once which box is one too many.
        validate_player_boxes(bet.player, [*self._boxes_of(bet.player), bet.box], self.rules)
        self._bets[bet.box] = bet

    def withdraw(self, box: int) -> BoxWager:
        """Take back the bet on `box` before the deal; refused, nothing changes."""
        self._refuse_once_closed("withdrawn")
        bet = self._bets.get(box)
        if bet is None:
            raise WagerError(f"box {box} has no bet to withdraw")
        remaining = [number for number in self._boxes_of(bet.player) if number != box]
        # 633a.6(f): taking back a middle box would leave the player's other boxes apart.
        validate_player_boxes(bet.player, remaining, self.rules)
        del self._bets[box]
        return bet

    def close(self) -> tuple[BoxWager, ...]:
        """No more bets: the round starts with these, in box order."""
        self._refuse_once_closed("closed again")
        if not self._bets:
            # 633a.6(d): a player takes part in a round only with a Blackjack Wager.
            raise WagerError("a round needs at least one Blackjack Wager", paragraph="633a.6(d)")
        self._closed = True
        return self.bets

    def _boxes_of(self, player: str) -> list[int]:
        return [box for box, bet in self._bets.items() if bet.player == player]

    def _refuse_once_closed(self, what: str) -> None:
        if self._closed:
            # 633a.6(c): wagers go down before the first card; once the round has started a
            # wager may not be handled, removed or altered until its decision.
            raise WagerError(
                f"betting is closed: no bet may be {what} once the round has started",
                paragraph="633a.6(c)",
            )
