"""The cut offered to a player at an electronic table (house rule `player_cut`, 633a.5(b)-(d)):
the shuffled stack waits, committed, for its cut; 633a.5(c) says who is offered it; a player
declines or cuts within ten cards of either end; nobody accepting, the table cuts as the round
is dealt. Through the engine (`Table`), the protocol (`between_rounds_offers`), a restore, and
the server's runtime.

Expected orders are worked from the text: after a cut `position` cards from the top, "the dealer
shall take all cards on top of the cover card and place them on the bottom of the stack"
(633a.5(d)), so the stack reads `order[position:] + order[:position]`, and its first card is
burned (633a.7(c)).
"""

from __future__ import annotations

from typing import Any

import pytest

from tablegames.blackjack.game import GAME
from tablegames.blackjack.rules import Rules, rules_from_mapping
from tablegames.blackjack.table import Table
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card
from tablegames.core.errors import RulesError, ShoeError, TableGamesError
from tablegames.core.rng import SeededRandom
from tablegames.core.table import Command, Viewer
from tablegames.server.errors import CommandRefused
from tablegames.server.runtime import TableRuntime

CUTTING = Rules(player_cut=True)


def _table(seed: int = 3, rules: Rules = CUTTING) -> Table:
    return Table(rules, random=SeededRandom.from_seed(seed))


def _kinds(table: Table) -> list[str]:
    return [event.kind for event in table.events]


def test_633a_5_b_the_shuffled_stack_waits_for_its_cut() -> None:
    table = _table()
    assert _kinds(table) == ["rules_filed", "shoe_shuffled"]  # committed, not yet cut
    assert table.cut_pending
    with pytest.raises(ShoeError, match="cut them, then stack"):
        table.stack([Card.parse("AS")])


def test_633a_5_c_1_the_first_player_arriving_is_offered_the_cut_and_only_that_player() -> None:
    table = _table()
    assert table.cut_offered([4, 2]) == 4  # box 4 sat first
    table.decline_cut(4)
    assert table.cut_offered([4, 2]) is None  # (1) names one player: the dealer cuts next


def test_633a_5_b_nobody_accepting_the_table_cuts_before_the_round() -> None:
    table = _table()
    table.decline_cut(4)
    table.deal([BoxWager(box=4, amount=2500)])
    kinds = _kinds(table)
    start = kinds.index("round_started")
    assert kinds[2:start] == [
        "cut_declined",
        "cut_taken",
        "shoe_cut",
        "cover_card_placed",
        "card_burned",
    ]
    taken = table.events[3].to_json()
    assert (taken["box"], taken["position"]) == (0, None)  # the table's cut, drawn


def test_633a_5_d_a_players_cut_moves_the_cards_above_it_to_the_bottom() -> None:
    table = _table()
    order = table.sealed[0]["order"]
    table.cut(4, 100)
    burned = next(event.to_json() for event in table.events if event.kind == "card_burned")
    assert burned["card"] == order[100]  # 633a.7(c): the first card of the cut stack
    assert [str(card) for card in table.shoe.remaining] == order[101:] + order[:100]
    assert not table.cut_pending


@pytest.mark.parametrize("position", [9, 303, 0, -5])
def test_633a_5_d_a_cut_nearer_than_ten_cards_to_either_end_is_refused(position: int) -> None:
    table = _table()
    before = _kinds(table)
    with pytest.raises(ShoeError) as refused:
        table.cut(4, position)
    assert refused.value.paragraph == "633a.5(d)"
    assert _kinds(table) == before
    assert table.cut_pending
    table.cut(4, 10)  # the limits themselves are allowed (312 cards: 10 to 302)
    assert not table.cut_pending


def test_633a_5_c_4_a_floor_reshuffle_offers_from_the_dealers_right_counterclockwise() -> None:
    table = _table()
    table.cut(2, 50)
    table.deal([BoxWager(box=2, amount=2500)])
    while table.current is not None:
        table.current.act(table.current.legal_actions()[0])
    table.reshuffle()
    seated = [2, 5, 3]
    assert table.cut_offered(seated) == 5  # the highest box: farthest to the dealer's right
    table.decline_cut(5)
    assert table.cut_offered(seated) == 3
    table.decline_cut(3)
    assert table.cut_offered(seated) == 2
    table.decline_cut(2)
    assert table.cut_offered(seated) is None


def test_633a_5_c_2_the_box_the_cover_card_came_out_on_is_offered_the_cut() -> None:
    # One deck, cover card after 39 cards: play until the cover card comes out in a round.
    table = _table(seed=11, rules=Rules(player_cut=True, decks=1, boxes=7))
    seated = [1, 4, 7]
    table.cut(1, 20)
    for _ in range(40):
        table.deal([BoxWager(box=box, amount=2500) for box in seated])
        while table.current is not None:
            table.current.act(table.current.legal_actions()[0])
        if table.cut_pending:
            break
    assert table.cut_pending
    stream = [event.to_json() for event in table.events]
    reached = max(i for i, event in enumerate(stream) if event["event"] == "cover_card_reached")
    card = next(event for event in stream[reached:] if event["event"] == "card_dealt")
    # (2) the player's betting area the cover card appeared on; (3) the dealer's hand: the
    # farthest to the dealer's right.
    expected = card["box"] if card.get("to", "box") == "box" and card["box"] else 7
    assert table.cut_offered(seated) == expected


