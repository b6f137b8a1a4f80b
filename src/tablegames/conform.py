"""Conformance files: a scenario with the outcome worked out by hand, played and checked.

This is what `tablegames conform PATH...` runs and what `tests/test_conformance.py` and
`tests/craps/test_conformance_craps.py` use, so there is one definition of a conformance file and
of what passing means. A conformance file is a JSON object (docs/scenarios.md, "The conformance
files"):

- `scenario` (required): a Blackjack scenario (docs/scenarios.md), a craps one (docs/craps.md)
  or a Pai Gow Poker one (docs/paigow-scenarios.md);
- exactly one of `expected` (the result, an object) and `expected_error` (`{"paragraph":
  "633a.10(a)" or null, "contains": "a phrase of the message"}`); the other is absent or null;
- `description` (optional): free text, the working;
- `game` (optional): a game id of the registry (`"blackjack"`, `"craps"`, `"pai_gow"`, ...).

No other top-level key is accepted. Which game a file is played by: its `game` when it has one
(it then decides alone, so a file may check that a game refuses another game's keys); otherwise
the scenario's own keys: `shoe`, `boxes`, `decisions` or `meters` are Blackjack's, `wagers`,
`dice`, `rolls` or `selection` are craps'; a scenario that says `"game": "pai_gow"` is Pai Gow
Poker's. A scenario with keys of both games or of neither needs `game`. The folder a file sits
in plays no part: a file means the same wherever it is copied.

Passing, as the conformance tests have always checked it:

- Blackjack: `expected` holds exactly `dealer` and `boxes`, and the result's `dealer` and `boxes`
  equal them (the event log is not compared; the tests check it by replay);
- craps: the result without its `events` equals `expected`;
- a game whose registry entry compares a subset (`ScenarioFormat.compared`, Pai Gow Poker's):
  every key `expected` gives, at any depth, equals the result's (lists keep their length and
  order, so `seats` lists every seat); keys it leaves out are not compared, and `events` never;
- `expected_error`: playing the scenario raises a `TableGamesError` whose `paragraph` equals
  `paragraph` (both may be null) and whose message contains `contains`.

Equality is Python's `==` on the decoded JSON. When a check fails, the result names the first
place it differs. A file that is not a readable conformance file raises `InputError`: that is bad
input, not a failed check.

>>> case = parse_case({"scenario": {"wagers": [{"wager": "hard_8", "amount": 500}],
...                                 "dice": [4, 4], "selection": {"hard_8": 2}},
...                    "expected_error": None,
...                    "expected": {"dice": [4, 4], "total": 8, "selection": {"hard_8": 2},
...                                 "wagers": [{"wager": "hard_8", "stake": 500,
...                                             "returned": 9000, "outcome": "win",
...                                             "level": 2, "odds": "18 to 1"}],
...                                 "net": 8500}}, Path("hard_8.json"))
>>> result = run_case(case)
>>> result.game, result.passed
('craps', False)
>>> print(result.mismatch)
wagers[0].returned: expected 9000, got 9500
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final
from xml.etree import ElementTree

from tablegames.core.errors import TableGamesError
from tablegames.core.inputs import InputError, read_json
from tablegames.games import GAMES as REGISTERED
from tablegames.games import entry, game_ids

BLACKJACK: Final = "blackjack"
BLACKJACK_DEALT: Final = "blackjack_dealt"  # compared as Blackjack, with its table's record
CRAPS: Final = "craps"
GAMES: Final = game_ids()
FILE_KEYS: Final = frozenset({"game", "description", "scenario", "expected", "expected_error"})
ERROR_KEYS: Final = frozenset({"paragraph", "contains"})
# The keys of a scenario that only one game's format has (docs/scenarios.md, docs/craps.md);
# `rules`, `description` and `selections` are in both and tell nothing.
GAME_KEYS: Final = {game.id: game.scenario.keys for game in REGISTERED}
# What the conformance tests have always compared of a Blackjack result; the craps tests compare
# the whole result but its event log.
BLACKJACK_COMPARED: Final = ("dealer", "boxes")
DEALT_TABLE: Final = "table"  # compared too for a dealt table's scenario
PLAY_COMMAND: Final = {game.id: game.scenario.command for game in REGISTERED}
SUBSET_COMPARED: Final = frozenset(
    game.id for game in REGISTERED if game.scenario.compared == "subset"
)
_SHOWN_CHARS: Final = 120
_SHOWN_ERROR_CHARS: Final = 500


@dataclass(frozen=True)
class ExpectedError:
    """The refusal a scenario must end in: its paragraph (or None) and a phrase of its message."""

    paragraph: str | None
    contains: str

    def matches(self, error: TableGamesError) -> bool:
        return error.paragraph == self.paragraph and self.contains in str(error)

    def __str__(self) -> str:
        cited = "no paragraph" if self.paragraph is None else self.paragraph
        return f"an error citing {cited} containing {self.contains!r}"


@dataclass(frozen=True)
class ConformanceCase:
    """A conformance file read and checked for shape, not yet played."""

    path: Path
    game: str
    scenario: Mapping[str, Any]
    expected: Mapping[str, Any] | None
    expected_error: ExpectedError | None
    description: str

    @property
    def name(self) -> str:
        return self.path.stem


@dataclass(frozen=True)
class Mismatch:
    """Where a result first differs from what the file expects, both sides as short text."""

    where: str
    expected: str
    actual: str

    def __str__(self) -> str:
        return f"{self.where}: expected {self.expected}, got {self.actual}"


@dataclass(frozen=True)
class ConformanceResult:
    """One file played: passed, or the first mismatch; `seconds` is the time the play took."""

    path: Path
    game: str
    passed: bool
    mismatch: Mismatch | None
    seconds: float
    description: str = ""

    @property
    def name(self) -> str:
        return self.path.stem


# ---------------------------------------------------------------------------------------------
# Which game, and the wrapped form that `tablegames round` and `roll` also accept


def detect_game(scenario: Any) -> str | None:
    """The game whose own keys the scenario uses; None when it uses both games' keys or neither.

    >>> detect_game({"shoe": [], "boxes": []}), detect_game({"wagers": [], "dice": [1, 1]})
    ('blackjack', 'craps')
    >>> detect_game({"rules": {}}) is None, detect_game({"shoe": [], "dice": [1, 1]}) is None
    (True, True)
    """
    if not isinstance(scenario, Mapping):
        return None
    if scenario.get("game") in GAMES:  # a scenario that names its game (Pai Gow Poker's)
        return str(scenario["game"])
    # The game whose own keys the scenario uses most (a dealt table's `steps` and `boxes`
    # against Blackjack's `boxes` alone); a tie is no answer.
    matched = {game: len(GAME_KEYS[game] & set(scenario)) for game in GAMES}
    most = max(matched.values())
    found = [game for game, count in matched.items() if count == most and count]
    return found[0] if len(found) == 1 else None


def is_wrapped(data: Any) -> bool:
    """Whether `data` is a conformance file's object rather than a bare scenario.

    A bare scenario never has a `scenario` key (both games refuse unknown keys), so the test is
    safe: an object with `scenario` and nothing but the conformance keys.
    """
    return isinstance(data, Mapping) and "scenario" in data and set(data) <= FILE_KEYS


def _declared_game(data: Mapping[str, Any], what: str) -> str | None:
    if "game" not in data:
        return None
    game = data["game"]
    if game not in GAMES:
        names = " or ".join(f'"{name}"' for name in GAMES)
        raise InputError(f'{what}: "game" must be {names}, not {game!r}')
    return str(game)


def unwrap_scenario(data: Any, game: str, what: str) -> Any:
    """The scenario to play from what a `round` (Blackjack) or `roll` (craps) file holds.

    A conformance file gives its `scenario` (its expectations are not checked: that is
    `tablegames conform`); anything else is returned as it is, for the game to check as a bare
    scenario. A conformance file of a game another command plays is refused, naming that
    command.

    >>> unwrap_scenario({"scenario": {"shoe": []}, "expected": None}, "blackjack", "file")
    {'shoe': []}
    >>> unwrap_scenario({"shoe": []}, "blackjack", "file")
    {'shoe': []}
    >>> unwrap_scenario({"scenario": {"dice": [1, 1]}}, "blackjack", "file")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tablegames.core.inputs.InputError: file is a craps conformance file: play it with ...
    """
    if not is_wrapped(data):
        return data
    scenario = data["scenario"]
    # Only a game the file states or its keys show is held against it; an undecided scenario is
    # played, and the game says what is wrong with it.
    other = _declared_game(data, what) or detect_game(scenario)
    # A game played by the same command (a dealt table's scenario and `round`) is played.
    if other is not None and other != game and PLAY_COMMAND[other] != PLAY_COMMAND[game]:
        raise InputError(
            f"{what} is a {other} conformance file: play it with {PLAY_COMMAND[other]}"
        )
    return scenario


# ---------------------------------------------------------------------------------------------
# Reading and checking the shape of a file


def load_case(path: Path) -> ConformanceCase:
    """Read a conformance file through the input layer and check its shape; InputError if bad."""
    return parse_case(read_json(path, "conformance file"), path)


def parse_case(data: Any, path: Path) -> ConformanceCase:
    """A conformance file's decoded JSON, checked strictly; `path` names it in any error."""
    what = f"conformance file {str(path)!r}"
    if not isinstance(data, Mapping):
        raise InputError(f"{what} must hold a JSON object")
    unknown = set(data) - FILE_KEYS
    if unknown:
        raise InputError(f"{what} has unknown keys {sorted(unknown)}; allowed: {sorted(FILE_KEYS)}")
    if "scenario" not in data:
        raise InputError(f'{what} has no "scenario"')
    scenario = data["scenario"]
    if not isinstance(scenario, Mapping):
        raise InputError(f'{what}: "scenario" must be a JSON object')
    description = data.get("description", "")
    if not isinstance(description, str):
        raise InputError(f'{what}: "description" must be text')
    game = _declared_game(data, what) or detect_game(scenario)
    if game is None:
        names = " or ".join(f'"{name}"' for name in GAMES)
        raise InputError(
            f'{what}: cannot tell the game from the scenario\'s keys; add "game": {names}'
        )
    expected, expected_error = data.get("expected"), data.get("expected_error")
    if (expected is None) == (expected_error is None):
        raise InputError(f'{what} must give exactly one of "expected" and "expected_error"')
    return ConformanceCase(
        path=path,
        game=game,
        scenario=scenario,
        expected=None
        if expected is None
        else _check_expected(
            expected, game, what, dealt=isinstance(scenario, Mapping) and "steps" in scenario
        ),
        expected_error=None if expected_error is None else _check_error(expected_error, what),
        description=description,
    )


