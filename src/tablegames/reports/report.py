"""`tablegames report RULES.toml --out report.html`: one self-contained HTML page on a Rules
Submission, the page an operator would hand to the regulator.

The page holds the rules in force (non-PA options flagged with their paragraph), the exact house
edge and standard deviation of the main game for CDZ- and total-dependent basic strategy, the
dealer's outcomes by up card, the effect of each rule option against the rules as filed (one
exact analysis per option), reference figures for Pennsylvania's base game and the Board's
published range, the basic strategy chart, every side wager offered with its paytable, and a
plain-language reading of each figure. Charts are PNGs embedded as data URIs and the style sheet
is inline: the page loads nothing.

Blackjack Switch (633a.12(a)) and Switch Hands (633c.4) get their exact house edge with the best
switch decision, how often the switch is taken and (Switch Hands) what the option is worth, as
`tablegames edge blackjack` computes them; what the page cannot give them (the standard deviation,
a strategy chart, the rule options one by one) it says in plain words, with the reason. The
hand-dealt game (633a.12(b)) is the standard game dealt differently. Whenever a computed house
edge of the main game or of an offered side wager is negative, a warning opens the page naming
the wager, what makes it so and the figure.

The main-game analyses (about a second or two each) run in a small process pool and are
remembered for the life of the process, keyed by the rules that matter to the main game.

This module is the public face; the work is done beside it: `report_figures` computes the
figures, `report_charts` draws the charts, `report_format` formats numbers and table cells,
`report_rules`, `report_side` and `report_html` render the sections and the page,
`report_variants` the switch games' figures, `report_warnings` the player-edge warning.

>>> rules = Rules(decks=8, resplit_aces=False, hit_split_aces=False)
>>> [option.label for option in rule_options(rules)][:3]
['Dealer hits soft 17 (H17)', 'No late surrender', 'No double after split']
>>> format_probability(0.000008242), one_in(0.000008242)
('0.0008242%', '1 in 121,330')
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from tablegames.blackjack.rules import Rules, load_rules
from tablegames.blackjack.rules.labels import CENTS_FIELDS
from tablegames.core.rulesfile import read_rules_file
from tablegames.reports.report_charts import (
    data_uri,
    effects_chart,
)
from tablegames.reports.report_figures import (
    AS_WRITTEN,
    BASIC,
    BOARD_DECKS,
    BOARD_RANGE,
    CDZ,
    COMMONLY_DEALT,
    DECK_OPTIONS,
    FULL,
    HAND_OPTIONS,
    SWITCH_VARIANTS,
    TABLE_FIELDS,
    Figure,
    GameFigures,
    Reference,
    ReportData,
    RuleOption,
    SwitchFigures,
    analyse_game,
    analyse_switch_game,
    collect,
    default_jobs,
    game_key,
    game_rules,
    references,
    rule_options,
    side_wager_reports,
)
from tablegames.reports.report_format import (
    CITATION,
    MINUS,
    WAGER_NAMES,
    esc,
    field_value,
    format_probability,
    money,
    one_in,
    percent,
    points,
    signed,
    split_description,
)
from tablegames.reports.report_html import (
    UP_NAMES,
    UP_ORDER,
    dealer_block,
    effects_block,
    main_section,
    reading_section,
    references_block,
    render,
    strategy_section,
    summary_cards,
)
from tablegames.reports.report_rules import (
    LABELS,
    VARIANT_FIELDS,
    offered_wagers_cell,
    rules_section,
)
from tablegames.reports.report_side import (
    side_section,
)
from tablegames.reports.report_warnings import PlayerEdge, player_edges, warning_banner

__all__ = [
    "AS_WRITTEN",
    "BASIC",
    "BOARD_DECKS",
    "BOARD_RANGE",
    "CDZ",
    "CENTS_FIELDS",
    "CITATION",
    "COMMONLY_DEALT",
    "DECK_OPTIONS",
    "FULL",
    "HAND_OPTIONS",
    "LABELS",
    "MINUS",
    "SWITCH_VARIANTS",
    "TABLE_FIELDS",
    "UP_NAMES",
    "UP_ORDER",
    "VARIANT_FIELDS",
    "WAGER_NAMES",
    "Figure",
    "GameFigures",
    "PlayerEdge",
    "Reference",
    "ReportData",
    "RuleOption",
    "SwitchFigures",
    "analyse_game",
    "analyse_switch_game",
    "build_report",
    "collect",
    "data_uri",
    "dealer_block",
    "default_jobs",
    "effects_block",
    "effects_chart",
    "esc",
    "field_value",
    "format_probability",
    "game_key",
    "game_rules",
    "main_section",
    "money",
    "offered_wagers_cell",
    "one_in",
    "percent",
    "player_edges",
    "points",
    "reading_section",
    "references",
    "references_block",
    "render",
    "rule_options",
    "rules_section",
    "side_section",
    "side_wager_reports",
    "signed",
    "split_description",
    "strategy_section",
    "summary_cards",
    "warning_banner",
    "write_report",
]


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
    """`tablegames report RULES.toml --out report.html`: read, analyse, write the page. A
    Pai Gow Poker submission (`game = "pai_gow"`) gets its own page (`paigow_report`)."""
    data = read_rules_file(rules_path)
    if data.get("game") == "pai_gow":
        from tablegames.paigow.rules import pai_gow_rules_from_mapping
        from tablegames.reports.paigow_report import write_paigow_report

        write_paigow_report(pai_gow_rules_from_mapping(data), rules_path, out)
        return
    rules = load_rules(path=rules_path)
    page = build_report(rules, source=rules_path.name)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(page, encoding="utf-8")
