"""Bad Beat (633a.6(e)(8)): the player's final 20 against the dealer's 21, enumerated exactly.

The wager depends on how the player plays, so the player follows the main game's strategy: the
exact CDZ- analysis of `game.py` for the same Rules Submission (`player_finals`, whose
`final_hand_table` plays all ten up cards at once), splits, doubles and surrender included. The
round engine reads the first hand of the box (hand 0), so that hand is followed; a surrendered
hand is not "a 20".

For each up card and each final hand of 20 the dealer's hands are counted from the shoe less the
up card and every card that left the shoe for that hand: the joint probability of the player's
cards and the dealer's cards is a product of falling factorials over n(n-1)...(n-k+1), whatever
the order the positions are dealt in (633a.7(f)). With an ace or ten-value up card the dealer
checks for Blackjack first (633a.7(h)): the round ends on the player's first two cards, so the
Blackjack line reads the two-card 20s (a pair of ten-value cards, an ace and a 9) whatever the
strategy would have done with them.

Some 10,000 final 20s (six decks) meet some 1,100 dealer 21s: the dealer's factor of every pair
is computed in NumPy int64 where a bound proves it exact (`_dealer_21_ways`), summed over the
dealer's hands of each number of cards, and only the products with the 20's own factor (large
numbers, some 10**60 for the longest deals) are Python integers. The probabilities are exact
`Fraction`s, as the brute force of the tests checks.

>>> from tablegames.blackjack.rules import Rules
>>> analysis = bad_beat(Rules(decks=6))
>>> f"{float(analysis.house_edge()):.4f}"  # at the $5,000 reset over a $1 minimum
'0.4958'
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from tablegames.blackjack.analysis.compositions import Composition, PointCounts, falling
from tablegames.blackjack.analysis.dealer_columns import MAX_CARDS, TOTALS, IntArray
from tablegames.blackjack.analysis.dealer_draws import ACE, POINT_VALUES, TEN
from tablegames.blackjack.analysis.dealer_hands import dealer_hands
from tablegames.blackjack.analysis.game import GameValues, analyse
from tablegames.blackjack.analysis.player_finals import FinalHand, final_hand_table
from tablegames.blackjack.analysis.side_dealer import progressive_meter
from tablegames.blackjack.analysis.side_outcomes import (
    PARAGRAPHS,
    SideWagerAnalysis,
    check_decks,
    collect,
    no_paytable_choice,
)
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.rules.side import BadBeat
from tablegames.blackjack.side import bad_beat as bad_beat_wager
from tablegames.blackjack.side.bad_beat import LUCKY_PLAYER_BONUS, MAGIC_CARD_BONUS
from tablegames.blackjack.variation import variation_of
from tablegames.core.errors import RulesError
from tablegames.core.paytable import PaytableLine, find_line

PLAYER_STRATEGY: Final = (
    "the main game's CDZ- strategy for these rules (tablegames edge blackjack), splits, "
    "doubles and surrender included; the first hand of the box is read (hand 0)"
)

_BAD_BEAT_21: Final = {
    3: "dealer_21_with_three_cards",
    4: "dealer_21_with_four_cards",
    5: "dealer_21_with_five_cards",
    6: "dealer_21_with_six_cards",
}
_SEVEN_OR_MORE: Final = "dealer_21_with_seven_or_more_cards"  # 100% of the meter

# (line, cards dealt, first two a pair of) -> over falling(n, dealt)
Numerators = defaultdict[tuple[str, int, int], int]

# The cards removed for a final 20 as a number: a count of one rank is at most that rank's
# cards in the shoe (32 aces in eight decks, reached with aces split off to 16 hands,
# 633a.11(c)), so base 33.
_BASE = 33
_DIGITS = _BASE ** np.arange(10, dtype=np.int64)


@dataclass(frozen=True)
class Twenties:
    """Hand 0's final 20s against every up card, merged by the cards that left the shoe for
    them (and whether the first two were a pair, for the Magic Card): one row each, grouped by
    up card (rank 0, the ace, to 9, the ten-values). Iterating gives each up card's rows as
    `FinalHand` records, ace first."""

    up: IntArray
    removed: IntArray  # (rows, 10)
    cards: IntArray  # cards in the hand itself
    orderings: IntArray
    pair: IntArray

    def hands(self, up: int) -> tuple[FinalHand, ...]:
        return tuple(
            FinalHand(
                tuple(int(count) for count in self.removed[row]),
                int(self.cards[row]),
                20,
                False,
                int(self.orderings[row]),
                int(self.pair[row]),
            )
            for row in np.flatnonzero(self.up == up)
        )

    def __iter__(self) -> Iterator[tuple[FinalHand, ...]]:
        return (self.hands(up) for up in range(10))


def twenties_of(game: GameValues) -> Twenties:
    """Per up card: hand 0's final 20s under `game`'s CDZ- strategy, merged by the cards that
    left the shoe for them (and whether the first two were a pair, for the Magic Card)."""
    table = final_hand_table(game, total=20)
    held = game.table.shoe[table.up] > 0
    cards = table.hand.sum(axis=1)
    # A base-33 number of the cards removed, then the up card, the pair and the hand's cards
    # (a hand of 20 holds at most 20 cards): 33**10 * 10 * 11 * 21 < 2**62.
    if int(table.removed.max(initial=0)) >= _BASE:
        raise ValueError("a final hand removes more cards of one rank than a shoe holds")
    key = (((table.removed @ _DIGITS) * 10 + table.up) * 11 + table.pair + 1) * 21 + cards
    unique, first, inverse = np.unique(key[held], return_index=True, return_inverse=True)
    orderings = np.zeros(len(unique), dtype=np.int64)
    np.add.at(orderings, inverse.reshape(-1), table.orderings[held])
    rows = np.flatnonzero(held)[first]
    order = np.argsort(table.up[rows], kind="stable")  # grouped by up card
    rows, orderings = rows[order], orderings[order]
    twenties = Twenties(
        table.up[rows], table.removed[rows], cards[rows], orderings, table.pair[rows]
    )
    for array in (twenties.up, twenties.removed, twenties.cards, orderings, twenties.pair):
        array.setflags(write=False)  # cached by `player_twenties`
    return twenties


def clear_caches() -> None:
    """Forget the player's 20s and the dealer's 21s by up card, e.g. to time a cold start."""
    player_twenties.cache_clear()
    _dealer_twenty_ones.cache_clear()


@lru_cache(maxsize=4)
def player_twenties(rules: Rules) -> Twenties:
    """`twenties_of` the main game's CDZ- analysis of `rules` from a full shoe."""
    if not variation_of(rules).analysed_as_main_game:
        raise RulesError(
            f"variant {rules.variant!r}: Bad Beat's figure follows the main game's CDZ- "
            "strategy, which the exact analysis gives for the standard and hand-dealt games; "
            "the switch decision of this variant changes the hands the player finishes with",
            paragraph="633a.6(e)(8)",
        )
    return twenties_of(analyse(rules))