def _check_expected(
    expected: Any, game: str, what: str, *, dealt: bool = False
) -> Mapping[str, Any]:
    if not isinstance(expected, Mapping):
        raise InputError(f'{what}: "expected" must be a JSON object (the result) or null')
    compared = set(BLACKJACK_COMPARED) | ({DEALT_TABLE} if dealt else set())
    if game in (BLACKJACK, BLACKJACK_DEALT) and set(expected) != compared:
        # Only these are compared: any other key would look checked and never be.
        names = '"dealer", "boxes" and "table"' if dealt else '"dealer" and "boxes"'
        raise InputError(
            f'{what}: a Blackjack "expected" holds exactly {names}, not {sorted(expected)}'
        )
    if game in SUBSET_COMPARED and not expected:
        # Compared key by key: an empty object would pass whatever the result.
        raise InputError(f'{what}: "expected" must give at least one field of the result')
    return expected


def _check_error(expected_error: Any, what: str) -> ExpectedError:
    name = f'{what}: "expected_error"'
    if not isinstance(expected_error, Mapping) or set(expected_error) != ERROR_KEYS:
        raise InputError(
            f'{name} must be {{"paragraph": "633a.10(a)" or null, "contains": "..."}} or null'
        )
    paragraph, contains = expected_error["paragraph"], expected_error["contains"]
    if paragraph is not None and not isinstance(paragraph, str):
        raise InputError(f'{name}: "paragraph" must be text such as "633a.10(a)" or null')
    if not isinstance(contains, str):
        raise InputError(f'{name}: "contains" must be text (a phrase of the message)')
    return ExpectedError(paragraph=paragraph, contains=contains)


