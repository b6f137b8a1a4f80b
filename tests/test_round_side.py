"""Side wagers inside a round: when each is settled and for how much (633a.7(g), (o), 633a.13,
633b.16). Every amount is worked out by hand from the paytables of 633a.13."""

from __future__ import annotations

from typing import Any

import pytest

from tablegames.blackjack.actions import Action, Turn
from tablegames.blackjack.events import DealerChecked, DecisionMade, HoleCardRevealed, WagerSettled
from tablegames.blackjack.replay import replay
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import rules_from_mapping
from tablegames.blackjack.sidebook import Selections
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card
from tablegames.core.cardsource import StackedShoe
from tablegames.core.errors import IllegalActionError, WagerError


def play(
    cards: str,
    boxes: list[tuple[int, dict[str, int]]],
    rules: dict[str, Any] | None = None,
    *,
    meters: dict[str, int] | None = None,
    selections: Selections | None = None,
) -> Round:
    return Round(
        rules=rules_from_mapping({"decks": 8, **(rules or {})}),
        shoe=StackedShoe.parse(cards.split()),
        wagers=[
            BoxWager(box=index + 1, amount=amount, side=side)
            for index, (amount, side) in enumerate(boxes)
        ],
        meters=meters,
        selections=selections,
    )


def settled(game: Round, wager: str, box: int = 1, hand: int = 0) -> WagerSettled:
    return next(s for s in game.settlements() if (s.wager, s.box, s.hand) == (wager, box, hand))


def position(game: Round, event: object) -> int:
    return game.events.index(event)  # type: ignore[arg-type]


LL: dict[str, Any] = {"side_wagers": {"lucky_ladies": {}}}


def test_633a_7_g_optional_wagers_settled_after_the_deal_counterclockwise() -> None:
    # Box 1: QS QD (any 20, 4 to 1); box 2: 9S 5D (loses). Up 5H, hole 7C.
    game = play("QS 9S 5H QD 5D 7C", [(1000, {"lucky_ladies": 500})] * 2, LL)
    first_settled = [e for e in game.events if isinstance(e, WagerSettled)][:2]
    # 633a.7(g): from the dealer's right (box 2) counterclockwise, before any decision.
    assert [(e.box, e.returned, e.line) for e in first_settled] == [
        (2, 0, None),
        (1, 2500, "any_20"),
    ]
    assert not any(isinstance(e, DecisionMade) for e in game.events)


def test_633a_7_g_1_i_queen_of_hearts_pair_paid_200_to_1_after_the_check() -> None:
    game = play("QH TS QH 7C", [(1000, {"lucky_ladies": 500})], LL)
    check = next(e for e in game.events if isinstance(e, DealerChecked))
    paid = settled(game, "lucky_ladies")
    assert (paid.returned, paid.line) == (500 * 201, "queen_of_hearts_pair")
    assert position(game, check) < position(game, paid)
    assert game.turn == Turn(1, 0, "play")  # paid before any other card


def test_633a_7_g_1_ii_queen_of_hearts_pair_with_dealer_blackjack_pays_1000_to_1() -> None:
    game = play("QH AS QH KC", [(1000, {"lucky_ladies": 500})], LL)
    game.decline()  # insurance
    paid = settled(game, "lucky_ladies")
    assert (paid.returned, paid.line) == (500 * 1001, "queen_of_hearts_pair_and_dealer_blackjack")
    assert settled(game, "blackjack").returned == 0


def test_633a_7_g_6_king_of_spades_pair_with_dealer_blackjack() -> None:
    rules: dict[str, Any] = {"side_wagers": {"kings_bounty": {}}}
    game = play("KS TD KS AH", [(1000, {"kings_bounty": 500})], rules)
    paid = settled(game, "kings_bounty")
    assert (paid.returned, paid.line) == (500 * 1001, "king_of_spades_pair_and_dealer_blackjack")


