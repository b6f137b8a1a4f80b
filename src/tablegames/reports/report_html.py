"""`tablegames report`'s page rendered to HTML: the summary, the main game (reference figures,
rule effects, the dealer's outcomes), the strategy chart and the reading notes, assembled with
the rules and side wager sections into one self-contained page. A warning opens the page when a
computed house edge is negative (`report_warnings`); the switch games' figures and what the page
cannot give them are in `report_variants`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Final

from tablegames import __version__
from tablegames.blackjack.rules import Finding, Rules
from tablegames.blackjack.variation import variation_of
from tablegames.reports.report_charts import data_uri, effects_chart
from tablegames.reports.report_figures import (
    BASIC,
    BOARD_DECKS,
    BOARD_RANGE,
    Figure,
    GameFigures,
    ReportData,
)
from tablegames.reports.report_format import (
    _explain,
    _reading,
    _table,
    esc,
    percent,
    points,
    signed,
)
from tablegames.reports.report_rules import LABELS, rules_section
from tablegames.reports.report_side import side_section
from tablegames.reports.report_template import PAGE, READING, STYLE
from tablegames.reports.report_variants import (
    SWITCH_READING,
    hand_dealt_note,
    switch_chart_note,
    switch_effects_note,
    switch_main_block,
    switch_summary,
)
from tablegames.reports.report_warnings import player_edges, warning_banner

UP_ORDER: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")
UP_NAMES: Final = {"T": "10", "A": "Ace"}
SWITCH_READING_VARIANTS: Final = ("blackjack_switch", "switch_hands")


def _figure_cells(figure: Figure | None, problem: str | None, places: int = 6) -> list[str]:
    if figure is None:
        return [f'<span class="flag-text">{esc(problem or "not computed")}</span>', ""]
    return [percent(figure.house_edge, places), f"{figure.std_dev:.4f}"]


def main_section(data: ReportData, effects_png: bytes | None) -> str:
    main = data.main
    parts = ['<section id="main"><h2>2. Main game</h2>']
    if main.switch is not None:
        parts.append(switch_main_block(data.rules, main.switch))
    elif main.cdz is None:
        parts.append(
            f'<div class="notice"><b>The main game of these rules is {esc(main.problem)}.</b> '
            "The reference figures below are for the standard game.</div>"
        )
    else:
        rows = [
            [
                "<b>Basic strategy</b> (total-dependent chart, section 3)",
                *_figure_cells(main.basic, main.problem),
            ],
            [
                "<b>CDZ-</b> (best play on the cards of the hand)",
                *_figure_cells(main.cdz, main.problem),
            ],
        ]
        parts.append(
            _table(
                ["Strategy", "House edge (% of initial wager)", "Standard deviation per round"],
                rows,
                numeric=(1, 2),
                caption="Exact figures per round, in units of the initial wager; standard "
                "deviation exact except split rounds, whose hands are taken as independent "
                "given the dealer's final hand.",
            )
        )
        parts.append(_reading("main"))
        if variation_of(data.rules).deals_face_down:
            parts.append(hand_dealt_note())
    parts.append(references_block(data))
    parts.append(effects_block(data, effects_png))
    if main.dealer is not None:
        parts.append(dealer_block(main))
    parts.append("</section>")
    return "".join(parts)


def references_block(data: ReportData) -> str:
    rows = []
    main = data.main
    if main.switch is not None:
        rows.append(
            [
                "<b>This submission, as filed</b>",
                "Best switch, CDZ-",
                percent(main.switch.house_edge, 6),
                '<span class="muted">not computed</span>',
            ]
        )
    if main.cdz is not None:
        rows.append(["<b>This submission, as filed</b>", "CDZ-", *_figure_cells(main.cdz, None)])
    for reference, figures in data.references:
        rows.append([esc(reference.label), "CDZ-", *_figure_cells(figures.cdz, figures.problem)])
        if reference.depth >= BASIC:
            rows.append(
                [esc(reference.label), "Basic", *_figure_cells(figures.basic, figures.problem)]
            )
    low, high = BOARD_RANGE
    rows.append(
        [
            "<b>Pennsylvania Gaming Control Board, 2012</b> (published range)",
            "",
            f"{percent(low, 3)} to {percent(high, 3)}",
            "",
        ]
    )
    board = data.references[-1][1]
    reproduced = ""
    if board.cdz is not None and board.basic is not None:
        inside = [
            name
            for name, figure in (("CDZ-", board.cdz), ("basic", board.basic))
            if low <= round(figure.house_edge, 5) <= high
        ]
        reproduced = (
            f"The Board's 2012 range is reproduced by the {BOARD_DECKS}-deck rule set with aces "
            f"split once: CDZ- {percent(board.cdz.house_edge)} and basic strategy "
            f"{percent(board.basic.house_edge)}"
            + (
                f" (both round into {percent(low, 3)}\u2013{percent(high, 3)})."
                if len(inside) == 2
                else "."
            )
        )
    return (
        "<h3>Reference figures</h3>"
        + _table(
            ["Rule set", "Strategy", "House edge", "Standard deviation"],
            rows,
            numeric=(2, 3),
            caption="Pennsylvania's base game is S17, dealer checks for Blackjack, late "
            "surrender, double on any two cards and after splitting, 3 to 2 Blackjack."
            + (
                " The reference rule sets are the standard game, for comparison with the "
                "variation filed."
                if main.switch is not None
                else ""
            ),
        )
        + _explain(esc(_split_aces_note(data) + reproduced))
    )


def _split_aces_note(data: ReportData) -> str:
    common, written = (figures.cdz for _, figures in data.references[:2])
    note = (
        "633a.11(c) as written lets split aces draw, double and be split again; most "
        "Pennsylvania tables split aces once and deal them one card each"
    )
    if common is None or written is None:
        return note + ". "
    worth = points(common.house_edge - written.house_edge, 3)
    return f"{note}, which is worth {worth} percentage points to the house. "


def effects_block(data: ReportData, effects_png: bytes | None) -> str:
    main = data.main
    parts = ["<h3>Effect of each rule option</h3>"]
    if main.switch is not None:
        parts.append(switch_effects_note(data.rules))
        return "".join(parts)
    if main.cdz is None:
        parts.append(
            '<p class="muted">Not available: the main game of these rules is '
            f"{esc(main.problem)}</p>"
        )
        return "".join(parts)
    if not data.options:
        parts.append('<p class="muted">Not computed for this page.</p>')
        return "".join(parts)
    base = main.cdz.house_edge
    rows, classes = [], []
    for option, changed, figures in data.options:
        non_pa = changed.non_pa()
        mark = " ".join(
            f'<span class="flag">NON-PA</span> <span class="small">{esc(f.paragraph)}</span>'
            for f in non_pa
        )
        if figures.cdz is None:
            rows.append([esc(option.label), mark, esc(figures.problem or ""), ""])
        else:
            rows.append(
                [
                    esc(option.label),
                    mark,
                    percent(figures.cdz.house_edge),
                    f"<b>{points(figures.cdz.house_edge - base)}</b>",
                ]
            )
        classes.append("non-pa" if non_pa else "")
    if effects_png is not None:
        parts.append(
            f'<figure><img alt="Bar chart: change in house edge for each rule option" '
            f'src="{data_uri(effects_png)}"><figcaption>Change in the CDZ- house edge, in '
            "percentage points of the initial wager, when one rule is changed from the "
            f"submission (house edge as filed: {percent(base)}).</figcaption></figure>"
        )
    parts.append(
        _table(
            ["Rule changed from the submission", "", "House edge (CDZ-)", "Change (points)"],
            rows,
            numeric=(2, 3),
            row_classes=classes,
        )
    )
    parts.append(_reading("effects"))
    return "".join(parts)


def dealer_block(main: GameFigures) -> str:
    """The dealer's outcomes by up card; the player's result beside them where the analysis
    gives it by up card (the standard and hand-dealt games)."""
    if main.dealer is None:
        return ""
    by_up = main.by_up_card
    columns = ("17", "18", "19", "20", "21", "bust", "blackjack")
    rows = []
    for up in UP_ORDER:
        outcome = main.dealer[up]
        result = [] if by_up is None else [signed(f"{by_up[up] * 100:+.2f}%")]
        rows.append(
            [
                f"<b>{UP_NAMES.get(up, up)}</b>",
                *(f"{outcome[name] * 100:.2f}%" for name in columns),
                *result,
            ]
        )
    head = ["Up card", "17", "18", "19", "20", "21", "Bust", "Blackjack"]
    caption = "Chance of each final dealer hand given the up card (full shoe)"
    if by_up is not None:
        head.append("Player's result")
        caption += (
            "; player's result: average gain or loss per round against that up card with "
            "basic strategy, as % of the initial wager."
        )
    else:
        caption += ". The dealer draws by 633a.7(m) in every variation"
        if main.switch is not None and variation_of(main.switch).dealer_22_pushes:
            caption += (
                "; at Blackjack Switch a dealer 22, counted here among the busts, returns every "
                "hand of 21 or less (633a.12(a)(5)(v))"
            )
        caption += ". The switch analysis gives no player's result by up card."
    # The short reading explains the player's result: without that column, only its first line.
    reading = (
        _reading("dealer")
        if by_up is not None
        else _explain(
            'Each row is one dealer up card and adds up to 100%. <a href="#reading">'
            "More in section 5.</a>"
        )
    )
    return (
        "<h3>Dealer's outcome by up card</h3>"
        + _table(head, rows, numeric=range(1, len(head)), caption=caption)
        + reading
    )


def strategy_section(main: GameFigures, rules: Rules | None = None) -> str:
    head = '<section id="strategy"><h2>3. Strategy chart</h2>'
    if main.switch is not None and rules is not None:
        return head + switch_chart_note(rules) + "</section>"
    if main.chart_png is None:
        return (
            head + f'<p class="muted">Not available: the main game of these rules is '
            f"{esc(main.problem)}</p></section>"
        )
    return (
        head
        + f'<figure class="chart"><img alt="Basic strategy chart" src="{data_uri(main.chart_png)}">'
        "<figcaption>Total-dependent basic strategy for these rules: find the hand in the left "
        "column and the dealer's up card along the top. S stand, H hit, Dh double (else hit), "
        "Ds double (else stand), R surrender (else hit), P split. The rows \u201c3+ cards\u201d "
        "apply to hands of three or more cards. This is the strategy behind the basic-strategy "
        "house edge above.</figcaption></figure></section>"
    )


def reading_section(variant: str = "standard") -> str:
    entries = [*READING, SWITCH_READING] if variant in SWITCH_READING_VARIANTS else READING
    items = "".join(
        f"<dt>{esc(title)}</dt>" + "".join(f"<dd>{esc(p)}</dd>" for p in paragraphs)
        for title, paragraphs in entries
    )
    return (
        '<section id="reading"><h2>5. How to read these figures</h2>'
        f'<dl class="reading">{items}</dl></section>'
    )


def summary_cards(data: ReportData, flagged: Mapping[str, Finding]) -> str:
    main = data.main
    cards = []

    def card(label: str, value: str, unit: str, alert: bool = False) -> None:
        kind = "card alert" if alert else "card"
        cards.append(
            f'<div class="{kind}"><div class="label">{esc(label)}</div>'
            f'<div class="value">{value}</div><div class="unit">{esc(unit)}</div></div>'
        )

    if main.switch is not None:
        for label, value, unit, alert in switch_summary(main.switch):
            card(label, value, unit, alert=alert)
    elif main.basic is not None and main.cdz is not None:
        card(
            "House edge, basic strategy",
            percent(main.basic.house_edge),
            "of each initial wager",
            alert=main.basic.house_edge < 0,
        )
        card(
            "House edge, CDZ-",
            percent(main.cdz.house_edge),
            "best play without counting",
            alert=main.cdz.house_edge < 0,
        )
        card("Standard deviation", f"{main.basic.std_dev:.3f}", "initial wagers per round")
    else:
        card("Main game house edge", "not computed", main.problem or "", alert=True)
    card(
        "Non-PA options in force",
        str(len(flagged)),
        ", ".join(LABELS.get(f.field, f.field) for f in flagged.values()) or "none",
        alert=bool(flagged),
    )
    card("Side wagers offered", str(len(data.side)), "section 4")
    return '<div class="cards">' + "".join(cards) + "</div>"


def render(data: ReportData, *, source: str, today: dt.date | None = None) -> str:
    rules = data.rules
    flagged = {finding.field: finding for finding in rules.non_pa()}
    date = (today or dt.date.today()).isoformat()
    title = f"Blackjack Rules Submission report \u2014 {source}"
    variant = "" if variation_of(rules).is_standard else f", {rules.variant.replace('_', ' ')}"
    header = (
        "<header>"
        '<div class="kicker">Blackjack \u00b7 58 Pa. Code Chapter 633a \u00b7 Rules Submission '
        "(601a.2)</div>"
        f"<h1>{esc(title)}</h1>"
        f'<p class="meta">Rules file <code>{esc(source)}</code> \u00b7 {rules.decks} '
        f"deck{'s' if rules.decks > 1 else ''}{esc(variant)} \u00b7 report generated "
        f"{date} by tablegames {esc(__version__)} \u00b7 exact analysis, no simulation</p>"
        '<nav><a href="#rules">1. Rules in force</a><a href="#main">2. Main game</a>'
        '<a href="#strategy">3. Strategy chart</a><a href="#side">4. Side wagers</a>'
        '<a href="#reading">5. How to read these figures</a></nav>'
        "</header>"
    )
    body = "".join(
        [
            header,
            warning_banner(player_edges(data)),
            summary_cards(data, flagged),
            rules_section(rules, flagged),
            main_section(data, effects_chart(data)),
            strategy_section(data.main, rules),
            side_section(data),
            reading_section(rules.variant),
            "<footer>Figures are exact expectations computed from the rules by enumerating "
            "the cards, with card removal; house edges are house-positive fractions of the "
            "initial wager shown as percentages. "
            + (
                "For a switch game the effect of each rule option is left out (section 2 says why)."
                if data.main.switch is not None
                else "The effect of each rule option was computed by a separate exact analysis "
                "of the rules with that one option changed."
            )
            + "</footer>",
        ]
    )
    return PAGE.substitute(version=esc(__version__), title=esc(title), style=STYLE, body=body)
