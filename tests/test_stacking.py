"""Test mode: stacking the next Blackjack round's cards through the table protocol (issue 11).

`GameTable.stack({"cards": [...]})` puts the listed cards next in the undealt part of the shoe,
after the card the hand-dealt game burns before each round (633a.12(b)(5)). The stream logs only
how many (`cards_stacked`); the cards go to a house-only sealed record, from which a restore
rebuilds the stacked shoe. Every reference value here is derived from the rule, not copied from
a run.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.blackjack.game import BlackjackTable
from tablegames.blackjack.shoe import Shoe
from tablegames.blackjack.shoe_steps import ShoeShuffled
from tablegames.core.cards import Card, standard_deck
from tablegames.core.errors import CardError, ScenarioError, ShoeError, TableGamesError
from tablegames.core.rng import SeededRandom
from tablegames.core.table import Command, GameTable
from tablegames.core.views import Viewer, redact
from tablegames.games import find_game
from tests.test_resume import _ops_logged, _Recording, _Replaying

GAME = find_game("blackjack")

SIX_DECKS: dict[str, Any] = {}  # the default: a six-deck dealing shoe
ONE_DECK: dict[str, Any] = {"decks": 1}
HAND_DEALT: dict[str, Any] = {"decks": 1, "variant": "hand_dealt", "shoe": "batch_shuffler"}


def _open(mapping: Mapping[str, Any], seed: int = 1, random: Any = None) -> BlackjackTable:
    table = GAME.open_table(
        GAME.rules_from_mapping(dict(mapping)),
        random=random if random is not None else SeededRandom.from_seed(seed),
    )
    assert isinstance(table, BlackjackTable)
    return table


def _bet(spot: int = 1, amount: int = 2500) -> Command:
    return Command(player=f"p{spot}", spot=spot, action="blackjack", amount=amount)


def _deal(table: GameTable, spots: Sequence[int] = (1,)) -> None:
    betting = table.open_betting()
    for spot in spots:
        betting.place(_bet(spot))
    table.start_round(betting)


def _finish(table: GameTable) -> None:
    """Every decision of the round in progress by the house rule's default (stand, decline)."""
    round_ = table.current
    while round_ is not None and not round_.is_complete:
        round_.apply(round_.on_timeout(round_.awaiting[0]))


def _round(table: GameTable, spots: Sequence[int] = (1,)) -> None:
    _deal(table, spots)
    _finish(table)


def _last_round(events: Sequence[Any]) -> list[Any]:
    start = max(index for index, event in enumerate(events) if event.kind == "round_started")
    return list(events[start:])


def _dealt(events: Sequence[Any]) -> list[str]:
    return [event.card for event in events if event.kind == "card_dealt"]


def _undealt(table: BlackjackTable) -> list[Card]:
    return table.table.shoe.remaining


# --- the stacked cards are dealt ---------------------------------------------------------------


def test_633a_7_f_the_stacked_cards_are_the_next_rounds_cards_in_dealing_order() -> None:
    table = _open(SIX_DECKS)
    _round(table)
    stacked = ["AS", "KH", "2C", "3D", "5S"]
    table.stack({"cards": stacked})
    _deal(table)
    _finish(table)
    round_ = _last_round(table.events)
    # 633a.7(f): box card, dealer's face-up card, box card, dealer's hole card. The box holds
    # AS 2C (soft 13) and stands by default; the dealer holds KH 3D (13) and draws to 17: 5S.
    dealt = [(event.card, event.to) for event in round_ if event.kind == "card_dealt"]
    assert dealt[:5] == [
        ("AS", "box"),
        ("KH", "dealer"),
        ("2C", "box"),
        ("3D", "dealer"),
        ("5S", "dealer"),
    ]
    # No burn in a shoe game between rounds: the stacked cards come first.
    assert [event.kind for event in round_].count("card_burned") == 0
    table.table.shoe.audit()


def test_633a_12_b_5_the_hand_dealt_game_burns_before_the_stacked_cards() -> None:
    table = _open(HAND_DEALT, seed=3)
    _round(table)
    top = _undealt(table)[0]  # the card the next round burns before dealing (633a.12(b)(5))
    stacked = [str(card) for card in standard_deck() if card != top][:4]
    stacked = [code for code in stacked if Card.parse(code) in _undealt(table)][:4]
    assert len(stacked) == 4
    table.stack({"cards": stacked})
    # The burn card stays on top; the stacked cards follow it.
    assert [str(card) for card in _undealt(table)[:5]] == [str(top), *stacked]
    _deal(table)
    _finish(table)
    round_ = _last_round(table.events)
    kinds = [event.kind for event in round_]
    burned = next(event for event in round_ if event.kind == "card_burned")
    assert burned.paragraph == "633a.12(b)(5)"
    assert burned.card == str(top)
    assert kinds.index("card_burned") < kinds.index("card_dealt")
    assert _dealt(round_)[:4] == stacked
    table.table.shoe.audit()