def _two_card_twenties() -> tuple[FinalHand, ...]:
    """The first two cards totalling 20: two ten-value cards, or an ace and a 9."""
    ten_ten = tuple(2 if rank == TEN - 1 else 0 for rank in range(10))
    ace_nine = tuple(1 if rank in (ACE - 1, 8) else 0 for rank in range(10))
    return (
        FinalHand(ten_ten, 2, 20, False, 1, pair=TEN - 1),
        FinalHand(ace_nine, 2, 20, False, 2),
    )


@dataclass(frozen=True, slots=True)
class Bonuses:
    """The optional bonuses of 633a.13(j)(1) a Rules Submission offers with the wager.

    `copies`: how many physical cards share each rank and suit (the decks), for the chance that
    the first two cards are the same card twice; `boxes`: the positions the Lucky Player is drawn
    from."""

    magic_card: bool = False
    lucky_player: bool = False
    copies: int = 1
    boxes: int = 7

    @property
    def any(self) -> bool:
        return self.magic_card or self.lucky_player


def magic_card_chance(pair: int, copies: int, alike: int) -> Fraction:
    """633a.1 "Magic Card Bonus": the chance that a card drawn by the system from one standard
    deck (52 cards, `Table.select`) is one of the player's first two cards, given that these are
    a pair of rank `pair` (-1: not a pair) from `alike` cards of that point value in the shoe.
    Two different cards match 2 of the 52; the same card twice (same rank and suit, possible
    with `copies` decks) only 1.

    >>> magic_card_chance(-1, 6, 0), magic_card_chance(4, 1, 4), magic_card_chance(0, 2, 8)
    (Fraction(1, 26), Fraction(1, 26), Fraction(1, 28))
    """
    if pair < 0:
        return Fraction(2, 52)
    twice = Fraction(copies - 1, alike - 1)  # P(the second is the first's rank and suit)
    return (2 - twice) / 52


