"""Time of `edge_report` for every side wager, from six and eight decks.

Run: `.venv/bin/python benchmarks/bench_side_wagers.py` (add `--decks 1 2` for other shoes).
"cold" clears every cached enumeration first, as a fresh `tablegames edge WAGER` process would
start; "warm" is a second call with the dealer's and player's hands already enumerated. Both
compute every probability exactly, with fractions.

Bad Beat runs the main game's analysis first (`tablegames edge blackjack`'s, timed by
bench_exact.py); "bad_beat, own work" is the rest, cold: the player's final 20s and the lines.
"""

from __future__ import annotations

import argparse
import time

from tablegames.blackjack.analysis.compositions import Composition
from tablegames.blackjack.analysis.game import analyse
from tablegames.blackjack.analysis.side_wagers import (
    WAGERS,
    bad_beat_lines,
    clear_caches,
    edge_report,
    twenties_of,
)
from tablegames.blackjack.rules import Rules


def timed(wager: str, decks: int, rules: Rules) -> tuple[float, float]:
    """(seconds, house edge) of one `edge_report` call."""
    start = time.perf_counter()
    report = edge_report(wager, decks=decks, paytable=None, rules=rules)
    return time.perf_counter() - start, float(report["house_edge"])


def bad_beat_own_work(decks: int, rules: Rules) -> float:
    """Seconds of Bad Beat after the main game's analysis, cold: the player's 20s and the lines
    (the wager as Rules() offers it: no optional line, no bonus)."""
    clear_caches()
    analysed = rules.replace(decks=decks)
    game = analyse(analysed)
    start = time.perf_counter()
    bad_beat_lines(
        Composition.full(decks).points(),
        twenties_of(game),
        hits_soft_17=analysed.dealer_hits_soft_17,
        player_has_20=False,
        dealer_peeks=analysed.dealer_peeks,
    )
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--decks", type=int, nargs="+", default=[6, 8])
    args = parser.parse_args()
    rules = Rules()
    print(f"{'wager':<18} {'decks':>5} {'cold s':>8} {'warm s':>8} {'house edge':>11}")
    for decks in args.decks:
        for wager in WAGERS:
            clear_caches()
            cold, edge = timed(wager, decks, rules)
            warm, _ = timed(wager, decks, rules)
            print(f"{wager:<18} {decks:>5} {cold:>8.3f} {warm:>8.3f} {edge:>11.4%}")
        own = bad_beat_own_work(decks, rules)
        print(f"{'bad_beat, own work':<18} {decks:>5} {own:>8.3f}")


if __name__ == "__main__":
    main()
