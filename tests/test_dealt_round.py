"""A round dealt by a person: the card feed and the irregularities of 633a.14 at the round.

Every expected value is worked out by hand from the paragraph and the cards listed (one deck of
six, S17, 3:2, the PA preset rules unless said); each test also checks that the log replays
(633a.7(s)).
"""

from __future__ import annotations

from collections import Counter

import pytest

from tablegames.blackjack.actions import Action
from tablegames.blackjack.dealt import DealtRound
from tablegames.blackjack.events import (
    CardDealt,
    CardDiscarded,
    CardExposed,
    HandCompleted,
    HoleCardRevealed,
    IrregularityRecorded,
    RoundCompleted,
)
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card, standard_decks
from tablegames.core.cardsource import StackedShoe
from tablegames.core.errors import IllegalActionError, ShoeError
from tests.dealt_helpers import (
    awaited,
    check_replays,
    deal,
    dealt_to,
    net,
    new_round,
    settled,
    turn_of,
)

ONE_DECK = Rules(decks=1)


def two_boxes() -> DealtRound:
    return new_round((1, "ann", 2500), (2, "bob", 1000))


# --- the card feed ---------------------------------------------------------------------------


def test_633a_7_f_dealt_round_logs_what_the_engine_logs_for_the_same_cards() -> None:
    cards = ["9S", "5H", "KH", "7C", "TS", "6D", "2C", "9D"]
    game = two_boxes()
    deal(game, *cards[:6])
    game.act(1, Action.HIT)
    deal(game, "2C")
    game.act(1, Action.STAND)
    game.act(2, Action.STAND)
    deal(game, "9D")
    reference = Round(
        rules=Rules(),
        shoe=StackedShoe.parse(cards),
        wagers=[
            BoxWager(box=1, player="ann", amount=2500),
            BoxWager(box=2, player="bob", amount=1000),
        ],
    )
    reference.act(Action.HIT)
    reference.act(Action.STAND)
    reference.act(Action.STAND)
    assert game.is_complete
    assert game.events == reference.events
    check_replays(game)


def test_633a_7_f_awaiting_names_each_card_of_the_initial_deal_in_order() -> None:
    game = two_boxes()
    seen = []
    for code in ["9S", "5H", "KH", "7C", "TS", "6D"]:
        where = awaited(game)
        seen.append((where.to, where.box, where.face_up, where.paragraph))
        deal(game, code)
    assert seen == [
        ("box", 1, True, "633a.7(f)(1)"),
        ("box", 2, True, "633a.7(f)(1)"),
        ("dealer", 0, True, "633a.7(f)(2)"),
        ("box", 1, True, "633a.7(f)(3)"),
        ("box", 2, True, "633a.7(f)(3)"),
        ("dealer", 0, False, "633a.7(f)(4)"),
    ]
    assert game.awaiting is None
    assert game.turn is not None


def test_633a_3_a_a_card_already_dealt_from_one_deck_is_refused_and_nothing_changes() -> None:
    game = new_round((1, "ann", 2500), rules=ONE_DECK)
    deal(game, "AS")
    before = list(game.events)
    with pytest.raises(ShoeError, match="AS cannot come from this shoe") as refused:
        deal(game, "AS")
    assert refused.value.paragraph == "633a.3(a)"
    assert game.events == before
    assert game.awaiting is not None
    assert awaited(game).to == "dealer"


def test_633a_3_a_a_seventh_ace_of_spades_from_six_decks_is_refused() -> None:
    holds = Counter(standard_decks(6))
    holds[Card.parse("AS")] = 0  # all six already dealt since the shuffle
    game = new_round((1, "ann", 2500), holds=holds)
    with pytest.raises(ShoeError, match="every AS of its 6 deck"):
        deal(game, "AS")


