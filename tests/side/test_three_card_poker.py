"""Three Card Poker Wager (633a.6(e)(9), 633a.7(g)(8), 633a.13(k))."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

from tablegames.blackjack.side import three_card_poker
from tablegames.core.cards import Card
from tests.side.faces import FACES, card, triples

# Rank sets that are straights, ace (1) low in A-2-3 and high in Q-K-A; nothing wraps.
STRAIGHTS = [frozenset({low, low + 1, low + 2}) for low in range(1, 12)] + [frozenset({12, 13, 1})]


def classify(cards: tuple[Card, ...]) -> str | None:
    """A brute-force poker classifier written for the test, independent of the evaluator."""
    ranks = frozenset(int(c.rank) for c in cards)
    flush = len({c.suit for c in cards}) == 1
    straight = len(ranks) == 3 and ranks in STRAIGHTS
    if straight and flush:
        return "straight_flush"
    if len(ranks) == 1:
        return "three_of_a_kind"
    if straight:
        return "straight"
    return "flush" if flush else None


def test_633a_13_k_single_deck_counts_match_the_standard_three_card_counts() -> None:
    counts = Counter(three_card_poker.evaluate(*hand) for hand in combinations(FACES, 3))
    by_line = Counter({(line.line if line else None): n for line, n in counts.items()})
    # C(52, 3) = 22,100 hands.
    assert by_line == {
        "straight_flush": 48,  # 12 sequences (A-2-3 .. Q-K-A) x 4 suits
        "three_of_a_kind": 52,  # 13 ranks x C(4, 3)
        "straight": 720,  # 12 sequences x 4 ** 3 suits, less the 48 straight flushes
        "flush": 1096,  # 4 suits x C(13, 3) = 1,144, less the 48 straight flushes
        None: 22_100 - 48 - 52 - 720 - 1096,
    }
    assert (12 * 4, 13 * 4, 12 * 4**3 - 48, 4 * 286 - 48) == (48, 52, 720, 1096)


def test_633a_7_g_8_every_ordered_triple_of_faces_agrees_with_brute_force() -> None:
    counts: Counter[str | None] = Counter()
    for hand in triples():
        line = three_card_poker.evaluate(*hand)
        found = None if line is None else line.line
        assert found == classify(hand), hand
        counts[found] += 1
    # Several decks (identical faces allowed), ordered: 12 sequences x 4 suits x 3! orders;
    # 13 ranks x 4 ** 3; 12 x 3! x (4 ** 3 - 4); one suit x 13 ** 3, less one-rank and sequences.
    assert counts["straight_flush"] == 12 * 4 * 6
    assert counts["three_of_a_kind"] == 13 * 64
    assert counts["straight"] == 12 * 6 * 60
    assert counts["flush"] == 4 * 13**3 - 4 * 13 - 12 * 4 * 6


def test_633a_6_e_9_ace_high_or_low_no_wraparound() -> None:
    def line(*texts: str) -> str | None:
        found = three_card_poker.evaluate(*(card(text) for text in texts))
        return None if found is None else found.line

    assert line("AS", "2D", "3H") == "straight"
    assert line("QS", "AD", "KH") == "straight"
    assert line("KS", "AD", "2H") is None
    assert line("KS", "AS", "2S") == "flush"
    assert line("JC", "QC", "KC") == "straight_flush"
    assert line("7C", "7C", "7C") == "three_of_a_kind"


def test_633a_13_k_every_winning_hand_pays_9_to_1() -> None:
    assert {(line.odds, line.basis) for line in three_card_poker.PAYTABLE} == {(Fraction(9), "to")}
