"""What the agent observes: the spaces of the two observation modes and how each is read from
the round's public state.

Only what the player at the box may see goes in (the `policy.PlayerView` rule): their own
hands, the dealer's up card (633a.7(f)(2)) and a count of the cards not yet seen since the
shuffle (`counting.py`), in which the hole card (dealt face down, 633a.7(f)(4)) stays until it
is turned over and the burn cards (never turned up, 633a.7(c)) stay until the next shuffle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal

import numpy as np
from gymnasium import spaces

from tablegames.blackjack.hand import card_points, points
from tablegames.blackjack.rules import Rules
from tablegames.core.cards import Card
from tablegames.gym.actions import N_ACTIONS

ObsMode = Literal["dict", "blackjack-v1"]
OBS_MODES: Final[tuple[ObsMode, ...]] = ("dict", "blackjack-v1")

# What the round waits for, as the observation's "decision" field says it.
PLAY, INSURANCE, NONE = 0, 1, 2
DECISIONS: Final = ("play", "insurance", "none")

# The largest total a hand can show: a hard 20 that draws a ten-value card (Blackjack-v1's 32
# values, 0-31, hold it).
TOTALS: Final = 32
# The most cards a hand can hold: twenty aces (a hard 20) and a card that busts it.
MAX_CARDS: Final = 21
# 633a.11(c): the most hands a box can hold after splitting, the bound of `Rules.max_hands` (a
# test checks the two agree).
MAX_HANDS: Final = 16


def pair_value(cards: list[Card]) -> int:
    """The value of a two-card pair (633a.11(a): two cards of identical value), else 0."""
    if len(cards) == 2 and card_points(cards[0]) == card_points(cards[1]):
        return card_points(cards[0])
    return 0


def observation_space(rules: Rules, mode: ObsMode) -> spaces.Space[Any]:
    if mode == "blackjack-v1":
        # Exactly Gymnasium's Blackjack-v1: player sum, dealer showing card (ace 1), usable ace.
        return spaces.Tuple((spaces.Discrete(TOTALS), spaces.Discrete(11), spaces.Discrete(2)))
    # 633a.3(a): 4 of each value per deck, 16 ten-value cards; a batch shuffler's batch and a
    # double shoe's two sides together are `decks` decks at most.
    per_value = np.full(10, 4 * rules.decks, dtype=np.int64)
    per_value[9] = 16 * rules.decks
    return spaces.Dict(
        {
            "total": spaces.Discrete(TOTALS),
            "soft": spaces.Discrete(2),
            "pair": spaces.Discrete(11),
            "dealer_up": spaces.Discrete(11),
            "cards": spaces.Discrete(MAX_CARDS + 1),
            "hand": spaces.Discrete(MAX_HANDS),
            "hands": spaces.Discrete(MAX_HANDS + 1),
            "decision": spaces.Discrete(len(DECISIONS)),
            "legal": spaces.MultiBinary(N_ACTIONS),
            "unseen": spaces.Box(0, per_value, shape=(10,), dtype=np.int64),
            "cover_card": spaces.Discrete(2),
        }
    )


@dataclass(frozen=True, slots=True)
class Seen:
    """What one observation is read from (built fresh for each step)."""

    cards: list[Card]  # the hand shown
    hand: int
    hands: int
    up_card: Card
    decision: int
    mask: np.ndarray[Any, np.dtype[np.int8]]
    unseen: np.ndarray[Any, np.dtype[np.int64]]
    cover_card: bool


def observe(seen: Seen, mode: ObsMode) -> Any:
    total, soft = points(seen.cards)
    if mode == "blackjack-v1":
        # `card_points` writes a card as Blackjack-v1 does: 1 for an ace, 10 for a ten-value card.
        return (total, card_points(seen.up_card), int(soft))
    return {
        "total": total,
        "soft": int(soft),
        "pair": pair_value(seen.cards),
        "dealer_up": card_points(seen.up_card),
        "cards": len(seen.cards),
        "hand": seen.hand,
        "hands": seen.hands,
        "decision": seen.decision,
        "legal": seen.mask.copy(),
        "unseen": seen.unseen.copy(),
        "cover_card": int(seen.cover_card),
    }