def test_633a_7_g_4_royal_match_against_a_king_settled_once_the_hole_card_shows() -> None:
    rules = {"side_wagers": {"royal_match_21": {"paytable": "C"}}}
    game = play("KH KD QH QD", [(1000, {"royal_match_21": 500})], rules)
    assert not any(s.wager == "royal_match_21" for s in game.settlements())
    game.stand()
    hole = next(e for e in game.events if isinstance(e, HoleCardRevealed))
    paid = settled(game, "royal_match_21")
    # Royal Match 30 to 1 (500 x 31) plus the Crown Treasure Bonus 1,000 for 1 (500 x 1,000).
    assert (paid.returned, paid.line) == (500 * 31 + 500 * 1000, "royal_match+crown_treasure")
    assert position(game, hole) < position(game, paid) < position(game, settled(game, "blackjack"))


def test_633a_13_m_payout_limit_shared_in_proportion_to_the_wagers() -> None:
    rules = {
        "side_wagers": {"lucky_ladies": {"max_wager": 2500}},
        "max_boxes_per_player": 1,
        "payout_limit": 2_500_000,
    }
    boxes = [(1000, {"lucky_ladies": 2500}), (1000, {"lucky_ladies": 500})]
    game = play("QH QH AS QH QH KC", boxes, rules)
    game.decline()
    game.decline()
    # 1,000 to 1 would be $25,000 + $5,000; the $25,000 limit is shared 2500 : 500.
    assert settled(game, "lucky_ladies", 1).returned == 2500 + 2_500_000 * 2500 // 3000
    assert settled(game, "lucky_ladies", 2).returned == 500 + 2_500_000 * 500 // 3000
    assert settled(game, "lucky_ladies", 1).paragraph == "633a.13(m)"


def test_633a_7_o_2_hit_and_run_counts_the_card_that_busts_the_dealer() -> None:
    rules: dict[str, Any] = {"side_wagers": {"hit_and_run": {}}}
    # Dealer 2 3 2 2 4 = 13 in five cards, then a 9: 22 in six cards pays 25 for 1.
    game = play("TS 2S TD 3H 2D 2C 4S 9D", [(1000, {"hit_and_run": 500})], rules)
    game.stand()
    paid = settled(game, "hit_and_run")
    assert (paid.returned, paid.line) == (500 * 25, "dealer_six_cards")


def test_633a_7_o_2_hit_and_run_jackpot_shared_equally() -> None:
    rules = {"side_wagers": {"hit_and_run": {"rate_bp": 0}}}
    cards = "TS TH 2S TD TC 2H 2D 2C 2S 2H 2D 3C"
    boxes = [(1000, {"hit_and_run": 500}), (1000, {"hit_and_run": 1000})]
    game = play(cards, boxes, rules, meters={"hit_and_run": 150_000})
    game.stand()
    game.stand()
    # Eight dealer cards (2 2 2 2 2 2 2 3 = 17): 100% of the meter, shared equally.
    assert settled(game, "hit_and_run", 1).returned == 75_000
    assert settled(game, "hit_and_run", 2).returned == 75_000
    assert game.side.meters["hit_and_run"] == 100_000  # reset amount


def test_633a_7_o_1_bad_beat_player_20_against_three_card_21() -> None:
    rules: dict[str, Any] = {"side_wagers": {"bad_beat": {}}}
    game = play("TS 5H TD 6C TH", [(1000, {"bad_beat": 500})], rules)
    game.stand()
    paid = settled(game, "bad_beat")
    assert (paid.returned, paid.line) == (500 * 25, "dealer_21_with_three_cards")


def test_633a_7_o_1_bad_beat_jackpot_shared_in_proportion() -> None:
    rules = {"side_wagers": {"bad_beat": {"rate_bp": 0}}}
    # Dealer 2 2 2 2 3 3 7: 21 in seven cards.
    cards = "TS TH 2S TD TC 2H 2D 2C 3S 3H 7D"
    boxes = [(1000, {"bad_beat": 1000}), (1000, {"bad_beat": 500})]
    game = play(cards, boxes, rules, meters={"bad_beat": 600_000})
    game.stand()
    game.stand()
    assert settled(game, "bad_beat", 1).returned == 400_000
    assert settled(game, "bad_beat", 2).returned == 200_000


