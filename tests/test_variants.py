"""The variations: Blackjack Switch (633a.12(a)), the hand-dealt game (633a.12(b)) and Switch
Hands / Blackjack premium (633c.4). Every result is worked out by hand from the text."""

from __future__ import annotations

from typing import Any

import pytest

from tablegames.blackjack.actions import Action, Turn
from tablegames.blackjack.events import CardDealt, HandCompleted, WagerPlaced, WagerSettled
from tablegames.blackjack.replay import replay
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import rules_from_mapping
from tablegames.blackjack.table import Table
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cardsource import StackedShoe
from tablegames.core.errors import IllegalActionError, WagerError
from tablegames.core.rng import SeededRandom

SWITCH: dict[str, Any] = {"decks": 6, "variant": "blackjack_switch"}
HANDS: dict[str, Any] = {"variant": "switch_hands", "wager_unit": 500, "min_wager": 500}


def play(
    cards: str,
    rules: dict[str, Any],
    *boxes: tuple[int, dict[str, int]],
) -> Round:
    return Round(
        rules=rules_from_mapping(rules),
        shoe=StackedShoe.parse(cards.split()),
        wagers=[
            BoxWager(box=index + 1, amount=amount, side=side)
            for index, (amount, side) in enumerate(boxes or ((1000, {}),))
        ],
    )


def result(game: Round, box: int = 1, hand: int = 0, wager: str = "blackjack") -> tuple[int, int]:
    item = next(s for s in game.settlements() if (s.box, s.hand, s.wager) == (box, hand, wager))
    return item.stake, item.returned


def cards_of(game: Round, box: int = 1) -> list[list[str]]:
    return [[str(card) for card in hand.cards] for hand in game.box(box).hands]


# --- Blackjack Switch ----------------------------------------------------------------------------


def test_633a_12_a_1_two_equal_blackjack_wagers() -> None:
    game = play("TS 5D 6C 6S KH TC 7D", SWITCH)
    placed = [e for e in game.events if isinstance(e, WagerPlaced) and e.wager == "blackjack"]
    assert [(e.hand, e.amount) for e in placed] == [(0, 1000), (1, 1000)]


def test_633a_12_a_3_two_hands_dealt_by_633a_7_f() -> None:
    game = play("TS 5D 6C 6S KH TC 7D", SWITCH)
    dealt = [(e.to, e.hand, e.card) for e in game.events if isinstance(e, CardDealt)]
    assert dealt == [
        ("box", 0, "TS"),
        ("box", 1, "5D"),
        ("dealer", 0, "6C"),
        ("box", 0, "6S"),
        ("box", 1, "KH"),
        ("dealer", 0, "TC"),
    ]


def test_633a_12_a_4_switch_the_second_cards_then_play() -> None:
    game = play("TS 5D 6C 6S KH TC 9S 7D", SWITCH)
    assert game.turn == Turn(1, 0, "switch")
    assert game.legal_actions() == [Action.SWITCH, Action.KEEP]
    game.act(Action.SWITCH)
    assert cards_of(game) == [["TS", "KH"], ["5D", "6S"]]
    game.stand()  # 20
    game.double()  # 11 + 9 = 20
    # Dealer 6 + T = 16 draws 7: 23, a bust that is not 22.
    assert result(game, 1, 0) == (1000, 2000)
    assert result(game, 1, 1) == (2000, 4000)


def test_633a_12_a_4_surrender_is_not_among_the_choices() -> None:
    game = play("TS 5D 6C 6S KH TC 9S 7D", SWITCH)
    game.act(Action.KEEP)
    with pytest.raises(IllegalActionError) as caught:
        game.surrender()
    assert caught.value.paragraph == "633a.12(a)(4)"
    allowed = play("TS 5D 6C 6S KH TC 9S 7D", {**SWITCH, "switch_surrender": True})
    allowed.act(Action.KEEP)
    assert allowed.can_surrender()


def test_633a_12_a_5_v_dealer_22_returns_hands_of_21_or_less() -> None:
    game = play("TS 5D 6C 6S KH TC 6D", SWITCH)
    game.act(Action.SWITCH)  # TS KH = 20, 5D 6S = 11
    game.stand()
    game.stand()
    # Dealer 6 + T + 6 = 22: both wagers returned.
    assert result(game, 1, 0) == (1000, 1000)
    assert result(game, 1, 1) == (1000, 1000)


def test_633a_12_a_5_i_blackjack_against_a_multi_card_21_pays_1_to_1() -> None:
    game = play("AS 9S TC KD 7H 6D 5S", SWITCH)
    game.act(Action.KEEP)  # AS KD is a Blackjack, 9S 7H is 16
    game.stand()
    # Ten up, no dealer Blackjack; dealer 16 draws 5: 21 in three cards.
    assert result(game, 1, 0) == (1000, 2000)
    assert result(game, 1, 1) == (1000, 0)


def test_633a_12_a_5_ii_blackjack_ties_a_dealer_blackjack() -> None:
    game = play("AS 9S TC KD 7H AD", SWITCH)
    assert game.is_complete  # the check found the dealer's Blackjack before any switch
    assert result(game, 1, 0) == (1000, 1000)
    assert result(game, 1, 1) == (1000, 0)


