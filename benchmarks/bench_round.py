"""Rounds per second of the reference engine, basic-strategy-like play, event logging on.

Run: `make bench` (or `.venv/bin/python benchmarks/bench_round.py --rounds 20000`).
One box per round, a six-deck shoe shuffled by a seeded generator, decisions by a compact
total-dependent strategy (hit to 17 against 7-A, to 12 against 2-6; double 10-11; split 8s and
aces; surrender 16 against 10). Every round keeps its full event log.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc

from tablegames.blackjack.actions import Action
from tablegames.blackjack.hand import card_points
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.table import Table
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.rng import SeededRandom


def choose(game: Round) -> Action:
    """A compact basic-strategy-like choice from the legal actions."""
    legal = game.legal_actions()
    turn = game.turn
    if turn is None:
        raise RuntimeError("no decision is pending")
    if turn.kind == "insurance":
        return Action.DECLINE
    hand = game.box(turn.box).hands[turn.hand]
    total, soft = hand.points
    up = card_points(game.up_card) if not game.up_card.is_ace else 11
    pair = len(hand.cards) == 2 and card_points(hand.cards[0]) == card_points(hand.cards[1])
    if pair and card_points(hand.cards[0]) in (1, 8) and Action.SPLIT in legal:
        return Action.SPLIT
    if total == 16 and up == 10 and not soft and Action.SURRENDER in legal:
        return Action.SURRENDER
    if total in (10, 11) and not soft and up < total and Action.DOUBLE in legal:
        return Action.DOUBLE
    threshold = 18 if soft else (17 if up >= 7 else 12)
    return Action.HIT if total < threshold and Action.HIT in legal else Action.STAND


def run(rounds: int, seed: int) -> tuple[float, int]:
    table = Table(Rules(), random=SeededRandom.from_seed(seed))
    wagers = [BoxWager(box=1, amount=2500)]
    events = 0
    start = time.perf_counter()
    for _ in range(rounds):
        game = table.deal(wagers)
        while not game.is_complete:
            game.act(choose(game))
        events += len(game.events)
    return time.perf_counter() - start, events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    run(500, args.seed)  # warm up
    elapsed, events = run(args.rounds, args.seed)
    tracemalloc.start()
    run(1_000, args.seed)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"{args.rounds} rounds in {elapsed:.2f} s: {args.rounds / elapsed:,.0f} rounds/s, "
        f"{events / args.rounds:.1f} events/round, peak traced memory for 1,000 rounds "
        f"{peak / 1e6:.1f} MB"
    )


if __name__ == "__main__":
    main()
