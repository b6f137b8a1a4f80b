"""A dealt table with a double shoe (633a.3(c), 633a.4(d), 633a.7(d)-(e), 633a.14(a), (f), (h)):
two sides, "red" (hearts and diamonds select it) and "black" (spades and clubs), each with its
own count, rack, segregated area and cover card. Expected values are worked by hand from the
paragraphs: the default rules' six decks make three a side, 156 cards each."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from tablegames.blackjack.actions import Action
from tablegames.blackjack.dealt_game import GAME, DealtBlackjackTable
from tablegames.blackjack.dealt_table import DealtTable
from tablegames.blackjack.events import (
    CardDealt,
    CardDiscarded,
    Event,
    IrregularityRecorded,
    ProcedureRecorded,
    WagerSettled,
    event_from_json,
)
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.shoe_steps import (
    CardBurned,
    DeterminantDrawn,
    DeterminantSegregated,
    SideSelected,
)
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card
from tablegames.core.errors import IllegalActionError, TableGamesError
from tablegames.core.table import Command
from tests.test_dealt_table import opened as opened_single

DOUBLE = Rules(shoe="double_shoe")
NOW = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
SIDES = ("red", "black")


def opened(rules: Rules = DOUBLE, *, load: tuple[str, ...] = SIDES) -> DealtTable:
    """A double shoe through 633a.4(a)-(d) and 633a.5, each side separately; the sides in
    `load` are cut and loaded (the others stop after their shuffle)."""
    table = DealtTable(rules, now=lambda: NOW)
    table.inspect_reader()
    table.receive_cards()
    for side in SIDES:
        table.inspect(side=side)
        table.spread(3, side=side)
        table.wash(side=side)
        table.shuffle(side=side)
        if side in load:
            table.cut(position=20, cover_from_bottom=table.side(side).count // 3, side=side)
            table.load_shoe(side=side)
    return table


def c(code: str) -> Card:
    return Card.parse(code)


def deal_cards(table: DealtTable, *codes: str) -> None:
    """Each card to what the round awaits, every box standing when its turn comes."""
    game = table.current
    assert game is not None
    for code in codes:
        while game.awaiting is None and game.turn is not None:
            table.act(game.turn.box, Action.STAND)
        where = game.awaiting
        assert where is not None, f"no card is awaited for {code}"
        table.card(c(code), face_up=where.face_up)
    while not game.is_complete and game.turn is not None and game.awaiting is None:
        table.act(game.turn.box, Action.STAND)
    table.sync()


def wagers(*boxes: int) -> list[BoxWager]:
    return [BoxWager(box=box, player=f"p{box}", amount=1000) for box in boxes]


def counts(table: DealtTable) -> dict[str, tuple[int, int, int]]:
    """Each side's (cards in the shoe, in the rack, in the segregated area)."""
    return {
        name: (side.count, len(side.rack), len(side.segregated))
        for name, side in table.sides.items()
    }


def net(events: list[Event]) -> dict[int, int]:
    result: dict[int, int] = {}
    for event in events:
        if isinstance(event, WagerSettled):
            result[event.box] = result.get(event.box, 0) + event.returned - event.stake
    return result


# --- 633a.3(c), 633a.4(d): two sides, opened separately ---------------------------------------


def test_633a_3_c_each_side_of_a_dealt_double_shoe_holds_half_the_decks() -> None:
    table = opened()
    assert counts(table) == {"red": (156, 0, 0), "black": (156, 0, 0)}
    assert sum(table.holds.values()) == 312
    two_decks = opened(Rules(decks=2, shoe="double_shoe"))
    assert counts(two_decks) == {"red": (52, 0, 0), "black": (52, 0, 0)}


