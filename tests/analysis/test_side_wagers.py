"""Exact side-wager analysis (`tablegames.blackjack.analysis.side_wagers`) against
independent twins.

The fast figures count classes of hands (faces, suit patterns, rank multisets, merged dealer
hands) with falling factorials. Each is checked here against a brute force sharing none of that
counting: every ordered tuple of distinct physical cards of `standard_decks(n)` (or, where a
whole deck's draw sequences are too many, every sequence of draws weighted by the physical cards
left), settled by the engine's own evaluators and hand arithmetic (`points`,
`dealer_must_draw`, `is_blackjack`). Comparisons are exact `Fraction` equalities.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations, permutations
from typing import Any, Literal

import pytest

from tablegames.blackjack.analysis.compositions import Composition, falling, suit_classes
from tablegames.blackjack.analysis.dealer_draws import dealer_outcomes
from tablegames.blackjack.analysis.side_wagers import (
    SideWagerAnalysis,
    analyse,
    crown_treasure_probability,
    dealer_blackjack_probability,
    dealer_card_counts,
    four_card_lines,
    two_card_lines,
    with_up_card,
)
from tablegames.blackjack.hand import is_blackjack
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.side import (
    bet_the_set_21,
    house_money,
    in_between,
    kings_bounty,
    lucky_ladies,
    match_the_dealer,
    royal_match_21,
    straight_jack,
    super_match,
    three_card_poker,
)
from tablegames.core.cards import Card, parse_cards, standard_deck, standard_decks
from tests.analysis.side_helpers import Lines, Table, _key, _lines

Dealer = tuple[Card, Card] | None


def _fast(analysis: SideWagerAnalysis) -> Table:
    table = {_key(item.lines): item.probability for item in analysis.outcomes if item.probability}
    table[()] = analysis.losing
    return table


def _normalise(counts: dict[tuple[str, ...], int], whole: int) -> Table:
    return {key: Fraction(count, whole) for key, count in counts.items() if count}


# --- published reference values -------------------------------------------------------------------


def test_633a_13_k_three_card_poker_six_decks_published_house_edge() -> None:
    """Published reference value quoted in the issue; Wizard of Odds lists the same figures:
    Three Card Poker at 9 to 1 from six decks, house edge 3.2386%."""
    analysis = with_up_card("three_card_poker", Rules(decks=6))
    assert round(float(analysis.house_edge()) * 100, 4) == 3.2386


def test_633a_13_c_lucky_ladies_eight_decks_published_house_edge() -> None:
    """Published reference value quoted in the issue; Wizard of Odds lists the same figures:
    Lucky Ladies (1000 / 200 / 25 / 10 / 4 to 1) from eight decks, house edge 16.7326%."""
    analysis = two_card_lines("lucky_ladies", Rules(decks=8))
    assert round(float(analysis.house_edge()) * 100, 4) == 16.7326


# --- two-card wagers: every ordered pair of physical cards ----------------------------------------

TwoCardRead = Callable[[Card, Card, Dealer], Lines]
QUEEN_OF_HEARTS = Card.parse("QH")
KING_OF_SPADES = Card.parse("KS")


def _brute_two_card(
    decks: int, read: TwoCardRead, reads_dealer: Callable[[Card, Card], bool]
) -> Table:
    """Every ordered (first, second, up, hole) of distinct physical cards; the dealer's two are
    enumerated only when the player's two make them matter (else they count en bloc)."""
    cards = standard_decks(decks)
    n = len(cards)
    counts: defaultdict[tuple[str, ...], int] = defaultdict(int)
    dealer_tuples = (n - 2) * (n - 3)
    for i, first in enumerate(cards):
        for j, second in enumerate(cards):
            if i == j:
                continue
            if not reads_dealer(first, second):
                counts[_key(read(first, second, None))] += dealer_tuples
                continue
            rest = [card for k, card in enumerate(cards) if k not in (i, j)]
            for up, hole in permutations(rest, 2):
                counts[_key(read(first, second, (up, hole)))] += 1
    return _normalise(counts, n * (n - 1) * (n - 2) * (n - 3))


def _dealer_blackjack(dealer: Dealer) -> bool:
    return dealer is not None and is_blackjack(dealer, from_split=False)


