"""In Between Wager (633a.6(e)(3), 633a.7(g)(3), 633a.13(e))."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from tablegames.blackjack.side import in_between
from tablegames.core.errors import WagerError
from tests.side.faces import card, count_lines, triples


def _expected() -> Counter[str | None]:
    """Counts over 52 ** 3 ordered (first, second, up) faces, by arithmetic.

    Thirteen ranks in a line (the ace at one end, high or low alike): two distinct ranks with a
    spread of g ranks between them can be chosen 12 - g ways, dealt in 2 orders x 4 x 4 suits
    (32 ordered pairs), and the up card is one of 4 g faces between them.
    """
    wins = {g: (12 - g) * 32 * 4 * g for g in range(1, 12)}
    expected: Counter[str | None] = Counter(
        {
            "triple_match": 13 * 4 * 4 * 4,  # one rank, any suits
            "one_card_spread": wins[1],  # 11 x 32 x 4 = 1,408
            "two_card_spread": wins[2],  # 10 x 32 x 8 = 2,560
            "three_card_spread": wins[3],  # 9 x 32 x 12 = 3,456
            "all_others": sum(wins[g] for g in range(4, 12)),
        }
    )
    expected[None] = 52**3 - sum(expected.values())
    return expected


@pytest.mark.parametrize("ace", ["high", "low"])
def test_633a_13_e_line_counts_over_all_ordered_faces(ace: in_between.Ace) -> None:
    counts = count_lines(in_between.evaluate(a, b, up, ace=ace) for a, b, up in triples())
    assert counts == _expected()


def test_633a_13_e_paytable_as_printed() -> None:
    printed = [(line.label, line.odds) for line in in_between.PAYTABLE]
    assert printed == [
        ("Triple Match", Fraction(30)),
        ("One-card spread", Fraction(10)),
        ("Two-card spread", Fraction(6)),
        ("Three-card spread", Fraction(4)),
        ("All others", Fraction(1)),
    ]


def test_633a_7_g_3_i_seven_and_nine_with_an_eight_is_a_one_card_spread() -> None:
    line = in_between.evaluate(card("9D"), card("7S"), card("8H"))
    assert line is not None
    assert line.line == "one_card_spread"
    assert in_between.evaluate(card("2D"), card("KS"), card("8H")) == in_between.PAYTABLE[-1]


def test_633a_7_g_3_ii_triple_match() -> None:
    line = in_between.evaluate(card("9D"), card("9S"), card("9H"))
    assert line is not None
    assert line.line == "triple_match"


def test_633a_6_e_3_pairs_ends_and_consecutive_ranks_lose() -> None:
    assert in_between.evaluate(card("9D"), card("9S"), card("8H")) is None
    assert in_between.evaluate(card("7D"), card("9S"), card("9H")) is None
    assert in_between.evaluate(card("7D"), card("9S"), card("7H")) is None
    assert in_between.evaluate(card("7D"), card("8S"), card("8H")) is None


def test_633a_6_e_3_ace_high_or_low_is_the_house_choice() -> None:
    # Ace high: K-A has nothing between; A-3 spans 4..K, so a 2 is outside.
    assert in_between.evaluate(card("KD"), card("AS"), card("QH")) is None
    assert in_between.evaluate(card("AS"), card("3D"), card("2H")) is None
    high = in_between.evaluate(card("AS"), card("QD"), card("KH"))
    assert high is not None
    assert high.line == "one_card_spread"
    # Ace low: A-3 with a 2 is a one-card spread; A-K with a Q spans eleven ranks.
    low = in_between.evaluate(card("AS"), card("3D"), card("2H"), ace="low")
    assert low is not None
    assert low.line == "one_card_spread"
    low = in_between.evaluate(card("KD"), card("AS"), card("QH"), ace="low")
    assert low is not None
    assert low.line == "all_others"
    with pytest.raises(WagerError):
        in_between.evaluate(card("KD"), card("AS"), card("QH"), ace="middle")  # type: ignore[arg-type]
