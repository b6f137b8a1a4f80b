"""Formatting for `tablegames report`'s page: numbers, amounts and rule values as a person reads
them, and the small HTML pieces (tables, explanations) every section is built from.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Iterable
from typing import Any, Final

from tablegames.blackjack.rules.labels import CENTS_FIELDS
from tablegames.blackjack.side.registry import REGISTRY
from tablegames.reports.report_template import SHORT

# The side wagers as the report names them (the registry's report labels).
WAGER_NAMES: Final = {wager.name: wager.report_label for wager in REGISTRY}
CITATION: Final = re.compile(r"\d{3}[a-z]\.\d+(?:\([a-z0-9]+\))*(?:-\([a-z0-9]+\))?")
MINUS: Final = "\u2212"


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def signed(number: str) -> str:
    return number.replace("-", MINUS)


def percent(fraction: float, places: int = 4) -> str:
    """A fraction as a percentage: 0.00330268 -> '0.3303%'; negatives with a true minus."""
    return signed(f"{fraction * 100:.{places}f}%")


def points(change: float, places: int = 4) -> str:
    """A change in house edge in percentage points, always signed."""
    return signed(f"{change * 100:+.{places}f}")


def format_probability(probability: float, digits: int = 4) -> str:
    """A probability as a percentage with `digits` significant figures, never in e-notation."""
    if probability <= 0:
        return "0%"
    value = probability * 100
    places = max(0, digits - 1 - math.floor(math.log10(value)))
    return f"{value:.{places}f}%"


def one_in(probability: float) -> str:
    if probability <= 0:
        return "never"
    odds = 1 / probability
    return f"1 in {odds:,.0f}" if odds >= 100 else f"1 in {odds:,.1f}"


def money(cents: int) -> str:
    return f"${cents / 100:,.2f}"


def field_value(name: str, value: Any) -> str:
    """A rule's value as a person reads it (amounts in dollars, yes/no)."""
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if value is None:
        return "No limit" if name == "payout_limit" else "None"
    if name in CENTS_FIELDS and isinstance(value, int):
        return money(value)
    if name == "penetration":
        return f"{value:.0%} of the cards"
    if name == "rate_bp":
        return f"{value / 100:g}% of each wager"
    if name == "blackjack_pays":
        left, right = str(value).split(":")
        return f"{left} to {right}"
    if isinstance(value, str):
        return value.replace("_", " ")
    return str(value)


def split_description(description: str | None) -> tuple[str, str]:
    """The paragraphs a field's description cites, and its meaning without a leading citation.

    >>> split_description("633a.3(b)-(c), 633a.5(h): a single shoe or a shuffler.")
    ('633a.3(b)-(c), 633a.5(h)', 'a single shoe or a shuffler.')
    >>> split_description("Smallest chip: insurance may round up to it (633a.8(b)).")
    ('633a.8(b)', 'Smallest chip: insurance may round up to it (633a.8(b)).')
    """
    text = description or ""
    cited = list(dict.fromkeys(CITATION.findall(text)))
    lead = re.match(rf"^(?:{CITATION.pattern})(?:,\s*(?:{CITATION.pattern}))*:\s*", text)
    return ", ".join(cited), text[lead.end() :] if lead else text


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _table(
    head: Iterable[str],
    rows: Iterable[Iterable[str]],
    *,
    numeric: Iterable[int] = (),
    caption: str = "",
    row_classes: Iterable[str] | None = None,
) -> str:
    """A table of already-escaped cells; `numeric` columns align right."""
    right = set(numeric)
    header = "".join(
        f'<th class="num">{cell}</th>' if index in right else f"<th>{cell}</th>"
        for index, cell in enumerate(head)
    )
    classes = list(row_classes) if row_classes is not None else []
    body = []
    for number, row in enumerate(rows):
        cells = "".join(
            f'<td class="num">{cell}</td>' if index in right else f"<td>{cell}</td>"
            for index, cell in enumerate(row)
        )
        kind = classes[number] if number < len(classes) and classes[number] else ""
        body.append(f'<tr class="{kind}">{cells}</tr>' if kind else f"<tr>{cells}</tr>")
    cap = f"<caption>{caption}</caption>" if caption else ""
    return f"<table>{cap}<thead><tr>{header}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _explain(*paragraphs: str) -> str:
    return '<div class="explain">' + "".join(f"<p>{p}</p>" for p in paragraphs) + "</div>"


def _reading(key: str) -> str:
    return _explain(esc(SHORT[key]) + ' <a href="#reading">More in section 5.</a>')