def test_633a_4_d_each_side_is_inspected_spread_and_washed_separately() -> None:
    table = DealtTable(DOUBLE, now=lambda: NOW)
    table.receive_cards()
    with pytest.raises(IllegalActionError, match="name the side") as refused:
        table.inspect()
    assert refused.value.paragraph == "633a.4(d)"
    table.inspect(side="red")
    with pytest.raises(IllegalActionError, match="inspected first") as early:
        table.spread(3, side="black")  # the black side's decks are not inspected yet
    assert early.value.paragraph == "633a.4(a)"
    table.spread(3, side="red")
    table.inspect(side="black")
    recorded = [
        (e.step, e.side, e.paragraph) for e in table.events if isinstance(e, ProcedureRecorded)
    ]
    assert recorded == [
        ("cards_received", None, "603a.16"),
        ("cards_inspected", "red", "633a.4(a)"),
        ("cards_spread", "red", "633a.4(b)"),
        ("cards_inspected", "black", "633a.4(a)"),
    ]


def test_633a_5_d_a_sides_cut_is_measured_on_its_own_cards() -> None:
    table = opened(load=())
    # 156 cards a side: the cover card at least 39 from the bottom, the cut at most 146 down.
    with pytest.raises(IllegalActionError, match="of 156") as deep:
        table.cut(position=147, side="red")
    assert deep.value.paragraph == "633a.5(d)"
    with pytest.raises(IllegalActionError, match="of 156"):
        table.cut(cover_from_bottom=38, side="black")
    table.cut(position=146, cover_from_bottom=39, side="red")


# --- 633a.7(d): the determinant card in lieu of the burn card ---------------------------------


def test_633a_7_d_a_double_shoe_burns_no_card() -> None:
    table = opened()
    with pytest.raises(IllegalActionError, match="burns no card") as refused:
        table.burn(c("2D"))
    assert refused.value.paragraph == "633a.7(d)"
    changed = table.change_dealer()
    assert [(e.step, e.paragraph) for e in changed if isinstance(e, ProcedureRecorded)] == [
        ("dealer_changed", "633a.7(d)")
    ]
    table.determinant(c("9H"), drawn_from="red")
    table.deal(wagers(1))  # no burn card is owed


def test_633a_7_d_1_no_round_is_dealt_without_its_determinant_card() -> None:
    table = opened()
    with pytest.raises(IllegalActionError, match="determinant card") as refused:
        table.deal(wagers(1))
    assert refused.value.paragraph == "633a.7(d)(1)"
    assert table.current is None


def test_633a_7_d_1_both_sides_are_in_the_shoe_before_the_determinant_card() -> None:
    table = opened(load=("red",))
    with pytest.raises(IllegalActionError, match="black side is not in the shoe") as refused:
        table.determinant(c("9H"), drawn_from="red")
    assert refused.value.paragraph == "633a.7(d)(1)"
    assert counts(table)["red"] == (156, 0, 0)  # refused: nothing taken


def test_633a_7_d_2_a_determinant_card_of_its_own_side_is_the_first_players_first_card() -> None:
    table = opened()
    drawn = table.determinant(c("9H"), drawn_from="red")
    assert drawn == [
        DeterminantDrawn(pile="red", card="9H", selects="red", paragraph="633a.7(d)(1)"),
        SideSelected(pile="red", side="red", paragraph="633a.7(d)(1)"),
    ]
    assert counts(table)["red"] == (155, 0, 0)
    game = table.deal(wagers(1, 2))
    # 633a.7(f): the first card goes to box 1, the farthest to the dealer's left: the 9H.
    assert [(e.card, e.box) for e in game.events if isinstance(e, CardDealt)] == [("9H", 1)]
    where = game.awaiting
    assert where is not None
    assert (where.to, where.box) == ("box", 2)
    # Box 2 5C, dealer 7D up, box 1 TS (19), box 2 8S (13), hole KC: the dealer's 17 stands.
    deal_cards(table, "5C", "7D", "TS", "8S", "KC")
    assert net(game.events) == {1: 1000, 2: -1000}
    # The red side gave six cards (the 9H with them); the black side none.
    assert counts(table) == {"red": (150, 6, 0), "black": (156, 0, 0)}


