"""The house edge of Blackjack Switch (633a.12(a)) and of Switch Hands / Blackjack premium
(633c.4), each with the best switch decision and CDZ- play of the hands.

Blackjack Switch: each two-card hand is valued from the shoe less its own cards, the up card and
the partner hand's two cards (one exact analysis per partner hand), with a dealer 22 returning
hands of 21 or less (633a.12(a)(5)(v)), a kept Blackjack paid 1 to 1 against a dealer's
multi-card 21 and returned against 22 ((i), (v)), and a switched ace and ten played as a 21
((iii)-(iv)). The player switches when the two switched hands are worth more than the two dealt
ones. Each hand is played as CDZ- play would play it alone (zero memory of the other hand's
draws), the convention of the split analysis.

Switch Hands: the player sees the dealt hand and the up card, not the two switch cards, and
switches when the switch cards are worth more on average (633c.4(f)). A switched same-colour
Blackjack pays 2 to 1 (633c.4(i)(2)(i)), and with the premium's ante a dealt one too (633c.4(o)).
Suits matter only there, so the colours of the aces and ten-value cards the player has seen (the
up card and the dealt hand) are followed: each pattern of seen colours is weighed by its chance
(drawn without replacement from a shoe half red, half black in every rank), fixes whether a
dealt Blackjack is same-colour, and sets the chance that the switch cards' ace and ten-value card
match in colour; the best decision is taken for each pattern.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache
from typing import Any

from tablegames.blackjack.analysis.dealer_hands import (
    BLACKJACK,
    EXACTLY_22,
    IntArray,
    dealer_hands,
    dealer_probabilities,
    shoe_counts,
)
from tablegames.blackjack.analysis.game import GameValues, analyse_shoe, two_card_options
from tablegames.blackjack.analysis.hands import ACE, TEN
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.rules.side import SideWagers

ANTE = Fraction(1, 5)  # 633c.4(c): $1 for every $5 wagered


@lru_cache(maxsize=8)
def _analyses(rules: Rules, push_22: bool) -> _Analyses:
    """Shared across calls: the payouts that differ between calls are applied afterwards."""
    return _Analyses(rules, push_22=push_22)


class _Analyses:
    """One exact analysis per set of cards the player has seen besides the hand valued."""

    def __init__(self, rules: Rules, *, push_22: bool) -> None:
        self.rules = rules
        self.shoe = shoe_counts(rules.decks)
        self.push_22 = push_22
        self._cache: dict[tuple[int, ...], GameValues] = {}

    def without(self, ranks: tuple[int, ...]) -> GameValues:
        key = tuple(sorted(ranks))
        if key not in self._cache:
            shoe = self.shoe.copy()
            for rank in key:
                shoe[rank] -= 1
            self._cache[key] = analyse_shoe(self.rules, shoe, push_22=self.push_22)
        return self._cache[key]


def _dealer_row(rules: Rules, shoe: IntArray, up: int, *, with_22: bool) -> list[float]:
    hands = dealer_hands(hits_soft_17=rules.dealer_hits_soft_17, with_22=with_22)
    return [float(x) for x in dealer_probabilities(hands, shoe)[up]]


def _best(options: dict[str, tuple[float, float]], *, surrender: bool) -> float:
    return max(value for name, (value, _) in options.items() if surrender or name != "surrender")


def _play_rules(rules: Rules, *, surrender: bool) -> Rules:
    """The rules the hands are played under: the standard game less what the variant forbids,
    and without the payout options applied afterwards (so analyses are shared)."""
    return rules.replace(
        variant="standard",
        late_surrender=rules.late_surrender and surrender,
        side_wagers=SideWagers(),
        blackjack_premium=False,
        tie_blackjack_pays=False,
        blackjack_pays="3:2",
        switch_surrender=False,
        switch_cards_dealt="before",
    )


def blackjack_switch(rules: Rules) -> dict[str, Any]:
    """House edge per initial wager (each of the two) with the best switch and CDZ- play."""
    play = _play_rules(rules, surrender=rules.switch_surrender)
    analyses = _analyses(play, True)
    shoe = analyses.shoe
    payoff = float(rules.blackjack_ratio)

    memo: dict[tuple[tuple[int, ...], tuple[int, ...], int, bool], float] = {}

    def hand_value(hand: tuple[int, int], partner: tuple[int, int], up: int, kept: bool) -> float:
        key = (tuple(sorted(hand)), tuple(sorted(partner)), up, kept)
        if key not in memo:
            memo[key] = _hand_value(hand, partner, up, kept)
        return memo[key]

    def _hand_value(hand: tuple[int, int], partner: tuple[int, int], up: int, kept: bool) -> float:
        result = analyses.without(partner)
        natural = set(hand) == {ACE, TEN}
        if natural and kept:
            rest = shoe.copy()
            for rank in (*partner, *hand, up):
                rest[rank] -= 1
            rest[up] += 1  # the dealer's row is conditioned on the up card it holds
            row = _dealer_row(rules, rest, up, with_22=True)
            multi_21, twenty_two, blackjack = row[4], row[EXACTLY_22], row[BLACKJACK]
            # 633a.12(a)(5)(i): 1 to 1 against a multi-card 21; (v) returned against 22;
            # (ii) tie against a dealer Blackjack; otherwise 3 to 2 (633a.13(a)).
            return payoff * (1 - multi_21 - twenty_two - blackjack) + multi_21
        options = two_card_options(result, hand[0], hand[1], up)
        if natural:  # 633a.12(a)(5)(iii)-(iv): a switched ace and ten is a 21
            index = result.table.find([1 if r in hand else 0 for r in range(10)])
            return float(result.values.values[index, up, 0])
        return _best(options, surrender=rules.switch_surrender)

    total = 0.0
    switch_share = 0.0
    counts = [int(x) for x in shoe]
    n = sum(counts)
    for up in range(10):
        for a1 in range(10):
            for b1 in range(10):
                for a2 in range(10):
                    for b2 in range(10):
                        # 633a.7(f): the up card, then first cards, then second cards.
                        p = ordered_chance(counts, n, (up, a1, b1, a2, b2))
                        if p == 0.0:
                            continue
                        keep = hand_value((a1, a2), (b1, b2), up, True) + hand_value(
                            (b1, b2), (a1, a2), up, True
                        )
                        switch = hand_value((a1, b2), (b1, a2), up, False) + hand_value(
                            (b1, a2), (a1, b2), up, False
                        )
                        total += p * max(keep, switch)
                        switch_share += p * (switch > keep)
    return {
        "wager": "blackjack_switch",
        "decks": rules.decks,
        "house_edge": -total / 2,
        "house_edge_basis": "per initial wager (the player makes two equal wagers)",
        "switch_probability": switch_share,
        "partner_analyses": len(analyses._cache),
        "method": __doc__.split("\n\n")[1].replace("\n", " ") if __doc__ else "",
    }


def switch_hands(rules: Rules) -> dict[str, Any]:
    """The ante-plus-wager package with the best switch decision, and the option's value."""
    premium = rules.blackjack_premium
    play = _play_rules(rules, surrender=True)
    full = analyse_shoe(play, shoe_counts(rules.decks))
    analyses = _analyses(play, False)
    shoe = analyses.shoe
    payoff = float(rules.blackjack_ratio)
    tie = 0.5 if (premium or rules.tie_blackjack_pays) else 0.0

    def natural_value(rest: IntArray, up: int, *, switched: bool, coloured: float) -> float:
        """A Blackjack's value; `coloured` is the chance its ace and ten match in colour."""
        row = _dealer_row(rules, rest, up, with_22=False)
        blackjack = row[BLACKJACK]
        coloured_pays = switched or premium  # 633c.4(i)(2)(i); 633c.4(o) with the ante
        win = coloured * 2.0 + (1 - coloured) * payoff if coloured_pays else payoff
        tie_pays = tie if (switched or premium) else 0.0  # 633c.4(i)(2)(ii), 633c.4(o)
        return win * (1 - blackjack) + tie_pays * blackjack

    total_keep = 0.0
    total_best = 0.0
    switch_share = 0.0
    n = int(shoe.sum())
    for up in range(10):
        p_up = shoe[up] / n
        after_up = shoe.copy()
        after_up[up] -= 1
        for h1 in range(10):
            for h2 in range(h1, 10):
                p = _pair_chance(after_up, h1, h2)
                if p == 0.0:
                    continue
                rest = after_up.copy()
                rest[h1] -= 1
                rest[h2] -= 1
                natural_dealt = {h1, h2} == {ACE, TEN}
                if natural_dealt:
                    dealt = rest.copy()
                    dealt[up] += 1
                    keep_by_colour = (
                        natural_value(dealt, up, switched=False, coloured=0.0),
                        natural_value(dealt, up, switched=False, coloured=1.0),
                    )
                else:
                    keep = _best(two_card_options(full, h1, h2, up), surrender=True)
                    keep_by_colour = (keep, keep)
                result = analyses.without((h1, h2))
                switch = 0.0  # the switch cards' value less a switched Blackjack's
                natural_chance = _pair_chance(rest, ACE, TEN)
                switched_by_colour = (0.0, 0.0)
                if natural_chance:
                    natural_row = rest.copy()
                    natural_row[ACE] -= 1
                    natural_row[TEN] -= 1
                    natural_row[up] += 1
                    # A switched Blackjack, as it pays with its ace and ten of one colour or not.
                    switched_by_colour = (
                        natural_value(natural_row, up, switched=True, coloured=0.0),
                        natural_value(natural_row, up, switched=True, coloured=1.0),
                    )
                for w1 in range(10):
                    for w2 in range(w1, 10):
                        q = _pair_chance(rest, w1, w2)
                        if q == 0.0 or {w1, w2} == {ACE, TEN}:
                            continue
                        switch += q * _best(two_card_options(result, w1, w2, up), surrender=True)
                weight = p_up * p
                for chance, dealt_matches, switch_matches in seen_colours(rules.decks, up, h1, h2):
                    keep = keep_by_colour[dealt_matches] if natural_dealt else keep_by_colour[0]
                    with_natural = switch + natural_chance * (
                        switch_matches * switched_by_colour[1]
                        + (1 - switch_matches) * switched_by_colour[0]
                    )
                    total_keep += weight * chance * keep
                    total_best += weight * chance * max(keep, with_natural)
                    switch_share += weight * chance * (with_natural > keep)
    ante = float(ANTE)
    return {
        "wager": "switch_hands",
        "decks": rules.decks,
        "blackjack_premium": premium,
        "house_edge": (ante - total_best) / (1 + ante),
        "house_edge_basis": "per unit staked, the Blackjack Wager plus its $1-per-$5 ante",
        "house_edge_per_blackjack_wager": ante - total_best,
        "switch_option_value": total_best - total_keep,
        "switch_probability": switch_share,
        "method": __doc__.split("\n\n")[2].replace("\n", " ") if __doc__ else "",
    }


