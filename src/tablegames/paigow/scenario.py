"""Pai Gow Poker scenarios: a round's hands (or deck), wagers and settings in, its settlement
out, played through the same table a server drives (docs/paigow-scenarios.md).

```json
{"game": "pai_gow", "rules": {"preset": "pa-pai-gow", "fortune_paytable": "wizard_2"},
 "hands": {"dealer": ["AS", "KD", "9C", "9H", "5S", "4D", "2C"],
           "1": ["JK", "KS", "QS", "JS", "TS", "3H", "3D"]},
 "wagers": [{"seat": 1, "wager": 2500, "fortune": 500}],
 "settings": [{"seat": 1, "high": ["JK", "KS", "QS", "JS", "TS"], "low": ["3H", "3D"]}]}
```

- `hands`: the seven cards dealt to the `dealer` and to seats "1"-"6" (any subset); or `deck`:
  the deck's first cards in dealing order (at most 53). The cards not given fill the other
  positions and the four left over in new-deck order. `start` (the count 1-7) or `dice` (three
  dice) picks the starting position (645a.5); by default `start` 1, the dealer.
- `wagers`: one entry per seat: `seat`, one of `wager` (the main wager), `bank` or `co_bank`
  (in cents), and any of `fortune`, `progressive`, `tiger_9`; `player` names the player
  (default "player N" for seat N).
- `settings`: per seat, `high` and `low` (the player's setting) or `"house_way": true`. A seat
  without one is set by the house way. A co-banker's hand is always set by the house way.
- `meters`: `{"progressive": cents}` before the round; `last_dealer_round`: each seat's main
  wager in the last round the dealer banked (`{"2": 2500}`), for banking eligibility.

The result: `start`, `dealer` (`hand`, `high`, `low`, or null when its hand is not played),
`banker` (0 the dealer, or the seat) and `co_bank`, `seats` (each with `hand`, `high`, `low`,
`set_by`, `foul`, then `wager`, `result`, `net`, `commission` of its main wager, bank or
co-bank, and `wagers`: each optional wager's `result`, `line`, `net`, and `envy` with its
`lines`), `meters`, `house_net`, and the event log (`events`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from tablegames.core.errors import ScenarioError, TableGamesError
from tablegames.core.jsoninput import require_keys, whole_number
from tablegames.core.rng import SeededRandom
from tablegames.core.table import Command
from tablegames.paigow.betting import OPTIONAL, PRIMARY, RIDING
from tablegames.paigow.cards import DECK_SIZE, deck, parse_hand
from tablegames.paigow.dealing import HAND_CARDS, delivery_order
from tablegames.paigow.events import (
    BankerSet,
    HandReset,
    HandSet,
    RoundSettled,
    RoundStarted,
    StartingPosition,
    WagerSettled,
)
from tablegames.paigow.game import GAME
from tablegames.paigow.payouts import ENVY, MAIN
from tablegames.paigow.round import HOUSE_WAY, SET, PaiGowRound
from tablegames.paigow.rules import pai_gow_rules_from_mapping
from tablegames.paigow.table import PaiGowGameTable

SCENARIO_KEYS: Final = frozenset(
    {
        "game",
        "description",
        "rules",
        "hands",
        "deck",
        "start",
        "dice",
        "wagers",
        "settings",
        "meters",
        "last_dealer_round",
    }
)
WAGER_KEYS: Final = frozenset({"seat", "player", "wager", *PRIMARY, *OPTIONAL}) - {MAIN}
SETTING_KEYS: Final = frozenset({"seat", "high", "low", "house_way"})
SCENARIO_SEED: Final = 645  # only the commitments' salts: the cards are the scenario's


def _player(seat: int, entry: Mapping[str, Any]) -> str:
    name = entry.get("player", f"player {seat}")
    if not isinstance(name, str) or not name:
        raise ScenarioError(f"seat {seat}'s player is a non-empty name")
    return name


def _seat(value: Any, what: str, seats: int) -> int:
    seat = whole_number(what, value)
    if not 1 <= seat <= seats:
        raise ScenarioError(f"{what} {seat} is not a seat of this table (1-{seats})")
    return seat


def _order(
    scenario: Mapping[str, Any], start: int, seats: int, count: Any, delivery: Any
) -> list[str]:
    if "hands" in scenario and "deck" in scenario:
        raise ScenarioError('a scenario gives "hands" or "deck", not both')
    if "deck" in scenario:
        texts = scenario["deck"]
        if not isinstance(texts, list) or len(texts) > DECK_SIZE:
            raise ScenarioError(f"deck is a list of at most {DECK_SIZE} cards")
        given = [str(card) for card in parse_hand(texts, size=len(texts))] if texts else []
        return given + [str(c) for c in deck() if str(c) not in set(given)]
    hands = scenario.get("hands", {})
    if not isinstance(hands, Mapping):
        raise ScenarioError('hands is an object: {"dealer": [7 cards], "1": [7 cards], ...}')
    by_position: dict[int, list[str]] = {}
    for key, cards in hands.items():
        if key == "dealer":
            position = 0
        elif isinstance(key, str) and key.isdigit() and 1 <= int(key) <= seats:
            position = int(key)
        else:
            raise ScenarioError(f"hands names the dealer or a seat 1-{seats}, not {key!r}")
        try:
            by_position[position] = [str(card) for card in parse_hand(cards, size=HAND_CARDS)]
        except TableGamesError as error:
            raise ScenarioError(f"hands[{key!r}]: {error}") from None
    used = [card for cards in by_position.values() for card in cards]
    seen: set[str] = set()
    for card in used:  # one deck: no card twice across the hands
        if card in seen:
            holders = [str(key) for key, cards in by_position.items() if card in cards]
            names = " and ".join("the dealer" if key == "0" else f"seat {key}" for key in holders)
            raise ScenarioError(
                f"hands: {card} is dealt to {names}: one deck of 53 cards holds each card once"
            )
        seen.add(card)
    spare = [str(card) for card in deck() if str(card) not in set(used)]
    order: list[str] = []
    for position in delivery_order(
        start=start, positions=seats + 1, count=count, delivery=delivery
    ):
        if position in by_position:
            order += by_position[position]
        else:
            order += spare[:HAND_CARDS]
            del spare[:HAND_CARDS]
    return order + spare


def run_pai_gow_scenario(scenario: Mapping[str, Any]) -> dict[str, Any]:
    """Play one round as the scenario says; its result (see the module docstring)."""
    table, round_ = play_pai_gow_scenario(scenario)
    return _result(table, round_)


def play_pai_gow_scenario(scenario: Mapping[str, Any]) -> tuple[PaiGowGameTable, PaiGowRound]:
    """The table and its settled round, played as the scenario says (the table's whole log,
    `table.events`, is what `GAME.replay` plays again)."""
    require_keys("the scenario", scenario, set(SCENARIO_KEYS), {"wagers"})
    if scenario.get("game", "pai_gow") != "pai_gow":
        raise ScenarioError(f"this is a Pai Gow Poker scenario, not {scenario['game']!r}")
    rules = pai_gow_rules_from_mapping(scenario.get("rules", {"preset": "pa-pai-gow"}))
    if "start" in scenario and "dice" in scenario:
        raise ScenarioError('a scenario gives "start" or "dice", not both')
    stacking: dict[str, Any] = {}
    if "dice" in scenario:
        stacking["dice"] = scenario["dice"]
    else:
        stacking["start"] = scenario.get("start", 1)
    table = GAME.open_table(rules, random=SeededRandom.from_seed(SCENARIO_SEED))
    start = table.read_stacking(stacking).start
    number = start.number if start is not None else 1
    order = _order(scenario, number, rules.seats, rules.count_direction, rules.delivery_direction)
    table.stack({**stacking, "cards": order})
    meters = scenario.get("meters")
    if meters is not None:
        require_keys("meters", meters, {"progressive"}, set())
        table.stack({"meter": meters.get("progressive", table.meter)})
    wagers = scenario["wagers"]
    if not isinstance(wagers, list) or not wagers:
        raise ScenarioError("wagers is a non-empty list of seats' wagers")
    players: dict[int, str] = {}
    bets: list[Command] = []
    for index, entry in enumerate(wagers):
        what = f"wagers[{index}]"
        require_keys(what, entry, set(WAGER_KEYS), {"seat"})
        seat = _seat(entry["seat"], f"{what}.seat", rules.seats)
        if seat in players:
            raise ScenarioError(f"{what}: seat {seat} is listed twice")
        players[seat] = _player(seat, entry)
        primary = [name for name in ("wager", "bank", "co_bank") if name in entry]
        if len(primary) != 1:
            raise ScenarioError(f"{what} gives one of wager, bank or co_bank")
        action = MAIN if primary[0] == "wager" else primary[0]
        riders = {name: entry[name] for name in OPTIONAL if name in entry}
        bets.append(
            Command(
                player=players[seat],
                spot=seat,
                action=action,
                amount=entry[primary[0]],
                args={RIDING: riders} if riders else {},
            )
        )
    history = scenario.get("last_dealer_round")
    if history is not None:
        # Banking eligibility, read as the window checks each bet: stacked before it opens.
        if not isinstance(history, Mapping):
            raise ScenarioError('last_dealer_round is an object such as {"2": 2500}')
        named: dict[str, int] = {}
        for key, cents in history.items():
            seat = _seat(
                int(key) if str(key).isdigit() else key, "last_dealer_round's seat", rules.seats
            )
            named[players.get(seat, f"player {seat}")] = whole_number(
                f"last_dealer_round[{key!r}]", cents
            )
        table.stack({"last_dealer_round": named})
    betting = table.open_betting()
    for bet in bets:
        betting.place(bet)
    round_ = table.start_round(betting)
    _apply_settings(round_, scenario.get("settings", []), players, rules.seats)
    return table, round_


def _apply_settings(round_: Any, settings: Any, players: Mapping[int, str], seats: int) -> None:
    if not isinstance(settings, list):
        raise ScenarioError("settings is a list of seats' settings")
    given: set[int] = set()
    for index, entry in enumerate(settings):
        what = f"settings[{index}]"
        require_keys(what, entry, set(SETTING_KEYS), {"seat"})
        seat = _seat(entry["seat"], f"{what}.seat", seats)
        if seat in given:
            raise ScenarioError(f"{what}: seat {seat} is set twice")
        given.add(seat)
        if seat not in players:
            raise ScenarioError(f"{what}: seat {seat} plays no hand")
        if entry.get("house_way") is True:
            if "low" in entry or "high" in entry:
                raise ScenarioError(f"{what}: house_way or a setting, not both")
            command = Command(player=players[seat], spot=seat, action=HOUSE_WAY)
        elif "house_way" in entry:
            raise ScenarioError(f"{what}: house_way is true when given")
        else:
            if "low" not in entry:
                raise ScenarioError(f"{what} gives the low hand ('low') or house_way")
            args = {"low": entry["low"], **({"high": entry["high"]} if "high" in entry else {})}
            command = Command(player=players[seat], spot=seat, action=SET, args=args)
        if any(turn.spot == seat for turn in round_.awaiting):
            round_.apply(command)
        else:
            raise ScenarioError(f"{what}: seat {seat}'s hand is set by the house way (a co-bank)")
    for turn in list(round_.awaiting):
        round_.apply(round_.on_timeout(turn))


def _result(table: Any, round_: Any) -> dict[str, Any]:
    events = list(round_.events)
    started = next(event for event in events if isinstance(event, RoundStarted))
    start = next(event for event in events if isinstance(event, StartingPosition))
    hands = {seat: [str(card) for card in play.hand] for seat, play in round_.plays.items()}
    sets: dict[int, dict[str, Any]] = {}
    for event in events:
        if isinstance(event, HandSet):
            sets[event.seat] = {
                "high": list(event.high),
                "low": list(event.low),
                "set_by": event.by,
                "foul": event.foul,
            }
        elif isinstance(event, HandReset):
            sets[event.seat].update(
                {"high": list(event.high), "low": list(event.low), "reset_by_house_way": True}
            )
    dealer = next((event for event in events if isinstance(event, BankerSet)), None)
    seats = []
    for seat in sorted(round_.plays):
        entry: dict[str, Any] = {
            "seat": seat,
            "player": round_.plays[seat].player,
            "hand": hands[seat],
            **sets[seat],
            "wagers": {},
        }
        for event in events:
            if not isinstance(event, WagerSettled) or event.seat != seat:
                continue
            net = event.returned - event.stake
            if event.wager in PRIMARY:
                entry.update(
                    {
                        "wager": event.stake,
                        "result": event.result,
                        "net": net,
                        "commission": event.commission,
                    }
                )
                if event.wager != MAIN:
                    entry["banks"] = event.wager
            elif event.wager == ENVY:
                envy = entry["wagers"].setdefault(ENVY, {"lines": [], "net": 0})
                envy["lines"].append(event.line)
                envy["net"] += net
            else:
                entry["wagers"][event.wager] = {
                    "result": event.result,
                    "line": event.line,
                    "net": net,
                }
        seats.append(entry)
    return {
        "game": "pai_gow",
        "start": {
            "method": start.method,
            "dice": list(start.dice),
            "number": start.number,
            "position": start.position,
        },
        "dealer": None
        if dealer is None
        else {
            "hand": [str(card) for card in round_.dealer_hand],
            "high": list(dealer.high),
            "low": list(dealer.low),
        },
        "banker": started.banker,
        "co_bank": started.co_bank,
        "seats": seats,
        "meters": dict(table.meters),
        "house_net": next(event.house for event in events if isinstance(event, RoundSettled)),
        "events": [event.to_json() for event in events],
    }