def test_633a_7_d_2_a_determinant_card_of_the_other_side_goes_to_its_segregated_area() -> None:
    table = opened()
    drawn = table.determinant(c("2S"), drawn_from="red")
    assert drawn[-1] == DeterminantSegregated(pile="red", card="2S", paragraph="633a.7(d)(2)")
    assert table.side("red").segregated == [c("2S")]
    game = table.deal(wagers(1))
    assert game.events[-1].kind == "wager_placed"  # no card dealt yet: the black side's first
    # From the black side: box 1 9S, dealer 7D, box 1 TS (19), hole KC (17): box 1 wins.
    deal_cards(table, "9S", "7D", "TS", "KC")
    assert net(game.events) == {1: 1000}
    assert counts(table) == {"red": (155, 0, 1), "black": (152, 4, 0)}


def test_633a_7_f_the_round_follows_its_determinant_card() -> None:
    table = opened()
    table.determinant(c("9H"), drawn_from="red")
    with pytest.raises(IllegalActionError, match="dealt next") as again:
        table.determinant(c("9D"), drawn_from="black")
    assert again.value.paragraph == "633a.7(f)"
    with pytest.raises(IllegalActionError, match="dealt next"):
        table.shuffle(side="black")
    assert counts(table) == {"red": (155, 0, 0), "black": (156, 0, 0)}


def test_633a_7_d_the_determinant_card_is_a_double_shoes() -> None:
    table = opened_single()
    with pytest.raises(IllegalActionError, match="only at a double shoe") as refused:
        table.determinant(c("9H"), drawn_from="red")
    assert refused.value.paragraph == "633a.7(d)"


# --- hostile: sides named wrongly, or at a single shoe ------------------------------------------


@pytest.mark.parametrize("name", ["blue", "Red", "shoe", ""])
def test_633a_7_d_1_a_side_named_wrongly_is_refused_and_changes_nothing(name: str) -> None:
    table = opened()
    before = list(table.events)
    with pytest.raises(IllegalActionError, match="hearts and diamonds") as refused:
        table.determinant(c("9H"), drawn_from=name)
    assert refused.value.paragraph == "633a.7(d)(1)"
    with pytest.raises(IllegalActionError, match="hearts and diamonds"):
        table.cover_card_reached(0, side=name)
    assert table.events == before
    assert counts(table) == {"red": (156, 0, 0), "black": (156, 0, 0)}


def test_633a_3_c_a_side_at_a_single_shoe_is_refused() -> None:
    table = opened_single()
    before = list(table.events)
    for call in (
        lambda: table.shuffle(side="red"),
        lambda: table.order_reshuffle(side="black"),
        lambda: table.cover_card_reached(0, side="red"),
        lambda: table.deal(wagers(1), drawn_from="black"),
    ):
        with pytest.raises(IllegalActionError, match="single shoe") as refused:
            call()
        assert refused.value.paragraph == "633a.3(c)"
    assert table.events == before
    assert table.current is None


def test_633a_3_c_a_side_cannot_give_a_card_it_no_longer_holds() -> None:
    table = opened(Rules(decks=2, shoe="double_shoe"))  # one deck a side
    table.determinant(c("AS"), drawn_from="black")
    table.deal(wagers(1))
    deal_cards(table, "7D", "TS", "KC")  # box 1 AS TS: a Blackjack; the dealer's 7D KC: 17
    with pytest.raises(IllegalActionError, match="black side") as refused:
        table.determinant(c("AS"), drawn_from="black")  # the black side's only AS is dealt
    assert refused.value.paragraph == "633a.3(c)"
    table.determinant(c("AS"), drawn_from="red")  # the red side's own AS (other backs)


# --- 633a.14(h): a round drawn from the incorrect side ------------------------------------------


