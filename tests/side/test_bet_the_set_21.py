"""Bet the Set 21 Wager (633a.6(e)(5), 633a.7(g)(5), 633a.13(g))."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tablegames.blackjack.side import bet_the_set_21
from tablegames.core.errors import WagerError
from tests.side.faces import card, count_pairs

SUITED_PAIRS = 52  # the same face twice
PAIRS = 13 * 4 * 3  # same rank, different suits, ordered


@pytest.mark.parametrize("paytable", ["B", "C", "D"])
def test_633a_13_g_line_counts_over_all_ordered_two_card_faces(
    paytable: bet_the_set_21.PaytableName,
) -> None:
    counts = count_pairs(lambda a, b: bet_the_set_21.evaluate(a, b, paytable=paytable))
    assert counts == {
        "suited_pairs": SUITED_PAIRS,
        "pairs": PAIRS,
        None: 52 * 52 - SUITED_PAIRS - PAIRS,
    }


def test_633a_13_g_1_single_deck_paytable_pays_every_pair_15_to_1() -> None:
    counts = count_pairs(lambda a, b: bet_the_set_21.evaluate(a, b, paytable="A"))
    assert counts == {"pairs": SUITED_PAIRS + PAIRS, None: 52 * 52 - SUITED_PAIRS - PAIRS}
    line = bet_the_set_21.evaluate(card("5S"), card("5D"), paytable="A")
    assert line is not None
    assert line.odds == Fraction(15)


def test_633a_13_g_paytables_as_printed() -> None:
    printed = {
        name: [(line.label, line.odds) for line in table]
        for name, table in bet_the_set_21.PAYTABLES.items()
    }
    assert printed == {
        "A": [("Pairs", Fraction(15))],
        "B": [("Suited Pairs", Fraction(25)), ("Pairs", Fraction(10))],
        "C": [("Suited Pairs", Fraction(15)), ("Pairs", Fraction(10))],
        "D": [("Suited Pairs", Fraction(12)), ("Pairs", Fraction(10))],
    }


@pytest.mark.parametrize(
    ("decks", "allowed"), [(1, ("A",)), (2, ("B",)), (3, ()), (4, ("C", "D")), (8, ("C", "D"))]
)
def test_633a_13_g_paytables_follow_the_number_of_decks(
    decks: int, allowed: tuple[str, ...]
) -> None:
    assert bet_the_set_21.paytables_for_decks(decks) == allowed


def test_633a_6_e_5_ranks_not_values_and_bad_paytable() -> None:
    assert bet_the_set_21.evaluate(card("KS"), card("QS"), paytable="C") is None
    with pytest.raises(WagerError):
        bet_the_set_21.paytables_for_decks(0)
    with pytest.raises(WagerError, match=r"633a\.13"):
        bet_the_set_21.evaluate(card("KS"), card("KS"), paytable="E")  # type: ignore[arg-type]


def test_633a_7_g_5_pair_or_suited_pair_of_the_same_rank() -> None:
    suited = bet_the_set_21.evaluate(card("TD"), card("TD"), paytable="C")
    pair = bet_the_set_21.evaluate(card("TD"), card("TS"), paytable="C")
    assert (suited, pair) == tuple(bet_the_set_21.PAYTABLES["C"])
    assert bet_the_set_21.evaluate(card("TD"), card("JD"), paytable="C") is None
