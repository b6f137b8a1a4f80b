"""`tablegames report RULES.toml --out report.html`: one self-contained HTML page on a Rules
Submission, the page an operator would hand to the regulator.

The page holds the rules in force (non-PA options flagged with their paragraph), the exact house
edge and standard deviation of the main game for CDZ- and total-dependent basic strategy, the
dealer's outcomes by up card, the effect of each rule option against the rules as filed (one
exact analysis per option), reference figures for Pennsylvania's base game and the Board's
published range, the basic strategy chart, every side wager offered with its paytable, and a
plain-language reading of each figure. Charts are PNGs embedded as data URIs and the style sheet
is inline: the page loads nothing.

The main-game analyses (about a second or two each) run in a small process pool and are
remembered for the life of the process, keyed by the rules that matter to the main game.

>>> rules = Rules(decks=8, resplit_aces=False, hit_split_aces=False)
>>> [option.label for option in rule_options(rules)][:3]
['Dealer hits soft 17 (H17)', 'No late surrender', 'No double after split']
>>> format_probability(0.000008242), one_in(0.000008242)
('0.0008242%', '1 in 121,330')
"""

from __future__ import annotations

import base64
import datetime as dt
import html
import io
import json
import math
import multiprocessing
import os
import re
import tempfile
from collections.abc import Iterable, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from tablegames import __version__
from tablegames.analysis.report_template import PAGE, READING, SHORT, STYLE
from tablegames.errors import RulesError, TableGamesError
from tablegames.rules import Finding, Rules, load_rules

# Rules of the table that the main-game analysis does not read (limits, shoe handling, side
# wagers); two rule sets equal in every other field have the same main-game figures.
TABLE_FIELDS: Final = frozenset(
    {
        "shoe",
        "penetration",
        "boxes",
        "max_boxes_per_player",
        "min_wager",
        "max_wager",
        "wager_unit",
        "even_money",
        "settlement_procedure",
        "side_wagers",
        "payout_limit",
    }
)
COMMONLY_DEALT: Final = {"resplit_aces": False, "hit_split_aces": False}
AS_WRITTEN: Final = {"resplit_aces": True, "hit_split_aces": True}
BOARD_RANGE: Final = (0.00355, 0.00371)  # the Board's 2012 figure, as a fraction of the wager
BOARD_DECKS: Final = 8
DECK_OPTIONS: Final = (1, 2, 6, 8)
HAND_OPTIONS: Final = (2, 3, 4)
UP_ORDER: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")
UP_NAMES: Final = {"T": "10", "A": "Ace"}

# Depth of a main-game analysis: CDZ- only; with basic strategy; with the dealer table and chart.
CDZ, BASIC, FULL = 0, 1, 2

LABELS: Final = {
    "decks": "Decks in the shoe",
    "shoe": "Shoe or shuffler",
    "penetration": "Share dealt before the cover card",
    "boxes": "Betting positions",
    "max_boxes_per_player": "Boxes one player may play",
    "min_wager": "Table minimum",
    "max_wager": "Table maximum",
    "wager_unit": "Smallest wager unit",
    "dealer_hits_soft_17": "Dealer hits soft 17",
    "dealer_peeks": "Dealer checks for Blackjack",
    "late_surrender": "Late surrender",
    "double_after_split": "Double after split",
    "max_hands": "Most hands after splitting",
    "resplit_aces": "Aces may be split again",
    "hit_split_aces": "Split aces may draw",
    "blackjack_pays": "Blackjack pays",
    "even_money": "Even money offered",
    "original_bets_only": "Dealer Blackjack takes original wagers only",
    "settlement_procedure": "Settlement order",
    "side_wagers": "Side wagers offered",
    "payout_limit": "Aggregate payout limit per round",
    "variant": "Game",
    "switch_cards_dealt": "Switch Hands cards dealt",
    "switch_surrender": "Surrender at Blackjack Switch",
    "blackjack_premium": "Blackjack premium (optional ante)",
    "tie_blackjack_pays": "Switched Blackjack tie pays 1 to 2",
}
# Rules read only by a variation of the game: the variants that use them.
VARIANT_FIELDS: Final = {
    "switch_cards_dealt": ("switch_hands",),
    "switch_surrender": ("blackjack_switch",),
    "blackjack_premium": ("switch_hands",),
    "tie_blackjack_pays": ("switch_hands",),
}
CENTS_FIELDS: Final = frozenset({"min_wager", "max_wager", "wager_unit", "payout_limit", "reset"})
WAGER_NAMES: Final = {
    "lucky_ladies": "Lucky Ladies",
    "match_the_dealer": "Match the Dealer",
    "in_between": "In Between",
    "royal_match_21": "Royal Match 21",
    "bet_the_set_21": "Bet the Set 21",
    "kings_bounty": "King's Bounty",
    "super_match": "Super Match",
    "bad_beat": "Bad Beat",
    "three_card_poker": "Three Card Poker",
    "hit_and_run": "Hit and Run",
    "straight_jack": "Straight Jack",
    "house_money": "House Money",
    "ez_bust": "EZ Bust Blackjack",
}
CITATION: Final = re.compile(r"\d{3}[a-z]\.\d+(?:\([a-z0-9]+\))*(?:-\([a-z0-9]+\))?")
MINUS: Final = "\u2212"


