"""Resuming a table cut off after any event of its stream (issue 10, 633a.7(s)).

A table is played for a few random rounds (random legal decisions, some dealer changes and
ordered reshuffles); its stream is cut after a random event; `Table.restore` rebuilds the table
from the cut stream and the sealed orders of the shuffles it logged; the commands not yet in the
cut stream are then taken again. The result must be exactly the uninterrupted stream, sealed
records and meters. The randomness the original table drew after the cut is handed to the
restored table in the same order (`_Replaying`), so any difference is the restore's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.blackjack.actions import Action
from tablegames.blackjack.events import (
    Event,
    RoundStarted,
    WagerPlaced,
    WagerSettled,
    event_from_json,
    events_from_json,
)
from tablegames.blackjack.replay import replay, replay_rounds
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.shoe_steps import ShoeCut, ShoeShuffled
from tablegames.blackjack.table import Table
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.errors import ScenarioError
from tablegames.core.rng import SeededRandom
from tests.test_properties import RULE_VARIANTS, _wagers

T = TypeVar("T")

# Every variation and every kind of shoe, with few decks and an early cover card so that a few
# rounds reach reshuffles; one with the Bad Beat picks, which draw randomness for each round.
VARIATIONS: list[dict[str, Any]] = [
    {"decks": 1, "penetration": 0.5},
    {"decks": 2, "shoe": "double_shoe", "penetration": 0.5},
    {"decks": 1, "shoe": "batch_shuffler", "penetration": 0.5},
    {"decks": 1, "shoe": "continuous_shuffler"},
    {"decks": 2, "variant": "blackjack_switch", "penetration": 0.5},
    {"decks": 1, "variant": "hand_dealt", "shoe": "batch_shuffler", "penetration": 0.5},
    {"decks": 2, "variant": "hand_dealt", "shoe": "continuous_shuffler"},
    {"decks": 2, "variant": "switch_hands", "wager_unit": 500, "min_wager": 500},
    {
        "decks": 2,
        "variant": "switch_hands",
        "wager_unit": 500,
        "min_wager": 500,
        "blackjack_premium": True,
        "switch_cards_dealt": "after",
        "shoe": "double_shoe",
        "penetration": 0.5,
    },
    RULE_VARIANTS[2],  # every side wager, the Bad Beat picks and the progressives' meters
]

_ROUND_KINDS = frozenset(
    {
        "round_started",
        "wager_placed",
        "card_dealt",
        "decision",
        "cards_switched",
        "dealer_checked",
        "hole_card_revealed",
        "hand_completed",
        "dealer_completed",
        "wager_settled",
        "round_completed",
    }
)
_MARKERS = frozenset({"round_started", "decision", "dealer_changed", "reshuffle_ordered"})


@dataclass(frozen=True, slots=True)
class _Op:
    what: str  # "below", "shuffle" or "salt"
    n: int
    value: Any


class _Recording:
    """A seeded source that records every answer it gives, in order."""

    def __init__(self, seed: int) -> None:
        self._inner = SeededRandom.from_seed(seed)
        self.ops: list[_Op] = []

    @property
    def is_live(self) -> bool:
        return False

    def below(self, n: int) -> int:
        value = self._inner.below(n)
        self.ops.append(_Op("below", n, value))
        return value

    def shuffle(self, items: list[T]) -> None:
        order = list(range(len(items)))
        self._inner.shuffle(order)
        items[:] = [items[index] for index in order]
        self.ops.append(_Op("shuffle", len(items), order))

    def salt(self, size: int) -> bytes:
        value = self._inner.salt(size)
        self.ops.append(_Op("salt", size, value))
        return value


class _Replaying:
    """Gives back recorded answers in order, failing the test on any other call."""

    def __init__(self, ops: list[_Op]) -> None:
        self._ops = list(ops)

    @property
    def is_live(self) -> bool:
        return False

    def _next(self, what: str, n: int) -> Any:
        assert self._ops, f"the restored table drew a {what} the original never drew"
        op = self._ops.pop(0)
        assert (op.what, op.n) == (what, n), f"restored drew {what}({n}), original {op}"
        return op.value

    def below(self, n: int) -> int:
        value: int = self._next("below", n)
        return value

    def shuffle(self, items: list[T]) -> None:
        order = self._next("shuffle", len(items))
        items[:] = [items[index] for index in order]

    def salt(self, size: int) -> bytes:
        value: bytes = self._next("salt", size)
        return value


Command = tuple[Any, ...]


def _play(rules: Rules, seed: int, rounds: int) -> tuple[Table, list[Command], list[_Op]]:
    source = _Recording(seed)
    table = Table(rules, random=source)
    rng = np.random.default_rng(seed)
    commands: list[Command] = []

    def take(command: Command) -> None:
        commands.append(command)
        _take(table, command)

    for _ in range(rounds):
        if rng.random() < 0.15:
            take(("change_dealer",))
        if rng.random() < 0.1:
            take(("reshuffle",))
        take(("deal", _wagers(rules, rng)))
        game = table.current
        while game is not None and not game.is_complete:
            actions = game.legal_actions()
            action = actions[int(rng.integers(len(actions)))]
            amount = rules.wager_unit if action in (Action.INSURANCE, Action.EZ_BUST) else None
            take(("act", action, amount))
    return table, commands, source.ops


def _take(table: Table, command: Command) -> None:
    if command[0] == "deal":
        wagers: list[BoxWager] = command[1]
        table.deal(wagers)
    elif command[0] == "act":
        game = table.current
        assert game is not None
        game.act(command[1], command[2])
    elif command[0] == "change_dealer":
        table.change_dealer()
    else:
        table.reshuffle()


def _ops_logged(events: list[Event]) -> int:
    """How many of the original's random answers the cut stream records (and a restore takes
    from the log rather than drawing): each shuffle its order and salt, each cut its position,
    each round the Bad Beat picks (633a.13(j)(1))."""
    count = 0
    for event in events:
        if isinstance(event, ShoeShuffled):
            count += 2
        elif isinstance(event, ShoeCut):
            count += 1
        elif isinstance(event, RoundStarted):
            picks = event.selections
            count += sum(picks.get(name) is not None for name in ("magic_card", "lucky_box"))
    return count


def _resumed(table: Table, commands: list[Command], ops: list[_Op], cut: int) -> Table:
    stream = table.events
    prefix = stream[:cut]
    logged = {event.shuffle for event in prefix if isinstance(event, ShoeShuffled)}
    sealed = [record for record in table.sealed if record["shuffle"] in logged]
    restored = Table.restore(
        [event.to_json() for event in prefix],  # as stored: JSON
        sealed,
        random=_Replaying(ops[_ops_logged(prefix) :]),
    )
    markers = [index for index, event in enumerate(stream) if event.kind in _MARKERS]
    assert len(markers) == len(commands)
    for marker, command in zip(markers, commands, strict=True):
        if marker >= cut:
            _take(restored, command)
    return restored


def _check(variant: dict[str, Any], seed: int, rounds: int, cuts: list[float]) -> None:
    rules = Rules(**variant)
    table, commands, ops = _play(rules, seed, rounds)
    stream = [event.to_json() for event in table.events]
    for fraction in cuts:
        cut = 1 + int(fraction * (len(stream) - 1))
        restored = _resumed(table, commands, ops, cut)
        assert [event.to_json() for event in restored.events] == stream, f"cut after {cut}"
        assert restored.sealed == table.sealed
        assert restored.meters == table.meters
        assert restored.rounds_dealt == table.rounds_dealt


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(
    variant=st.sampled_from(VARIATIONS),
    seed=st.integers(0, 2**32 - 1),
    rounds=st.integers(1, 5),
    cuts=st.lists(st.floats(0, 1), min_size=1, max_size=3),
)
def test_a_table_cut_after_any_event_resumes_to_the_same_stream(
    variant: dict[str, Any], seed: int, rounds: int, cuts: list[float]
) -> None:
    _check(variant, seed, rounds, cuts)


@pytest.mark.parametrize("variant", VARIATIONS, ids=lambda variant: str(variant)[:60])
def test_every_cut_of_a_short_table_resumes(variant: dict[str, Any]) -> None:
    rules = Rules(**variant)
    table, commands, ops = _play(rules, 7, 2)
    stream = [event.to_json() for event in table.events]
    for cut in range(1, len(stream) + 1):
        restored = _resumed(table, commands, ops, cut)
        assert [event.to_json() for event in restored.events] == stream, f"cut after {cut}"


def test_a_tampered_sealed_order_is_refused() -> None:
    table, _, _ = _play(Rules(decks=1), 3, 1)
    sealed = [dict(record) for record in table.sealed]
    order = sealed[0]["order"]
    sealed[0]["order"] = [order[1], order[0], *order[2:]]
    with pytest.raises(ScenarioError, match="does not match its logged commitment"):
        Table.restore(table.events, sealed, random=SeededRandom.from_seed(0))


def test_a_stream_that_does_not_replay_names_the_event() -> None:
    table, _, _ = _play(Rules(decks=1), 3, 1)
    stream = [event.to_json() for event in table.events]
    at = next(index for index, event in enumerate(stream) if event["event"] == "card_dealt")
    stream[at] = {**stream[at], "card": "JK" if stream[at]["card"] != "AS" else "KS"}
    stream[at]["card"] = "2C" if stream[at]["card"] == "JK" else stream[at]["card"]
    with pytest.raises(ScenarioError, match=f"does not replay at event {at}"):
        Table.restore(stream, table.sealed, random=SeededRandom.from_seed(0))


def test_a_stream_starts_with_its_rules() -> None:
    table, _, _ = _play(Rules(decks=1), 3, 1)
    with pytest.raises(ScenarioError, match="starts with its rules_filed"):
        Table.restore(table.events[1:], table.sealed, random=SeededRandom.from_seed(0))
    assert event_from_json(table.events[0].to_json()) == table.events[0]


def test_633a_14_f_a_cut_around_a_mid_round_refill_resumes() -> None:
    # One deck, seven boxes each hitting to the end: the shoe runs out in the middle of rounds
    # and the discards are reshuffled to finish them (633a.14(f)).
    rules = Rules(decks=1)
    source = _Recording(0)
    table = Table(rules, random=source)
    commands: list[Command] = []
    wagers = [BoxWager(box=box, amount=1000, player=f"p{box}") for box in range(1, 8)]
    for _ in range(6):
        commands.append(("deal", wagers))
        _take(table, commands[-1])
        game = table.current
        while game is not None and not game.is_complete:
            legal = game.legal_actions()
            action = next(a for a in (Action.HIT, Action.DECLINE) if a in legal)
            commands.append(("act", action, None))
            _take(table, commands[-1])
    stream = [event.to_json() for event in table.events]
    refills = [index for index, event in enumerate(stream) if event["event"] == "shoe_refilled"]
    assert refills  # the round above does run the shoe out
    for cut in sorted({cut for at in refills for cut in range(at - 3, at + 6)}):
        restored = _resumed(table, commands, source.ops, cut)
        assert [event.to_json() for event in restored.events] == stream, f"cut after {cut}"


def test_a_tables_stream_replays_its_rounds() -> None:
    table, _, _ = _play(Rules(decks=1, penetration=0.5), 11, 3)
    rounds = replay_rounds(table.events)
    assert len(rounds) == table.rounds_dealt
    last = table.current or rounds[-1]
    assert replay(table.events).events == last.events


def test_logs_written_before_the_new_fields_still_decode() -> None:
    table, _, _ = _play(Rules(decks=1), 5, 1)
    stream = [event.to_json() for event in table.events]
    started = next(event for event in stream if event["event"] == "round_started")
    # Logs written before the table filed its rules once carried them in every round_started.
    filed_rules = stream[0]["rules"]
    rounds_only = [
        {**event, "rules": filed_rules} if event["event"] == "round_started" else event
        for event in stream
        if event["event"] in _ROUND_KINDS
    ]
    old = [
        {key: value for key, value in event.items() if key not in ("player", "rules_digest")}
        for event in rounds_only
    ]
    decoded = events_from_json(old)
    # The players come back from round_started, the digest from the rules.
    assert [event.to_json() for event in decoded] == rounds_only
    money = [event for event in decoded if isinstance(event, WagerPlaced | WagerSettled)]
    owners = {box[0]: box[1] for box in started["boxes"]}
    assert money
    assert all(event.player == owners[event.box] for event in money)
    alone = event_from_json(next(e for e in old if e["event"] == "wager_placed"))
    assert isinstance(alone, WagerPlaced)
    assert alone.player == ""  # one event read alone cannot know its box's player
    first = decoded[
        next(index for index, event in enumerate(decoded) if isinstance(event, RoundStarted))
    ]
    assert isinstance(first, RoundStarted)
    assert first.rules_digest == started["rules_digest"]