def test_633a_12_b_5_the_first_hand_dealt_round_burns_nothing_before_the_stacked_cards() -> None:
    # The first round's burn is the one after the shuffle (633a.7(c)), already taken.
    table = _open(HAND_DEALT, seed=4)
    stacked = [str(card) for card in _undealt(table)[-4:]]  # the four bottom cards
    table.stack({"cards": stacked})
    _deal(table)
    round_ = _last_round(table.events)
    assert "card_burned" not in [event.kind for event in round_]
    assert _dealt(round_)[:4] == stacked


def test_the_other_undealt_cards_keep_their_order() -> None:
    table = _open(ONE_DECK, seed=5)
    before = [str(card) for card in _undealt(table)]
    stacked = [before[10], before[3], before[-1]]
    table.stack({"cards": stacked})
    rest = [code for code in before if code not in stacked]
    assert [str(card) for card in _undealt(table)] == [*stacked, *rest]


def test_a_second_stacking_goes_in_front_of_the_first() -> None:
    table = _open(ONE_DECK, seed=6)
    bottom = [str(card) for card in _undealt(table)[-3:]]
    first, second = bottom[:2], bottom[2:]
    table.stack({"cards": first})
    table.stack({"cards": second})
    assert [str(card) for card in _undealt(table)[:3]] == [*second, *first]
    assert [e.to_json()["stacking"] for e in table.events if e.kind == "cards_stacked"] == [1, 2]


def test_633a_7_e_a_stacked_round_deals_past_the_cover_card_and_reshuffles_after() -> None:
    shoe = Shoe(1, random=SeededRandom.from_seed(2), penetration=0.5)  # cover card after 26
    shoe.begin_round()
    table_cards = [shoe.draw() for _ in range(24)]  # 1 burned + 24 dealt: the cover is 1 away
    shoe.end_round(table_cards)
    stacked = shoe.remaining[-5:]
    shoe.stack(stacked)
    shoe.begin_round()
    drawn = [shoe.draw() for _ in range(5)]
    assert drawn == stacked  # the cover card comes out after the first of them (633a.7(e))
    assert shoe.cover_card_reached
    assert [event.kind for event in shoe.events].count("cover_card_reached") == 1
    shoe.audit()
    shoe.end_round(drawn)  # 633a.7(e): the reshuffle follows the round
    assert not shoe.cover_card_reached
    assert len(shoe.remaining) == 51
    shoe.audit()


def test_a_continuous_shuffler_stacks_the_cards_in_the_device() -> None:
    table = _open({"decks": 2, "shoe": "continuous_shuffler"}, seed=8)
    _round(table)
    table.stack({"cards": ["QS", "QH", "QD", "QC"]})  # all 104 cards are back in the device
    _deal(table)
    assert _dealt(_last_round(table.events))[:4] == ["QS", "QH", "QD", "QC"]


# --- refusals: the right error, nothing changes -------------------------------------------------


def _unchanged(table: BlackjackTable, outcomes: Any, error: type[TableGamesError]) -> str:
    events, sealed, undealt = table.events, table.sealed, list(_undealt(table))
    with pytest.raises(error) as raised:
        table.stack(outcomes)
    assert table.events == events
    assert table.sealed == sealed
    assert _undealt(table) == undealt
    return str(raised.value)


@pytest.mark.parametrize(
    ("outcomes", "error", "says"),
    [
        ({"dice": [[3, 4]]}, ScenarioError, "not 'dice'"),
        ({"cards": ["AS"], "burn": True}, ScenarioError, "not 'burn'"),
        ({"cards": "AS"}, ScenarioError, "must be a non-empty list"),
        ({"cards": []}, ScenarioError, "must be a non-empty list"),
        ({"cards": {"AS": 1}}, ScenarioError, "must be a non-empty list"),
        (["AS"], ScenarioError, "JSON object"),
        ({"cards": ["AS", "ZZ"]}, CardError, "cards[1]"),
        ({"cards": [11]}, CardError, "cards[0]"),
        ({"cards": ["JK"]}, CardError, "cards[0]"),
    ],
)
def test_a_malformed_stacking_is_refused(
    outcomes: Any, error: type[TableGamesError], says: str
) -> None:
    assert says in _unchanged(_open(SIX_DECKS), outcomes, error)


