"""The joker (`JK`): only a game whose rules authorize it may use one (603a.15(a), as quoted in
/work/shared/paigow/645a-digest.md, item 6); Pai Gow Poker's deck is 52 cards and one joker."""

from __future__ import annotations

import pytest

from tablegames.core.cards import (
    JOKER,
    Card,
    deck_with_jokers,
    parse_card_or_joker,
    standard_deck,
)
from tablegames.core.errors import CardError


def test_603a_15_a_a_game_without_a_joker_refuses_jk_and_names_the_paragraph() -> None:
    with pytest.raises(CardError, match=r"joker.*603a\.15\(a\)"):
        Card.parse("JK")


def test_603a_15_a_a_game_that_uses_one_reads_jk_as_the_one_joker() -> None:
    assert parse_card_or_joker("JK") is JOKER
    assert parse_card_or_joker("jk") is JOKER
    assert parse_card_or_joker("AS") == Card.parse("AS")
    assert str(JOKER) == "JK"


def test_603a_15_a_the_pai_gow_deck_is_the_52_cards_and_one_joker() -> None:
    deck = deck_with_jokers(1)
    assert len(deck) == 53
    assert [card for card in deck if card is not JOKER] == standard_deck()
    with pytest.raises(CardError, match="jokers"):
        deck_with_jokers(True)
