"""The betting window (633a.2(a), 633a.6(c)-(f), 633b.16(c), 633c.4(b)-(c), (k)-(l)) and what a
pending decision costs the wallet (633a.8(b), 633a.10(a), 633a.11(a), 633b.16(d), 633c.4(c))."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames.blackjack.actions import Action, Turn
from tablegames.blackjack.betting import BettingWindow
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules, rules_from_mapping
from tablegames.blackjack.wagers import BoxWager, validate_box_wagers
from tablegames.core.cardsource import StackedShoe
from tablegames.core.errors import IllegalActionError, WagerError
from tests.helpers import deal

LUCKY_LADIES = rules_from_mapping({"side_wagers": {"lucky_ladies": {}}})
TWO_BOXES_EACH = Rules(max_boxes_per_player=2)
HANDS: dict[str, Any] = {"variant": "switch_hands", "wager_unit": 500, "min_wager": 500}


def bet(box: int, amount: int = 2500, player: str = "", **side: int) -> BoxWager:
    return BoxWager(box=box, amount=amount, player=player, side=side)


def shoe(cards: str) -> StackedShoe:
    return StackedShoe.parse(cards.split())


def refused(window: BettingWindow, wager: BoxWager) -> WagerError:
    """Place `wager`, expecting a refusal that leaves the window as it was."""
    before = window.bets
    with pytest.raises(WagerError) as caught:
        window.place(wager)
    assert window.bets == before
    return caught.value


# --- each bet checked as it arrives ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("amount", "phrase"),
    [(900, "below the table minimum"), (500_100, "over the table maximum"), (1050, "wager unit")],
)
def test_633a_6_d_the_blackjack_wager_limits_and_unit_are_checked_as_it_arrives(
    amount: int, phrase: str
) -> None:
    window = BettingWindow(Rules())
    window.place(bet(1))
    assert phrase in str(refused(window, bet(2, amount)))


def test_633a_2_a_a_bet_on_a_box_the_table_does_not_have_is_refused() -> None:
    window = BettingWindow(Rules(boxes=5))
    assert refused(window, bet(6)).paragraph == "633a.2(a)"
    assert refused(window, bet(0)).paragraph == "633a.2(a)"


def test_633a_2_a_a_box_takes_one_blackjack_wager() -> None:
    window = BettingWindow(Rules())
    window.place(bet(3, player="Ann"))
    problem = refused(window, bet(3, 5000, player="Bob"))
    assert problem.paragraph == "633a.2(a)"
    assert "already has a Blackjack Wager" in str(problem)


def test_633a_6_e_a_side_wager_must_be_offered_at_the_table() -> None:
    window = BettingWindow(Rules())
    problem = refused(window, bet(1, lucky_ladies=500))
    assert problem.paragraph == "633a.6(e)"
    assert "not offered" in str(problem)


def test_633a_6_e_a_side_wager_within_its_limits() -> None:
    window = BettingWindow(LUCKY_LADIES)
    assert "outside its limits" in str(refused(window, bet(1, lucky_ladies=20_000)))
    window.place(bet(1, lucky_ladies=500))
    assert window.bets == (bet(1, lucky_ladies=500),)


def test_633a_6_d_e_a_side_wager_goes_with_a_blackjack_wager() -> None:
    window = BettingWindow(LUCKY_LADIES)
    problem = refused(window, bet(1, 0, lucky_ladies=500))
    assert problem.paragraph == "633a.6(e)"
    assert "goes with a Blackjack Wager" in str(problem)


def test_633b_16_c_ez_bust_is_not_placed_before_the_deal() -> None:
    window = BettingWindow(rules_from_mapping({"side_wagers": {"ez_bust": {}}}))
    assert refused(window, bet(1, ez_bust=500)).paragraph == "633b.16(c)"


def test_633c_4_b_switch_hands_bets_in_5_dollar_increments() -> None:
    # A what-if table whose $1 unit the Rules check would flag still takes only $5 steps.
    window = BettingWindow(Rules(variant="switch_hands", wager_unit=100, min_wager=500))
    problem = refused(window, bet(1, 1200, switch_hands_ante=200))
    assert problem.paragraph == "633c.4(b)"
    window.place(bet(1, 1000, switch_hands_ante=200))


def test_633c_4_c_the_switch_hands_ante_is_a_dollar_for_every_five() -> None:
    window = BettingWindow(rules_from_mapping(HANDS))
    assert refused(window, bet(1, 1000)).paragraph == "633c.4(c)"
    assert refused(window, bet(1, 1000, switch_hands_ante=100)).paragraph == "633c.4(c)"
    window.place(bet(1, 1000, switch_hands_ante=200))


def test_633c_4_k_l_the_ante_is_optional_at_a_premium_table() -> None:
    window = BettingWindow(rules_from_mapping({**HANDS, "blackjack_premium": True}))
    window.place(bet(1, 1000))
    window.place(bet(2, 1000, player="Bob", switch_hands_ante=200))
    assert refused(window, bet(3, 1000, switch_hands_ante=100)).paragraph == "633c.4(c)"


def test_633c_4_c_an_ante_belongs_only_to_a_switch_hands_table() -> None:
    window = BettingWindow(Rules())
    assert refused(window, bet(1, 1000, switch_hands_ante=200)).paragraph == "633c.4(c)"


# --- 633a.6(f): a player's boxes, counted with the earlier bets -----------------------------------


def test_633a_6_f_a_third_box_beyond_the_house_limit_is_refused_as_it_arrives() -> None:
    window = BettingWindow(TWO_BOXES_EACH)
    window.place(bet(1, player="Ann"))
    window.place(bet(2, player="Ann"))
    problem = refused(window, bet(3, player="Ann"))
    assert problem.paragraph == "633a.6(f)"
    assert "the house allows 2" in str(problem)
    window.place(bet(3, player="Bob"))  # another player's box is counted apart


def test_633a_6_f_a_box_apart_from_the_players_others_is_refused() -> None:
    window = BettingWindow(Rules())
    window.place(bet(2, player="Ann"))
    problem = refused(window, bet(4, player="Ann"))
    assert problem.paragraph == "633a.6(f)"
    assert "not adjacent" in str(problem)
    window.place(bet(3, player="Ann"))
    window.place(bet(4, player="Ann"))
    assert [wager.box for wager in window.bets] == [2, 3, 4]


def test_633a_6_f_withdrawing_a_middle_box_would_part_the_others_and_is_refused() -> None:
    window = BettingWindow(Rules())
    for box in (1, 2, 3):
        window.place(bet(box, player="Ann"))
    before = window.bets
    with pytest.raises(WagerError) as caught:
        window.withdraw(2)
    assert caught.value.paragraph == "633a.6(f)"
    assert window.bets == before
    assert window.withdraw(3).box == 3  # an end box may go


# --- withdrawing and closing ----------------------------------------------------------------------


def test_633a_6_c_a_bet_may_be_withdrawn_and_placed_again_before_the_deal() -> None:
    window = BettingWindow(Rules())
    window.place(bet(1, 2500, player="Ann"))
    assert window.withdraw(1) == bet(1, 2500, player="Ann")
    assert window.bets == ()
    window.place(bet(1, 5000, player="Ann"))
    assert window.close() == (bet(1, 5000, player="Ann"),)


def test_a_box_without_a_bet_has_nothing_to_withdraw() -> None:
    window = BettingWindow(Rules())
    with pytest.raises(WagerError, match="no bet to withdraw"):
        window.withdraw(4)


def test_633a_6_c_a_bet_cannot_be_withdrawn_after_the_window_closes() -> None:
    window = BettingWindow(Rules())
    window.place(bet(1))
    window.close()
    assert not window.is_open
    with pytest.raises(WagerError) as caught:
        window.withdraw(1)
    assert caught.value.paragraph == "633a.6(c)"
    assert window.bets == (bet(1),)


def test_633a_6_c_no_bet_is_placed_once_the_window_closes() -> None:
    window = BettingWindow(Rules())
    window.place(bet(1))
    window.close()
    assert refused(window, bet(2)).paragraph == "633a.6(c)"
    with pytest.raises(WagerError) as caught:
        window.close()
    assert caught.value.paragraph == "633a.6(c)"


def test_633a_6_d_an_empty_window_does_not_close() -> None:
    window = BettingWindow(Rules())
    with pytest.raises(WagerError) as caught:
        window.close()
    assert caught.value.paragraph == "633a.6(d)"
    assert window.is_open
    window.place(bet(1))
    assert window.close() == (bet(1),)


def test_633a_7_f_the_window_closes_with_the_bets_in_dealing_order() -> None:
    window = BettingWindow(Rules())
    for box, player in ((5, "Cy"), (2, "Ann"), (6, "Cy"), (1, "Ann")):
        window.place(bet(box, player=player))
    assert [wager.box for wager in window.close()] == [1, 2, 5, 6]


def test_a_round_takes_its_wagers_through_the_window_in_any_order() -> None:
    # Box 3 then box 1 then box 2 for one player: adjacent once all are down.
    wagers = [bet(3, player="Ann"), bet(1, player="Ann"), bet(2, player="Ann")]
    game = Round(rules=Rules(), shoe=shoe("2S 3S 4S 5S 6S 7S 8S 9S"), wagers=wagers)
    assert [box.number for box in game.boxes] == [1, 2, 3]


# --- the window and the all-at-once check agree ---------------------------------------------------

PROPERTY_RULES = Rules(
    boxes=5,
    max_boxes_per_player=2,
    side_wagers=LUCKY_LADIES.side_wagers,
)
_place = st.tuples(
    st.just("place"),
    st.integers(0, 6),
    st.sampled_from(["Ann", "Bob"]),
    st.sampled_from([0, 900, 1000, 1050, 2500]),
    st.sampled_from([{}, {"lucky_ladies": 500}, {"lucky_ladies": 5}]),
)
_withdraw = st.tuples(st.just("withdraw"), st.integers(0, 6))


def _accepted(wagers: list[BoxWager]) -> bool:
    try:
        validate_box_wagers(wagers, PROPERTY_RULES)
    except WagerError:
        return False
    return True


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(_place, _withdraw), max_size=12))
def test_633a_6_the_window_and_the_all_at_once_check_agree(operations: list[Any]) -> None:
    window = BettingWindow(PROPERTY_RULES)
    for operation in operations:
        before = window.bets
        if operation[0] == "place":
            _, box, player, amount, side = operation
            wager = BoxWager(box=box, amount=amount, player=player, side=side)
            expected = _accepted([*before, wager])
            try:
                window.place(wager)
            except WagerError:
                assert not expected
                assert window.bets == before
            else:
                assert expected
        else:
            box = operation[1]
            remaining = [wager for wager in before if wager.box != box]
            expected = len(remaining) < len(before) and (not remaining or _accepted(remaining))
            try:
                window.withdraw(box)
            except WagerError:
                assert not expected
                assert window.bets == before
            else:
                assert expected
                assert list(window.bets) == remaining
    if window.bets:
        assert validate_box_wagers(list(window.bets), PROPERTY_RULES) == list(window.bets)
        assert window.close() == window.bets
    else:
        with pytest.raises(WagerError):
            window.close()


# --- what the pending decision costs --------------------------------------------------------------


def test_633a_10_a_stake_required_for_a_double_for_less() -> None:
    game = deal("9S 5H 2D 7C KH", 2500)  # 9 and 2 against a 5
    assert game.stake_required(Action.DOUBLE, 1000) == 1000
    assert game.stake_required(Action.DOUBLE) == 2500  # no amount: the whole original wager
    with pytest.raises(IllegalActionError) as caught:
        game.stake_required(Action.DOUBLE, 3000)
    assert caught.value.paragraph == "633a.10(a)"


def test_633a_11_a_stake_required_for_a_split_is_the_hands_wager() -> None:
    game = deal("8S 5H 8D 7C 2C 3C", 2500)
    assert game.stake_required(Action.SPLIT) == 2500


def test_633a_11_a_an_illegal_split_raises_the_engines_refusal() -> None:
    game = deal("9S 5H 2D 7C", 2500)
    with pytest.raises(IllegalActionError) as caught:
        game.stake_required(Action.SPLIT)
    assert caught.value.paragraph == "633a.11(a)"


def test_633a_7_i_hit_stand_and_surrender_cost_nothing() -> None:
    game = deal("9S 5H 7D 7C", 2500)
    for action in (Action.HIT, Action.STAND, Action.SURRENDER):
        assert game.stake_required(action) == 0
    with pytest.raises(IllegalActionError, match="takes no amount"):
        game.stake_required(Action.HIT, 500)


def test_633a_8_b_stake_required_for_insurance_is_its_amount_up_to_the_most() -> None:
    game = deal("9S AH 9D 7C", 2500)
    assert game.turn == Turn(1, 0, "insurance")
    assert game.stake_required(Action.INSURANCE, game.max_insurance()) == 1300
    assert game.stake_required(Action.INSURANCE, 500) == 500
    assert game.stake_required(Action.DECLINE) == 0
    with pytest.raises(IllegalActionError) as caught:
        game.stake_required(Action.INSURANCE, 1400)
    assert caught.value.paragraph == "633a.8(b)"


def test_633a_8_e_even_money_costs_nothing() -> None:
    game = deal("AS AH KD 7C", 2500)  # Blackjack against an ace up: even money is offered
    assert game.stake_required(Action.EVEN_MONEY) == 0
    without = deal("9S AH 9D 7C", 2500)
    with pytest.raises(IllegalActionError) as caught:
        without.stake_required(Action.EVEN_MONEY)
    assert caught.value.paragraph == "633a.8(e)"


def test_633b_16_d_stake_required_for_ez_bust_is_its_amount() -> None:
    game = Round(
        rules=rules_from_mapping({"decks": 8, "side_wagers": {"ez_bust": {}}}),
        shoe=shoe("TS 6H 8D TC"),
        wagers=[bet(1, 1000)],
    )
    assert game.turn == Turn(1, 0, "ez_bust")
    assert game.stake_required(Action.EZ_BUST, 500) == 500
    assert game.stake_required(Action.DECLINE) == 0
    with pytest.raises(IllegalActionError) as caught:
        game.stake_required(Action.EZ_BUST, 1500)
    assert caught.value.paragraph == "633b.16(d)"


def test_633c_4_c_the_switch_decision_collects_the_ante_already_down() -> None:
    game = Round(
        rules=rules_from_mapping(HANDS),
        shoe=shoe("2S 3S TS 5H 9D 7C"),
        wagers=[bet(1, 1000, switch_hands_ante=200)],
    )
    assert game.turn == Turn(1, 0, "switch_hands")
    # The ante went down with the Blackjack Wager; switching or keeping adds no chips.
    assert game.stake_required(Action.SWITCH) == 0
    assert game.stake_required(Action.KEEP) == 0
    with pytest.raises(IllegalActionError) as caught:
        game.stake_required(Action.HIT)
    assert caught.value.paragraph == "633c.4(f)"


def test_a_complete_round_requires_no_decision() -> None:
    game = deal("9S 5H 7D 7C TC", 2500)
    game.stand()
    assert game.is_complete
    with pytest.raises(IllegalActionError, match="complete"):
        game.stake_required(Action.HIT)