def test_633a_3_a_six_decks_hold_no_seventh_ace_of_spades() -> None:
    table = _open(SIX_DECKS)
    message = _unchanged(table, {"cards": ["AS"] * 7}, ShoeError)
    assert "AS 7 time(s)" in message
    assert "58 Pa. Code 633a.3(a)" in message


def test_633a_3_a_a_card_already_dealt_or_burned_is_not_in_the_shoe() -> None:
    table = _open(ONE_DECK, seed=9)
    _round(table)
    dealt = _dealt(table.events)[0]
    burned = next(e.to_json()["card"] for e in table.events if e.kind == "card_burned")
    # One deck: the dealt card and the burn card are in the discard rack, not undealt.
    for gone in (dealt, burned):
        message = _unchanged(table, {"cards": ["2H", gone] if gone != "2H" else [gone]}, ShoeError)
        assert f"cannot stack {gone} 1 time(s)" in message
        assert "hold it 0 time(s)" in message


def test_more_cards_than_are_undealt_are_refused() -> None:
    table = _open(ONE_DECK, seed=10)
    every = [str(card) for card in standard_deck()]  # 52; the burn card left 51 undealt
    message = _unchanged(table, {"cards": every}, ShoeError)
    assert "cannot stack 52 card(s): the shoe has 51 undealt" in message


def test_633a_12_b_5_the_burn_card_is_not_available_to_a_stacking() -> None:
    table = _open(HAND_DEALT, seed=11)
    _round(table)
    undealt = [str(card) for card in _undealt(table)]
    message = _unchanged(table, {"cards": undealt}, ShoeError)  # all of them: no burn card left
    assert "the 1 card(s) the next round burns first" in message
    table.stack({"cards": undealt[1:][::-1]})  # all but one: allowed
    _round(table)
    table.table.shoe.audit()


def test_a_stacking_during_a_round_is_refused() -> None:
    table = _open(SIX_DECKS)
    table.stack({"cards": ["TS", "9H", "7C", "8D"]})  # box 17 against a 9: a decision awaits
    _deal(table)
    assert table.current is not None
    assert table.current.awaiting
    message = _unchanged(table, {"cards": ["AS"]}, ShoeError)
    assert "during a round" in message


def test_633a_7_d_1_the_double_shoe_does_not_offer_stacking() -> None:
    table = _open({"decks": 2, "shoe": "double_shoe"})
    message = _unchanged(table, {"cards": ["AS"]}, ShoeError)
    assert "not offered for the double shoe" in message
    assert "633a.7(d)(1)" in message


def test_a_dealer_change_or_reshuffle_waits_for_the_stacked_round() -> None:
    table = _open(SIX_DECKS)
    table.stack({"cards": ["AS", "KH"]})
    events = table.events
    with pytest.raises(ShoeError, match="stacked for the next round"):
        table.table.change_dealer()
    with pytest.raises(ShoeError, match="stacked for the next round"):
        table.table.reshuffle()
    assert table.events == events
    _round(table)
    table.table.change_dealer()  # the stacked round is dealt: allowed again
    table.table.reshuffle()


# --- the stream does not tell the cards; the sealed record does ---------------------------------


def test_the_stacking_event_names_no_card_and_the_sealed_record_does() -> None:
    table = _open(SIX_DECKS)
    stacked = ["AS", "KH", "2C", "3D", "QS", "7H"]
    table.stack({"cards": stacked})
    event = table.events[-1]
    assert event.kind == "cards_stacked"
    data = event.to_json()
    text = json.dumps(data)
    assert not [code for code in stacked if code in text], text
    assert data["count"] == 6
    assert data["stacking"] == 1
    assert data["paragraph"] is None
    record = table.sealed[-1]
    assert record["kind"] == "cards_stacked"
    assert record["stacking"] == 1
    assert record["cards"] == stacked
    assert "shuffle" not in record
    # Every viewer gets the event as it is: there is nothing in it to redact.
    stream = [item.to_json() for item in table.events]
    for viewer in (Viewer.player("p1"), Viewer.spectator()):
        assert redact(stream, viewer, GAME.sight)[-1] == data