def conformance_paths(paths: Iterable[Path]) -> list[Path]:
    """The files to run: each file given, and each folder's `*.json` sorted; each file once."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            inside = sorted(path.glob("*.json"))
            if not inside:
                # Likely a wrong folder: passing on zero files would hide it.
                raise InputError(f"conformance folder {str(path)!r} holds no *.json files")
            found += inside
        elif path.exists():
            found.append(path)
        else:
            raise InputError(f"conformance path {str(path)!r} does not exist")
    seen: set[Path] = set()
    unique = []
    for path in found:
        key = path.resolve()
        if key not in seen:
            seen.add(key)
            unique.append(path)
    return unique


def load_cases(paths: Iterable[Path]) -> list[ConformanceCase]:
    """Every file under `paths`, all read and checked before any is played (InputError if bad)."""
    return [load_case(path) for path in conformance_paths(paths)]


# ---------------------------------------------------------------------------------------------
# Playing and comparing


def _engine(game: str) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    """The function that plays a game's scenario, imported from the registry when first used:
    one game's file never loads another game's engine."""
    return entry(game).scenario_runner()


def compared_result(game: str, result: Mapping[str, Any]) -> dict[str, Any]:
    """The part of a game's result that `expected` is compared with (see the module doc)."""
    if game in (BLACKJACK, BLACKJACK_DEALT):
        # A dealt table's scenario (docs/scenarios-dealt.md) adds its table's record.
        keys = BLACKJACK_COMPARED + ((DEALT_TABLE,) if DEALT_TABLE in result else ())
        return {key: result.get(key) for key in keys}
    return {key: value for key, value in result.items() if key != "events"}