def test_633a_14_h_a_round_from_the_incorrect_side_stands_and_counts_against_its_side() -> None:
    table = opened()
    table.determinant(c("9H"), drawn_from="red")  # red selected; the 9H is box 1's first card
    game = table.deal(wagers(1), drawn_from="black")
    incorrect = [e for e in table.events if isinstance(e, IrregularityRecorded)]
    assert incorrect == [
        IrregularityRecorded(what="round_from_incorrect_side", side="black", paragraph="633a.14(h)")
    ]
    # Treated as drawn from the correct side and concluded: 9H TS = 19 against 7D KC = 17.
    deal_cards(table, "7D", "TS", "KC")
    assert net(game.events) == {1: 1000}
    # The 9H left the red side (its rack); the three others the black side (its rack).
    assert counts(table) == {"red": (155, 1, 0), "black": (153, 3, 0)}


def test_633a_14_h_the_dealer_says_the_side_before_the_round_starts() -> None:
    table = opened()
    with pytest.raises(IllegalActionError, match="after its determinant card") as early:
        table.deal_from("red")
    assert early.value.paragraph == "633a.14(h)"
    table.determinant(c("2S"), drawn_from="red")  # selects black; the 2S is segregated
    table.deal_from("red")
    game = table.deal(wagers(1))
    # From the red side: 9S TS = 19 against 7D KC = 17.
    deal_cards(table, "9S", "7D", "TS", "KC")
    assert net(game.events) == {1: 1000}
    assert counts(table) == {"red": (151, 4, 1), "black": (156, 0, 0)}
    recorded = [(e.what, e.side) for e in table.events if isinstance(e, IrregularityRecorded)]
    assert recorded == [("round_from_incorrect_side", "red")]


def test_633a_14_h_the_correct_side_named_is_no_irregularity() -> None:
    table = opened()
    table.determinant(c("2S"), drawn_from="red")
    table.deal(wagers(1), drawn_from="black")
    assert not any(isinstance(e, IrregularityRecorded) for e in table.events)


# --- 633a.7(e)(2)-(3): a side's cover card -----------------------------------------------------


def test_633a_7_e_2_the_cover_card_collects_and_reshuffles_only_its_side() -> None:
    table = opened()
    table.determinant(c("2S"), drawn_from="red")  # black selected; 2S to red's segregated area
    table.deal(wagers(1))
    deal_cards(table, "9S")
    with pytest.raises(IllegalActionError, match="red side's cover card") as other:
        table.cover_card_reached(1, side="red")
    assert other.value.paragraph == "633a.7(e)(2)"
    table.cover_card_reached(1, side="black")
    deal_cards(table, "7D", "TS", "KC")  # the round is completed
    with pytest.raises(IllegalActionError, match="black side is reshuffled") as due:
        table.determinant(c("9H"), drawn_from="red")
    assert due.value.paragraph == "633a.7(e)(3)"
    assert counts(table) == {"red": (155, 0, 1), "black": (152, 4, 0)}
    shuffled = table.shuffle(side="black")
    # 633a.5(c)(2): the black side's cover card came out on box 1: box 1 is offered the cut.
    assert [(e.step, e.box, e.side) for e in shuffled if isinstance(e, ProcedureRecorded)] == [
        ("cards_shuffled_manual", 0, "black"),
        ("cut_offered", 1, "black"),
    ]
    # Only the black side collected: its shoe and rack; the red side's segregated 2S stays.
    assert counts(table) == {"red": (155, 0, 1), "black": (156, 0, 0)}
    table.cut(position=30, side="black")
    table.load_shoe(side="black")
    table.determinant(c("9H"), drawn_from="red")


