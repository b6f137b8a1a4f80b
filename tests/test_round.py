"""The round engine, one test per paragraph of 633a it implements.

Expected values are worked out by hand from the regulation text: card by card, cent by cent.
"""

from __future__ import annotations

import pytest

from tablegames.blackjack.actions import Action, Turn
from tablegames.blackjack.events import CardDealt, DealerChecked, DealerCompleted, WagerSettled
from tablegames.blackjack.hand import card_points, is_blackjack, points
from tablegames.blackjack.replay import replay
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card, parse_cards
from tablegames.core.cardsource import StackedShoe
from tablegames.core.errors import IllegalActionError, WagerError

from .helpers import deal, outcome


def test_633a_3_e_card_values() -> None:
    cards = [Card.parse(text) for text in ["2S", "9H", "TD", "JC", "QS", "KH", "AD"]]
    assert [card_points(card) for card in cards] == [2, 9, 10, 10, 10, 10, 1]
    # 633a.3(e)(3): the ace counts 11 unless that would exceed 21.
    assert points(parse_cards(["AS", "9H"])) == (20, True)
    assert points(parse_cards(["AS", "9H", "5D"])) == (15, False)
    assert points(parse_cards(["AS", "AH", "9D"])) == (21, True)


def test_633a_1_blackjack_is_ace_and_ten_as_the_initial_two_cards_only() -> None:
    assert is_blackjack(parse_cards(["KS", "AH"]), from_split=False)
    assert not is_blackjack(parse_cards(["KS", "AH"]), from_split=True)
    assert not is_blackjack(parse_cards(["7S", "7H", "7D"]), from_split=False)


def test_633a_7_f_dealing_order_box_one_first_then_dealer_up_then_second_cards_then_hole() -> None:
    game = deal("2S 3S 4S 5S 6S 7S 8S 9S", 1000, 1000, 1000)
    dealt = [(e.to, e.box, e.card, e.face_up) for e in game.events if isinstance(e, CardDealt)]
    assert dealt[:8] == [
        ("box", 1, "2S", True),
        ("box", 2, "3S", True),
        ("box", 3, "4S", True),
        ("dealer", 0, "5S", True),
        ("box", 1, "6S", True),
        ("box", 2, "7S", True),
        ("box", 3, "8S", True),
        ("dealer", 0, "9S", False),
    ]


def test_633a_2_a_no_more_than_seven_boxes() -> None:
    with pytest.raises(WagerError) as caught:
        Round(
            rules=Rules(),
            shoe=StackedShoe.parse(["2S"] * 20),
            wagers=[BoxWager(box=8, amount=1000)],
        )
    assert caught.value.paragraph == "633a.2(a)"


def test_633a_6_d_a_blackjack_wager_is_required() -> None:
    with pytest.raises(WagerError) as caught:
        Round(rules=Rules(), shoe=StackedShoe.parse(["2S"] * 4), wagers=[])
    assert caught.value.paragraph == "633a.6(d)"


def test_633a_6_f_a_player_may_play_adjacent_boxes_up_to_the_house_limit() -> None:
    shoe = StackedShoe.parse(["TS", "9S", "8S", "7S", "TH", "TD", "9H", "8H", "7H", "TC"])
    Round(
        rules=Rules(max_boxes_per_player=3),
        shoe=shoe,
        wagers=[BoxWager(box=n, amount=1000, player="ann") for n in (2, 3, 4)],
    )
    with pytest.raises(WagerError, match="not adjacent") as caught:
        Round(
            rules=Rules(),
            shoe=StackedShoe.parse(["2S"] * 20),
            wagers=[BoxWager(box=n, amount=1000, player="ann") for n in (1, 3)],
        )
    assert caught.value.paragraph == "633a.6(f)"
    with pytest.raises(WagerError) as caught:
        Round(
            rules=Rules(max_boxes_per_player=2),
            shoe=StackedShoe.parse(["2S"] * 20),
            wagers=[BoxWager(box=n, amount=1000, player="ann") for n in (1, 2, 3)],
        )
    assert caught.value.paragraph == "633a.6(f)"