def test_the_sealed_records_keep_their_order_and_the_shuffles_their_numbers() -> None:
    # One deck, early cover card: the stacked round's reshuffle seals a new order after the
    # stacking's record; `sealed` only ever grows at its end.
    table = _open({"decks": 1, "penetration": 0.5}, seed=12)
    seen: list[Mapping[str, Any]] = []
    for _ in range(8):
        table.stack({"cards": [str(_undealt(table)[-1])]})
        _round(table, spots=(1, 2, 3))
        assert list(table.sealed[: len(seen)]) == seen
        seen = list(table.sealed)
    shuffles = [record["shuffle"] for record in seen if "shuffle" in record]
    logged = [event.shuffle for event in table.events if isinstance(event, ShoeShuffled)]
    assert shuffles == logged == list(range(1, len(logged) + 1))
    assert len(logged) > 1
    assert [record["stacking"] for record in seen if "stacking" in record] == list(range(1, 9))


# --- restore and replay -------------------------------------------------------------------------

Step = tuple[Any, ...]  # ("stack", outcomes) | ("deal", spots) | ("act", Command)
_MARKERS = frozenset({"round_started", "decision", "cards_stacked"})


def _take(table: GameTable, step: Step) -> None:
    if step[0] == "stack":
        table.stack(step[1])
    elif step[0] == "deal":
        _deal(table, step[1])
    else:
        round_ = table.current
        assert round_ is not None
        round_.apply(step[1])


def _session(mapping: Mapping[str, Any], seed: int) -> tuple[BlackjackTable, list[Step], Any]:
    """Round 1 random; stack; round 2 stacked; round 3 random, decisions at random."""
    source = _Recording(seed)
    table = _open(mapping, random=source)
    rng = np.random.default_rng(seed)
    steps: list[Step] = []

    def take(step: Step) -> None:
        steps.append(step)
        _take(table, step)

    for number in range(3):
        if number == 1:
            undealt = [str(card) for card in _undealt(table)]
            picks = rng.choice(len(undealt) - 1, size=8, replace=False) + 1
            take(("stack", {"cards": [undealt[index] for index in picks]}))
        take(("deal", (1, 3)))
        round_ = table.current
        while round_ is not None and not round_.is_complete:
            turn = round_.awaiting[0]
            offers = [offer for offer in round_.offers(turn.spot) if offer.action != "split"]
            offer = offers[int(rng.integers(len(offers)))]
            amount = offer.low if offer.action in ("insurance", "ez_bust", "double") else None
            command = Command(
                player=turn.player,
                spot=turn.spot,
                hand=turn.hand,
                action=offer.action,
                amount=amount,
            )
            take(("act", command))
    return table, steps, source.ops


def _sealed_at(table: BlackjackTable, prefix: Sequence[Any]) -> list[Mapping[str, Any]]:
    """The sealed records the house holds when the stream stops after `prefix`."""
    shuffles = {event.shuffle for event in prefix if event.kind == "shoe_shuffled"}
    stackings = {event.stacking for event in prefix if event.kind == "cards_stacked"}
    return [
        record
        for record in table.sealed
        if record.get("shuffle") in shuffles or record.get("stacking") in stackings
    ]


def _resumed(table: BlackjackTable, steps: list[Step], ops: Any, cut: int) -> GameTable:
    stream = table.events
    prefix = stream[:cut]
    # What the cut stream records of the original's randomness: shuffles, cuts and, here, each
    # stacking's salt (from its sealed record, never drawn again).
    logged = _ops_logged(list(prefix)) + sum(event.kind == "cards_stacked" for event in prefix)
    stored = json.loads(json.dumps([event.to_json() for event in prefix]))
    restored = GAME.restore_table(
        stored, _sealed_at(table, prefix), random=_Replaying(ops[logged:])
    )
    markers = [index for index, event in enumerate(stream) if event.kind in _MARKERS]
    assert len(markers) == len(steps)
    for marker, step in zip(markers, steps, strict=True):
        if marker >= cut:
            _take(restored, step)
    return restored


@pytest.mark.parametrize(
    "mapping",
    [
        {"decks": 6},
        {"decks": 1, "penetration": 0.5},
        HAND_DEALT,
        {"decks": 2, "shoe": "continuous_shuffler"},
        {"decks": 2, "variant": "blackjack_switch", "shoe": "batch_shuffler", "penetration": 0.5},
    ],
    ids=str,
)
def test_a_stacked_table_cut_anywhere_resumes_to_the_same_stream(mapping: dict[str, Any]) -> None:
    table, steps, ops = _session(mapping, 21)
    stream = [event.to_json() for event in table.events]
    stacked_at = next(i for i, event in enumerate(stream) if event["event"] == "cards_stacked")
    starts = [i for i, event in enumerate(stream) if event["event"] == "round_started"]
    # Every cut from just before the stacking to the end of the stacked round, and a few after.
    cuts = [*range(stacked_at, starts[2] + 1), starts[2] + 3, len(stream)]
    for cut in cuts:
        restored = _resumed(table, steps, ops, cut)
        assert [event.to_json() for event in restored.events] == stream, f"cut after {cut}"
        assert list(restored.sealed) == list(table.sealed), f"cut after {cut}"
    # The stacked round dealt the stacked cards (after its burn in the hand-dealt game).
    stacked = steps[[step[0] for step in steps].index("stack")][1]["cards"]
    second = stream[starts[1] : starts[2]]
    dealt = [event["card"] for event in second if event["event"] == "card_dealt"]
    shown = min(len(dealt), len(stacked))
    assert shown >= 4
    assert dealt[:shown] == stacked[:shown]