# --- the figures ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Figure:
    """House edge (house-positive, a fraction of the initial wager) and standard deviation."""

    house_edge: float
    std_dev: float


@dataclass(frozen=True, slots=True)
class GameFigures:
    """What one main-game analysis gave; `problem` says why a figure is missing."""

    cdz: Figure | None = None
    basic: Figure | None = None
    dealer: Mapping[str, Mapping[str, float]] | None = None
    by_up_card: Mapping[str, float] | None = None
    chart_png: bytes | None = None
    problem: str | None = None
    depth: int = FULL


@dataclass(frozen=True, slots=True)
class RuleOption:
    """One rule changed from the rules in force."""

    label: str
    changes: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Reference:
    """A named rule set whose main-game figure the page quotes for comparison."""

    label: str
    rules: Rules
    depth: int


@dataclass(slots=True)
class ReportData:
    """Everything the page shows, computed; `render` only formats it."""

    rules: Rules
    main: GameFigures
    options: list[tuple[RuleOption, Rules, GameFigures]] = field(default_factory=list)
    references: list[tuple[Reference, GameFigures]] = field(default_factory=list)
    side: list[tuple[str, dict[str, Any] | None, str | None]] = field(default_factory=list)
    seconds: float = 0.0


def _game_fields() -> list[str]:
    return [name for name in Rules.model_fields if name not in TABLE_FIELDS]


def game_rules(rules: Rules, **changes: Any) -> Rules:
    """The main-game rules of `rules` (limits, side wagers and the like left at default)."""
    values = {name: getattr(rules, name) for name in _game_fields()}
    values.update(changes)
    return Rules(**values)


def game_key(rules: Rules) -> str:
    return json.dumps([[name, getattr(rules, name)] for name in _game_fields()], default=str)


def rule_options(rules: Rules) -> list[RuleOption]:
    """Each rule option toggled from the rules in force, one change at a time."""
    options = [
        RuleOption("Dealer stands on soft 17 (S17)", {"dealer_hits_soft_17": False})
        if rules.dealer_hits_soft_17
        else RuleOption("Dealer hits soft 17 (H17)", {"dealer_hits_soft_17": True}),
        RuleOption("Late surrender allowed", {"late_surrender": True})
        if not rules.late_surrender
        else RuleOption("No late surrender", {"late_surrender": False}),
        RuleOption("Double after split allowed", {"double_after_split": True})
        if not rules.double_after_split
        else RuleOption("No double after split", {"double_after_split": False}),
        RuleOption("Blackjack pays 3 to 2", {"blackjack_pays": "3:2"})
        if rules.blackjack_pays != "3:2"
        else RuleOption("Blackjack pays 6 to 5", {"blackjack_pays": "6:5"}),
        RuleOption("Aces split once only", {"resplit_aces": False})
        if rules.resplit_aces
        else RuleOption("Aces may be split again", {"resplit_aces": True}),
        RuleOption("Split aces get one card each", {"hit_split_aces": False})
        if rules.hit_split_aces
        else RuleOption("Split aces may draw", {"hit_split_aces": True}),
    ]
    options += [
        RuleOption(f"Split to at most {hands} hands", {"max_hands": hands})
        for hands in HAND_OPTIONS
        if hands != rules.max_hands
    ]
    options += [
        RuleOption(f"{decks} deck{'s' if decks > 1 else ''}", {"decks": decks})
        for decks in DECK_OPTIONS
        if decks != rules.decks
    ]
    return options