@pytest.mark.parametrize(
    ("amount", "phrase"),
    [(900, "below the table minimum"), (500_100, "over the table maximum"), (1050, "wager unit")],
)
def test_table_limits_and_wager_unit(amount: int, phrase: str) -> None:
    with pytest.raises(WagerError, match=phrase):
        deal("2S 3S 4S 5S", amount)


def test_633a_8_b_insurance_up_to_half_the_wager_rounded_up_to_the_chip_unit() -> None:
    game = deal("9S AH 9D 7C", 2500)
    assert game.turn == Turn(1, 0, "insurance")
    # Half of $25 is $12.50, which $1 chips cannot bet: up to $13 (633a.8(b)).
    assert game.max_insurance() == 1300
    assert game.can_insure(1300)
    assert not game.can_insure(1400)
    before = list(game.events)
    with pytest.raises(IllegalActionError) as caught:
        game.insure(1400)
    assert caught.value.paragraph == "633a.8(b)"
    assert game.events == before  # an illegal action changes nothing
    even = deal("9S AH 9D 7C", 2400)
    assert even.max_insurance() == 1200


def test_633a_8_c_d_insurance_wins_two_to_one_or_is_collected_after_the_check() -> None:
    won = deal("9S AH 9D KC", 2000)
    won.insure(1000)
    assert won.is_complete
    insurance = [s for s in won.settlements() if s.wager == "insurance"]
    assert (insurance[0].stake, insurance[0].returned) == (1000, 3000)
    assert outcome(won) == ("lose", 2000, 0)

    lost = deal("9S AH 9D 7C TS", 2000)
    lost.insure(1000)
    # 633a.8(d): collected right after the check, before the player acts.
    assert [type(e).__name__ for e in lost.events[-2:]] == ["DealerChecked", "WagerSettled"]
    assert lost.settlements()[0].returned == 0
    assert lost.turn == Turn(1, 0, "play")


def test_633a_8_e_even_money_for_a_blackjack_instead_of_insurance() -> None:
    game = deal("AS AH KD 7C", 2000)
    assert game.legal_actions() == [Action.INSURANCE, Action.EVEN_MONEY, Action.DECLINE]
    game.take_even_money()
    assert outcome(game) == ("blackjack", 2000, 4000)
    no_blackjack = deal("9S AH 9D 7C", 2000)
    with pytest.raises(IllegalActionError) as caught:
        no_blackjack.take_even_money()
    assert caught.value.paragraph == "633a.8(e)"
    not_offered = deal("AS AH KD 7C", 2000, even_money=False)
    assert Action.EVEN_MONEY not in not_offered.legal_actions()


def test_633a_7_h_dealer_blackjack_found_by_the_check_ends_the_round() -> None:
    game = deal("9S 8S TH 9D 7C AC", 2000, 2000)
    assert game.is_complete
    assert any(isinstance(e, DealerChecked) and e.blackjack for e in game.events)
    assert outcome(game, 1) == ("lose", 2000, 0)
    assert outcome(game, 2) == ("lose", 2000, 0)
    assert len(game.dealer_cards) == 2


def test_633a_7_q_blackjack_against_dealer_blackjack_ties() -> None:
    game = deal("AS TH KD AC", 2000)
    assert outcome(game) == ("push", 2000, 2000)


def test_633a_7_i_1_i_blackjack_paid_at_once_against_a_two_to_nine() -> None:
    game = deal("AS 2S 9H KD 5H 9D", 2000, 2000)
    settled = [e for e in game.events if isinstance(e, WagerSettled)]
    # Box 1's Blackjack is paid 3 to 2 before box 2 is asked anything.
    assert (settled[0].box, settled[0].returned, settled[0].outcome) == (1, 5000, "blackjack")
    assert game.turn == Turn(2, 0, "play")


def test_633a_7_i_1_ii_blackjack_against_a_ten_paid_only_after_the_hole_card() -> None:
    game = deal("AS TH KD 7C", 2000)
    assert game.is_complete
    assert outcome(game) == ("blackjack", 2000, 5000)
    kinds = [type(e).__name__ for e in game.events]
    assert kinds.index("HoleCardRevealed") < kinds.index("WagerSettled")


