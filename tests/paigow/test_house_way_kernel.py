"""The numba house-way kernel against the Python Trump Plaza and Claridge ways, and the exact
dealer Tiger 9 it gives.

Agreement means the same setting: the same two low-hand cards (the same cards, not only the
same ranks: where the Python way leaves a choice between cards of equal rank open, the kernel
makes the same one for the same hand order) and the same high and low keys. The 10^5 random
hands are those of `test_house_way.py`'s legality test, which compares them too.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from tablegames.cli import app
from tablegames.core.cards import CardOrJoker
from tablegames.paigow.analysis_house_way import (
    HANDS_WITHOUT_NINE,
    TOTAL_HANDS,
    set_cards,
    set_indices,
    set_many,
    tiger_9_counts,
    walk_all,
)
from tablegames.paigow.cards import card_index, parse_hand
from tablegames.paigow.house_way import house_way
from tablegames.paigow.settle import is_tiger_9
from tests.paigow.test_house_way import CASES

# Hands chosen for the rules' corners, each with what it exercises.
EDGE_CASES = [
    "JK AS AD AH AC KS KD",  # five aces and kings (R1)
    "JK AS AD AH AC 9S 2D",  # five aces split (R1): which two of five go front
    "JK AS AD AH AC KS QS",  # five aces, no pair of kings
    "JK AS AD AH KC KS KD",  # four aces (with the joker) and trips (R2)
    "JK AS AD AH KC QC JC",  # quad aces split, the joker back makes a straight (R4)
    "AS AD AH AC JK KC QC",  # the same, the joker listed later
    "JK AS AD AH 2C 3C 4C",  # quad aces split, the joker back makes a wheel
    "8S 8D 8H 8C 5S 5D 5H",  # quads and trips (R2)
    "8S 8D 8H 8C 5S 5D KH",  # quads and a pair (R3)
    "8S 8D 8H 8C JK KS 2H",  # medium quads, the joker an ace single (R4)
    "QS QD QH QC JK 4D 2H",  # high quads, the joker an ace single (R4)
    "KS KD KH 5C 5S 5D 2H",  # trips twice (R5)
    "JK AS AD 5C 5S 5D 2H",  # trips twice, the higher aces with the joker (R5)
    "5S 5D 5H KC KS 9D 9H",  # full house and two pairs (R6)
    "9S 9D 9H 2C 2S JK KH",  # full house, twos, the joker as the ace (R7)
    "JK AS AD 2C 2S KD 7H",  # aces full of twos with a king (R7)
    "KS KD 9H 9C 4S 4D AH",  # three pair (R8)
    "JK AD 9H 9C 4S 4D 2H",  # three pair, the joker pairs the ace (R8)
    "3S 4S 5S 6S 7S 3D 4D",  # three pair and a straight flush: three pair rule (R8)
    "9S 9D 8H 8C TS JD 7H",  # two pair with a straight (R9)
    "JK AS 7S 7D 4S 2S 3H",  # two pair (aces with the joker) and a flush (R9)
    "5S 6D 7H 8C 9S 9D 9H",  # trips and a straight (R10)
    "JK 7S 7D 7H 4C 5S 6D",  # trips and a straight through the joker (R10)
    "JK AS AD 2C 3S 4D 9H",  # three aces (the joker) and a wheel (R10)
    "JK AS AD KC 9S 5D 2H",  # three aces with the joker (R11)
    "AS AD AH KC 9S 5D 2H",  # three natural aces (R11)
    "2S 3D 4H 5C 6S 7D 8H",  # seven-card straight (R12)
    "JK 3D 4H 5C 6S 7D 8H",  # seven-card straight through the joker
    "AS 2D 3H 4C 5S 6D 7H",  # seven-card straight with the wheel
    "AS 2D 3H 4C 5S KD QH",  # the wheel, second-highest (R12)
    "JK 2D 3H 4C 5S KD QH",  # a wheel or a six-high straight by the joker
    "JK KS QS JS TS 3H 3D",  # royal flush by the joker, pair front (R12)
    "JK AS KS QS JS 9S 2D",  # joker flush holding the suit's ace (R12)
    "JK 9S 8S 7S 6S 2D KH",  # straight flush by the joker
    "2S 3S 4S 5S 6S 7S 8S",  # seven-card straight flush
    "AS KS 9S 6S 2S 2D QH",  # pair and a flush, pair cannot go front (R12)
    "AS KS 9S 6S 3S 2D 2H",  # pair and a flush, pair front (R12)
    "2S 4H 5S 5H 6S 7S 8S",  # pair, a flush and a straight, neither with the pair front
    "4S 5D 6H 7C 8S 9D KH",  # six-card straight (R12)
    "AS KS QS JS TS 9S 8S",  # seven suited: royal or a lower straight flush
    "9S 8D 7H 5C 4S 3D 2H",  # nine-high, no pair: 8-7 front, no Tiger 9 (R14)
    "TS 9D 8H 5C 4S 3D 2H",  # ten-high: the Tiger 9 front 9-8 (R14)
    "JK 9D 7H 5C 4S 3D 2H",  # the joker high: 9-7 front
]


def _agree(cards: list[CardOrJoker], way: str) -> None:
    expected = house_way(way).set(cards)
    first, second = set_indices([card_index(card) for card in cards], way)
    low = {card_index(cards[first]), card_index(cards[second])}
    assert low == {card_index(card) for card in expected.low}, (way, str(expected))
    row = set_many(np.array([[card_index(card) for card in cards]]), way)[0]
    assert (int(row[2]), int(row[3])) == (expected.high_key, expected.low_key), (way, cards)


@pytest.mark.parametrize("way", ["trump_plaza", "claridge"])
def test_kernel_agrees_on_every_edge_case_in_three_orders(way: str) -> None:
    rng = random.Random(9)
    hands = [case[1] for case in CASES] + EDGE_CASES
    for text in hands:
        cards = parse_hand(text.split())
        for _ in range(3):  # the order decides between cards of equal rank: try several
            _agree(cards, way)
            rng.shuffle(cards)


def test_set_cards_splits_the_hand() -> None:
    cards = parse_hand(["AS", "KD", "9C", "9H", "5S", "4D", "2C"])
    high, low = set_cards(cards)
    assert [str(card) for card in low] == ["AS", "KD"]
    assert sorted(map(str, high)) == ["2C", "4D", "5S", "9C", "9H"]


def test_bad_hands_refused() -> None:
    with pytest.raises(ValueError, match="distinct"):
        set_indices([1, 1, 2, 3, 4, 5, 6])
    with pytest.raises(ValueError, match=r"0\.\.52"):
        set_many(np.array([[0, 1, 2, 3, 4, 5, 53]]))
    with pytest.raises(ValueError, match="kernel sets"):
        set_indices([0, 1, 2, 3, 4, 5, 6], "highest_high")


# anchors.md 4, PUB: sonofdave.com (Wizard of Odds' page format), "Commission Free Pai Gow
# Poker", Trump Plaza house way, semi-wild joker: Tiger 9 probability 0.025007, house edge
# 22.48% at 30 to 1. The exact walk gives 3,853,596 hands, 0.0250001: 1,060 hands (0.0007
# percentage points) fewer than the published figure, more than its rounding. docs/paigow.md
# ("Exact math") compares the low hands with Wizard's published Trump Plaza counts.
PUBLISHED_TIGER_9 = 0.025007


def test_exact_dealer_tiger_9_trump_plaza() -> None:
    counts = tiger_9_counts("trump_plaza")
    assert counts.tiger_9 == 3_853_596
    assert counts.probability == Fraction(963_399, 38_535_770)
    assert abs(float(counts.probability) - PUBLISHED_TIGER_9) < 1e-5
    assert counts.edge(30) == Fraction(8_670_401, 38_535_770)  # 22.4996% (published 22.48%)
    assert round(float(counts.edge(30)) * 100, 2) == 22.50
    # One hand per suit class of the lowest rank, of the hands holding a nine.
    assert counts.hands_set < (TOTAL_HANDS - HANDS_WITHOUT_NINE) // 3


def test_exact_dealer_tiger_9_claridge() -> None:
    # Claridge differs from Trump Plaza in R4 (quads split where Trump Plaza keeps them with a
    # king or an ace front) and R7 (twos full front where Trump Plaza plays A-K): neither
    # front is nine-high, so the Tiger 9s are the same hands.
    assert tiger_9_counts("claridge").tiger_9 == tiger_9_counts("trump_plaza").tiger_9


def test_every_hand_set_legally_by_the_symmetric_walk() -> None:
    # Every hand (one per suit class of the lowest rank, weighted) set with its high key: no
    # foul, and the Tiger 9s as the nine-only walk counts them.
    tallies = walk_all("trump_plaza", symmetric=True)
    assert tallies.hands == TOTAL_HANDS
    assert tallies.fouls == 0
    assert sum(tallies.high_categories) == TOTAL_HANDS
    assert tallies.tiger_9 == tiger_9_counts("trump_plaza").tiger_9
    # The dealer's high hands by category, HIGH_CARD .. FIVE_ACES (the no-pair hands without a
    # straight or flush stay high card: anchors 2's 24,780,420; five aces back only with kings
    # front, 6 hands).
    assert tallies.high_categories == DEALER_HIGH_CATEGORIES


DEALER_HIGH_CATEGORIES = (
    24_780_420,
    90_557_404,
    11_996_640,
    10_449_072,
    11_061_160,
    4_872_216,
    155_346,
    174_768,
    87_168,
    8_880,
    6,
)


def test_tiger_9_definition_matches_settle() -> None:
    # The kernel's Tiger 9 test is settle.is_tiger_9 on the same setting.
    cards = parse_hand(["TS", "9D", "8H", "5C", "4S", "3D", "2H"])
    assert is_tiger_9(house_way("trump_plaza").set(cards))
    row = set_many(np.array([[card_index(card) for card in cards]]))[0]
    assert (int(row[3]) >> 20, (int(row[3]) >> 16) & 15) == (0, 9)


# --- tablegames edge tiger_9 ---------------------------------------------------------------------

runner = CliRunner(env={"COLUMNS": "200"})


def test_edge_tiger_9_json_is_the_side_wager_shape() -> None:
    result = runner.invoke(app, ["edge", "tiger_9", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["wager"] == "tiger_9"
    assert report["odds"] == 30
    assert report["house_way"] == "trump_plaza"
    assert report["house_edge_exact"] == "8670401/38535770"
    assert report["tiger_9_hands"] == 3_853_596
    assert report["hands"] == TOTAL_HANDS
    (line,) = report["lines"]
    assert line["line"] == "tiger_9"
    assert line["pays"] == "30 to 1"
    assert line["probability"] == pytest.approx(963_399 / 38_535_770)
    assert line["probability"] + report["losing_probability"] == pytest.approx(1)
    # The contributions (-probability x odds) and the losses sum to the edge.
    assert line["contribution"] + report["losing_probability"] == pytest.approx(
        report["house_edge"]
    )
    assert report["published"]["probability"] == PUBLISHED_TIGER_9
    assert any("placeholder" in finding for finding in report["non_pa"])


def test_edge_tiger_9_reads_the_filed_odds_and_refuses_what_it_cannot_walk(
    tmp_path: Path,
) -> None:
    filing = tmp_path / "cf.toml"
    filing.write_text(
        'game = "pai_gow"\npreset = "pa-commission-free"\ntiger_9_wager = true\n'
        "tiger_9_odds = 25\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["edge", "tiger_9", "--rules", str(filing), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["odds"] == 25
    assert Fraction(report["house_edge_exact"]) == 1 - 26 * Fraction(963_399, 38_535_770)
    other = tmp_path / "hh.toml"
    other.write_text('game = "pai_gow"\nhouse_way = "highest_high"\n', encoding="utf-8")
    refused = runner.invoke(app, ["edge", "tiger_9", "--rules", str(other)])
    assert refused.exit_code != 0
    assert "highest_high" in refused.stderr
    refused = runner.invoke(app, ["edge", "tiger_9", "--paytable", "wizard_2"])
    assert refused.exit_code != 0
    assert "--paytable does not apply to tiger_9" in refused.stderr
