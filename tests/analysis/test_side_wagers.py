"""Exact side-wager analysis (`tablegames.analysis.exact.side_wagers`) against independent twins.

The fast figures count classes of hands (faces, suit patterns, rank multisets, merged dealer
hands) with falling factorials. Each is checked here against a brute force sharing none of that
counting: every ordered tuple of distinct physical cards of `standard_decks(n)` (or, where a
whole deck's draw sequences are too many, every sequence of draws weighted by the physical cards
left), settled by the engine's own evaluators and hand arithmetic (`points`,
`dealer_must_draw`, `is_blackjack`). Comparisons are exact `Fraction` equalities.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations, permutations
from typing import Any, Literal

import pytest

from tablegames.analysis.exact.compositions import Composition, falling, suit_classes
from tablegames.analysis.exact.dealer_draws import dealer_outcomes
from tablegames.analysis.exact.side_wagers import (
    WAGERS,
    SideWagerAnalysis,
    analyse,
    bad_beat_lines,
    crown_treasure_probability,
    dealer_blackjack_probability,
    dealer_card_counts,
    edge_report,
    ez_bust,
    ez_bust_by_up_card,
    four_card_lines,
    hit_and_run_lines,
    two_card_lines,
    with_up_card,
)
from tablegames.blackjack.hand import dealer_must_draw, is_blackjack, points
from tablegames.blackjack.side import (
    bad_beat,
    bet_the_set_21,
    hit_and_run,
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
from tablegames.blackjack.side.paytable import PaytableLine, SideResult
from tablegames.cards import Card, Suit, parse_cards, standard_deck, standard_decks
from tablegames.errors import TableGamesError, WagerError
from tablegames.rules import Rules

Table = dict[tuple[str, ...], Fraction]
Lines = Sequence[PaytableLine]
Dealer = tuple[Card, Card] | None


def _key(lines: Lines) -> tuple[str, ...]:
    """An outcome as the multiset of its line ids (order of the lines paid does not matter)."""
    return tuple(sorted(line.line for line in lines))


def _fast(analysis: SideWagerAnalysis) -> Table:
    table = {_key(item.lines): item.probability for item in analysis.outcomes if item.probability}
    table[()] = analysis.losing
    return table


def _normalise(counts: dict[tuple[str, ...], int], whole: int) -> Table:
    return {key: Fraction(count, whole) for key, count in counts.items() if count}


def _lines(outcome: PaytableLine | tuple[PaytableLine, ...] | None) -> Lines:
    return SideResult.of(outcome).lines


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
        totals[card.value - 1] += count
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
        out[tuple(card.value for card in hand)] += weight
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
    return hand[0].value, final, hit, len(hand) >= 3 and points(hand).total > 21


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


# --- Bad Beat: deal order, player policy, dealer draws --------------------------------------------


def _policy_stands(player: Sequence[Card], up: Card) -> bool:
    """The documented PLAYER_POLICY, written again from the engine's `points`."""
    total, soft = points(player)
    if total >= 21:
        return True
    if soft:
        return total >= 18
    return total >= 17 or (total >= 12 and 2 <= up.value <= 6)


