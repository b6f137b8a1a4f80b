"""Exact house edge of every side wager (633a.6(e), 633a.13(c)-(l), 633b.16), with card removal.

Each wager's outcome is enumerated over the cards it reads, drawn from a full shoe of `decks`
decks (52 faces, `decks` copies each): the player's initial two cards, the dealer's up card, the
dealer's hole card and draws, the player's first four cards at Blackjack Switch. The cards of
other players are not removed: they are unknown when the wager is placed, and by symmetry of the
shuffle the cards a wager reads are a uniform sample of the shoe. Probabilities are exact
`Fraction`s; the paytables and the decision of which line wins are the engine's own
(`tablegames.blackjack.side`), applied to one representative hand of each kind.

| wager | cards read | enumeration |
| --- | --- | --- |
| bet_the_set_21, straight_jack, house_money | player's two | `two_card_lines`: 52 x 52 faces |
| lucky_ladies, kings_bounty, royal_match_21 | + dealer's two for the top lines | `two_card_lines` |
| match_the_dealer, in_between, three_card_poker | player's two, up card | `with_up_card` |
| super_match | player's first four | `four_card_lines`: rank multisets |
| ez_bust | up card 2-6, dealer's draws | `ez_bust` |
| hit_and_run | the dealer's whole hand | `hit_and_run` |
| bad_beat | player's final hand, dealer's hand | `bad_beat`, with `PLAYER_POLICY` |

Dealer-dependent lines use the shoe after the cards already read are removed: Lucky Ladies'
queen of hearts pair and King's Bounty's king of spades pair with a dealer Blackjack
(`dealer_blackjack_probability` after the pair is removed) and Royal Match 21's Crown Treasure
(`crown_treasure_probability`, the dealer's two cards a Royal Match after the player's is
removed).

House edge is house-positive, a fraction of the wager: 1 - E[returned per unit staked]. The
standard deviation is that of the net result per unit staked. For the progressive wagers the
meter line pays `meter` units of the wager (the meter amount over the stake): the house edge is
linear in it, `house_edge(meter) = house_edge(0) - meter * P(meter line)`, and
`break_even_meter` is where it reaches zero.

>>> from tablegames.rules import Rules
>>> poker = with_up_card("three_card_poker", Rules(decks=6))
>>> f"{float(poker.house_edge()):.6f}"
'0.032386'
>>> report = edge_report("lucky_ladies", decks=8, paytable=None, rules=Rules())
>>> report["house_edge"] > 0.16, report["lines"][0]["pays"]
(True, '1000 to 1')
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from math import sqrt
from typing import Any, Final

from tablegames.analysis.exact.compositions import (
    Composition,
    PointCounts,
    falling,
    ordered_faces,
    rank_multisets,
    rank_tuples,
    suit_classes,
)
from tablegames.analysis.exact.dealer_draws import (
    ACE,
    POINT_VALUES,
    TEN,
    DealerOutcome,
    best_total,
    dealer_hands,
    dealer_outcomes,
    hand_weight,
    without_value,
)
from tablegames.blackjack.side import (
    bad_beat as bad_beat_wager,
)
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
from tablegames.blackjack.side import (
    hit_and_run as hit_and_run_wager,
)
from tablegames.blackjack.side.paytable import (
    Paytable,
    PaytableLine,
    SideResult,
    find_line,
    pays_to,
)
from tablegames.cards import Card, Rank, Suit
from tablegames.errors import WagerError
from tablegames.rules import Rules
from tablegames.rules.side import BadBeat, HitAndRun, InBetween, RoyalMatch21

WAGERS: Final = (
    "lucky_ladies",
    "match_the_dealer",
    "in_between",
    "royal_match_21",
    "bet_the_set_21",
    "kings_bounty",
    "super_match",
    "bad_beat",
    "three_card_poker",
    "hit_and_run",
    "straight_jack",
    "house_money",
    "ez_bust",
)
TWO_CARD: Final = (
    "lucky_ladies",
    "royal_match_21",
    "bet_the_set_21",
    "kings_bounty",
    "straight_jack",
    "house_money",
)
WITH_UP_CARD: Final = ("match_the_dealer", "in_between", "three_card_poker")
PROGRESSIVE: Final = ("bad_beat", "hit_and_run")

PARAGRAPHS: Final[Mapping[str, str]] = {
    "lucky_ladies": "633a.6(e)(1), 633a.13(c)",
    "match_the_dealer": "633a.6(e)(2), 633a.13(d)",
    "in_between": "633a.6(e)(3), 633a.13(e)",
    "royal_match_21": "633a.6(e)(4), 633a.13(f)",
    "bet_the_set_21": "633a.6(e)(5), 633a.13(g)",
    "kings_bounty": "633a.6(e)(6), 633a.13(h)",
    "super_match": "633a.6(e)(7), 633a.13(i)",
    "bad_beat": "633a.6(e)(8), 633a.7(o)(1), 633a.13(j)",
    "three_card_poker": "633a.6(e)(9), 633a.13(k)",
    "hit_and_run": "633a.6(e)(10), 633a.7(o)(2), 633a.13(l)",
    "straight_jack": "633a.6(e)(11)",
    "house_money": "633a.6(e)(12)",
    "ez_bust": "633b.16",
}

# 633b.16(f)(1), (i): the one winning line, 1 to 1 (the engine's SideBook pays the same line).
EZ_BUST_LINE: Final = pays_to("dealer_busts", 1, "Dealer busts having drawn a third card or more")
EZ_BUST_PAYTABLE: Final[Paytable] = (EZ_BUST_LINE,)
EZ_BUST_UP_CARDS: Final = (2, 3, 4, 5, 6)

# --- outcomes and their distribution --------------------------------------------------------------


def _words(line: PaytableLine) -> str:
    """The regulation's words for a line's pay: "1000 to 1", "25 for 1", "2.5 to 1"."""
    if line.odds is None:
        return "100% of meter"
    odds = line.odds
    number = str(odds.numerator) if odds.denominator == 1 else f"{float(odds):g}"
    return f"{number} {line.basis} 1"


@dataclass(frozen=True, slots=True)
class Outcome:
    """One winning outcome: the line(s) it pays, together, and its exact probability.

    Several lines pay together only where the regulation says so: each matching card of
    Match-the-Dealer (633a.7(g)(2)), and the Crown Treasure Bonus on top of a Royal Match
    (633a.7(g)(4)). They combine as `SideResult.returned` does: the stake once when any line
    pays "to 1", plus every line's odds.
    """

    lines: tuple[PaytableLine, ...]
    probability: Fraction

    @property
    def progressive(self) -> bool:
        return any(line.odds is None for line in self.lines)

    @property
    def label(self) -> str:
        labels = [line.label for line in self.lines]
        if len(labels) == 2 and labels[0] == labels[1]:
            return f"{labels[0]} (both cards)"
        return " + ".join(labels)

    @property
    def pays(self) -> str:
        return " + ".join(_words(line) for line in self.lines)

    def returned(self, meter: Fraction | None = None) -> Fraction:
        """Returned per unit staked, stake included; a meter line pays `meter` units."""
        total = Fraction(0)
        for line in self.lines:
            if line.odds is None:
                if meter is None:
                    raise WagerError(f"line {line.line!r} pays the meter: give its amount")
                total += meter
            else:
                total += line.odds
        if any(line.basis == "to" for line in self.lines):
            total += 1
        return total


@dataclass(frozen=True, slots=True)
class UpCardFigure:
    """EZ Bust against one up card: P(up card), P(dealer busts | up card), house edge."""

    up: int
    probability: Fraction
    bust: Fraction
    holds: Fraction  # P(the dealer stands on 17-21 | up card), enumerated apart from `bust`

    @property
    def house_edge(self) -> Fraction:
        return 1 - 2 * self.bust


@dataclass(frozen=True, slots=True)
class SideWagerAnalysis:
    """Every winning outcome of one side wager with its exact probability; the rest lose."""

    wager: str
    decks: int
    paytable: str | None
    outcomes: tuple[Outcome, ...]
    lost: Fraction | None = None  # P(loses) where the enumeration counted the losing hands
    notes: tuple[str, ...] = ()
    by_up_card: tuple[UpCardFigure, ...] = ()
    dealer_cards: tuple[tuple[str, Fraction], ...] = ()
    default_meter: Fraction | None = None
    meter_note: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def losing(self) -> Fraction:
        """P(the wager loses): as enumerated, or else one minus the winning outcomes."""
        if self.lost is not None:
            return self.lost
        return 1 - sum((outcome.probability for outcome in self.outcomes), Fraction(0))

    @property
    def progressive(self) -> bool:
        return any(outcome.progressive for outcome in self.outcomes)

    @property
    def meter_probability(self) -> Fraction:
        """P(the 100%-of-meter line pays); zero for a wager without one."""
        return sum(
            (outcome.probability for outcome in self.outcomes if outcome.progressive), Fraction(0)
        )

    def _meter(self, meter: Fraction | None) -> Fraction | None:
        return self.default_meter if meter is None else Fraction(meter)

    def expected_return(self, meter: Fraction | None = None) -> Fraction:
        """E[returned per unit staked], stake included."""
        amount = self._meter(meter)
        return sum(
            (outcome.probability * outcome.returned(amount) for outcome in self.outcomes),
            Fraction(0),
        )

    def house_edge(self, meter: Fraction | None = None) -> Fraction:
        """1 - E[returned]: the house's expected gain per unit staked (house-positive)."""
        return 1 - self.expected_return(meter)

    def variance(self, meter: Fraction | None = None) -> Fraction:
        """Var[net result per unit staked] = E[X^2] - E[X]^2, X = returned - 1."""
        amount = self._meter(meter)
        second = self.losing + sum(
            (
                outcome.probability * (outcome.returned(amount) - 1) ** 2
                for outcome in self.outcomes
            ),
            Fraction(0),
        )
        mean = self.expected_return(meter) - 1
        return second - mean**2

    def std_dev(self, meter: Fraction | None = None) -> float:
        return sqrt(self.variance(meter))

    def break_even_meter(self) -> Fraction | None:
        """The meter (units of the wager) at which the house edge is zero; None: no meter line."""
        chance = self.meter_probability
        if not chance:
            return None
        return self.house_edge(Fraction(0)) / chance


