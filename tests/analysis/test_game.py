"""The exact main-game analysis against published figures and independent derivations."""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from tablegames.blackjack.analysis.basic_strategy import basic_chart
from tablegames.blackjack.analysis.dealer_draws import dealer_outcomes as exact_dealer_outcomes
from tablegames.blackjack.analysis.dealer_hands import (
    BATCH,
    BLACKJACK,
    BUST,
    dealer_hands,
    dealer_outcomes,
    dealer_probabilities,
    shoe_counts,
)
from tablegames.blackjack.analysis.game import analyse, hand_table_values
from tablegames.blackjack.analysis.game_reference import reference_hand_values
from tablegames.blackjack.analysis.hands import build_hand_table
from tablegames.blackjack.rules import Rules
from tablegames.cli import app
from tablegames.reports.blackjack_text import chart_rows, edge_blackjack

# The common Pennsylvania house practice: split to four hands, aces split once, one card each.
COMMON: dict[str, Any] = {"resplit_aces": False, "hit_split_aces": False}


def test_pa_base_six_decks_cdz_house_edge_0_330268_percent() -> None:
    # Reference value quoted in the issue for PA base rules (S17, DAS, late surrender, split to
    # four hands, aces split once with one card each, 3:2) from six decks, CDZ- play.
    result = analyse(Rules(decks=6, **COMMON))
    assert result.house_edge * 100 == pytest.approx(0.330268, abs=0.000005)


def test_numba_kernel_agrees_with_its_slow_twin() -> None:
    rules = Rules(decks=1, max_hands=2, **COMMON)
    table = build_hand_table(rules, shoe_counts(1))
    fast = hand_table_values(rules, table, np.full((len(table.hard), 10), -1))
    values, squares = reference_hand_values(rules, table)
    np.testing.assert_allclose(fast.values, values, rtol=0, atol=1e-12)
    np.testing.assert_allclose(fast.squares, squares, rtol=0, atol=1e-12)


