"""A Pai Gow Poker table rebuilt from its stream (the recall and reconstruction of a round):
the stream's own inputs played again through the same table, and the events it writes checked
against the stream, event by event.

The inputs a stream holds: the rules (`table_opened`), each shuffle's commitment and, for each
round, the wagers (`wager_placed` after `round_started`), the starting position, the dealt
cards (every one of the 53, the four left over included, is a `card_dealt` event) and each
setting a player made or asked for (`hand_set`), and the floor's orders (`deck_changed`). A
shuffle's order comes from its sealed record when the house gives it (a restore: checked
against the logged commitment, and needed for a deck committed but not yet dealt), and
otherwise from the cards its round dealt (a replay from the log alone). Test-mode stackings are
taken as logged, with their sealed records.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.core.errors import ScenarioError, TableGamesError
from tablegames.core.events import Event
from tablegames.core.rng import RandomSource, SecureRandom
from tablegames.core.seal import verify
from tablegames.core.table import Command
from tablegames.paigow.betting import PRIMARY, RIDING, SeatBet
from tablegames.paigow.cards import deck, parse_hand
from tablegames.paigow.events import (
    CardDealt,
    CardsStacked,
    DeckChanged,
    DeckShuffled,
    HandSet,
    HistoryStacked,
    MeterChanged,
    RoundStarted,
    ShufflerOrdered,
    StartingPosition,
    TableOpened,
    WagerPlaced,
    event_from_json,
)
from tablegames.paigow.round import HOUSE_WAY, SET
from tablegames.paigow.rules import pai_gow_rules_from_mapping
from tablegames.paigow.table import (
    CHANGE_DECK,
    SHUFFLER_FAILED,
    SHUFFLER_REPAIRED,
    PaiGowGameTable,
    Script,
    Stacked,
)


def decode(events: Sequence[Mapping[str, Any]]) -> list[Event]:
    decoded = [event_from_json(item) for item in events]
    if not decoded or not isinstance(decoded[0], TableOpened):
        raise ScenarioError("a Pai Gow Poker log starts with its table_opened event")
    if any(isinstance(event, TableOpened) for event in decoded[1:]):
        raise ScenarioError("a Pai Gow Poker log opens its table once")
    return decoded


def _script(decoded: Sequence[Event], sealed: Mapping[int, Mapping[str, Any]] | None) -> Script:
    script = Script()
    shuffles: dict[int, str] = {}
    dealt: dict[int, list[str]] = {}
    shuffle = 0
    round_number = 0
    for index, event in enumerate(decoded):
        if isinstance(event, DeckShuffled):
            shuffle = event.shuffle
            shuffles[shuffle] = event.commitment
        elif isinstance(event, RoundStarted):
            round_number = event.round
        elif isinstance(event, StartingPosition):
            script.starts[round_number] = event
        elif isinstance(event, CardDealt):
            dealt.setdefault(shuffle, []).append(event.card)
        elif (
            isinstance(event, CardsStacked)
            and sealed is not None
            and (_stacking(sealed, event.stacking, index) is None)
        ):  # pragma: no cover - _stacking raises
            raise ScenarioError(f"event {index}: stacking {event.stacking} has no record")
    for number, logged in shuffles.items():
        record = None if sealed is None else sealed.get(number)
        if record is not None:
            if not verify(logged, record):
                raise ScenarioError(
                    f"the sealed order of shuffle {number} does not match its logged commitment"
                )
            order = parse_hand(record["order"], size=len(record["order"]))
        elif number in dealt:
            order = parse_hand(dealt[number], size=len(dealt[number]))
        else:
            order = deck()  # committed, never dealt: no round of the log uses it
        script.orders[number] = (order, logged)
    return script


def _stacking(
    sealed: Mapping[int, Mapping[str, Any]], number: int, index: int
) -> Mapping[str, Any]:
    record = sealed.get(-number)
    if record is None:
        raise ScenarioError(f"event {index}: stacking {number} has no sealed record")
    return record


def rebuild(
    events: Sequence[Mapping[str, Any]],
    sealed_records: Sequence[Mapping[str, Any]] | None,
    *,
    random: RandomSource | None = None,
) -> PaiGowGameTable:
    """The table `events` describe, each event checked as the rebuilt table writes it again;
    ScenarioError names the first that differs. `sealed_records` None: a replay from the log."""
    decoded = decode(events)
    opened = decoded[0]
    if not isinstance(opened, TableOpened):  # pragma: no cover - decode checked it
        raise ScenarioError("no table_opened")
    sealed: dict[int, Mapping[str, Any]] | None = None
    if sealed_records is not None:
        sealed = {}
        for record in sealed_records:
            if not isinstance(record, Mapping):
                raise ScenarioError("a sealed record is a JSON object")
            if isinstance(record.get("shuffle"), int):
                sealed[int(record["shuffle"])] = record
            elif isinstance(record.get("stacking"), int):
                sealed[-int(record["stacking"])] = record
            else:
                raise ScenarioError("a sealed record names its shuffle or stacking")
    rules = pai_gow_rules_from_mapping(opened.rules)
    table = PaiGowGameTable(rules, random=random or SecureRandom(), script=_script(decoded, sealed))
    table.seeded_stream = any(event.seeded for event in decoded)
    _check(table, decoded, 0)
    while len(table.game_events) < len(decoded):
        at = len(table.game_events)
        event = decoded[at]
        if isinstance(event, CardsStacked):
            table.restack(event, _stacked(event, sealed, at))
        elif isinstance(event, HistoryStacked):
            table.restack_history(event)
        elif isinstance(event, MeterChanged) and event.reason == "stacked":
            table.restack_meter(event)
        elif isinstance(event, DeckChanged):
            table.order(CHANGE_DECK, {"by": event.by})
        elif isinstance(event, ShufflerOrdered):
            args = {"by": event.by}
            if event.state == "failed" and table.rules.dealing_procedure == "hand":
                args["procedure"] = event.procedure
            table.order(SHUFFLER_FAILED if event.state == "failed" else SHUFFLER_REPAIRED, args)
        elif isinstance(event, RoundStarted):
            _play_round(table, decoded, at)
        elif isinstance(event, HandSet):
            _set_hand(table, event, at)
        else:
            raise ScenarioError(
                f"event {at} ({event.kind}) does not replay: the table writes it itself, and "
                "here it writes nothing more until its next input"
            )
        _check(table, decoded, at)
    return table


def _check(table: PaiGowGameTable, decoded: Sequence[Event], since: int) -> None:
    """The events the table wrote from `since` on equal the log's."""
    written = table.game_events
    for at in range(since, min(len(written), len(decoded))):
        if written[at] != decoded[at]:
            raise ScenarioError(
                f"event {at} ({decoded[at].kind}) does not replay: the table writes "
                f"{written[at].to_json()} where the log has {decoded[at].to_json()}"
            )
    if len(written) > len(decoded):
        raise ScenarioError(
            f"the log ends at event {len(decoded)} where the table writes "
            f"{written[len(decoded)].kind!r}: it was cut or altered"
        )