def test_a_restore_checks_the_sealed_cards_against_their_commitment() -> None:
    table = _open(SIX_DECKS)
    table.stack({"cards": ["AS", "KH"]})
    stream = [event.to_json() for event in table.events]
    altered = [
        {**record, "cards": ["KH", "AS"]} if record.get("kind") == "cards_stacked" else record
        for record in table.sealed
    ]
    with pytest.raises(ScenarioError, match="do not match their logged commitment"):
        GAME.restore_table(stream, altered, random=SeededRandom.from_seed(0))
    shuffles = [record for record in table.sealed if "shuffle" in record]
    with pytest.raises(ScenarioError, match="stacking 1 has no sealed record"):
        GAME.restore_table(stream, shuffles, random=SeededRandom.from_seed(0))


def test_633a_7_s_a_stacked_log_replays_from_its_own_cards() -> None:
    table, _, _ = _session(ONE_DECK, 5)
    stream = [event.to_json() for event in table.events]
    replayed = GAME.replay(stream)
    rounds = [event for event in stream if event["event"] == "round_started"]
    assert sum(event.kind == "round_started" for event in replayed) == len(rounds) == 3
    assert "cards_stacked" not in {event.kind for event in replayed}  # the table's, not a round's
    # A stacked card altered in the log does not replay.
    stacked_round = stream.index(rounds[1])
    at = next(i for i in range(stacked_round, len(stream)) if stream[i]["event"] == "card_dealt")
    stream[at] = {**stream[at], "card": "2C" if stream[at]["card"] != "2C" else "3C"}
    with pytest.raises(ScenarioError):
        GAME.replay(stream)


# --- every card is still accounted for ----------------------------------------------------------

STACKABLE = [
    {"decks": 1},
    {"decks": 2, "penetration": 0.5},
    HAND_DEALT,
    {"decks": 1, "shoe": "continuous_shuffler"},
    {"decks": 1, "shoe": "batch_shuffler", "penetration": 0.5},
    {"decks": 2, "variant": "switch_hands", "wager_unit": 500, "min_wager": 500},
]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    mapping=st.sampled_from(STACKABLE),
    seed=st.integers(0, 2**32 - 1),
    before=st.integers(0, 3),
    data=st.data(),
)
def test_any_stackable_list_leaves_every_card_accounted_for(
    mapping: dict[str, Any], seed: int, before: int, data: st.DataObject
) -> None:
    table = _open(mapping, random=SeededRandom.from_seed(seed))
    spots = (1, 2) if mapping.get("variant") != "switch_hands" else ()
    for _ in range(before):
        _round_any(table, spots)
    undealt = [str(card) for card in _undealt(table)]
    burns = table.table._burns_before_next_round()
    picks = data.draw(
        st.lists(
            st.integers(0, len(undealt) - 1),
            unique=True,
            min_size=1,
            max_size=min(30, len(undealt) - burns),
        )
    )
    stacked = [undealt[index] for index in picks]
    table.stack({"cards": stacked})
    assert Counter(map(str, _undealt(table))) == Counter(undealt)  # only the order moved
    table.table.shoe.audit()
    _round_any(table, spots)
    dealt = _dealt(_last_round(table.events))
    shown = min(len(dealt), len(stacked))
    assert dealt[:shown] == stacked[:shown]
    table.table.shoe.audit()  # 633a.7(e)(1): every card in the shoe, the discards, the device


def _round_any(table: BlackjackTable, spots: Sequence[int]) -> None:
    if spots:
        _round(table, spots)
        return
    # Switch Hands: a Switch Hands ante of $1 per $5 on each box (633c.4(c)).
    betting = table.open_betting()
    for spot in (1, 2):
        betting.place(
            Command(
                player=f"p{spot}",
                spot=spot,
                action="blackjack",
                amount=2500,
                args={"side": {"switch_hands_ante": 500}},
            )
        )
    table.start_round(betting)
    _finish(table)