def bad_beat_lines(
    shoe: PointCounts,
    twenties: Twenties,
    *,
    hits_soft_17: bool,
    player_has_20: bool,
    dealer_peeks: bool = True,
    bonuses: Bonuses = Bonuses(),
) -> dict[tuple[PaytableLine, ...], Fraction]:
    """The Bad Beat lines' probabilities from `shoe` for one player whose final 20s are
    `twenties` (`twenties_of` the same shoe's analysis), with any `bonuses` on top."""
    size = sum(shoe)
    peeks = dealer_peeks
    numerators: Numerators = defaultdict(int)
    for up in POINT_VALUES:
        if not shoe[up - 1]:
            continue
        after_up = tuple(count - (index == up - 1) for index, count in enumerate(shoe))
        hole = TEN if up == ACE else ACE if up == TEN else None
        if hole is not None and peeks:
            # 633a.7(h): the dealer's Blackjack ends the round on the player's first two cards.
            for hand in _two_card_twenties():
                base = _base(shoe[up - 1], after_up, hand)
                holes = after_up[hole - 1] - hand.removed[hole - 1]
                numerators[("dealer_blackjack", 2 + hand.size, hand.pair)] += base * holes
        _add_twenties(
            numerators,
            shoe,
            up,
            twenties,
            hits_soft_17=hits_soft_17,
            player_has_20=player_has_20,
            peeks=peeks,
        )
    by_pair = _tally(numerators, size, player_has_20=player_has_20)
    if not bonuses.any:
        merged: defaultdict[tuple[PaytableLine, ...], Fraction] = defaultdict(Fraction)
        for wins in by_pair.values():
            for won, chance in wins.items():
                merged[(won,)] += chance
        return dict(merged)
    return _with_bonuses(by_pair, shoe, bonuses)


def _base(up_cards: int, after_up: tuple[int, ...], hand: FinalHand) -> int:
    """The ordered ways to deal the up card and the hand's cards (over falling(n, 1 + size))."""
    return up_cards * hand.ways(after_up)


def _add_twenties(
    numerators: Numerators,
    shoe: PointCounts,
    up: int,
    twenties: Twenties,
    *,
    hits_soft_17: bool,
    player_has_20: bool,
    peeks: bool,
) -> None:
    """The final 20s against the up card of point value `up`, and the dealer's hands after
    them, added to `numerators`.

    For a 20 whose cards leave `remaining` and a dealer hand drawing D (hole card and draws),
    the ordered physical deals number (up card and 20: `_base`) x (the dealer hand's orderings
    x prod falling(remaining[v], D[v])). The dealer's factor is summed over the hands with the
    same number of cards (`_dealer_21_ways`), for all the 20s at once; only the last products
    and the sums by (cards dealt, pair) are Python integers."""
    rows = np.flatnonzero(twenties.up == up - 1)
    if not len(rows):
        return
    after_up = np.array(shoe, dtype=np.int64)
    after_up[up - 1] -= 1
    removed = twenties.removed[rows]
    orderings = twenties.orderings[rows] * shoe[up - 1]  # the 20's, and the up card's
    base = _falling_products(after_up, removed) * orderings.astype(object)
    remaining = after_up - removed
    dealt = 1 + removed.sum(axis=1)
    pair = twenties.pair[rows]
    groups = _Groups(dealt, pair)
    hole = TEN if up == ACE else ACE if up == TEN else None
    holes_blackjack = remaining[:, hole - 1] if hole is not None else np.zeros_like(dealt)
    if hole is not None and not peeks:
        groups.add(numerators, "dealer_blackjack", 1, base * holes_blackjack.astype(object))
    if player_has_20:
        others = remaining.sum(axis=1) - holes_blackjack
        groups.add(numerators, "player_has_20", 1, base * others.astype(object))
    for cards, dealer_ways in _dealer_21_ways(up, remaining, hits_soft_17=hits_soft_17):
        line = _BAD_BEAT_21.get(cards, _SEVEN_OR_MORE)
        groups.add(numerators, line, cards - 1, base * dealer_ways)