def references(rules: Rules) -> list[Reference]:
    """PA base as commonly dealt and as written, at the filed number of decks, and the rule set
    that reproduces the Board's 2012 figure."""
    decks = rules.decks
    plural = "s" if decks > 1 else ""
    base = Rules(decks=decks)
    return [
        Reference(
            f"PA base as commonly dealt, {decks} deck{plural}: split to four hands, aces split "
            "once with one card each",
            game_rules(base, **COMMONLY_DEALT),
            CDZ,
        ),
        Reference(
            f"PA text as written, {decks} deck{plural}: split to four hands, split aces may "
            "draw, double and be split again (633a.11(c))",
            game_rules(base, **AS_WRITTEN),
            CDZ,
        ),
        Reference(
            f"Board 2012 rule set, {BOARD_DECKS} decks: split to four hands, aces split once "
            "with one card each",
            game_rules(Rules(decks=BOARD_DECKS), **COMMONLY_DEALT),
            BASIC,
        ),
    ]


def analyse_game(rules: Rules, depth: int) -> GameFigures:
    """The main-game figures of `rules` to `depth`; a rule set the exact analysis does not
    cover gives its reason instead. Runs in a worker process."""
    from tablegames.analysis.exact.basic_strategy import basic_chart
    from tablegames.analysis.exact.blackjack_report import RANKS, chart_png, dealer_table
    from tablegames.analysis.exact.game import analyse

    try:
        cdz = analyse(rules, "cdz")
    except RulesError as error:
        return GameFigures(problem=f"not yet analysed: {error}", depth=FULL)
    except Exception as error:  # an analysis fault must not sink the whole page
        return GameFigures(
            problem="not computed: the exact analysis does not handle this rule set yet "
            f"({type(error).__name__}: {error})",
            depth=FULL,
        )
    cdz_figure = Figure(cdz.house_edge, cdz.std_dev)
    if depth == CDZ:
        return GameFigures(cdz=cdz_figure, depth=depth)
    basic = analyse(rules, "basic")
    basic_figure = Figure(basic.house_edge, basic.std_dev)
    if depth == BASIC:
        return GameFigures(cdz=cdz_figure, basic=basic_figure, depth=depth)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "strategy.png"
        chart_png(basic_chart(cdz), rules, str(path))
        png = path.read_bytes()
    return GameFigures(
        cdz=cdz_figure,
        basic=basic_figure,
        dealer=dealer_table(cdz),
        by_up_card={name: float(basic.by_up_card[up]) for up, name in enumerate(RANKS)},
        chart_png=png,
        depth=depth,
    )


_MEMO: dict[str, GameFigures] = {}


def _analyse_all(wanted: Mapping[str, tuple[Rules, int]], jobs: int) -> dict[str, GameFigures]:
    """Every wanted analysis, from memory where already done, else in `jobs` processes."""
    todo = {
        key: (rules, depth)
        for key, (rules, depth) in wanted.items()
        if key not in _MEMO or _MEMO[key].depth < depth
    }
    # Longest first, so the pool's last task is a short one.
    order = sorted(todo, key=lambda key: -todo[key][1])
    if jobs <= 1 or len(order) <= 1:
        for key in order:
            _MEMO[key] = analyse_game(*todo[key])
    else:
        # A fork server: workers never inherit the threads of the caller (a browser driver, a
        # server); it imports the analysis once and forks each worker from there.
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([__name__])
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            futures: dict[str, Future[GameFigures]] = {
                key: pool.submit(analyse_game, *todo[key]) for key in order
            }
            for key, future in futures.items():
                _MEMO[key] = future.result()
    return {key: _MEMO[key] for key in wanted}


def side_wager_reports(rules: Rules) -> list[tuple[str, dict[str, Any] | None, str | None]]:
    """(wager, edge report or None, why not) for every side wager offered."""
    from tablegames.analysis.exact.side_wagers import edge_report

    found: list[tuple[str, dict[str, Any] | None, str | None]] = []
    for wager in rules.side_wagers.offered():
        try:
            report = edge_report(wager, decks=rules.decks, paytable=None, rules=rules)
        except TableGamesError as error:
            found.append((wager, None, str(error)))
        else:
            found.append((wager, report, None))
    return found


