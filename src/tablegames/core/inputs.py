"""Every file, JSON text, TOML text and typed amount a person gives the program, read safely.

This is the one input layer all commands use (the CLI, the terminal tables and, later, the
server). Whatever arrives, the answer is a value or an `InputError` naming what was wrong; never
another exception. The caps are generous for what a person writes (a Rules Submission, a
scenario of one round) and small enough that nothing hostile can take the machine's memory or
time:

- a file must be a regular file of at most `MAX_FILE_BYTES`, in UTF-8;
- JSON and TOML may nest at most `MAX_DEPTH` levels; JSON may not repeat a key in one object or
  use the non-standard `NaN` and `Infinity`;
- a typed dollar amount is at most `MAX_AMOUNT_CHARS` characters and `MAX_CENTS` cents.

>>> parse_json('{"a": [1, 2]}', "the scenario")
{'a': [1, 2]}
>>> parse_json('{"a": 1, "a": 2}', "the scenario")
Traceback (most recent call last):
...
tablegames.core.inputs.InputError: the scenario repeats the key 'a' in one object
>>> parse_dollars("$1,000"), parse_dollars("12.5"), parse_dollars("-$20.00")
(100000, 1250, -2000)
>>> parse_dollars("sNaN")
Traceback (most recent call last):
...
tablegames.core.inputs.InputError: 'sNaN' is not an amount in dollars (such as 25 or 12.50)
"""

from __future__ import annotations

import json
import re
import stat
import tomllib
from pathlib import Path
from typing import Any, Final

from tablegames.core.errors import TableGamesError

MAX_FILE_BYTES: Final = 1_000_000
MAX_DEPTH: Final = 12
MAX_AMOUNT_CHARS: Final = 24
# $10 billion: far above any table limit, small enough that nothing downstream overflows.
MAX_CENTS: Final = 10**12
# ASCII digits only: "٣" is a digit to Python's \d but not an amount a player typed.
_DOLLARS: Final = re.compile(r"^(-?)\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$", re.ASCII)


class InputError(TableGamesError):
    """A file, text or typed value that cannot be read as what it should be."""


def read_text(path: Path, what: str, *, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of a regular file of at most `limit` bytes."""
    name = f"{what} {str(path)!r}"
    try:
        info = path.stat()
    except FileNotFoundError:
        raise InputError(f"{name} does not exist") from None
    except OSError as error:
        raise InputError(f"cannot read {name}: {error.strerror or error}") from None
    if stat.S_ISDIR(info.st_mode):
        raise InputError(f"{name} is a directory, not a file")
    if not stat.S_ISREG(info.st_mode):
        # A FIFO or a device could block forever or never end.
        raise InputError(f"{name} is not a regular file")
    if info.st_size > limit:
        raise InputError(f"{name} is {info.st_size:,} bytes; the most accepted is {limit:,}")
    try:
        with path.open("rb") as stream:
            data = stream.read(limit + 1)
    except OSError as error:
        raise InputError(f"cannot read {name}: {error.strerror or error}") from None
    if len(data) > limit:
        raise InputError(f"{name} is over {limit:,} bytes, the most accepted")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError(
            f"{name} is not UTF-8 text (byte {error.start} is {data[error.start]:#04x})"
        ) from None


def check_depth(value: Any, what: str, *, limit: int = MAX_DEPTH) -> None:
    """Refuse containers nested deeper than `limit` (walked without recursion)."""
    pending: list[tuple[Any, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth >= limit:
            raise InputError(f"{what} nests more than {limit} levels deep")
        pending.extend((child, depth + 1) for child in children)


def parse_json(text: str, what: str) -> Any:
    """JSON as RFC 8259 writes it: no NaN or Infinity, no key twice in one object."""

    def no_constant(name: str) -> Any:
        raise InputError(f"{what} holds {name}, which is not a JSON number")

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key, value in items:
            if key in result:
                raise InputError(f"{what} repeats the key {key!r} in one object")
            result[key] = value
        return result

    # The nesting is bounded before parsing: the decoder itself recurses per level.
    _check_bracket_depth(text, what)
    try:
        value = json.loads(text, object_pairs_hook=pairs, parse_constant=no_constant)
    except json.JSONDecodeError as error:
        raise InputError(
            f"{what} is not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
        ) from None
    except (RecursionError, ValueError) as error:  # int() of a 5,000-digit number, say
        if isinstance(error, InputError):
            raise
        raise InputError(f"{what} is not valid JSON: {error}") from None
    check_depth(value, what)
    return value


def _check_bracket_depth(text: str, what: str) -> None:
    # Counts brackets outside strings; a cheap bound that keeps the decoder from recursing deep.
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise InputError(f"{what} nests more than {MAX_DEPTH} levels deep")
        elif char in "]}":
            depth -= 1


def parse_toml(text: str, what: str) -> dict[str, Any]:
    """TOML as a mapping; nesting bounded like JSON."""
    try:
        value = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise InputError(f"{what} is not valid TOML: {error}") from None
    except RecursionError:
        raise InputError(f"{what} nests more than {MAX_DEPTH} levels deep") from None
    except ValueError as error:
        raise InputError(f"{what} is not valid TOML: {error}") from None
    check_depth(value, what)
    return value


def read_json(path: Path, what: str) -> Any:
    return parse_json(read_text(path, what), f"{what} {str(path)!r}")


def read_toml(path: Path, what: str) -> dict[str, Any]:
    return parse_toml(read_text(path, what), f"{what} {str(path)!r}")


def parse_dollars(text: str) -> int:
    """'25', '$25', '12.50', '1,000', '-$20' as cents; InputError for anything else."""
    cleaned = text.strip()
    match = _DOLLARS.match(cleaned) if len(cleaned) <= MAX_AMOUNT_CHARS else None
    if match is None:
        shown = cleaned if len(cleaned) <= MAX_AMOUNT_CHARS else cleaned[:MAX_AMOUNT_CHARS] + "..."
        raise InputError(f"{shown!r} is not an amount in dollars (such as 25 or 12.50)")
    sign, whole, fraction = match.groups()
    cents = int(whole.replace(",", "")) * 100 + int((fraction or "0").ljust(2, "0"))
    if cents > MAX_CENTS:
        raise InputError(f"{cleaned!r} is more than any table accepts")
    return -cents if sign else cents


def output_file(path: Path, what: str, *, overwrite: bool = True) -> Path:
    """Check before any work that `path` can be written as a file (its folder exists)."""
    if path.is_dir():
        raise InputError(f"{what} {str(path)!r} is a directory; give a file name")
    if path.exists() and not overwrite:
        raise InputError(f"{what} {str(path)!r} exists; remove it or give another name")
    parent = path.parent
    if not parent.is_dir():
        raise InputError(f"{what} {str(path)!r}: the folder {str(parent)!r} does not exist")
    return path


def output_folder(path: Path, what: str) -> Path:
    """Check before any work that `path` is (or can be made) a folder."""
    if path.exists() and not path.is_dir():
        raise InputError(f"{what} {str(path)!r} exists and is not a folder")
    probe = path
    while not probe.exists():
        probe = probe.parent
    if not probe.is_dir():
        raise InputError(f"{what} {str(path)!r}: {str(probe)!r} is not a folder")
    return path