def test_a_restored_table_has_the_same_cut_and_offers() -> None:
    table = _table()
    table.decline_cut(4)
    restored = Table.restore(
        [event.to_json() for event in table.events],
        table.sealed,
        random=SeededRandom.from_seed(99),
    )
    assert restored.cut_pending
    assert restored.cut_offered([4, 2]) is None
    table2 = _table()
    table2.cut(4, 77)
    restored2 = Table.restore(
        [event.to_json() for event in table2.events],
        table2.sealed,
        random=SeededRandom.from_seed(99),
    )
    assert restored2.shoe.remaining == table2.shoe.remaining
    table.deal([BoxWager(box=4, amount=2500)])  # the dealer's cut, drawn from the table's source
    restored3 = Table.restore(
        [event.to_json() for event in table.events],
        table.sealed,
        random=SeededRandom.from_seed(99),
    )
    assert [event.to_json() for event in restored3.events] == [
        event.to_json() for event in table.events
    ]


def test_633a_5_b_a_players_cut_is_offered_at_a_single_dealing_shoe_only() -> None:
    with pytest.raises(RulesError) as refused:
        rules_from_mapping({"player_cut": True, "shoe": "double_shoe"})
    assert refused.value.paragraph == "633a.5(b)"


def test_633a_5_c_the_protocol_offers_the_cut_to_the_named_spot_alone() -> None:
    table = GAME.open_table(CUTTING, random=SeededRandom.from_seed(3))
    seated = [4, 2]
    offers = table.between_rounds_offers(4, seated)
    assert [(offer.action, offer.low, offer.high) for offer in offers] == [
        ("cut", 10, 302),
        ("decline_cut", None, None),
    ]
    assert table.between_rounds_offers(2, seated) == ()
    with pytest.raises(TableGamesError) as not_yours:
        table.between_rounds(
            Command(player="bo", spot=2, action="cut", args={"position": 50}), seated
        )
    assert not_yours.value.paragraph == "633a.5(c)"
    for args in ({}, {"position": "50"}, {"position": True}, {"position": 50, "x": 1}):
        with pytest.raises(TableGamesError):
            table.between_rounds(Command(player="ann", spot=4, action="cut", args=args), seated)
    table.between_rounds(Command(player="ann", spot=4, action="cut", args={"position": 50}), seated)
    assert table.between_rounds_offers(4, seated) == ()


def _runtime() -> TableRuntime:
    return TableRuntime.open(
        "t1", "blackjack", {"player_cut": True}, random=SeededRandom.from_seed(5)
    )


def _command(runtime: TableRuntime, player: str, spot: int, action: str, **fields: Any) -> Any:
    order = Command(player=player, spot=spot, action=action, **fields)
    return runtime.command(player, order, available=10**6)


def test_633a_5_b_a_seated_player_cuts_through_the_server_runtime() -> None:
    runtime = _runtime()
    runtime.opening()
    runtime.sit("ann", [3])
    runtime.sit("bob", [5])
    offers = runtime.view(Viewer.seated("ann"))["offers"]["3"]
    assert {"cut", "decline_cut"} <= {offer["action"] for offer in offers}
    assert "cut" not in {
        offer["action"] for offer in runtime.view(Viewer.seated("bob"))["offers"]["5"]
    }
    with pytest.raises(CommandRefused):
        _command(runtime, "bob", 5, "cut", args={"position": 60})
    with pytest.raises(CommandRefused) as forbidden:
        _command(runtime, "bob", 3, "cut", args={"position": 60})
    assert forbidden.value.status == 403
    version = runtime.version
    with pytest.raises(CommandRefused):
        _command(runtime, "ann", 3, "cut", args={"position": 5})
    assert runtime.version == version  # refused: nothing written
    outcome = _command(runtime, "ann", 3, "cut", args={"position": 60})
    kinds = [entry["event"] for entry in outcome.events]
    assert kinds[:2] == ["cut_taken", "shoe_cut"]
    # The burned card is the house's: the players see that a card was burned, never which.
    burned = next(
        e
        for e in runtime.view(Viewer.seated("bob"))["events"]
        if e["event"]["event"] == "card_burned"
    )
    assert (
        burned["event"]["card"]
        != next(e for e in outcome.events if e["event"] == "card_burned")["card"]
    )
    bet = Command(player="ann", spot=3, action="bet", amount=2500, args={"wager": "blackjack"})
    runtime.command("ann", bet, available=10**6)
    assert _command(runtime, "ann", 3, "ready").round_started == "t1-r1"