def _two_card_twin(wager: str, paytable: Any) -> tuple[TwoCardRead, Callable[[Card, Card], bool]]:
    if wager == "lucky_ladies":
        return (
            lambda a, b, d: _lines(
                lucky_ladies.evaluate(a, b, dealer_blackjack=_dealer_blackjack(d))
            ),
            lambda a, b: a == b == QUEEN_OF_HEARTS,
        )
    if wager == "kings_bounty":
        return (
            lambda a, b, d: _lines(
                kings_bounty.evaluate(a, b, dealer_blackjack=_dealer_blackjack(d))
            ),
            lambda a, b: a == b == KING_OF_SPADES,
        )
    if wager == "royal_match_21":
        return (
            lambda a, b, d: royal_match_21.evaluate(
                a,
                b,
                paytable=paytable,
                dealer_cards=d,
                crown_treasure=True,
            ),
            royal_match_21.is_royal_match,
        )
    if wager == "bet_the_set_21":
        return (
            lambda a, b, d: _lines(bet_the_set_21.evaluate(a, b, paytable=paytable)),
            lambda a, b: False,
        )
    module = straight_jack if wager == "straight_jack" else house_money
    return (lambda a, b, d: _lines(module.evaluate(a, b)), lambda a, b: False)


TWO_CARD_CASES = [
    ("lucky_ladies", 1, None),
    ("lucky_ladies", 2, None),
    ("kings_bounty", 1, None),
    ("kings_bounty", 2, None),
    ("royal_match_21", 1, "A"),
    ("royal_match_21", 1, "B"),
    ("royal_match_21", 2, "C"),
    ("bet_the_set_21", 1, "A"),
    ("bet_the_set_21", 2, "B"),
    ("straight_jack", 1, None),
    ("straight_jack", 2, None),
    ("house_money", 1, None),
    ("house_money", 2, None),
]


@pytest.mark.parametrize(("wager", "decks", "paytable"), TWO_CARD_CASES)
def test_633a_7_g_two_card_wagers_equal_brute_force_over_physical_cards(
    wager: str, decks: int, paytable: str | None
) -> None:
    read, reads_dealer = _two_card_twin(wager, paytable)
    fast = two_card_lines(wager, Rules(decks=decks), paytable=paytable)
    assert _fast(fast) == _brute_two_card(decks, read, reads_dealer)


@pytest.mark.parametrize("wager", ["lucky_ladies", "kings_bounty"])
def test_633a_7_g_1_only_the_pair_reads_the_dealer_blackjack(wager: str) -> None:
    """The twins enumerate the dealer's cards only under the pair: no other hand reads them."""
    module = lucky_ladies if wager == "lucky_ladies" else kings_bounty
    pair = QUEEN_OF_HEARTS if wager == "lucky_ladies" else KING_OF_SPADES
    for first in standard_deck():
        for second in standard_deck():
            if first == second == pair:
                continue
            with_bj = module.evaluate(first, second, dealer_blackjack=True)
            assert with_bj == module.evaluate(first, second, dealer_blackjack=False)


def test_633a_7_g_4_crown_treasure_and_dealer_blackjack_closed_forms() -> None:
    """The dealer events after removal, against hand counts for two decks (104 cards)."""
    shoe = Composition.full(2)
    royal = shoe.without(parse_cards(["KH", "QH"]))
    # Dealer royal in hearts: one K and one Q left (2 orders); other suits 2 x 2 x 2 orders each.
    assert crown_treasure_probability(royal) == Fraction(2 * 1 * 1 + 3 * 2 * 2 * 2, 102 * 101)
    queens = shoe.without(parse_cards(["QH", "QH"])).points()
    # Up ace (8) then a ten-value hole (32 - 2), or the reverse.
    assert dealer_blackjack_probability(queens) == Fraction(2 * 8 * 30, 102 * 101)


# --- wagers with the up card: every ordered triple of physical cards ------------------------------

ThreeCardRead = Callable[[Card, Card, Card], Lines]