def test_633a_13_a_blackjack_odds_and_the_non_pa_what_if() -> None:
    assert outcome(deal("AS 5H KD 7C TS", 2500)) == ("blackjack", 2500, 6250)
    assert outcome(deal("AS 5H KD 7C TS", 2500, blackjack_pays="6:5")) == (
        "blackjack",
        2500,
        5500,
    )
    # Rounding rule (money.py): 3:2 on 1001 cents is 1501.5, paid as 1501.
    odd = deal("AS 5H KD 7C", 1001, min_wager=100, wager_unit=1)
    assert outcome(odd) == ("blackjack", 1001, 2502)


def test_633a_9_a_surrender_before_any_other_decision() -> None:
    game = deal("TS 6H 6D 7C 2S", 2000)
    assert game.can_surrender()
    game.hit()
    before = list(game.events)
    with pytest.raises(IllegalActionError) as caught:
        game.surrender()
    assert caught.value.paragraph == "633a.9(a)"
    assert game.events == before


def test_633a_9_a_1_surrender_against_two_to_nine_settled_at_once() -> None:
    game = deal("TS 9S 6H 6D 8S 7C", 2000, 2000)
    game.surrender()
    assert outcome(game, 1) == ("surrender", 2000, 1000)
    assert not game.is_complete  # box 2 still to play


def test_633a_9_a_2_surrender_against_a_ten_settled_when_the_hole_card_shows() -> None:
    game = deal("TS TH 6D 7C", 2000)
    game.surrender()
    assert outcome(game) == ("surrender", 2000, 1000)
    kinds = [type(e).__name__ for e in game.events]
    assert kinds.index("HoleCardRevealed") < kinds.index("WagerSettled")


def test_633a_9_b_insurance_and_surrender_settled_separately() -> None:
    game = deal("TS AH 6D 7C", 2000)
    game.insure(1000)
    game.surrender()
    assert [(s.wager, s.returned) for s in game.settlements()] == [
        ("insurance", 0),
        ("blackjack", 1000),
    ]


def test_633a_10_a_double_for_up_to_the_original_wager_one_card_only() -> None:
    game = deal("6S 5H 5D 7C TS TH", 2000)
    with pytest.raises(IllegalActionError) as caught:
        game.double(2100)
    assert caught.value.paragraph == "633a.10(a)"
    game.double(1000)  # double for less
    assert outcome(game) == ("win", 3000, 6000)
    assert len(game.boxes[0].hands[0].cards) == 3


def test_633a_10_a_no_double_on_three_cards() -> None:
    game = deal("2S 5H 3D 7C 2C", 2000)
    game.hit()
    assert not game.can_double()
    with pytest.raises(IllegalActionError) as caught:
        game.verify_double()
    assert caught.value.paragraph == "633a.10(a)"


def test_633a_10_b_original_bets_only_when_the_dealer_does_not_check() -> None:
    # Non-PA game without a check: the doubled $20 is returned, the original $20 lost.
    game = deal("6S TH 5D AC 9S", 2000, dealer_peeks=False)
    game.double()
    assert outcome(game) == ("lose", 4000, 2000)
    full = deal("6S TH 5D AC 9S", 2000, dealer_peeks=False, original_bets_only=False)
    full.double()
    assert outcome(full) == ("lose", 4000, 0)


def test_633a_11_a_split_two_cards_of_identical_value_king_and_ten() -> None:
    game = deal("KS 6H TD 7C 9S 8S TH", 2000)
    assert game.can_split()
    game.split()
    # 633a.11(b): the first hand is completed before the second receives a card.
    assert [str(c) for c in game.boxes[0].hands[0].cards] == ["KS", "9S"]
    assert [str(c) for c in game.boxes[0].hands[1].cards] == ["TD"]
    game.stand()
    assert [str(c) for c in game.boxes[0].hands[1].cards] == ["TD", "8S"]
    no_pair = deal("KS 6H 9D 7C", 2000)
    with pytest.raises(IllegalActionError) as caught:
        no_pair.split()
    assert caught.value.paragraph == "633a.11(a)"