def _brute_force_house_edge(decks: int) -> float:
    """An independent exhaustive evaluation for a game without splitting
    and without surrender: CDZ play (stand, hit, or double on two cards), dealer stands on
    soft 17, checks for Blackjack, Blackjack pays 3 to 2. Written from the rules, sharing no
    code with the engine: the dealer's draws are a plain recursion."""
    full = tuple(int(x) for x in shoe_counts(decks))

    def points(cards: tuple[int, ...]) -> int:
        hard = sum(count * (rank + 1) for rank, count in enumerate(cards))
        return hard + 10 if cards[0] and hard + 10 <= 21 else hard

    @cache
    def dealer(shoe: tuple[int, ...], hand: tuple[int, ...]) -> tuple[float, ...]:
        """P(final total 17..21, bust) for the dealer drawing from `shoe` with `hand`."""
        total = points(hand)
        if total >= 17:
            out = [0.0] * 6
            out[5 if total > 21 else total - 17] = 1.0
            return tuple(out)
        n = sum(shoe)
        out = [0.0] * 6
        for rank in range(10):
            if shoe[rank]:
                p = (shoe[rank]) / (n)
                rest = list(shoe)
                rest[rank] -= 1
                grown = list(hand)
                grown[rank] += 1
                for k, q in enumerate(dealer(tuple(rest), tuple(grown))):
                    out[k] += p * q
        return tuple(out)

    def stand_value(total: int, shoe: tuple[int, ...], up: int) -> float:
        # The dealer's hole card is not a Blackjack card (the check came first).
        n = sum(shoe)
        value = 0.0
        for hole in range(10):
            if not shoe[hole] or (up == 0 and hole == 9) or (up == 9 and hole == 0):
                continue
            weight = float(shoe[hole])
            rest = list(shoe)
            rest[hole] -= 1
            hand = [0] * 10
            hand[up] += 1
            hand[hole] += 1
            outcome = dealer(tuple(rest), tuple(hand))
            value += weight * (
                outcome[5]
                + sum(
                    (1 if total > 17 + k else -1 if total < 17 + k else 0) * outcome[k]
                    for k in range(5)
                )
            )
        blackjack = shoe[9] if up == 0 else shoe[0] if up == 9 else 0
        return value / (n - blackjack)

    @cache
    def best(hand: tuple[int, ...], shoe: tuple[int, ...], up: int, first: bool) -> float:
        total = points(hand)
        if total > 21:
            return -1.0
        stand = stand_value(total, shoe, up)
        if total == 21:
            return stand
        hit = 0.0
        double = 0.0
        for rank in range(10):
            if shoe[rank] == 0:
                continue
            rest = list(shoe)
            rest[rank] -= 1
            grown = list(hand)
            grown[rank] += 1
            # P(next card = rank | hole card is not a Blackjack card) by exchangeability.
            p = _next_card(shoe, rank, up)
            hit += p * best(tuple(grown), tuple(rest), up, False)
            new_total = points(tuple(grown))
            double += p * (2 * stand_value(new_total, tuple(rest), up) if new_total <= 21 else -2)
        options = [stand, hit] + ([double] if first else [])
        return max(options)

    def _next_card(shoe: tuple[int, ...], rank: int, up: int) -> float:
        bj = 9 if up == 0 else 0 if up == 9 else -1
        n = sum(shoe)
        if bj < 0:
            return (shoe[rank]) / (n)
        # The hole card is some card other than `bj`; average over it.
        holes = n - shoe[bj]
        total = 0.0
        for hole in range(10):
            if hole == bj or not shoe[hole]:
                continue
            left = shoe[rank] - (hole == rank)
            total += (shoe[hole]) / (holes) * (left) / (n - 1)
        return total

    total_ev = 0.0
    n = sum(full)
    for up in range(10):
        p_up = (full[up]) / (n)
        after_up = list(full)
        after_up[up] -= 1
        n1 = n - 1
        ev_up = 0.0
        for a in range(10):
            for b in range(10):
                left = after_up[b] - (a == b)
                if not after_up[a] or left <= 0:
                    continue
                p = (after_up[a]) / (n1) * (left) / (n1 - 1)
                rest = list(after_up)
                rest[a] -= 1
                rest[b] -= 1
                hand = [0] * 10
                hand[a] += 1
                hand[b] += 1
                blackjack_card = 9 if up == 0 else 0 if up == 9 else -1
                p_dealer_bj = rest[blackjack_card] / sum(rest) if blackjack_card >= 0 else 0.0
                natural = {a, b} == {0, 9}
                if natural:
                    value = (1 - p_dealer_bj) * 1.5
                else:
                    played = best(tuple(hand), tuple(rest), up, True)
                    value = p_dealer_bj * -1 + (1 - p_dealer_bj) * played
                ev_up += p * value
        total_ev += p_up * ev_up
    return -total_ev


def test_one_deck_no_split_agrees_with_an_independent_exact_enumeration() -> None:
    rules = Rules(decks=1, max_hands=1, late_surrender=False, **COMMON)
    expected = _brute_force_house_edge(1)
    assert analyse(rules).house_edge == pytest.approx(expected, abs=1e-12)


def test_dealer_probabilities_match_a_plain_recursion() -> None:
    shoe = shoe_counts(1)
    table = dealer_probabilities(dealer_hands(hits_soft_17=False), shoe)
    # Up card 6 from one deck: the chance of busting by plain recursion over the draws.

    def bust(counts: list[int], hard: int, aces: int) -> float:
        soft_total = hard + 10 if aces and hard + 10 <= 21 else hard
        if soft_total >= 17:
            return 1.0 if soft_total > 21 else 0.0
        n = sum(counts)
        chance = 0.0
        for rank in range(10):
            if counts[rank]:
                p = counts[rank] / n
                counts[rank] -= 1
                chance += p * bust(counts, hard + rank + 1, aces + (rank == 0))
                counts[rank] += 1
        return chance

    counts = [int(x) for x in shoe]
    counts[5] -= 1
    assert table[5, 5] == pytest.approx(bust(counts, 6, 0), abs=1e-12)


