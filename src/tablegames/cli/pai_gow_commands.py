"""Pai Gow Poker (645a, 645c): what `play` and `edge` ask of the game (the contract:
`tablegames.cli.games_commands`). It adds no command of its own: its scenarios play with
`tablegames round` (`"game": "pai_gow"`, docs/paigow-scenarios.md) and `tablegames conform`.

`edge pai_gow` (the main wager) is refused with a pointer to `tablegames simulate --game
pai_gow`: its figure depends on the house way of both hands and is known here only by
simulation, with a standard error, where `edge` reports exact figures (docs/paigow.md).

`edge fortune_bonus [--paytable NAME]` is exact over all 154,143,080 seven-card hands
(`paigow.analysis`); `edge envy` gives the Envy bonus paid for each other player's hand. The
paytables are placeholders until 645a.13's are found, and every report says so.

`edge tiger_9 [--preset NAME | --rules FILE]` (645c.1(c)(2)) is exact too: the dealer's
seven cards set by the house way over every hand (`paigow.analysis_house_way`, the Trump
Plaza or Claridge way, default rankings), at the filed `tiger_9_odds` (30 to 1 placeholder).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from fractions import Fraction
from math import sqrt
from pathlib import Path
from typing import Any

from tablegames.cli.app import fail
from tablegames.cli.games_commands import EdgeMenu, EdgeRequest, SimulateRequest, refuse_options
from tablegames.core.errors import TableGamesError

ABOUT = "Pai Gow Poker (645a, commission-free 645c.1)"
PLAY = "Pai Gow Poker"
MAIN = "pai_gow"
FORTUNE_BONUS = "fortune_bonus"
ENVY = "envy"
TIGER_9 = "tiger_9"
EDGE = EdgeMenu(
    games=(MAIN, FORTUNE_BONUS, ENVY, TIGER_9),
    help="pai_gow: the main wager is simulated, not exact: use tablegames simulate --game "
    "pai_gow. fortune_bonus: --paytable wizard_1|wizard_2|wizard_3|wizard_4|wizard_6 "
    "(placeholders "
    "until 645a.13's paytables are found); envy: the bonus per other player, --paytable "
    "envy_3000|envy_5000. Both exact over every seven-card hand of the 53-card deck. "
    "tiger_9: the dealer's low hand nine-high, every hand set by the house way, at the "
    "filed tiger_9_odds (--preset NAME or --rules FILE; 30 to 1 placeholder).",
)
DEFAULT_FORTUNE = "wizard_2"
DEFAULT_ENVY = "envy_3000"
PLACEHOLDER = "a placeholder paytable (Wizard of Odds), not 58 Pa. Code 645a.13 text"


def play(preset: str | None, rules: Path | None, boxes: int) -> None:
    """`tablegames play pai_gow [--preset NAME] [--rules FILE]`."""
    if boxes != 1:
        fail("--boxes is for Blackjack; a Pai Gow Poker player takes one seat")
    from tablegames.ui.paigow_play import play_pai_gow

    play_pai_gow(preset, rules)


def edge_more() -> Sequence[str]:
    return ()


def fortune_report(paytable_name: str) -> dict[str, Any]:
    """The Fortune bonus's exact edge and lines (the side wagers' report shape)."""
    from tablegames.paigow.analysis import fortune_class_counts, fortune_edge
    from tablegames.paigow.fortune import FORTUNE_PAYTABLES

    if paytable_name not in FORTUNE_PAYTABLES:
        raise TableGamesError(
            f"Fortune paytable {paytable_name!r} is unknown: choose {sorted(FORTUNE_PAYTABLES)}"
        )
    paytable = FORTUNE_PAYTABLES[paytable_name]
    counts = fortune_class_counts()
    lines: list[dict[str, Any]] = []
    second = Fraction(0)
    for name, odds in paytable.odds.items():
        chance = counts.probability(name)
        second += chance * odds * odds
        lines.append(
            {
                "outcome": name.replace("_", " "),
                "line": name,
                "probability": float(chance),
                "pays": f"{odds} to 1",
                "contribution": float(-chance * odds),
            }
        )
    pushed = Fraction(counts.three_pair, counts.total) if paytable.three_pair_push else Fraction(0)
    if pushed:
        lines.append(
            {
                "outcome": "three pair",
                "line": "three_pair",
                "probability": float(pushed),
                "pays": "push",
                "contribution": 0.0,
            }
        )
    # Two pair includes three pair in the class counts: a pushed three pair leaves the losses.
    losing = 1 - sum((counts.probability(name) for name in paytable.odds), Fraction(0)) - pushed
    edge = fortune_edge(paytable, counts)
    second += losing
    return {
        "game": "pai_gow",
        "wager": FORTUNE_BONUS,
        "decks": 1,
        "paytable": paytable_name,
        "house_edge": float(edge),
        "house_edge_exact": str(edge),
        "std_dev": sqrt(float(second - edge * edge)),
        "lines": lines,
        "losing_probability": float(losing),
        "hands": counts.total,
        "non_pa": [f"{paytable_name}: {PLACEHOLDER}"],
    }


def envy_report(table_name: str) -> dict[str, Any]:
    """The Envy bonus paid for one other player's hand, per qualifying player (exact)."""
    from tablegames.paigow.analysis import envy_per_player, fortune_class_counts
    from tablegames.paigow.fortune import ENVY_TABLES

    if table_name not in ENVY_TABLES:
        raise TableGamesError(f"Envy table {table_name!r} is unknown: choose {sorted(ENVY_TABLES)}")
    amounts = ENVY_TABLES[table_name]
    counts = fortune_class_counts()
    paid = envy_per_player(amounts, counts)
    return {
        "game": "pai_gow",
        "wager": ENVY,
        "paytable": table_name,
        "envy_per_other_player_dollars": float(paid),
        "envy_per_other_player_exact": str(paid),
        "lines": [
            {"line": name, "probability": float(counts.probability(name)), "pays_dollars": amount}
            for name, amount in amounts.items()
        ],
        "non_pa": [f"{table_name}: {PLACEHOLDER}"],
    }


