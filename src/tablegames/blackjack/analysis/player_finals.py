"""The player's final hands under the main game's strategy, enumerated exactly with their cards.

The side wagers that read the player's finished hand (Bad Beat's "player has 20", 633a.6(e)(8))
need how likely each final hand is when the player plays the main game's strategy: the exact
analysis of `game.py` for the rules in force, CDZ- (each decision the best one for the full shoe
less the hand and the up card). The first box's first hand is followed, as the round engine's
Bad Beat reads it (hand 0):

- two cards: the best of stand, hit, double, split and surrender (`two_card_options`);
- more cards: hit or stand as `split_values.chosen_option` plays them (633a.7(k)(1): no draw
  on 21);
- after a split the first hand keeps the first pair card and is dealt its second card first
  (633a.11); a second pair card is split off to a new hand while the rules allow more hands
  (the analysis resplits whenever it may), so those pair cards leave the shoe too; the hand is
  then played by the same CDZ- decisions, doubling after a split only when allowed (633a.11(c)),
  and split aces take one card each unless the rules let them draw (633a.11(c)).

Each final hand is returned with every card that left the shoe on its way (the hand's and the
pair cards split off) and the number of orderings in which the cards reach it. An ordering of k
physical cards with m[v] of rank v has probability prod_v c[v](c[v]-1)...(c[v]-m[v]+1) over
n(n-1)...(n-k+1) from a shoe of counts c and size n, the same for every ordering, so the chance
of a final hand is its orderings times that product. Cards other hands draw later are not
removed, the convention of the split analysis.

>>> from tablegames.blackjack.analysis.game import analyse
>>> from tablegames.blackjack.rules import Rules
>>> game = analyse(Rules(decks=6))
>>> against_six = final_hands(game, 5)  # stiff hands stand against a 6 up card
>>> sorted({hand.total for hand in against_six if hand.cards == 2})[:3]
[12, 13, 14]
>>> any(hand.total == SURRENDERED for hand in final_hands(game, 9))  # 16 against a ten
True
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from tablegames.blackjack.analysis.compositions import falling
from tablegames.blackjack.analysis.game import GameValues, two_card_options
from tablegames.blackjack.analysis.hands import ACE, max_split_hands
from tablegames.blackjack.analysis.hands import best_total as _best_total
from tablegames.blackjack.analysis.hands import hard_total as _hard_total
from tablegames.blackjack.analysis.split_values import chosen_option

SURRENDERED = 0  # the `total` of a surrendered hand (633a.9): it never stands on a total

Cards = tuple[int, ...]  # counts by rank, ace (0) to ten-value (9)


@dataclass(frozen=True, slots=True)
class FinalHand:
    """One finished hand 0 and every card that left the shoe to make it (besides the up card)."""

    removed: Cards  # the hand's cards plus any pair cards split off to other hands
    cards: int  # cards in the hand itself
    total: int  # best total (over 21: bust); SURRENDERED when surrendered
    doubled: bool
    orderings: int
    pair: int = -1  # the rank of the first two cards when they are a pair (633a.1 Magic Card)

    @property
    def size(self) -> int:
        return sum(self.removed)

    def ways(self, after_up: Cards) -> int:
        """The ordered draws of physical cards from `after_up` that make this hand: its
        orderings times prod of falling factorials (over falling(n, size) a probability)."""
        weight = self.orderings
        for count, many in zip(after_up, self.removed, strict=True):
            weight *= falling(count, many)
        return weight

    def chance(self, after_up: Cards) -> Fraction:
        """The probability of this final hand from the shoe `after_up` (the up card dealt)."""
        return Fraction(self.ways(after_up), falling(sum(after_up), self.size))


class _Paths:
    """Hands in the making, merged by their cards, the pair cards split off and whether the
    first two were a pair, with their orderings."""

    def __init__(self, game: GameValues, up: int) -> None:
        self.game = game
        self.up = up
        shoe = [int(count) for count in game.table.shoe]
        shoe[up] -= 1
        self.after_up: Cards = tuple(shoe)
        # (hand, split-off cards, first two a pair of, total, doubled) -> orderings
        self.finished: defaultdict[tuple[Cards, Cards, int, int, bool], int] = defaultdict(int)
        # Hands still to play, by their number of cards: (hand, split-off cards, first two a
        # pair of, may double) -> orderings.
        self.waiting: defaultdict[int, defaultdict[tuple[Cards, Cards, int, bool], int]] = (
            defaultdict(lambda: defaultdict(int))
        )
        self._options: dict[tuple[Cards, bool], int] = {}

    def left(self, hand: Cards, extra: Cards, rank: int) -> int:
        return self.after_up[rank] - hand[rank] - extra[rank]

    def finish(
        self, hand: Cards, extra: Cards, pair: int, orderings: int, *, doubled: bool = False
    ) -> None:
        self.finished[(hand, extra, pair, best_total(hand), doubled)] += orderings

    def surrender(self, hand: Cards, pair: int, orderings: int) -> None:
        self.finished[(hand, _NONE, pair, SURRENDERED, False)] += orderings

    def double(self, hand: Cards, extra: Cards, pair: int, orderings: int) -> None:
        """633a.10(a): one more card and no more."""
        for rank in range(10):
            if self.left(hand, extra, rank) > 0:
                self.finish(_plus(hand, rank), extra, pair, orderings, doubled=True)

    def option(self, hand: Cards, *, may_double: bool) -> int:
        """0 stand, 1 hit, 2 double: the CDZ- decision for these cards (`chosen_option`)."""
        key = (hand, may_double)
        if key not in self._options:
            game = self.game
            index = game.table.find(hand)
            self._options[key] = chosen_option(
                game.table, game.values, index, self.up, may_double=may_double
            )
        return self._options[key]

    def play(
        self, hand: Cards, extra: Cards, pair: int, orderings: int, *, may_double: bool
    ) -> None:
        """Queue a hand of two or more cards to be played to its end by `play_all`."""
        self.waiting[sum(hand)][(hand, extra, pair, may_double)] += orderings

    def play_all(self) -> None:
        """Stand, double, or hit and go on, a card at a time for every hand in the making (hands
        that reach the same cards by different ways are played once)."""
        for size in range(2, 22):
            for (cards, extra, pair, may_double), ways in self.waiting.pop(size, {}).items():
                if hard_total(cards) > 21:
                    self.finish(cards, extra, pair, ways)
                    continue
                choice = self.option(cards, may_double=may_double)
                if choice == 0:
                    self.finish(cards, extra, pair, ways)
                elif choice == 2:
                    self.double(cards, extra, pair, ways)
                else:
                    for rank in range(10):
                        if self.left(cards, extra, rank) > 0:
                            self.play(_plus(cards, rank), extra, pair, ways, may_double=False)

    def split(self, pair: int, orderings: int) -> None:
        """633a.11: hand 0 keeps one pair card and is dealt its second card first."""
        rules = self.game.rules
        most = max_split_hands(rules, pair, self.game.table.shoe)
        one_card = pair == ACE and not rules.hit_split_aces  # 633a.11(c)
        hands, extra = 2, _plus(_NONE, pair)
        while True:
            start = _plus(_NONE, pair)
            resplit = hands < most
            for rank in range(10):
                if self.left(start, extra, rank) <= 0 or (rank == pair and resplit):
                    continue
                hand = _plus(start, rank)
                if one_card:
                    self.finish(hand, extra, pair, orderings)
                else:
                    self.play(hand, extra, pair, orderings, may_double=rules.double_after_split)
            if not resplit or self.left(start, extra, pair) <= 0:
                return
            # A pair card again: split off to a new hand (633a.11(c)), hand 0 draws once more.
            hands, extra = hands + 1, _plus(extra, pair)

    def deal(self) -> None:
        for first in range(10):
            for second in range(first, 10):
                hand = _plus(_plus(_NONE, first), second)
                if any(self.left(_NONE, _NONE, rank) < hand[rank] for rank in range(10)):
                    continue
                orderings = 1 if first == second else 2
                pair = first if first == second else -1
                options = two_card_options(self.game, first, second, self.up)
                choice = max(options, key=lambda name: options[name])
                if choice == "stand":
                    self.finish(hand, _NONE, pair, orderings)
                elif choice == "surrender":
                    self.surrender(hand, pair, orderings)
                elif choice == "double":
                    self.double(hand, _NONE, pair, orderings)
                elif choice == "split":
                    self.split(first, orderings)
                else:
                    self.play(hand, _NONE, pair, orderings, may_double=False)
        self.play_all()


_NONE: Cards = (0,) * 10

# The same few thousand hands recur across up cards and paths: their totals are looked up.
hard_total = cache(_hard_total)
best_total = cache(_best_total)


@cache
def _plus(cards: Cards, rank: int) -> Cards:
    return tuple(count + (index == rank) for index, count in enumerate(cards))


def final_hands(game: GameValues, up: int, *, total: int | None = None) -> tuple[FinalHand, ...]:
    """Every final hand 0 against the up card of rank `up` (0 ace .. 9 ten-value) when the
    player follows `game`'s CDZ- strategy, with the cards that left the shoe to make it; only
    those with this `total` when one is given."""
    if game.strategy != "cdz":
        raise ValueError("final hands follow the CDZ- strategy: analyse with strategy='cdz'")
    paths = _Paths(game, up)
    paths.deal()
    return tuple(
        FinalHand(
            removed=tuple(h + e for h, e in zip(hand, extra, strict=True)),
            cards=sum(hand),
            total=final,
            doubled=doubled,
            orderings=orderings,
            pair=pair,
        )
        for (hand, extra, pair, final, doubled), orderings in paths.finished.items()
        if total is None or final == total
    )