def test_633a_7_f_4_a_hole_card_dealt_face_up_is_refused() -> None:
    game = new_round((1, "ann", 2500))
    deal(game, "9S", "KH", "7C")
    with pytest.raises(ShoeError, match="face down") as refused:
        game.deal(Card.parse("6D"), face_up=True)
    assert refused.value.paragraph == "633a.7(f)(4)"


def test_a_decision_while_a_card_is_awaited_is_refused() -> None:
    game = new_round((1, "ann", 2500))
    deal(game, "9S")
    with pytest.raises(IllegalActionError, match="the dealer is dealing"):
        game.act(1, Action.STAND)


def test_a_decision_for_another_box_is_refused() -> None:
    game = two_boxes()
    deal(game, "9S", "5H", "KH", "7C", "TS", "6D")
    with pytest.raises(IllegalActionError, match="box 1 hand 0's turn, not box 2"):
        game.act(2, Action.STAND)


# --- 633a.14(a) ------------------------------------------------------------------------------


def test_633a_14_a_a_card_found_face_up_in_the_shoe_goes_to_the_rack() -> None:
    game = two_boxes()
    deal(game, "9S")
    events = game.found_face_up(Card.parse("QS"))
    assert [e.kind for e in events] == ["card_discarded"]
    assert events[0].paragraph == "633a.14(a)"
    assert awaited(game).box == 2  # the awaited card is still box 2's first
    deal(game, "5H", "KH", "7C", "TS", "6D")
    game.act(1, Action.STAND)
    game.act(2, Action.STAND)
    deal(game, "9D")
    assert game.is_complete
    assert "QS" not in [card for card, *_ in dealt_to(game.events)]
    assert Card.parse("QS") in game.discards
    assert len(game.discards) == 8
    # Box 1: 9 7 = 16, box 2: 5 T = 15, the dealer's K 6 draws the 9: 25, both win.
    assert net(game.events) == {"ann": 2500, "bob": 1000}
    check_replays(game)


def test_633a_14_a_a_card_found_face_up_is_refused_when_no_card_is_drawn() -> None:
    game = two_boxes()
    deal(game, "9S", "5H", "KH", "7C", "TS", "6D")
    with pytest.raises(IllegalActionError, match="no card is awaited"):
        game.found_face_up(Card.parse("QS"))


# --- 633a.14(b) ------------------------------------------------------------------------------


def test_633a_14_b_a_card_drawn_in_error_unexposed_is_the_next_card() -> None:
    game = two_boxes()
    deal(game, "9S", "5H", "KH", "7C", "TS", "6D")
    events = game.drawn_in_error(Card.parse("2C"))
    assert [(e.kind, e.paragraph) for e in events] == [("irregularity", "633a.14(b)")]
    game.act(1, Action.HIT)  # box 1's requested card is the card drawn in error
    assert dealt_to(game.events)[-1] == ("2C", "box", 1, 0)
    assert game.game.box(1).hands[0].points.total == 18  # box 1: 9 7 2
    check_replays(game)


def test_633a_14_b_a_card_drawn_in_error_while_awaited_is_dealt_there() -> None:
    game = two_boxes()
    deal(game, "9S")
    events = game.drawn_in_error(Card.parse("5H"))
    assert [e.kind for e in events] == ["irregularity", "card_dealt"]
    assert dealt_to(events) == [("5H", "box", 2, 0)]
    check_replays(game)


def test_633a_14_b_an_unused_card_drawn_in_error_is_the_next_rounds_first() -> None:
    game = new_round((1, "ann", 2500))
    deal(game, "9S", "KH", "7C", "6D")
    game.drawn_in_error(Card.parse("2C"))
    game.act(1, Action.STAND)
    # The dealer's K 6 = 16 draws: the 2C is that card, 18 stands.
    assert dealt_to(game.events)[-1] == ("2C", "dealer", 0, 0)
    assert game.is_complete
    assert game.unused == []
    # Not used at all: carried to the next round as its first card.
    second = new_round((1, "ann", 2500))
    deal(second, "9S", "KH", "7C", "6D")
    second.drawn_in_error(Card.parse("2C"))
    second.act(1, Action.SURRENDER)  # 633a.9(a)(1): settled at once, nothing drawn
    assert second.is_complete
    assert second.unused == [Card.parse("2C")]
    third = new_round((1, "ann", 2500), carried=second.unused)
    assert dealt_to(third.events) == [("2C", "box", 1, 0)]
    check_replays(second)
    check_replays(third)