def test_batched_dealer_kernel_matches_exact_fractions_shoe_by_shoe() -> None:
    # The kernel walks its trie for BATCH shoes at once; more shoes than one batch (the last
    # padded) from one deck, some with a rank used up, each checked against the independent
    # enumeration of dealer_draws in exact fractions.
    table = build_hand_table(Rules(decks=1, **COMMON), shoe_counts(1))
    shoes = np.unique(table.shoe - table.removal, axis=0)
    rng = np.random.default_rng(633)
    chosen = shoes[rng.choice(len(shoes), BATCH + 14, replace=False)]
    chosen[0] = shoe_counts(1) - np.array([4, 0, 0, 0, 0, 0, 0, 0, 0, 0])  # no aces left
    kernel = dealer_outcomes(chosen, *dealer_hands(hits_soft_17=False).compiled)
    for number, shoe in enumerate(chosen):
        up = number % 10
        if shoe[up] == 0:
            up = 9
        rest = tuple(int(count) - (rank == up) for rank, count in enumerate(shoe))
        expected = np.zeros(7)
        for hand, chance in exact_dealer_outcomes(rest, hits_soft_17=False, up=up + 1).items():
            column = BLACKJACK if hand.blackjack else (BUST if hand.total > 21 else hand.total - 17)
            expected[column] += float(chance)
        np.testing.assert_allclose(kernel[number, up, :7], expected, rtol=0, atol=1e-13)


# Figures of the analysis before its dealer kernel was batched (commit 84f2629, one shoe at a
# time): the faster kernels and passes must give the same values to 1e-9. The sums run over
# every hand the table values (a checksum of each per-hand value), weighted to catch a swap.
PINNED = {
    "pa6": (
        Rules(decks=6, **COMMON),
        "cdz",
        (-0.003302680373375045, 1.3008326998448663),
        (-763508.4064365525, -3054979.5788079826, 2400119.102801418),
        (-7.775895152173044, 435.9662376937079),
    ),
    "pa6-text": (
        Rules(decks=6),
        "cdz",
        (-0.0008403814472148427, 1.3083195806807255),
        (-935151.1326218385, -3739130.478044647, 2951283.095285182),
        (-3.384517317709711, 452.82884082799717),
    ),
    "2-decks-h17-basic": (
        Rules(decks=2, dealer_hits_soft_17=True),
        "basic",
        (-0.0011096103028676394, 1.323940204445654),
        (-827236.4433135246, -3305266.549562961, 2555536.4240754982),
        (-2.9825538419945326, 456.7814827563109),
    ),
}
PA6_BY_UP_CARD = [
    -0.34101749493718103,
    0.09267505836524365,
    0.12631610404510968,
    0.1627978381639388,
    0.20325999191594568,
    0.23575407662754566,
    0.1446010268716457,
    0.057572421366619185,
    -0.04086708935365631,
    -0.1710066944797715,
]


@pytest.mark.parametrize("name", sorted(PINNED))
def test_values_unchanged_from_the_one_shoe_at_a_time_analysis(name: str) -> None:
    rules, strategy, (overall, second), (values, weighted, squares), (split, split_sq) = PINNED[
        name
    ]
    result = analyse(rules, "basic" if strategy == "basic" else "cdz")
    assert result.overall == pytest.approx(overall, abs=1e-12)
    assert result.second_moment == pytest.approx(second, abs=1e-12)
    weights = (1 + np.arange(len(result.values.values)) % 7)[:, None, None]
    # About 1.3 million values each: 1e-6 over the sum is well under 1e-9 a value.
    assert float(result.values.values.sum()) == pytest.approx(values, abs=1e-6)
    assert float((result.values.values * weights).sum()) == pytest.approx(weighted, abs=1e-6)
    assert float(result.values.squares.sum()) == pytest.approx(squares, abs=1e-6)
    assert float(result.split.sum()) == pytest.approx(split, abs=1e-9)
    assert float(result.split_square.sum()) == pytest.approx(split_sq, abs=1e-9)
    if name == "pa6":
        np.testing.assert_allclose(result.by_up_card, PA6_BY_UP_CARD, rtol=0, atol=1e-12)


