"""What every game's Rules Submission (601a.2) shares: reading the file, and its findings.

A finding names the field, what is wrong and the paragraph it breaks; a file is read through the
input layer (`tablegames.core.inputs`: size, UTF-8, nesting); pydantic's errors are put in plain
words naming what was given. Blackjack (`tablegames.blackjack.rules`) and craps
(`tablegames.craps.rules`) both use this module and neither imports the other's rules.

>>> str(Finding("decks", "must be at most 8", "633a.3(a)"))
'decks: must be at most 8 (58 Pa. Code 633a.3(a))'
>>> kind_of([]), kind_of({}), kind_of(6)
('a list', 'a table', 'a number')
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablegames.core.errors import RulesError
from tablegames.core.inputs import InputError, read_toml


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem with a Rules Submission: which field, what is wrong, the paragraph it breaks."""

    field: str
    message: str
    paragraph: str | None

    def __str__(self) -> str:
        where = f" (58 Pa. Code {self.paragraph})" if self.paragraph else ""
        return f"{self.field}: {self.message}{where}"


_PLAIN_WORDS = (
    ("input should be", "must be"),
    ("less than or equal to", "at most"),
    ("greater than or equal to", "at least"),
    ("a valid integer", "a whole number"),
    ("a valid boolean", "true or false"),
    ("a valid string", "text"),
    ("a valid dictionary or instance of", "a table of options for"),
    ("a valid dictionary", "a table"),
    ("value error, ", ""),
)
_KIND_NAMES = {"dict": "table", "list": "list", "str": "string", "int": "number", "bool": "boolean"}


def kind_of(value: object) -> str:
    """A JSON or TOML reader's name for the kind of `value`: 'a table', 'a list', ..."""
    name = _KIND_NAMES.get(type(value).__name__, type(value).__name__)
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def plain_message(item: Mapping[str, Any]) -> str:
    """One pydantic error in plain words, naming what was given when its type was wrong."""
    message = str(item["msg"])
    message = message[0].lower() + message[1:] if message else message
    for wordy, plain in _PLAIN_WORDS:
        message = message.replace(wordy, plain)
    kind = str(item["type"])
    if kind.endswith("_type") or kind.startswith("literal") or kind.endswith("_parsing"):
        # Name what was given: "must be a whole number, not '6'".
        given = repr(item.get("input"))
        message += f", not {given if len(given) <= 40 else given[:40] + '...'}"
    return message


def read_rules_file(path: Path) -> dict[str, Any]:
    """A Rules Submission file as a mapping: a readable UTF-8 TOML file (see `inputs`)."""
    try:
        return read_toml(path, "rules file")
    except InputError as error:
        raise RulesError(error.message) from None


def rules_digest(mapping: Mapping[str, Any]) -> str:
    """The SHA-256 hex digest of a rules mapping's canonical JSON (sorted keys, no spaces): what
    a table's stream records beside the rules it opened with, so a log names its rules exactly.

    >>> rules_digest({"b": 1, "a": [1, 2]}) == rules_digest({"a": [1, 2], "b": 1})
    True
    >>> rules_digest({})[:16]
    '44136fa355b3678a'
    """
    canonical = json.dumps(mapping, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()
