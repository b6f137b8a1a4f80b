"""Who may see what (tablegames.core.views): each card-bearing event says who may see its
card, and a viewer's redacted log shows no card before the event that reveals it to that viewer.

- The hole card: nobody at the table until `hole_card_revealed` (633a.7(f)(4), (h), (l)).
- The hand-dealt game's face-down cards (633a.12(b)(5)): their player only (633a.12(b)(6)),
  turned over on a surrender, double or split ((b)(6)(i)) or at settlement ((b)(9)); a busted
  hand is discarded unexposed ((b)(6)(ii)).
- The Switch Hands cards: nobody, the player included, before the choice (633c.4(d), (f));
  turned up when played ((f)(2)), discarded unexposed when kept ((f)(1)).
- Burn cards (633a.7(c), 633a.12(b)(5), 633a.14(f)): the house only, never turned up.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.blackjack.actions import Action
from tablegames.blackjack.events import BLACKJACK_SIGHT, CardDealt, event_from_json
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules, rules_from_mapping
from tablegames.blackjack.table import Table
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cardsource import StackedShoe
from tablegames.core.rng import SeededRandom
from tablegames.core.views import BLANK, HIDDEN, DealtCard, Viewer, may_see, redact
from tests.test_properties import RULE_VARIANTS, _wagers
from tests.test_resume import VARIATIONS

HOUSE = Viewer.house()
SPECTATOR = Viewer.spectator()
ANN, BOB = Viewer.player("Ann"), Viewer.player("Bob")
DEALT: dict[str, Any] = {"variant": "hand_dealt", "decks": 2, "shoe": "batch_shuffler"}
HANDS: dict[str, Any] = {"variant": "switch_hands", "wager_unit": 500, "min_wager": 500}


def _round(cards: str, rules: dict[str, Any], *boxes: tuple[str, dict[str, int]]) -> Round:
    """A round from a stacked shoe, box 1, 2, ... played by the named players for $10."""
    return Round(
        rules=rules_from_mapping(rules),
        shoe=StackedShoe.parse(cards.split()),
        wagers=[
            BoxWager(box=index + 1, amount=1000, player=player, side=side)
            for index, (player, side) in enumerate(boxes)
        ],
    )


def _log(game: Round) -> list[dict[str, Any]]:
    return [event.to_json() for event in game.events]


def _view(game: Round, viewer: Viewer) -> list[dict[str, Any]]:
    return redact(_log(game), viewer, BLACKJACK_SIGHT)


def _first(log: list[dict[str, Any]], kind: str, **fields: Any) -> int:
    return next(
        index
        for index, event in enumerate(log)
        if event["event"] == kind and all(event.get(key) == value for key, value in fields.items())
    )


def _shows(events: list[dict[str, Any]], card: str) -> bool:
    return any(event.get("card") == card or card in event.get("cards", ()) for event in events)


# --- the field ---------------------------------------------------------------------------------


def test_633a_7_f_every_card_says_who_may_see_it() -> None:
    game = _round("9S 5H AD 7C", {}, ("Ann", {}))
    seen = [(e.to, e.face_up, e.seen_by) for e in game.events if isinstance(e, CardDealt)]
    assert seen == [
        ("box", True, "everyone"),
        ("dealer", True, "everyone"),
        ("box", True, "everyone"),
        ("dealer", False, "house"),  # 633a.7(f)(4), (h): the hole card, exposed to no one
    ]
    hole = next(e for e in game.events if isinstance(e, CardDealt) and not e.face_up)
    assert event_from_json(hole.to_json()) == hole


def test_a_log_written_before_seen_by_still_reads() -> None:
    old = {"event": "card_dealt", "paragraph": "633a.7(f)(4)", "card": "7C", "to": "dealer"}
    hole = event_from_json({**old, "box": 0, "hand": 0, "face_up": False})
    assert isinstance(hole, CardDealt)
    assert hole.seen_by == "house"
    dealt = {**old, "to": "box", "box": 1, "hand": 0, "face_up": False}
    assert isinstance(card := event_from_json(dealt), CardDealt)
    assert card.seen_by == "player"


def test_an_unknown_seen_by_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown seen_by"):
        may_see(SPECTATOR, DealtCard("7C", "dealer only", 0, ("dealer", 0, 0)), {})


# --- the hole card -------------------------------------------------------------------------------


def test_633a_7_f_4_the_hole_card_is_hidden_until_it_is_revealed() -> None:
    game = _round("9S 5H AD 7C KH TS", {}, ("Ann", {}))
    game.hit()
    game.stand()
    log = _log(game)
    hole = _first(log, "card_dealt", card="7C")
    revealed = _first(log, "hole_card_revealed")
    for viewer in (ANN, SPECTATOR):
        view = _view(game, viewer)
        assert view[hole]["card"] == HIDDEN
        assert not _shows(view[:revealed], "7C")
        # 633a.7(l): turned over for everyone; the view says which hidden card it was.
        assert view[revealed] == {**log[revealed], "revealed": [[hole, "7C"]]}
        assert view[revealed + 1 :] == log[revealed + 1 :]
    assert _view(game, HOUSE) == log  # the operator sees it throughout


# --- the hand-dealt game (633a.12(b)) ----------------------------------------------------------


def test_633a_12_b_6_face_down_cards_are_seen_by_their_player_until_settlement() -> None:
    # Box 1 (Ann) 9S 8D stands on 17; box 2 (Bob) TS 7H stands; dealer 6C up, TC hole, 2D.
    game = _round("9S TS 6C 8D 7H TC 2D", DEALT, ("Ann", {}), ("Bob", {}))
    game.stand()
    game.stand()
    log = _log(game)
    nine, eight = _first(log, "card_dealt", card="9S"), _first(log, "card_dealt", card="8D")
    stood = _first(log, "hand_completed", box=1)
    settled = _first(log, "wager_settled", box=1, wager="blackjack")
    ann, bob = _view(game, ANN), _view(game, BOB)
    assert (ann[nine]["card"], ann[eight]["card"], ann[stood]["total"]) == ("9S", "8D", 17)
    assert (bob[nine]["card"], bob[eight]["card"], bob[stood]["total"]) == (HIDDEN, HIDDEN, BLANK)
    assert not _shows(bob[:settled], "9S")
    # 633a.12(b)(9): all cards dealt, the dealer turns over each player's two cards and settles.
    assert bob[settled] == {**log[settled], "revealed": [[nine, "9S"], [eight, "8D"]]}
    assert bob[settled + 1 :] == log[settled + 1 :]
    assert _view(game, SPECTATOR)[nine]["card"] == HIDDEN
    assert _view(game, HOUSE) == log


def test_633a_12_b_6_i_a_double_turns_the_cards_over() -> None:
    game = _round("5S TS 6C 6D 7H TC 9H", DEALT, ("Ann", {}), ("Bob", {}))
    game.double()  # box 1: 5 + 6 + 9 = 20
    log = _log(game)
    decision = _first(log, "decision", box=1, action="double")
    bob = _view(game, BOB)
    assert bob[_first(log, "card_dealt", card="5S")]["card"] == HIDDEN
    # Turned over for everyone: the view names the two cards, and the total shows.
    assert [card for _, card in bob[decision]["revealed"]] == ["5S", "6D"]
    assert bob[decision + 1 :] == log[decision + 1 :]
    assert bob[_first(log, "hand_completed", box=1)]["total"] == 20


def test_633a_12_b_6_ii_a_busted_hand_is_discarded_unexposed() -> None:
    game = _round("TS 9S 6C 6D 7H TC KH 2D", DEALT, ("Ann", {}), ("Bob", {}))
    game.hit()  # box 1: 16 + K = 26, discarded at once
    game.stand()
    log = _log(game)
    assert log[_first(log, "hand_completed", box=1)]["reason"] == "busted"
    bob = _view(game, BOB)
    assert not _shows(bob, "TS")
    assert not _shows(bob, "6D")
    assert bob[_first(log, "card_dealt", card="KH")]["card"] == "KH"  # 633a.12(b)(7): face up
    assert bob[_first(log, "hand_completed", box=1)]["total"] == BLANK


# --- Switch Hands (633c.4) ---------------------------------------------------------------------


def test_633c_4_f_2_switch_cards_are_seen_by_nobody_until_played() -> None:
    game = _round("2S 3S TS 5H 9D 7C 8H KD", HANDS, ("Ann", {"switch_hands_ante": 200}))
    log = _log(game)
    ann = _view(game, ANN)
    dealt = [ann[_first(log, "card_dealt", card=card)]["card"] for card in ["2S", "3S", "TS", "9D"]]
    # 633c.4(f): the player chooses without seeing them, so the owner is no better off.
    assert dealt == [HIDDEN, HIDDEN, "TS", "9D"]
    game.act(Action.SWITCH)  # 2S 3S against the dealer's 5H: stand on 5
    game.stand()
    log = _log(game)
    switched = _first(log, "cards_switched")
    for viewer in (ANN, BOB, SPECTATOR):
        view = _view(game, viewer)
        assert not _shows(view[:switched], "2S")
        assert not _shows(view[:switched], "3S")
        # (f)(2): turned face up on the table.
        assert [card for _, card in view[switched]["revealed"]] == ["2S", "3S"]
        # Only the hole card is left to turn up.
        after = [{k: v for k, v in e.items() if k != "revealed"} for e in view[switched + 1 :]]
        assert after == log[switched + 1 :]
    assert _view(game, HOUSE) == log


def test_633c_4_f_1_kept_switch_cards_go_to_the_discard_rack_unexposed() -> None:
    game = _round("2S 3S TS 5H 9D 7C 8H KD", HANDS, ("Ann", {"switch_hands_ante": 200}))
    game.act(Action.KEEP)
    while not game.is_complete:
        legal = game.legal_actions()
        game.act(Action.STAND if Action.STAND in legal else legal[0])
    log = _log(game)
    for viewer in (ANN, SPECTATOR):
        view = _view(game, viewer)
        assert not _shows(view, "2S")
        assert not _shows(view, "3S")
        assert view[_first(log, "cards_switched")]["cards"] == ["TS", "9D"]
    assert _view(game, HOUSE) == log


# --- the property: over random rounds of every variation ----------------------------------------


_TURNED_OVER = ("surrender", "double", "split")  # 633a.12(b)(6)(i)
# The events that put a card on the table or into the discard rack, each with `seen_by`.
_CARD_EVENTS = ("card_dealt", "card_burned", "determinant_drawn", "determinant_segregated")
_BLACKJACK_WAGER = ("blackjack", "double", "split")


def _reveal_point(log: list[dict[str, Any]], index: int) -> int | None:
    """The index of the event that turns the face-down card `log[index]` up for everyone, or
    None: read from the paragraphs here, independently of BlackjackSight."""
    to, box, hand = log[index]["to"], log[index]["box"], log[index]["hand"]
    for at in range(index + 1, len(log)):
        event = log[at]
        kind = event["event"]
        if kind == "round_started":
            return None
        if to == "dealer":
            if kind == "hole_card_revealed":  # 633a.7(h), (l), 633a.12(b)(8)
                return at
        elif to == "switch":
            if kind == "cards_switched" and event["box"] == box:
                return at if event["switched"] else None  # 633c.4(f)(2); (f)(1) unexposed
        elif (event.get("box"), event.get("hand")) == (box, hand):
            if kind == "hand_completed" and event["reason"] == "busted":
                return None  # 633a.12(b)(6)(ii): discarded unexposed
            if kind == "decision" and event["action"] in _TURNED_OVER:
                return at
            if kind == "wager_settled" and event["wager"] in _BLACKJACK_WAGER:
                return at  # 633a.12(b)(9)
    return None


def _owner(log: list[dict[str, Any]], index: int) -> str:
    started = max(i for i in range(index) if log[i]["event"] == "round_started")
    return str({box[0]: box[1] for box in log[started]["boxes"]}[log[index]["box"]])


def _seen_from(log: list[dict[str, Any]], index: int, viewer: Viewer) -> int:
    """From which event on the viewer may see the card dealt at `index` (len(log): never)."""
    dealt = log[index]
    if viewer.role == "house" or dealt["seen_by"] == "everyone":
        return index
    if dealt["event"] == "card_burned":
        return len(log)  # 633a.7(c): face down to the discard rack, never turned up
    if dealt["seen_by"] == "player" and viewer.name == _owner(log, index):
        return index
    point = _reveal_point(log, index)
    return len(log) if point is None else point


def _shown_cards(event: dict[str, Any]) -> list[str]:
    shown = [event["card"]] if isinstance(event.get("card"), str) else []
    return shown + list(event.get("cards", ())) + [card for _, card in event.get("revealed", ())]


def _check_no_leak(log: list[dict[str, Any]], viewer: Viewer) -> None:
    view = redact(log, viewer, BLACKJACK_SIGHT)
    # A live table redacts as it goes: each prefix's view is the view's prefix.
    for length in range(0, len(log), 5):
        assert redact(log[:length], viewer, BLACKJACK_SIGHT) == view[:length]
    if viewer.role == "house":
        assert view == log
        return
    dealt = [index for index, event in enumerate(log) if event["event"] in _CARD_EVENTS]
    seen_from = {index: _seen_from(log, index, viewer) for index in dealt}
    for index in dealt:
        card, start = log[index]["card"], seen_from[index]
        if start == index:
            assert view[index] == log[index]  # nothing the viewer may see is withheld
            continue
        assert view[index]["card"] == HIDDEN
        # A card never turned up stays hidden; what the next round's events say (the same
        # box's totals) is about other cards.
        ends = (at for at in range(index + 1, len(log)) if log[at]["event"] == "round_started")
        for at in range(index + 1, min(start, next(ends, len(log)))):
            event = view[at]
            # Not the card's string, unless another card the viewer sees by then has it.
            if card in _shown_cards(event):
                assert any(
                    other != index and log[other]["card"] == card and seen_from[other] <= at
                    for other in dealt
                ), f"{viewer} sees {card} (event {index}) at event {at}: {event}"
            # Nor a total that counts it.
            holder = (log[index].get("to"), log[index].get("box"), log[index].get("hand"))
            completed = ("box", event.get("box"), event.get("hand"))
            if event["event"] == "hand_completed" and holder == completed:
                assert event["total"] is BLANK
            if event["event"] == "dealer_completed" and holder[0] == "dealer":
                assert event["total"] is BLANK
        if start < len(log):  # the event that turns it up tells the viewer which card it was
            assert [index, card] in view[start]["revealed"]


def _play_a_random_round(
    table: Table, rules: Rules, rng: np.random.Generator, players: set[str]
) -> Round:
    """Deal random wagers and take random legal actions to the end; add the players seen."""
    wagers = _wagers(rules, rng)
    players |= {wager.player for wager in wagers}
    game = table.deal(wagers)
    while not game.is_complete:
        actions = game.legal_actions()
        action = actions[int(rng.integers(len(actions)))]
        amount = rules.wager_unit if action in (Action.INSURANCE, Action.EZ_BUST) else None
        game.act(action, amount)
    return game


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(RULE_VARIANTS))
def test_no_viewer_sees_a_card_before_it_is_revealed_to_them(
    seed: int, variant: dict[str, Any]
) -> None:
    rules = Rules(**variant)
    rng = np.random.default_rng(seed)
    table = Table(rules, random=SeededRandom.from_seed(seed))
    log: list[dict[str, Any]] = []
    players: set[str] = set()
    for _ in range(3):
        game = _play_a_random_round(table, rules, rng, players)
        log += [event.to_json() for event in game.events]
    for viewer in (HOUSE, SPECTATOR, *map(Viewer.player, sorted(players))):
        _check_no_leak(log, viewer)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(VARIATIONS))
def test_no_viewer_sees_a_card_of_the_tables_stream_before_it_is_revealed(
    seed: int, variant: dict[str, Any]
) -> None:
    # The whole stream of a table: the shoe's steps (burn cards, 633a.7(c), 633a.12(b)(5),
    # 633a.14(f); a double shoe's determinant cards) between and inside the rounds of every
    # variation and every kind of shoe.
    rules = Rules(**variant)
    rng = np.random.default_rng(seed)
    table = Table(rules, random=SeededRandom.from_seed(seed))
    players: set[str] = set()
    for _ in range(4):
        _play_a_random_round(table, rules, rng, players)
    log = [event.to_json() for event in table.events]
    burns = [index for index, event in enumerate(log) if event["event"] == "card_burned"]
    for viewer in (HOUSE, SPECTATOR, *map(Viewer.player, sorted(players))):
        _check_no_leak(log, viewer)
        view = redact(log, viewer, BLACKJACK_SIGHT)
        for index in burns:
            assert view[index]["card"] == (log[index]["card"] if viewer == HOUSE else HIDDEN)
