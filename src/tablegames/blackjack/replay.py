"""Recall and reconstruction of a round from its log (633a.7(s)), and the randomness a table
restored from its stream takes from that stream.

The log's cards, in the order they were dealt, become a stacked shoe; its decisions are taken
again in order. The replayed round must produce the identical log: that is the audit check.
(A test-mode `cards_stacked` event between rounds changes nothing here: the stacked cards were
dealt, so they are in the log's `card_dealt` events.) Nothing is re-seeded: the cards come
from the log itself.

A table's stream (rules filed, shoe steps, several rounds) replays too: `replay` plays its last
round, `replay_rounds` every round. Restoring a whole table, shoe position and all, is
`tablegames.blackjack.table.Table.restore`; `LoggedRandom` is the randomness it replays with.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from tablegames.blackjack.actions import Action
from tablegames.blackjack.events import (
    CardDealt,
    CardsStacked,
    CutTaken,
    DecisionMade,
    Event,
    RoundStarted,
    RulesFiled,
)
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import rules_from_mapping
from tablegames.blackjack.shoe import cut_range
from tablegames.blackjack.shoe_steps import ShoeCut, ShoeShuffled, ShoeStep
from tablegames.blackjack.sidebook import Selections
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card
from tablegames.core.cardsource import StackedShoe
from tablegames.core.errors import ScenarioError
from tablegames.core.rng import RandomSource
from tablegames.core.seal import new_salt, verify

T = TypeVar("T")

_ROUND_EVENTS_END = "round_completed"


def replay(events: Sequence[Event]) -> Round:
    """Play the logged round again from its own cards and decisions.

    `events` is a round's log, or a table's stream (its `rules_filed` and shoe steps are
    skipped): the stream's last round is played.
    """
    rounds = _round_logs(events)
    if not rounds:
        raise ScenarioError("a round log starts with its round_started event")
    return _replay_round(rounds[-1])


def replay_rounds(events: Sequence[Event]) -> list[Round]:
    """Every round of a table's stream played again from its own cards and decisions."""
    return [_replay_round(log) for log in _round_logs(events)]


def replay_checked(events: Sequence[Event]) -> list[Event]:
    """Every round of `events` (a round's log or a table's stream) played again, its events
    compared with the logged ones (633a.7(s): the recall must reconstruct the round). Returns
    the rounds' events as logged; a round that does not reproduce its log is refused, naming
    the first event that differs."""
    checked: list[Event] = []
    for number, log in enumerate(_round_logs(events), start=1):
        logged = [event for event in log if not isinstance(event, RulesFiled)]
        replayed = list(_replay_round(log).events)
        first, stored = replayed[0], logged[0] if logged else None
        if (
            isinstance(stored, RoundStarted)
            and stored.rules is None
            and isinstance(first, RoundStarted)
        ):
            # A round of a table's stream logs only its rules' digest (rules_filed went first).
            replayed[0] = replace(first, rules=None)
        for index, (was, again) in enumerate(zip(logged, replayed, strict=False)):
            if was != again:
                raise ScenarioError(
                    f"round {number}, event {index} ({was.kind}) does not replay: the log was "
                    "altered",
                    paragraph="633a.7(s)",
                )
        if len(logged) != len(replayed):
            raise ScenarioError(
                f"round {number} logs {len(logged)} events and replays to {len(replayed)}: the "
                "log was altered",
                paragraph="633a.7(s)",
            )
        checked += logged
    if not checked:
        raise ScenarioError("a round log starts with its round_started event")
    return checked


def round_wagers(started: RoundStarted) -> list[BoxWager]:
    """The Blackjack Wagers (and side wagers) a `round_started` event records."""
    return [
        BoxWager(box=box, player=player, amount=amount, side=dict(side))
        for box, player, amount, side in started.boxes
    ]


def _round_logs(events: Sequence[Event]) -> list[list[Event]]:
    """The rounds' own events: from each `round_started`, without the shoe's steps. A round of
    a table's stream logs only its rules' digest; the stream's `rules_filed` goes first in its
    log so that it replays alone."""
    rounds: list[list[Event]] = []
    filed: RulesFiled | None = None
    for event in events:
        if isinstance(event, RulesFiled):
            filed = event
        elif isinstance(event, RoundStarted):
            rounds.append([event] if event.rules is not None or filed is None else [filed, event])
        elif (
            rounds
            and not isinstance(event, ShoeStep | CardsStacked)  # not the round's own events
            and _in_round(rounds[-1])
        ):
            rounds[-1].append(event)
    return rounds


