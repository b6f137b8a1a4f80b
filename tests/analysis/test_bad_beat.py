"""Bad Beat (633a.6(e)(8), 633a.7(o)(1)) with the player following the main game's strategy.

The exact enumeration (`side_bad_beat`) is checked against a brute force over every deal and
every draw of a few physical cards, played in the order of 633a.7(f)-(m) and 633a.11 by this
file's own code and settled by the engine's own evaluator; both take their decisions from the
same CDZ- analysis, so what is compared is the card accounting, the deal order, the dealer's
check and draws, splits and the settlement. Comparisons are exact `Fraction` equalities.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np
import pytest

from tablegames.blackjack.analysis import dealer_draws, side_bad_beat
from tablegames.blackjack.analysis.compositions import falling
from tablegames.blackjack.analysis.game import GameValues, analyse, analyse_shoe, two_card_options
from tablegames.blackjack.analysis.player_finals import final_hands
from tablegames.blackjack.analysis.side_bad_beat import Bonuses, Twenties, magic_card_chance
from tablegames.blackjack.analysis.side_wagers import (
    analyse as analyse_wager,
)
from tablegames.blackjack.analysis.side_wagers import (
    bad_beat_lines,
    edge_report,
    twenties_of,
)
from tablegames.blackjack.analysis.split_values import chosen_option
from tablegames.blackjack.hand import dealer_must_draw, is_blackjack, points
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.side import bad_beat
from tablegames.core.cards import Card, Suit, parse_cards, standard_deck
from tablegames.core.errors import RulesError
from tests.analysis.side_helpers import Table, _key


def _points(card: Card) -> int:
    """633a.3(e), derived here from the rank alone: faces count 10, the ace 1."""
    return min(int(card.rank), 10)


Shoe = tuple[list[Card], list[int]]


def _physical_shoe(keep: Callable[[Card], bool]) -> Shoe:
    """Some cards of one deck, every physical card its own entry."""
    cards = [card for card in standard_deck() if keep(card)]
    return cards, [1] * len(cards)


def _point_counts(cards: Sequence[Card], counts: Sequence[int]) -> tuple[int, ...]:
    totals = [0] * 10
    for card, count in zip(cards, counts, strict=True):
        totals[_points(card) - 1] += count
    return tuple(totals)


def _ranks(hand: Sequence[Card]) -> list[int]:
    counts = [0] * 10
    for card in hand:
        counts[_points(card) - 1] += 1
    return counts


class _Player:
    """The CDZ- decisions of `game`, asked with physical cards."""

    def __init__(self, game: GameValues, rules: Rules) -> None:
        self.game, self.rules = game, rules
        self._later: dict[tuple[tuple[int, ...], int, bool], int] = {}

    def first(self, hand: Sequence[Card], up: Card) -> str:
        options = two_card_options(
            self.game, _points(hand[0]) - 1, _points(hand[1]) - 1, _points(up) - 1
        )
        return max(options, key=lambda name: options[name])

    def later(self, hand: Sequence[Card], up: Card, *, may_double: bool) -> int:
        """0 stand, 1 hit, 2 double."""
        key = (tuple(_ranks(hand)), _points(up) - 1, may_double)
        if key not in self._later:
            table = self.game.table
            index = table.find(list(key[0]))
            self._later[key] = chosen_option(
                table, self.game.values, index, key[1], may_double=may_double
            )
        return self._later[key]


def _bad_beat_brute(
    shoe: Shoe, rules: Rules, *, player_has_20: bool, peeks: bool, bonuses: Bonuses
) -> Table:
    """Deal as 633a.7(f): player, up card, player, hole card; the dealer checks for Blackjack
    (633a.7(h)); the player plays hand 0 to its end (633a.7(k), 633a.9-633a.11: a pair card
    drawn to a split hand is split off to a new hand while the rules allow, and the other hands'
    later cards are not dealt, as the analysis assumes), then the dealer draws by 633a.7(m).
    With `bonuses`, every one of the 52 cards the system may draw for the Magic Card and every
    position for the Lucky Player (633a.1) settles every round, won or lost."""
    cards, counts = shoe
    game = analyse_shoe(rules, np.array(_point_counts(cards, counts)))
    player = _Player(game, rules)
    n = sum(counts)
    left = list(counts)
    out: defaultdict[tuple[tuple[str, ...], int], Fraction] = defaultdict(Fraction)
    removed = [0]  # cards split off to other hands, for the depth of a deal
    first_two: list[Card] = []

    @cache
    def magic_ways(first: Card, second: Card) -> int:
        return sum(bad_beat.magic_card(first, second, card) for card in standard_deck())

    def draw(weight: int, then: Callable[[Card, int], None]) -> None:
        for index, card in enumerate(cards):
            if left[index]:
                ways = left[index]
                left[index] -= 1
                then(card, weight * ways)
                left[index] += 1

    def settle(
        hand: list[Card], dealer: list[Card], weight: int, *, out_of_play: bool = False
    ) -> None:
        depth = len(hand) + len(dealer) + removed[0]
        line = None
        if not out_of_play:
            line = bad_beat.evaluate(points(hand).total, dealer, player_has_20_line=player_has_20)
        won = () if line is None else (line.line,)
        if not bonuses.any:
            if won:
                out[(won, depth)] += weight
            return
        magic = magic_ways(*first_two)
        lucky = sum(bad_beat.lucky_player(1, box) for box in range(1, bonuses.boxes + 1))
        for with_magic, magic_count in ((True, magic), (False, 52 - magic)):
            for with_lucky, lucky_ways in ((True, lucky), (False, bonuses.boxes - lucky)):
                lines: tuple[str, ...] = won
                if with_magic and bonuses.magic_card:
                    lines += ("magic_card_bonus",)
                elif with_magic:
                    continue
                if with_lucky and bonuses.lucky_player:
                    lines += ("lucky_player_bonus",)
                elif with_lucky:
                    continue
                chance = Fraction(magic_count if bonuses.magic_card else 52, 52) * Fraction(
                    lucky_ways if bonuses.lucky_player else bonuses.boxes, bonuses.boxes
                )
                if chance:
                    out[(tuple(sorted(lines)), depth)] += weight * chance

    def dealer_plays(hand: list[Card], dealer: list[Card], weight: int) -> None:
        if not dealer_must_draw(dealer, hits_soft_17=False):
            settle(hand, dealer, weight)
            return
        draw(weight, lambda card, ways: dealer_plays(hand, [*dealer, card], ways))

    def finished(hand: list[Card], dealer: list[Card], weight: int) -> None:
        if points(hand).total == 20:
            dealer_plays(hand, dealer, weight)
        elif bonuses.any:  # any other total loses whatever the dealer does; bonuses still pay
            settle(hand, dealer, weight)

    def plays(hand: list[Card], dealer: list[Card], weight: int, may_double: bool) -> None:
        if points(hand).total > 21:
            finished(hand, dealer, weight)
            return
        choice = player.later(hand, dealer[0], may_double=may_double)
        if choice == 0:
            finished(hand, dealer, weight)
        elif choice == 2:
            draw(weight, lambda card, ways: finished([*hand, card], dealer, ways))
        else:
            draw(weight, lambda card, ways: plays([*hand, card], dealer, ways, False))

    def split(pair: Card, dealer: list[Card], weight: int, hands: int) -> None:
        most = rules.max_hands if _points(pair) != 1 or rules.resplit_aces else 2

        def second(card: Card, ways: int) -> None:
            if _points(card) == _points(pair) and hands < most:
                removed[0] += 1  # 633a.11(c): split off to a new hand
                split(pair, dealer, ways, hands + 1)
                removed[0] -= 1
            elif _points(pair) == 1 and not rules.hit_split_aces:
                finished([pair, card], dealer, ways)
            else:
                plays([pair, card], dealer, ways, rules.double_after_split)

        draw(weight, second)

    def decide(first: Card, second: Card, dealer: list[Card], weight: int) -> None:
        choice = player.first([first, second], dealer[0])
        if choice == "stand":
            finished([first, second], dealer, weight)
        elif choice == "double":
            draw(weight, lambda card, ways: finished([first, second, card], dealer, ways))
        elif choice == "hit":
            draw(weight, lambda card, ways: plays([first, second, card], dealer, ways, False))
        elif choice == "split":
            removed[0] += 1  # the second pair card starts hand 1
            split(first, dealer, weight, 2)
            removed[0] -= 1
        elif bonuses.any:  # surrendered: out of play (633a.9), the bonuses still pay
            settle([first, second], dealer, weight, out_of_play=True)

    def hole(first: Card, up: Card, second: Card, weight: int) -> None:
        def dealt(card: Card, ways: int) -> None:
            first_two[:] = [first, second]
            if peeks and is_blackjack([up, card], from_split=False):
                settle([first, second], [up, card], ways)
            else:
                decide(first, second, [up, card], ways)

        draw(weight, dealt)

    draw(
        1,
        lambda first, w1: draw(
            w1, lambda up, w2: draw(w2, lambda second, w3: hole(first, up, second, w3))
        ),
    )
    table: defaultdict[tuple[str, ...], Fraction] = defaultdict(Fraction)
    for (key, depth), ways in out.items():
        table[key] += ways / falling(n, depth)
    return dict(table)


def _twenties(shoe: Shoe, rules: Rules) -> Twenties:
    return twenties_of(analyse_shoe(rules, np.array(_point_counts(*shoe))))


def _bad_beat_fast(
    shoe: Shoe, rules: Rules, *, player_has_20: bool, peeks: bool, bonuses: Bonuses
) -> Table:
    counts = _point_counts(*shoe)
    lines = bad_beat_lines(
        counts,
        _twenties(shoe, rules),
        hits_soft_17=False,
        player_has_20=player_has_20,
        dealer_peeks=peeks,
        bonuses=bonuses,
    )
    return {_key(key): p for key, p in lines.items() if p}


ONE_SUIT = _physical_shoe(lambda card: card.suit is Suit.SPADES)
# Two of each ace, 2, 3 and 9 and four ten-value cards: repeated point values, short of tens.
LOW_PAIRS = _physical_shoe(
    lambda card: card.suit in (Suit.SPADES, Suit.HEARTS) and card.rank.symbol in "A239TK"
)
# Ten cards: aces, 2s, 9s and ten-value cards of two suits.
FEW = _physical_shoe(
    lambda card: card.suit in (Suit.SPADES, Suit.HEARTS) and card.rank.symbol in "A29TK"
)
# Three aces, eights and tens, a 2 and a 9, by point value (suits do not matter to Bad Beat):
# splits, resplits and doubles after splits all happen.
SPLITS: Shoe = (parse_cards(["AS", "8S", "TS", "2S", "9S"]), [3, 3, 3, 1, 1])
# Two decks' worth of a few cards: each card twice, so the first two can be the same card.
TWICE: Shoe = (parse_cards(["AS", "AH", "9S", "TS", "TH"]), [2, 2, 2, 2, 2])
# Six eights, four ten-values, two 2s and two 9s: eights split to six hands (633a.11(c): the
# house sets the limit), so up to five pair cards are split off from hand 0.
SIX_HANDS: Shoe = (parse_cards(["8S", "TS", "2S", "9S"]), [6, 4, 2, 2])
NO_BONUS = Bonuses()


@pytest.mark.parametrize(
    ("shoe", "rules", "player_has_20", "peeks", "bonuses"),
    [
        (ONE_SUIT, Rules(decks=1), True, False, NO_BONUS),
        (LOW_PAIRS, Rules(decks=1), True, True, NO_BONUS),
        (LOW_PAIRS, Rules(decks=1, hit_split_aces=True, resplit_aces=True), False, True, NO_BONUS),
        (SPLITS, Rules(decks=1), True, True, NO_BONUS),
        (FEW, Rules(decks=1), False, True, Bonuses(magic_card=True, lucky_player=True)),
        (TWICE, Rules(decks=2), True, True, Bonuses(magic_card=True, copies=2)),
        (TWICE, Rules(decks=2), False, True, Bonuses(lucky_player=True, copies=2, boxes=3)),
        (SIX_HANDS, Rules(decks=2, max_hands=6), True, True, NO_BONUS),
    ],
)
def test_633a_7_o_1_i_bad_beat_equals_physical_brute_force(
    shoe: Shoe, rules: Rules, player_has_20: bool, peeks: bool, bonuses: Bonuses
) -> None:
    """Every deal and every draw of a few physical cards."""
    options = {"player_has_20": player_has_20, "peeks": peeks, "bonuses": bonuses}
    brute = _bad_beat_brute(shoe, rules, **options)  # type: ignore[arg-type]
    fast = _bad_beat_fast(shoe, rules, **options)  # type: ignore[arg-type]
    assert fast == brute
    assert len(brute) >= 3  # several lines pay even from so few cards
    if shoe is SPLITS:  # the 20s include split hands, resplit ones too
        split_off = {hand.size - hand.cards for up in _twenties(shoe, rules) for hand in up}
        assert {1, 2} <= split_off
    if shoe is SIX_HANDS:
        split_off = {hand.size - hand.cards for up in _twenties(shoe, rules) for hand in up}
        assert split_off == {0, 1, 2, 3, 4, 5}
    if bonuses.any:
        assert sum(brute.values()) == 1  # every round settled, the losing ones too


def test_633a_13_j_1_magic_card_against_two_decks_of_physical_cards() -> None:
    """The Magic Card's chance given the first two cards' pair, against every ordered pair of
    physical cards from two decks and every card of the system's 52."""
    deck = standard_deck()
    shoe = [card for card in deck for _ in range(2)]
    ways: defaultdict[int, list[int]] = defaultdict(lambda: [0, 0])
    for i, first in enumerate(shoe):
        for j, second in enumerate(shoe):
            if i != j:
                pair = _points(first) - 1 if _points(first) == _points(second) else -1
                ways[pair][0] += 1
                ways[pair][1] += len({first, second})  # the system's cards that match
    for pair, (deals, matches) in ways.items():
        alike = 8 if pair < 0 or pair != 9 else 32
        assert magic_card_chance(pair, 2, alike) == Fraction(matches, deals * 52)


