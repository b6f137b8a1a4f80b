"""What a Pai Gow Poker table's felt must say (`GameModule.layout`): an area per wager the
betting window takes, with its paytable as filed, and the inscriptions.

645a.2(b)'s list of layout items was not found; 645c.1(b) adds, for commission-free play,
separate areas for the Tiger 9 wager when offered (645c.1(b)(1)) and the inscription that all
Pai Gow Poker wagers push when the dealer's hand holds a Tiger 9 (645c.1(b)(2)). Placeholder
paytables are labelled so on the felt, as in every output.
"""

from __future__ import annotations

from fractions import Fraction

from tablegames.core.money import format_cents
from tablegames.core.table import Inscription, Layout, LayoutArea, PayLine, PayoutLimit
from tablegames.paigow.fortune import ENVY_TABLES, FORTUNE_PAYTABLES
from tablegames.paigow.payouts import BANK, CO_BANK, FORTUNE, MAIN, TIGER_9
from tablegames.paigow.progressive import PROGRESSIVE, PROGRESSIVE_PAYTABLE
from tablegames.paigow.rules import PaiGowRules

PLACEHOLDER = " (placeholder paytable: not PA text)"


def _label(line: str) -> str:
    return line.replace("_", " ").capitalize()


def table_layout(rules: PaiGowRules) -> Layout:
    title = "Commission-Free Pai Gow Poker" if rules.commission_free else "Pai Gow Poker"
    areas = [
        LayoutArea(
            wager=MAIN,
            label="Pai Gow Poker",
            paragraph="645a.7",
            pays=(PayLine(line="win", pays=_main_pays(rules)),),
        )
    ]
    if rules.player_banking:
        areas.append(LayoutArea(wager=BANK, label="Bank", paragraph="645a.7"))
    if rules.co_banking:
        areas.append(LayoutArea(wager=CO_BANK, label="Co-bank", paragraph="645a.7"))
    if rules.fortune_paytable is not None:
        table = FORTUNE_PAYTABLES[rules.fortune_paytable]
        areas.append(
            LayoutArea(
                wager=FORTUNE,
                label="Fortune Bonus" + PLACEHOLDER,
                paragraph="645a.7(e)(1)",
                pays=tuple(
                    PayLine(line=_label(line), pays=f"{odds} to 1")
                    for line, odds in table.odds.items()
                ),
            )
        )
    if rules.progressive:
        areas.append(
            LayoutArea(
                wager=PROGRESSIVE,
                label="Progressive" + PLACEHOLDER,
                paragraph="645a.7(e)(4)",
                progressive=True,
                pays=tuple(
                    PayLine(line=_label(line), pays=_progressive_pays(value))
                    for line, value in PROGRESSIVE_PAYTABLE.items()
                ),
            )
        )
    if rules.tiger_9_wager:
        areas.append(
            LayoutArea(
                wager=TIGER_9,
                label="Tiger 9" + PLACEHOLDER,
                paragraph="645c.1(b)(1)",
                pays=(PayLine(line="Tiger 9", pays=f"{rules.tiger_9_odds} to 1"),),
            )
        )
    inscriptions = []
    if rules.commission_free and rules.tiger_9_push:
        inscriptions.append(
            Inscription(
                text="All Pai Gow Poker wagers push when the dealer's hand contains a Tiger 9",
                paragraph="645c.1(b)(2)",
            )
        )
    if rules.envy_table is not None:
        amounts = ENVY_TABLES[rules.envy_table]
        shown = ", ".join(f"{_label(line)} ${dollars:,}" for line, dollars in amounts.items())
        inscriptions.append(
            Inscription(
                text=f"Envy Bonus on a qualifying wager of {format_cents(rules.envy_min_wager)} "
                f"or more, for each other player's hand: {shown}{PLACEHOLDER}",
                paragraph="645a.13",
            )
        )
    return Layout(
        game="pai_gow",
        title=title,
        areas=tuple(areas),
        inscriptions=tuple(inscriptions),
        payout_limit=PayoutLimit(
            text=f"Payout limit per round {format_cents(rules.payout_limit)}",
            cents=rules.payout_limit,
            paragraph="645a.13",
        ),
    )


def _main_pays(rules: PaiGowRules) -> str:
    if rules.commission_free:
        return "1 to 1, no commission"
    return f"1 to 1 less {rules.commission_percent}% commission"


def _progressive_pays(value: Fraction | int) -> str:
    if isinstance(value, Fraction):
        return f"{int(value * 100)}% of the meter"
    return format_cents(value)
