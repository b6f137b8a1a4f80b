"""`tablegames report RULES.toml` for a Pai Gow Poker Rules Submission (`game = "pai_gow"`):
one self-contained HTML page for the regulator, in the same shell and style as Blackjack's.

The page holds: every house rule in force beside its default, the source of that default and
whether PA text confirms it (`paigow.sources`), filed values that differ from the defaults and
placeholders (paytables no PA text gives) flagged; the findings of the rules check; the exact
Fortune bonus and Envy figures for the paytables filed (`paigow.analysis`, over all 154,143,080
hands) and the Tiger 9 wager's (`paigow.analysis_house_way`, every dealer hand set by the
house way); the starting position's chances for the filed method (645a.5); the commission on a
sample of winning wagers with the filed rounding; and what the page does not give (the main
wager's edge is simulated, `tablegames simulate`). The page loads nothing.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

from tablegames import __version__
from tablegames.core.money import commission, format_cents
from tablegames.paigow.analysis import envy_per_player, fortune_class_counts, fortune_edge
from tablegames.paigow.analysis_house_way import WAYS, tiger_9_counts
from tablegames.paigow.dealing import counted
from tablegames.paigow.fortune import ENVY_TABLES, FORTUNE_PAYTABLES
from tablegames.paigow.ranking import DEFAULT_RANKING
from tablegames.paigow.rules import PaiGowRules, placeholder_warnings
from tablegames.paigow.sources import FIELD_SOURCES
from tablegames.reports.report_format import esc
from tablegames.reports.report_template import PAGE, STYLE

SAMPLE_WAGERS = (500, 2500, 2510, 10_000, 12_345)  # cents: round and odd amounts
CENTS_FIELDS = frozenset(
    {
        "min_wager",
        "max_wager",
        "side_min_wager",
        "side_max_wager",
        "commission_unit",
        "envy_min_wager",
        "progressive_initial",
        "progressive_reset",
        "progressive_wager",
        "payout_limit",
    }
)
# A placeholder figure matters only where the wager it prices is offered.
IN_USE = {"tiger_9_odds": "tiger_9_wager"}


def _value(value: Any, name: str = "") -> str:
    if name in CENTS_FIELDS and isinstance(value, int):
        return format_cents(value)
    if isinstance(value, Fraction):
        return str(value) if value.denominator != 1 else str(value.numerator)
    if value is None:
        return "none"
    return str(value)


def _percent(value: Fraction, places: int = 4) -> str:
    return f"{float(value) * 100:.{places}f}%"


def _tiger_9_section(rules: PaiGowRules) -> str:
    """The Tiger 9 wager: exact over every dealer hand set by the house way when the kernel
    sets that way with the default rankings (`paigow.analysis_house_way`)."""
    head = f"<h3>Tiger 9 (645c.1(c)(2))</h3><p>Pays {rules.tiger_9_odds} to 1 (a placeholder). "
    if rules.house_way not in WAYS or rules.ranking != DEFAULT_RANKING:
        return (
            head + f"Its odds depend on the dealer's setting by the house way "
            f"({esc(rules.house_way)}, with the filed rankings), which the exact walk does not "
            "set: simulate it with tablegames simulate.</p>"
        )
    counts = tiger_9_counts(rules.house_way)
    edge = counts.edge(rules.tiger_9_odds)
    return (
        head + f"The dealer's low hand is nine-high in {counts.tiger_9:,} of the "
        f"{counts.total:,} seven-card hands set by the {esc(rules.house_way)} way "
        f"({_percent(counts.probability)}); house edge {_percent(edge)} (exactly {edge}).</p>"
    )


def rules_section(rules: PaiGowRules) -> str:
    rows = []
    defaults = PaiGowRules()
    for name in PaiGowRules.model_fields:
        value, default = getattr(rules, name), getattr(defaults, name)
        where = FIELD_SOURCES[name]
        offered = getattr(rules, IN_USE[name]) if name in IN_USE else value not in (None, False)
        placeholder = where.placeholder and offered
        flags = []
        if value != default:
            flags.append("filed, not the default")
        if placeholder:
            flags.append("placeholder: not PA text")
        css = ' class="non-pa"' if placeholder else ""
        rows.append(
            f"<tr{css}><td><code>{esc(name)}</code></td><td>{esc(_value(value, name))}</td>"
            f"<td>{esc(_value(default, name))}</td><td>{esc(where.source)}</td>"
            f"<td>{'yes' if where.pa_confirmed else 'no'}</td>"
            f"<td>{esc('; '.join(flags))}</td></tr>"
        )
    findings = rules.findings()
    found = "".join(f"<li>{esc(str(item))}</li>" for item in findings)
    return (
        '<h2 id="rules">1. Rules in force</h2>'
        "<p>58 Pa. Code 645a's text was not found: every rule PA text does not confirm is a "
        "filed option. The last columns say where each default comes from and whether PA text "
        "confirms it.</p>"
        + (f'<p class="flag-text">Findings:</p><ul>{found}</ul>' if findings else "")
        + "<table><thead><tr><th>field</th><th>filed</th><th>default</th>"
        "<th>source of the default</th><th>PA-confirmed</th><th>note</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def optional_section(rules: PaiGowRules) -> str:
    parts = ['<h2 id="optional">2. Optional wagers (exact)</h2>']
    if rules.fortune_paytable is None and rules.envy_table is None:
        parts.append("<p>No Fortune bonus or Envy is offered.</p>")
    if rules.fortune_paytable is not None or rules.envy_table is not None:
        counts = fortune_class_counts()
        if rules.fortune_paytable is not None:
            paytable = FORTUNE_PAYTABLES[rules.fortune_paytable]
            rows = "".join(
                f"<tr><td>{esc(line.replace('_', ' '))}</td><td class=num>{odds} to 1</td>"
                f"<td class=num>{counts.counts[line]:,}</td>"
                f'<td class="num">{float(counts.probability(line)):.9f}</td></tr>'
                for line, odds in paytable.odds.items()
            )
            edge = fortune_edge(paytable, counts)
            parts.append(
                f"<h3>Fortune bonus, paytable {esc(paytable.name)} (645a.7(e)(1))</h3>"
                f'<p class="flag-text">{esc(paytable.source)}</p>'
                f"<p>House edge <b>{_percent(edge)}</b> (exactly {edge}), over all "
                f"{counts.total:,} seven-card hands"
                + ("; three pair pushes" if paytable.three_pair_push else "")
                + ".</p><table><thead><tr><th>hand</th><th class=num>pays</th>"
                "<th class=num>hands</th><th class=num>probability</th></tr></thead>"
                f"<tbody>{rows}</tbody></table>"
            )
        if rules.envy_table is not None:
            amounts = ENVY_TABLES[rules.envy_table]
            paid = envy_per_player(amounts, counts)
            parts.append(
                f"<h3>Envy bonus, {esc(rules.envy_table)}</h3>"
                '<p class="flag-text">Placeholder amounts (Wizard of Odds), not 645a.13 text.</p>'
                f"<p>Paid for each other player's hand: ${float(paid):.7f} on average "
                f"(exactly {paid} dollars), to a player with a qualifying wager of at least "
                f"{esc(format_cents(rules.envy_min_wager))}.</p>"
            )
    if rules.tiger_9_wager:
        parts.append(_tiger_9_section(rules))
    if rules.progressive:
        parts.append(
            "<h3>Progressive (645a.7(e)(4))</h3><p>"
            f"{esc(format_cents(rules.progressive_wager))} a wager; "
            f"{_value(rules.progressive_rate_percent)}% of each to the meter; initial "
            f"{esc(format_cents(rules.progressive_initial or 0))}, reset "
            f"{esc(format_cents(rules.progressive_reset or 0))}; the paytable is a placeholder."
            "</p>"
        )
    return "".join(parts)


def starting_chances(rules: PaiGowRules) -> dict[int, Fraction]:
    """The chance of each count (1 = the dealer) the filed method gives (645a.5)."""
    positions = rules.seats + 1
    if rules.starting_position == "rng":
        return {count: Fraction(1, 7) for count in range(1, 8) if count <= positions}
    tally = Counter(
        counted(a + b + c, positions) for a in range(1, 7) for b in range(1, 7) for c in range(1, 7)
    )
    return {count: Fraction(tally[count], 216) for count in sorted(tally)}


def deal_section(rules: PaiGowRules) -> str:
    chances = starting_chances(rules)
    rows = "".join(
        f"<tr><td class=num>{count}</td><td class=num>{chance}</td>"
        f"<td class=num>{float(chance):.6f}</td></tr>"
        for count, chance in chances.items()
    )
    rounding = "".join(
        f"<tr><td class=num>{esc(format_cents(wager))}</td><td class=num>"
        f"{esc(format_cents(commission(wager, rules.commission_rate, rules.rounding)))}</td>"
        f"<td class=num>{esc(format_cents(wager - commission(wager, rules.commission_rate, rules.rounding)))}</td></tr>"  # noqa: E501
        for wager in SAMPLE_WAGERS
    )
    what = (
        "no commission is collected (commission-free, 645c.1)"
        if rules.commission_free
        else f"a {_value(rules.commission_percent)}% commission, rounded "
        f"{esc(rules.commission_rounding)} to {esc(format_cents(rules.commission_unit))}"
    )
    return (
        '<h2 id="deal">3. The deal and the commission</h2>'
        f"<p>Starting position by <code>{esc(rules.starting_position)}</code>, counted "
        f"{esc(rules.count_direction)} from the dealer as one (645a.5); each count's chance:</p>"
        "<table><thead><tr><th class=num>count</th><th class=num>chance</th>"
        f"<th class=num>decimal</th></tr></thead><tbody>{rows}</tbody></table>"
        f"<p>A winning main wager pays 1 to 1 less {what}:</p>"
        "<table><thead><tr><th class=num>wager</th><th class=num>commission</th>"
        f"<th class=num>net win</th></tr></thead><tbody>{rounding}</tbody></table>"
        "<p>The main wager's house edge depends on the house way "
        f"(<code>{esc(rules.house_way)}</code>) on both sides and is not enumerated here; "
        "<code>tablegames simulate</code> estimates it with its standard error.</p>"
    )


def build_paigow_report(rules: PaiGowRules, *, source: str, today: dt.date | None = None) -> str:
    date = (today or dt.date.today()).isoformat()
    title = f"Pai Gow Poker Rules Submission report \u2014 {source}"
    warnings = "".join(f"<li>{esc(text)}</li>" for text in placeholder_warnings(rules))
    body = "".join(
        [
            "<header>"
            '<div class="kicker">Pai Gow Poker \u00b7 58 Pa. Code Chapters 645a and 645c '
            "\u00b7 Rules Submission (601a.2)</div>"
            f"<h1>{esc(title)}</h1>"
            f'<p class="meta">Rules file <code>{esc(source)}</code> \u00b7 report generated '
            f"{date} by tablegames {esc(__version__)}</p>"
            '<nav><a href="#rules">1. Rules in force</a><a href="#optional">2. Optional '
            'wagers</a><a href="#deal">3. The deal and the commission</a></nav></header>',
            (
                f'<div class="card alert"><b>Placeholders to replace</b><ul>{warnings}</ul></div>'
                if warnings
                else ""
            ),
            rules_section(rules),
            optional_section(rules),
            deal_section(rules),
            "<footer>Optional-wager figures are exact, over every seven-card hand of the "
            "53-card deck; paytables marked as placeholders are not PA text.</footer>",
        ]
    )
    return PAGE.substitute(version=esc(__version__), title=esc(title), style=STYLE, body=body)


def write_paigow_report(rules: PaiGowRules, source: Path, out: Path) -> None:
    page = build_paigow_report(rules, source=source.name)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(page, encoding="utf-8")
