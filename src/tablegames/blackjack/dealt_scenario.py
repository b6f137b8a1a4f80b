"""Dealt-table scenarios: what happened at a table dealt by a person, step by step, as JSON.

The format is documented in docs/scenarios-dealt.md. A Blackjack scenario with `steps` is one:
`tablegames round SCENARIO.json` plays it on a `DealtTable` and prints the last round's result
with the table's procedure and irregularity record. Any problem raises a TableGamesError
naming it (the step by its index).

>>> result = run_dealt_scenario({
...     "rules": {"preset": "pa-6deck"}, "boxes": [{"box": 1, "wager": 2500}], "burn": "KD",
...     "steps": [{"card": "9S"}, {"irregularity": "not_dealt", "option": "later"},
...               {"card": "7C"}, {"card": "TS"}, {"card": "6D"},
...               {"box": 1, "action": "stand"}, {"card": "9D"}]})
>>> result["dealer"], result["boxes"][0]["net"]
({'cards': ['TS', '6D', '9D'], 'total': 25}, 2500)
>>> result["table"]["irregularities"]
[['dealer_card_missed', 0, 0, 'later', '633a.14(e)']]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from tablegames.blackjack.dealt_table import DealtTable
from tablegames.blackjack.events import (
    CardDiscarded,
    Event,
    IrregularityRecorded,
    ProcedureRecorded,
    WagerSettled,
)
from tablegames.blackjack.rules import rules_from_mapping
from tablegames.blackjack.scenario import BOX_KEYS, read_action, round_result, wager_order
from tablegames.blackjack.shoe_steps import CardBurned, DeterminantDrawn, DeterminantSegregated
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card
from tablegames.core.errors import ScenarioError
from tablegames.core.jsoninput import optional_text, require_keys, whole_number

DEALT_KEYS = {"rules", "boxes", "burn", "determinant", "steps", "description", "dealt"}
DEALT_OPTIONS = {"reader_shows_value", "preinspected"}
# The scenarios' house clock: fixed, so that 633a.2(f) and 633a.3(d) read the same every run.
SCENARIO_TIME = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)

# Each table procedure a step may name, with the arguments it takes. `side`: the side of a
# double shoe the procedure handles (required there, refused at a single shoe: 633a.3(c)).
_PROCEDURES: dict[str, frozenset[str]] = {
    "inspect_reader": frozenset(),
    "receive_cards": frozenset(),
    "inspect": frozenset({"side"}),
    "spread": frozenset({"box", "side"}),
    "wash": frozenset({"side"}),
    "shuffle": frozenset({"method", "seated", "side"}),
    "decline_cut": frozenset({"side"}),
    "cut": frozenset({"position", "cover_from_bottom", "side"}),
    "recut": frozenset({"position", "cover_from_bottom", "side"}),
    "load_shoe": frozenset({"side"}),
    "burn": frozenset({"card"}),
    "change_dealer": frozenset(),
    "order_reshuffle": frozenset({"side"}),
    "cover_card_reached": frozenset({"box", "side"}),
    "dealer_drew_on_17": frozenset({"card"}),
    "refill_from_rack": frozenset({"side"}),
    "burn_refill": frozenset({"card"}),
    "reader_malfunction": frozenset(),
    "reader_restored": frozenset({"how"}),
    "shuffler_jammed": frozenset({"side"}),
    "shuffler_out_of_order": frozenset(),
    "shuffler_covered": frozenset(),
    "determinant": frozenset({"card", "drawn_from"}),
    "deal_from": frozenset({"side"}),
}
_ROUND_IRREGULARITIES = {
    "found_face_up",
    "drawn_in_error",
    "exposed",
    "not_dealt",
    "hole_card_read",
}


def run_dealt_scenario(scenario: Mapping[str, Any]) -> dict[str, Any]:
    """Play a dealt-table scenario; the result of its last round and the table's record."""
    require_keys("the scenario", scenario, DEALT_KEYS, {"steps"})
    optional_text("description", scenario.get("description"))
    rules = rules_from_mapping(scenario.get("rules", {"preset": "pa-6deck"}))
    options = scenario.get("dealt", {})
    require_keys("dealt", options, DEALT_OPTIONS, set())
    flags = {name: _flag(f"dealt.{name}", value) for name, value in options.items()}
    table = DealtTable(
        rules,
        reader_shows_value=flags.get("reader_shows_value", True),
        preinspected=flags.get("preinspected", "boxes" in scenario),
        now=lambda: SCENARIO_TIME,
    )
    if "boxes" in scenario:
        _open_ready(table, scenario)
    steps = scenario["steps"]
    if not isinstance(steps, list):
        raise ScenarioError("steps must be a list of the table's steps in order")
    for index, step in enumerate(steps):
        apply_step(table, step, f"steps[{index}]")
    return _result(table)