def _collect(
    wager: str,
    decks: int,
    paytable_name: str | None,
    paytable: Paytable,
    tally: Mapping[tuple[PaytableLine, ...], Fraction],
    **details: Any,
) -> SideWagerAnalysis:
    """Winning outcomes from a tally of line tuples, best first; lines never won appear at 0.

    The tally's empty tuple, when there, is the enumerated probability of losing.
    """
    order = {line.line: index for index, line in enumerate(paytable)}
    merged: defaultdict[tuple[PaytableLine, ...], Fraction] = defaultdict(Fraction)
    for lines, probability in tally.items():
        if lines and probability:
            merged[tuple(sorted(lines, key=lambda line: order[line.line]))] += probability
    won = {line.line for lines in merged for line in lines}
    for line in paytable:
        if line.line not in won:
            merged[(line,)] += 0
    outcomes = [Outcome(lines, probability) for lines, probability in merged.items()]
    outcomes.sort(
        key=lambda item: (
            not item.progressive,
            -(item.returned(Fraction(0)) if not item.progressive else 0),
            order[item.lines[0].line],
        )
    )
    lost = tally.get(())
    return SideWagerAnalysis(wager, decks, paytable_name, tuple(outcomes), lost, **details)


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


# --- paytable choice ------------------------------------------------------------------------------


