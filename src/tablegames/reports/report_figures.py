"""The figures of `tablegames report`'s page, computed: the main-game analyses of the rules in
force, of each rule option and of the reference rule sets, and the side wagers' edge reports.

The main-game analyses (about a second or two each) run in a small process pool and are
remembered for the life of the process, keyed by the rules that matter to the main game. The
switch games (Blackjack Switch 633a.12(a), Switch Hands 633c.4) are analysed by
`exact.switch_games`, as `tablegames edge blackjack` does: about 9 s (and 3.7 GB) for six-deck
Blackjack Switch, so their rule options are not analysed one by one.
"""

from __future__ import annotations

import datetime as dt
import json
import multiprocessing
import os
import tempfile
from collections.abc import Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from tablegames.blackjack.rules import Rules
from tablegames.blackjack.variation import variation_of
from tablegames.core.errors import RulesError, TableGamesError

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

# Depth of a main-game analysis: CDZ- only; with basic strategy; with the dealer table and chart.
CDZ, BASIC, FULL = 0, 1, 2
# The variations with a switch decision, analysed by `exact.switch_games`, not `exact.game`.
SWITCH_VARIANTS: Final = frozenset({"blackjack_switch", "switch_hands"})


@dataclass(frozen=True, slots=True)
class Figure:
    """House edge (house-positive, a fraction of the initial wager) and standard deviation."""

    house_edge: float
    std_dev: float


@dataclass(frozen=True, slots=True)
class SwitchFigures:
    """A switch game's figures (exact.switch_games): the house edge with the best switch decision
    and CDZ- play of the hands, on the basis the game's wagers give it (`basis`)."""

    variant: str
    house_edge: float
    basis: str
    switch_probability: float
    # Switch Hands only: what the option is worth per Blackjack Wager, and the edge on that wager.
    switch_option_value: float | None = None
    house_edge_per_blackjack_wager: float | None = None


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
    switch: SwitchFigures | None = None


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
    from tablegames.blackjack.analysis.basic_strategy import basic_chart
    from tablegames.blackjack.analysis.game import analyse, basic_from
    from tablegames.reports.blackjack_text import RANKS, chart_png, dealer_table

    if not variation_of(rules).analysed_as_main_game:
        return analyse_switch_game(rules)
    try:
        cdz = analyse(rules, "cdz")
    except Exception as error:  # an analysis fault must not sink the whole page
        return _not_analysed(error)
    cdz_figure = Figure(cdz.house_edge, cdz.std_dev)
    if depth == CDZ:
        return GameFigures(cdz=cdz_figure, depth=depth)
    basic = basic_from(cdz)
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


def analyse_switch_game(rules: Rules) -> GameFigures:
    """A switch game's figures, with the dealer's outcomes by up card: the dealer draws by
    633a.7(m) whatever the variation, so they come from the standard game's analysis of the
    same shoe (a dealer 22, which pushes at Blackjack Switch, is counted among the busts)."""
    from tablegames.blackjack.analysis.game import analyse
    from tablegames.blackjack.analysis.switch_games import blackjack_switch, switch_hands
    from tablegames.reports.blackjack_text import dealer_table

    try:
        # The hands are played as in the standard game, at any limit of hands (633a.11(c)).
        if variation_of(rules).analysis == "blackjack_switch":
            found = blackjack_switch(rules)
        else:
            found = switch_hands(rules)
        # The dealer's table reads only the shoe and the drawing rule (633a.7(m)).
        drawing = Rules(decks=rules.decks, dealer_hits_soft_17=rules.dealer_hits_soft_17)
        dealer = dealer_table(analyse(drawing, "cdz"))
    except Exception as error:  # an analysis fault must not sink the whole page
        return _not_analysed(error)
    figures = SwitchFigures(
        variant=rules.variant,
        house_edge=float(found["house_edge"]),
        basis=str(found["house_edge_basis"]),
        switch_probability=float(found["switch_probability"]),
        switch_option_value=_optional_float(found.get("switch_option_value")),
        house_edge_per_blackjack_wager=_optional_float(found.get("house_edge_per_blackjack_wager")),
    )
    return GameFigures(dealer=dealer, depth=FULL, switch=figures)


def _not_analysed(error: Exception) -> GameFigures:
    """The figures of a rule set the analysis refused (its reason) or failed on (the fault)."""
    if isinstance(error, RulesError):
        return GameFigures(problem=f"not yet analysed: {error}", depth=FULL)
    return GameFigures(
        problem="not computed: the exact analysis does not handle this rule set yet "
        f"({type(error).__name__}: {error})",
        depth=FULL,
    )


def _optional_float(value: Any) -> float | None:
    return None if value is None else float(value)


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
    from tablegames.blackjack.analysis.side_wagers import edge_report

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
    """Whether the exact main-game analysis covers `rules` in a second or two (else no option is
    worth analysing: a switch game's options would take minutes each)."""
    from tablegames.blackjack.analysis.game import check_supported

    if not variation_of(rules).analysed_as_main_game:
        return False
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
