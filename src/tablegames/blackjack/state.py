"""The mutable state of a round's boxes and hands, and the settlement records it produces."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, auto

from tablegames.blackjack.hand import Points, points
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.variation import variation_of
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card


class HandStatus(Enum):
    OPEN = auto()
    STOOD = auto()
    DOUBLED = auto()
    BUSTED = auto()
    SURRENDERED = auto()  # awaiting the hole card (633a.9(a)(2))
    BLACKJACK = auto()  # awaiting payment until the hole card shows (633a.7(i)(1)(ii))
    SETTLED = auto()  # paid, collected or returned before the end of the round


@dataclass(slots=True)
class HandState:
    """One hand of a box: the original two-card hand, or one formed by splitting."""

    cards: list[Card]
    stake: int  # the Blackjack Wager on this hand; a split hand's equals the original (633a.11(a))
    from_split: bool = False
    origin: int = 0  # the initial hand it was split from (Blackjack Switch has two)
    split_aces: bool = False
    double: int = 0
    status: HandStatus = HandStatus.OPEN
    surrendered: bool = False  # stays true once settled (633a.9)
    switched: bool = False  # Blackjack Switch: this hand's second card came from the other

    @property
    def points(self) -> Points:
        return points(self.cards)

    @property
    def total_stake(self) -> int:
        return self.stake + self.double


@dataclass(slots=True)
class BoxState:
    wager: BoxWager
    hands: list[HandState] = field(default_factory=list)
    insurance: int = 0
    offer_answered: bool = False
    decided: bool = False  # any play decision made: surrender must come first (633a.9(a))
    ante: int = 0  # the Switch Hands ante (633c.4(c))
    switched: bool | None = None  # a switch decision (633a.12(a)(4), 633c.4(f)); None: not yet
    switch_cards: list[Card] = field(default_factory=list)  # 633c.4(d): two face down
    discarded: list[Card] = field(default_factory=list)  # cards taken out of play this round
    initial_cards: list[Card] = field(default_factory=list)  # hand 0's first two, as played

    @property
    def number(self) -> int:
        return self.wager.box


@dataclass(frozen=True, slots=True)
class Settlement:
    """One wager settled: `returned` includes the stake and is 0 when the wager is lost."""

    box: int
    hand: int
    wager: str
    stake: int
    returned: int
    outcome: str
    paragraph: str
    line: str | None = None  # the paytable line(s) a side wager won on

    @classmethod
    def blackjack_wager(
        cls, box: BoxState, index: int, *, stake: int, returned: int, outcome: str, paragraph: str
    ) -> Settlement:
        return cls(box.number, index, "blackjack", stake, returned, outcome, paragraph)

    @classmethod
    def insurance(cls, box: BoxState, *, won: bool, paragraph: str) -> Settlement:
        # 633a.13(b): a winning Insurance Wager pays 2 to 1.
        returned = box.insurance * 3 if won else 0
        return cls(
            box.number, 0, "insurance", box.insurance, returned, "win" if won else "lose", paragraph
        )


def initial_hands(rules: Rules) -> int:
    """633a.12(a)(1), (3): a Blackjack Switch player plays two hands; everyone else one."""
    return variation_of(rules).hands_per_box