def run_case(case: ConformanceCase) -> ConformanceResult:
    """Play a case's scenario and compare it with what the file expects."""
    play = _engine(case.game)  # before the clock: the first file must not pay for the import
    start = time.perf_counter()
    outcome: dict[str, Any] | None = None
    raised: Exception | None = None
    try:
        outcome = play(case.scenario)
    except Exception as error:
        # Any exception: a refusal (TableGamesError) may be what is expected; anything else is
        # an engine bug, reported as this file's failure rather than ending the whole run.
        raised = error
    seconds = time.perf_counter() - start
    mismatch = _mismatch(case, outcome, raised)
    return ConformanceResult(
        path=case.path,
        game=case.game,
        passed=mismatch is None,
        mismatch=mismatch,
        seconds=seconds,
        description=case.description,
    )


def run_file(path: Path) -> ConformanceResult:
    """Read, check and play one conformance file."""
    return run_case(load_case(path))


def run_cases(cases: Sequence[ConformanceCase]) -> list[ConformanceResult]:
    return [run_case(case) for case in cases]


def _mismatch(
    case: ConformanceCase, outcome: dict[str, Any] | None, raised: Exception | None
) -> Mismatch | None:
    if raised is not None and not isinstance(raised, TableGamesError):
        wanted = "a result" if case.expected_error is None else str(case.expected_error)
        crash = f"{type(raised).__name__}: {raised}"
        return Mismatch("engine", wanted, f"an unexpected {_shorten(crash)} (an engine bug)")
    if case.expected_error is not None:
        if raised is None:
            return Mismatch(
                "expected_error", str(case.expected_error), "no error (the scenario was played)"
            )
        if case.expected_error.matches(raised):
            return None
        return Mismatch("expected_error", str(case.expected_error), _describe_error(raised))
    if raised is not None:
        return Mismatch("expected", "a result", _describe_error(raised))
    if outcome is None or case.expected is None:  # unreachable: one of each is set
        return Mismatch("expected", "a result", "nothing")
    actual = compared_result(case.game, outcome)
    if case.game in SUBSET_COMPARED:
        return first_difference(case.expected, actual, subset=True)
    if actual == case.expected:
        return None
    return first_difference(case.expected, actual) or Mismatch(
        "result", _show(case.expected), _show(actual)
    )


def _describe_error(error: TableGamesError) -> str:
    cited = "no paragraph" if error.paragraph is None else error.paragraph
    # Longer than a value may be: the phrase `contains` looks for can sit anywhere in it.
    return f"an error citing {cited}: {_shorten(str(error), _SHOWN_ERROR_CHARS)}"


