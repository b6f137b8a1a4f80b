"""Time of every shipped Pai Gow Poker house way, of the house-way kernel, and of the exact walks.

Run: `PYTHONPATH=src .venv/bin/python benchmarks/bench_paigow_house_way.py [--hands N] [--all]
[--classes [--limit N] [--workers W]]`.

By default each pure-Python way sets a random sample of N hands (default 20,000), checks every
setting legal and holding the hand's seven cards, and prints the time per hand and the
projected time for all 154,143,080 hands and for the 6,972,147 suit classes; the numba kernel
(`paigow.analysis_house_way`, Trump Plaza and Claridge) sets the same sample. The Fortune walk
classifies all 154,143,080 hands (numba) and checks the total.

`--all` sets every one of the 154,143,080 hands with the kernel, by Trump Plaza and by Claridge
(no suit symmetry: each hand really set, its high key computed), prints hands/s and the elapsed
time, and checks: every hand counted, no foul, and the Tiger 9s equal to the count of the
nine-only symmetric walk that `tablegames edge tiger_9` uses.

`--classes` checks the kernel against the pure-Python Trump Plaza way on one hand of every suit
class (6,972,147 classes: the hands whose suits' rank masks do not increase from spades to
clubs), each weighted by its class size (the weights must sum to 154,143,080). The Python way
takes ~200 us a hand: about 25 min of CPU, shared by `--workers` processes (`--limit N` checks
the first N classes). Exits 1 if a setting is illegal, a count is wrong or a hand differs.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import numba
import numpy as np
import numpy.typing as npt

from tablegames.paigow.analysis import TOTAL_HANDS, fortune_class_counts
from tablegames.paigow.analysis_house_way import (
    WAYS,
    IntArray,
    set_many,
    tiger_9_counts,
    walk_all,
)
from tablegames.paigow.cards import card_from_index, card_index, deck
from tablegames.paigow.house_way import HOUSE_WAYS

SUIT_CLASSES = 6_972_147  # paigow/anchors.md 1


def sample(args: argparse.Namespace) -> int:
    cards = deck()
    rng = random.Random(645)
    hands = [rng.sample(cards, 7) for _ in range(args.hands)]
    failures = 0
    for name, way in HOUSE_WAYS.items():
        start = time.perf_counter()
        for hand in hands:
            setting = way.set(hand)
            if setting.high_key < setting.low_key:
                failures += 1
        elapsed = time.perf_counter() - start
        per = elapsed / len(hands)
        print(
            f"{name:14s} {len(hands):>11,} hands {elapsed:8.2f} s  {per * 1e6:7.1f} us/hand  "
            f"all hands ~{per * TOTAL_HANDS / 3600:6.2f} h  "
            f"suit classes ~{per * SUIT_CLASSES / 60:6.1f} min"
        )
    indices = np.array([[card_index(card) for card in hand] for hand in hands], dtype=np.int64)
    for name in WAYS:
        set_many(indices[:1], name)  # compiled (or loaded from numba's cache) before timing
        start = time.perf_counter()
        rows = set_many(indices, name)
        elapsed = time.perf_counter() - start
        failures += int((rows[:, 2] < rows[:, 3]).sum())
        print(
            f"{name + ' (numba)':22s} {len(hands):>11,} hands {elapsed:8.3f} s  "
            f"{elapsed / len(hands) * 1e9:7.0f} ns/hand (one thread, keys included)"
        )
    start = time.perf_counter()
    counts = fortune_class_counts()
    elapsed = time.perf_counter() - start
    print(f"fortune walk   {counts.total:>11,} hands {elapsed:8.2f} s (numba, JIT cached)")
    if counts.total != TOTAL_HANDS:
        failures += 1
    return failures


def every_hand() -> int:
    failures = 0
    for name in WAYS:
        walk_all(name, symmetric=True)  # compiled (or loaded from numba's cache) first
        start = time.perf_counter()
        tallies = walk_all(name)
        elapsed = time.perf_counter() - start
        print(
            f"{name:12s} set {tallies.hands_set:,} hands in {elapsed:.2f} s: "
            f"{tallies.hands_set / elapsed:,.0f} hands/s on {numba.get_num_threads()} threads; "
            f"fouls {tallies.fouls}, Tiger 9s {tallies.tiger_9:,}; high hands by category "
            f"{list(tallies.high_categories)}"
        )
        expected = tiger_9_counts(name).tiger_9
        if tallies.hands_set != TOTAL_HANDS or tallies.fouls or tallies.tiger_9 != expected:
            print(f"FAILED: {name}: the full walk disagrees (Tiger 9s {expected:,} expected)")
            failures += 1
    return failures


@numba.njit(cache=True)
def _suit_classes() -> tuple[npt.NDArray[np.int8], IntArray]:
    """One hand of every suit class (sorted card indices) and its class size: the hands whose
    suits' rank masks (spades, hearts, diamonds, clubs) do not increase, each standing for the
    4! / (the product of the factorials of equal masks' multiplicities) suit permutations."""
    hands = np.zeros((SUIT_CLASSES, 7), dtype=np.int8)
    weights = np.zeros(SUIT_CLASSES, dtype=np.int64)
    masks = np.zeros(4, dtype=np.int64)
    hand = np.zeros(7, dtype=np.int64)
    found = 0
    for c0 in range(47):
        for c1 in range(c0 + 1, 48):
            for c2 in range(c1 + 1, 49):
                for c3 in range(c2 + 1, 50):
                    for c4 in range(c3 + 1, 51):
                        for c5 in range(c4 + 1, 52):
                            for c6 in range(c5 + 1, 53):
                                hand[0] = c0
                                hand[1] = c1
                                hand[2] = c2
                                hand[3] = c3
                                hand[4] = c4
                                hand[5] = c5
                                hand[6] = c6
                                masks[:] = 0
                                for card in hand:
                                    if card < 52:
                                        masks[card & 3] |= 1 << (card >> 2)
                                if masks[0] < masks[1] or masks[1] < masks[2]:
                                    continue
                                if masks[2] < masks[3]:
                                    continue
                                weight = 24
                                run = 1
                                for suit in range(1, 4):
                                    run = run + 1 if masks[suit] == masks[suit - 1] else 1
                                    weight //= run
                                if found < SUIT_CLASSES:
                                    hands[found] = hand
                                    weights[found] = weight
                                found += 1
    if found != SUIT_CLASSES:
        weights[0] = -found  # reported by the caller
    return hands, weights


# Each worker process builds the classes itself (3 s) rather than receiving 7 M hands.
_WORKER_HANDS: list[npt.NDArray[np.int8]] = []


def _start_worker() -> None:
    _WORKER_HANDS.append(_suit_classes()[0])


def _python_fronts(span: tuple[int, int]) -> list[tuple[int, int, int, int]]:
    way = HOUSE_WAYS["trump_plaza"]
    found = []
    for indices in _WORKER_HANDS[0][span[0] : span[1]].tolist():
        cards = [card_from_index(index) for index in indices]
        setting = way.set(cards)
        low = sorted(card_index(card) for card in setting.low)
        found.append((low[0], low[1], setting.high_key, setting.low_key))
    return found


def classes(args: argparse.Namespace) -> int:
    start = time.perf_counter()
    hands, weights = _suit_classes()
    if weights[0] < 0 or int(weights.sum()) != TOTAL_HANDS:
        print(f"FAILED: suit classes {-int(weights[0]):,}, weights {int(weights.sum()):,}")
        return 1
    print(
        f"{len(hands):,} suit classes, weights summing to {int(weights.sum()):,} "
        f"({time.perf_counter() - start:.1f} s)"
    )
    rows = set_many(hands, "trump_plaza")
    tigers = int(weights[(rows[:, 3] >> 20 == 0) & ((rows[:, 3] >> 16) & 15 == 9)].sum())
    print(f"Tiger 9s by the classes, weighted: {tigers:,}")
    failures = int(tigers != tiger_9_counts("trump_plaza").tiger_9)
    limit = min(args.limit or len(hands), len(hands))
    chunk = 20_000
    jobs = [(at, min(at + chunk, limit)) for at in range(0, limit, chunk)]
    start = time.perf_counter()
    differ = 0
    done = 0
    with ProcessPoolExecutor(max_workers=args.workers, initializer=_start_worker) as pool:
        for number, found in enumerate(pool.map(_python_fronts, jobs)):
            at = number * chunk
            for offset, (low_a, low_b, high, low) in enumerate(found):
                row = rows[at + offset]
                kernel = sorted((int(hands[at + offset, row[0]]), int(hands[at + offset, row[1]])))
                if kernel != [low_a, low_b] or (int(row[2]), int(row[3])) != (high, low):
                    differ += 1
                    if differ <= 10:
                        shown = " ".join(str(card_from_index(int(c))) for c in hands[at + offset])
                        print(f"DIFFERS: {shown}")
            done += len(found)
            if number % 25 == 0:
                print(f"  {done:,} classes checked, {time.perf_counter() - start:.0f} s")
    print(
        f"{done:,} suit classes set by the Python Trump Plaza way and the kernel: {differ} "
        f"differ ({time.perf_counter() - start:.0f} s on {args.workers} processes)"
    )
    return failures + differ


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--all", action="store_true", help="set all 154,143,080 hands (numba)")
    parser.add_argument("--classes", action="store_true", help="kernel = Python on every class")
    parser.add_argument("--limit", type=int, default=0, help="--classes: the first N classes")
    parser.add_argument("--workers", type=int, default=2, help="--classes: Python processes")
    args = parser.parse_args()
    if args.all:
        failures = every_hand()
    elif args.classes:
        failures = classes(args)
    else:
        failures = sample(args)
    if failures:
        print(f"FAILED: {failures} illegal settings, wrong counts or differing hands")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
