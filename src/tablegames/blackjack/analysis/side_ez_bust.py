"""EZ Bust as the player sees it (633b.16): the dealer's up card and the player's own two cards.

The wager is placed after the deal (633b.16(c)), so the player knows the up card and his two
cards. The dealer's hole card and draws then come from the full shoe less those three cards,
and P(the dealer busts having drawn, 633b.16(f)) moves with what was removed: ten-value cards
out of the shoe make the dealer bust less often, small cards more often. The cards of other
players are not seen and are not removed; averaged over them nothing changes (removals that are
not looked at average out), just as this module's figures, averaged over the player's hands with
their dealt probabilities, are exactly the up-card-only figures of `ez_bust_by_up_card`.

Hands are by point value (633a.3(e)): "A,A", "A,2", ..., "T,T", 55 in all, ranks A 2-9 T.
Probabilities are exact `Fraction`s; one dealer bust probability is cached per shoe composition
(the shoe less the three cards), and the dealer's busting hands per up card.

>>> from tablegames.blackjack.analysis.compositions import Composition
>>> figures = ez_bust_player_hands(Composition.full(8).points(), hits_soft_17=False)
>>> len(figures), figures[0].hand, figures[-1].hand
(275, 'A,A', 'T,T')
>>> sixes = {figure.hand: figure for figure in figures if figure.up == 6}
>>> sixes["T,T"].bust < sixes["2,3"].bust
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Final

from tablegames.blackjack.analysis.compositions import Composition, PointCounts, falling
from tablegames.blackjack.analysis.dealer_draws import POINT_VALUES, without_value
from tablegames.blackjack.analysis.side_dealer import (
    EZ_BUST_UP_CARDS,
    dealer_hand_groups,
    weigh_groups,
)
from tablegames.blackjack.analysis.side_outcomes import check_decks
from tablegames.blackjack.rules import Rules

BY_PLAYER_HAND_NOTE: Final = (
    "by_player_hand: what the player sees when EZ Bust is offered (633b.16(c)): the up card and "
    "his own two cards; the dealer's hole card and draws come from the full shoe less those "
    "three cards, by point value. The other players' cards are not seen, so they are not "
    "removed (averaged over them the figure does not change). probability_of_hand is that of "
    "the player's two cards given the up card; averaged with it, dealer_busts is the up card's "
    "figure. best_player_hand leaves the wager its lowest house edge, worst_player_hand its "
    "highest"
)


def hand_label(first: int, second: int) -> str:
    """ "A,T", "2,2": the two point values, ace as A and ten-value as T."""
    names = {1: "A", 10: "T"}
    return f"{names.get(first, str(first))},{names.get(second, str(second))}"


@dataclass(frozen=True, slots=True)
class PlayerHandFigure:
    """EZ Bust against one up card when the player holds two cards of these point values."""

    up: int
    first: int  # point value, first <= second
    second: int
    probability: Fraction  # P(the player's two cards are these | up card)
    bust: Fraction  # P(the dealer busts having drawn | up card and these two cards)

    @property
    def hand(self) -> str:
        return hand_label(self.first, self.second)

    @property
    def house_edge(self) -> Fraction:
        """1 - 2 P(bust): the wager pays 1 to 1 (633b.16(i))."""
        return 1 - 2 * self.bust


@lru_cache(maxsize=4096)
def dealer_bust_probability(shoe: PointCounts, up: int, *, hits_soft_17: bool) -> Fraction:
    """P(the dealer busts having drawn a third card or more | up card), the hole card and draws
    from `shoe` (the up card is NOT in it); every bust has three or more cards."""
    size = sum(shoe)
    groups = dealer_hand_groups(up, hits_soft_17, "bust")
    return sum(
        (Fraction(ways, falling(size, cards - 1)) for cards, ways in weigh_groups(groups, shoe)),
        Fraction(0),
    )


def ez_bust_player_hands(shoe: PointCounts, *, hits_soft_17: bool) -> tuple[PlayerHandFigure, ...]:
    """For each up card 2-6 and each two-card player hand that `shoe` can deal with it: P(hand |
    up card) and P(the dealer busts having drawn), drawing from `shoe` less the three cards.

    Ordered by up card, then by hand ("A,A", "A,2", ..., "T,T").
    """
    figures = []
    for up in EZ_BUST_UP_CARDS:
        if not shoe[up - 1]:
            continue
        after_up = without_value(shoe, up)
        pairs = falling(sum(after_up), 2)
        for first in POINT_VALUES:
            for second in POINT_VALUES[first - 1 :]:
                count = after_up[first - 1]
                ways = falling(count, 2) if first == second else 2 * count * after_up[second - 1]
                if not ways:
                    continue
                rest = without_value(without_value(after_up, first), second)
                bust = dealer_bust_probability(rest, up, hits_soft_17=hits_soft_17)
                figures.append(PlayerHandFigure(up, first, second, Fraction(ways, pairs), bust))
    return tuple(figures)


def _figure(figure: PlayerHandFigure) -> dict[str, Any]:
    return {
        "player_hand": figure.hand,
        "probability_of_hand": float(figure.probability),
        "dealer_busts": float(figure.bust),
        "house_edge": float(figure.house_edge),
    }


def ez_bust_by_player_hand(rules: Rules) -> list[dict[str, Any]]:
    """EZ Bust by what the player can see, as plain data: one entry per up card 2-6.

    Each entry gives the up card's figure (`dealer_busts`, `house_edge`: the player's hands
    averaged), every two-card player hand (`hands`, 55 of them), and the hands that leave the
    wager its lowest (`best_player_hand`) and highest (`worst_player_hand`) house edge.
    """
    check_decks(rules.decks)
    shoe = Composition.full(rules.decks).points()
    figures = ez_bust_player_hands(shoe, hits_soft_17=rules.dealer_hits_soft_17)
    entries = []
    for up in EZ_BUST_UP_CARDS:
        hands = [figure for figure in figures if figure.up == up]
        if not hands:
            continue
        bust = sum((figure.probability * figure.bust for figure in hands), Fraction(0))
        entries.append(
            {
                "up_card": up,
                "dealer_busts": float(bust),
                "house_edge": float(1 - 2 * bust),
                "best_player_hand": _figure(max(hands, key=lambda figure: figure.bust)),
                "worst_player_hand": _figure(min(hands, key=lambda figure: figure.bust)),
                "hands": [_figure(figure) for figure in hands],
            }
        )
    return entries