def _bad_beat_brute(
    cards: Sequence[Card], counts: Sequence[int], *, player_has_20: bool, peeks: bool = True
) -> Table:
    """Deal as 633a.7(f): player, up card, player, hole card; the dealer checks for Blackjack
    (633a.7(h)); the player draws by the policy, then the dealer by 633a.7(m). A player total
    other than 20 loses whatever follows, so it is not played on."""
    n = sum(counts)
    left = list(counts)
    out: defaultdict[tuple[tuple[str, ...], int], int] = defaultdict(int)

    def draw(weight: int, then: Callable[[Card, int], None]) -> None:
        for index, card in enumerate(cards):
            if left[index]:
                ways = left[index]
                left[index] -= 1
                then(card, weight * ways)
                left[index] += 1

    def settle(player: list[Card], dealer: list[Card], weight: int) -> None:
        line = bad_beat.evaluate(points(player).total, dealer, player_has_20_line=player_has_20)
        if line is not None:
            out[((line.line,), len(player) + len(dealer))] += weight

    def dealer_plays(player: list[Card], dealer: list[Card], weight: int) -> None:
        if not dealer_must_draw(dealer, hits_soft_17=False):
            settle(player, dealer, weight)
            return
        draw(weight, lambda card, ways: dealer_plays(player, [*dealer, card], ways))

    def player_plays(player: list[Card], dealer: list[Card], weight: int) -> None:
        if _policy_stands(player, dealer[0]):
            if points(player).total == 20:
                dealer_plays(player, dealer, weight)
            return
        draw(weight, lambda card, ways: player_plays([*player, card], dealer, ways))

    def hole(first: Card, up: Card, second: Card, weight: int) -> None:
        def dealt(card: Card, ways: int) -> None:
            if peeks and is_blackjack([up, card], from_split=False):
                settle([first, second], [up, card], ways)
            else:
                player_plays([first, second], [up, card], ways)

        draw(weight, dealt)

    draw(
        1,
        lambda first, w1: draw(
            w1, lambda up, w2: draw(w2, lambda second, w3: hole(first, up, second, w3))
        ),
    )
    table: defaultdict[tuple[str, ...], Fraction] = defaultdict(Fraction)
    for (key, depth), ways in out.items():
        table[key] += Fraction(ways, falling(n, depth))
    return dict(table)


def _bad_beat_fast(cards: Sequence[Card], counts: Sequence[int], **options: bool) -> Table:
    lines = bad_beat_lines(_point_counts(cards, counts), hits_soft_17=False, **options)
    return {_key(key): p for key, p in lines.items() if p}


ONE_SUIT = _physical_shoe(lambda card: card.suit is Suit.SPADES)
# Two of each ace, 2, 3 and 9 and four ten-value cards: repeated point values, short of tens.
LOW_PAIRS = _physical_shoe(
    lambda card: card.suit in (Suit.SPADES, Suit.HEARTS) and card.rank.symbol in "A239TK"
)


@pytest.mark.parametrize(
    ("shoe", "player_has_20", "peeks"),
    [(ONE_SUIT, True, False), (LOW_PAIRS, True, True)],
)
def test_633a_7_o_1_i_bad_beat_equals_physical_brute_force(
    shoe: tuple[list[Card], list[int]], player_has_20: bool, peeks: bool
) -> None:
    """Every deal and every draw of a few physical cards."""
    cards, counts = shoe
    brute = _bad_beat_brute(cards, counts, player_has_20=player_has_20, peeks=peeks)
    fast = _bad_beat_fast(cards, counts, player_has_20=player_has_20, dealer_peeks=peeks)
    assert fast == brute
    assert len(brute) >= 3  # several lines pay even from so few cards


def test_633a_13_j_bad_beat_lines_in_the_report() -> None:
    analysis = analyse("bad_beat", Rules(decks=8))
    ids = [item.lines[0].line for item in analysis.outcomes]
    assert ids[0] == "dealer_21_with_seven_or_more_cards"  # the meter line first
    assert "player_has_20" not in ids  # not selected by default
    assert all(item.probability > 0 for item in analysis.outcomes)
    report = edge_report("bad_beat", decks=8, paytable=None, rules=Rules())
    assert any("strategy" in note for note in report["notes"])
    assert report["meter"]["amount_in_wagers"] == 5000  # $5,000 reset over a $1 minimum


# --- the report -----------------------------------------------------------------------------------


@pytest.mark.parametrize("wager", WAGERS)
def test_edge_report_shape_for_every_wager(wager: str) -> None:
    decks = 6
    paytable = None
    report = edge_report(wager, decks=decks, paytable=paytable, rules=Rules())
    json.dumps(report)
    assert report["wager"] == wager
    assert report["decks"] == decks
    assert 0 < report["house_edge"] < 1
    assert report["std_dev"] > 0
    assert report["lines"]
    for line in report["lines"]:
        assert set(line) >= {"outcome", "probability", "pays"}
        assert 0 <= line["probability"] <= 1
    total = sum(line["probability"] for line in report["lines"]) + report["losing_probability"]
    assert total == pytest.approx(1)