def test_633a_11_c_number_of_hands_set_by_the_house() -> None:
    game = deal("8S 6H 8D 7C 8C 8H 9S 9D 9C 9H TS", 2000, max_hands=3)
    game.split()  # hands 0 and 1; hand 0 receives 8C
    game.split()  # hands 0, 1, 2; hand 0 receives 8H
    with pytest.raises(IllegalActionError) as caught:
        game.split()
    assert caught.value.paragraph == "633a.11(c)"
    assert len(game.boxes[0].hands) == 3


def test_633a_11_c_split_aces_one_card_each_when_the_house_says_so() -> None:
    game = deal("AS 6H AD 7C 5S 4S TS", 2000, hit_split_aces=False)
    game.split()
    # Both aces receive one card and complete by themselves; the dealer then plays.
    assert game.is_complete
    assert [points(h.cards).total for h in game.boxes[0].hands] == [16, 15]


def test_633a_11_c_split_aces_may_draw_by_the_text() -> None:
    game = deal("AS 6H AD 7C 5S 4S TS", 2000)
    game.split()
    assert game.turn == Turn(1, 0, "play")
    assert game.can_hit()
    assert game.can_double()


def test_633a_11_split_21_is_not_a_blackjack() -> None:
    game = deal("AS 6H AD 7C KS 8S 9S TS", 2000, hit_split_aces=False)
    game.split()
    assert outcome(game, 1, 0) == ("win", 2000, 4000)  # 21 pays 1 to 1, not 3 to 2


def test_633a_7_k_1_a_hand_of_21_completes_by_itself() -> None:
    game = deal("5S TH 6D 6S 7H 9S TS", 2000, 2000)
    game.hit()  # 5+6+T = 21: box 1 is done without being asked
    assert game.turn == Turn(2, 0, "play")


def test_633a_7_m_dealer_stands_on_soft_17_and_the_h17_what_if() -> None:
    s17 = deal("TS AH 9D 6C 5S 5H", 2000)
    s17.decline()
    s17.stand()
    assert [str(c) for c in s17.dealer_cards] == ["AH", "6C"]
    h17 = deal("TS AH 9D 6C 5S 5H", 2000, dealer_hits_soft_17=True)
    h17.decline()
    h17.stand()
    assert [str(c) for c in h17.dealer_cards] == ["AH", "6C", "5S", "5H"]


def test_633a_7_n_dealer_draws_nothing_when_no_hand_depends_on_it() -> None:
    game = deal("TS 6H 6D 7C KS 5S", 2000)
    game.hit()  # busts with 26
    completed = [e for e in game.events if isinstance(e, DealerCompleted)]
    assert completed[0].paragraph == "633a.7(n)"
    assert [str(c) for c in game.dealer_cards] == ["6H", "7C"]


def test_633a_7_p_q_win_lose_push() -> None:
    win = deal("TS 9H 9D 8C", 2000)
    win.stand()
    assert outcome(win) == ("win", 2000, 4000)
    push = deal("TS 9H 8D 9C", 2000)
    push.stand()
    assert outcome(push) == ("push", 2000, 2000)
    lose = deal("TS 9H 7D TC", 2000)
    lose.stand()
    assert outcome(lose) == ("lose", 2000, 0)


def test_633a_7_p_3_blackjack_beats_a_dealer_multi_card_21() -> None:
    game = deal("AS 6H KD 5C TS", 2000)
    assert outcome(game) == ("blackjack", 2000, 5000)


def test_633a_7_r_settlement_order_follows_the_rules_submission() -> None:
    # Box 1 has 19, box 2 has 17, box 3 has 20; the dealer's 6+K draws a 2 for 18.
    cards = "TS TH TD 6C 9S 7H TC KD 2S"
    first = deal(cards, 1000, 1000, 1000)
    for _ in range(3):
        first.stand()
    # 633a.7(r)(1): every losing wager is collected before any winner is paid.
    assert [(s.box, s.outcome) for s in first.settlements()] == [
        (2, "lose"),
        (3, "win"),
        (1, "win"),
    ]
    counter = deal(cards, 1000, 1000, 1000, settlement_procedure="counterclockwise")
    for _ in range(3):
        counter.stand()
    assert [s.box for s in counter.settlements()] == [3, 2, 1]