# --- 633a.14(c) ------------------------------------------------------------------------------


def test_633a_14_c_the_exposed_card_goes_to_the_next_player_who_takes_a_card() -> None:
    game = two_boxes()
    deal(game, "9S", "5H", "KH", "7C", "TS", "6D")
    events = game.exposed(Card.parse("2C"))
    assert [e.kind for e in events] == ["card_exposed"]
    game.act(1, Action.HIT)
    dealt = [e for e in game.events if isinstance(e, CardDealt)][-1]
    assert (dealt.card, dealt.box, dealt.paragraph) == ("2C", 1, "633a.14(c)")
    check_replays(game)


def test_633a_14_c_a_player_who_refuses_the_exposed_card_gets_no_more_cards() -> None:
    # Ann plays boxes 1 and 2, Bob box 3. Ann stands on box 1 while the 2C waits: she refused
    # it, so box 2 gets no card either; Bob hits and takes it.
    game = new_round((1, "ann", 1000), (2, "ann", 1000), (3, "bob", 1000))
    deal(game, "TS", "5H", "6C", "7C", "8D", "4S", "9H", "8S")
    game.exposed(Card.parse("2C"))
    game.act(1, Action.STAND)
    refused = [e for e in game.events if isinstance(e, IrregularityRecorded)]
    assert [(e.what, e.box) for e in refused] == [("exposed_card_refused", 1)]
    completed = [e for e in game.events if isinstance(e, HandCompleted)]
    assert (completed[-1].box, completed[-1].reason, completed[-1].paragraph) == (
        2,
        "refused the exposed card",
        "633a.14(c)",
    )
    assert turn_of(game).box == 3
    game.act(3, Action.HIT)
    assert dealt_to(game.events)[-1] == ("2C", "box", 3, 0)
    check_replays(game)


def test_633a_14_c_refused_by_all_and_unusable_by_the_dealer_it_is_discarded() -> None:
    # The dealer's 10 + 7 = 17 stands (633a.7(m)): the refused 2C cannot be used.
    game = new_round((1, "ann", 1000))
    deal(game, "TS", "TH", "9C", "7D")
    game.exposed(Card.parse("2C"))
    game.act(1, Action.STAND)
    assert game.is_complete
    discarded = [e for e in game.events if isinstance(e, CardDiscarded)]
    assert [(e.card, e.paragraph) for e in discarded] == [("2C", "633a.14(c)")]
    assert Card.parse("2C") in game.discards
    assert net(game.events) == {"ann": 1000}  # 19 beats 17
    check_replays(game)


def test_633a_14_c_refused_by_the_players_the_dealer_draws_it() -> None:
    # The dealer's 10 + 6 = 16 draws (633a.7(m)): the 2C is the dealer's card, 18.
    game = new_round((1, "ann", 1000))
    deal(game, "TS", "TH", "9C", "6D")
    game.exposed(Card.parse("2C"))
    game.act(1, Action.STAND)
    assert game.is_complete
    last = [e for e in game.events if isinstance(e, CardDealt)][-1]
    assert (last.card, last.to, last.paragraph) == ("2C", "dealer", "633a.14(c)")
    assert net(game.events) == {"ann": 1000}  # 19 beats 18
    check_replays(game)