def _open_ready(table: DealtTable, scenario: Mapping[str, Any]) -> None:
    """`boxes` given: preinspected decks (633a.4(f)) cut by the dealer, in the shoe, `burn`
    burned (633a.7(c)) and the first round dealt with these wagers. At a double shoe each side
    is cut and loaded, no card is burned (633a.7(d)) and the round's `determinant` card
    `{"card": ..., "drawn_from": side}` is drawn before it (633a.7(d)(1))."""
    if table.double:
        _open_double(table, scenario)
        return
    if "determinant" in scenario:
        raise ScenarioError("only a double shoe draws a determinant card (633a.7(d))")
    continuous = table.rules.shoe == "continuous_shuffler"
    if continuous and "burn" in scenario:
        raise ScenarioError(
            'a continuous shuffler burns no card: drop "burn" (633a.5(h), 633a.7(c))'
        )
    if not continuous and "burn" not in scenario:
        raise ScenarioError('a scenario with "boxes" names its "burn" card (633a.7(c))')
    table.inspect_reader()
    table.receive_cards()
    if not continuous:
        table.cut()
    table.load_shoe()
    if not continuous:
        table.burn(_card("burn", scenario["burn"]))
    table.deal(_wagers("boxes", scenario["boxes"]))


def _open_double(table: DealtTable, scenario: Mapping[str, Any]) -> None:
    if "burn" in scenario:
        raise ScenarioError('a double shoe burns no card: drop "burn" (633a.7(d))')
    chosen = scenario.get("determinant")
    if not isinstance(chosen, Mapping):
        raise ScenarioError(
            'a double shoe\'s scenario with "boxes" names its "determinant" card, '
            '{"card": "9H", "drawn_from": "red"} (633a.7(d)(1))'
        )
    require_keys("determinant", chosen, {"card", "drawn_from"}, {"card", "drawn_from"})
    table.inspect_reader()
    table.receive_cards()
    for side in table.sides:
        table.cut(side=side)
        table.load_shoe(side=side)
    table.determinant(
        _card("determinant.card", chosen["card"]),
        drawn_from=_word("determinant.drawn_from", chosen["drawn_from"]),
    )
    table.deal(_wagers("boxes", scenario["boxes"]))


def apply_step(table: DealtTable, step: Any, what: str) -> None:
    """One step of the format (a procedure, a round, a card, an irregularity or a decision)
    taken at `table`; `what` names it in a refusal. The dealt table's server orders are steps
    too (tablegames.blackjack.dealt_game)."""
    if not isinstance(step, Mapping):
        raise ScenarioError(f'{what} must be an object such as {{"card": "9S"}}')
    if "procedure" in step:
        _procedure(table, what, step)
    elif "round" in step:
        require_keys(what, step, {"round", "drawn_from"}, {"round"})
        drawn_from = step.get("drawn_from")
        table.deal(
            _wagers(f"{what}.round", step["round"]),
            # 633a.14(h): the side a double shoe's round was actually dealt from.
            drawn_from=None if drawn_from is None else _word(f"{what}.drawn_from", drawn_from),
        )
    elif "card" in step and "irregularity" not in step:
        require_keys(what, step, {"card", "face"}, {"card"})
        _deal_card(table, what, step)
    elif "irregularity" in step:
        _irregularity(table, what, step)
    elif "action" in step:
        require_keys(what, step, {"box", "hand", "action", "amount"}, {"box", "action"})
        _decision(table, what, step)
    else:
        raise ScenarioError(
            f"{what} is none of a procedure, a round, a card, an irregularity or a decision: "
            f"it has {sorted(step)}"
        )