def test_633a_7_e_a_cover_card_drawn_before_the_round_lets_it_be_completed() -> None:
    table = opened()
    table.determinant(c("9S"), drawn_from="black")
    table.cover_card_reached(0, side="black")  # it came out with the determinant card
    game = table.deal(wagers(1))  # 633a.7(e): the round is completed first
    deal_cards(table, "7D", "TS", "KC")
    assert net(game.events) == {1: 1000}
    with pytest.raises(IllegalActionError, match="black side is reshuffled"):
        table.determinant(c("9H"), drawn_from="red")
    table.order_reshuffle(side="red")  # 633a.5(f): a floorperson's order, the red side's
    table.shuffle(side="black")
    table.cut(side="black")
    table.load_shoe(side="black")
    with pytest.raises(IllegalActionError, match="red side is reshuffled") as floor:
        table.determinant(c("9H"), drawn_from="black")
    assert floor.value.paragraph == "633a.5(f)"


# --- 633a.14(a), (f) at a double shoe -----------------------------------------------------------


def test_633a_14_a_a_card_found_face_up_goes_to_its_sides_segregated_area() -> None:
    table = opened()
    table.determinant(c("9H"), drawn_from="red")
    game = table.deal(wagers(1))
    table.found_face_up(c("QD"))  # found as the dealer's up card was drawn
    deal_cards(table, "7D", "TS", "KC")
    assert [e.card for e in game.events if isinstance(e, CardDiscarded)] == ["QD"]
    assert net(game.events) == {1: 1000}
    assert table.side("red").segregated == [c("QD")]
    # Five cards left the red side: 9H 7D TS KC to its rack, the QD to its segregated area.
    assert counts(table) == {"red": (151, 4, 1), "black": (156, 0, 0)}


def test_633a_14_f_a_side_is_refilled_from_its_rack_and_segregated_area() -> None:
    table = opened()
    table.determinant(c("2S"), drawn_from="red")  # black selected; 2S segregated on red
    table.deal(wagers(1))
    deal_cards(table, "9S", "7D", "TS")
    with pytest.raises(IllegalActionError, match="dealt from the black side") as other:
        table.refill_from_rack(side="red")
    assert other.value.paragraph == "633a.14(f)"
    with pytest.raises(IllegalActionError, match="rack is empty"):
        table.refill_from_rack(side="black")  # the round's cards are not in the rack yet
    deal_cards(table, "KC")
    table.refill_from_rack(side="red")  # its segregated 2S goes back in
    assert counts(table)["red"] == (156, 0, 0)
    burned = table.burn_refill(c("4H"))
    assert burned == [CardBurned(card="4H", pile="red", paragraph="633a.14(f)")]
    assert counts(table)["red"] == (155, 1, 0)


# --- the table protocol, its stream, restore and replay -----------------------------------------

OPENING: list[tuple[str, dict[str, Any]]] = [("inspect_reader", {}), ("receive_cards", {})] + [
    (name, {"side": side, **args})
    for side in SIDES
    for name, args in (
        ("inspect", {}),
        ("spread", {"box": 1}),
        ("wash", {}),
        ("shuffle", {}),
        ("cut", {}),
        ("load_shoe", {}),
    )
]


def test_633a_14_h_a_double_shoe_on_the_table_protocol_restores_and_replays() -> None:
    table = GAME.open_table(DOUBLE, random=None)
    assert isinstance(table, DealtBlackjackTable)
    for name, args in OPENING:
        table.order(name, args)
    betting = table.open_betting()
    betting.place(Command(player="ann", spot=1, action="blackjack", amount=2500))
    table.order("determinant", {"card": "KH", "drawn_from": "red"})
    table.order("deal_from", {"side": "black"})
    # 633a.6(c): the determinant card is out, so no bet is made or taken back until the deal.
    late = Command(player="bo", spot=2, action="blackjack", amount=2500)
    assert "the bets are closed" in str(betting.refusal(late))
    game = table.start_round(betting)
    # KH (the determinant, from red) 7D up, 9S: 19; hole QC: 17. Ann wins 2500.
    for card in ("7D", "9S"):
        table.order("card", {"card": card})
    table.order("card", {"card": "QC", "face": "down"})
    game.apply(Command(player="ann", spot=1, action="stand"))
    assert game.is_complete
    settled = [e for e in table.events if isinstance(e, WagerSettled)]
    assert [(e.stake, e.returned) for e in settled] == [(2500, 5000)]
    stored = [event.to_json() for event in table.events]
    assert {"event": "irregularity", "side": "black"}.items() <= next(
        e for e in stored if e["event"] == "irregularity"
    ).items()
    again = GAME.restore_table(stored, list(table.sealed))
    assert [event.to_json() for event in again.events] == stored
    assert again.dealt.side("black").count == 153
    start = next(i for i, event in enumerate(stored) if event["event"] == "round_started")
    assert [event.to_json() for event in GAME.replay(stored)] == stored[start:]
    assert all(event_from_json(dict(event)).to_json() == event for event in stored[1:])


