"""Side wagers read from the dealer's draws (633a.7(l)-(o), 633b.16), enumerated exactly.

| wager | cards read | enumeration |
| --- | --- | --- |
| ez_bust | up card 2-6, dealer's draws | `ez_bust`, `ez_bust_by_up_card` |
| hit_and_run | the dealer's whole hand | `hit_and_run`, `hit_and_run_lines` |

The dealer's final hands come from `dealer_draws` (merged by their cards, cached per up card and
drawing rule); their probabilities from a shoe are products of falling factorials. The cards of
other players are not removed (unseen when the wager is placed, they average out).

>>> from tablegames.blackjack.rules import Rules
>>> f"{float(ez_bust(Rules(decks=8)).house_edge()):.4f}"
'0.2144'
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from fractions import Fraction
from functools import cache
from typing import Final, Literal

from tablegames.blackjack.analysis.compositions import Composition, PointCounts, falling
from tablegames.blackjack.analysis.dealer_draws import (
    DealerOutcome,
    dealer_hands,
    dealer_outcomes,
    without_value,
)
from tablegames.blackjack.analysis.side_outcomes import (
    PARAGRAPHS,
    SideWagerAnalysis,
    UpCardFigure,
    check_decks,
    collect,
    no_paytable_choice,
)
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.rules.side import BadBeat, HitAndRun
from tablegames.blackjack.side import hit_and_run as hit_and_run_wager
from tablegames.core.paytable import Paytable, PaytableLine, find_line, pays_to

# --- the dealer's hands of one kind, weighed against many shoes -----------------------------------

_MOST: Final = 12  # more cards of one point value than any dealer hand holds

# ((cards in the hand, ((orderings, positions in the table of `weigh_groups`), ...)), ...)
DealerGroups = tuple[tuple[int, tuple[tuple[int, tuple[int, ...]], ...]], ...]


@cache
def dealer_hand_groups(
    up: int, hits_soft_17: bool, kind: Literal["twenty_one", "bust"]
) -> DealerGroups:
    """The dealer's 21s of three or more cards (`kind` "twenty_one") or busts ("bust", always
    three or more cards) with this up card, grouped by number of cards.

    Each hand is (orderings, positions in a flat table of falling factorials: one entry
    `(value - 1) * _MOST + many` per point value drawn after the up card).
    """
    groups: defaultdict[int, list[tuple[int, tuple[int, ...]]]] = defaultdict(list)
    for hand in dealer_hands(up, hits_soft_17=hits_soft_17):
        wanted = hand.total > 21 if kind == "bust" else hand.total == 21 and not hand.blackjack
        if wanted:
            positions = tuple((value - 1) * _MOST + many for value, many in hand.drawn())
            groups[hand.size].append((hand.orderings, positions))
    return tuple((size, tuple(group)) for size, group in sorted(groups.items()))


@cache
def _falling_row(count: int) -> tuple[int, ...]:
    """falling(count, many) for many = 0 .. _MOST - 1 (the same few counts recur)."""
    return tuple(falling(count, many) for many in range(_MOST))


def weigh_groups(groups: DealerGroups, remaining: Sequence[int]) -> Iterator[tuple[int, int]]:
    """(cards in the hand, ordered physical draws after the up card) for each group of hands,
    drawn from `remaining`: the sum of orderings x prod of falling factorials over its hands.

    Over falling(sum(remaining), cards - 1) it is the group's probability given the up card.
    """
    table = [entry for count in remaining for entry in _falling_row(count)]
    for cards, group in groups:
        total = 0
        for orderings, positions in group:
            weight = orderings
            for position in positions:
                weight *= table[position]
            total += weight
        yield cards, total


# --- EZ Bust: the dealer busts having drawn -------------------------------------------------------

EZ_BUST_LINE: Final = pays_to("dealer_busts", 1, "Dealer busts having drawn a third card or more")
EZ_BUST_PAYTABLE: Final[Paytable] = (EZ_BUST_LINE,)
EZ_BUST_UP_CARDS: Final = (2, 3, 4, 5, 6)


def ez_bust_by_up_card(shoe: PointCounts, *, hits_soft_17: bool) -> tuple[UpCardFigure, ...]:
    """P(up card) and P(dealer busts having drawn a third card or more | up card), 2 to 6.

    The hole card and draws come from `shoe` less the up card. With a 2-6 up card the dealer
    never has Blackjack, and two cards never bust, so every bust has three or more cards; a
    dealer standing on two cards (a 6 and an ace, soft 17, when standing on all 17s) loses
    the wager (633b.16(f)).
    """
    size = sum(shoe)
    figures = []
    for up in EZ_BUST_UP_CARDS:
        if not shoe[up - 1]:
            continue
        rest = without_value(shoe, up)
        outcomes = dealer_outcomes(rest, hits_soft_17=hits_soft_17, up=up)
        bust = sum(
            (p for hand, p in outcomes.items() if hand.total > 21 and hand.cards >= 3),
            Fraction(0),
        )
        holds = sum((p for hand, p in outcomes.items() if hand.total <= 21), Fraction(0))
        figures.append(UpCardFigure(up, Fraction(shoe[up - 1], size), bust, holds))
    return tuple(figures)


def ez_bust(rules: Rules, *, paytable: str | None = None) -> SideWagerAnalysis:
    """EZ Bust (633b.16), placed whenever it is offered: conditional on a 2-6 up card."""
    check_decks(rules.decks)
    no_paytable_choice("ez_bust", paytable)
    h17 = rules.dealer_hits_soft_17
    figures = ez_bust_by_up_card(Composition.full(rules.decks).points(), hits_soft_17=h17)
    offered = sum((figure.probability for figure in figures), Fraction(0))
    bust = sum((figure.probability * figure.bust for figure in figures), Fraction(0)) / offered
    holds = sum((figure.probability * figure.holds for figure in figures), Fraction(0)) / offered
    return collect(
        "ez_bust",
        rules.decks,
        None,
        EZ_BUST_PAYTABLE,
        {(EZ_BUST_LINE,): bust, (): holds},
        notes=(
            "58 Pa. Code 633b.16",
            "overall: a player placing the wager whenever it is offered, i.e. conditional on a "
            "2-6 up card; also given per up card",
            "the dealer's hole card and draws come from the shoe less the up card only; "
            "removing the player's two cards and averaging over them gives exactly the same "
            "figure (removals that are not looked at average out); only the players' "
            "card-dependent draws before the dealer's would move it",
            "the dealer completes the hand by 633a.7(m) ("
            + ("hits soft 17" if h17 else "stands on all 17s")
            + "): an open EZ Bust wager depends on it, so 633a.7(n) does not stop the draw",
            "633b.16(g)'s optional push when every Blackjack Wager ended in a Blackjack or a "
            "bust is not applied (it depends on the players' play)",
        ),
        by_up_card=figures,
    )


# --- Hit and Run: how many cards the dealer's hand has --------------------------------------------


def dealer_card_counts(shoe: PointCounts, *, hits_soft_17: bool) -> dict[str, Fraction]:
    """P(the dealer's final hand has Blackjack / 2 / 3 / ... / 8+ cards), from `shoe`."""
    counts: defaultdict[str, Fraction] = defaultdict(Fraction)
    for hand, probability in dealer_outcomes(shoe, hits_soft_17=hits_soft_17).items():
        key = (
            "blackjack"
            if hand.blackjack
            else str(min(hand.cards, 8)) + ("+" if hand.cards >= 8 else "")
        )
        counts[key] += probability
    order = ["blackjack", "2", "3", "4", "5", "6", "7", "8+"]
    return {key: counts[key] for key in order if key in counts}


def _hit_and_run_line(hand: DealerOutcome) -> PaytableLine | None:
    lines = {
        5: "dealer_five_cards",
        6: "dealer_six_cards",
        7: "dealer_seven_cards",
    }
    if hand.blackjack:
        return find_line(hit_and_run_wager.PAYTABLE, "dealer_blackjack")
    if hand.cards < 5:
        return None
    return find_line(
        hit_and_run_wager.PAYTABLE, lines.get(hand.cards, "dealer_eight_or_more_cards")
    )


def hit_and_run_lines(
    shoe: PointCounts, *, hits_soft_17: bool
) -> dict[tuple[PaytableLine, ...], Fraction]:
    """The Hit and Run lines' probabilities for a dealer drawing from `shoe` (`()`: loses)."""
    tally: defaultdict[tuple[PaytableLine, ...], Fraction] = defaultdict(Fraction)
    for hand, probability in dealer_outcomes(shoe, hits_soft_17=hits_soft_17).items():
        line = _hit_and_run_line(hand)
        tally[() if line is None else (line,)] += probability
    return dict(tally)


def progressive_meter(entry: BadBeat | HitAndRun) -> Fraction:
    return Fraction(entry.reset, entry.min_wager)


def hit_and_run(rules: Rules, *, paytable: str | None = None) -> SideWagerAnalysis:
    """Hit and Run (633a.6(e)(10)): the dealer's whole hand from a full shoe."""
    check_decks(rules.decks)
    no_paytable_choice("hit_and_run", paytable)
    h17 = rules.dealer_hits_soft_17
    shoe = Composition.full(rules.decks).points()
    offer = rules.side_wagers.hit_and_run or HitAndRun()
    return collect(
        "hit_and_run",
        rules.decks,
        None,
        hit_and_run_wager.PAYTABLE,
        hit_and_run_lines(shoe, hits_soft_17=h17),
        notes=(
            f"58 Pa. Code {PARAGRAPHS['hit_and_run']}",
            "the dealer's up card, hole card and draws from a full shoe (the players' cards, "
            "unseen by the wager, average out; their card-dependent draws are not modelled); "
            "the card that busts the dealer counts (633a.7(o)(2)(i))",
            "the dealer completes the hand by 633a.7(m) ("
            + ("hits soft 17" if h17 else "stands on all 17s")
            + "): an open Hit and Run wager depends on it, so 633a.7(n) does not stop the draw",
        ),
        dealer_cards=tuple(dealer_card_counts(shoe, hits_soft_17=h17).items()),
        default_meter=progressive_meter(offer),
        meter_note="the Rules Submission's initial and reset amount over its minimum wager",
    )


def clear_dealer_caches() -> None:
    """Forget the cached dealer hands, e.g. to time a cold start."""
    dealer_hands.cache_clear()
    dealer_hand_groups.cache_clear()