def _procedure(table: DealtTable, what: str, step: Mapping[str, Any]) -> None:
    name = step["procedure"]
    if name not in _PROCEDURES:
        raise ScenarioError(f"{what}: unknown procedure {name!r}: use one of {sorted(_PROCEDURES)}")
    require_keys(what, step, {"procedure"} | _PROCEDURES[name], {"procedure"})
    args: dict[str, Any] = {}
    for key, value in step.items():
        if key in ("box", "position", "cover_from_bottom"):
            args[key] = whole_number(f"{what}.{key}", value)
        elif key == "card":
            args[key] = _card(f"{what}.card", value)
        elif key in ("method", "how", "side", "drawn_from"):
            args[key] = _word(f"{what}.{key}", value)
        elif key == "seated":
            if not isinstance(value, list):
                raise ScenarioError(f"{what}.seated must be a list of box numbers")
            args[key] = [whole_number(f"{what}.seated", box) for box in value]

    def needed(key: str) -> Any:
        if key not in args:
            raise ScenarioError(f"{what}: the procedure {name} needs its {key}")
        return args[key]

    side = args.get("side")
    calls: dict[str, Callable[[], list[Event]]] = {
        "spread": lambda: table.spread(args.get("box"), side=side),
        "shuffle": lambda: table.shuffle(
            method=args.get("method", "manual"), seated=args.get("seated"), side=side
        ),
        "cut": lambda: table.cut(
            position=args.get("position"),
            cover_from_bottom=args.get("cover_from_bottom"),
            side=side,
        ),
        "recut": lambda: table.recut(
            position=args.get("position"),
            cover_from_bottom=args.get("cover_from_bottom"),
            side=side,
        ),
        "burn": lambda: table.burn(needed("card")),
        "burn_refill": lambda: table.burn_refill(needed("card")),
        "dealer_drew_on_17": lambda: table.dealer_drew_on_17(needed("card")),
        "cover_card_reached": lambda: table.cover_card_reached(args.get("box", 0), side=side),
        "reader_restored": lambda: table.reader_restored(needed("how")),
        "determinant": lambda: table.determinant(needed("card"), drawn_from=needed("drawn_from")),
        "deal_from": lambda: table.deal_from(needed("side")),
    }
    call = calls.get(name)
    if call is not None:
        call()
    elif "side" in _PROCEDURES[name]:
        getattr(table, name)(side=side)
    else:
        getattr(table, name)()


def _deal_card(table: DealtTable, what: str, step: Mapping[str, Any]) -> None:
    card = _card(f"{what}.card", step["card"])
    game = table.current
    where = None if game is None else game.awaiting
    face = step.get("face")
    if face is None:
        face_up = True if where is None else where.face_up
    elif face in ("up", "down"):
        face_up = face == "up"
    else:
        raise ScenarioError(f'{what}.face is "up" or "down", not {face!r}')
    table.card(card, face_up=face_up)


def _irregularity(table: DealtTable, what: str, step: Mapping[str, Any]) -> None:
    name = step["irregularity"]
    if name not in _ROUND_IRREGULARITIES:
        raise ScenarioError(
            f"{what}: unknown irregularity {name!r}: use one of {sorted(_ROUND_IRREGULARITIES)} "
            "(the table's are procedures)"
        )
    if name == "not_dealt":
        require_keys(what, step, {"irregularity", "option"}, {"irregularity", "option"})
        option = step["option"]
        if not isinstance(option, str):
            raise ScenarioError(f'{what}.option is "later" or "dead", not {option!r}')
        table.not_dealt(option)
    elif name == "hole_card_read":
        require_keys(what, step, {"irregularity"}, {"irregularity"})
        table.hole_card_read()
    else:
        require_keys(what, step, {"irregularity", "card"}, {"irregularity", "card"})
        card = _card(f"{what}.card", step["card"])
        {
            "found_face_up": table.found_face_up,
            "drawn_in_error": table.drawn_in_error,
            "exposed": table.exposed,
        }[name](card)


def _decision(table: DealtTable, what: str, step: Mapping[str, Any]) -> None:
    action = read_action(what, step["action"])
    amount = step.get("amount")
    table.act(
        whole_number(f"{what}.box", step["box"]),
        action,
        None if amount is None else whole_number(f"{what}.amount", amount),
        hand=None if "hand" not in step else whole_number(f"{what}.hand", step["hand"]),
    )