def test_633a_13_j_1_magic_card_and_lucky_player_bonuses() -> None:
    rules = {"side_wagers": {"bad_beat": {"magic_card": True, "lucky_player": True}}}
    selections = Selections(magic_card=Card.parse("9S"), lucky_box=1)
    game = play("9S 5H 7D 6C TH", [(1000, {"bad_beat": 500})], rules, selections=selections)
    game.stand()
    paid = settled(game, "bad_beat")
    # No 20, but the Magic Card (20 for 1) and the Lucky Player Bonus (5 for 1) are paid.
    assert paid.returned == 500 * 20 + 500 * 5


def test_633a_6_e_side_wager_must_be_offered() -> None:
    with pytest.raises(WagerError) as caught:
        play("QS 5H QD 7C", [(1000, {"lucky_ladies": 500})])
    assert caught.value.paragraph == "633a.6(e)"


EZ: dict[str, Any] = {"side_wagers": {"ez_bust": {}}}


def test_633b_16_c_ez_bust_offered_after_the_deal_against_two_to_six_only() -> None:
    offered = play("TS 6H 8D TC 9S", [(1000, {})], EZ)
    assert offered.turn == Turn(1, 0, "ez_bust")
    assert offered.legal_actions() == [Action.EZ_BUST, Action.DECLINE]
    not_offered = play("TS 7H 8D TC", [(1000, {})], EZ)
    assert not_offered.turn == Turn(1, 0, "play")
    with pytest.raises(WagerError) as caught:
        play("TS 6H 8D TC", [(1000, {"ez_bust": 500})], EZ)
    assert caught.value.paragraph == "633b.16(c)"


def test_633b_16_d_ez_bust_up_to_the_initial_wager() -> None:
    game = play("TS 6H 8D TC 9S", [(1000, {})], EZ)
    with pytest.raises(IllegalActionError) as caught:
        game.act(Action.EZ_BUST, 1100)
    assert caught.value.paragraph == "633b.16(d)"


def test_633b_16_f_1_wins_on_a_dealer_bust_633b_16_i_at_1_to_1_633b_16_h_settled_first() -> None:
    game = play("TS 6H 8D TC 9S", [(1000, {})], EZ)
    game.act(Action.EZ_BUST, 1000)
    game.stand()
    ez = settled(game, "ez_bust")
    assert (ez.returned, ez.outcome) == (2000, "win")
    assert position(game, ez) < position(game, settled(game, "blackjack"))


def test_633b_16_f_2_ez_bust_loses_when_the_dealer_does_not_bust() -> None:
    game = play("TS 6H 8D AC", [(1000, {})], EZ)  # dealer soft 17 in two cards
    game.act(Action.EZ_BUST, 500)
    game.stand()
    assert settled(game, "ez_bust").returned == 0


def test_633b_16_c_2_another_ez_bust_wager_each_time_a_hand_is_split() -> None:
    game = play("8S 5H 8D TC 3S 9D TH", [(1000, {})], EZ)
    game.decline()
    game.split()
    assert game.turn == Turn(1, 1, "ez_bust")
    game.act(Action.EZ_BUST, 500)
    assert game.turn == Turn(1, 0, "play")
    game.stand()
    game.stand()
    assert settled(game, "ez_bust", 1, 1).returned == 1000  # dealer 5 T + T = 25


def test_633b_16_c_1_ez_bust_offered_even_with_a_blackjack() -> None:
    game = play("AS 6H KD TC 9S", [(1000, {})], EZ)
    assert game.turn == Turn(1, 0, "ez_bust")


def test_633b_16_g_ez_bust_pushed_when_every_hand_busted_or_blackjack() -> None:
    rules = {"side_wagers": {"ez_bust": {"push_when_no_live_hands": True}}}
    game = play("TS 6H 6D TC KS 9S", [(1000, {})], rules)
    game.act(Action.EZ_BUST, 1000)
    game.hit()  # 26, busted
    assert settled(game, "ez_bust").outcome == "push"
    assert len(game.dealer_cards) == 2  # 633a.7(n): nothing depends on the dealer


def test_633a_7_n_the_dealer_draws_for_a_live_ez_bust_wager() -> None:
    game = play("TS 6H 6D TC KS 9S", [(1000, {})], EZ)
    game.act(Action.EZ_BUST, 1000)
    game.hit()  # busted, but the EZ Bust wager still depends on the dealer
    assert len(game.dealer_cards) == 3
    assert settled(game, "ez_bust").returned == 2000