def _check_decks(decks: int) -> None:
    if not 1 <= decks <= 8:
        raise WagerError(f"{decks} decks: a shoe holds one to eight decks", paragraph="633a.3(a)")


def _no_paytable_choice(wager: str, paytable: str | None) -> None:
    if paytable is not None:
        raise WagerError(
            f"{wager} has one paytable; --paytable {paytable!r} does not apply",
            paragraph=PARAGRAPHS[wager],
        )


def _choose(
    wager: str, paytable: str | None, allowed: Sequence[str], known: Iterable[str], decks: int
) -> tuple[str, list[str]]:
    """The paytable to analyse and a note when it is not one the regulation prints for `decks`."""
    names = list(known)
    if paytable is None:
        if not allowed:
            raise WagerError(
                f"{wager}: the regulation prints no paytable for {decks} decks; choose one of "
                f"{', '.join(names)} with --paytable",
                paragraph=PARAGRAPHS[wager],
            )
        return allowed[0], []
    if paytable not in names:
        raise WagerError(
            f"{wager} has no paytable {paytable!r}: choose {', '.join(names)}",
            paragraph=PARAGRAPHS[wager],
        )
    if paytable in allowed:
        return paytable, []
    return paytable, [
        f"the regulation does not print paytable {paytable} for {decks} decks: a what-if figure"
    ]


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
        _no_paytable_choice(wager, paytable)
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
        _no_paytable_choice(wager, paytable)
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
        name, notes = _choose(wager, paytable, allowed, royal_match_21.PAYTABLES, decks)
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
        name, notes = _choose(wager, paytable, allowed, bet_the_set_21.PAYTABLES, decks)
        return _TwoCard(
            name,
            bet_the_set_21.PAYTABLES[name],
            lambda first, second, _: _lines(
                bet_the_set_21.evaluate(first, second, paytable=name)  # type: ignore[arg-type]
            ),
            notes=tuple(notes),
        )
    if wager in ("straight_jack", "house_money"):
        module = straight_jack if wager == "straight_jack" else house_money
        if paytable not in (None, "default"):
            raise WagerError(
                f"{wager}: only the 'default' placeholder paytable is known",
                paragraph=PARAGRAPHS[wager],
            )
        return _TwoCard(
            "default",
            module.DEFAULT,
            lambda first, second, _: _lines(module.evaluate(first, second)),
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
    _check_decks(rules.decks)
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
    return _collect(
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
        name, notes = _choose(
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
        _no_paytable_choice(wager, paytable)

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
    _check_decks(rules.decks)
    name, table, evaluate, notes, ranks_only = _up_card_spec(wager, rules, paytable)
    shoe = Composition.full(rules.decks)
    counts: defaultdict[tuple[PaytableLine, ...], int] = defaultdict(int)
    hands = rank_tuples(shoe, 3) if ranks_only else suit_classes(shoe, 3)
    for (first, second, up), weight in hands:
        counts[evaluate(first, second, up)] += weight
    whole = falling(shoe.size, 3)
    tally = {lines: Fraction(weight, whole) for lines, weight in counts.items()}
    return _collect(
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
    _check_decks(rules.decks)
    default = super_match.table_for_decks(rules.decks)
    name, notes = _choose(
        wager, paytable, [default] if default else [], super_match.PAYTABLES, rules.decks
    )
    shoe = Composition.full(rules.decks)
    counts: defaultdict[tuple[PaytableLine, ...], int] = defaultdict(int)
    for cards, weight in rank_multisets(shoe, 4):
        counts[_lines(super_match.evaluate(cards, table=name))] += weight  # type: ignore[arg-type]
    whole = falling(shoe.size, 4)
    return _collect(
        wager,
        rules.decks,
        name,
        super_match.PAYTABLES[name],
        {lines: Fraction(weight, whole) for lines, weight in counts.items()},
        notes=(f"58 Pa. Code {PARAGRAPHS[wager]}", *notes),
    )


# --- EZ Bust: the dealer busts having drawn -------------------------------------------------------


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
    _check_decks(rules.decks)
    _no_paytable_choice("ez_bust", paytable)
    h17 = rules.dealer_hits_soft_17
    figures = ez_bust_by_up_card(Composition.full(rules.decks).points(), hits_soft_17=h17)
    offered = sum((figure.probability for figure in figures), Fraction(0))
    bust = sum((figure.probability * figure.bust for figure in figures), Fraction(0)) / offered
    holds = sum((figure.probability * figure.holds for figure in figures), Fraction(0)) / offered
    return _collect(
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


def _progressive_meter(entry: BadBeat | HitAndRun) -> Fraction:
    return Fraction(entry.reset, entry.min_wager)


def hit_and_run(rules: Rules, *, paytable: str | None = None) -> SideWagerAnalysis:
    """Hit and Run (633a.6(e)(10)): the dealer's whole hand from a full shoe."""
    _check_decks(rules.decks)
    _no_paytable_choice("hit_and_run", paytable)
    h17 = rules.dealer_hits_soft_17
    shoe = Composition.full(rules.decks).points()
    offer = rules.side_wagers.hit_and_run or HitAndRun()
    return _collect(
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
        default_meter=_progressive_meter(offer),
        meter_note="the Rules Submission's initial and reset amount over its minimum wager",
    )


# --- Bad Beat: the player's final 20 against the dealer's 21 --------------------------------------

PLAYER_POLICY: Final = (
    "the player never doubles, splits or surrenders; hits hard 11 or less; stands on hard "
    "12-16 against a 2-6 up card and hits them against 7-A; stands on hard 17 or more; hits "
    "soft 17 or less and stands on soft 18 or more"
)


def player_stands(hard: int, aces: bool, up: int) -> bool:
    """`PLAYER_POLICY`: does a player holding two or more cards stop drawing?"""
    total, soft = best_total(hard, aces)
    if total >= 21:
        return True
    if soft:
        return total >= 18
    return total >= 17 or (total >= 12 and 2 <= up <= 6)


@dataclass(frozen=True, slots=True)
class _PlayerHand:
    drawn: tuple[tuple[int, int], ...]
    size: int
    orderings: int


@cache
def _player_twenties(stiff_stands: bool) -> tuple[_PlayerHand, ...]:
    """The player's final hands totalling 20 under `PLAYER_POLICY`, merged by their cards.

    The policy reads the up card only as 2-6 (`stiff_stands`) or not.
    """
    up = 2 if stiff_stands else 10
    frontier: dict[tuple[int, ...], int] = {(0,) * len(POINT_VALUES): 1}
    final: list[_PlayerHand] = []
    size = 0
    while frontier:
        following: defaultdict[tuple[int, ...], int] = defaultdict(int)
        for cards, orderings in frontier.items():
            hard = sum(value * count for value, count in zip(POINT_VALUES, cards, strict=True))
            aces = cards[0] > 0
            if size >= 2 and player_stands(hard, aces, up):
                if best_total(hard, aces)[0] == 20:
                    drawn = tuple(
                        (value, count)
                        for value, count in zip(POINT_VALUES, cards, strict=True)
                        if count
                    )
                    final.append(_PlayerHand(drawn, size, orderings))
                continue
            for index in range(len(POINT_VALUES)):
                grown = list(cards)
                grown[index] += 1
                following[tuple(grown)] += orderings
        frontier = dict(following)
        size += 1
    return tuple(final)


_MOST: Final = 12  # more cards of one point value than any dealer hand holds


@cache
def _dealer_twenty_ones(
    up: int, hits_soft_17: bool
) -> tuple[tuple[int, tuple[tuple[int, tuple[int, ...]], ...]], ...]:
    """The dealer's 21s of three or more cards with this up card, grouped by number of cards.

    Each hand is (orderings, positions in a flat table of falling factorials: one entry
    `(value - 1) * _MOST + many` per point value drawn after the up card).
    """
    groups: defaultdict[int, list[tuple[int, tuple[int, ...]]]] = defaultdict(list)
    for hand in dealer_hands(up, hits_soft_17=hits_soft_17):
        if hand.total == 21 and not hand.blackjack:
            positions = tuple((value - 1) * _MOST + many for value, many in hand.drawn())
            groups[hand.size].append((hand.orderings, positions))
    return tuple((size, tuple(group)) for size, group in sorted(groups.items()))


_BAD_BEAT_21: Final = {
    3: "dealer_21_with_three_cards",
    4: "dealer_21_with_four_cards",
    5: "dealer_21_with_five_cards",
    6: "dealer_21_with_six_cards",
}


def bad_beat_lines(
    shoe: PointCounts, *, hits_soft_17: bool, player_has_20: bool, dealer_peeks: bool = True
) -> dict[tuple[PaytableLine, ...], Fraction]:
    """The Bad Beat lines' probabilities, one player following `PLAYER_POLICY`, from `shoe`.

    Cards are dealt as 633a.7(f): player, up card, player, hole card; with an ace or ten-value
    up card the dealer checks for Blackjack (633a.7(h)) and the player keeps his two cards. The
    joint probability of the player's cards and the dealer's cards does not depend on the order
    the positions are dealt in, so for each up card and each final player 20 the dealer's hands
    are counted from the shoe less both: prod of falling factorials over n(n-1)...(n-k+1).
    """
    size = sum(shoe)
    paytable = bad_beat_wager.PAYTABLE
    # numerators[(line id, cards dealt)]: over falling(size, cards dealt).
    numerators: defaultdict[tuple[str, int], int] = defaultdict(int)
    for up in POINT_VALUES:
        if not shoe[up - 1]:
            continue
        after_up = without_value(shoe, up)
        twenty_ones = _dealer_twenty_ones(up, hits_soft_17)
        blackjack_hole = TEN if up == ACE else ACE if up == TEN else None
        for hand in _player_twenties(2 <= up <= 6):
            base = shoe[up - 1] * hand.orderings * hand_weight(after_up, hand.drawn)
            if not base:
                continue
            remaining = list(after_up)
            for value, many in hand.drawn:
                remaining[value - 1] -= many
            left = sum(remaining)
            dealt = 1 + hand.size
            # The hole card: a Blackjack (the player has drawn only when the dealer does not
            # check), or not (then the player's 20 stands).
            holes_blackjack = remaining[blackjack_hole - 1] if blackjack_hole else 0
            if holes_blackjack and (hand.size == 2 or not dealer_peeks):
                numerators[("dealer_blackjack", dealt + 1)] += base * holes_blackjack
            if player_has_20:
                numerators[("player_has_20", dealt + 1)] += base * (left - holes_blackjack)
            table = [falling(count, many) for count in remaining for many in range(_MOST)]
            for cards, group in twenty_ones:
                total = 0
                for orderings, positions in group:
                    weight = orderings
                    for position in positions:
                        weight *= table[position]
                    total += weight
                if total:
                    line = _BAD_BEAT_21.get(cards, "dealer_21_with_seven_or_more_cards")
                    numerators[(line, dealt + cards - 1)] += base * total
    tally: defaultdict[tuple[PaytableLine, ...], Fraction] = defaultdict(Fraction)
    for (line, dealt), numerator in numerators.items():
        tally[(find_line(paytable, line),)] += Fraction(numerator, falling(size, dealt))
    if player_has_20:
        # Counted above: the player's 20 with any dealer hand but a Blackjack. The dealer's 21s
        # pay their own, higher line (a hand is paid on one line only), so they come off here.
        twenty = find_line(paytable, "player_has_20")
        for lines in list(tally):
            if lines[0].line in _BAD_BEAT_21.values() or lines[0].odds is None:
                tally[(twenty,)] -= tally[lines]
    return dict(tally)


def bad_beat(rules: Rules, *, paytable: str | None = None) -> SideWagerAnalysis:
    """Bad Beat (633a.6(e)(8)) for one player following `PLAYER_POLICY`, from a full shoe."""
    _check_decks(rules.decks)
    _no_paytable_choice("bad_beat", paytable)
    offer = rules.side_wagers.bad_beat or BadBeat()
    h17 = rules.dealer_hits_soft_17
    shoe = Composition.full(rules.decks).points()
    excluded = {"magic_card_bonus", "lucky_player_bonus"}
    if not offer.player_has_20:
        excluded.add("player_has_20")
    table = tuple(line for line in bad_beat_wager.PAYTABLE if line.line not in excluded)
    notes = [
        f"58 Pa. Code {PARAGRAPHS['bad_beat']}",
        "the figure depends on the player's strategy; computed for one player (one box, no "
        "split) following this policy: " + PLAYER_POLICY,
        "cards removed: the up card, the player's cards and the dealer's; other players' cards "
        "are not removed",
        "the dealer "
        + ("hits soft 17" if h17 else "stands on all 17s")
        + (
            ", checks for Blackjack (633a.7(h))"
            if rules.dealer_peeks
            else ", does not check "
            "for Blackjack (non-PA what-if): the player plays out against a Blackjack"
        ),
        "the Magic Card and Lucky Player Bonuses (633a.1) are not included: they depend on the "
        "system's random selection, not on the cards",
    ]
    if not offer.player_has_20:
        notes.append("the optional 'Player has a 20' line is not selected (633a.7(o)(1)(i))")
    return _collect(
        "bad_beat",
        rules.decks,
        None,
        table,
        bad_beat_lines(
            shoe,
            hits_soft_17=h17,
            player_has_20=offer.player_has_20,
            dealer_peeks=rules.dealer_peeks,
        ),
        notes=tuple(notes),
        default_meter=_progressive_meter(offer),
        meter_note="the Rules Submission's initial and reset amount over its minimum wager",
        extra={"player_policy": PLAYER_POLICY},
    )


def clear_caches() -> None:
    """Forget every cached enumeration (dealer hands, player 20s), e.g. to time a cold start."""
    dealer_hands.cache_clear()
    _player_twenties.cache_clear()
    _dealer_twenty_ones.cache_clear()


# --- every wager, and the report ------------------------------------------------------------------


def analyse(wager: str, rules: Rules, *, paytable: str | None = None) -> SideWagerAnalysis:
    """The exact analysis of `wager` for `rules` (decks, drawing rule, side-wager options)."""
    if wager in TWO_CARD:
        return two_card_lines(wager, rules, paytable=paytable)
    if wager in WITH_UP_CARD:
        return with_up_card(wager, rules, paytable=paytable)
    if wager == "super_match":
        return four_card_lines(wager, rules, paytable=paytable)
    if wager == "ez_bust":
        return ez_bust(rules, paytable=paytable)
    if wager == "hit_and_run":
        return hit_and_run(rules, paytable=paytable)
    if wager == "bad_beat":
        return bad_beat(rules, paytable=paytable)
    raise WagerError(f"no side wager {wager!r}: choose {', '.join(WAGERS)}")


def _number(value: Fraction | None) -> float | None:
    return None if value is None else float(value)


def edge_report(
    wager: str,
    *,
    decks: int,
    paytable: str | None,
    rules: Rules,
    meter: Fraction | float | None = None,
) -> dict[str, Any]:
    """`tablegames edge WAGER --decks N [--paytable X] --json`: the analysis as plain data.

    `house_edge` is a fraction of the wager, house-positive (0.032386 is 3.2386%); `std_dev`
    is that of the net result per unit wagered. A progressive wager's figures are at `meter`
    (the meter amount in units of the wager), by default the Rules Submission's reset amount
    over the wager's minimum; `meter` gives the linear function and the break-even meter.
    """
    _check_decks(decks)
    analysis = analyse(wager, rules.model_copy(update={"decks": decks}), paytable=paytable)
    amount = None if meter is None else Fraction(meter)
    report: dict[str, Any] = {
        "wager": wager,
        "decks": decks,
        "paytable": analysis.paytable,
        "house_edge": float(analysis.house_edge(amount)),
        "std_dev": analysis.std_dev(amount),
        "lines": [
            {
                "outcome": outcome.label,
                "line": "+".join(line.line for line in outcome.lines),
                "probability": float(outcome.probability),
                "pays": outcome.pays,
            }
            for outcome in analysis.outcomes
        ],
        "losing_probability": float(analysis.losing),
        "dealer_hits_soft_17": rules.dealer_hits_soft_17,
        "notes": list(analysis.notes),
    }
    if analysis.progressive:
        chosen = analysis._meter(amount)
        report["meter"] = {
            "amount_in_wagers": _number(chosen),
            "source": "given" if amount is not None else analysis.meter_note,
            "house_edge_at_zero_meter": float(analysis.house_edge(Fraction(0))),
            "meter_line_probability": float(analysis.meter_probability),
            "house_edge_formula": "house_edge_at_zero_meter - meter * meter_line_probability",
            "break_even_meter": _number(analysis.break_even_meter()),
        }
    if analysis.by_up_card:
        report["by_up_card"] = [
            {
                "up_card": figure.up,
                "probability_of_up_card": float(figure.probability),
                "dealer_busts": float(figure.bust),
                "house_edge": float(figure.house_edge),
                "std_dev": sqrt(1 - float(figure.house_edge) ** 2),
            }
            for figure in analysis.by_up_card
        ]
    if analysis.dealer_cards:
        report["dealer_cards"] = {key: float(value) for key, value in analysis.dealer_cards}
    report.update(analysis.extra)
    return report
