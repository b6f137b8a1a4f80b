"""The records the store reads and writes, and the checks a batch passes before it is written.

Every check runs before the transaction opens, so a refused batch writes nothing. Amounts are
integer cents (never a float or a bool, which Python lets pass for an int); accounts are
strings of a few fixed shapes, so a typo cannot open a new account that holds money.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tablegames.store.audit import AuditEntry
from tablegames.store.errors import StoreError
from tablegames.store.jsontext import check_object

HOUSE = "house"
CASHIER = "cashier"  # the outside world: deposits come from it, withdrawals go to it
MAX_AMOUNT = 10**15  # cents: far above any table, far below a 64-bit overflow when summed
MAX_TEXT = 200  # ids, keys, kinds and reasons

_ID = r"[A-Za-z0-9_.\-]+"
ACCOUNT = re.compile(rf"^(?:house|cashier|player:{_ID}|layout:{_ID}|meter:{_ID}:{_ID})$")


PLAYER_ACCOUNT_PREFIX = "player:"


def player_account(player_id: str) -> str:
    """The wallet of a player."""
    return PLAYER_ACCOUNT_PREFIX + player_id


def layout_account(table_id: str) -> str:
    """Wagers held on a table's layout between acceptance and settlement."""
    return f"layout:{table_id}"


def meter_account(table_id: str, wager: str) -> str:
    """A progressive meter's pool on a table."""
    return f"meter:{table_id}:{wager}"


def request_hash(method: str, path: str, body: bytes) -> str:
    """What an idempotency key is bound to: sha256 hex of the method, path and body."""
    digest = hashlib.sha256()
    for part in (method.upper().encode(), path.encode(), body):
        digest.update(len(part).to_bytes(8, "big"))
        digest.update(part)
    return digest.hexdigest()


@dataclass(frozen=True)
class PlayerRow:
    """A registered player (the token is kept only as its hash, elsewhere)."""

    player_id: str
    name: str
    created_at: str


@dataclass(frozen=True)
class TableRow:
    """An opened table: its game, the rules filed for it (with their digest), when it opened
    and, once closed, when it closed."""

    table_id: str
    game: str
    name: str
    rules: Mapping[str, Any]
    rules_digest: str
    opened_at: str
    closed_at: str | None = None


@dataclass(frozen=True)
class Posting:
    """One double-entry movement of `amount` cents from `debit` to `credit`.

    The balance of an account is its credits minus its debits: a deposit debits `cashier` and
    credits the player; a wager debits the player and credits the layout.
    """

    debit: str
    credit: str
    amount: int
    reason: str
    table_id: str | None = None
    round_id: str | None = None
    player_id: str | None = None


@dataclass(frozen=True)
class PostingRow:
    """A stored posting: its monotonic id, commit time and gaming day (UTC date), and each
    account's balance just after it (the running balance the day report checks)."""

    id: int
    at: str
    day: str
    debit: str
    credit: str
    amount: int
    reason: str
    table_id: str | None
    round_id: str | None
    player_id: str | None
    debit_balance: int
    credit_balance: int


@dataclass(frozen=True)
class IdempotencyRecord:
    """The first answer to a request with an `Idempotency-Key`, replayed for a retry."""

    principal: str
    key: str
    request_hash: str
    status: int
    response: Mapping[str, Any]


@dataclass(frozen=True)
class RoundRow:
    """The recall index of a round: its table, the stream versions it spans (the last is None
    while it is in progress) and who played in it."""

    round_id: str
    table_id: str
    first_version: int
    last_version: int | None
    players: tuple[str, ...] = ()


@dataclass(frozen=True)
class Batch:
    """Everything one request changes, written in one transaction by `Store.commit`.

    `events` are appended to `table_id`'s stream as versions `expected_version + 1, + 2, ...`;
    `expected_version` is the version the writer last saw (None when no events are appended).
    """

    table_id: str | None = None
    expected_version: int | None = None
    events: Sequence[Mapping[str, Any]] = ()
    sealed: Sequence[Mapping[str, Any]] = ()
    postings: Sequence[Posting] = ()
    idempotency: IdempotencyRecord | None = None
    audit: Sequence[AuditEntry] = ()
    rounds: Sequence[RoundRow] = ()


def check_text(value: object, what: str) -> str:
    """A non-empty string of at most MAX_TEXT characters."""
    if not isinstance(value, str) or not value or len(value) > MAX_TEXT:
        raise StoreError(f"{what} must be a non-empty string of at most {MAX_TEXT} characters")
    return value


def check_optional_text(value: object, what: str) -> str | None:
    """None, or what `check_text` accepts."""
    return None if value is None else check_text(value, what)


def check_int(value: object, what: str, *, minimum: int) -> int:
    """An int (not a bool) of at least `minimum`."""
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise StoreError(f"{what} must be an integer of at least {minimum}, not {value!r}")
    return value