def test_633a_14_c_applies_after_the_initial_deal_only() -> None:
    game = new_round((1, "ann", 1000))
    deal(game, "TS")
    with pytest.raises(IllegalActionError, match="awaits") as refused:
        game.exposed(Card.parse("2C"))
    assert refused.value.paragraph == "633a.14(c)"


# --- 633a.14(e) ------------------------------------------------------------------------------


def test_633a_14_e_a_missed_dealer_card_comes_after_the_players_first_two() -> None:
    game = two_boxes()
    deal(game, "9S", "5H")
    events = game.not_dealt("later")
    assert [(e.kind, e.paragraph) for e in events] == [("irregularity", "633a.14(e)")]
    assert (awaited(game).to, awaited(game).box) == ("box", 1)
    deal(game, "KH", "7C", "TS", "6D")
    assert dealt_to(game.events) == [
        ("9S", "box", 1, 0),
        ("5H", "box", 2, 0),
        ("KH", "box", 1, 0),
        ("7C", "box", 2, 0),
        ("TS", "dealer", 0, 0),
        ("6D", "dealer", 0, 0),
    ]
    assert game.game.up_card == Card.parse("TS")
    check_replays(game)


def test_633a_14_e_a_missed_dealer_card_cannot_be_called_dead() -> None:
    game = two_boxes()
    deal(game, "9S", "5H")
    with pytest.raises(IllegalActionError, match='"later"') as refused:
        game.not_dealt("dead")
    assert refused.value.paragraph == "633a.14(e)"
    assert awaited(game).to == "dealer"


# --- 633a.14(g) ------------------------------------------------------------------------------


def test_633a_14_g_a_hand_dealt_no_card_is_dead_and_its_wager_returned() -> None:
    game = new_round((1, "ann", 2500), (2, "bob", 1000), (3, "cy", 1000))
    deal(game, "9S")
    game.not_dealt("dead")  # box 2 passed over
    deal(game, "8H", "TS", "KH", "9D", "7C")
    assert settled(game.events)[0] == (2, 0, "blackjack", 1000, 1000, "dead")
    assert [box for _, _, box, _ in dealt_to(game.events)] == [1, 3, 0, 1, 3, 0]
    game.act(1, Action.STAND)
    game.act(3, Action.STAND)
    assert game.is_complete
    # 19 and 17 against the dealer's 17: Ann wins, Cy pushes, Bob's wager came back.
    assert net(game.events) == {"ann": 2500, "bob": 0, "cy": 0}
    check_replays(game)


def test_633a_14_g_one_card_dealt_the_second_comes_after_the_others() -> None:
    game = two_boxes()
    deal(game, "9S", "5H", "TS")
    game.not_dealt("later")  # box 1's second card passed over
    deal(game, "7C", "KH", "6D")
    assert dealt_to(game.events)[3:] == [
        ("7C", "box", 2, 0),
        ("KH", "box", 1, 0),
        ("6D", "dealer", 0, 0),
    ]
    check_replays(game)


def test_633a_14_g_one_card_dealt_the_player_may_take_the_hand_as_dead() -> None:
    game = two_boxes()
    deal(game, "9S", "5H", "TS")
    game.not_dealt("dead")
    deal(game, "7C", "6D")
    assert settled(game.events)[0] == (1, 0, "blackjack", 2500, 2500, "dead")
    game.act(2, Action.STAND)
    deal(game, "9D")  # the dealer's T 6 draws: 25
    assert game.is_complete
    assert Card.parse("9S") in game.discards
    check_replays(game)


def test_633a_14_g_a_hand_dealt_no_card_has_no_later_option() -> None:
    game = two_boxes()
    deal(game, "9S")
    with pytest.raises(IllegalActionError, match="dealt no card is dead") as refused:
        game.not_dealt("later")
    assert refused.value.paragraph == "633a.14(g)"


# --- 633a.14(i) ------------------------------------------------------------------------------