def _stacked(
    event: CardsStacked,
    sealed: Mapping[int, Mapping[str, Any]] | None,
    index: int,
) -> Stacked:
    if sealed is None:
        # A replay deals each round from its own logged cards and starting position.
        return Stacked(cards=[], start=None)
    record = _stacking(sealed, event.stacking, index)
    cards = record.get("cards")
    if not isinstance(cards, list):
        raise ScenarioError(f"event {index}: the sealed stacking is malformed")
    start = record.get("start")
    return Stacked(
        cards=parse_hand(cards, size=len(cards)) if cards else [],
        start=None if start is None else _as_start(start, index),
    )


def _as_start(data: Any, index: int) -> StartingPosition:
    event = event_from_json(data)
    if not isinstance(event, StartingPosition):
        raise ScenarioError(f"event {index}: the sealed stacking's start is malformed")
    return event


def _play_round(table: PaiGowGameTable, decoded: Sequence[Event], index: int) -> None:
    started = decoded[index]
    if not isinstance(started, RoundStarted):  # pragma: no cover - the caller checked
        raise ScenarioError(f"event {index} is not a round's start")
    wagers: dict[int, dict[str, int]] = {}
    players: dict[int, str] = {}
    at = index + 1
    while at < len(decoded) and isinstance(decoded[at], WagerPlaced):
        placed = decoded[at]
        if isinstance(placed, WagerPlaced):
            wagers.setdefault(placed.seat, {})[placed.wager] = placed.amount
            players[placed.seat] = placed.player
        at += 1
    window = table.open_betting()
    for seat in sorted(wagers):
        bet = SeatBet(seat=seat, player=players[seat], wagers=wagers[seat])
        try:
            primary = bet.primary
        except StopIteration:
            raise ScenarioError(f"event {index}: seat {seat} has no main wager") from None
        riders = {name: cents for name, cents in wagers[seat].items() if name not in PRIMARY}
        try:
            window.place(
                Command(
                    player=players[seat],
                    spot=seat,
                    action=primary,
                    amount=wagers[seat][primary],
                    args={RIDING: riders} if riders else {},
                )
            )
        except TableGamesError as error:
            raise ScenarioError(
                f"event {index}: the round's wagers do not replay: {error}"
            ) from None
    try:
        table.start_round(window)
    except TableGamesError as error:
        raise ScenarioError(f"event {index}: the round does not replay: {error}") from None


def _set_hand(table: PaiGowGameTable, event: HandSet, index: int) -> None:
    current = table.current
    if current is None:
        raise ScenarioError(f"event {index}: a hand set outside a round")
    if event.by == HOUSE_WAY:
        command = Command(player=event.player, spot=event.seat, action=HOUSE_WAY)
    else:
        command = Command(
            player=event.player,
            spot=event.seat,
            action=SET,
            args={"low": list(event.low), "high": list(event.high)},
        )
    try:
        current.apply(command)
    except TableGamesError as error:
        raise ScenarioError(f"event {index}: the setting does not replay: {error}") from None