def test_board_rule_effects_of_the_2012_rulemaking() -> None:
    # 42 Pa.B. 2922 (seed 000): H17 +0.22%, no surrender +0.08%, 6:5 +1.39% over PA rules.
    base = analyse(Rules(decks=8, **COMMON)).house_edge
    h17 = analyse(Rules(decks=8, dealer_hits_soft_17=True, **COMMON)).house_edge
    no_surrender = analyse(Rules(decks=8, late_surrender=False, **COMMON)).house_edge
    six_five = analyse(Rules(decks=8, blackjack_pays="6:5", **COMMON)).house_edge
    assert (h17 - base) * 100 == pytest.approx(0.22, abs=0.03)
    assert (no_surrender - base) * 100 == pytest.approx(0.08, abs=0.01)
    assert (six_five - base) * 100 == pytest.approx(1.39, abs=0.05)


def test_board_range_reproduced_by_eight_decks_common_rules() -> None:
    # The Board's 0.355%-0.371% for basic strategy: eight decks, PA rules as dealt (aces split
    # once, one card each) give 0.355% for both CDZ- and total-dependent basic strategy.
    rules = Rules(decks=8, **COMMON)
    assert analyse(rules).house_edge * 100 == pytest.approx(0.3548, abs=0.0005)
    assert analyse(rules, "basic").house_edge * 100 == pytest.approx(0.3557, abs=0.0005)


# A published multi-deck chart (S17, DAS, late surrender), as printed in basic-strategy charts
# for 4-8 decks (e.g. Wizard of Odds): H hit, S stand, Dh double else hit, Ds double else
# stand, R surrender; up cards 2-9, T, A.
PUBLISHED = {
    ("hard", "9"): "H Dh Dh Dh Dh H H H H H",
    ("hard", "10"): "Dh Dh Dh Dh Dh Dh Dh Dh H H",
    ("hard", "11"): "Dh Dh Dh Dh Dh Dh Dh Dh Dh H",
    ("hard", "12"): "H H S S S H H H H H",
    ("hard", "15"): "S S S S S H H H R H",
    ("hard", "16"): "S S S S S H H R R R",
    ("soft", "A,2"): "H H H Dh Dh H H H H H",
    ("soft", "A,4"): "H H Dh Dh Dh H H H H H",
    ("soft", "A,6"): "H Dh Dh Dh Dh H H H H H",
    ("soft", "A,7"): "S Ds Ds Ds Ds S S H H H",
    ("pairs", "4,4"): "- - - P P - - - - -",
    ("pairs", "9,9"): "P P P P P - P P - -",
    ("pairs", "8,8"): "P P P P P P P P P P",
}


def test_basic_strategy_chart_matches_the_published_multi_deck_chart() -> None:
    chart = basic_chart(analyse(Rules(decks=6, **COMMON)))
    rows = {(row[0], row[1]): " ".join(row[2:]) for row in chart_rows(chart)[1:]}
    for key, expected in PUBLISHED.items():
        assert rows[key] == expected, key


def test_pa_text_as_written_is_a_figure_of_its_own() -> None:
    # Split aces may draw and be resplit (633a.11(c)): far better for the player.
    written = analyse(Rules(decks=6)).house_edge
    common = analyse(Rules(decks=6, **COMMON)).house_edge
    assert 0 < written < common - 0.002


def test_edge_blackjack_json_and_hands() -> None:
    report = edge_blackjack(Rules(decks=6, **COMMON), hands=True)
    assert report["strategy"] == "cdz"
    assert 1.0 < report["std_dev"] < 1.3
    hand = next(row for row in report["hands"] if row["hand"] == "6,T" and row["up"] == "T")
    assert hand["best"] == "surrender"
    assert hand["surrender"] == pytest.approx(-0.5)


def test_cli_edge_and_strategy(tmp_path: object) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["edge", "blackjack", "--json", "--set", "decks=8"])
    assert result.exit_code == 0, result.output
    assert '"house_edge"' in result.stdout
    from pathlib import Path

    folder = Path(str(tmp_path))
    result = runner.invoke(app, ["strategy", "--out", str(folder)])
    assert result.exit_code == 0, result.output
    assert (folder / "strategy.csv").read_text().startswith("section,hand,2,")
    assert (folder / "strategy.png").stat().st_size > 10_000
