"""The durable store of the live table server (issue 11): SQLAlchemy Core on SQLite or PostgreSQL.

One write path (`Store.commit`) puts a table's events, its sealed records, the wallet postings,
the idempotency record, the rounds index and the significant-event log in one transaction, so an
acknowledged request is never half written. It imports `tablegames.core` only: no game package.
"""

from tablegames.store.audit import AuditEntry, AuditProblem
from tablegames.store.day_report import (
    REASON_DEPOSIT,
    REASON_RETURN,
    REASON_WAGER,
    REASON_WITHDRAWAL,
    AccountDay,
    DayReport,
    day_report,
)
from tablegames.store.engine import connect
from tablegames.store.errors import (
    IdempotencyReplay,
    Overdrawn,
    StoreError,
    TableClosed,
    VersionConflict,
)
from tablegames.store.records import (
    CASHIER,
    HOUSE,
    Batch,
    IdempotencyRecord,
    PlayerRow,
    Posting,
    PostingRow,
    RoundRow,
    TableRow,
    layout_account,
    meter_account,
    player_account,
    request_hash,
)
from tablegames.store.schema import SCHEMA_VERSION, migrate
from tablegames.store.store import Store

__all__ = [
    "CASHIER",
    "HOUSE",
    "REASON_DEPOSIT",
    "REASON_RETURN",
    "REASON_WAGER",
    "REASON_WITHDRAWAL",
    "SCHEMA_VERSION",
    "AccountDay",
    "AuditEntry",
    "AuditProblem",
    "Batch",
    "DayReport",
    "IdempotencyRecord",
    "IdempotencyReplay",
    "Overdrawn",
    "PlayerRow",
    "Posting",
    "PostingRow",
    "RoundRow",
    "Store",
    "StoreError",
    "TableClosed",
    "TableRow",
    "VersionConflict",
    "connect",
    "day_report",
    "layout_account",
    "meter_account",
    "migrate",
    "player_account",
    "request_hash",
]
