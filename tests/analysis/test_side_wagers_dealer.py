"""Side wagers that read the dealer's draws (EZ Bust, Hit and Run, Bad Beat) against a brute
force over the dealer's draws from physical cards, settled by the engine's own evaluators and hand
arithmetic. Comparisons are exact `Fraction` equalities.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from functools import cache

import pytest

from tablegames.blackjack.analysis.compositions import Composition, falling
from tablegames.blackjack.analysis.dealer_draws import dealer_outcomes
from tablegames.blackjack.analysis.side_wagers import (
    analyse,
    ez_bust,
    ez_bust_by_up_card,
    hit_and_run_lines,
)
from tablegames.blackjack.hand import dealer_must_draw, is_blackjack, points
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.side import (
    hit_and_run,
)
from tablegames.core.cards import Card, Suit, parse_cards, standard_deck
from tests.analysis.side_helpers import _key, _lines


def _points(card: Card) -> int:
    """633a.3(e), derived here from the rank alone: faces count 10, the ace 1."""
    return min(int(card.rank), 10)


# --- the dealer's draws: brute force --------------------------------------------------------------

ONE_PER_VALUE = parse_cards(["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS"])


def _value_shoe(decks: int) -> tuple[list[Card], list[int]]:
    """A whole shoe as one card per point value and how many physical cards show it."""
    return list(ONE_PER_VALUE), [4 * decks] * 9 + [16 * decks]


def _physical_shoe(keep: Callable[[Card], bool]) -> tuple[list[Card], list[int]]:
    """Some cards of one deck, every physical card its own entry."""
    cards = [card for card in standard_deck() if keep(card)]
    return cards, [1] * len(cards)


SHOES: dict[str, Callable[[], tuple[list[Card], list[int]]]] = {
    # Draw sequences from a whole deck, weighted by the physical cards left (3.3e8 physical
    # sequences would be too many).
    "one deck": lambda: _value_shoe(1),
    # Every physical card on its own: the spades and hearts (26 cards).
    "half deck": lambda: _physical_shoe(lambda card: card.suit in (Suit.SPADES, Suit.HEARTS)),
}


def _point_counts(cards: Sequence[Card], counts: Sequence[int]) -> tuple[int, ...]:
    totals = [0] * 10
    for card, count in zip(cards, counts, strict=True):
        totals[_points(card) - 1] += count
    return tuple(totals)


# (up card's value, (cards, total, Blackjack), Hit and Run lines, EZ Bust wins)
DealerKey = tuple[int, tuple[int, int, bool], tuple[str, ...], bool]


def _dealer_draws(
    cards: Sequence[Card],
    left: list[int],
    hand: list[Card],
    weight: int,
    h17: bool,
    out: defaultdict[tuple[int, ...], int],
) -> None:
    """Every draw sequence to the dealer's final hand (633a.7(m)), weighted by the physical
    cards it can be: out[point values drawn, in order] += ways."""
    if len(hand) >= 2 and not dealer_must_draw(hand, hits_soft_17=h17):
        out[tuple(_points(card) for card in hand)] += weight
        return
    for index, card in enumerate(cards):
        if left[index]:
            ways = left[index]
            left[index] -= 1
            hand.append(card)
            _dealer_draws(cards, left, hand, weight * ways, h17, out)
            hand.pop()
            left[index] += 1


def _read_dealer(hand: Sequence[Card]) -> DealerKey:
    """(up card's value, (cards, total, Blackjack), the Hit and Run lines (engine), EZ Bust wins
    (633b.16(f): a bust having drawn a third card or more))."""
    final = (len(hand), points(hand).total, is_blackjack(hand, from_split=False))
    hit = _key(_lines(hit_and_run.evaluate(hand)))
    return _points(hand[0]), final, hit, len(hand) >= 3 and points(hand).total > 21


@cache
def _brute_dealer(shoe: str, h17: bool) -> dict[DealerKey, Fraction]:
    """P(`_read_dealer` of the dealer's final hand): up card, hole card and draws from the shoe.

    Each final sequence of point values is read once, on one card of each value."""
    cards, counts = SHOES[shoe]()
    n = sum(counts)
    out: defaultdict[tuple[int, ...], int] = defaultdict(int)
    _dealer_draws(cards, list(counts), [], 1, h17, out)
    table: defaultdict[DealerKey, Fraction] = defaultdict(Fraction)
    for values, ways in out.items():
        hand = [ONE_PER_VALUE[value - 1] for value in values]
        table[_read_dealer(hand)] += Fraction(ways, falling(n, len(values)))
    return dict(table)


def _marginal(shoe: str, h17: bool, part: int) -> dict[Hashable, Fraction]:
    table: defaultdict[Hashable, Fraction] = defaultdict(Fraction)
    for key, p in _brute_dealer(shoe, h17).items():
        table[key[part]] += p
    return dict(table)


@pytest.mark.parametrize(
    ("shoe", "h17"), [("one deck", False), ("one deck", True), ("half deck", False)]
)
def test_633a_7_m_dealer_hands_equal_brute_force_of_draws(shoe: str, h17: bool) -> None:
    counts = _point_counts(*SHOES[shoe]())
    outcomes = dealer_outcomes(counts, hits_soft_17=h17)
    fast = {(hand.cards, hand.total, hand.blackjack): p for hand, p in outcomes.items()}
    assert fast == _marginal(shoe, h17, 1)


@pytest.mark.parametrize(
    ("shoe", "h17"), [("one deck", False), ("one deck", True), ("half deck", False)]
)
def test_633b_16_f_1_ez_bust_by_up_card_equals_brute_force(shoe: str, h17: bool) -> None:
    """P(bust having drawn | up card) = P(up card and that) / P(up card), from the whole hands."""
    counts = _point_counts(*SHOES[shoe]())
    figures = ez_bust_by_up_card(counts, hits_soft_17=h17)
    assert [figure.up for figure in figures] == [2, 3, 4, 5, 6]
    brute = _brute_dealer(shoe, h17)
    for figure in figures:
        up = sum((p for key, p in brute.items() if key[0] == figure.up), Fraction(0))
        busts = sum((p for key, p in brute.items() if key[0] == figure.up and key[3]), Fraction(0))
        assert figure.probability == up == Fraction(counts[figure.up - 1], sum(counts))
        assert figure.bust == busts / up
        assert figure.holds == 1 - busts / up


def test_633b_16_removing_the_players_two_cards_averages_to_the_up_card_only_figure() -> None:
    """The two readings of "the cards EZ Bust depends on" agree exactly: the dealer's bust rate
    with the player's two cards removed, averaged over those cards, is the up-card-only rate."""
    shoe = list(Composition.full(2).points())
    up = 4
    shoe[up - 1] -= 1

    def bust(counts: Sequence[int]) -> Fraction:
        outcomes = dealer_outcomes(tuple(counts), hits_soft_17=False, up=up)
        return sum((p for hand, p in outcomes.items() if hand.total > 21), Fraction(0))

    n = sum(shoe)
    averaged = Fraction(0)
    for first in range(10):
        for second in range(10):
            rest = list(shoe)
            weight = Fraction(rest[first], n)
            rest[first] -= 1
            weight *= Fraction(rest[second], n - 1)
            rest[second] -= 1
            if weight:
                averaged += weight * bust(rest)
    figure = ez_bust_by_up_card(Composition.full(2).points(), hits_soft_17=False)[up - 2]
    assert averaged == bust(shoe) == figure.bust


@cache
def _infinite_bust(hard: int, ace: bool, cards: int) -> Fraction:
    """P(bust) drawing from an infinite shoe: each point value 1/13, ten-values 4/13."""
    total = hard + 10 if ace and hard + 10 <= 21 else hard
    if total > 21:
        return Fraction(1)
    if cards >= 2 and total >= 17:
        return Fraction(0)
    return sum(
        (
            Fraction(4 if value == 10 else 1, 13)
            * _infinite_bust(hard + value, ace or value == 1, cards + 1)
            for value in range(1, 11)
        ),
        Fraction(0),
    )


def test_633b_16_ez_bust_eight_decks_close_to_the_infinite_deck_bust_rates() -> None:
    """Standing on all 17s, the infinite-deck bust rates are 35.36%, 37.39%, 39.45%, 41.64%
    and 42.32% against a 2, 3, 4, 5, 6 (computed here independently); eight decks are within
    half a percentage point."""
    infinite = {up: _infinite_bust(up, False, 1) for up in range(2, 7)}
    assert [round(float(p) * 100, 2) for p in infinite.values()] == [
        35.36,
        37.39,
        39.45,
        41.64,
        42.32,
    ]
    figures = ez_bust_by_up_card(Composition.full(8).points(), hits_soft_17=False)
    for figure in figures:
        assert abs(figure.bust - infinite[figure.up]) < Fraction(5, 1000)


def test_633b_16_i_ez_bust_overall_is_conditional_on_a_two_to_six_up_card() -> None:
    analysis = ez_bust(Rules(decks=8))
    figures = analysis.by_up_card
    offered = sum(figure.probability for figure in figures)
    bust = sum(figure.probability * figure.bust for figure in figures) / offered
    assert analysis.outcomes[0].probability == bust
    assert analysis.house_edge() == 1 - 2 * bust  # 1 to 1


# --- Hit and Run ----------------------------------------------------------------------------------


@pytest.mark.parametrize("shoe", ["one deck", "half deck"])
def test_633a_7_o_2_hit_and_run_equals_brute_force(shoe: str) -> None:
    lines = hit_and_run_lines(_point_counts(*SHOES[shoe]()), hits_soft_17=False)
    fast = {_key(key): p for key, p in lines.items() if p}
    assert fast == _marginal(shoe, False, 2)
    assert sum(lines.values()) == 1


def test_633a_13_l_hit_and_run_meter_is_linear_and_breaks_even() -> None:
    analysis = analyse("hit_and_run", Rules(decks=6))
    chance = analysis.meter_probability
    assert chance > 0
    zero = analysis.house_edge(Fraction(0))
    assert analysis.house_edge(Fraction(1000)) == zero - 1000 * chance
    meter = analysis.break_even_meter()
    assert meter is not None
    assert analysis.house_edge(meter) == 0