ObjectArray = npt.NDArray[np.object_]  # Python integers, exact at any size


def _falling_products(counts: IntArray, taken: IntArray) -> ObjectArray:
    """prod over v of falling(counts[v], taken[row, v]) for each row, as Python integers."""
    most = int(taken.max(initial=0))
    table = np.array(
        [[falling(int(count), many) for many in range(most + 1)] for count in counts],
        dtype=object,
    )
    products: ObjectArray = np.prod(table[np.arange(10), taken], axis=1)
    return products


# NumPy's int64 wraps around silently when it overflows: the int64 products below are used only
# where a bound proves they fit.
_INT64_MAX: Final = 2**63 - 1


class _DealerTwentyOnes(NamedTuple):
    """The dealer's 21s of `cards` cards (three or more) after one up card: what each draws
    after the up card, its orderings, and its draws as columns of `_dealer_21_ways`' table of
    linear factors (rank * width + t for the t-th card of that rank)."""

    cards: int
    drawn: IntArray  # (hands, 10)
    orderings: IntArray
    columns: IntArray  # (hands, cards - 1)


@lru_cache(maxsize=20)
def _dealer_twenty_ones(up: int, hits_soft_17: bool) -> tuple[_DealerTwentyOnes, ...]:
    """The dealer's 21s with the up card of point value `up`, by number of cards, from the
    main game's enumeration of the dealer's hands (`dealer_hands.dealer_hands`, the same
    drawing rule, 633a.7(m), already enumerated by the main game's analysis)."""
    hands = dealer_hands(hits_soft_17=hits_soft_17)
    rank = up - 1
    # Two-card 21s are the dealer's Blackjack, not among these standing hands.
    rows = np.flatnonzero((hands.total_index == TOTALS.index(21)) & (hands.multiplier[:, rank] > 0))
    drawn = hands.cards[rows] - np.eye(10, dtype=np.int64)[rank]
    orderings = hands.multiplier[rows, rank]
    sizes = drawn.sum(axis=1) + 1
    groups = []
    for cards in sorted({int(size) for size in sizes}):
        these = drawn[sizes == cards]
        # Each hand's columns in rank order: rank * width, then + 0, 1, ... for the cards of
        # that rank (a cumulative count within each run of equal ranks).
        ranks = np.repeat(np.tile(np.arange(10), len(these)), these.reshape(-1))
        starts = np.repeat(np.cumsum(these.reshape(-1)) - these.reshape(-1), these.reshape(-1))
        within = np.arange(len(ranks)) - starts
        columns = (ranks * _MOST_DRAWN + within).reshape(len(these), cards - 1)
        groups.append(_DealerTwentyOnes(cards, these, orderings[sizes == cards], columns))
    for group in groups:
        for array in (group.drawn, group.orderings, group.columns):
            array.setflags(write=False)  # cached
    return tuple(groups)


_MOST_DRAWN = MAX_CARDS  # more cards of one rank than any dealer hand draws


def _dealer_21_ways(
    up: int, remaining: IntArray, *, hits_soft_17: bool
) -> Iterator[tuple[int, ObjectArray]]:
    """For each number of cards of the dealer's 21s: per row of `remaining` (the shoe after the
    up card and one 20), the ordered draws of physical cards making such a 21, the sum over
    the hands of orderings x prod_v falling(remaining[v], drawn[v]).

    A falling factorial is a product of linear factors remaining[v] - t, t < drawn[v], so each
    hand's product is a gather of cards - 1 columns of one table of factors and a product along
    them. The sum counts distinct ordered draws of cards - 1 cards, so it is at most
    falling(n, cards - 1) for n cards remaining: while that fits in int64 so does every product
    and sum. Beyond (nine cards or more from six decks), each hand's factors are multiplied in
    chunks that fit and the chunks as Python integers."""
    rows = len(remaining)
    factors = (remaining[:, :, None] - np.arange(_MOST_DRAWN)).reshape(rows, -1)
    most = int(remaining.sum(axis=1).max())
    for group in _dealer_twenty_ones(up, hits_soft_17):
        if falling(most, group.cards - 1) <= _INT64_MAX:
            ways = factors[:, group.columns].prod(axis=2) @ group.orderings
            yield group.cards, ways.astype(object)
        else:
            yield group.cards, _chunked_ways(factors, remaining.max(axis=0), group)