def _wagers(what: str, boxes: Any) -> list[BoxWager]:
    if not isinstance(boxes, list):
        raise ScenarioError(f'{what} must be a list of {{"box": N, "wager": cents}}')
    wagers = []
    for index, entry in enumerate(boxes):
        name = f"{what}[{index}]"
        require_keys(name, entry, BOX_KEYS - {"side", "ante"}, {"box", "wager"})
        player = entry.get("player", "")
        if not isinstance(player, str):
            raise ScenarioError(f"{name}.player must be a name (a string), not {player!r}")
        wagers.append(
            BoxWager(
                box=whole_number(f"{name}.box", entry["box"]),
                amount=whole_number(f"{name}.wager", entry["wager"]),
                player=player,
            )
        )
    return wagers


def _card(what: str, value: Any) -> Card:
    if not isinstance(value, str):
        raise ScenarioError(f'{what} must be a card such as "TH", not {value!r}')
    return Card.parse(value)


def _word(what: str, value: Any) -> str:
    if not isinstance(value, str):
        raise ScenarioError(f"{what} must be a word, not {value!r}")
    return value


def _flag(what: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ScenarioError(f"{what} must be true or false, not {value!r}")
    return value


def _result(table: DealtTable) -> dict[str, Any]:
    table.sync()
    game = table.current
    if game is not None and not game.is_complete:
        where = game.awaiting
        waiting = where.describe() if where is not None else f"a decision of {game.turn}"
        raise ScenarioError(f"the steps ran out before the round was complete: it awaits {waiting}")
    result: dict[str, Any] = {"dealer": None, "boxes": []}
    if game is not None:
        result = round_result(game.game)
        # A dead box (633a.14(g)) left the round: it is listed with its returned wagers.
        listed = {box["box"] for box in result["boxes"]}
        for wager in game.wagers:
            if wager.box in listed:
                continue
            mine = [e for e in game.events if isinstance(e, WagerSettled) and e.box == wager.box]
            result["boxes"].append(
                {
                    "box": wager.box,
                    "hands": [],
                    "wagers": [
                        {"wager": e.wager, "hand": e.hand, "stake": e.stake, "returned": e.returned}
                        for e in sorted(mine, key=lambda e: (e.hand, wager_order(e.wager)))
                    ],
                    "net": sum(e.returned - e.stake for e in mine),
                }
            )
        result["boxes"].sort(key=lambda box: box["box"])
        result["events"] = [event.to_json() for event in game.events]
    # A double shoe's steps name their side last; a single shoe's have none (as before).
    result["table"] = {
        "procedures": [
            [e.step, e.box, e.paragraph, *_sided(e.side)]
            for e in table.events
            if isinstance(e, ProcedureRecorded)
        ],
        "irregularities": [
            [e.what, e.box, e.hand, e.option, e.paragraph, *_sided(e.side)]
            for e in table.events
            if isinstance(e, IrregularityRecorded)
        ],
        "discarded": [e.card for e in table.events if isinstance(e, CardDiscarded)],
        "rack": len(table.rack),
        "shoe": sum(table.holds.values()),
    }
    if table.double:
        result["table"].update(_double_shoe_record(table))
    return result


def _sided(side: str | None) -> list[str]:
    return [] if side is None else [side]


def _double_shoe_record(table: DealtTable) -> dict[str, Any]:
    """633a.7(d): each determinant card [card, side drawn from, side selected, where it went:
    "first card" or "segregated"]; each side's count, rack and segregated area; the burn cards
    of 633a.14(f) refills with their side."""
    determinants = []
    for index, event in enumerate(table.events):
        if isinstance(event, DeterminantDrawn):
            # Its side_selected follows it, then its determinant_segregated when it has one.
            after = table.events[index + 2 : index + 3]
            went = any(isinstance(e, DeterminantSegregated) for e in after)
            determinants.append(
                [event.card, event.pile, event.selects, "segregated" if went else "first card"]
            )
    return {
        "determinants": determinants,
        "burned": [[e.card, e.pile] for e in table.events if isinstance(e, CardBurned)],
        "sides": {
            name: {"shoe": side.count, "rack": len(side.rack), "segregated": len(side.segregated)}
            for name, side in table.sides.items()
        },
    }
