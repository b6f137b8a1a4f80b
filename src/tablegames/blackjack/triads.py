"""The verify/can/do triad for each decision, on top of a generic `verify`, `can` and `act`.

`verify_x()` raises IllegalActionError naming the rule, `can_x()` answers yes or no, and `x()`
carries the decision out and returns the events it appended (see STYLE.md, after pokerkit).
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from tablegames.blackjack.actions import Action
from tablegames.blackjack.events import Event


class DecisionTriads(ABC):
    @abstractmethod
    def verify(self, action: Action, amount: int | None = None) -> None: ...

    @abstractmethod
    def can(self, action: Action, amount: int | None = None) -> bool: ...

    @abstractmethod
    def act(self, action: Action, amount: int | None = None) -> list[Event]: ...

    def verify_hit(self) -> None:
        self.verify(Action.HIT)

    def can_hit(self) -> bool:
        return self.can(Action.HIT)

    def hit(self) -> list[Event]:
        return self.act(Action.HIT)

    def verify_stand(self) -> None:
        self.verify(Action.STAND)

    def can_stand(self) -> bool:
        return self.can(Action.STAND)

    def stand(self) -> list[Event]:
        return self.act(Action.STAND)

    def verify_double(self, amount: int | None = None) -> None:
        self.verify(Action.DOUBLE, amount)

    def can_double(self, amount: int | None = None) -> bool:
        return self.can(Action.DOUBLE, amount)

    def double(self, amount: int | None = None) -> list[Event]:
        return self.act(Action.DOUBLE, amount)

    def verify_split(self) -> None:
        self.verify(Action.SPLIT)

    def can_split(self) -> bool:
        return self.can(Action.SPLIT)

    def split(self) -> list[Event]:
        return self.act(Action.SPLIT)

    def verify_surrender(self) -> None:
        self.verify(Action.SURRENDER)

    def can_surrender(self) -> bool:
        return self.can(Action.SURRENDER)

    def surrender(self) -> list[Event]:
        return self.act(Action.SURRENDER)

    def verify_insurance(self, amount: int) -> None:
        self.verify(Action.INSURANCE, amount)

    def can_insure(self, amount: int) -> bool:
        return self.can(Action.INSURANCE, amount)

    def insure(self, amount: int) -> list[Event]:
        return self.act(Action.INSURANCE, amount)

    def verify_even_money(self) -> None:
        self.verify(Action.EVEN_MONEY)

    def can_take_even_money(self) -> bool:
        return self.can(Action.EVEN_MONEY)

    def take_even_money(self) -> list[Event]:
        return self.act(Action.EVEN_MONEY)

    def verify_decline(self) -> None:
        self.verify(Action.DECLINE)

    def can_decline(self) -> bool:
        return self.can(Action.DECLINE)

    def decline(self) -> list[Event]:
        return self.act(Action.DECLINE)
