"""Strategies as policies: the chart policy plays real rounds as the chart says.

The chart is the one `tablegames strategy --csv` prints for Pennsylvania's six-deck preset, read
back from that CSV. The expected decisions come from the published chart (Wizard of Odds, "Basic
strategy, 4 to 8 decks, dealer stands on soft 17, double after split allowed, late surrender")
and the regulation's fallbacks (633a.9(a) surrender only on the first two cards and never after
a split, 633a.10 doubling on two cards, 633a.11(c) the house's hand limit); the exhaustive
checks compare with the exact analysis's own decision function (`BasicChart.first_decision`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import cache
from typing import Any

import pytest
from typer.testing import CliRunner

from tablegames.blackjack.actions import Action, Turn
from tablegames.blackjack.analysis.basic_strategy import STAND, BasicChart
from tablegames.blackjack.policy import (
    ChartPolicy,
    Decision,
    PlayerView,
    play_round,
    view_of,
)
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules, load_rules
from tablegames.blackjack.rules.load import rules_from_mapping
from tablegames.blackjack.scenario import build_round
from tablegames.blackjack.strategy_chart import StrategyChart, parse_chart_csv
from tablegames.blackjack.wagers import BoxWager
from tablegames.cli import app
from tablegames.core.cards import Card, parse_cards
from tablegames.core.cardsource import StackedShoe
from tablegames.core.errors import IllegalActionError, TableGamesError
from tablegames.reports.blackjack_text import strategy_chart

H, S, D, P, R = Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT, Action.SURRENDER
DECLINE, KEEP = Action.DECLINE, Action.KEEP


@cache
def pa_chart() -> StrategyChart:
    result = CliRunner().invoke(app, ["strategy", "--csv", "--preset", "pa-6deck"])
    assert result.exit_code == 0, result.output
    return parse_chart_csv(result.stdout, "the pa-6deck chart")


def pa_rules(*overrides: str) -> Rules:
    return load_rules(preset="pa-6deck", overrides=overrides)


def dealt(cards: str | list[str], rules: Rules | None = None, boxes: int = 1) -> Round:
    """A round from a stacked shoe (633a.7(f): first cards, up card, second cards, hole card),
    $25 on each box, pa-6deck rules unless others are given."""
    return Round(
        rules=pa_rules() if rules is None else rules,
        shoe=StackedShoe.parse(cards.split() if isinstance(cards, str) else cards),
        wagers=[BoxWager(box=n + 1, amount=2500) for n in range(boxes)],
    )


def play(cards: str, rules: Rules) -> tuple[Round, list[Action]]:
    """The round played by the chart policy, and the actions it took."""
    game = dealt(cards, rules)
    taken = play_round(game, ChartPolicy(pa_chart()))
    assert game.is_complete
    return game, [decision.action for _, decision in taken]


# --- cells of the published chart, played in real rounds ---------------------------------


def test_hard_11_v_6_doubles() -> None:
    # Published: 11 v 6 Dh. 5S 6H against 6D (hole TC); the double draws 9H (633a.10(c)).
    game, actions = play("5S 6D 6H TC 9H 5C", pa_rules())
    assert actions == [D]
    assert [str(card) for card in game.box(1).hands[0].cards] == ["5S", "6H", "9H"]


def test_hard_16_v_ten_surrenders_where_the_house_allows_it() -> None:
    # Published: 16 v T Rh. 633a.9(a): half the wager is returned, the dealer having no
    # Blackjack (hole 8C).
    game, actions = play("9S TD 7H 8C", pa_rules())
    assert actions == [R]
    assert [(s.outcome, s.returned) for s in game.settlements()] == [("surrender", 1250)]


def test_hard_16_v_ten_hits_where_the_house_offers_no_surrender() -> None:
    # Non-PA what-if without surrender (633a.9): the same cell's fallback, hit; then 18 stands.
    _, actions = play("9S TD 7H 8C 2S", pa_rules("late_surrender=false"))
    assert actions == [H, S]


def test_aces_are_split_and_take_one_card_each_under_the_common_house_rule() -> None:
    # Published: A,A split against every up card; 633a.11(c): one card each, no decision left.
    rules = pa_rules("resplit_aces=false", "hit_split_aces=false")
    game, actions = play("AS 6D AH TC 9S 7S 5C", rules)
    assert actions == [P]
    assert [len(hand.cards) for hand in game.box(1).hands] == [2, 2]


def test_split_aces_that_may_draw_play_their_soft_totals() -> None:
    # The preset as 633a.11(c) is written: split aces may draw. A,9 v 6 stands, A,7 v 6 doubles
    # (published: soft 20 S, soft 18 v 6 Ds).
    _, actions = play("AS 6D AH TC 9S 7S 2C 5C", pa_rules())
    assert actions == [P, S, D]


def test_soft_18_v_3_doubles() -> None:
    _, actions = play("AS 3D 7H TC 5S 9C", pa_rules())  # published: A,7 v 3 Ds
    assert actions == [D]


def test_soft_18_v_3_stands_when_it_may_not_double() -> None:
    # Three cards (633a.10(a): doubling is on the first two only): A,2 v 3 hits (published H),
    # and A,2,5 is a soft 18 that stands, the Ds fallback.
    _, actions = play("AS 3D 2H TC 5S 9C", pa_rules())
    assert actions == [H, S]
    # After a split where the house allows no doubling (a non-PA what-if of 633a.10): the split
    # ace with a 7 stands; the one with a 6 (soft 17 v 3, Dh) hits to 21.
    _, actions = play("AS 3D AH TC 7S 6S 4S 9C", pa_rules("double_after_split=false"))
    assert actions == [P, S, H]


def test_eights_split_to_the_house_limit_then_the_chart_falls_back() -> None:
    # Published: 8,8 v 9 P, 16 v 9 Rh, 18 S, 10 and 11 v 9 Dh. The eights are split to the four
    # hands the house allows (633a.11(c)); the fourth pair may not split, and a split hand may
    # not surrender (633a.9(a)), so its 16 hits. 633a.11(b): hands are played in the order
    # formed, each taking its second card in its turn.
    cards = "8S 9D 8H 7C 8D 8C 8H 5H TS 2S 9S 3S 4S TH"
    game, actions = play(cards, pa_rules())
    assert actions == [P, P, P, H, S, D, D]
    assert [points for points in (hand.points.total for hand in game.box(1).hands)] == [
        21,
        18,
        19,
        15,
    ]


def test_insurance_and_even_money_are_declined() -> None:
    # 633a.8(b): insurance offered against an ace; declined. Then 16 v A surrenders (published
    # Rh; the dealer's A9 is no Blackjack).
    _, actions = play("TS AD 6H 9C", pa_rules())
    assert actions == [DECLINE, R]
    # 633a.8(e): even money offered to a Blackjack; declined, then paid 3 to 2 (633a.13(a)).
    game, actions = play("AS AD KH 9C", pa_rules())
    assert actions == [DECLINE]
    assert [(s.outcome, s.returned) for s in game.settlements()] == [("blackjack", 6250)]


def test_the_ez_bust_wager_is_declined() -> None:
    # 633b.16(c): offered after the deal against a 2 to 6; declined. Then 18 v 5 stands.
    rules = rules_from_mapping({"preset": "pa-6deck", "side_wagers": {"ez_bust": {}}})
    _, actions = play("TS 5D 8H TC 5S", rules)
    assert actions == [DECLINE, S]


def test_blackjack_switch_keeps_the_cards_dealt() -> None:
    # 633a.12(a)(3)-(4): first cards to both hands, the up card, second cards, the hole card;
    # then the switch decision, which the chart policy answers keep. 17 and 19 v 6 stand.
    rules = rules_from_mapping({"preset": "pa-6deck", "variant": "blackjack_switch"})
    _, actions = play("TS 9S 6D 7H TH TC 5C", rules)
    assert actions == [KEEP, S, S]


def test_switch_hands_keeps_the_cards_dealt_without_seeing_the_switch_cards() -> None:
    # 633c.4(d): the switch cards 9S 9C go face down first; 633c.4(f)(1): keep the 5D 7H. Then
    # 12 v 8 hits (published H), 14 v 8 hits, 17 stands.
    game = build_round(
        {
            "rules": {"preset": "pa-switch-hands-premium", "blackjack_premium": False},
            "shoe": ["9S", "9C", "5D", "8D", "7H", "9H", "2C", "3C", "4C", "5C"],
            "boxes": [{"box": 1, "wager": 1000, "ante": 200}],
        }
    )
    taken = play_round(game, ChartPolicy(pa_chart()))
    assert [decision.action for _, decision in taken] == [KEEP, H, H, S]
    first_view = taken[0][0]
    assert first_view.kind == "switch_hands"
    assert _cards(first_view) == {"5D", "7H", "8D"}  # never the face-down 9S 9C


# --- the view: only what the player may see ------------------------------------------------


def _cards(view: PlayerView) -> set[str]:
    """Every card a view holds."""
    held = [*view.cards, view.up_card, *(card for hand in view.box_hands for card in hand)]
    return {str(card) for card in held}


class Recorder:
    """A policy that plays the chart and keeps every view it is shown."""

    def __init__(self) -> None:
        self.views: list[PlayerView] = []
        self.chart = ChartPolicy(pa_chart())

    def decide(self, view: PlayerView) -> Decision:
        self.views.append(view)
        return self.chart.decide(view)


def test_a_view_never_holds_the_hole_card_or_the_shoe() -> None:
    # The hole card 8C (633a.7(f)(4)) and the cards still in the shoe (2S 3S) are in no view;
    # a view has no field through which the round, the dealer's cards or the shoe could be read.
    recorder = Recorder()
    game = dealt("9S AD 7H 8C 2S 3S")
    play_round(game, recorder)
    assert [view.kind for view in recorder.views] == ["insurance", "play"]
    for view in recorder.views:
        assert not {"8C", "2S", "3S"} & _cards(view)
        assert {field.name for field in dataclasses.fields(view)} == {
            "turn",
            "cards",
            "box_hands",
            "from_split",
            "up_card",
            "legal_actions",
            "initial_wager",
            "max_insurance",
        }


def test_the_view_of_an_insurance_offer_and_of_a_split_hand() -> None:
    game = dealt("8S AD 8H 9C 3D")
    offer = view_of(game)
    assert offer.turn == Turn(1, 0, "insurance")
    # 633a.8(b): half the $25 wager, $12.50, is not a multiple of the $1 unit: up to $13.
    assert (offer.max_insurance, offer.initial_wager) == (1300, 2500)
    assert offer.legal_actions == (Action.INSURANCE, DECLINE)
    game.act(DECLINE)
    assert view_of(game).max_insurance is None
    game.act(P)
    split = view_of(game)
    assert (split.from_split, split.hands_in_box, split.total) == (True, 2, 11)
    assert [str(card) for card in split.cards] == ["8S", "3D"]
    assert not split.allows(R)  # 633a.9(a): never after a split


def test_play_round_gives_each_box_its_own_policy() -> None:
    class Always:
        def __init__(self, action: Action) -> None:
            self.action = action

        def decide(self, view: PlayerView) -> Decision:
            return Decision(self.action)

    # Boxes 1 and 2 hold 9S 7H and 5D 6C against a 6 (hole TC): box 1's policy stands,
    # box 2's chart doubles 11 v 6 (published Dh).
    game = dealt("9S 5D 6H 7H 6C TC 9D 5C", boxes=2)
    taken = play_round(game, {1: Always(S), 2: ChartPolicy(pa_chart())})
    assert [(view.turn.box, decision.action) for view, decision in taken] == [(1, S), (2, D)]
    with pytest.raises(TableGamesError, match="no policy was given for box 2"):
        play_round(dealt("9S 5D 6H 7H 6C TC 9D 5C", boxes=2), {1: Always(S)})


def test_an_illegal_command_is_refused_and_a_complete_round_has_no_view() -> None:
    class Doubles:
        def decide(self, view: PlayerView) -> Decision:
            return Decision(D)

    game = dealt("9S 5D 7H TC 2S 3S 4S")
    game.act(H)  # three cards: 633a.10(a) allows no double now
    with pytest.raises(IllegalActionError, match=r"633a\.10\(a\)"):
        play_round(game, Doubles())
    finished = dealt("9S 5D 7H TC 9C")
    play_round(finished, ChartPolicy(pa_chart()))
    with pytest.raises(IllegalActionError, match="complete"):
        view_of(finished)


# --- every cell: the policy decides as the analysis plays ----------------------------------

RANK_CARDS = ("AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS")  # rank index 0-9
OPTION_NAMES = {H: "hit", S: "stand", D: "double", P: "split", R: "surrender"}


@cache
def pa_basic() -> BasicChart:
    return strategy_chart(pa_rules())


def _two_card_hands() -> list[tuple[int, int, int]]:
    return [
        (first, second, up)
        for first in range(10)
        for second in range(first, 10)
        for up in range(10)
        if {first, second} != {0, 9}  # a Blackjack has no decision (633a.7(i)(1))
    ]


@pytest.mark.parametrize("up", range(10), ids=[card[0] for card in RANK_CARDS])
def test_every_two_card_hand_in_a_real_round_decides_as_the_analysis(up: int) -> None:
    # For each two-card hand against this up card, a real round: player cards, the up card, a
    # hole card that is no Blackjack with it, then twos enough for any play.
    hole = "5C" if up in (0, 9) else "TC"
    for first, second, _ in (hand for hand in _two_card_hands() if hand[2] == up):
        cards = [RANK_CARDS[first], RANK_CARDS[up], RANK_CARDS[second], hole] + ["2C"] * 60
        recorder = Recorder()
        game = dealt(cards)
        play_round(game, recorder)
        view, decision = next(
            (view, recorder.chart.decide(view)) for view in recorder.views if view.kind == "play"
        )
        options: dict[str, Any] = {OPTION_NAMES[a]: (0.0, 0.0) for a in view.legal_actions}
        expected = pa_basic().first_decision(first, second, up, options)
        assert OPTION_NAMES[decision.action] == expected, (RANK_CARDS[first], RANK_CARDS[second])


def _view(cards: Sequence[Card], up: int, legal: Sequence[Action], split: bool) -> PlayerView:
    return PlayerView(
        turn=Turn(1, 0, "play"),
        cards=tuple(cards),
        box_hands=(tuple(cards),),
        from_split=split,
        up_card=parse_cards([RANK_CARDS[up]])[0],
        legal_actions=tuple(legal),
        initial_wager=2500,
        max_insurance=None,
    )


# Three-card hands for every total the 3+ card rows hold: (cards, soft).
MORE_HANDS = [(f"2S 2H {rank}D", False) for rank in "23456789T"]  # hard 6-14
MORE_HANDS += [(f"TS 5H {rank}D", False) for rank in "A23456"]  # hard 16-21 (A counts 1)
MORE_HANDS += [("TS 3H 2D", False), ("AS AH AD", True)]  # hard 15, soft 13
MORE_HANDS += [(f"AS 2H {rank}D", True) for rank in "A2345678"]  # soft 14-21


@pytest.mark.parametrize(("hand", "soft"), MORE_HANDS)
def test_every_hand_of_three_cards_decides_as_the_analysis(hand: str, soft: bool) -> None:
    cards = parse_cards(hand.split())
    total = sum(min(int(card.rank), 10) for card in cards) + (10 if soft else 0)
    for up in range(10):
        decision = ChartPolicy(pa_chart()).decide(_view(cards, up, [H, S], split=False))
        if total == 21:
            assert decision.action is S  # 633a.7(k)(1); the round itself allows no hit here
            continue
        expected = S if pa_basic().code(total, soft, 3, up) == STAND else H
        assert decision.action is expected, (hand, up)


def test_two_card_hands_after_a_split_fall_back_as_the_analysis_plays() -> None:
    # After a split surrender is gone (633a.9(a)); where the house allows no double after a
    # split (633a.10(a), a what-if) Dh hits and Ds stands, as the analysis's kernel plays them.
    basic = pa_basic()
    codes = {0: S, 1: H, 2: H, 3: S, 4: H}  # STAND, HIT, Dh, Ds, R without double or surrender
    for first, second, up in _two_card_hands():
        if first == second:
            continue
        cards = parse_cards([RANK_CARDS[first], RANK_CARDS[second]])
        total, soft = sum(min(int(c.rank), 10) for c in cards), 0 in (first, second)
        best = total + 10 if soft and total + 10 <= 21 else total
        decision = ChartPolicy(pa_chart()).decide(_view(cards, up, [H, S], split=True))
        expected = codes[basic.code(best, soft and best != total, 2, up)]
        assert decision.action is expected, (cards, up)
