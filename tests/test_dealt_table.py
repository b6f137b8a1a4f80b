"""A dealt table's procedures (633a.4, 633a.5, 633a.7(a)-(e)) and the irregularities around its
rounds (633a.14(d), (f), (k)-(m)). Expected values are read off the paragraphs by hand."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tablegames.blackjack.actions import Action
from tablegames.blackjack.dealt_table import DealtTable
from tablegames.blackjack.events import (
    CardDiscarded,
    Event,
    IrregularityRecorded,
    ProcedureRecorded,
)
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card
from tablegames.core.errors import IllegalActionError

ONE_DECK = Rules(decks=1)


def steps(events: list[Event]) -> list[tuple[str, int, str]]:
    return [(e.step, e.box, e.paragraph) for e in events if isinstance(e, ProcedureRecorded)]


def _method(rules: Rules) -> str:
    # 633a.12(b)(2): the hand-dealt game is shuffled by an automated device.
    return "automated" if rules.variant == "hand_dealt" else "manual"


def opened(rules: Rules = ONE_DECK, first_player: int | None = 3) -> DealtTable:
    """A table through 633a.4(a)-(c) and 633a.5 to the first card burned."""
    table = DealtTable(rules)
    table.inspect_reader()
    table.receive_cards()
    table.inspect()
    table.spread(first_player)
    table.wash()
    table.shuffle(method=_method(rules))
    table.cut(position=20, cover_from_bottom=sum(table.holds.values()) // 3)
    table.load_shoe()
    table.burn(Card.parse("2D"))
    return table


def play_round(
    table: DealtTable, *cards: str, boxes: tuple[int, ...] = (1,), cover_on: int | None = None
) -> None:
    """A round dealt from `cards` in order, every box standing when its turn comes;
    `cover_on`: the cover card comes out on that box (0: the dealer's) after the first card."""
    game = table.deal([BoxWager(box=box, player=f"p{box}", amount=1000) for box in boxes])
    for index, code in enumerate(cards):
        if index == 1 and cover_on is not None:
            table.cover_card_reached(cover_on)
        where = game.awaiting
        if where is None:
            turn = game.turn
            if turn is None:
                break
            table.act(turn.box, Action.STAND)
            where = game.awaiting
            if where is None:
                continue
        table.card(Card.parse(code), face_up=where.face_up)
    while game.turn is not None:
        table.act(game.turn.box, Action.STAND)


def test_633a_4_the_opening_goes_inspect_spread_wash_shuffle() -> None:
    table = opened()
    assert steps(table.events)[1:5] == [
        ("cards_received", 0, "603a.16"),
        ("cards_inspected", 0, "633a.4(a)"),
        ("cards_spread", 3, "633a.4(b)"),
        ("cards_washed", 0, "633a.4(c)"),
    ]


def test_633a_4_b_the_cards_are_spread_for_the_first_player_to_arrive() -> None:
    table = DealtTable(ONE_DECK)
    table.receive_cards()
    with pytest.raises(IllegalActionError):
        table.spread(2)  # not before the inspection (633a.4(a))
    table.inspect()
    assert steps(table.spread(2)) == [("cards_spread", 2, "633a.4(b)")]


def test_633a_4_c_the_cards_are_washed_and_stacked_before_the_shuffle() -> None:
    table = DealtTable(ONE_DECK)
    table.receive_cards()
    table.inspect()
    table.spread(2)
    with pytest.raises(IllegalActionError) as refused:
        table.shuffle()
    assert refused.value.paragraph == "633a.4(c)"
    assert steps(table.wash()) == [("cards_washed", 0, "633a.4(c)")]
    table.shuffle()


def test_633a_4_a_the_cards_are_inspected_before_they_are_spread() -> None:
    table = DealtTable(ONE_DECK)
    table.receive_cards()
    with pytest.raises(IllegalActionError, match="wash") as refused:
        table.wash()
    assert refused.value.paragraph == "633a.4(c)"
    with pytest.raises(IllegalActionError):
        table.shuffle()


def test_633a_4_f_preinspected_decks_skip_the_opening_and_the_shuffle() -> None:
    table = DealtTable(ONE_DECK, preinspected=True)
    table.inspect_reader()
    events = table.receive_cards()
    assert steps(events) == [("cards_received_preshuffled", 0, "633a.4(f)")]
    table.cut()
    table.load_shoe()
    table.burn(Card.parse("2D"))
    assert table.ready


def test_633a_5_c_1_the_first_player_to_arrive_is_offered_the_cut() -> None:
    table = DealtTable(ONE_DECK)
    table.receive_cards()
    table.inspect()
    table.spread(4)
    table.wash()
    events = table.shuffle()
    assert steps(events) == [
        ("cards_shuffled_manual", 0, "633a.5(a)"),
        ("cut_offered", 4, "633a.5(b)"),
    ]
    events = table.cut(position=15)
    assert steps(events) == [("cards_cut", 4, "633a.5(d)")]


def test_633a_5_b_when_nobody_accepts_the_dealer_cuts() -> None:
    table = DealtTable(ONE_DECK)
    table.receive_cards()
    table.inspect()
    table.spread(4)
    table.wash()
    table.shuffle()
    events = table.decline_cut()
    assert steps(events) == [("cut_declined", 4, "633a.5(c)")]
    assert steps(table.cut()) == [("cards_cut", 0, "633a.5(d)")]


def test_633a_5_c_2_the_player_whose_box_the_cover_card_fell_on_cuts() -> None:
    table = opened(Rules(decks=6))
    play_round(table, "9S", "8H", "TS", "7C", "8D", "6H", "KH", "TC", boxes=(1, 2, 5), cover_on=2)
    with pytest.raises(IllegalActionError, match="reshuffled") as refused:
        table.deal([BoxWager(box=1, player="p1", amount=1000)])
    assert refused.value.paragraph == "633a.7(e)"
    events = table.shuffle()
    assert steps(events)[-1] == ("cut_offered", 2, "633a.5(b)")


def test_633a_5_c_3_cover_card_on_the_dealers_hand_farthest_right_then_counterclockwise() -> None:
    table = opened(Rules(decks=6))
    play_round(table, "9S", "8H", "TS", "7C", "8D", "6H", "KH", "TC", boxes=(1, 2, 5), cover_on=0)
    table.shuffle()
    declined = [steps(table.decline_cut()) for _ in range(2)]
    # Box 5 is the farthest to the dealer's right; counterclockwise from it: 2, then 1.
    assert declined == [
        [("cut_declined", 5, "633a.5(c)"), ("cut_offered", 2, "633a.5(c)")],
        [("cut_declined", 2, "633a.5(c)"), ("cut_offered", 1, "633a.5(c)")],
    ]


def test_633a_5_c_4_and_633a_5_f_a_floor_reshuffle_offers_the_cut_from_the_right() -> None:
    table = opened(Rules(decks=6))
    play_round(table, "9S", "8H", "TS", "7C", "8D", "6H", "KH", "TC", boxes=(1, 2, 5))
    assert steps(table.order_reshuffle()) == [("reshuffle_ordered", 0, "633a.5(f)")]
    with pytest.raises(IllegalActionError) as refused:
        table.deal([BoxWager(box=1, player="p1", amount=1000)])
    assert refused.value.paragraph == "633a.5(f)"
    assert steps(table.shuffle())[-1] == ("cut_offered", 5, "633a.5(b)")


def test_633a_5_d_the_cut_and_the_cover_card_keep_their_distances() -> None:
    table = DealtTable(ONE_DECK)
    table.receive_cards()
    table.inspect()
    table.spread()
    table.wash()
    table.shuffle()
    with pytest.raises(IllegalActionError, match="at least 10") as refused:
        table.cut(position=9)
    assert refused.value.paragraph == "633a.5(d)"
    with pytest.raises(IllegalActionError, match="quarter"):
        table.cut(position=26, cover_from_bottom=12)  # 52 / 4 = 13 at least
    events = table.cut(position=42, cover_from_bottom=13)
    assert steps(events) == [
        ("cards_cut", 0, "633a.5(d)"),
        ("cover_card_inserted", 0, "633a.5(d)"),
    ]


def test_633a_5_e_a_recut_comes_after_the_cut_and_before_the_shoe() -> None:
    table = DealtTable(ONE_DECK)
    table.receive_cards()
    table.inspect()
    table.spread(2)
    table.wash()
    table.shuffle()
    with pytest.raises(IllegalActionError) as refused:
        table.recut()
    assert refused.value.paragraph == "633a.5(e)"
    table.cut(position=20)
    assert steps(table.recut(position=30)) == [("cards_recut", 2, "633a.5(e)")]
    table.load_shoe()
    with pytest.raises(IllegalActionError):
        table.recut()


def test_633a_5_g_an_idle_tables_cards_are_spread_and_shuffled_again() -> None:
    table = opened()
    play_round(table, "9S", "TH", "TS", "7C")
    assert steps(table.spread(1)) == [("idle_cards_spread", 1, "633a.5(g)")]
    assert sum(table.holds.values()) == 52
    with pytest.raises(IllegalActionError):
        table.deal([BoxWager(box=1, player="p1", amount=1000)])
    table.wash()
    assert steps(table.shuffle())[-1] == ("cut_offered", 1, "633a.5(b)")


def test_633a_7_c_the_first_card_is_burned_and_a_new_dealer_burns_one() -> None:
    table = DealtTable(ONE_DECK)
    table.inspect_reader()
    table.receive_cards()
    table.inspect()
    table.spread()
    table.wash()
    table.shuffle()
    table.cut()
    table.load_shoe()
    with pytest.raises(IllegalActionError) as refused:
        table.deal([BoxWager(box=1, player="p1", amount=1000)])
    assert refused.value.paragraph == "633a.7(c)"
    burned = table.burn(Card.parse("QD"))
    assert [(e.kind, e.paragraph) for e in burned] == [("card_burned", "633a.7(c)")]
    table.change_dealer()
    with pytest.raises(IllegalActionError):
        table.deal([BoxWager(box=1, player="p1", amount=1000)])
    table.burn(Card.parse("JD"))
    assert table.ready
    assert table.rack == [Card.parse("QD"), Card.parse("JD")]


def test_633a_3_a_a_card_dealt_in_an_earlier_round_of_one_deck_is_refused() -> None:
    table = opened()
    play_round(table, "9S", "TH", "TS", "7C")
    table.deal([BoxWager(box=1, player="p1", amount=1000)])
    with pytest.raises(Exception, match="9S cannot come from this shoe"):
        table.card(Card.parse("9S"), face_up=True)
    with pytest.raises(Exception, match="2D cannot come"):  # the burn card
        table.card(Card.parse("2D"), face_up=True)
    table.card(Card.parse("9H"), face_up=True)


def test_633a_14_d_a_card_the_dealer_draws_on_17_goes_to_the_rack() -> None:
    table = opened()
    play_round(table, "9S", "TH", "TS", "7C")  # the dealer: 10 7 = 17, stands
    events = table.dealer_drew_on_17(Card.parse("5D"))
    assert [(e.kind, e.paragraph) for e in events] == [
        ("irregularity", "633a.14(d)"),
        ("card_discarded", "633a.14(d)"),
    ]
    assert isinstance(events[1], CardDiscarded)
    assert Card.parse("5D") in table.rack


def test_633a_14_d_only_after_a_dealer_who_stood_on_17() -> None:
    table = opened()
    play_round(table, "9S", "TH", "TS", "6C", "3D")  # the dealer: 10 6 3 = 19
    table.dealer_drew_on_17(Card.parse("5D"))
    table2 = opened()
    table2.deal([BoxWager(box=1, player="p1", amount=1000)])
    with pytest.raises(IllegalActionError) as refused:
        table2.dealer_drew_on_17(Card.parse("5D"))
    assert refused.value.paragraph == "633a.14(d)"


def test_633a_14_f_the_rack_is_shuffled_back_and_its_first_card_burned() -> None:
    table = opened()
    play_round(table, "9S", "TH", "TS", "7C")
    game = table.deal([BoxWager(box=1, player="p1", amount=1000)])
    table.card(Card.parse("9H"), face_up=True)
    events = table.refill_from_rack()
    assert [(e.kind, e.paragraph) for e in events] == [("irregularity", "633a.14(f)")]
    with pytest.raises(IllegalActionError) as refused:
        table.card(Card.parse("9S"), face_up=True)
    assert refused.value.paragraph == "633a.14(f)"
    table.burn_refill(Card.parse("TH"))
    # The 9S of the rack is back in the shoe; the TH was burned again.
    table.card(Card.parse("9S"), face_up=True)
    assert game.awaiting is not None


def test_633a_14_k_a_broken_card_reader_stops_the_game_until_repaired() -> None:
    table = opened()
    table.deal([BoxWager(box=1, player="p1", amount=1000)])
    table.reader_malfunction()
    with pytest.raises(IllegalActionError) as refused:
        table.card(Card.parse("9H"), face_up=True)
    assert refused.value.paragraph == "633a.14(k)"
    with pytest.raises(IllegalActionError, match="replaced"):
        table.reader_restored("ignored")
    events = table.reader_restored("replaced")
    assert [(e.what, e.option) for e in events if isinstance(e, IrregularityRecorded)] == [
        ("card_reader_restored", "replaced")
    ]
    table.card(Card.parse("9H"), face_up=True)


def test_633a_14_l_a_jammed_shuffler_means_a_reshuffle() -> None:
    table = DealtTable(ONE_DECK)
    table.receive_cards()
    table.inspect()
    table.spread()
    table.wash()
    table.shuffle(method="automated")
    table.shuffler_jammed()
    with pytest.raises(IllegalActionError):
        table.load_shoe()
    table.shuffle(method="automated")
    table.cut()
    table.load_shoe()


def test_633a_14_m_a_broken_shuffler_is_covered_before_a_hand_shuffle() -> None:
    table = DealtTable(ONE_DECK)
    table.receive_cards()
    table.inspect()
    table.spread()
    table.wash()
    table.shuffler_out_of_order()
    with pytest.raises(IllegalActionError, match="covered") as refused:
        table.shuffle(method="manual")
    assert refused.value.paragraph == "633a.14(m)"
    with pytest.raises(IllegalActionError):
        table.shuffle(method="automated")
    table.shuffler_covered()
    table.shuffle(method="manual")


def test_633a_5_h_a_continuous_shuffler_takes_each_rounds_cards_back() -> None:
    table = DealtTable(Rules(decks=1, shoe="continuous_shuffler"))
    table.inspect_reader()
    table.receive_cards()
    table.inspect()
    table.spread()
    table.wash()
    table.shuffle(method="automated")
    table.load_shoe()
    play_round(table, "9S", "TH", "TS", "7C")
    assert sum(table.holds.values()) == 52
    table.deal([BoxWager(box=1, player="p1", amount=1000)])
    table.card(Card.parse("9S"), face_up=True)  # back in the shuffler, dealt again


class Clock:
    """The house clock, moved by hand."""

    def __init__(self) -> None:
        self.time = datetime(2026, 12, 3, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.time


def clocked(clock: Clock, rules: Rules = ONE_DECK) -> DealtTable:
    table = DealtTable(rules, now=clock, gaming_day_starts=timedelta(hours=6))
    table.receive_cards()
    table.inspect()
    table.spread()
    table.wash()
    table.shuffle(method=_method(rules))
    table.cut()
    table.load_shoe()
    table.burn(Card.parse("2D"))
    return table


def test_633a_2_f_the_card_reader_is_inspected_each_gaming_day() -> None:
    clock = Clock()
    table = clocked(clock)
    with pytest.raises(IllegalActionError, match="not been inspected") as refused:
        table.deal([BoxWager(box=1, player="p1", amount=1000)])
    assert refused.value.paragraph == "633a.2(f)"
    assert steps(table.inspect_reader()) == [("card_reader_inspected", 0, "633a.2(f)")]
    play_round(table, "9S", "TH", "TS", "7C")
    clock.time += timedelta(hours=20)  # 05:00 next morning: the same gaming day (from 06:00)
    play_round(table, "9H", "TD", "TC", "7D")
    clock.time += timedelta(hours=2)  # 07:00: a new gaming day
    with pytest.raises(IllegalActionError) as refused:
        table.deal([BoxWager(box=1, player="p1", amount=1000)])
    assert refused.value.paragraph == "633a.2(f)"


def test_633a_3_d_decks_are_changed_every_24_hours_and_every_4_dealt_from_the_hand() -> None:
    clock = Clock()
    table = clocked(clock)
    clock.time += timedelta(hours=24, minutes=1)
    table.inspect_reader()
    with pytest.raises(IllegalActionError, match="24 hours") as refused:
        table.deal([BoxWager(box=1, player="p1", amount=1000)])
    assert refused.value.paragraph == "633a.3(d)"
    hand = clocked(clock, Rules(decks=1, variant="hand_dealt"))
    clock.time += timedelta(hours=4, minutes=1)
    hand.inspect_reader()
    with pytest.raises(IllegalActionError, match="4 hours"):
        hand.deal([BoxWager(box=1, player="p1", amount=1000)])


def test_633a_7_e_a_cover_card_on_an_empty_box_is_refused() -> None:
    table = opened(Rules(decks=6))
    table.deal([BoxWager(box=1, player="p1", amount=1000)])
    with pytest.raises(IllegalActionError, match="box 4 has no wager") as refused:
        table.cover_card_reached(4)
    assert refused.value.paragraph == "633a.5(c)(2)"


def test_633a_12_b_5_dealt_from_the_hand_a_card_is_burned_before_each_round() -> None:
    table = opened(Rules(decks=2, variant="hand_dealt"))
    play_round(table, "9S", "TH", "TS", "7C")
    with pytest.raises(IllegalActionError, match="burned first") as refused:
        table.deal([BoxWager(box=1, player="p1", amount=1000)])
    assert refused.value.paragraph == "633a.12(b)(5)"
    burned = table.burn(Card.parse("4H"))
    assert burned[0].paragraph == "633a.12(b)(5)"
    table.deal([BoxWager(box=1, player="p1", amount=1000)])


def test_633a_12_b_2_dealt_from_the_hand_the_cards_are_shuffled_by_a_device() -> None:
    table = DealtTable(Rules(decks=2, variant="hand_dealt"))
    table.inspect_reader()
    table.receive_cards()
    table.inspect()
    table.spread()
    table.wash()
    with pytest.raises(IllegalActionError, match="automated shuffling device") as refused:
        table.shuffle(method="manual")
    assert refused.value.paragraph == "633a.12(b)(2)"
    table.shuffle(method="automated")