def test_633a_7_s_a_round_with_side_wagers_replays_identically() -> None:
    rules: dict[str, Any] = {"side_wagers": {"lucky_ladies": {}, "hit_and_run": {}, "ez_bust": {}}}
    game = play("8S 5H 8D TC 3S 9D TH", [(1000, {"lucky_ladies": 500, "hit_and_run": 300})], rules)
    game.act(Action.EZ_BUST, 500)
    game.split()
    game.act(Action.EZ_BUST, 500)
    game.stand()
    game.stand()
    assert game.is_complete
    assert replay(game.events).events == game.events


def test_633a_13_j_1_magic_card_matches_the_first_two_cards_even_after_a_split() -> None:
    rules: dict[str, Any] = {"decks": 6, "side_wagers": {"bad_beat": {"magic_card": True}}}

    def bonus(magic: str) -> int:
        game = play(
            "8S 9H 8D 7C 3S 4H TS 9S",
            [(1000, {"bad_beat": 500})],
            rules,
            selections=Selections(magic_card=Card.parse(magic)),
        )
        game.split()
        game.stand()
        game.stand()
        return settled(game, "bad_beat").returned

    assert bonus("8D") == 500 * 20  # 8D was dealt as one of the first two cards
    assert bonus("3S") == 0  # 3S came after the split


def test_633a_7_o_1_i_a_surrendered_20_is_not_a_player_with_20() -> None:
    rules: dict[str, Any] = {"decks": 6, "side_wagers": {"bad_beat": {"player_has_20": True}}}
    game = play("TS 9H TD 7C 5S", [(1000, {"bad_beat": 500})], rules)
    game.surrender()
    assert settled(game, "bad_beat").returned == 0


def test_633a_6_e_4_a_royal_match_held_for_the_hole_card_reads_the_initial_two_cards() -> None:
    # KH QH against a KD up card (hole 5C): the Royal Match waits for the hole card (633a.7(g)(4)).
    # The box splits its K-Q, identical in value (633a.11(a)): hand 0 becomes KH 9S before the
    # hole card shows. The wager is on the initial two cards (633a.6(e)(4)): still a Royal Match,
    # 30 to 1 on paytable C, 500 x 31 returned (no Crown Treasure: the dealer holds KD 5C).
    rules = {"side_wagers": {"royal_match_21": {"paytable": "C"}}}
    game = play("KH KD QH 5C 9S 9D 2C", [(1000, {"royal_match_21": 500})], rules)
    game.act(Action.SPLIT)
    game.act(Action.STAND)
    game.act(Action.STAND)
    assert [str(card) for card in game.box(1).hands[0].cards] == ["KH", "9S"]
    paid = settled(game, "royal_match_21")
    assert (paid.returned, paid.line) == (500 * 31, "royal_match")


def test_633a_12_a_4_a_royal_match_at_blackjack_switch_reads_the_cards_dealt_not_switched() -> None:
    # Blackjack Switch: box 1's hands KS QS and 6D 9C against a KH up card. The player switches
    # the second cards (633a.12(a)(4)): hand 0 is then KS 9C. The Royal Match placed on the
    # initial two cards (633a.6(e)(4)) waits for the hole card (633a.7(g)(4)) and is still won
    # when it shows: 30 to 1 on paytable C (500 x 31).
    rules = {
        "variant": "blackjack_switch",
        "side_wagers": {"royal_match_21": {"paytable": "C"}},
    }
    game = play("KS 6D KH QS 9C 7C 2C 2D 5S", [(1000, {"royal_match_21": 500})], rules)
    while game.turn is not None and game.turn.kind != "switch":
        game.act(Action.DECLINE)
    game.act(Action.SWITCH)
    while not game.is_complete:
        game.act(Action.STAND)
    assert [str(card) for card in game.box(1).hands[0].cards[:2]] == ["KS", "9C"]
    paid = settled(game, "royal_match_21")
    assert (paid.returned, paid.line) == (500 * 31, "royal_match")
