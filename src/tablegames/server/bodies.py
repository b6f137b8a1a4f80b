"""The bodies of the HTTP interface (issue 11 §2): what each request carries and each answer
holds, as pydantic models. Their names and fields are a contract (test labs and the browser use
them) and make up the schemas of `docs/openapi.json`.

Requests are strict (`_Strict`): an unknown field, a string for a number or a fractional amount
is refused with 422 before anything is read from the store.
"""

from __future__ import annotations

from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from tablegames.server.service import MAX_NAME

MAX_BODY_BYTES: Final = 16_384
MAX_KEY_CHARS: Final = 128
TEST_MODE_HEADER: Final = "X-Tablegames-Test-Mode"
# Names and ids are text without control characters (PostgreSQL's text refuses NUL).
PRINTABLE: Final = r"^[^\x00-\x1f\x7f]+$"


class ErrorBody(BaseModel):
    """Every error: what was wrong and the paragraph of 58 Pa. Code where one applies."""

    error: str
    paragraph: str | None


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class NewPlayer(_Strict):
    name: StrictStr = Field(min_length=1, max_length=MAX_NAME, pattern=PRINTABLE)


class Amount(_Strict):
    amount: StrictInt = Field(gt=0, le=10**12)


class NewTable(_Strict):
    game: StrictStr
    name: StrictStr = Field(min_length=1, max_length=60, pattern=PRINTABLE)
    preset: StrictStr | None = None
    rules: dict[str, Any] = Field(default_factory=dict)


class Seats(_Strict):
    spots: list[StrictInt] = Field(min_length=1, max_length=7)


class TableCommand(_Strict):
    spot: StrictInt
    action: StrictStr = Field(min_length=1, max_length=40)
    hand: StrictInt = 0
    amount: StrictInt | None = None
    args: dict[str, Any] = Field(default_factory=dict)


class FloorOrder(_Strict):
    """A floorperson's order at a table and its arguments."""

    order: StrictStr = Field(min_length=1, max_length=40, pattern=PRINTABLE)
    args: dict[str, Any] = Field(default_factory=dict)


class Stacking(_Strict):
    """Test mode: the next outcomes, as the game stacks them (`GameTable.stack`), which
    refuses what it does not take. Blackjack: `cards`, in the order they are dealt after any
    burn. Craps: `dice`, the next rolls' pairs. Pai Gow Poker: `cards` (the next deal's first
    cards), its starting position as `start` (1-7) or three `dice`, `last_dealer_round` (each
    player's main wager in the last round the dealer banked) and the progressive `meter`."""

    cards: list[StrictStr] | None = Field(default=None, min_length=1, max_length=416)
    dice: list[list[StrictInt]] | list[StrictInt] | None = Field(
        default=None, min_length=1, max_length=1000
    )
    start: StrictInt | None = None
    last_dealer_round: dict[str, StrictInt] | None = Field(default=None, max_length=7)
    meter: StrictInt | None = Field(default=None, ge=0, le=10**12)


class PlayerMade(BaseModel):
    player_id: str
    token: str


class ServerInfo(BaseModel):
    test_mode: bool
    welcome_credit: int
    games: list[str]


class Me(BaseModel):
    player_id: str
    name: str | None
    balance: int


class Balance(BaseModel):
    player_id: str
    balance: int


class TableMade(BaseModel):
    table_id: str


class TableClosed(BaseModel):
    table_id: str
    status: str


class Moved(BaseModel):
    """The new table version and the new events as the caller may see them; with `?view=true`
    on a command, the caller's view of the table after it."""

    version: int
    events: list[dict[str, Any]]
    view: dict[str, Any] | None = None


# The operator's floor (issue 12, `/operator`): the players, the gaming day, the audit chain.
# A gaming day is typed YYYY-MM-DD in ASCII digits: the pattern's \d would take any script's.
GAMING_DAY: Final = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
MAX_PLAYERS_LISTED: Final = 1000


class FloorPlayer(BaseModel):
    """A player as the operator sees them: the account's balance, and what of it is
    available (less what open betting windows hold)."""

    player_id: str
    name: str
    balance: int
    available: int


class AccountDayBody(BaseModel):
    """One player account's gaming day: opening + deposits - withdrawals - wagers + returns
    = closing, `holds` when it does (and every posting was classified)."""

    account: str
    player_id: str
    opening: int
    deposits: int
    withdrawals: int
    wagers: int
    returns: int
    closing: int
    holds: bool
    problems: list[str]


class DayReportBody(BaseModel):
    """`tablegames report day`: every player account's day, the sum of all accounts' closing
    balances (0 in double entry), the ledger's broken checks, and whether everything holds."""

    day: str
    holds: bool
    accounts: list[AccountDayBody]
    total: int
    problems: list[str]


class AuditBreak(BaseModel):
    seq: int
    problem: Literal["edited", "inserted", "deleted"]
    message: str


class AuditVerdict(BaseModel):
    """`tablegames audit verify`: the chain intact, how many entries, the first broken row."""

    intact: bool
    entries: int
    first_broken: AuditBreak | None


class GamePresets(BaseModel):
    game: str
    presets: list[str]


class RulesFileTable(_Strict):
    """A table opened from a Rules Submission file's text, TOML (as `serve --tables` reads a
    `rules_file`) or JSON: the browser cannot read TOML, the server can."""

    game: StrictStr
    name: StrictStr = Field(min_length=1, max_length=60, pattern=PRINTABLE)
    format: Literal["toml", "json"] = "toml"
    text: StrictStr = Field(min_length=1, max_length=MAX_BODY_BYTES)
