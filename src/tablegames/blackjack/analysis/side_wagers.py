"""Exact house edge of every side wager (633a.6(e), 633a.13(c)-(l), 633b.16), with card removal.

Each wager's outcome is enumerated over the cards it reads, drawn from a full shoe of `decks`
decks (52 faces, `decks` copies each): the player's initial two cards, the dealer's up card, the
dealer's hole card and draws, the player's first four cards at Blackjack Switch. The cards of
other players are not removed: they are unknown when the wager is placed, and by symmetry of the
shuffle the cards a wager reads are a uniform sample of the shoe. Probabilities are exact
`Fraction`s; the paytables and the decision of which line wins are the engine's own
(`tablegames.blackjack.side`), applied to one representative hand of each kind.

This module is the public face: `analyse` chooses the enumeration, `edge_report` gives it as
plain data, and every name below is importable from here. The work is done in `side_cards`,
`side_dealer` and `side_ez_bust`; `side_outcomes` holds `SideWagerAnalysis`, `Outcome`, the
wagers' names and the paytable choice.

| wager | cards read | enumeration |
| --- | --- | --- |
| bet_the_set_21, straight_jack, house_money | player's two | `side_cards.two_card_lines` |
| lucky_ladies, kings_bounty, royal_match_21 | + dealer's two for the top lines | the same |
| match_the_dealer, in_between, three_card_poker | player's two, up card | `with_up_card` |
| super_match | player's first four | `side_cards.four_card_lines` |
| ez_bust | up card 2-6, dealer's draws | `side_dealer.ez_bust` |
| ez_bust, by the player's own two cards | + player's two | `side_ez_bust` |
| hit_and_run | the dealer's whole hand | `side_dealer.hit_and_run` |
| bad_beat | player's final hand, dealer's hand | `side_bad_beat.bad_beat` |

House edge is house-positive, a fraction of the wager: 1 - E[returned per unit staked]. The
standard deviation is that of the net result per unit staked. For the progressive wagers the
meter line pays `meter` units of the wager (the meter amount over the stake): the house edge is
linear in it, `house_edge(meter) = house_edge(0) - meter * P(meter line)`, and
`break_even_meter` is where it reaches zero.

>>> from tablegames.blackjack.rules import Rules
>>> poker = with_up_card("three_card_poker", Rules(decks=6))
>>> f"{float(poker.house_edge()):.6f}"
'0.032386'
>>> report = edge_report("lucky_ladies", decks=8, paytable=None, rules=Rules())
>>> report["house_edge"] > 0.16, report["lines"][0]["pays"]
(True, '1000 to 1')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from math import sqrt
from typing import Any, Final

from tablegames.blackjack.analysis.side_bad_beat import (
    PLAYER_STRATEGY,
    bad_beat,
    bad_beat_lines,
    player_twenties,
    twenties_of,
)
from tablegames.blackjack.analysis.side_bad_beat import clear_caches as clear_bad_beat_caches
from tablegames.blackjack.analysis.side_cards import (
    DealerEvent,
    ThreeCardEvaluate,
    TwoCardEvaluate,
    crown_treasure_probability,
    dealer_blackjack_probability,
    four_card_lines,
    hole_card_blackjack_probability,
    two_card_lines,
    with_up_card,
)
from tablegames.blackjack.analysis.side_dealer import (
    EZ_BUST_LINE,
    EZ_BUST_PAYTABLE,
    EZ_BUST_UP_CARDS,
    clear_dealer_caches,
    dealer_card_counts,
    ez_bust,
    ez_bust_by_up_card,
    hit_and_run,
    hit_and_run_lines,
)
from tablegames.blackjack.analysis.side_ez_bust import (
    BY_PLAYER_HAND_NOTE,
    PlayerHandFigure,
    dealer_bust_probability,
    ez_bust_by_player_hand,
    ez_bust_player_hands,
)
from tablegames.blackjack.analysis.side_outcomes import (
    PARAGRAPHS,
    PROGRESSIVE,
    TWO_CARD,
    WAGERS,
    WITH_UP_CARD,
    Outcome,
    SideWagerAnalysis,
    UpCardFigure,
    check_decks,
)
from tablegames.blackjack.rules import Finding, Rules
from tablegames.blackjack.side.registry import Reads, side_wager
from tablegames.core.errors import WagerError

__all__ = [
    "BY_PLAYER_HAND_NOTE",
    "EZ_BUST_LINE",
    "EZ_BUST_PAYTABLE",
    "EZ_BUST_UP_CARDS",
    "PARAGRAPHS",
    "PLAYER_STRATEGY",
    "PROGRESSIVE",
    "TWO_CARD",
    "WAGERS",
    "WITH_UP_CARD",
    "DealerEvent",
    "Outcome",
    "PlayerHandFigure",
    "SideWagerAnalysis",
    "ThreeCardEvaluate",
    "TwoCardEvaluate",
    "UpCardFigure",
    "analyse",
    "bad_beat",
    "bad_beat_lines",
    "clear_caches",
    "crown_treasure_probability",
    "dealer_blackjack_probability",
    "dealer_bust_probability",
    "dealer_card_counts",
    "edge_report",
    "ez_bust",
    "ez_bust_by_player_hand",
    "ez_bust_by_up_card",
    "ez_bust_player_hands",
    "four_card_lines",
    "hit_and_run",
    "hit_and_run_lines",
    "hole_card_blackjack_probability",
    "player_twenties",
    "twenties_of",
    "two_card_lines",
    "with_up_card",
]


def clear_caches() -> None:
    """Forget every cached enumeration (dealer hands, player 20s, EZ Bust by player hand), e.g.
    to time a cold start."""
    clear_dealer_caches()
    clear_bad_beat_caches()
    dealer_bust_probability.cache_clear()


# --- every wager, and the report ------------------------------------------------------------------


def _two_card(wager: str, rules: Rules, paytable: str | None) -> SideWagerAnalysis:
    return two_card_lines(wager, rules, paytable=paytable)


def _up_card(wager: str, rules: Rules, paytable: str | None) -> SideWagerAnalysis:
    return with_up_card(wager, rules, paytable=paytable)


def _four_card(wager: str, rules: Rules, paytable: str | None) -> SideWagerAnalysis:
    return four_card_lines(wager, rules, paytable=paytable)


def _dealer_bust(wager: str, rules: Rules, paytable: str | None) -> SideWagerAnalysis:
    return ez_bust(rules, paytable=paytable)


def _dealer_hand(wager: str, rules: Rules, paytable: str | None) -> SideWagerAnalysis:
    return hit_and_run(rules, paytable=paytable)


def _final_hands(wager: str, rules: Rules, paytable: str | None) -> SideWagerAnalysis:
    return bad_beat(rules, paytable=paytable)


# The enumeration for the cards a wager reads (the registry's `reads`; the table above).
_ENUMERATIONS: Final[Mapping[Reads, Callable[[str, Rules, str | None], SideWagerAnalysis]]] = {
    Reads.PLAYER_TWO: _two_card,
    Reads.PLAYER_TWO_AND_UP_CARD: _up_card,
    Reads.PLAYER_FOUR: _four_card,
    Reads.DEALER_BUST: _dealer_bust,
    Reads.DEALER_HAND: _dealer_hand,
    Reads.FINAL_HANDS: _final_hands,
}


def analyse(wager: str, rules: Rules, *, paytable: str | None = None) -> SideWagerAnalysis:
    """The exact analysis of `wager` for `rules` (decks, drawing rule, side-wager options)."""
    if wager not in WAGERS:
        raise WagerError(f"no side wager {wager!r}: choose {', '.join(WAGERS)}")
    return _ENUMERATIONS[side_wager(wager).reads](wager, rules, paytable)


def _number(value: Fraction | None) -> float | None:
    return None if value is None else float(value)


def _non_pa(wager: str, paytable: str | None, decks: int, rules: Rules) -> list[Finding]:
    """What the analysed game has that Pennsylvania does not allow, as `tablegames edge` flags it.

    A what-if paytable against a deck count the regulation does not print it for (633a.13(d),
    (f), (g), (i)) is analysed, not refused, and flagged by the rule `Rules.findings` applies to
    a filed paytable; then the house rules' own non-PA options, as the main game's report does.
    """
    found: list[Finding] = []
    deck_finding = side_wager(wager).deck_finding
    if deck_finding is not None:
        finding = deck_finding(paytable, decks)
        if finding is not None:
            found.append(finding)
    return found + rules.non_pa()


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
    `non_pa` (text) and `non_pa_findings` (field, message, paragraph) flag a paytable used
    against a deck count the regulation does not print it for, and the rules' non-PA options.
    """
    check_decks(decks)
    analysed = rules.replace(decks=decks)
    analysis = analyse(wager, analysed, paytable=paytable)
    amount = None if meter is None else Fraction(meter)
    paid_meter = analysis._meter(amount) if analysis.progressive else None
    non_pa = _non_pa(wager, analysis.paytable, decks, rules)
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
                # The line's house-positive share of the house edge, -P x net win: with the
                # losing probability they sum to `house_edge` (the CSV's contribution column).
                "contribution": float(-outcome.probability * (outcome.returned(paid_meter) - 1)),
            }
            for outcome in analysis.outcomes
        ],
        "losing_probability": float(analysis.losing),
        "dealer_hits_soft_17": rules.dealer_hits_soft_17,
        "notes": list(analysis.notes),
        "non_pa": [str(finding) for finding in non_pa],
        "non_pa_findings": [
            {"field": item.field, "message": item.message, "paragraph": item.paragraph}
            for item in non_pa
        ],
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
    if side_wager(wager).reads is Reads.DEALER_BUST:
        report["by_player_hand"] = ez_bust_by_player_hand(analysed)
        report["by_player_hand_note"] = BY_PLAYER_HAND_NOTE
    if analysis.dealer_cards:
        report["dealer_cards"] = {key: float(value) for key, value in analysis.dealer_cards}
    report.update(analysis.extra)
    return report
