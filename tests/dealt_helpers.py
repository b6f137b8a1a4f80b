"""Shared helpers for the dealt-table tests: a round dealt card by card, and its checks."""

from __future__ import annotations

from collections import Counter

from tablegames.blackjack.actions import Turn
from tablegames.blackjack.dealt import DealtRound
from tablegames.blackjack.dealt_replay import replay_dealt
from tablegames.blackjack.events import CardDealt, Event, WagerPlaced, WagerSettled
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card, standard_decks
from tablegames.core.cardsource import Destination


def new_round(
    *wagers: tuple[int, str, int], rules: Rules | None = None, **options: object
) -> DealtRound:
    """A dealt round with Blackjack Wagers (box, player, cents) on a full shoe."""
    rules = rules or Rules()
    options.setdefault("holds", Counter(standard_decks(rules.decks)))
    return DealtRound(
        rules=rules,
        wagers=[BoxWager(box=box, player=player, amount=amount) for box, player, amount in wagers],
        **options,  # type: ignore[arg-type]
    )


def awaited(game: DealtRound) -> Destination:
    """The card the round awaits (fails the test when it awaits none)."""
    if game.awaiting is None:
        raise AssertionError(f"no card is awaited: turn {game.turn}")
    return game.awaiting


def turn_of(game: DealtRound) -> Turn:
    """The decision the round awaits (fails the test when it awaits none)."""
    if game.turn is None:
        raise AssertionError(f"no decision is awaited: awaiting {game.awaiting}")
    return game.turn


def deal(game: DealtRound, *codes: str) -> list[Event]:
    """Deal each card to what the round awaits, with the face the procedure deals it."""
    events: list[Event] = []
    for code in codes:
        where = game.awaiting
        if where is None:
            raise AssertionError(f"no card is awaited for {code}: turn {game.turn}")
        events += game.deal(Card.parse(code), face_up=where.face_up)
    return events


def dealt_to(events: list[Event]) -> list[tuple[str, str, int, int]]:
    """(card, to, box, hand) of each card dealt, in order."""
    return [(e.card, e.to, e.box, e.hand) for e in events if isinstance(e, CardDealt)]


def net(events: list[Event]) -> dict[str, int]:
    """Each player's net in cents: returned less placed."""
    result: Counter[str] = Counter()
    for event in events:
        if isinstance(event, WagerPlaced):
            result[event.player] -= event.amount
        elif isinstance(event, WagerSettled):
            result[event.player] += event.returned
    return dict(result)


def settled(events: list[Event]) -> list[tuple[int, int, str, int, int, str]]:
    return [
        (e.box, e.hand, e.wager, e.stake, e.returned, e.outcome)
        for e in events
        if isinstance(e, WagerSettled)
    ]


def check_replays(game: DealtRound) -> None:
    """The round's log entered again gives the same log (633a.7(s))."""
    again = replay_dealt(game.rules, game.events)
    if again.events != game.events:
        raise AssertionError("the dealt round does not replay")