def check_account(value: object, what: str) -> str:
    """One of the account shapes: house, cashier, player:ID, layout:TABLE, meter:TABLE:WAGER."""
    if not isinstance(value, str) or not ACCOUNT.match(value):
        raise StoreError(
            f"{what} {value!r} is not an account (house, cashier, player:ID, layout:TABLE, "
            "meter:TABLE:WAGER)"
        )
    return value


def check_posting(posting: object, what: str) -> Posting:
    """A posting the ledger can take: integer cents above zero between two accounts."""
    if not isinstance(posting, Posting):
        raise StoreError(f"{what} must be a Posting, not a {type(posting).__name__}")
    amount = posting.amount
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise StoreError(
            f"{what}: amount must be integer cents, not {type(amount).__name__} {amount!r}"
        )
    if amount <= 0:
        raise StoreError(f"{what}: amount must be above zero cents, not {amount}")
    if amount > MAX_AMOUNT:
        raise StoreError(f"{what}: amount {amount} is above the ledger's limit of {MAX_AMOUNT}")
    check_account(posting.debit, f"{what}: debit")
    check_account(posting.credit, f"{what}: credit")
    if posting.debit == posting.credit:
        raise StoreError(f"{what}: debit and credit are the same account {posting.debit}")
    check_text(posting.reason, f"{what}: reason")
    check_optional_text(posting.table_id, f"{what}: table_id")
    check_optional_text(posting.round_id, f"{what}: round_id")
    check_optional_text(posting.player_id, f"{what}: player_id")
    return posting


def check_idempotency(record: object) -> IdempotencyRecord:
    """An idempotency record with an HTTP status and a JSON answer."""
    if not isinstance(record, IdempotencyRecord):
        raise StoreError(f"idempotency must be an IdempotencyRecord, not {type(record).__name__}")
    check_text(record.principal, "idempotency principal")
    check_text(record.key, "idempotency key")
    check_text(record.request_hash, "idempotency request_hash")
    status = check_int(record.status, "idempotency status", minimum=100)
    if status > 599:
        raise StoreError(f"idempotency status must be an HTTP status, not {status}")
    check_object(record.response, "idempotency response")
    return record


def check_round(row: object, what: str) -> RoundRow:
    """A rounds-index row whose versions are in order."""
    if not isinstance(row, RoundRow):
        raise StoreError(f"{what} must be a RoundRow, not {type(row).__name__}")
    check_text(row.round_id, f"{what}: round_id")
    check_text(row.table_id, f"{what}: table_id")
    first = check_int(row.first_version, f"{what}: first_version", minimum=0)
    if row.last_version is not None:
        last = check_int(row.last_version, f"{what}: last_version", minimum=0)
        if last < first:
            raise StoreError(f"{what}: last_version {last} is before first_version {first}")
    if not isinstance(row.players, tuple):
        raise StoreError(f"{what}: players must be a tuple of player ids")
    for index, player in enumerate(row.players):
        check_text(player, f"{what}: players[{index}]")
    if len(set(row.players)) != len(row.players):
        raise StoreError(f"{what}: players lists a player twice")
    return row


def check_audit(entry: object, what: str) -> AuditEntry:
    """A significant event with a kind and JSON details."""
    if not isinstance(entry, AuditEntry):
        raise StoreError(f"{what} must be an AuditEntry, not {type(entry).__name__}")
    check_text(entry.kind, f"{what}: kind")
    check_object(entry.details, f"{what}: details")
    return entry


def check_batch(batch: object) -> Batch:
    """Every check of a batch, before any of it is written."""
    if not isinstance(batch, Batch):
        raise StoreError(f"commit takes a Batch, not a {type(batch).__name__}")
    table_id = check_optional_text(batch.table_id, "batch table_id")
    if batch.expected_version is not None:
        check_int(batch.expected_version, "batch expected_version", minimum=0)
        if table_id is None:
            raise StoreError("batch has an expected_version but no table_id")
    for name in ("events", "sealed", "postings", "audit", "rounds"):
        if isinstance(getattr(batch, name), str | bytes | Mapping):
            raise StoreError(f"batch {name} must be a sequence of records")
    if batch.events:
        if table_id is None or batch.expected_version is None:
            raise StoreError("batch appends events: it needs a table_id and an expected_version")
        for index, event in enumerate(batch.events):
            check_object(event, f"event {index}")
    if batch.sealed and table_id is None:
        raise StoreError("batch has sealed records but no table_id")
    for index, record in enumerate(batch.sealed):
        check_object(record, f"sealed record {index}")
    for index, posting in enumerate(batch.postings):
        check_posting(posting, f"posting {index}")
    if batch.idempotency is not None:
        check_idempotency(batch.idempotency)
    for index, entry in enumerate(batch.audit):
        check_audit(entry, f"audit entry {index}")
    ids = [check_round(row, f"round {index}").round_id for index, row in enumerate(batch.rounds)]
    if len(set(ids)) != len(ids):
        raise StoreError("batch lists the same round twice")
    return batch