def seen_colours(decks: int, up: int, first: int, second: int) -> list[tuple[float, int, float]]:
    """The patterns of colours of the aces and ten-value cards among the up card and the dealt
    hand (the only suits the payouts read, 633c.4(i)(2)(i), 633c.4(o)): for each, its chance,
    whether the dealt hand's ace and ten match (1) or not (0), and the chance that an ace and a
    ten-value card from the cards unseen match. Every rank is half red, half black.

    >>> seen_colours(6, 4, 2, 3)  # nothing seen that tells: one pattern, an even chance
    [(1.0, 0, 0.5)]
    """
    pools = {ACE: 4 * decks, TEN: 16 * decks}  # cards of the rank group, half of them red
    seen = [(position, rank) for position, rank in enumerate((up, first, second)) if rank in pools]
    patterns = []
    for colours in itertools.product((0, 1), repeat=len(seen)):  # 1: red
        chance = 1.0
        red_seen = dict.fromkeys(pools, 0)
        drawn = dict.fromkeys(pools, 0)
        hand_colour: dict[int, int] = {}
        for (position, rank), red in zip(seen, colours, strict=True):
            left = pools[rank] - drawn[rank]
            reds_left = pools[rank] // 2 - red_seen[rank]
            chance *= (reds_left if red else left - reds_left) / left
            drawn[rank] += 1
            red_seen[rank] += red
            if position > 0:
                hand_colour[rank] = red
        dealt_matches = int(len(hand_colour) == 2 and hand_colour[ACE] == hand_colour[TEN])
        red_ace = (pools[ACE] // 2 - red_seen[ACE]) / (pools[ACE] - drawn[ACE])
        red_ten = (pools[TEN] // 2 - red_seen[TEN]) / (pools[TEN] - drawn[TEN])
        matches = red_ace * red_ten + (1 - red_ace) * (1 - red_ten)
        patterns.append((chance, dealt_matches, matches))
    return patterns


def ordered_chance(counts: list[int], n: int, ranks: tuple[int, ...]) -> float:
    """The chance of drawing exactly these ranks in this order from `counts` (n cards)."""
    chance = 1.0
    drawn: dict[int, int] = {}
    for position, rank in enumerate(ranks):
        left = counts[rank] - drawn.get(rank, 0)
        if left <= 0:
            return 0.0
        chance *= left / (n - position)
        drawn[rank] = drawn.get(rank, 0) + 1
    return chance


def _pair_chance(shoe: IntArray, first: int, second: int) -> float:
    """The chance that two cards drawn from `shoe` are these ranks, in either order."""
    n = float(shoe.sum())
    if first == second:
        return float(shoe[first] * (shoe[first] - 1)) / (n * (n - 1))
    return 2.0 * float(shoe[first] * shoe[second]) / (n * (n - 1))