def _in_round(log: list[Event]) -> bool:
    return log[-1].kind != _ROUND_EVENTS_END


def _replay_round(events: Sequence[Event]) -> Round:
    filed = events[0] if isinstance(events[0], RulesFiled) else None
    if filed is not None:
        events = events[1:]
    started = events[0] if events else None
    if not isinstance(started, RoundStarted):
        raise ScenarioError("a round log starts with its round_started event")
    if started.rules is None:
        if filed is None or filed.digest != started.rules_digest:
            raise ScenarioError(
                "the round logs only its rules' digest and no rules_filed event with that "
                "digest precedes it",
                paragraph="601a.2",
            )
        mapping = filed.rules
    else:
        mapping = started.rules
    rules = rules_from_mapping(mapping)
    cards = [Card.parse(event.card) for event in events if isinstance(event, CardDealt)]
    game = Round(
        rules=rules,
        shoe=StackedShoe(cards),
        wagers=round_wagers(started),
        meters=started.meters,
        selections=Selections.from_json(started.selections),
    )
    for event in events:
        if isinstance(event, DecisionMade):
            game.act(Action(event.action), event.amount)
    return game


class LoggedRandom:
    """Randomness that first gives back what a stream already logged, then draws live.

    Each `shoe_shuffled` step of `events` is answered by its sealed order (checked against the
    logged commitment, tablegames.core.seal.verify) and salt; each `shoe_cut` by its logged
    position. Once those are used up every call goes to `live`. A call that does not match the
    next logged step (a shuffle where the log has a cut, another number of cards) raises
    ScenarioError: the stream does not replay.
    """

    def __init__(
        self, events: Sequence[Event], sealed: Sequence[Mapping[str, Any]], live: RandomSource
    ) -> None:
        self.live = live
        # Only the shuffles' records: a test-mode stacking's (`kind` "cards_stacked") is the
        # table's to read (`Table.restore`).
        by_number = {record["shuffle"]: record for record in sealed if "shuffle" in record}
        self._logged: deque[tuple[str, Any]] = deque()
        player_cut = False  # a player's cut: its `shoe_cut` is the player's, not a draw
        for index, event in enumerate(events):
            if isinstance(event, CutTaken):
                player_cut = event.position is not None
                continue
            if isinstance(event, ShoeShuffled):
                record = by_number.get(event.shuffle)
                if record is None:
                    raise ScenarioError(
                        f"event {index}: shuffle {event.shuffle} has no sealed record to restore "
                        "the shoe from"
                    )
                if not verify(event.commitment, record) or len(record["order"]) != event.count:
                    raise ScenarioError(
                        f"event {index}: the sealed order of shuffle {event.shuffle} does not "
                        "match its logged commitment"
                    )
                self._logged.append(("shuffle", record["order"]))
                self._logged.append(("salt", bytes.fromhex(record["salt"])))
            elif isinstance(event, ShoeCut):
                if player_cut:
                    player_cut = False
                    continue
                low, high = cut_range(event.count)
                self._logged.append(("below", (high - low + 1, event.position - low)))

    @property
    def replaying(self) -> bool:
        """True while logged steps remain to be given back."""
        return bool(self._logged)

    @property
    def is_live(self) -> bool:
        return self.live.is_live

    def _next(self, what: str) -> Any:
        found, value = self._logged.popleft()
        if found != what:
            raise ScenarioError(
                f"the stream does not replay: the table asked for a {what}, "
                f"the log has a {found} next"
            )
        return value

    def below(self, n: int) -> int:
        if not self._logged:
            return self.live.below(n)
        logged_n, value = self._next("below")
        if logged_n != n:
            raise ScenarioError(
                f"the stream does not replay: a cut among {n} positions, the log has {logged_n}"
            )
        return int(value)

    def shuffle(self, items: list[T]) -> None:
        if not self._logged:
            self.live.shuffle(items)
            return
        order = [Card.parse(code) for code in self._next("shuffle")]
        if Counter(map(str, order)) != Counter(map(str, items)):
            raise ScenarioError(
                "the stream does not replay: a sealed order is not the cards being shuffled"
            )
        items[:] = order  # type: ignore[assignment]  # the shoe shuffles only cards

    def salt(self, size: int) -> bytes:
        if not self._logged:
            return new_salt(self.live)
        salt: bytes = self._next("salt")
        return salt
