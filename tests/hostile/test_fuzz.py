"""Mutated scenarios and rules: every reader answers with a result or a TableGamesError, never
another exception (the promise behind `tests/hostile/`, checked on inputs no one wrote by hand).

Each example takes a shipped conformance scenario and replaces one value somewhere in it with
something of the wrong kind or range (a string, a bool, a huge or negative number, null, a list,
a nested object), then plays it.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.blackjack.rules import rules_from_mapping
from tablegames.blackjack.scenario import run_scenario
from tablegames.core.errors import TableGamesError
from tablegames.craps.rules import craps_rules_from_mapping
from tablegames.craps.scenario import run_roll_scenario

ROOT = Path(__file__).parents[1]


def _scenarios(folder: str) -> list[Any]:
    return [
        json.loads(path.read_text())["scenario"] for path in sorted((ROOT / folder).glob("*.json"))
    ]


BLACKJACK = _scenarios("conformance")
CRAPS = _scenarios("conformance_craps")
ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["AS", "JK", "QH", "10H", "", "pa-6deck", "hit", "ez_bust", "1/0", "6"]),
    st.lists(st.integers(-3, 60), max_size=4),
    st.dictionaries(st.text(max_size=6), st.integers(-5, 5), max_size=2),
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value: keys of objects, indexes of lists."""
    found = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            found += _paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += _paths(child, (*prefix, index))
    return found


def _replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = json.loads(json.dumps(value))
    target = copy
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = new
    return copy


# Keys the formats know (docs/scenarios.md, docs/craps.md), added where they were not.
KNOWN_KEYS = [
    "rules", "shoe", "boxes", "decisions", "meters", "selections", "side", "player", "ante",
    "hand", "amount", "box", "wager", "magic_card", "lucky_box", "dice", "rolls", "selection",
    "roll", "preset", "decks", "side_wagers", "bad_beat", "ez_bust", "description",
]  # fmt: skip


@st.composite
def mutated(draw: st.DrawFn, pool: list[Any]) -> Any:
    scenario = draw(st.sampled_from(pool))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(scenario)))
        if draw(st.booleans()):
            scenario = _replaced(scenario, path, draw(ODD_VALUES))
            continue
        place = json.loads(json.dumps(scenario))  # never the shared pool's own object
        target = place
        for step in path:
            target = target[step]
        if isinstance(target, dict):
            target[draw(st.sampled_from(KNOWN_KEYS))] = draw(ODD_VALUES)
            scenario = place
    return scenario


FUZZ = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(mutated(BLACKJACK))
def test_mutated_blackjack_scenarios_raise_only_table_games_errors(scenario: Any) -> None:
    with contextlib.suppress(TableGamesError):
        run_scenario(scenario)


@FUZZ
@given(mutated(CRAPS))
def test_mutated_craps_scenarios_raise_only_table_games_errors(scenario: Any) -> None:
    with contextlib.suppress(TableGamesError):
        run_roll_scenario(scenario)


RULES = [scenario.get("rules", {}) for scenario in BLACKJACK if isinstance(scenario, dict)]
CRAPS_RULES = [scenario.get("rules", {}) for scenario in CRAPS if isinstance(scenario, dict)]


@FUZZ
@given(mutated([rules for rules in RULES if rules] or [{}]))
def test_mutated_rules_raise_only_rules_errors(rules: Any) -> None:
    with contextlib.suppress(TableGamesError):
        rules_from_mapping(rules)


@FUZZ
@given(mutated([rules for rules in CRAPS_RULES if rules] or [{}]))
def test_mutated_craps_rules_raise_only_rules_errors(rules: Any) -> None:
    with contextlib.suppress(TableGamesError):
        craps_rules_from_mapping(rules)