def _covered(rules: Rules) -> bool:
    """Whether the exact main-game analysis covers `rules` (else no option is worth analysing)."""
    from tablegames.analysis.exact.game import check_supported

    try:
        check_supported(rules)
    except RulesError:
        return False
    return True


def default_jobs() -> int:
    return max(1, min(2, os.cpu_count() or 1))


def collect(rules: Rules, *, jobs: int | None = None, effects: bool = True) -> ReportData:
    """Compute every figure of the page; `effects=False` leaves out the rule options' analyses
    (one main-game analysis each, most of the time the page takes)."""
    start = dt.datetime.now()
    main = game_rules(rules)
    chosen = rule_options(rules) if effects and _covered(main) else []
    options = [(option, game_rules(main, **option.changes)) for option in chosen]
    refs = references(rules)
    wanted: dict[str, tuple[Rules, int]] = {}

    def want(target: Rules, depth: int) -> None:
        key = game_key(target)
        wanted[key] = (target, max(depth, wanted.get(key, (target, -1))[1]))

    want(main, FULL)
    for reference in refs:
        want(reference.rules, reference.depth)
    for _, changed in options:
        want(changed, CDZ)
    figures = _analyse_all(wanted, default_jobs() if jobs is None else jobs)
    data = ReportData(
        rules=rules,
        main=figures[game_key(main)],
        options=[(option, changed, figures[game_key(changed)]) for option, changed in options],
        references=[(reference, figures[game_key(reference.rules)]) for reference in refs],
        side=side_wager_reports(rules),
    )
    data.seconds = (dt.datetime.now() - start).total_seconds()
    return data


# --- formatting -----------------------------------------------------------------------------------


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


def data_uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


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


# --- the page -------------------------------------------------------------------------------------


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
        elif used_at is not None and rules.variant not in used_at:
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


def _figure_cells(figure: Figure | None, problem: str | None, places: int = 6) -> list[str]:
    if figure is None:
        return [f'<span class="flag-text">{esc(problem or "not computed")}</span>', ""]
    return [percent(figure.house_edge, places), f"{figure.std_dev:.4f}"]


def main_section(data: ReportData, effects_png: bytes | None) -> str:
    main = data.main
    parts = ['<section id="main"><h2>2. Main game</h2>']
    if main.cdz is None:
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
                "deviation exact except split rounds, whose hands are treated as independent.",
            )
        )
        parts.append(_reading("main"))
    parts.append(references_block(data))
    parts.append(effects_block(data, effects_png))
    if main.dealer is not None:
        parts.append(dealer_block(main))
    parts.append("</section>")
    return "".join(parts)


def references_block(data: ReportData) -> str:
    rows = []
    main = data.main
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
            "surrender, double on any two cards and after splitting, 3 to 2 Blackjack.",
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
    if main.dealer is None or main.by_up_card is None:
        return ""
    columns = ("17", "18", "19", "20", "21", "bust", "blackjack")
    rows = []
    for up in UP_ORDER:
        outcome = main.dealer[up]
        rows.append(
            [
                f"<b>{UP_NAMES.get(up, up)}</b>",
                *(f"{outcome[name] * 100:.2f}%" for name in columns),
                signed(f"{main.by_up_card[up] * 100:+.2f}%"),
            ]
        )
    return (
        "<h3>Dealer's outcome by up card</h3>"
        + _table(
            ["Up card", "17", "18", "19", "20", "21", "Bust", "Blackjack", "Player's result"],
            rows,
            numeric=range(1, 9),
            caption="Chance of each final dealer hand given the up card (full shoe); player's "
            "result: average gain or loss per round against that up card with basic strategy, "
            "as % of the initial wager.",
        )
        + _reading("dealer")
    )


def strategy_section(main: GameFigures) -> str:
    head = '<section id="strategy"><h2>3. Strategy chart</h2>'
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


