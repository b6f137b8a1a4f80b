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

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar

from tablegames.core.errors import ScenarioError


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    kind: ClassVar[str] = "event"
    paragraph: str

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        return {"event": self.kind, **{key: plain(value) for key, value in data.items()}}


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
    names = {item.name for item in fields(cls)}
    values = {key: value for key, value in data.items() if key != "event"}
    if set(values) != names:
        raise ScenarioError(f"event {kind!r} needs fields {sorted(names)}, got {sorted(values)}")
    return cls, values
