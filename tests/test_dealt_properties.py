"""Property tests of dealt rounds: random rounds with random irregularities injected (633a.14)
still settle every wager exactly once, account for every card, refuse without changing
anything, and replay identically from their log (633a.7(s)). At a double shoe too: random
determinant cards (633a.7(d)) and rounds from the incorrect side (633a.14(h)) keep each side's
cards apart."""

from __future__ import annotations

from collections import Counter
from contextlib import suppress
from datetime import UTC, datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.blackjack.actions import Action
from tablegames.blackjack.dealt import DealtRound
from tablegames.blackjack.dealt_sides import DOUBLE_SIDES
from tablegames.blackjack.dealt_table import DealtTable
from tablegames.blackjack.events import IrregularityRecorded, WagerPlaced, WagerSettled
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card, standard_decks
from tablegames.core.errors import TableGamesError
from tests.dealt_helpers import check_replays

RULE_SETS = [
    Rules(),
    Rules(decks=2, variant="hand_dealt"),
    Rules(variant="blackjack_switch", blackjack_pays="1:1"),
]


def _pick_card(data: st.DataObject, holds: Counter[Card]) -> Card:
    cards = sorted((card for card, count in holds.items() if count > 0), key=str)
    return data.draw(st.sampled_from(cards))


def _step(data: st.DataObject, game: DealtRound) -> None:
    """One random input: most often what the procedure expects, sometimes an irregularity."""
    where = game.awaiting
    choice = data.draw(st.integers(0, 99))
    if where is not None:
        if choice < 80:
            game.deal(_pick_card(data, game.holds), face_up=where.face_up)
        elif choice < 86:
            game.found_face_up(_pick_card(data, game.holds))
        elif choice < 92:
            game.drawn_in_error(_pick_card(data, game.holds))
        else:
            game.not_dealt(data.draw(st.sampled_from(["later", "dead"])))
        return
    if choice < 85:
        legal = game.game.legal_actions()
        action = data.draw(st.sampled_from(legal))
        amount = game.game.max_insurance() if action is Action.INSURANCE else None
        turn = game.turn
        assert turn is not None
        game.act(turn.box, action, amount)
    elif choice < 91:
        game.exposed(_pick_card(data, game.holds))
    elif choice < 96:
        game.drawn_in_error(_pick_card(data, game.holds))
    else:
        game.hole_card_read()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(range(len(RULE_SETS))), st.integers(1, 3))
def test_633a_14_random_irregularities_conserve_money_and_cards_and_replay(
    data: st.DataObject, rules_index: int, boxes: int
) -> None:
    rules = RULE_SETS[rules_index]
    holds = Counter(standard_decks(rules.decks))
    wagers = [
        BoxWager(box=box, player="ann" if box < 3 else "bob", amount=1000 * box)
        for box in range(1, boxes + 1)
    ]
    game = DealtRound(rules=rules, wagers=wagers, holds=holds)
    for _ in range(120):
        if game.is_complete:
            break
        before = list(game.events)
        held = Counter(game.holds)
        try:
            _step(data, game)
        except TableGamesError:
            # A refusal changes nothing.
            assert game.events == before
            assert game.holds == held
    if not game.is_complete:
        raise AssertionError("120 random inputs did not complete the round")
    # Every cent placed (a double or split folds into its hand's settlement) is settled.
    stakes_in = sum(e.amount for e in game.events if isinstance(e, WagerPlaced))
    stakes_settled = sum(e.stake for e in game.events if isinstance(e, WagerSettled))
    assert stakes_in == stakes_settled
    # Every card taken from the shoe is in the rack or still waiting to be dealt (633a.14(b)).
    taken = Counter(standard_decks(rules.decks)) - game.holds
    assert taken == Counter(game.discards) + Counter(game.unused)
    check_replays(game)


DOUBLE = Rules(decks=2, shoe="double_shoe")  # one deck a side (633a.3(c))


def _incorrect_sides(table: DealtTable) -> list[str | None]:
    return [
        e.side
        for e in table.events
        if isinstance(e, IrregularityRecorded) and e.what == "round_from_incorrect_side"
    ]


def _double_table() -> DealtTable:
    """A preinspected double shoe, each side cut and loaded (633a.4(f), 633a.7(a))."""
    table = DealtTable(DOUBLE, preinspected=True, now=lambda: datetime(2026, 1, 5, 12, tzinfo=UTC))
    table.inspect_reader()
    table.receive_cards()
    for side in DOUBLE_SIDES:
        table.cut(side=side)
        table.load_shoe(side=side)
    return table


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(1, 2))
def test_633a_7_d_random_double_shoe_rounds_keep_each_sides_cards_and_replay(
    data: st.DataObject, boxes: int
) -> None:
    """Random determinant cards from either side (633a.7(d)), rounds now and then dealt from the
    incorrect side (633a.14(h)), random irregularities: every card of each side is in its shoe,
    rack, segregated area or waiting as its next card; every wager is settled; each round
    replays from its log."""
    table = _double_table()
    wagers = [BoxWager(box=box, player="ann", amount=1000 * box) for box in range(1, boxes + 1)]
    for _ in range(2):
        drawn_from = data.draw(st.sampled_from(DOUBLE_SIDES))
        table.determinant(_pick_card(data, table.side(drawn_from).holds), drawn_from=drawn_from)
        chosen = table.determinant_card
        assert chosen is not None
        other = "black" if chosen.selects == "red" else "red"
        dealt_from = data.draw(st.sampled_from([chosen.selects] * 3 + [other]))
        before = _incorrect_sides(table)
        game = table.deal(wagers, drawn_from=dealt_from)
        # 633a.14(h): recorded, with the side the cards came from, only when it is not selected.
        expected = [dealt_from] if dealt_from != chosen.selects else []
        assert _incorrect_sides(table)[len(before) :] == expected
        for _ in range(120):
            if game.is_complete:
                break
            with suppress(TableGamesError):  # a refusal changes nothing (tested above)
                _step(data, game)
        if not game.is_complete:
            raise AssertionError("120 random inputs did not complete the round")
        table.sync()
        stakes_in = sum(e.amount for e in game.events if isinstance(e, WagerPlaced))
        assert stakes_in == sum(e.stake for e in game.events if isinstance(e, WagerSettled))
        check_replays(game)
        for side in table.sides.values():
            kept = side.holds + Counter(side.rack) + Counter(side.segregated)
            assert kept + Counter(side.carried) == Counter(standard_decks(1)), side.name