def test_edge_report_pays_in_the_regulation_words() -> None:
    lucky = edge_report("lucky_ladies", decks=8, paytable=None, rules=Rules())
    assert [line["pays"] for line in lucky["lines"]] == [
        "1000 to 1",
        "200 to 1",
        "25 to 1",
        "10 to 1",
        "4 to 1",
    ]
    royal = edge_report("royal_match_21", decks=6, paytable="C", rules=Rules())
    assert [line["pays"] for line in royal["lines"]] == [
        "30 to 1 + 1000 for 1",
        "30 to 1",
        "2.5 to 1",
    ]
    hit = edge_report("hit_and_run", decks=6, paytable=None, rules=Rules())
    assert [line["pays"] for line in hit["lines"]][:2] == ["100% of meter", "100 for 1"]


def test_633a_13_d_match_the_dealer_both_cards_pay() -> None:
    """633a.7(g)(2): each matching card is paid; two matches of the same suit return 1 + 2 x 11."""
    analysis = with_up_card("match_the_dealer", Rules(decks=6))
    both = next(
        item for item in analysis.outcomes if _key(item.lines) == ("matching_card_same_suit",) * 2
    )
    assert both.returned() == 23
    assert both.label == "Each matching card of the same suit (both cards)"


def test_paytables_follow_the_decks_and_refuse_what_the_regulation_does_not_print() -> None:
    with pytest.raises(WagerError):
        edge_report("match_the_dealer", decks=7, paytable=None, rules=Rules())
    what_if = edge_report("match_the_dealer", decks=7, paytable="8-deck", rules=Rules())
    assert any("what-if" in note for note in what_if["notes"])
    with pytest.raises(WagerError):
        edge_report("bet_the_set_21", decks=3, paytable=None, rules=Rules())
    assert edge_report("bet_the_set_21", decks=1, paytable=None, rules=Rules())["paytable"] == "A"
    assert edge_report("royal_match_21", decks=1, paytable=None, rules=Rules())["paytable"] == "A"
    with pytest.raises(WagerError):
        edge_report("lucky_ladies", decks=6, paytable="B", rules=Rules())
    with pytest.raises(WagerError):
        edge_report("blackjack", decks=6, paytable=None, rules=Rules())
    with pytest.raises(TableGamesError):
        edge_report("lucky_ladies", decks=9, paytable=None, rules=Rules())


def test_rules_options_reach_the_analysis() -> None:
    rules = Rules.model_validate(
        {
            "side_wagers": {
                "royal_match_21": {"paytable": "D", "crown_treasure": False},
                "bad_beat": {"player_has_20": True},
                "in_between": {"ace": "low"},
            }
        }
    )
    royal = edge_report("royal_match_21", decks=6, paytable=None, rules=rules)
    assert royal["paytable"] == "D"
    assert all("crown_treasure" not in line["line"] for line in royal["lines"])
    beat = edge_report("bad_beat", decks=6, paytable=None, rules=rules)
    assert any(line["line"] == "player_has_20" for line in beat["lines"])
    assert edge_report("in_between", decks=6, paytable=None, rules=rules)["paytable"] == "ace-low"
    soft = edge_report("hit_and_run", decks=6, paytable=None, rules=Rules(dealer_hits_soft_17=True))
    assert soft["dealer_hits_soft_17"] is True
    assert (
        soft["house_edge"]
        != edge_report("hit_and_run", decks=6, paytable=None, rules=Rules())["house_edge"]
    )


def test_std_dev_is_that_of_the_net_result() -> None:
    """EZ Bust pays 1 to 1: net +1 or -1, so the variance is 1 - (2p - 1)^2 = 4p(1 - p)."""
    analysis = ez_bust(Rules(decks=6))
    p = analysis.outcomes[0].probability
    assert analysis.variance() == 4 * p * (1 - p)
