"""Every deal of a small shoe played through the round engine with the exact analysis' CDZ- play.

`enumerate_rounds` drives `blackjack.round.Round` over every sequence of point values a shoe
can deal, as a depth-first odometer: each run of the engine replays the point values of the
previous run up to its last draw that had another point value left to try, takes the next one
there, and from then on the lowest point value the shoe still holds. So every run is one
complete round, no run repeats another, and together they are every way the round can fall.
(Which physical card of a point value comes next cannot change the main game: the k-th card of
a value dealt is the k-th of that value the shoe lists.) The chance of a run is the product of
count / cards left over its draws, kept as an integer over the falling factorial of the shoe
size, so the expected value is an exact Fraction.

`CdzPolicy` makes the decisions the analysis (`analysis/exact/game.py`) values: the first
decision from `two_card_options`, taken exactly as `game._overall` takes it, and every later
one by `split_values.chosen_option` (the option best for the unsplit hand with the same cards
against the up card; hit only when strictly better than standing; a double on a split hand's
first two cards when the rules allow it). Split hands resplit whenever the rules allow, as
`split_values.split_value` assumes. Insurance and even money are declined.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import perm

import numpy as np

from tablegames.blackjack.actions import Action
from tablegames.blackjack.analysis.dealer_hands import IntArray
from tablegames.blackjack.analysis.game import OPTIONS, GameValues, two_card_options
from tablegames.blackjack.analysis.split_values import chosen_option
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card, parse_cards


def _points(card: Card) -> int:
    """633a.3(e), derived here from the rank alone: faces count 10, the ace 1."""
    return min(int(card.rank), 10)


POINT_VALUES = 10  # ace, 2, ..., 9, ten-value: the analysis' ranks 0-9
_NAMES = "A23456789T"


def point_index(card: Card) -> int:
    """The analysis' rank of a card: 0 for an ace to 9 for a ten-value."""
    return _points(card) - 1


def shoe_cards(text: str) -> list[Card]:
    """The physical cards of a shoe, e.g. "AS AH 2S"; no card twice (a part of one deck)."""
    cards = parse_cards(text.split())
    if len(set(cards)) != len(cards):
        raise ValueError(f"{text!r} lists a card twice")
    return cards


def point_counts(cards: Sequence[Card]) -> IntArray:
    """The composition as the analysis takes it (`analyse_shoe`): cards of each point value."""
    counts = np.zeros(POINT_VALUES, dtype=np.int64)
    for card in cards:
        counts[point_index(card)] += 1
    return counts


class BranchingShoe:
    """A `CardSource` holding `cards`, dealing the point values `prefix`, then the lowest point
    value left; the k-th card of a point value dealt is the k-th of that value in `cards`.

    It records, for each draw, the point value dealt and the point values it could have dealt,
    so that the driver can step to the next deal. `numerator` is the product of the counts
    drawn from: the chance of the run times the falling factorial of the shoe size.
    """

    def __init__(self, cards: Sequence[Card], prefix: Sequence[int]) -> None:
        self.physical: list[list[Card]] = [[] for _ in range(POINT_VALUES)]
        for card in cards:
            self.physical[point_index(card)].append(card)
        self.left = [len(copies) for copies in self.physical]
        self.prefix = prefix
        self.dealt: list[int] = []
        self.choices: list[tuple[int, ...]] = []
        self.numerator = 1

    def begin_round(self) -> None:
        return None

    def draw(self, destination: object = None) -> Card:
        available = tuple(rank for rank in range(POINT_VALUES) if self.left[rank])
        if not available:
            # The analysis never lets a round run out of cards: a shoe that can is no test.
            raise AssertionError(f"the shoe ran out after {self.dealt}")
        depth = len(self.dealt)
        rank = self.prefix[depth] if depth < len(self.prefix) else available[0]
        self.choices.append(available)
        self.dealt.append(rank)
        self.numerator *= self.left[rank]
        self.left[rank] -= 1
        copies = self.physical[rank]
        return copies[len(copies) - self.left[rank] - 1]

    def end_round(self, table_cards: Sequence[Card]) -> None:
        # Every card drawn is on the layout at the end: nothing was burned or set aside.
        if sorted(point_index(card) for card in table_cards) != sorted(self.dealt):
            raise AssertionError("the round handed back other cards than it was dealt")

    def next_prefix(self) -> list[int] | None:
        """The point values of the next deal up to its first new one; None after the last."""
        prefix = list(self.dealt)
        while prefix:
            depth = len(prefix) - 1
            options = self.choices[depth]
            position = options.index(prefix[depth])
            if position + 1 < len(options):
                prefix[depth] = options[position + 1]
                return prefix
            prefix.pop()
        return None