# anchors.md 4, PUB: sonofdave.com "Commission Free Pai Gow Poker" (Wizard of Odds' format),
# Trump Plaza house way: the Tiger 9 probability and its house edge at 30 to 1.
PUBLISHED_TIGER_9 = {
    "probability": 0.025007,
    "house_edge_at_30_to_1": 0.22478,
    "source": "https://sonofdave.com/games/commission-free-pai-gow-poker/ (Trump Plaza way)",
}


def tiger_9_report(preset: str | None = None, rules_path: Path | None = None) -> dict[str, Any]:
    """The Tiger 9 wager's exact edge (645c.1(c)(2)): it wins `tiger_9_odds` to 1 when the
    dealer's low hand is nine-high, over every seven-card hand set by the filed house way."""
    from tablegames.paigow.analysis_house_way import WAYS, tiger_9_counts
    from tablegames.paigow.ranking import DEFAULT_RANKING
    from tablegames.paigow.rules import load_pai_gow_rules

    rules = load_pai_gow_rules(preset, rules_path)
    if rules.house_way not in WAYS:
        raise TableGamesError(
            f"edge tiger_9: house way {rules.house_way!r} has no kernel: the exact walk sets "
            f"hands by {' or '.join(WAYS)}"
        )
    if rules.ranking != DEFAULT_RANKING:
        raise TableGamesError(
            "edge tiger_9: the exact walk ranks hands by the default rankings (A-2-3-4-5 "
            "second-highest, the joker in an ace flush the highest missing rank)"
        )
    odds = rules.tiger_9_odds
    counts = tiger_9_counts(rules.house_way)
    chance = counts.probability
    edge = counts.edge(odds)
    second = chance * odds * odds + (1 - chance)
    return {
        "game": "pai_gow",
        "wager": TIGER_9,
        "decks": 1,
        "house_way": rules.house_way,
        "odds": odds,
        "house_edge": float(edge),
        "house_edge_exact": str(edge),
        "std_dev": sqrt(float(second - edge * edge)),
        "lines": [
            {
                "outcome": "dealer's low hand nine-high",
                "line": TIGER_9,
                "probability": float(chance),
                "probability_exact": str(chance),
                "pays": f"{odds} to 1",
                "contribution": float(-chance * odds),
            }
        ],
        "losing_probability": float(1 - chance),
        "hands": counts.total,
        "tiger_9_hands": counts.tiger_9,
        "published": PUBLISHED_TIGER_9,
        "notes": [
            f"dealer Tiger 9: {counts.tiger_9:,} of {counts.total:,} hands ({chance}), "
            f"{float(chance) * 100:.6f}%; published {PUBLISHED_TIGER_9['probability']} "
            "(Trump Plaza way; the difference is discussed in docs/paigow.md)"
        ],
        "non_pa": [
            f"tiger_9_odds {odds} to 1: a placeholder (Golden Nugget 2013), not 58 Pa. Code "
            "645c.1 text",
            f"house way {rules.house_way}: a Rules Submission choice, not 645a.11 text",
        ],
    }