def test_633a_11_final_hands_account_for_every_deal() -> None:
    """Hand 0's final hands (stood, busted, doubled, surrendered, split) are every way the
    round can go: their probabilities sum to exactly 1 for every up card."""
    game = analyse(Rules(decks=2, hit_split_aces=True, resplit_aces=True))
    for up in range(10):
        after_up = tuple(int(count) - (rank == up) for rank, count in enumerate(game.table.shoe))
        hands = final_hands(game, up)
        assert sum((hand.chance(after_up) for hand in hands), Fraction(0)) == 1
        assert any(hand.size > hand.cards for hand in hands)  # pair cards split off


def test_633a_13_j_bad_beat_lines_in_the_report() -> None:
    analysis = analyse_wager("bad_beat", Rules(decks=8))
    ids = [item.lines[0].line for item in analysis.outcomes]
    assert ids[0] == "dealer_21_with_seven_or_more_cards"  # the meter line first
    assert "player_has_20" not in ids  # not selected by default
    assert all(item.probability > 0 for item in analysis.outcomes)
    report = edge_report("bad_beat", decks=8, paytable=None, rules=Rules())
    assert any("CDZ- strategy" in note for note in report["notes"])
    assert report["meter"]["amount_in_wagers"] == 5000  # $5,000 reset over a $1 minimum


