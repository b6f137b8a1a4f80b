"""Section 1 of `tablegames report`'s page: the rules in force, non-PA options flagged with
their paragraph."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from tablegames.blackjack.rules import Finding, Rules
from tablegames.blackjack.rules.labels import CENTS_FIELDS, FIELD_LABELS
from tablegames.blackjack.variation import variation_of
from tablegames.reports.report_format import (
    WAGER_NAMES,
    _capital,
    _reading,
    _table,
    esc,
    field_value,
    money,
    split_description,
)

# One set of labels for every display of the rules (`tablegames rules show` too).
LABELS: Final = FIELD_LABELS
# Rules read only by a variation of the game: the variants that use them.
VARIANT_FIELDS: Final = {
    "switch_cards_dealt": ("switch_hands",),
    "switch_surrender": ("blackjack_switch",),
    "blackjack_premium": ("switch_hands",),
    "tie_blackjack_pays": ("switch_hands",),
}


def offered_wagers_cell(rules: Rules) -> str:
    offers = rules.side_wagers
    names = offers.offered()
    if not names:
        return "None"
    items = []
    for name in names:
        entry = getattr(offers, name)
        settings = []
        for option in type(entry).model_fields:
            value = getattr(entry, option)
            if option == "min_wager":
                continue
            if option == "max_wager":
                settings.append(f"{money(entry.min_wager)} to {money(value)}")
            else:
                settings.append(f"{option.replace('_', ' ')}: {field_value(option, value)}")
        detail = f' <span class="muted">({esc("; ".join(settings))})</span>' if settings else ""
        items.append(f"<li>{esc(WAGER_NAMES.get(name, name))}{detail}</li>")
    return f'<ul class="small" style="margin:0;padding-left:18px">{"".join(items)}</ul>'


def rules_section(rules: Rules, flagged: Mapping[str, Finding]) -> str:
    rows, classes = [], []
    filed = rules.model_fields_set
    for name, info in Rules.model_fields.items():
        paragraph, meaning = split_description(info.description)
        value = getattr(rules, name)
        shown = (
            offered_wagers_cell(rules) if name == "side_wagers" else esc(field_value(name, value))
        )
        source = "filed" if name in filed else '<span class="muted">default</span>'
        if name in CENTS_FIELDS:
            meaning = meaning.replace(", in cents", "").replace(" in cents", "")
        finding = flagged.get(name)
        used_at = VARIANT_FIELDS.get(name)
        if finding is not None:
            status = (
                f'<span class="flag">NON-PA</span> <span class="flag-text">'
                f"{esc(_capital(finding.message))} (58 Pa. Code {esc(finding.paragraph)})</span>"
            )
            classes.append("non-pa")
        elif used_at is not None and name not in variation_of(rules).own_fields:
            status = (
                '<span class="small">Not used at this table (the game is not '
                + esc(" or ".join(variant.replace("_", " ").title() for variant in used_at))
                + ").</span>"
            )
            classes.append("unused")
        else:
            status = ""
            classes.append("")
        label = LABELS.get(name, _capital(name.replace("_", " ")))
        rows.append(
            [
                f"<b>{esc(label)}</b><br><code>{esc(name)}</code>",
                f"<b>{shown}</b>",
                source,
                esc(paragraph),
                esc(_capital(meaning)) + (f"<br>{status}" if status else ""),
            ]
        )
    table = _table(
        ["Rule", "Value", "Source", "58 Pa. Code", "Meaning"],
        rows,
        row_classes=classes,
        caption="Every house rule of the submission. \u201cfiled\u201d: set in the rules file "
        "(or the preset it names); \u201cdefault\u201d: not set, the Pennsylvania default applies.",
    )
    if flagged:
        notice = (
            f'<div class="notice"><b>{len(flagged)} option{"s" if len(flagged) > 1 else ""} '
            "in force {verb} not allowed in Pennsylvania</b> and {verb2} marked "
            '<span class="flag">NON-PA</span> below: '.format(
                verb="are" if len(flagged) > 1 else "is",
                verb2="are" if len(flagged) > 1 else "is",
            )
            + "; ".join(
                f"{esc(LABELS.get(f.field, f.field))} ({esc(f.paragraph)})"
                for f in flagged.values()
            )
            + ". Their figures are what-if figures only.</div>"
        )
    else:
        notice = (
            '<p class="pa">\u2713 Every option in force is allowed by 58 Pa. Code Chapter 633a.</p>'
        )
    return (
        '<section id="rules"><h2>1. Rules in force</h2>'
        + notice
        + table
        + _reading("non_pa")
        + "</section>"
    )
