"""What every side-wager analysis shares: the wagers' names, their outcomes, paytable choice.

`SideWagerAnalysis` holds every winning outcome of one wager with its exact probability and
gives the house edge, standard deviation and, for a progressive wager, the break-even meter;
`collect` builds it from a tally of paytable lines. The enumerations that fill the tallies are
in `side_cards` (the cards dealt to the player and the up card) and `side_dealer` (the dealer's
draws); `side_wagers` is the public face that chooses between them.

>>> from tablegames.core.paytable import pays_to
>>> line = pays_to("pair", 5, "A pair")
>>> analysis = collect("example", 1, None, (line,), {(line,): Fraction(1, 7)})
>>> analysis.house_edge(), analysis.losing
(Fraction(1, 7), Fraction(6, 7))
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import sqrt
from typing import Any, Final

from tablegames.blackjack.side.registry import NAMES, PROGRESSIVE_NAMES, REGISTRY, Reads
from tablegames.core.errors import WagerError
from tablegames.core.paytable import Paytable, PaytableLine

# The wagers and the cards each reads, from the registry (633a.6(e)(1)-(12), 633b.16).
WAGERS: Final = NAMES
TWO_CARD: Final = tuple(wager.name for wager in REGISTRY if wager.reads is Reads.PLAYER_TWO)
WITH_UP_CARD: Final = tuple(
    wager.name for wager in REGISTRY if wager.reads is Reads.PLAYER_TWO_AND_UP_CARD
)
PROGRESSIVE: Final = PROGRESSIVE_NAMES
PARAGRAPHS: Final[Mapping[str, str]] = {wager.name: wager.citation for wager in REGISTRY}


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


def collect(
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


# --- paytable choice ------------------------------------------------------------------------------


def check_decks(decks: int) -> None:
    if not 1 <= decks <= 8:
        raise WagerError(f"{decks} decks: a shoe holds one to eight decks", paragraph="633a.3(a)")


def no_paytable_choice(wager: str, paytable: str | None) -> None:
    if paytable is not None:
        raise WagerError(
            f"{wager} has one paytable; --paytable {paytable!r} does not apply",
            paragraph=PARAGRAPHS[wager],
        )


def choose_paytable(
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