def first_difference(
    expected: Any, actual: Any, where: str = "", *, subset: bool = False
) -> Mismatch | None:
    """The first place, in the order `expected` is written, where `actual` differs from it.

    With `subset`, keys of `actual` that `expected` does not give are not compared (at any
    depth); a list still has to have exactly as many items.

    >>> print(first_difference({"a": [1, {"b": 2}]}, {"a": [1, {"b": 3}]}))
    a[1].b: expected 2, got 3
    >>> print(first_difference({"a": [1]}, {"a": [1, 2], "c": 0}))
    a[1]: expected nothing (the list has 1 item), got 2
    >>> first_difference({"a": 1}, {"a": 1}) is None
    True
    >>> first_difference({"a": [{"b": 2}]}, {"a": [{"b": 2, "c": 3}], "d": 4}, subset=True)
    >>> print(first_difference({"a": [{"b": 2}]}, {"a": [{"b": 2}, {"b": 5}]}, subset=True))
    a[1]: expected nothing (the list has 1 item), got {"b": 5}
    """
    if isinstance(expected, Mapping) and isinstance(actual, Mapping):
        for key, value in expected.items():
            inner = _key_path(where, key)
            if key not in actual:
                return Mismatch(inner, _show(value), "nothing (no such key)")
            found = first_difference(value, actual[key], inner, subset=subset)
            if found is not None:
                return found
        for key, value in actual.items():
            if key not in expected and not subset:
                return Mismatch(_key_path(where, key), "nothing (no such key)", _show(value))
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        for index, (wanted, got) in enumerate(zip(expected, actual, strict=False)):
            found = first_difference(wanted, got, f"{where}[{index}]", subset=subset)
            if found is not None:
                return found
        shorter = min(len(expected), len(actual))
        if len(expected) > shorter:
            counted = f"nothing (the list has {shorter} item{'s' * (shorter != 1)})"
            return Mismatch(f"{where}[{shorter}]", _show(expected[shorter]), counted)
        if len(actual) > shorter:
            counted = f"nothing (the list has {shorter} item{'s' * (shorter != 1)})"
            return Mismatch(f"{where}[{shorter}]", counted, _show(actual[shorter]))
        return None
    if expected == actual:
        return None
    return Mismatch(where or "result", _show(expected), _show(actual))


def _key_path(where: str, key: Any) -> str:
    text = str(key)
    if text.isidentifier():
        return f"{where}.{text}" if where else text
    return f"{where}[{json.dumps(text)}]"


def _show(value: Any) -> str:
    return _shorten(json.dumps(value, ensure_ascii=False))


def _shorten(text: str, limit: int = _SHOWN_CHARS) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


# ---------------------------------------------------------------------------------------------
# The JUnit XML report


def junit_tree(results: Sequence[ConformanceResult], suite: str) -> ElementTree.ElementTree:
    """One `testsuite` named `suite`, a `testcase` per file (classname the game, name its stem).

    >>> ok = ConformanceResult(Path("a.json"), "craps", True, None, 0.5)
    >>> bad = ConformanceResult(Path("b.json"), "blackjack", False, Mismatch("x", "1", "2"), 1.0)
    >>> root = junit_tree([ok, bad], "conform").getroot()
    >>> root[0].get("tests"), root[0].get("failures"), root[0][1].find("failure").get("message")
    ('2', '1', 'x: expected 1, got 2')
    """
    failures = sum(not result.passed for result in results)
    total_time = f"{sum(result.seconds for result in results):.3f}"
    counts = {"tests": str(len(results)), "failures": str(failures), "errors": "0"}
    root = ElementTree.Element("testsuites", {**counts, "time": total_time})
    testsuite = ElementTree.SubElement(
        root, "testsuite", {"name": suite, **counts, "skipped": "0", "time": total_time}
    )
    for result in results:
        testcase = ElementTree.SubElement(
            testsuite,
            "testcase",
            {
                "classname": result.game,
                "name": _xml_text(result.name),
                "file": _xml_text(str(result.path)),
                "time": f"{result.seconds:.3f}",
            },
        )
        if result.mismatch is not None:
            failure = ElementTree.SubElement(
                testcase, "failure", {"message": _xml_text(str(result.mismatch))}
            )
            failure.text = _xml_text(f"{result.path}\n{result.description}".rstrip())
    ElementTree.indent(root)
    return ElementTree.ElementTree(root)


def _xml_text(text: str) -> str:
    # XML 1.0 cannot hold most control characters even escaped, and a file's strings reach the
    # messages; such characters become U+FFFD so the report always parses.
    return "".join(
        char
        if char in "\t\n\r"
        or ("\x20" <= char <= "\ud7ff")
        or ("\ue000" <= char <= "\ufffd")
        or char >= "\U00010000"
        else "\ufffd"
        for char in text
    )