def test_633a_12_a_5_iii_a_switched_blackjack_is_21_and_loses_to_a_dealer_blackjack() -> None:
    # Only reachable without the check (non-PA what-if): the dealer's Blackjack shows at the end.
    rules = {**SWITCH, "dealer_peeks": False, "original_bets_only": False}
    game = play("AS 9D TC 7H KC AD", rules)
    game.act(Action.SWITCH)  # AS KC (a switched Blackjack), 9D 7H
    completed = [e for e in game.events if isinstance(e, HandCompleted)]
    assert (completed[0].hand, completed[0].reason) == (0, "21")
    game.stand()
    assert result(game, 1, 0) == (1000, 0)
    assert result(game, 1, 1) == (1000, 0)


def test_633a_12_a_5_iv_a_switched_blackjack_against_21_or_22_is_returned() -> None:
    game = play("AS 9D 6C 7H KC TC 5S", SWITCH)
    game.act(Action.SWITCH)  # AS KC = 21 (switched), 9D 7H = 16
    game.stand()
    # Dealer 6 + T + 5 = 21: the switched Blackjack is returned, the 16 loses.
    assert result(game, 1, 0) == (1000, 1000)
    assert result(game, 1, 1) == (1000, 0)


def test_633a_12_a_switched_blackjack_beats_a_lower_total_at_even_money() -> None:
    game = play("AS 9D 6C 7H KC TC 2S", SWITCH)
    game.act(Action.SWITCH)
    game.stand()
    # Dealer 6 + T + 2 = 18: the switched 21 wins 1 to 1, not 3 to 2.
    assert result(game, 1, 0) == (1000, 2000)


def test_633a_12_a_even_money_waits_for_the_switch_decision() -> None:
    game = play("AS 9S AC KD 7H 6D", SWITCH)
    assert game.turn == Turn(1, 0, "insurance")
    assert Action.EVEN_MONEY not in game.legal_actions()
    # Insurance is up to half of the two equal wagers (633a.8(b), 633a.12(a)(1)).
    assert game.max_insurance() == 1000


def test_633a_6_e_7_super_match_on_the_first_four_cards() -> None:
    rules = {**SWITCH, "side_wagers": {"super_match": {}}}
    # First four cards 8S 8D | 8H 5C: three-of-a-kind, 5 to 1 (633a.13(i)(1)).
    game = play("8S 8D 6C 8H 5C TC", rules, (1000, {"super_match": 500}))
    assert result(game, 1, 0, "super_match") == (500, 3000)


def test_633a_12_a_replay_reproduces_a_switch_round() -> None:
    game = play("TS 5D 6C 6S KH TC 9S 7D", SWITCH)
    game.act(Action.SWITCH)
    game.stand()
    game.double()
    assert replay(game.events).events == game.events


# --- the hand-dealt game -------------------------------------------------------------------------

DEALT: dict[str, Any] = {"variant": "hand_dealt", "decks": 2, "shoe": "batch_shuffler"}


def test_633a_12_b_5_players_cards_dealt_face_down_dealer_up_card_face_up() -> None:
    game = play("TS 6C 9D TC", DEALT)
    dealt = [(e.to, e.face_up) for e in game.events if isinstance(e, CardDealt)]
    assert dealt == [("box", False), ("dealer", True), ("box", False), ("dealer", False)]


def test_633a_12_b_7_additional_cards_dealt_face_up() -> None:
    game = play("TS 6C 2D TC 5H 9S", DEALT)
    game.hit()
    drawn = [e for e in game.events if isinstance(e, CardDealt)][4]
    assert (drawn.card, drawn.face_up) == ("5H", True)


def test_633a_12_b_6_ii_a_busted_hand_is_discarded_at_once() -> None:
    game = play("TS TH 6D 9C KS 7D TD 8S", DEALT, (1000, {}), (1000, {}))
    game.hit()  # box 1: 16 + K = 26
    settled = [e for e in game.events if isinstance(e, WagerSettled)]
    assert (settled[0].box, settled[0].returned, settled[0].paragraph) == (
        1,
        0,
        "633a.12(b)(6)(ii)",
    )
    assert not game.is_complete  # box 2 still to play


def test_633a_12_b_5_a_card_is_burned_before_each_round() -> None:
    table = Table(rules_from_mapping(DEALT), random=SeededRandom.from_seed(5))
    for _ in range(3):
        game = table.deal([BoxWager(box=1, amount=1000)])
        while not game.is_complete:
            legal = game.legal_actions()
            game.act(Action.STAND if Action.STAND in legal else Action.DECLINE)
    burns = [e.paragraph for e in table.shoe.events if e.kind == "burn"]
    assert burns.count("633a.12(b)(5)") == 2  # rounds 2 and 3; round 1 follows the shuffle


# --- Switch Hands and Blackjack premium ----------------------------------------------------------

ANTE = {"switch_hands_ante": 200}


