"""Side wagers read from the cards dealt before anyone draws (633a.7(g)), enumerated exactly.

| wager | cards read | enumeration |
| --- | --- | --- |
| bet_the_set_21, straight_jack, house_money | player's two | `two_card_lines`: 52 x 52 faces |
| lucky_ladies, kings_bounty, royal_match_21 | + dealer's two for the top lines | `two_card_lines` |
| match_the_dealer, in_between, three_card_poker | player's two, up card | `with_up_card` |
| super_match | player's first four | `four_card_lines`: rank multisets |

The cards are a uniform ordered sample of a full shoe of `rules.decks` decks; other players'
cards are not removed. The dealer-dependent top lines use the shoe after the cards already read
are removed: Lucky Ladies' queen of hearts pair and King's Bounty's king of spades pair with a
dealer Blackjack (`dealer_blackjack_probability` after the pair is removed) and Royal Match 21's
Crown Treasure (`crown_treasure_probability`, the dealer's two cards a Royal Match after the
player's is removed).

>>> from tablegames.blackjack.rules import Rules
>>> poker = with_up_card("three_card_poker", Rules(decks=6))
>>> f"{float(poker.house_edge()):.6f}"
'0.032386'
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from tablegames.blackjack.analysis.compositions import (
    Composition,
    PointCounts,
    falling,
    ordered_faces,
    rank_multisets,
    rank_tuples,
    suit_classes,
)
from tablegames.blackjack.analysis.dealer_draws import ACE, TEN, without_value
from tablegames.blackjack.analysis.side_outcomes import (
    PARAGRAPHS,
    TWO_CARD,
    WITH_UP_CARD,
    SideWagerAnalysis,
    check_decks,
    choose_paytable,
    collect,
    no_paytable_choice,
)
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.rules.side import InBetween, RoyalMatch21
from tablegames.blackjack.side import (
    bet_the_set_21,
    in_between,
    kings_bounty,
    lucky_ladies,
    match_the_dealer,
    royal_match_21,
    super_match,
    three_card_poker,
)
from tablegames.blackjack.side.registry import SideContext, side_wager
from tablegames.core.cards import Card, Rank, Suit
from tablegames.core.errors import WagerError
from tablegames.core.paytable import Paytable, PaytableLine, SideResult

# --- dealer-dependent events ----------------------------------------------------------------------


def hole_card_blackjack_probability(shoe: PointCounts, up: int) -> Fraction:
    """P(the hole card gives the dealer Blackjack | up card), the up card already out of `shoe`."""
    size = sum(shoe)
    if up == ACE:
        return Fraction(shoe[TEN - 1], size)
    if up == TEN:
        return Fraction(shoe[ACE - 1], size)
    return Fraction(0)


def dealer_blackjack_probability(shoe: PointCounts) -> Fraction:
    """P(the dealer's up card and hole card, dealt from `shoe`, are a Blackjack, 633a.1)."""
    size = sum(shoe)
    total = Fraction(0)
    for up in (ACE, TEN):
        if shoe[up - 1]:
            rest = without_value(shoe, up)
            total += Fraction(shoe[up - 1], size) * hole_card_blackjack_probability(rest, up)
    return total


def crown_treasure_probability(shoe: Composition) -> Fraction:
    """P(the dealer's up card and hole card, dealt from `shoe`, are a Royal Match, 633a.1)."""
    size = shoe.size
    pairs = sum(
        2 * shoe.count(Card(Rank.KING, suit)) * shoe.count(Card(Rank.QUEEN, suit)) for suit in Suit
    )
    return Fraction(pairs, falling(size, 2))


# --- two-card wagers ------------------------------------------------------------------------------

DealerEvent = Callable[[Composition], Fraction]
TwoCardEvaluate = Callable[[Card, Card, bool], tuple[PaytableLine, ...]]


@dataclass(frozen=True, slots=True)
class _TwoCard:
    """How a two-card wager is read: its lines given the dealer event, and when that matters."""

    paytable_name: str | None
    paytable: Paytable
    evaluate: TwoCardEvaluate
    needs_dealer: Callable[[Card, Card], bool] = lambda first, second: False
    event: DealerEvent | None = None
    notes: tuple[str, ...] = ()


def _lines(outcome: PaytableLine | tuple[PaytableLine, ...] | None) -> tuple[PaytableLine, ...]:
    return SideResult.of(outcome).lines


def _dealer_blackjack_after(shoe: Composition) -> Fraction:
    return dealer_blackjack_probability(shoe.points())


_ROYAL: Final = (Card.parse("KS"), Card.parse("QS"))
_NOT_ROYAL: Final = (Card.parse("2S"), Card.parse("3H"))


def _two_card_spec(wager: str, rules: Rules, paytable: str | None) -> _TwoCard:
    decks = rules.decks
    offers = rules.side_wagers
    if wager == "lucky_ladies":
        no_paytable_choice(wager, paytable)
        return _TwoCard(
            None,
            lucky_ladies.PAYTABLE,
            lambda first, second, bj: _lines(
                lucky_ladies.evaluate(first, second, dealer_blackjack=bj)
            ),
            lambda first, second: first == second == lucky_ladies.QUEEN_OF_HEARTS,
            _dealer_blackjack_after,
            (
                "queen of hearts pair and dealer Blackjack: the dealer's up card and hole card "
                "from the shoe less the pair",
                "633a.13(m)'s optional payout limit is not applied",
            ),
        )
    if wager == "kings_bounty":
        no_paytable_choice(wager, paytable)
        return _TwoCard(
            None,
            kings_bounty.PAYTABLE,
            lambda first, second, bj: _lines(
                kings_bounty.evaluate(first, second, dealer_blackjack=bj)
            ),
            lambda first, second: first == second == kings_bounty.KING_OF_SPADES,
            _dealer_blackjack_after,
            (
                "king of spades pair and dealer Blackjack: the dealer's up card and hole card "
                "from the shoe less the pair",
                "633a.13(m)'s optional payout limit is not applied",
            ),
        )
    if wager == "royal_match_21":
        offer = offers.royal_match_21 or RoyalMatch21()
        configured = offer.paytable if offers.royal_match_21 is not None else None
        allowed = list(royal_match_21.paytables_for_decks(decks))
        if configured in allowed:
            allowed.remove(configured)
            allowed.insert(0, configured)
        name, notes = choose_paytable(wager, paytable, allowed, royal_match_21.PAYTABLES, decks)
        table = royal_match_21.PAYTABLES[name]
        crown = offer.crown_treasure
        if not crown:
            table = tuple(line for line in table if line.line != "crown_treasure")
            notes.append("the Crown Treasure Bonus is not offered (Rules Submission)")
        else:
            notes.append(
                "Crown Treasure: the dealer's up card and hole card a Royal Match, from the "
                "shoe less the player's Royal Match"
            )

        def royal(first: Card, second: Card, dealer_royal: bool) -> tuple[PaytableLine, ...]:
            return royal_match_21.evaluate(
                first,
                second,
                paytable=name,  # type: ignore[arg-type]
                dealer_cards=_ROYAL if dealer_royal else _NOT_ROYAL,
                crown_treasure=crown,
            )

        return _TwoCard(
            name,
            table,
            royal,
            lambda first, second: crown and royal_match_21.is_royal_match(first, second),
            crown_treasure_probability,
            tuple(notes),
        )
    if wager == "bet_the_set_21":
        allowed = list(bet_the_set_21.paytables_for_decks(decks))
        configured = offers.bet_the_set_21.paytable if offers.bet_the_set_21 else None
        if configured in allowed:
            allowed.remove(configured)
            allowed.insert(0, configured)
        name, notes = choose_paytable(wager, paytable, allowed, bet_the_set_21.PAYTABLES, decks)
        return _TwoCard(
            name,
            bet_the_set_21.PAYTABLES[name],
            lambda first, second, _: _lines(
                bet_the_set_21.evaluate(first, second, paytable=name)  # type: ignore[arg-type]
            ),
            notes=tuple(notes),
        )
    entry = side_wager(wager) if wager in TWO_CARD else None
    if entry is not None and entry.filed_paytable:
        # 633a.6(e)(11)-(12): no paytable printed; the registry's evaluate reads the placeholder.
        if paytable not in (None, "default"):
            raise WagerError(
                f"{wager}: only the 'default' placeholder paytable is known",
                paragraph=PARAGRAPHS[wager],
            )
        evaluate = entry.evaluate
        return _TwoCard(
            "default",
            entry.paytables["default"],
            lambda first, second, _: evaluate(SideContext(cards=(first, second))).lines,
            notes=(
                "633a.13 prints no paytable: the module's DEFAULT placeholder is analysed, not "
                "a filed paytable",
            ),
        )
    raise WagerError(f"{wager} is not a two-card side wager: choose {', '.join(TWO_CARD)}")


def two_card_lines(wager: str, rules: Rules, *, paytable: str | None = None) -> SideWagerAnalysis:
    """A wager on the player's initial two cards, from a full shoe of `rules.decks` decks.

    Every ordered pair of faces is weighted by its physical pairs. A pair whose line depends on
    the dealer's two cards (a queen of hearts pair, a king of spades pair, a Royal Match with the
    Crown Treasure offered) is split by the exact probability of the dealer event with the
    player's two cards removed from the shoe.
    """
    check_decks(rules.decks)
    spec = _two_card_spec(wager, rules, paytable)
    shoe = Composition.full(rules.decks)
    tally: defaultdict[tuple[PaytableLine, ...], Fraction] = defaultdict(Fraction)
    plain: defaultdict[tuple[PaytableLine, ...], int] = defaultdict(int)
    for (first, second), weight in ordered_faces(shoe, 2):
        if spec.event is None or not spec.needs_dealer(first, second):
            plain[spec.evaluate(first, second, False)] += weight
            continue
        chance = spec.event(shoe.without((first, second)))
        share = Fraction(weight, falling(shoe.size, 2))
        tally[spec.evaluate(first, second, True)] += share * chance
        tally[spec.evaluate(first, second, False)] += share * (1 - chance)
    for lines, weight in plain.items():
        tally[lines] += Fraction(weight, falling(shoe.size, 2))
    return collect(
        wager,
        rules.decks,
        spec.paytable_name,
        spec.paytable,
        tally,
        notes=(f"58 Pa. Code {PARAGRAPHS[wager]}", *spec.notes),
    )


# --- wagers on the player's two cards and the up card ---------------------------------------------

ThreeCardEvaluate = Callable[[Card, Card, Card], tuple[PaytableLine, ...]]


def _up_card_spec(
    wager: str, rules: Rules, paytable: str | None
) -> tuple[str | None, Paytable, ThreeCardEvaluate, list[str], bool]:
    """(paytable name, paytable, evaluate, notes, reads ranks only)."""
    decks = rules.decks
    if wager == "match_the_dealer":
        default = match_the_dealer.table_for_decks(decks)
        name, notes = choose_paytable(
            wager, paytable, [default] if default else [], match_the_dealer.PAYTABLES, decks
        )

        def match(first: Card, second: Card, up: Card) -> tuple[PaytableLine, ...]:
            return match_the_dealer.evaluate(first, second, up, table=name)  # type: ignore[arg-type]

        return name, match_the_dealer.PAYTABLES[name], match, notes, False
    if wager == "in_between":
        offer = rules.side_wagers.in_between or InBetween()
        names = {"ace-high": "high", "ace-low": "low"}
        if paytable is not None and paytable not in names:
            raise WagerError(
                f"in_between: choose --paytable ace-high or ace-low, not {paytable!r}",
                paragraph=PARAGRAPHS[wager],
            )
        name = paytable or f"ace-{offer.ace}"
        ace = names[name]

        def between(first: Card, second: Card, up: Card) -> tuple[PaytableLine, ...]:
            return _lines(in_between.evaluate(first, second, up, ace=ace))  # type: ignore[arg-type]

        note = f"the ace ranks {ace} (the regulation is silent; the house chooses)"
        return name, in_between.PAYTABLE, between, [note], True
    if wager == "three_card_poker":
        no_paytable_choice(wager, paytable)

        def poker(first: Card, second: Card, up: Card) -> tuple[PaytableLine, ...]:
            return _lines(three_card_poker.evaluate(first, second, up))

        return None, three_card_poker.PAYTABLE, poker, [], False
    raise WagerError(f"{wager} does not read the up card: choose {', '.join(WITH_UP_CARD)}")


def with_up_card(wager: str, rules: Rules, *, paytable: str | None = None) -> SideWagerAnalysis:
    """A wager on the player's initial two cards and the dealer's up card (633a.7(g)).

    The three cards are a uniform ordered sample of the shoe; they are enumerated by ranks and
    pattern of equal suits (every one of these wagers treats the suits alike), or by ranks
    alone for In Between, each class weighted by its physical card tuples.
    """
    check_decks(rules.decks)
    name, table, evaluate, notes, ranks_only = _up_card_spec(wager, rules, paytable)
    shoe = Composition.full(rules.decks)
    counts: defaultdict[tuple[PaytableLine, ...], int] = defaultdict(int)
    hands = rank_tuples(shoe, 3) if ranks_only else suit_classes(shoe, 3)
    for (first, second, up), weight in hands:
        counts[evaluate(first, second, up)] += weight
    whole = falling(shoe.size, 3)
    tally = {lines: Fraction(weight, whole) for lines, weight in counts.items()}
    return collect(
        wager,
        rules.decks,
        name,
        table,
        tally,
        notes=(f"58 Pa. Code {PARAGRAPHS[wager]}", *notes),
    )


# --- Super Match: the player's first four cards at Blackjack Switch -------------------------------


def four_card_lines(wager: str, rules: Rules, *, paytable: str | None = None) -> SideWagerAnalysis:
    """Super Match (633a.6(e)(7)): the ranks of the player's first four cards."""
    if wager != "super_match":
        raise WagerError(f"{wager} does not read four cards: only super_match does")
    check_decks(rules.decks)
    default = super_match.table_for_decks(rules.decks)
    name, notes = choose_paytable(
        wager, paytable, [default] if default else [], super_match.PAYTABLES, rules.decks
    )
    shoe = Composition.full(rules.decks)
    counts: defaultdict[tuple[PaytableLine, ...], int] = defaultdict(int)
    for cards, weight in rank_multisets(shoe, 4):
        counts[_lines(super_match.evaluate(cards, table=name))] += weight  # type: ignore[arg-type]
    whole = falling(shoe.size, 4)
    return collect(
        wager,
        rules.decks,
        name,
        super_match.PAYTABLES[name],
        {lines: Fraction(weight, whole) for lines, weight in counts.items()},
        notes=(f"58 Pa. Code {PARAGRAPHS[wager]}", *notes),
    )
