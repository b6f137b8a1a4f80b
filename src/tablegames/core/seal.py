"""Sealed shuffles: a commitment to each shuffled order goes into the table's stream at once; the
order itself goes into a sealed record that only the house may open.

The commitment is the SHA-256 of these bytes, UTF-8 encoded:

- the salt as 64 lowercase hexadecimal digits (32 random bytes),
- one newline (``"\\n"``),
- the cards' two-character codes (``"AS"``, ``"TD"``, ``"JK"``) in the shuffled order, the card
  dealt first (the top of the stack) first, joined by single spaces; no trailing newline.

Anyone holding the stream can later check a sealed record against the commitment logged before
the first card was dealt (`verify`), so the house cannot swap the order after the fact; the salt
keeps the order from being guessed from the hash of a few candidate orders.

A sealed record is a plain mapping: ``{"shuffle": n, "order": [codes...], "salt": hex}``, `n`
numbering the table's shuffles from 1 in the order they happened.

>>> salt = bytes(range(32))
>>> record = sealed_record(1, ["AS", "KH", "2C"], salt)
>>> record["order"], record["salt"][:8]
(['AS', 'KH', '2C'], '00010203')
>>> logged = commitment(salt, ["AS", "KH", "2C"])
>>> verify(logged, record)
True
>>> verify(logged, {**record, "order": ["KH", "AS", "2C"]})
False
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from tablegames.core.errors import ScenarioError
from tablegames.core.rng import RandomSource

Item = TypeVar("Item")

SALT_BYTES = 32
_WORD = 2**32  # salts are drawn four bytes at a time from a source that has no byte method


@runtime_checkable
class SaltSource(Protocol):
    """A random source that draws salts apart from its shuffles and cuts."""

    def salt(self, size: int) -> bytes: ...


def new_salt(random: RandomSource) -> bytes:
    """32 random bytes from the table's source.

    A source with a `salt` method (see `SaltSource`) supplies them itself, so drawing a salt
    does not move the stream its shuffles and cuts come from; any other source gives them as
    eight draws of `below(2**32)`, so a seeded source still gives reproducible salts.
    """
    if isinstance(random, SaltSource):
        salt = random.salt(SALT_BYTES)
        if not isinstance(salt, bytes) or len(salt) != SALT_BYTES:
            raise ValueError(f"a salt is {SALT_BYTES} bytes, got {salt!r}")
        return salt
    return b"".join(random.below(_WORD).to_bytes(4, "big") for _ in range(SALT_BYTES // 4))


def encode(salt: bytes, order: Sequence[str]) -> bytes:
    """The bytes the commitment hashes (see the module docstring)."""
    return (salt.hex() + "\n" + " ".join(order)).encode("utf-8")


def commitment(salt: bytes, order: Sequence[str]) -> str:
    """SHA-256 of the salt and the order, as 64 lowercase hexadecimal digits."""
    return hashlib.sha256(encode(salt, order)).hexdigest()


def sealed_record(shuffle: int, order: Sequence[str], salt: bytes) -> dict[str, Any]:
    """The house-only record of shuffle number `shuffle`."""
    return {"shuffle": shuffle, "order": list(order), "salt": salt.hex()}


def verify(logged: str, sealed: Mapping[str, Any]) -> bool:
    """Whether the sealed record's order and salt hash to the commitment logged in the stream.

    A malformed record (no salt, a salt that is not hexadecimal, an order that is not a list of
    card codes) does not verify.
    """
    salt_hex, order = sealed.get("salt"), sealed.get("order")
    if not isinstance(salt_hex, str) or not isinstance(order, list):
        return False
    if not all(isinstance(card, str) for card in order):
        return False
    try:
        salt = bytes.fromhex(salt_hex)
    except ValueError:
        return False
    return len(salt) == SALT_BYTES and commitment(salt, order) == logged


@dataclass(frozen=True, slots=True)
class Stacking(Generic[Item]):
    """A test-mode stacking as a logged event states it: its number, how many items (cards,
    rolls) it stacked, and the commitment to them; the sealed record holds the items."""

    number: int
    count: int
    commitment: str


def open_stacking(
    stacking: Stacking[Item],
    records: Mapping[Any, Mapping[str, Any]],
    *,
    field: str,
    parse: Callable[[Any], Item],
    index: int,
) -> tuple[list[Item], bytes]:
    """The items and salt of a logged stacking's sealed record (`records` by stacking number,
    the items under `field`), each parsed by `parse` (which raises ValueError for a bad one)
    and checked against the logged count and commitment; ScenarioError naming event `index`
    for a missing, malformed or altered record."""
    what = f"event {index}: stacking {stacking.number}"
    record = records.get(stacking.number)
    if record is None:
        raise ScenarioError(f"{what} has no sealed record to restore the stacked {field} from")
    texts, salt_hex = record.get(field), record.get("salt")
    try:
        if not isinstance(texts, list) or not isinstance(salt_hex, str):
            raise ValueError("malformed")
        salt = bytes.fromhex(salt_hex)
        items = [parse(text) for text in texts]
    except ValueError as error:
        raise ScenarioError(f"the sealed record of {what} is malformed") from error
    codes = [str(item) for item in items]
    if len(items) != stacking.count or commitment(salt, codes) != stacking.commitment:
        raise ScenarioError(f"the sealed {field} of {what} do not match their logged commitment")
    return items, salt