class CdzPolicy:
    """The analysis' CDZ- decisions for the hands of a round, the first decision limited to
    `allowed` options (cached: the same hands come up in many deals)."""

    def __init__(self, result: GameValues, allowed: Collection[str] = OPTIONS) -> None:
        self.result = result
        self.allowed = frozenset(allowed)
        self._cache: dict[tuple[tuple[int, ...], int, str], Action] = {}

    def action(self, game: Round) -> Action:
        turn, hand = game.turn, game.current_hand
        if turn is None or hand is None:
            raise ValueError("the round is complete")
        if turn.kind == "insurance":
            return Action.DECLINE  # neither insurance nor even money (633a.8)
        if turn.kind != "play":
            raise ValueError(f"no CDZ- decision for a {turn.kind} turn")
        up = point_index(game.up_card)
        ranks = tuple(sorted(point_index(card) for card in hand.cards))
        if not hand.from_split and not game.box(turn.box).decided:
            situation = "first"
        elif hand.from_split and len(ranks) == 2:
            # Whether a resplit is allowed is the engine's to say (633a.11(c)); where it is,
            # the analysis resplits.
            if ranks[0] == ranks[1] and game.can(Action.SPLIT):
                return Action.SPLIT
            situation = "split hand"
        else:
            situation = "later"
        key = (ranks, up, situation)
        if key not in self._cache:
            self._cache[key] = self._decide(ranks, up, situation)
        return self._cache[key]

    def _decide(self, ranks: tuple[int, ...], up: int, situation: str) -> Action:
        result = self.result
        if situation == "first":
            options = first_options(result, ranks[0], ranks[1], up, self.allowed)
            # As `_overall`: max(options.values()), the first option of the best (value,
            # second moment); a tie in value alone would not change the expected value.
            best = max(options.values())
            return Action(next(name for name, value in options.items() if value == best))
        counts = [0] * POINT_VALUES
        for rank in ranks:
            counts[rank] += 1
        index = result.table.find(counts)  # the unsplit hand with these cards: CDZ-
        may_double = situation == "split hand" and result.rules.double_after_split
        option = chosen_option(result.table, result.values, index, up, may_double=may_double)
        return (Action.STAND, Action.HIT, Action.DOUBLE)[option]


def first_options(
    result: GameValues, first: int, second: int, up: int, allowed: Collection[str]
) -> dict[str, tuple[float, float]]:
    """`two_card_options` less the options not `allowed`; standing always is (and is all a
    Blackjack does)."""
    options = two_card_options(result, first, second, up)
    return {name: value for name, value in options.items() if name in allowed or name == "stand"}


def restricted_overall(result: GameValues, allowed: Collection[str]) -> float:
    """The analysis' expected value with the first decision limited to `allowed`: the sum of
    `game._overall`, over the up card and the first two cards, of the best allowed option."""
    shoe = result.table.shoe
    total = float(shoe.sum())
    overall = 0.0
    for up in range(POINT_VALUES):
        if shoe[up] == 0:
            continue
        after_up = shoe.copy()
        after_up[up] -= 1
        n = float(after_up.sum())
        for first in range(POINT_VALUES):
            for second in range(POINT_VALUES):
                left = after_up[second] - (first == second)
                if after_up[first] == 0 or left <= 0:
                    continue
                p = after_up[first] / n * left / (n - 1)
                value, _ = max(first_options(result, first, second, up, allowed).values())
                overall += p * shoe[up] / total * value
    return overall


@dataclass
class Enumeration:
    """What every deal of a shoe returns through the engine, in units of the wager."""

    expected: Fraction
    total_probability: Fraction  # 1 when the deals are every way the round can fall
    deals: int
    # The chance of each event in a round: a decision made (at least once), a pair split,
    # the number of hands a split ends with ("3 hands", "3 hands of A"), a dealer's or a
    # player's Blackjack.
    chances: dict[str, Fraction] = field(default_factory=dict)


def enumerate_rounds(
    rules: Rules, cards: Sequence[Card], policy: CdzPolicy, *, wager: int = 1_000
) -> Enumeration:
    """Play every deal of the shoe `cards` through `Round`, one box wagering `wager` cents."""
    size = len(cards)
    net_by_length: Counter[int] = Counter()  # sum of numerator x net cents, by cards dealt
    weight_by_length: Counter[int] = Counter()
    seen: dict[str, Counter[int]] = {}
    deals = 0
    prefix: list[int] | None = []
    while prefix is not None:
        shoe = BranchingShoe(cards, prefix)
        game = Round(rules=rules, shoe=shoe, wagers=[BoxWager(box=1, amount=wager)])
        events: set[str] = set()
        while not game.is_complete:
            action = policy.action(game)
            if action is Action.SPLIT:
                hand = game.current_hand
                assert hand is not None
                events.add(f"split {_NAMES[point_index(hand.cards[0])]}")
            events.add(action.value)
            game.act(action)
        settled = game.settlements()
        net = sum(item.returned - item.stake for item in settled)
        length = len(shoe.dealt)
        net_by_length[length] += shoe.numerator * net
        weight_by_length[length] += shoe.numerator
        box = game.boxes[0]
        if len(box.hands) > 1:
            pair = _NAMES[point_index(box.initial_cards[0])]
            events.update({f"{len(box.hands)} hands", f"{len(box.hands)} hands of {pair}"})
        if game.dealer_has_blackjack:
            events.add("dealer blackjack")
        if any(item.outcome == "blackjack" for item in settled):
            events.add("player blackjack")
        for name in events:
            seen.setdefault(name, Counter())[length] += shoe.numerator
        deals += 1
        prefix = shoe.next_prefix()

    def exact(sums: Counter[int]) -> Fraction:
        return sum((Fraction(value, perm(size, k)) for k, value in sums.items()), Fraction(0))

    return Enumeration(
        expected=exact(net_by_length) / wager,
        total_probability=exact(weight_by_length),
        deals=deals,
        chances={name: exact(sums) for name, sums in sorted(seen.items())},
    )
