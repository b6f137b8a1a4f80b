"""Blackjack Switch (633a.12(a)) and Switch Hands (633c.4) with the best switch decision.

One deck and no splitting keep these exact analyses quick; the relations checked hold for any
deck count.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from fractions import Fraction
from typing import Any

import pytest

from tablegames.blackjack.analysis.hands import ACE, TEN
from tablegames.blackjack.analysis.switch_games import blackjack_switch, seen_colours, switch_hands
from tablegames.blackjack.rules import Rules
from tablegames.core.cards import Card, Suit, standard_deck


def _points(card: Card) -> int:
    """633a.3(e), derived here from the rank alone: faces count 10, the ace 1."""
    return min(int(card.rank), 10)


SWITCH: dict[str, Any] = {"decks": 1, "variant": "blackjack_switch", "max_hands": 1}
HANDS: dict[str, Any] = {
    "decks": 1,
    "variant": "switch_hands",
    "max_hands": 1,
    "wager_unit": 500,
    "min_wager": 500,
}


def test_633a_12_a_5_blackjack_switch_as_written_favours_the_player() -> None:
    # 633a.12(a)(5)(i) lowers a Blackjack to 1 to 1 only against a dealer's multi-card 21, so
    # the 3 to 2 of 633a.13(a) stands otherwise: with the switch the player has the edge.
    written = blackjack_switch(Rules(**SWITCH))
    even = blackjack_switch(Rules(**SWITCH, blackjack_pays="1:1"))  # the usual Switch payout
    assert written["house_edge"] < 0
    # Paying Blackjacks 1 to 1 costs the player about half a unit per natural kept (about 4.5%
    # of two-hand deals hold one): between 1% and 3% of each wager.
    assert 0.01 < even["house_edge"] - written["house_edge"] < 0.03
    assert 0.2 < written["switch_probability"] < 0.6


def test_633c_4_switch_hands_the_option_is_worth_something_and_the_ante_costs_it() -> None:
    plain = switch_hands(Rules(**HANDS))
    tie = switch_hands(Rules(**HANDS, tie_blackjack_pays=True))
    assert plain["switch_option_value"] > 0
    assert 0 < plain["switch_probability"] < 1
    # 633c.4(i)(2)(ii): paying a switched tie Blackjack 1 to 2 can only help the player.
    assert tie["house_edge"] < plain["house_edge"]
    # The ante (0.2 per unit wagered) is the price of the option: the package edge is the ante
    # less what the option and the game return, per 1.2 units staked.
    assert plain["house_edge"] == pytest.approx(plain["house_edge_per_blackjack_wager"] / 1.2)


def _red(card: Card) -> bool:
    return card.suit in (Suit.HEARTS, Suit.DIAMONDS)


@pytest.mark.parametrize(
    ("up", "first", "second"),
    [(ACE, ACE, TEN), (TEN, ACE, TEN), (ACE, TEN, 4), (TEN, TEN, TEN), (ACE, ACE, ACE), (3, 2, 6)],
)
def test_633c_4_i_2_i_seen_colours_equal_one_deck_of_physical_cards(
    up: int, first: int, second: int
) -> None:
    """The colour patterns the player sees, against every choice of physical up card and hand
    from one deck: the chance of each pattern, whether the dealt ace and ten match in colour,
    and the chance that an unseen ace and ten-value card match."""
    deck = standard_deck()
    tally: defaultdict[tuple[int, Fraction], int] = defaultdict(int)
    dealt = 0
    for up_card, one, two in itertools.permutations(deck, 3):
        if (_points(up_card) - 1, _points(one) - 1, _points(two) - 1) != (up, first, second):
            continue
        rest = [card for card in deck if card not in (up_card, one, two)]
        aces = [card for card in rest if _points(card) == 1]
        tens = [card for card in rest if _points(card) == 10]
        same = sum(_red(ace) == _red(ten) for ace in aces for ten in tens)
        natural = {first, second} == {ACE, TEN}
        tally[(int(natural and _red(one) == _red(two)), Fraction(same, len(aces) * len(tens)))] += 1
        dealt += 1
    expected = {key: Fraction(count, dealt) for key, count in tally.items()}
    patterns: defaultdict[tuple[int, Fraction], float] = defaultdict(float)
    for chance, dealt_matches, matches in seen_colours(1, up, first, second):
        patterns[(dealt_matches, Fraction(matches).limit_denominator(1000))] += chance
    assert patterns.keys() == expected.keys()
    for key, chance in patterns.items():
        assert chance == pytest.approx(float(expected[key]), abs=1e-12)