def _chunked_ways(factors: IntArray, largest: IntArray, group: _DealerTwentyOnes) -> ObjectArray:
    """`_dealer_21_ways` for hands whose products may pass int64: each hand's factors in
    chunks whose largest possible product (`largest` remaining of each rank) fits."""
    ones = factors.shape[1]  # a column of ones pads the chunks
    factors = np.hstack([factors, np.ones((len(factors), 1), dtype=np.int64)])
    chunked = []
    for columns in group.columns:
        chunks: list[list[int]] = [[]]
        bound = 1
        for column in columns.tolist():
            rank, t = divmod(column, _MOST_DRAWN)
            # |remaining - t| is at most this for 0 <= remaining <= largest[rank].
            size = max(int(largest[rank]) - t, t, 1)
            if bound * size > _INT64_MAX:
                chunks.append([])
                bound = 1
            chunks[-1].append(column)
            bound *= size
        chunked.append(chunks)
    count = max(len(chunks) for chunks in chunked)
    length = max(len(chunk) for chunks in chunked for chunk in chunks)
    padded = np.full((len(chunked), count, length), ones, dtype=np.int64)
    for hand, chunks in enumerate(chunked):
        for index, chunk in enumerate(chunks):
            padded[hand, index, : len(chunk)] = chunk
    products = factors[:, padded].prod(axis=3).astype(object).prod(axis=2)
    ways: ObjectArray = products @ group.orderings.astype(object)
    return ways