def test_a_double_shoes_bad_orders_are_refused_and_change_nothing() -> None:
    table = GAME.open_table(DOUBLE, random=None)
    for name, args in OPENING:
        table.order(name, args)
    before = (list(table.events), list(table.sealed))
    for name, args in (
        ("determinant", {"card": "KH", "drawn_from": "green"}),
        ("determinant", {"card": "KH"}),
        ("burn", {"card": "KD"}),
        ("shuffle", {"side": "black", "method": "manual", "extra": 1}),
    ):
        with pytest.raises(TableGamesError):
            table.order(name, args)
    assert (list(table.events), list(table.sealed)) == before


def test_a_single_shoes_events_have_no_side_in_their_json() -> None:
    table = opened_single()
    assert all("side" not in e.to_json() for e in table.events if e.kind == "table_procedure")
    double = opened()
    sided = [e.to_json() for e in double.events if isinstance(e, ProcedureRecorded)]
    assert [e.get("side") for e in sided][:3] == [None, None, "red"]


def test_633a_3_c_a_rounds_card_is_counted_on_its_sides_decks() -> None:
    table = opened(Rules(decks=2, shoe="double_shoe"))  # one deck a side
    table.determinant(c("AS"), drawn_from="black")  # box 1's first card
    table.deal(wagers(1))
    with pytest.raises(TableGamesError, match="of its 1 deck") as refused:
        table.card(c("AS"), face_up=True)  # the black deck's only AS is out
    assert refused.value.paragraph == "633a.3(a)"
    table.card(c("9D"), face_up=True)


def test_633a_14_b_a_card_drawn_in_error_waits_on_its_own_side() -> None:
    table = opened()
    table.determinant(c("9H"), drawn_from="red")  # red: box 1's first card
    game = table.deal(wagers(1))
    for code in ("7D", "TS"):
        table.card(c(code), face_up=True)
    table.card(c("KC"), face_up=False)
    table.drawn_in_error(c("5D"))  # while box 1 decides: the next card asked for
    table.act(1, Action.STAND)  # 19 stands, the dealer's 17 stands: the 5D is never used
    assert game.is_complete
    assert table.side("red").carried == [c("5D")]
    # Round 2 from the black side (2S selects it): the red side's 5D waits.
    table.determinant(c("2S"), drawn_from="red")
    table.deal(wagers(1))
    deal_cards(table, "9S", "7C", "TC", "QS")
    assert table.side("red").carried == [c("5D")]
    # Round 3 from red: the determinant 3H is the first card, the 5D the next (the up card).
    table.determinant(c("3H"), drawn_from="red")
    third = table.deal(wagers(1))
    deal_cards(table, "8C", "TD", "6S")  # box 1 3H 8C = 11 stands; 5D TD = 15 draws 6S: 21
    dealt = [(e.card, e.to) for e in third.events if isinstance(e, CardDealt)]
    assert dealt[:3] == [("3H", "box"), ("5D", "dealer"), ("8C", "box")]
    assert net(third.events) == {1: -1000}
    # Red: 9H 7D TS KC, then 3H 5D 8C TD 6S to its rack (9); 2S segregated: 156 - 10 = 146.
    assert counts(table) == {"red": (146, 9, 1), "black": (152, 4, 0)}