def test_633a_14_i_a_requested_card_passed_over_comes_before_the_hole_card() -> None:
    game = two_boxes()
    deal(game, "9S", "5H", "TS", "3C", "7C", "6D")  # box 1: 9 3, box 2: 5 7, dealer T 6
    game.act(1, Action.HIT)
    game.not_dealt("later")
    assert turn_of(game).box == 2  # play goes on to box 2
    game.act(2, Action.STAND)
    assert (awaited(game).box, awaited(game).paragraph) == (1, "633a.14(i)")
    deal(game, "2H")  # box 1: 14, and box 1 plays on
    assert not any(isinstance(e, HoleCardRevealed) for e in game.events)
    assert turn_of(game).box == 1
    game.act(1, Action.HIT)
    deal(game, "5D")  # 19
    game.act(1, Action.STAND)
    deal(game, "9H")  # the dealer's 16 draws: 25, busts
    assert game.is_complete
    assert net(game.events) == {"ann": 2500, "bob": 1000}
    check_replays(game)


def test_633a_14_i_a_requested_card_passed_over_the_player_may_call_the_hand_dead() -> None:
    game = two_boxes()
    deal(game, "9S", "5H", "TS", "2C", "7C", "6D")  # box 1: 9 2 = 11
    game.act(1, Action.DOUBLE)
    game.not_dealt("dead")
    # The hand is dead: its Blackjack Wager and the double placed on it come back.
    assert settled(game.events)[-1] == (1, 0, "blackjack", 5000, 5000, "dead")
    game.act(2, Action.STAND)
    deal(game, "TD")
    assert game.is_complete
    assert net(game.events)["ann"] == 0
    check_replays(game)


def test_633a_14_i_a_split_hands_card_cannot_be_passed_over() -> None:
    game = new_round((1, "ann", 1000))
    deal(game, "8S", "TS", "8H", "7D")
    game.act(1, Action.SPLIT)
    with pytest.raises(IllegalActionError, match="hitting or doubling") as refused:
        game.not_dealt("later")
    assert refused.value.paragraph == "633a.14(i)"


# --- 633a.14(j) ------------------------------------------------------------------------------


def test_633a_14_j_1_a_reader_that_shows_the_value_makes_every_hand_dead() -> None:
    game = two_boxes()
    deal(game, "9S", "5H", "7C", "KH", "7D", "6D")
    events = game.hole_card_read()
    assert events[0].paragraph == "633a.14(j)(1)"
    assert game.is_complete
    assert sorted(settled(game.events)) == [
        (1, 0, "blackjack", 2500, 2500, "dead"),
        (2, 0, "blackjack", 1000, 1000, "dead"),
    ]
    assert isinstance(game.events[-1], RoundCompleted)
    check_replays(game)


def test_633a_14_j_2_a_reader_that_does_not_show_the_value_play_continues() -> None:
    game = new_round((1, "ann", 1000), reader_shows_value=False)
    deal(game, "9S", "7C", "KH", "6D")
    events = game.hole_card_read()
    assert [(e.kind, e.paragraph) for e in events] == [("irregularity", "633a.14(j)(2)")]
    assert turn_of(game).box == 1
    check_replays(game)


def test_633a_14_j_with_an_ace_or_ten_up_the_reader_is_the_check() -> None:
    game = new_round((1, "ann", 1000))
    deal(game, "9S", "TC", "KH", "6D")
    with pytest.raises(IllegalActionError, match=r"633a\.7\(h\)") as refused:
        game.hole_card_read()
    assert refused.value.paragraph == "633a.14(j)"


def test_an_exposed_card_waits_for_whoever_takes_a_card_first() -> None:
    game = two_boxes()
    deal(game, "9S", "5H", "KH", "7C", "TS", "6D")
    game.exposed(Card.parse("2C"))
    with pytest.raises(IllegalActionError, match="already waiting"):
        game.exposed(Card.parse("3C"))
    assert next(e for e in game.events if isinstance(e, CardExposed)).card == "2C"