def _brute_with_up_card(decks: int, read: ThreeCardRead) -> Table:
    """Every ordered (first, second, up) of distinct physical cards; the evaluation of a triple
    of faces is remembered (physical card i shows face i % 52)."""
    faces = standard_deck()
    n = 52 * decks
    remembered: dict[int, tuple[str, ...]] = {}
    counts: defaultdict[tuple[str, ...], int] = defaultdict(int)
    for i, j, k in permutations(range(n), 3):
        face = ((i % 52) * 52 + j % 52) * 52 + k % 52
        key = remembered.get(face)
        if key is None:
            key = remembered[face] = _key(read(faces[i % 52], faces[j % 52], faces[k % 52]))
        counts[key] += 1
    return _normalise(counts, n * (n - 1) * (n - 2))


def _up_card_twin(wager: str, paytable: Any) -> ThreeCardRead:
    if wager == "match_the_dealer":
        return lambda a, b, u: match_the_dealer.evaluate(a, b, u, table=paytable)
    if wager == "in_between":
        ace: Literal["high", "low"] = "low" if paytable == "ace-low" else "high"
        return lambda a, b, u: _lines(in_between.evaluate(a, b, u, ace=ace))
    return lambda a, b, u: _lines(three_card_poker.evaluate(a, b, u))


UP_CARD_CASES = [
    ("match_the_dealer", 1, "6-deck"),
    ("match_the_dealer", 2, "8-deck"),
    ("in_between", 1, "ace-high"),
    ("in_between", 1, "ace-low"),
    ("in_between", 2, "ace-high"),
    ("three_card_poker", 1, None),
    ("three_card_poker", 2, None),
]


@pytest.mark.parametrize(("wager", "decks", "paytable"), UP_CARD_CASES)
def test_633a_7_g_up_card_wagers_equal_brute_force_over_physical_cards(
    wager: str, decks: int, paytable: str | None
) -> None:
    fast = with_up_card(wager, Rules(decks=decks), paytable=paytable)
    assert _fast(fast) == _brute_with_up_card(decks, _up_card_twin(wager, paytable))


def test_suit_classes_cover_every_ordered_triple_of_faces() -> None:
    """Suit classes stand for all 52**3 ordered face triples, weights included (three decks)."""
    shoe = Composition.full(3)
    classes = list(suit_classes(shoe, 3))
    assert len(classes) == 13**3 * 5
    assert sum(weight for _, weight in classes) == falling(156, 3)


def test_633a_7_g_7_super_match_equals_brute_force_over_one_deck() -> None:
    """Every 4-card combination of one deck's physical cards, each standing for its 4! orders
    (the wager reads the ranks only, in any order)."""
    cards = standard_deck()
    counts: defaultdict[tuple[str, ...], int] = defaultdict(int)
    for hand in combinations(cards, 4):
        counts[_key(_lines(super_match.evaluate(hand, table="6-deck")))] += 24
    brute = _normalise(counts, falling(52, 4))
    fast = four_card_lines("super_match", Rules(decks=1), paytable="6-deck")
    assert _fast(fast) == brute


# --- every enumerated distribution sums to exactly one --------------------------------------------

ENUMERATED = [
    ("lucky_ladies", None),
    ("kings_bounty", None),
    ("royal_match_21", None),
    ("bet_the_set_21", None),
    ("straight_jack", None),
    ("house_money", None),
    ("match_the_dealer", None),
    ("in_between", None),
    ("three_card_poker", None),
    ("super_match", None),
    ("hit_and_run", None),
    ("ez_bust", None),
]


@pytest.mark.parametrize("decks", [6, 8])
@pytest.mark.parametrize(("wager", "paytable"), ENUMERATED)
def test_lines_and_losing_outcome_sum_to_exactly_one(
    wager: str, paytable: str | None, decks: int
) -> None:
    """The losing hands are enumerated too (not taken as the complement)."""
    analysis = analyse(wager, Rules(decks=decks), paytable=paytable)
    assert analysis.lost is not None
    assert sum(item.probability for item in analysis.outcomes) + analysis.lost == 1


@pytest.mark.parametrize("decks", [1, 8])
def test_dealer_final_hands_sum_to_exactly_one(decks: int) -> None:
    shoe = Composition.full(decks).points()
    for hits_soft_17 in (False, True):
        assert sum(dealer_outcomes(shoe, hits_soft_17=hits_soft_17).values()) == 1
        assert sum(dealer_card_counts(shoe, hits_soft_17=hits_soft_17).values()) == 1
