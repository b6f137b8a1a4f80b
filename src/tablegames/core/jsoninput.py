"""Checking the JSON a person wrote (scenario files): every problem named, nothing guessed.

>>> require_keys("the scenario", {"shoe": []}, {"shoe", "boxes"}, {"boxes"})
Traceback (most recent call last):
...
tablegames.core.errors.ScenarioError: the scenario is missing ['boxes']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablegames.core.errors import ScenarioError


def require_keys(what: str, data: Any, allowed: set[str], required: set[str]) -> None:
    """`data` is an object holding every required key and nothing it does not know."""
    if not isinstance(data, Mapping):
        raise ScenarioError(f"{what} must be a JSON object")
    unknown = set(data) - allowed
    if unknown:
        raise ScenarioError(
            f"{what} has unknown keys {sorted(unknown)}; allowed: {sorted(allowed)}"
        )
    missing = required - set(data)
    if missing:
        raise ScenarioError(f"{what} is missing {sorted(missing)}")


def whole_number(what: str, value: Any) -> int:
    """A whole number (cents, a box, a die), not a float, a string or a bool."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScenarioError(f"{what} must be a whole number, not {value!r}")
    return value


def optional_text(what: str, value: Any) -> str | None:
    """A string when given (a description, a name), never a number, list or null-by-accident."""
    if value is not None and not isinstance(value, str):
        raise ScenarioError(f"{what} must be text, not {value!r}")
    return value