def test_633a_6_e_8_bad_beat_at_a_switch_table_names_why_it_is_not_analysed() -> None:
    with pytest.raises(RulesError, match=r"switch decision.*633a\.6\(e\)\(8\)"):
        analyse_wager("bad_beat", Rules(decks=6, variant="blackjack_switch"))


def test_633a_13_j_1_offered_bonuses_are_lines_of_the_report() -> None:
    offer: Any = {"bad_beat": {"magic_card": True, "lucky_player": True}}
    report = edge_report("bad_beat", decks=6, paytable=None, rules=Rules(side_wagers=offer))
    lines = {line["line"] for line in report["lines"]}
    assert {"magic_card_bonus", "lucky_player_bonus"} <= lines
    assert "dealer_21_with_three_cards+magic_card_bonus+lucky_player_bonus" in lines
    # Paid whether or not the wager wins: the bonuses alone are the likeliest winning outcome.
    alone = {line["line"]: line["probability"] for line in report["lines"]}
    assert alone["magic_card_bonus"] > alone["dealer_21_with_three_cards"]
    assert sum(line["probability"] for line in report["lines"]) + report[
        "losing_probability"
    ] == pytest.approx(1, abs=1e-12)


@pytest.mark.parametrize("hits_soft_17", [False, True])
def test_633a_7_m_dealer_21s_from_the_main_game_equal_the_side_wagers_enumeration(
    hits_soft_17: bool,
) -> None:
    """The dealer's 21s of three or more cards Bad Beat reads from the main game's enumeration
    (`dealer_hands.dealer_hands`) are those of `dealer_draws.dealer_hands`, with their
    orderings, for every up card."""
    for up in range(1, 11):
        expected = Counter(
            (tuple(count for _, count in _by_value(hand.drawn())), hand.orderings, hand.size)
            for hand in dealer_draws.dealer_hands(up, hits_soft_17=hits_soft_17)
            if hand.total == 21 and not hand.blackjack
        )
        got = Counter(
            (tuple(int(count) for count in drawn), int(orderings), group.cards)
            for group in side_bad_beat._dealer_twenty_ones(up, hits_soft_17)
            for drawn, orderings in zip(group.drawn, group.orderings, strict=True)
        )
        assert got == expected


