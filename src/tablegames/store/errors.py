"""The store's errors. Each is a `TableGamesError`, so the server answers them as a 4xx naming
the problem, and each is raised before anything is written (the transaction rolls back)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames.core.errors import TableGamesError

if TYPE_CHECKING:
    from tablegames.store.records import IdempotencyRecord


class StoreError(TableGamesError):
    """A request the store refuses (bad input, unknown table, unusable database URL)."""


class VersionConflict(StoreError):  # noqa: N818 (the name issue 11's API uses)
    """Another writer appended to the table's stream first: the batch was not written.

    The caller reloads the stream from `actual` and decides again; two writers never both win.
    """

    def __init__(self, table_id: str, expected: int, actual: int) -> None:
        self.table_id = table_id
        self.expected = expected
        self.actual = actual
        super().__init__(
            f"table {table_id}: expected stream version {expected} but it is at {actual}; "
            "another writer committed first and nothing was written"
        )


class TableClosed(StoreError):  # noqa: N818 (what the table is)
    """The batch would move the stream of a table that was closed (perhaps by another process
    after this one decided the batch): nothing was written."""

    def __init__(self, table_id: str) -> None:
        self.table_id = table_id
        super().__init__(f"table {table_id} is closed: nothing was written")


class IdempotencyReplay(StoreError):  # noqa: N818 (a replay, not a failure)
    """The idempotency key was used before: `record` holds the first answer, nothing was written.

    The server returns `record.response` again when the request hash matches, and 409 otherwise.
    """

    def __init__(self, record: IdempotencyRecord) -> None:
        self.record = record
        super().__init__(
            f"idempotency key {record.key!r} of {record.principal} was already used; "
            "the stored answer stands and nothing was written"
        )


class Overdrawn(StoreError):  # noqa: N818 (what happened, in the ledger's word)
    """The batch would leave a player's account below zero: nothing was written.

    Checked inside the transaction, on the balance the postings leave, so two processes (or two
    requests) spending the same cents cannot both commit: the second finds the first's balance.
    """

    def __init__(self, account: str, balance: int) -> None:
        self.account = account
        self.balance = balance
        super().__init__(
            f"{account} would be left at {balance} cents: a player's account never goes below "
            "zero, and nothing was written"
        )
