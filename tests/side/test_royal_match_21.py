"""Royal Match 21 Wager and Crown Treasure Bonus (633a.6(e)(4), 633a.7(g)(4), 633a.13(f))."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from tablegames.blackjack.side import royal_match_21
from tablegames.core.cards import Rank
from tablegames.core.errors import WagerError
from tests.side.faces import FACES, card, pairs, triples

ROYAL_MATCH = 4 * 2  # K and Q of one suit, either order
SUITED_MATCH = 4 * 13 * 13 - ROYAL_MATCH  # ordered same-suit faces (identical allowed) less K-Q


def test_633a_13_f_line_counts_over_all_ordered_two_card_faces() -> None:
    counts: Counter[tuple[str, ...]] = Counter()
    for first, second in pairs():
        found = royal_match_21.evaluate(
            first, second, paytable="C", dealer_cards=None, crown_treasure=False
        )
        counts[tuple(line.line for line in found)] += 1
    assert counts == {
        ("royal_match",): ROYAL_MATCH,
        ("suited_match",): SUITED_MATCH,
        (): 52 * 52 - ROYAL_MATCH - SUITED_MATCH,
    }


def test_633a_7_g_4_crown_treasure_when_the_dealer_also_has_a_royal_match() -> None:
    crowns = 0
    for first, second in pairs():
        if not royal_match_21.is_royal_match(first, second):
            continue
        for dealer in pairs():
            found = royal_match_21.evaluate(
                first, second, paytable="E", dealer_cards=dealer, crown_treasure=True
            )
            assert found[0].line == "royal_match"
            crowns += len(found) == 2 and found[1].line == "crown_treasure"
    assert crowns == ROYAL_MATCH * ROYAL_MATCH  # 64


def test_633a_7_g_4_crown_treasure_not_offered_or_dealer_cards_missing() -> None:
    king, queen = card("KC"), card("QC")
    found = royal_match_21.evaluate(
        king, queen, paytable="D", dealer_cards=(king, queen), crown_treasure=False
    )
    assert [line.line for line in found] == ["royal_match"]
    with pytest.raises(WagerError, match="dealer's two cards"):
        royal_match_21.evaluate(king, queen, paytable="D", dealer_cards=None, crown_treasure=True)


def test_633a_7_g_4_royal_match_against_a_king_or_queen_waits_for_the_hole_card() -> None:
    waiting = sum(royal_match_21.needs_hole_card(a, b, up) for a, b, up in triples())
    assert waiting == ROYAL_MATCH * 8  # eight king or queen up cards
    assert all(
        royal_match_21.needs_hole_card(card("QS"), card("KS"), up)
        == (up.rank in (Rank.KING, Rank.QUEEN))
        for up in FACES
    )


def test_633a_13_f_paytables_as_printed() -> None:
    printed = {
        name: [(line.line, line.odds, line.basis) for line in table]
        for name, table in royal_match_21.PAYTABLES.items()
    }
    crown = ("crown_treasure", Fraction(1000), "for")
    assert printed == {
        "A": [("royal_match", 10, "to"), ("suited_match", 3, "to"), crown],
        "B": [("royal_match", 5, "to"), ("suited_match", 3, "to"), crown],
        "C": [("royal_match", 30, "to"), ("suited_match", Fraction(5, 2), "to"), crown],
        "D": [("royal_match", 25, "to"), ("suited_match", Fraction(5, 2), "to"), crown],
        "E": [("royal_match", 50, "to"), ("suited_match", 2, "to"), crown],
    }
    assert royal_match_21.paytables_for_decks(1) == ("A", "B")
    assert royal_match_21.paytables_for_decks(6) == ("C", "D", "E")
    with pytest.raises(WagerError):
        royal_match_21.paytables_for_decks(0)


def test_633a_6_e_4_suited_match_includes_identical_cards_and_excludes_king_queen() -> None:
    def lines(first: str, second: str) -> list[str]:
        found = royal_match_21.evaluate(
            card(first), card(second), paytable="C", dealer_cards=None, crown_treasure=False
        )
        return [line.line for line in found]

    assert lines("KH", "KH") == ["suited_match"]
    assert lines("KH", "QH") == ["royal_match"]
    assert lines("KH", "QD") == []
    with pytest.raises(WagerError, match=r"633a\.13"):
        royal_match_21.evaluate(
            card("KH"),
            card("QH"),
            paytable="F",  # type: ignore[arg-type]
            dealer_cards=None,
            crown_treasure=False,
        )