def _by_value(drawn: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
    counts = dict(drawn)
    return [(value, counts.get(value, 0)) for value in range(1, 11)]


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_633a_7_o_1_dealer_21_ways_equal_python_integers(decks: int) -> None:
    """The dealer's ordered draws to a 21 of each number of cards after a few player hands,
    in int64 and (from nine cards in six decks) in chunks, against plain Python integers:
    sum of orderings x prod falling(remaining, drawn) over `dealer_draws`' hands."""
    shoe = np.array([4 * decks] * 9 + [16 * decks], dtype=np.int64)
    up = 2
    after_up = shoe - np.eye(10, dtype=np.int64)[up - 1]
    removed = np.array(
        [[0] * 9 + [2], [2, 2, 2, 1, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0, 1, 0]],
        dtype=np.int64,
    )
    remaining = after_up - removed
    hands = [
        hand
        for hand in dealer_draws.dealer_hands(up, hits_soft_17=False)
        if hand.total == 21 and not hand.blackjack
    ]
    chunked = False
    for cards, ways in side_bad_beat._dealer_21_ways(up, remaining, hits_soft_17=False):
        chunked |= falling(int(remaining.sum(axis=1).max()), cards - 1) >= 2**63
        for row, rest in enumerate(remaining.tolist()):
            expected = sum(
                hand.orderings * dealer_draws.hand_weight(tuple(rest), hand.drawn())
                for hand in hands
                if hand.size == cards
            )
            assert ways[row] == expected
            assert type(ways[row]) is int
    assert chunked == (decks > 1)


@pytest.mark.parametrize(
    ("rules", "peeks"),
    [
        (Rules(decks=2, hit_split_aces=True, resplit_aces=True), False),
        (Rules(decks=6, max_hands=2), True),
    ],
)
def test_633a_7_o_1_bad_beat_numerators_equal_a_hand_by_hand_sum(rules: Rules, peeks: bool) -> None:
    """At full size (the brute force above covers a few cards), the numerators of every line
    by cards dealt and pair: the array path against a sum hand by hand in Python integers over
    the reference `final_hands` and `dealer_draws`' dealer hands (the Blackjack line without a
    check, 633a.7(h), and 'player has 20', 633a.7(o)(1)(i), included)."""
    game = analyse(rules)
    shoe = tuple(int(count) for count in game.table.shoe)
    twenties = twenties_of(game)
    fast: defaultdict[tuple[str, int, int], int] = defaultdict(int)
    slow: defaultdict[tuple[str, int, int], int] = defaultdict(int)
    names = {3: "three", 4: "four", 5: "five", 6: "six"}
    for up in range(1, 11):
        side_bad_beat._add_twenties(
            fast, shoe, up, twenties, hits_soft_17=False, player_has_20=True, peeks=peeks
        )
        after_up = tuple(count - (rank == up - 1) for rank, count in enumerate(shoe))
        hole = {1: 10, 10: 1}.get(up)
        dealer = [
            hand
            for hand in dealer_draws.dealer_hands(up, hits_soft_17=False)
            if hand.total == 21 and not hand.blackjack
        ]
        for hand in final_hands(game, up - 1, total=20):
            base = shoe[up - 1] * hand.ways(after_up)
            rest = tuple(c - m for c, m in zip(after_up, hand.removed, strict=True))
            dealt = 1 + hand.size
            blackjacks = rest[hole - 1] if hole else 0
            if not peeks:
                slow[("dealer_blackjack", dealt + 1, hand.pair)] += base * blackjacks
            slow[("player_has_20", dealt + 1, hand.pair)] += base * (sum(rest) - blackjacks)
            for other in dealer:
                line = f"dealer_21_with_{names.get(other.size, 'seven_or_more')}_cards"
                ways = other.orderings * dealer_draws.hand_weight(rest, other.drawn())
                slow[(line, dealt + other.size - 1, hand.pair)] += base * ways
    assert {k: v for k, v in fast.items() if v} == {k: v for k, v in slow.items() if v}