def _wager_block(wager: str, report: dict[str, Any] | None, problem: str | None) -> str:
    from tablegames.analysis.exact.side_wagers import PARAGRAPHS

    name = WAGER_NAMES.get(wager, wager)
    title = (
        f'<h3 id="wager-{esc(wager)}">{esc(name)} '
        f'<span class="muted small">58 Pa. Code {esc(PARAGRAPHS.get(wager, ""))}</span></h3>'
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


def reading_section() -> str:
    items = "".join(
        f"<dt>{esc(title)}</dt>" + "".join(f"<dd>{esc(p)}</dd>" for p in paragraphs)
        for title, paragraphs in READING
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

    if main.basic is not None and main.cdz is not None:
        card("House edge, basic strategy", percent(main.basic.house_edge), "of each initial wager")
        card("House edge, CDZ-", percent(main.cdz.house_edge), "best play without counting")
        card("Standard deviation", f"{main.basic.std_dev:.3f}", "initial wagers per round")
    else:
        card("Main game", "not analysed", main.problem or "", alert=True)
    card(
        "Non-PA options in force",
        str(len(flagged)),
        ", ".join(LABELS.get(f.field, f.field) for f in flagged.values()) or "none",
        alert=bool(flagged),
    )
    card("Side wagers offered", str(len(data.side)), "section 4")
    return '<div class="cards">' + "".join(cards) + "</div>"


def effects_chart(data: ReportData) -> bytes | None:
    """A horizontal bar chart of each option's change in house edge, as PNG bytes."""
    if data.main.cdz is None:
        return None
    base = data.main.cdz.house_edge
    bars = [
        (option.label + (" (non-PA)" if changed.non_pa() else ""), figures.cdz.house_edge - base)
        for option, changed, figures in data.options
        if figures.cdz is not None
    ]
    if not bars:
        return None
    bars.sort(key=lambda bar: bar[1])
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [label for label, _ in bars]
    changes = [change * 100 for _, change in bars]
    figure, axes = plt.subplots(figsize=(8.6, 0.36 * len(bars) + 1.3))
    colours = ["#b2312e" if change > 0 else "#2f6b9a" for change in changes]
    axes.barh(range(len(bars)), changes, color=colours, height=0.62)
    axes.set_yticks(range(len(bars)), labels, fontsize=9)
    axes.axvline(0, color="#333333", linewidth=0.8)
    span = max(abs(change) for change in changes) or 0.01
    axes.set_xlim(-span * 1.45 if min(changes) < 0 else -span * 0.08, span * 1.45)
    for y, change in enumerate(changes):
        text = signed(f"{change:+.3f}")
        axes.text(
            change + (span * 0.02 if change >= 0 else -span * 0.02),
            y,
            text,
            va="center",
            ha="left" if change >= 0 else "right",
            fontsize=8,
        )
    axes.set_xlabel(
        "Change in house edge, percentage points of the initial wager "
        "(red: favours the house, blue: the player)",
        fontsize=8.5,
    )
    axes.tick_params(axis="x", labelsize=8)
    axes.grid(axis="x", color="#dddddd", linewidth=0.6)
    axes.set_axisbelow(True)
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)
    axes.set_title(
        f"Effect of each rule option (CDZ- play; as filed: {percent(base)})", fontsize=10
    )
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=130)
    plt.close(figure)
    return buffer.getvalue()


def render(data: ReportData, *, source: str, today: dt.date | None = None) -> str:
    rules = data.rules
    flagged = {finding.field: finding for finding in rules.non_pa()}
    date = (today or dt.date.today()).isoformat()
    title = f"Blackjack Rules Submission report \u2014 {source}"
    variant = "" if rules.variant == "standard" else f", {rules.variant.replace('_', ' ')}"
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
            summary_cards(data, flagged),
            rules_section(rules, flagged),
            main_section(data, effects_chart(data)),
            strategy_section(data.main),
            side_section(data),
            reading_section(),
            "<footer>Figures are exact expectations computed from the rules by enumerating "
            "the cards, with card removal; house edges are house-positive fractions of the "
            "initial wager shown as percentages. The effect of each rule option was computed "
            "by a separate exact analysis of the rules with that one option changed.</footer>",
        ]
    )
    return PAGE.substitute(version=esc(__version__), title=esc(title), style=STYLE, body=body)


def build_report(
    rules: Rules,
    *,
    source: str,
    jobs: int | None = None,
    today: dt.date | None = None,
    effects: bool = True,
) -> str:
    """The HTML page for `rules`; `source` names the rules file in the title. `jobs` worker
    processes run the main-game analyses (default: up to two)."""
    return render(collect(rules, jobs=jobs, effects=effects), source=source, today=today)


def write_report(rules_path: Path, out: Path) -> None:
    """`tablegames report RULES.toml --out report.html`: read, analyse, write the page."""
    rules = load_rules(path=rules_path)
    page = build_report(rules, source=rules_path.name)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(page, encoding="utf-8")