# `edge pai_gow`: the main wager over every (player, dealer) pair is 8.25e15 deals; it is
# estimated instead from this many deals at a fixed seed (`paigow.sim`, the numba house way),
# so the same rules always give the same figure, reported with its standard error.
EDGE_DEALS = 2_000_000
EDGE_SEED = 0


def main_wager_report(preset: str | None = None, rules_path: Path | None = None) -> dict[str, Any]:
    """The main wager's house edge (commission included) and its win / push / lose shares,
    by simulation (the side wagers' report shape, with `method` and standard errors)."""
    from tablegames.core.simulation import default_workers
    from tablegames.paigow.rules import load_pai_gow_rules
    from tablegames.paigow.sim import STAKE, simulate

    rules = load_pai_gow_rules(preset, rules_path)
    run = simulate(rules, rounds=EDGE_DEALS, seed=EDGE_SEED, workers=default_workers())
    main = run.report()["wagers"]["pai_gow"]
    win, push = main["lines"]["win"], main["lines"]["push"]
    won = STAKE - (run.totals.commission // run.totals.win if run.totals.win else 0)
    pays = "1 to 1" if rules.commission_free else f"1 to 1 less {rules.commission_percent}%"
    return {
        "game": "pai_gow",
        "wager": MAIN,
        "decks": 1,
        "house_way": rules.house_way,
        "method": f"simulation: {EDGE_DEALS:,} deals at seed {EDGE_SEED}, the house way "
        "against itself (tablegames simulate --game pai_gow)",
        "house_edge": main["house_edge"],
        "standard_error": main["standard_error"],
        "std_dev": main["std_dev"],
        "lines": [
            {
                "outcome": "both hands win",
                "line": "win",
                "probability": win,
                "pays": pays,
                "contribution": -win * won / STAKE,
                "standard_error": main["line_standard_errors"]["win"],
            },
            {
                "outcome": "one hand wins",
                "line": "push",
                "probability": push,
                "pays": "push",
                "contribution": 0.0,
                "standard_error": main["line_standard_errors"]["push"],
            },
        ],
        "losing_probability": main["lines"]["lose"],
        "non_pa": [f"house way {rules.house_way}: a Rules Submission choice, not 645a.11 text"],
    }


def _print(report: dict[str, Any], request: EdgeRequest) -> int:
    from tablegames.reports.edge_output import write_edge

    write_edge(report, as_json=request.as_json, as_csv=request.as_csv)
    return 0


def edge(wager: str, request: EdgeRequest) -> int:
    """`tablegames edge fortune_bonus|envy [--paytable NAME] [--json | --csv]`, `edge tiger_9`
    and `edge pai_gow` `[--preset NAME | --rules FILE] [--json | --csv]` (the main wager from a
    fixed-seed simulation with its standard errors)."""
    if wager in (MAIN, TIGER_9):
        refuse_options(
            wager,
            [name for name in request.used() if name != "--preset"],
            "it depends on the house way's settings and the filed rules alone "
            "(--preset NAME or --rules FILE)",
        )
    if wager == MAIN:
        return _print(main_wager_report(request.preset, request.rules), request)
    if wager == TIGER_9:
        return _print(tiger_9_report(request.preset, request.rules), request)
    refuse_options(
        wager,
        [name for name in request.used() if name != "--paytable"],
        "a Pai Gow Poker optional wager depends on the player's seven cards and its paytable alone",
    )
    if request.rules is not None:
        raise TableGamesError(f"--rules does not apply to {wager}: choose its --paytable")
    if wager == ENVY:
        report = envy_report(request.paytable or DEFAULT_ENVY)
        if request.as_csv:
            raise TableGamesError("edge envy has no CSV form: use --json")
        if request.as_json:
            sys.stdout.write(json.dumps(report, indent=2) + "\n")
        else:
            sys.stdout.write(
                f"envy ({report['paytable']}): ${report['envy_per_other_player_dollars']:.7f} "
                f"paid per other player's hand (exact {report['envy_per_other_player_exact']})\n"
                f"non-PA {report['non_pa'][0]}\n"
            )
        return 0
    return _print(fortune_report(request.paytable or DEFAULT_FORTUNE), request)


def simulate(request: SimulateRequest) -> None:
    """`tablegames simulate --game pai_gow`: the main wager, the house way against itself
    (`paigow.sim`); the options were checked by the command."""
    from tablegames.core.simulation import check_workers, default_workers, plan
    from tablegames.paigow.rules import load_pai_gow_rules
    from tablegames.paigow.sim import UNIT_DEALS
    from tablegames.paigow.sim import simulate as run_deals

    rounds, seed, workers, scheduler = (
        request.rounds,
        request.seed,
        request.workers,
        request.scheduler,
    )
    if scheduler is not None and workers is not None:
        raise TableGamesError("--workers is for local processes; leave it out with --scheduler")
    house = load_pai_gow_rules(request.preset, request.rules)
    count = check_workers(default_workers() if workers is None else workers)
    plan(rounds, unit_size=UNIT_DEALS, seed=seed)  # bad --rounds or --seed, before any work
    from tablegames.ui.progress import progress_bar

    progress, finish = progress_bar(rounds, quiet=request.as_json or not sys.stderr.isatty())
    try:
        result = run_deals(
            house, rounds=rounds, seed=seed, workers=count, scheduler=scheduler, progress=progress
        )
    finally:
        finish()
    report = result.report()
    if request.as_json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
        return
    main = report["wagers"]["pai_gow"]
    out = sys.stdout.write
    kind = (
        "commission-free (645c.1)"
        if house.commission_free
        else (f"{house.commission_percent}% commission")
    )
    out(
        f"Pai Gow Poker main wager, {kind}, house way {house.house_way} against itself, "
        f"{report['rounds']:,} deals (seed {report['seed']}): house edge "
        f"{100 * main['house_edge']:.4f}% +- {100 * main['standard_error']:.4f}% "
        f"(one standard error), standard deviation {main['std_dev']:.4f} per deal\n"
    )
    for name in ("win", "push", "lose"):
        out(
            f"  {name:>4}  {100 * main['lines'][name]:.4f}% "
            f"+- {100 * main['line_standard_errors'][name]:.4f}%\n"
        )
    out(
        f"dealer Tiger 9 low hands {100 * report['dealer_tiger_9']:.4f}% "
        f"+- {100 * report['dealer_tiger_9_standard_error']:.4f}%\n"
    )
    tiger = report["wagers"].get("tiger_9")
    if tiger is not None:
        out(
            f"tiger_9 ({tiger['odds']}): house edge {100 * tiger['house_edge']:.4f}% "
            f"+- {100 * tiger['standard_error']:.4f}%\n"
        )
    out(
        f"{report['rounds_per_second']:,} deals/s ({report['rounds_per_second_per_core']:,} "
        "per core)\n"
    )
