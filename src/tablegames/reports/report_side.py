"""Section 4 of `tablegames report`'s page: every side wager offered, with its paytable."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablegames.blackjack.side.registry import NAMES, side_wager
from tablegames.reports.report_figures import ReportData
from tablegames.reports.report_format import (
    WAGER_NAMES,
    _reading,
    _table,
    esc,
    format_probability,
    one_in,
    percent,
)


def _wager_block(wager: str, report: dict[str, Any] | None, problem: str | None) -> str:
    name = WAGER_NAMES.get(wager, wager)
    cited = side_wager(wager).citation if wager in NAMES else ""
    title = (
        f'<h3 id="wager-{esc(wager)}">{esc(name)} '
        f'<span class="muted small">58 Pa. Code {esc(cited)}</span></h3>'
    )
    if report is None:
        return f'<div class="wager">{title}<p class="flag-text">{esc(problem)}</p></div>'
    paytable = f"paytable {report['paytable']}, " if report.get("paytable") else ""
    summary = (
        '<div class="figures">'
        f"<span>House edge <b>{percent(report['house_edge'])}</b></span>"
        f"<span>Standard deviation <b>{report['std_dev']:.4f}</b> per unit wagered</span>"
        f'<span class="muted">{esc(paytable)}{report["decks"]} decks</span></div>'
    )
    rows = [
        [
            esc(line["outcome"]),
            esc(line["pays"]),
            format_probability(line["probability"]),
            one_in(line["probability"]),
        ]
        for line in report["lines"]
    ]
    rows.append(
        [
            '<span class="muted">Any other result</span>',
            '<span class="muted">loses</span>',
            format_probability(report["losing_probability"]),
            "",
        ]
    )
    parts = [
        title,
        summary,
        _table(["Outcome", "Pays", "Probability", "About"], rows, numeric=(2, 3)),
    ]
    meter = report.get("meter")
    if isinstance(meter, dict):
        parts.append(_meter_block(meter))
    if "by_up_card" in report:
        by_up = [
            [
                f"<b>{'Ace' if figure['up_card'] == 1 else figure['up_card']}</b>",
                format_probability(figure["dealer_busts"]),
                percent(figure["house_edge"]),
            ]
            for figure in report["by_up_card"]
        ]
        parts.append(
            _table(
                ["Dealer up card", "Dealer busts", "House edge"],
                by_up,
                numeric=(1, 2),
                caption="By up card (the wager is offered against a 2 to 6).",
            )
        )
    notes = [note for note in report.get("notes", []) if not note.startswith("58 Pa. Code")]
    if notes:
        parts.append('<ul class="notes">' + "".join(f"<li>{esc(n)}</li>" for n in notes) + "</ul>")
    return '<div class="wager">' + "".join(parts) + "</div>"


def _meter_block(meter: Mapping[str, Any]) -> str:
    amount = meter.get("amount_in_wagers")
    chance = float(meter["meter_line_probability"])
    break_even = meter.get("break_even_meter")
    rows = [
        [
            "House edge with an empty meter",
            percent(float(meter["house_edge_at_zero_meter"])),
        ],
        [
            "Chance the meter line pays, per wager",
            f"{format_probability(chance)} ({one_in(chance)})",
        ],
    ]
    if amount is not None:
        rows.insert(
            0, ["Meter analysed (" + esc(meter.get("source", "")) + ")", f"{amount:,.0f} wagers"]
        )
    if break_even is not None:
        rows.append(
            [
                "<b>Break-even meter</b>: above it the wager favours the player",
                f"<b>{float(break_even):,.0f} wagers</b>",
            ]
        )
    return '<h4 class="small">Progressive meter</h4>' + _table(
        ["", "Value"],
        rows,
        numeric=(1,),
        caption="House edge = edge with an empty meter \u2212 meter \u00d7 chance of the meter "
        "line; meter in units of the wager (a meter of $5,000 on a $1 wager is 5,000 wagers).",
    )


def side_section(data: ReportData) -> str:
    head = '<section id="side"><h2>4. Side wagers offered</h2>'
    if not data.side:
        return head + '<p class="muted">This submission offers no side wagers.</p></section>'
    rows = []
    for wager, report, problem in data.side:
        name = f'<a href="#wager-{esc(wager)}">{esc(WAGER_NAMES.get(wager, wager))}</a>'
        if report is None:
            rows.append([name, f'<span class="flag-text">{esc(problem)}</span>', ""])
        else:
            rows.append([name, percent(report["house_edge"]), f"{report['std_dev']:.4f}"])
    summary = _table(
        ["Side wager", "House edge", "Standard deviation"],
        rows,
        numeric=(1, 2),
        caption="Exact figures with card removal, per unit wagered; progressives at the filed "
        "reset amount.",
    )
    blocks = "".join(_wager_block(*entry) for entry in data.side)
    return head + summary + _reading("side") + blocks + "</section>"
