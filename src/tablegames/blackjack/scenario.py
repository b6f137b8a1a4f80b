"""Conformance scenarios: one round from a stacked shoe and scripted decisions, as JSON.

The format is documented in docs/scenarios.md. `run_scenario` returns the result object that
`tablegames round SCENARIO.json` prints; any problem raises a TableGamesError naming it.

>>> result = run_scenario({
...     "rules": {"preset": "pa-6deck", "max_hands": 4, "hit_split_aces": False},
...     "shoe": ["9S", "5H", "AD", "7C", "KH", "TS"],
...     "boxes": [{"box": 1, "wager": 2500}],
...     "decisions": [{"box": 1, "action": "hit"}, {"box": 1, "action": "stand"}]})
>>> result["dealer"], result["boxes"][0]["net"]
({'cards': ['5H', '7C', 'TS'], 'total': 22}, 2500)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablegames.blackjack.actions import Action
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import rules_from_mapping
from tablegames.blackjack.sidebook import Selections
from tablegames.blackjack.wagers import SWITCH_HANDS_ANTE, BoxWager
from tablegames.core.cardsource import StackedShoe, stacked_cards
from tablegames.core.errors import ScenarioError
from tablegames.core.jsoninput import optional_text, require_keys, whole_number

SCENARIO_KEYS = {"rules", "shoe", "boxes", "decisions", "description", "selections", "meters"}
BOX_KEYS = {"box", "wager", "player", "side", "ante"}
DECISION_KEYS = {"box", "hand", "action", "amount"}


def build_round(scenario: Mapping[str, Any]) -> Round:
    """The round a scenario describes, dealt and waiting for its first decision."""
    require_keys("the scenario", scenario, SCENARIO_KEYS, {"shoe", "boxes"})
    optional_text("description", scenario.get("description"))
    rules = rules_from_mapping(scenario.get("rules", {"preset": "pa-6deck"}))
    # 633a.3(a): no more cards, and no card more often, than the decks in play hold.
    shoe_cards = stacked_cards(scenario["shoe"], rules.decks)
    boxes = scenario["boxes"]
    if not isinstance(boxes, list):
        raise ScenarioError('boxes must be a list of {"box": N, "wager": cents}')
    if len(boxes) > rules.boxes:
        raise ScenarioError(
            f"boxes lists {len(boxes)} wagers; the table has {rules.boxes} boxes",
            paragraph="633a.2(a)",
        )
    wagers = [_box_wager(index, entry) for index, entry in enumerate(boxes)]
    meters = scenario.get("meters", {})
    if not isinstance(meters, Mapping):
        raise ScenarioError("meters must map progressive wager names to cents")
    selections = scenario.get("selections", {})
    require_keys("selections", selections, {"magic_card", "lucky_box"}, set())
    return Round(
        rules=rules,
        shoe=StackedShoe(shoe_cards),
        wagers=wagers,
        meters={
            str(name): whole_number(f"meters.{name}", amount) for name, amount in meters.items()
        },
        selections=Selections.from_json(selections),
    )


def _box_wager(index: int, entry: Any) -> BoxWager:
    """One entry of `boxes`, every field's type checked before it is used."""
    what = f"boxes[{index}]"
    require_keys(what, entry, BOX_KEYS, {"box", "wager"})
    raw_side = entry.get("side", {})
    if not isinstance(raw_side, Mapping):
        raise ScenarioError(f"{what}.side must map side wager names to cents")
    side = dict(raw_side)
    if "ante" in entry:
        # 633c.4(c): the Switch Hands ante, written as its own key for readability.
        side[SWITCH_HANDS_ANTE] = entry["ante"]
    player = entry.get("player", "")
    if not isinstance(player, str):
        raise ScenarioError(f"{what}.player must be a name (a string), not {player!r}")
    return BoxWager(
        box=whole_number(f"{what}.box", entry["box"]),
        amount=whole_number(f"{what}.wager", entry["wager"]),
        player=player,
        side={name: whole_number(f"{what}.side.{name}", stake) for name, stake in side.items()},
    )


def play_decisions(game: Round, decisions: Any) -> None:
    """Take the scripted decisions in the order the round asks for them."""
    if not isinstance(decisions, list):
        raise ScenarioError("decisions must be a list")
    for index, entry in enumerate(decisions):
        what = f"decisions[{index}]"
        require_keys(what, entry, DECISION_KEYS, {"box", "action"})
        turn = game.turn
        if turn is None:
            raise ScenarioError(f"{what} was never asked for: the round is already complete")
        box = whole_number(f"{what}.box", entry["box"])
        if box != turn.box:
            legal = ", ".join(action.value for action in game.legal_actions())
            raise ScenarioError(
                f"{what} is for box {box}, but the round asks box {turn.box} "
                f"hand {turn.hand} ({turn.kind}: {legal})"
            )
        if "hand" in entry and whole_number(f"{what}.hand", entry["hand"]) != turn.hand:
            raise ScenarioError(
                f"{what} is for hand {entry['hand']}, but the round asks hand "
                f"{turn.hand} of box {turn.box}"
            )
        action = read_action(what, entry["action"])
        amount = entry.get("amount")
        if amount is not None:
            amount = whole_number(f"{what}.amount", amount)
        game.act(action, amount)
    if game.turn is not None:
        turn = game.turn
        legal = ", ".join(action.value for action in game.legal_actions())
        raise ScenarioError(
            f"the decisions ran out: the round asks box {turn.box} hand {turn.hand} "
            f"({turn.kind}: {legal})"
        )


def read_action(what: str, text: Any) -> Action:
    """A decision's action named in a scenario (the dealt table's steps too)."""
    try:
        return Action(text)
    except ValueError as error:
        names = ", ".join(action.value for action in Action)
        raise ScenarioError(f"{what} has unknown action {text!r}: use one of {names}") from error


def round_result(game: Round) -> dict[str, Any]:
    """The JSON result of a completed round: dealer, boxes with hands and wagers, events."""
    settlements = game.settlements()
    boxes = []
    for box in game.boxes:
        mine = [item for item in settlements if item.box == box.number]
        outcomes = {item.hand: item.outcome for item in mine if item.wager == "blackjack"}
        hands = [
            {
                "cards": [str(card) for card in hand.cards],
                "total": hand.points.total,
                "outcome": outcomes.get(index, "open"),
            }
            for index, hand in enumerate(box.hands)
        ]
        wagers = [
            {
                "wager": item.wager,
                "hand": item.hand,
                "stake": item.stake,
                "returned": item.returned,
            }
            for item in sorted(mine, key=lambda item: (item.hand, wager_order(item.wager)))
        ]
        net = sum(item.returned - item.stake for item in mine)
        boxes.append({"box": box.number, "hands": hands, "wagers": wagers, "net": net})
    return {
        "dealer": {
            "cards": [str(card) for card in game.dealer_cards],
            "total": game.dealer_points.total,
        },
        "boxes": boxes,
        "events": [event.to_json() for event in game.events],
    }


def wager_order(wager: str) -> tuple[int, str]:
    # The Blackjack Wager first, then insurance, then the side wagers by name.
    return ({"blackjack": 0, "insurance": 1}.get(wager, 2), wager)


def run_scenario(scenario: Mapping[str, Any]) -> dict[str, Any]:
    if isinstance(scenario, Mapping) and "steps" in scenario:
        # A table dealt by a person, step by step (docs/scenarios-dealt.md).
        from tablegames.blackjack.dealt_scenario import run_dealt_scenario

        return run_dealt_scenario(scenario)
    game = build_round(scenario)
    play_decisions(game, scenario.get("decisions", []))
    return round_result(game)
