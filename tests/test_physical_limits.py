"""What a real table could deal and hold: cards against the decks, meters, the system's picks.

633a.3(a) puts `decks` decks of 52 cards in the shoe, so a round can deal no card more often than
`decks` times. 633a.13(j)(2) and (l)(2) file an initial and reset amount under which a meter
never falls. 633a.13(j)(1) has the table game system pick a Magic Card and a Lucky Player only
where the house offers those bonuses, the player among the table's boxes.
"""

from __future__ import annotations

import pytest

from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import rules_from_mapping
from tablegames.blackjack.sidebook import Selections
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card, parse_cards, standard_deck
from tablegames.core.cardsource import StackedShoe, stacked_cards
from tablegames.core.errors import ShoeError, WagerError

BAD_BEAT: dict[str, object] = {
    "preset": "pa-6deck",
    "side_wagers": {"bad_beat": {"lucky_player": True}},
}


def test_633a_3_a_each_card_at_most_once_per_deck() -> None:
    one_deck = [str(card) for card in standard_deck()]
    assert len(stacked_cards(one_deck, 1)) == 52  # a whole deck is fine
    with pytest.raises(ShoeError) as refusal:
        stacked_cards([*one_deck[:5], one_deck[0]], 1)
    assert refusal.value.paragraph == "633a.3(a)"
    assert len(stacked_cards(["QH"] * 6, 6)) == 6
    with pytest.raises(ShoeError, match="QH 7 times"):
        stacked_cards(["QH"] * 7, 6)


def test_633a_3_a_no_more_cards_than_the_decks_hold() -> None:
    with pytest.raises(ShoeError, match="lists 105 cards"):
        stacked_cards(["AS", "KH"] * 52 + ["2C"], 2)


def _round(rules: dict[str, object], **extra: object) -> Round:
    return Round(
        rules=rules_from_mapping(rules),
        shoe=StackedShoe(parse_cards(["9S", "5H", "AD", "7C", "KH", "TS"])),
        wagers=[BoxWager(box=1, amount=2500, side={"bad_beat": 100})],
        **extra,  # type: ignore[arg-type]
    )


def test_633a_13_j_2_a_meter_below_its_filed_reset_is_refused() -> None:
    for meter in (-5, 0, 499_999):
        with pytest.raises(WagerError) as refusal:
            _round(BAD_BEAT, meters={"bad_beat": meter})
        assert refusal.value.paragraph == "633a.13(j)(2)"
    assert _round(BAD_BEAT, meters={"bad_beat": 500_000}).side.meters["bad_beat"] >= 500_000


def test_633a_13_j_1_the_lucky_player_is_a_box_of_the_table() -> None:
    with pytest.raises(WagerError) as refusal:
        _round(BAD_BEAT, selections=Selections(lucky_box=8))
    assert refusal.value.paragraph == "633a.13(j)(1)"
    _round(BAD_BEAT, selections=Selections(lucky_box=7))  # the last box is fine


def test_633a_13_j_1_no_magic_card_where_the_bonus_is_not_offered() -> None:
    with pytest.raises(WagerError) as refusal:
        _round(BAD_BEAT, selections=Selections(magic_card=Card.parse("QH")))
    assert refusal.value.paragraph == "633a.13(j)(1)"