def test_633c_4_b_five_dollar_increments_633c_4_c_a_dollar_ante_per_five() -> None:
    with pytest.raises(WagerError) as caught:
        play("TS 5H 9D 7C 2S 3S", HANDS, (1000, {}))
    assert caught.value.paragraph == "633c.4(c)"
    with pytest.raises(WagerError, match="multiple of the wager unit"):
        play("TS 5H 9D 7C 2S 3S", HANDS, (1200, {"switch_hands_ante": 200}))
    with pytest.raises(WagerError) as caught:
        play("TS 5H 9D 7C 2S 3S", HANDS, (1000, {"switch_hands_ante": 100}))
    assert caught.value.paragraph == "633c.4(c)"


def test_633c_4_d_two_switch_cards_face_down_before_the_blackjack_hand() -> None:
    game = play("2S 3S TS 5H 9D 7C", HANDS, (1000, ANTE))
    dealt = [(e.to, e.card, e.face_up) for e in game.events if isinstance(e, CardDealt)]
    assert dealt[:2] == [("switch", "2S", False), ("switch", "3S", False)]
    assert game.turn == Turn(1, 0, "switch_hands")


def test_633c_4_j_switch_cards_may_come_after_the_blackjack_hands() -> None:
    game = play("TS 5H 9D 7C 2S 3S", {**HANDS, "switch_cards_dealt": "after"}, (1000, ANTE))
    dealt = [(e.to, e.card) for e in game.events if isinstance(e, CardDealt)]
    assert dealt[4:] == [("switch", "2S"), ("switch", "3S")]


def test_633c_4_f_asked_counterclockwise_from_the_dealers_right() -> None:
    game = play("2S 2H 3S 3H TS TH 5H 9D 9S 7C", HANDS, (1000, ANTE), (1000, ANTE))
    assert game.turn == Turn(2, 0, "switch_hands")
    game.act(Action.KEEP)
    assert game.turn == Turn(1, 0, "switch_hands")


def test_633c_4_f_2_switching_plays_the_switch_cards_and_the_ante_is_collected() -> None:
    # Switch cards AH KH; dealt hand TS 9D against a 5 up, hole 7C; dealer draws TD.
    game = play("AH KH TS 5H 9D 7C TD", HANDS, (1000, ANTE))
    game.act(Action.SWITCH)
    assert cards_of(game) == [["AH", "KH"]]
    assert result(game, 1, 0, "switch_hands_ante") == (200, 0)
    # 633c.4(i)(2)(i): a switched suited Blackjack is paid 2 to 1 at once against the 5.
    assert result(game) == (1000, 3000)


def test_633c_4_i_1_a_blackjack_not_switched_pays_3_to_2_even_when_suited() -> None:
    game = play("2S 3S AH 5C KH 7C", HANDS, (1000, ANTE))
    game.act(Action.KEEP)
    assert result(game) == (1000, 2500)


def test_633c_4_i_2_i_same_colour_blackjack_after_switching_pays_2_to_1() -> None:
    game = play("AD KH 9S 5C 8S 7C", HANDS, (1000, ANTE))
    game.act(Action.SWITCH)  # AD KH: both red
    assert result(game) == (1000, 3000)
    mixed = play("AD KS 9S 5C 8S 7C", HANDS, (1000, ANTE))
    mixed.act(Action.SWITCH)  # red and black: the ordinary 3 to 2
    assert result(mixed) == (1000, 2500)


def test_633c_4_i_2_ii_optional_tie_blackjack_pays_1_to_2() -> None:
    rules = {**HANDS, "tie_blackjack_pays": True}
    game = play("AD KS 9S TC 8S AC", rules, (1000, ANTE))
    game.act(Action.SWITCH)  # AD KS against the dealer's TC AC
    assert result(game) == (1000, 1500)
    plain = play("AD KS 9S TC 8S AC", HANDS, (1000, ANTE))
    plain.act(Action.SWITCH)
    assert result(plain) == (1000, 1000)  # 633a.7(q): a tie without the option


def test_633c_4_k_l_premium_ante_is_optional() -> None:
    rules = {**HANDS, "blackjack_premium": True}
    game = play("TS 5H 9D 7C 2S", rules, (1000, {}))
    assert game.turn == Turn(1, 0, "play")  # no ante, no switch cards, no switch decision


def test_633c_4_o_premium_tie_blackjack_pays_1_to_2_and_ante_coloured_2_to_1() -> None:
    rules = {**HANDS, "blackjack_premium": True}
    tie = play("AD TC KS AC", rules, (1000, {}))
    assert result(tie) == (1000, 1500)  # no ante: Blackjack against Blackjack pays 1 to 2
    coloured = play("2S 3S AD 5C KH 7C", rules, (1000, ANTE))
    coloured.act(Action.KEEP)  # with the ante, a same colour Blackjack pays 2 to 1
    assert result(coloured) == (1000, 3000)


def test_633c_4_replay_reproduces_a_switch_hands_round() -> None:
    game = play("AH KH TS 5H 9D 7C TD", HANDS, (1000, ANTE))
    game.act(Action.SWITCH)
    assert replay(game.events).events == game.events