def test_triad_verify_can_and_act_agree() -> None:
    game = deal("TS 6H 6D 7C 5S", 2000)
    for action in Action:
        allowed = game.can(action)
        assert allowed == (action in game.legal_actions())
        if not allowed:
            with pytest.raises(IllegalActionError):
                game.verify(action)


def test_633a_7_s_the_log_replays_to_an_identical_round() -> None:
    game = deal("8S 6H 8D 7C 3S 9S TS 4H TH", 2000)
    game.split()
    game.double()
    game.stand()
    assert game.is_complete
    assert replay(game.events).events == game.events


def test_633a_6_c_blackjack_wagers_placed_before_the_first_card() -> None:
    game = deal("8S 6H 8D 7C 3S 9S TS 4H TH", 2000)
    game.split()
    kinds = [(type(e).__name__, getattr(e, "wager", None)) for e in game.events]
    first_card = kinds.index(("CardDealt", None))
    assert ("WagerPlaced", "blackjack") in kinds[:first_card]
    # Only double, split and insurance wagers come after the first card (633a.6(c)).
    assert kinds.index(("WagerPlaced", "split")) > first_card


def test_633a_7_j_additional_cards_dealt_face_up() -> None:
    game = deal("TS 6H 2D 7C 3S 9S", 2000)
    game.hit()
    drawn = [e for e in game.events if isinstance(e, CardDealt)][4]
    assert (drawn.card, drawn.face_up, drawn.paragraph) == ("3S", True, "633a.7(j)")


def test_633a_7_l_hole_card_turned_up_after_every_decision() -> None:
    game = deal("TS 9S 6H 7D 8S 7C TH", 2000, 2000)
    game.stand()
    assert not game.hole_revealed  # box 2 still to decide
    game.stand()
    kinds = [type(e).__name__ for e in game.events]
    assert kinds.index("HoleCardRevealed") > max(
        index for index, kind in enumerate(kinds) if kind == "DecisionMade"
    )


def test_633a_10_c_one_card_dealt_to_a_double() -> None:
    game = deal("6S 5H 5D 7C 2S TH", 2000)
    game.double()
    doubled = [e for e in game.events if isinstance(e, CardDealt) and e.to == "box"]
    assert (len(doubled), doubled[-1].paragraph) == (3, "633a.10(c)")


def test_633a_13_b_insurance_pays_two_to_one() -> None:
    game = deal("9S AH 9D KC", 2000)
    game.insure(1000)
    insurance = [s for s in game.settlements() if s.wager == "insurance"]
    assert (insurance[0].stake, insurance[0].returned) == (1000, 3000)


def test_633a_10_b_a_surrendered_switch_hand_leaves_the_other_one_original_wager() -> None:
    # Non-PA Blackjack Switch without a check, with surrender (633a.12(a)(4)). Hands 4S TH and
    # 7C 3D, up AS, hole QH (633a.7(f)): the first hand surrenders, the second doubles (2C, 12).
    # The dealer's Blackjack shows at the end: the surrender loses its whole $10 (633a.9(a)(2));
    # with original bets only the doubled hand loses only its original $10 (633a.10(b)), so the
    # box loses its two original wagers, $20, not $30.
    def play(original_bets_only: bool) -> list[tuple[int, int]]:
        rules = Rules(
            variant="blackjack_switch",
            dealer_peeks=False,
            switch_surrender=True,
            original_bets_only=original_bets_only,
        )
        shoe = StackedShoe(parse_cards(["4S", "7C", "AS", "TH", "3D", "QH", "2C"]))
        game = Round(rules=rules, shoe=shoe, wagers=[BoxWager(box=1, amount=1000)])
        game.act(Action.DECLINE)  # insurance (633a.8)
        game.act(Action.KEEP)  # 633a.12(a)(4)
        game.act(Action.SURRENDER)
        game.act(Action.DOUBLE)
        assert game.is_complete
        return [(s.stake, s.returned) for s in game.settlements() if s.wager == "blackjack"]

    assert play(True) == [(1000, 0), (2000, 1000)]
    assert play(False) == [(1000, 0), (2000, 0)]
