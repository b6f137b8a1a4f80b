"""What a craps Power Odds table's layout must say (623b.5), as data (`GameModule.layout`).

One area per eligible wager the table offers (623b.5(d)), in the order of the regulation's
table, named as the betting window takes it; its payouts are each line's base odds as filed and,
where Power Odds is offered, the increased odds of 623b.5(d) the line may be selected for.

Readings:

- Chapter 623a, which would set the craps layout itself, is not among our texts, and 623b.5
  prints no inscription; the one inscription here says what 623b.5(c) has the random number
  generator do before each roll, so the felt tells a player why a payout may be higher.
- A Power Odds level whose selection chance the house filed as zero is never paid: it is not
  printed. A table without Power Odds (623b.5(a)) prints the base payouts only.
- Craps has no payout limit in 623b.5: `payout_limit` is None.

>>> from tablegames.craps.rules import craps_rules_from_mapping
>>> felt = table_layout(craps_rules_from_mapping({}))
>>> felt.areas[0].wager, [line.pays for line in felt.areas[0].pays]
('any_craps', ['7 to 1', '10 to 1 or 14 to 1'])
"""

from __future__ import annotations

from typing import Final

from tablegames.core.table import Inscription, Layout, LayoutArea, PayLine
from tablegames.craps.rules import CrapsRules, LineTerms, WagerTerms
from tablegames.craps.wagers import odds_text

GAME_ID: Final = "craps"


def table_layout(rules: CrapsRules) -> Layout:
    """The layout of a table with `rules`."""
    inscriptions: tuple[Inscription, ...] = ()
    if rules.power_odds:
        # 623b.5(c): before the dice are thrown the RNG shows the bets selected, if any.
        inscriptions = (
            Inscription(
                text=(
                    "Power Odds: before each roll the random number generator shows the bets "
                    "selected for increased payouts"
                ),
                paragraph="623b.5(c)",
            ),
        )
    return Layout(
        game=GAME_ID,
        title="Craps with Power Odds" if rules.power_odds else "Craps",
        areas=tuple(_area(terms) for terms in rules.offered()),
        inscriptions=inscriptions,
        payout_limit=None,
    )


def _area(terms: WagerTerms) -> LayoutArea:
    pays: list[PayLine] = []
    for line in terms.lines:
        # 623b.5(b): the base payout of Chapter 623a, as the Rules Submission files it.
        pays.append(PayLine(line=line.line.label, pays=odds_text(line.base_odds)))
        power = _power_odds(line)
        if power:
            # 623b.5(d): the increased odds this line may be selected for (623b.5(c)).
            pays.append(PayLine(line=f"{line.line.label}, Power Odds", pays=power))
    return LayoutArea(
        wager=terms.name,
        label=terms.bet.label,
        paragraph="623b.5(d)",  # 623b.5(d): the wagers eligible for Power Odds
        pays=tuple(pays),
    )


def _power_odds(line: LineTerms) -> str:
    """'10 to 1 or 14 to 1' as 623b.5(d) prints it: the levels this line can be selected at."""
    levels = [
        odds_text(odds)
        for odds, chance in zip(line.power_odds, line.probabilities, strict=True)
        if chance > 0
    ]
    return " or ".join(levels)