class _Groups:
    """The 20s grouped by cards dealt (up card and the hand's) and pair: a line's numerator is
    summed over each group, the key of `Numerators`."""

    def __init__(self, dealt: IntArray, pair: IntArray) -> None:
        key = dealt * 11 + pair + 1
        self.order = np.argsort(key, kind="stable")
        sorted_key = key[self.order]
        self.starts = np.flatnonzero(np.r_[True, sorted_key[1:] != sorted_key[:-1]])
        self.keys = [(int(k) // 11, int(k) % 11 - 1) for k in sorted_key[self.starts]]

    def add(self, numerators: Numerators, line: str, more: int, values: ObjectArray) -> None:
        """Add `values` (one per 20) to `line` with `more` cards dealt after the 20's."""
        sums = np.add.reduceat(values[self.order], self.starts)
        for (dealt, pair), total in zip(self.keys, sums, strict=True):
            if total:
                numerators[(line, dealt + more, pair)] += int(total)


ByPair = dict[int, dict[PaytableLine, Fraction]]  # first two a pair of (-1: not) -> line -> P


def _tally(numerators: Numerators, size: int, *, player_has_20: bool) -> ByPair:
    paytable = bad_beat_wager.PAYTABLE
    tally: defaultdict[int, defaultdict[PaytableLine, Fraction]] = defaultdict(
        lambda: defaultdict(Fraction)
    )
    for (name, dealt, pair), numerator in numerators.items():
        tally[pair][find_line(paytable, name)] += Fraction(numerator, falling(size, dealt))
    if player_has_20:
        # Counted above: the player's 20 with any dealer hand but a Blackjack. The dealer's 21s
        # pay their own, higher line (a hand is paid on one line only), so they come off here.
        twenty = find_line(paytable, "player_has_20")
        for wins in tally.values():
            for line in list(wins):
                if line.line in (*_BAD_BEAT_21.values(), _SEVEN_OR_MORE):
                    wins[twenty] -= wins[line]
    return {pair: dict(wins) for pair, wins in tally.items()}


def _with_bonuses(
    by_pair: ByPair, shoe: PointCounts, bonuses: Bonuses
) -> dict[tuple[PaytableLine, ...], Fraction]:
    """Each outcome of the cards with or without each bonus (633a.13(j)(1)), paid on top whether
    or not the wager wins (633a.1). The Lucky Player is drawn apart from the cards; the Magic
    Card depends only on whether the first two cards are a pair (and of what)."""
    size = sum(shoe)
    pair_chances = {
        rank: Fraction(count * (count - 1), size * (size - 1)) for rank, count in enumerate(shoe)
    }
    pair_chances[-1] = 1 - sum(pair_chances.values(), Fraction(0))
    lucky = Fraction(1, bonuses.boxes) if bonuses.lucky_player else Fraction(0)
    tally: defaultdict[tuple[PaytableLine, ...], Fraction] = defaultdict(Fraction)
    for pair, chance in pair_chances.items():
        if not chance:
            continue
        wins = by_pair.get(pair, {})
        outcomes: list[tuple[tuple[PaytableLine, ...], Fraction]] = [
            ((line,), won) for line, won in wins.items()
        ]
        outcomes.append(((), chance - sum(wins.values(), Fraction(0))))
        magic = Fraction(0)
        if bonuses.magic_card:
            magic = magic_card_chance(pair, bonuses.copies, shoe[pair] if pair >= 0 else 0)
        for lines, won in outcomes:
            for magic_lines, with_magic in (((MAGIC_CARD_BONUS,), magic), ((), 1 - magic)):
                for lucky_lines, with_lucky in (((LUCKY_PLAYER_BONUS,), lucky), ((), 1 - lucky)):
                    if won and with_magic and with_lucky:
                        tally[lines + magic_lines + lucky_lines] += won * with_magic * with_lucky
    return dict(tally)


def bad_beat(rules: Rules, *, paytable: str | None = None) -> SideWagerAnalysis:
    """Bad Beat (633a.6(e)(8)) for one player following `PLAYER_STRATEGY`, from a full shoe."""
    check_decks(rules.decks)
    no_paytable_choice("bad_beat", paytable)
    offer = rules.side_wagers.bad_beat or BadBeat()
    excluded = set()
    if not offer.player_has_20:
        excluded.add("player_has_20")
    if not offer.magic_card:
        excluded.add("magic_card_bonus")
    if not offer.lucky_player:
        excluded.add("lucky_player_bonus")
    table = tuple(line for line in bad_beat_wager.PAYTABLE if line.line not in excluded)
    bonuses = Bonuses(
        magic_card=offer.magic_card,
        lucky_player=offer.lucky_player,
        copies=rules.decks,
        boxes=rules.boxes,
    )
    notes = [
        f"58 Pa. Code {PARAGRAPHS['bad_beat']}",
        "the figure depends on the player's strategy; computed for one player (one box) "
        "following " + PLAYER_STRATEGY,
        "cards removed: the up card, the player's cards (and pair cards split off to other "
        "hands) and the dealer's; other players' and other hands' later cards are not removed",
        "the dealer "
        + ("hits soft 17" if rules.dealer_hits_soft_17 else "stands on all 17s")
        + (
            ", checks for Blackjack (633a.7(h))"
            if rules.dealer_peeks
            else ", does not check "
            "for Blackjack (non-PA what-if): the player plays out against a Blackjack"
        ),
    ]
    if offer.magic_card:
        notes.append(
            "Magic Card Bonus (633a.1): the system draws one card of a standard 52-card deck; "
            "it pays when it is one of the player's first two cards (same rank and suit), "
            "whether or not the wager wins"
        )
    if offer.lucky_player:
        notes.append(
            f"Lucky Player Bonus (633a.1): the system draws one of the {rules.boxes} player "
            "positions; it pays the player seated there, whether or not the wager wins"
        )
    if not offer.player_has_20:
        notes.append("the optional 'Player has a 20' line is not selected (633a.7(o)(1)(i))")
    return collect(
        "bad_beat",
        rules.decks,
        None,
        table,
        bad_beat_lines(
            Composition.full(rules.decks).points(),
            player_twenties(rules),
            hits_soft_17=rules.dealer_hits_soft_17,
            player_has_20=offer.player_has_20,
            dealer_peeks=rules.dealer_peeks,
            bonuses=bonuses,
        ),
        notes=tuple(notes),
        default_meter=progressive_meter(offer),
        meter_note="the Rules Submission's initial and reset amount over its minimum wager",
        extra={"player_strategy": PLAYER_STRATEGY},
    )
