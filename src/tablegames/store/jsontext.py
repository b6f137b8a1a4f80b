"""JSON as the store writes it: strict (no NaN, no non-string keys, nothing `json` would coerce
silently), so what is read back equals what was written, and canonical where it is hashed."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from tablegames.store.errors import StoreError

MAX_DEPTH = 64


def _check(value: Any, what: str, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise StoreError(f"{what} is nested deeper than {MAX_DEPTH} levels")
    if value is None or isinstance(value, bool | int | str):
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise StoreError(f"{what} holds {value!r}, which JSON cannot represent")
        return
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                raise StoreError(f"{what} has a key {key!r} that is not a string")
            _check(item, f"{what}[{key!r}]", depth + 1)
        return
    if isinstance(value, list | tuple):
        for index, item in enumerate(value):
            _check(item, f"{what}[{index}]", depth + 1)
        return
    raise StoreError(f"{what} holds a {type(value).__name__}, which is not JSON")


def _plain(value: Any, depth: int) -> bool:
    """Whether `value` is certainly JSON the store keeps, built of the plain types alone (dict,
    list, str, int, bool, None, finite float). The common case, checked without naming every
    place on the way: `_check` walks again, naming each place, only when this says no."""
    if depth > MAX_DEPTH:
        return False
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return True
    if kind is dict:
        return all(type(key) is str and _plain(item, depth + 1) for key, item in value.items())
    if kind is list:
        return all(_plain(item, depth + 1) for item in value)
    if kind is float:
        return math.isfinite(value)
    return False


def check_object(value: Any, what: str) -> Mapping[str, Any]:
    """`value` if it is a JSON object the store can keep; a StoreError naming `what` if not."""
    if not isinstance(value, Mapping):
        raise StoreError(f"{what} must be a JSON object, not a {type(value).__name__}")
    if not _plain(value, 0):
        _check(value, what, 0)
    return value


def dumps(value: Any) -> str:
    """Compact JSON text of a value already checked (key order kept as given)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def canonical(value: Any) -> str:
    """The one text of a value that is hashed: sorted keys, no spaces."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def loads_object(text: str) -> dict[str, Any]:
    """A stored JSON object read back."""
    value = json.loads(text)
    if not isinstance(value, dict):
        raise StoreError(f"stored JSON is not an object: {text[:60]!r}")
    return value
