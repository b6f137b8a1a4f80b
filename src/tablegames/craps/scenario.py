"""Craps scenarios: wagers, fixed dice and a fixed Power Odds selection in, settlement JSON out.

The format is documented in docs/craps.md. `run_roll_scenario` returns what `tablegames roll
SCENARIO.json` prints; any problem raises a TableGamesError naming it (and its paragraph).

>>> result = run_roll_scenario({"wagers": [{"wager": "hard_8", "amount": 500}],
...                             "selection": {"hard_8": 2}, "dice": [4, 4]})
>>> result["total"], result["wagers"][0]["returned"], result["wagers"][0]["odds"], result["net"]
(8, 9500, '18 to 1', 9000)
>>> result = run_roll_scenario({"wagers": [{"wager": "hard_8", "amount": 500}],
...                             "rolls": [[3, 5]], "selections": [{"hard_8": 1}]})
>>> result["rolls"][0]["wagers"][0]["outcome"], result["net"]
('lose', -500)
>>> result = run_roll_scenario({"wagers": [{"wager": "ce", "amount": 200}],
...                             "selection": {"ce_craps": 2}, "dice": [1, 2]})
>>> {key: result["wagers"][0][key] for key in ("returned", "line", "level", "odds")}
{'returned': 1400, 'line': 'ce_craps', 'level': 2, 'odds': '6 to 1'}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablegames.core.errors import ScenarioError
from tablegames.core.jsoninput import optional_text, require_keys, whole_number
from tablegames.craps.dice import FixedDice, Roll
from tablegames.craps.events import WagerSettled
from tablegames.craps.rules import craps_rules_from_mapping
from tablegames.craps.selection import FixedSelector, Selection
from tablegames.craps.table import CrapsTable, RollResult
from tablegames.craps.wagers import BETS

SCENARIO_KEYS = {"description", "rules", "wagers", "selection", "dice", "rolls", "selections"}
WAGER_KEYS = {"wager", "amount", "roll"}
DEFAULT_RULES = {"preset": "pa-power-odds"}
# A scenario is a few rolls a person wrote; a longer sequence is a simulation (craps/sim.py).
MAX_ROLLS = 1_000


def _rolls_and_selections(scenario: Mapping[str, Any]) -> tuple[list[Roll], list[Any]]:
    """One roll with `dice` and `selection`, or several with `rolls` and `selections`."""
    if ("dice" in scenario) == ("rolls" in scenario):
        raise ScenarioError('a scenario gives either "dice" (one roll) or "rolls" (several)')
    if "dice" in scenario:
        if "selections" in scenario:
            raise ScenarioError('one roll ("dice") takes "selection", not "selections"')
        return [Roll.parse(scenario["dice"])], [scenario.get("selection", {})]
    if "selection" in scenario:
        raise ScenarioError('several rolls ("rolls") take "selections", one per roll')
    raw_rolls = scenario["rolls"]
    if not isinstance(raw_rolls, list) or not raw_rolls:
        raise ScenarioError("rolls must be a non-empty list of dice such as [[3, 5], [4, 4]]")
    if len(raw_rolls) > MAX_ROLLS:
        raise ScenarioError(f"rolls lists {len(raw_rolls):,} rolls; a scenario holds {MAX_ROLLS}")
    rolls = [Roll.parse(item, what=f"rolls[{index}]") for index, item in enumerate(raw_rolls)]
    selections = scenario.get("selections", [{}] * len(rolls))
    if not isinstance(selections, list) or len(selections) != len(rolls):
        raise ScenarioError(f"selections must be a list of {len(rolls)} objects, one per roll")
    return rolls, selections


def build_table(scenario: Mapping[str, Any]) -> tuple[CrapsTable, dict[int, list[tuple[str, int]]]]:
    """The table a scenario describes and its wagers by the roll they are placed before."""
    require_keys("the scenario", scenario, SCENARIO_KEYS, {"wagers"})
    optional_text("description", scenario.get("description"))
    rules = craps_rules_from_mapping(scenario.get("rules", DEFAULT_RULES))
    rolls, raw_selections = _rolls_and_selections(scenario)
    one = "dice" in scenario
    selections = [
        Selection.parse(item, rules, what="selection" if one else f"selections[{index}]")
        for index, item in enumerate(raw_selections)
    ]
    entries = scenario["wagers"]
    if not isinstance(entries, list):
        raise ScenarioError('wagers must be a list of {"wager": NAME, "amount": cents}')
    by_roll: dict[int, list[tuple[str, int]]] = {}
    for index, entry in enumerate(entries):
        what = f"wagers[{index}]"
        require_keys(what, entry, WAGER_KEYS, {"wager", "amount"})
        roll = whole_number(f"{what}.roll", entry.get("roll", 1))
        if not 1 <= roll <= len(rolls):
            raise ScenarioError(f"{what}.roll must be between 1 and {len(rolls)}, not {roll}")
        if not isinstance(entry["wager"], str):
            raise ScenarioError(f'{what}.wager must be a wager name such as "hard_8"')
        by_roll.setdefault(roll, []).append(
            (entry["wager"], whole_number(f"{what}.amount", entry["amount"]))
        )
    table = CrapsTable(rules, dice=FixedDice(rolls), selector=FixedSelector(selections))
    return table, by_roll


def play_scenario(scenario: Mapping[str, Any]) -> tuple[CrapsTable, list[RollResult]]:
    """Place each roll's wagers, make its (fixed) selection, roll the (fixed) dice."""
    table, by_roll = build_table(scenario)
    results = []
    for number in range(1, len(_rolls_and_selections(scenario)[0]) + 1):
        for wager, amount in by_roll.get(number, []):
            table.place(wager, amount)
        table.select()  # 623b.5(c): after the wagers, before the dice
        results.append(table.roll())
    return table, results


def _wager_json(item: WagerSettled) -> dict[str, Any]:
    data: dict[str, Any] = {
        "wager": item.wager,
        "stake": item.stake,
        "returned": item.returned,
        "outcome": item.outcome,
    }
    if len(BETS[item.wager].lines) > 1:  # the C&E: which line won (None when it lost)
        data["line"] = item.line
    return {**data, "level": item.level, "odds": item.odds}


def _roll_json(result: RollResult) -> dict[str, Any]:
    return {
        "dice": result.dice.to_json(),
        "total": result.dice.total,
        "selection": result.selection.to_json(),
        "wagers": [_wager_json(item) for item in result.settlements],
    }


def run_roll_scenario(scenario: Mapping[str, Any]) -> dict[str, Any]:
    """The settlement JSON of a scenario: see docs/craps.md."""
    table, results = play_scenario(scenario)
    events = [event.to_json() for event in table.events]
    net = sum(result.net for result in results)
    if "dice" in scenario:
        return {**_roll_json(results[0]), "net": net, "events": events}
    rolls = [{"roll": result.roll, **_roll_json(result)} for result in results]
    return {"rolls": rolls, "net": net, "events": events}
