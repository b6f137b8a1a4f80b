"""What every game's event log shares: a frozen record citing its paragraph, its flat JSON form
with an `event` field naming its kind, and reading a record back from that JSON.

>>> from dataclasses import dataclass
>>> from typing import ClassVar
>>> @dataclass(frozen=True, slots=True, kw_only=True)
... class Noted(Event):
...     kind: ClassVar[str] = "noted"
...     cards: tuple[str, ...]
>>> Noted(cards=("AS",), paragraph="633a.7(s)").to_json()
{'event': 'noted', 'paragraph': '633a.7(s)', 'cards': ['AS']}
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import Any, ClassVar

from tablegames.core.errors import ScenarioError


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    kind: ClassVar[str] = "event"
    paragraph: str
    # Written by a table whose randomness is seeded (simulation, tests, demonstrations), never
    # by live play: its JSON then says `"seeded": true` (issue 16). Equality ignores it, so a
    # replay, which deals from the logged cards, still matches the log.
    seeded: bool = field(default=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        # What `{"event": kind, **plain(asdict(self))}` gives, built field by field:
        # `dataclasses.asdict` deep-copies every value and was the live server's costliest
        # step, while nearly every field of an event is a string, a number or None.
        data: dict[str, Any] = {"event": self.kind}
        for name in _field_names(type(self)):
            data[name] = _json_value(getattr(self, name))
        if self.seeded:
            data[SEEDED] = True
        return data


SEEDED = "seeded"


def stamped(events: list[Event], seeded: bool) -> list[Event]:
    """`events` as a table with seeded randomness writes them (each marked), or as they are."""
    if not seeded:
        return events
    return [event if event.seeded else replace(event, seeded=True) for event in events]


# Each event class's field names, in declaration order (the order of `fields`, so of the JSON).
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
# Values `asdict` and `plain` both hand back as they are (a deep copy of one is itself).
_ATOMS = (str, int, float, bool, type(None))


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(item.name for item in fields(cls) if item.name != SEEDED)
    return names


def _json_value(value: Any) -> Any:
    """`plain` of what `asdict` makes of one field's value."""
    if type(value) in _ATOMS:
        return value
    if isinstance(value, tuple):
        return [_json_value(item) for item in value]
    if isinstance(value, dict):
        return {_asdict_value(key): _json_value(item) for key, item in value.items()}
    if is_dataclass(value) and not isinstance(value, type):
        return {name: _json_value(getattr(value, name)) for name in _field_names(type(value))}
    return _asdict_value(value)  # a list: `plain` leaves what `asdict` copied as it is


def _asdict_value(value: Any) -> Any:
    """What `dataclasses.asdict` makes of a value: dataclasses as dicts, containers copied with
    their own types, anything else deep-copied."""
    if type(value) in _ATOMS:
        return value
    if is_dataclass(value) and not isinstance(value, type):
        return {name: _asdict_value(getattr(value, name)) for name in _field_names(type(value))}
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a named tuple
        return type(value)(*[_asdict_value(item) for item in value])
    if isinstance(value, (list, tuple)):
        return type(value)(_asdict_value(item) for item in value)
    if isinstance(value, dict):
        return type(value)((_asdict_value(key), _asdict_value(item)) for key, item in value.items())
    return copy.deepcopy(value)


def plain(value: Any) -> Any:
    """Tuples as lists, all the way down: what JSON holds."""
    if isinstance(value, tuple):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value


def read_event(
    data: Any, types: Mapping[str, type[Event]], *, game: str
) -> tuple[type[Event], dict[str, Any]]:
    """The event class a JSON object names and its field values, checked: unknown kinds and
    missing or extra fields raise ScenarioError naming them."""
    if not isinstance(data, Mapping):
        raise ScenarioError("an event is a JSON object")
    kind = data.get("event")
    cls = types.get(str(kind))
    if cls is None:
        raise ScenarioError(f"unknown {game} event kind {kind!r}")
    names = {item.name for item in fields(cls)} - {SEEDED}
    values = {key: value for key, value in data.items() if key != "event"}
    marked = values.pop(SEEDED, False)
    if set(values) != names:
        raise ScenarioError(f"event {kind!r} needs fields {sorted(names)}, got {sorted(values)}")
    if marked is not True and marked is not False:
        raise ScenarioError(f"event {kind!r}: seeded is true or absent, not {marked!r}")
    if marked:
        values[SEEDED] = True
    return cls, values
