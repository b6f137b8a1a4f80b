"""Pai Gow Poker table procedures as floor orders: the deck change (645a.3(c)(2)), the shuffler's
failure and repair with 645a.9's fallback to a dealing shoe, and two alternating decks with a
shuffler; each kept by a restore and a replay of the log.

Expected: dealt from the hand, a failed shuffler leaves play "only with a dealing shoe under
645a.8 or 645a.10" (42 Pa.B. 2922, digest 7), so the round's cards are dealt under the named
shoe's paragraph until the repair; alternating decks take turns, A then B, one per shuffle.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablegames.core.errors import TableGamesError
from tablegames.core.rng import SeededRandom
from tablegames.core.table import Command
from tablegames.paigow.game import GAME
from tablegames.paigow.table import PaiGowGameTable

HAND_DEALT = {"dealing_procedure": "hand", "automated_shuffler": True}


def _table(**rules: Any) -> PaiGowGameTable:
    return GAME.open_table(GAME.rules_from_mapping(rules), random=SeededRandom.from_seed(8))


def _round(table: PaiGowGameTable) -> set[str]:
    """One round with one main wager, set by the house way; the paragraphs its cards cite."""
    window = table.open_betting()
    window.place(Command(player="ann", spot=1, action="pai_gow", amount=2500))
    round_ = table.start_round(window)
    for turn in list(round_.awaiting):
        round_.apply(round_.on_timeout(turn))
    return {e.to_json()["paragraph"] for e in round_.events if e.kind == "card_dealt"}


def test_645a_9_a_failed_shuffler_leaves_a_hand_dealt_table_to_a_dealing_shoe() -> None:
    table = _table(**HAND_DEALT)
    assert _round(table) == {"645a.9"}
    with pytest.raises(TableGamesError) as refused:
        table.order("shuffler_failed", {})
    assert refused.value.paragraph == "645a.9(a)(1)"
    table.order("shuffler_failed", {"procedure": "manual_shoe", "by": "floor 7"})
    assert table.dealing_procedure == "manual_shoe"
    assert _round(table) == {"645a.8"}
    # Restored from its stream and sealed records, the table still deals from the shoe.
    restored = GAME.restore_table(
        [event.to_json() for event in table.events],
        table.sealed,
        random=SeededRandom.from_seed(1),
    )
    assert restored.dealing_procedure == "manual_shoe"
    table.order("shuffler_repaired", {})
    assert _round(table) == {"645a.9"}
    replayed = GAME.replay([event.to_json() for event in table.events])
    assert [event.kind for event in replayed].count("shuffler_ordered") == 2


def test_645a_10_the_fallback_may_be_an_automated_shoe() -> None:
    table = _table(**HAND_DEALT)
    table.order("shuffler_failed", {"procedure": "automated_shoe"})
    assert _round(table) == {"645a.10"}


@pytest.mark.parametrize(
    ("rules", "name", "args", "says"),
    [
        ({}, "shuffler_failed", {}, "files no automated shuffler"),
        (HAND_DEALT, "shuffler_failed", {"procedure": "hand"}, "dealing shoe"),
        (HAND_DEALT, "shuffler_repaired", {}, "not out of order"),
        (HAND_DEALT, "shuffler_failed", {"procedure": "manual_shoe", "x": 1}, r"not \['x'\]"),
        (
            {"automated_shuffler": True},
            "shuffler_failed",
            {"procedure": "manual_shoe"},
            "applies to a table dealt from the hand",
        ),
        ({}, "change_deck", {"by": "x" * 81}, "at most 80"),
        ({}, "reshuffle", {}, "no floor order 'reshuffle'"),
    ],
)
def test_a_wrong_floor_order_is_refused_and_changes_nothing(
    rules: dict[str, Any], name: str, args: dict[str, Any], says: str
) -> None:
    table = _table(**rules)
    before = [event.to_json() for event in table.events]
    with pytest.raises(TableGamesError, match=says):
        table.order(name, args)
    assert [event.to_json() for event in table.events] == before


def test_alternating_decks_take_turns_and_a_broken_shuffler_keeps_the_deck_in_play() -> None:
    table = _table(automated_shuffler=True, alternating_decks=True)
    _round(table)
    _round(table)
    table.order("shuffler_failed", {})
    _round(table)
    table.order("shuffler_repaired", {})
    _round(table)
    decks = [e.to_json()["deck"] for e in table.events if e.kind == "deck_shuffled"]
    # Opened with A; B and A after rounds 1 and 2; hand-shuffled A stays after round 3; B.
    assert decks == ["A", "B", "A", "A", "B"]
    one_deck = _table()
    assert {e.to_json()["deck"] for e in one_deck.events if e.kind == "deck_shuffled"} == {None}


def test_645a_3_c_2_a_deck_change_is_ordered_between_rounds_only() -> None:
    table = _table()
    window = table.open_betting()
    window.place(Command(player="ann", spot=1, action="pai_gow", amount=2500))
    table.start_round(window)
    with pytest.raises(TableGamesError, match="waits for the round to end"):
        table.order("change_deck", {})
