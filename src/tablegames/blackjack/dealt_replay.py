"""Reconstruction of a dealt round from its log (633a.7(s)): the cards as the dealer dealt them,
the irregularities as they were recorded and the players' decisions, entered again into a new
`DealtRound`, must give the identical log.

Each input is read back from the event it left: a `card_dealt` is a card dealt, a
`card_discarded` under 633a.14(a) a card found face up, a `card_exposed` a card exposed
(633a.14(c)), an `irregularity` for a passed-over card its option (633a.14(e), (g), (i)), one
for the hole card put into the reader 633a.14(j) (its option says which reader was in use), a
`decision` a decision. An exposed card and a card drawn in error are entered once, where
their irregularity is logged, not again where they are dealt. A card drawn in error
unexposed (633a.14(b)) is the next card dealt after its `irregularity`; one the round never
used went on to the next round unseen, and any card stands in for it here (this round's log
does not depend on which).

At a double shoe a round's log is the same: the determinant card that became the first
player's first card (633a.7(d)(2)) is its first `card_dealt`, and the side the cards came from
(633a.14(h)) is the table's record, not the round's (its counts are not re-checked here).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tablegames.blackjack.actions import Action
from tablegames.blackjack.dealt import DealtRound
from tablegames.blackjack.events import (
    CardDealt,
    CardDiscarded,
    CardExposed,
    DecisionMade,
    Event,
    IrregularityRecorded,
    RoundStarted,
)
from tablegames.blackjack.replay import round_wagers
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sidebook import Selections
from tablegames.core.cards import Card, standard_decks
from tablegames.core.errors import ScenarioError

_PASSED_OVER = frozenset(
    {"dealer_card_missed", "hand_not_dealt", "second_card_missed", "requested_card_missed"}
)


def replay_dealt(rules: Rules, events: Sequence[Event]) -> DealtRound:
    """Enter the logged round again; raises ScenarioError when it does not give the same log."""
    if not events or not isinstance(events[0], RoundStarted):
        raise ScenarioError("a round log starts with its round_started event")
    started = events[0]
    reader = next(
        (
            event.option == "void"
            for event in events
            if isinstance(event, IrregularityRecorded) and event.what == "hole_card_read"
        ),
        True,
    )
    # The log's own cards may repeat a card of another round's shoe: replay does not re-check
    # the count of the shoe, so it holds every card many times over.
    holds = Counter(standard_decks(rules.decks) * 8)
    carried_first = _carried_first(events)
    game = DealtRound(
        rules=rules,
        wagers=round_wagers(started),
        holds=holds,
        reader_shows_value=reader,
        meters=started.meters,
        selections=Selections.from_json(started.selections),
        carried=[carried_first] if carried_first is not None else [],
    )
    skip_next_card = carried_first is not None
    carried_logged = carried_first is not None  # its irregularity is the carried card's
    later = list(events[1:])
    for index, event in enumerate(later):
        if isinstance(event, CardDealt):
            if skip_next_card:
                skip_next_card = False
                continue
            game.deal(Card.parse(event.card), face_up=event.face_up)
        elif isinstance(event, CardDiscarded) and event.paragraph == "633a.14(a)":
            game.found_face_up(Card.parse(event.card))
        elif isinstance(event, CardDiscarded):
            skip_next_card = False  # the exposed card went to the rack, not to a hand
        elif isinstance(event, CardExposed):
            game.exposed(Card.parse(event.card))
            skip_next_card = True  # it is the next card dealt
        elif isinstance(event, DecisionMade):
            game.act(event.box, Action(event.action), event.amount, hand=event.hand)
        elif isinstance(event, IrregularityRecorded):
            if event.what in _PASSED_OVER and event.option is not None:
                game.not_dealt(event.option)
            elif event.what == "hole_card_read":
                game.hole_card_read()
            elif event.what == "drawn_in_error" and carried_logged:
                carried_logged = False
            elif event.what == "drawn_in_error":
                card = _next_card(later[index + 1 :])
                game.drawn_in_error(card or Card.parse("2C"))
                skip_next_card = card is not None
    if game.events != list(events):
        raise ScenarioError(
            "the dealt round does not replay: its inputs give another log", paragraph="633a.7(s)"
        )
    return game


def _carried_first(events: Sequence[Event]) -> Card | None:
    """A card carried from the round before (633a.14(b)): its irregularity is the first event
    after the round's start that is not a wager going down."""
    for event in events[1:]:
        if event.kind == "wager_placed":
            continue
        if isinstance(event, IrregularityRecorded) and event.what == "drawn_in_error":
            return _next_card(events[events.index(event) + 1 :])
        return None
    return None


def _next_card(events: Sequence[Event]) -> Card | None:
    for event in events:
        if isinstance(event, CardDealt):
            return Card.parse(event.card)
    return None
