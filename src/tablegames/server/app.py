"""The HTTP and WebSocket interface (issue 11 §2): FastAPI over the `Service`.

Names are a contract (test labs and the browser use them): every amount is integer cents; every
error is a 4xx JSON body `{"error": "...", "paragraph": "633a.10(a)" | null}` and changes
nothing; every call but registration carries `Authorization: Bearer TOKEN`; every request that
changes money or a game may carry an `Idempotency-Key` header (the same key and body answers the
first answer again; the same key with another body is refused with 409).
"""

from __future__ import annotations

import asyncio
from pathlib import Path as FilePath
from typing import Annotated, Any, Final, Literal

from fastapi import (
    Depends,
    FastAPI,
    Header,
    Path,
    Query,
    Request,
    WebSocket,
    WebSocketDisconnect,
)
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.security import HTTPBearer
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tablegames.core.errors import TableGamesError
from tablegames.core.table import Command
from tablegames.games import game_ids
from tablegames.server import floor
from tablegames.server.answers import Answer, request_hash
from tablegames.server.auth import bearer
from tablegames.server.errors import CommandRefused
from tablegames.server.service import MAX_NAME, Principal, Service

STATIC: Final = FilePath(__file__).with_name("static")
# The page is small and changes with the server: always revalidated, never served stale.
_NO_CACHE: Final = {"Cache-Control": "no-cache"}

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


# What each 4xx means (docs/server.md, "The contract").
_MEANING: Final = {
    400: "Bad input",
    401: "No or unknown token",
    403: "Someone else's spot, or the wrong party for this call",
    404: "Unknown table, spot, player or round",
    409: "Wrong phase, not enough balance, a reused Idempotency-Key, or the table moved on",
    413: f"A body over {MAX_BODY_BYTES} bytes",
    422: "A malformed body or a wager over a limit",
}


def _errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The `responses=` of a route: each 4xx it may answer, with the error body."""
    return {
        status: {"model": ErrorBody, "description": _MEANING[status]}
        for status in sorted({*statuses, 413})
    }


def _error(status: int, message: str, paragraph: str | None = None) -> JSONResponse:
    return JSONResponse({"error": message, "paragraph": paragraph}, status_code=status)


class _Limits:
    """ASGI middleware: a body over `MAX_BODY_BYTES` is refused with 413 before the app reads
    it, whether its length is declared or it comes in chunks; in test mode every response
    carries the test-mode header."""

    def __init__(self, app: ASGIApp, *, test_mode: bool) -> None:
        self.app = app
        self.test_mode = test_mode

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.test_mode:
            send = self._marked(send)
        length = dict(scope["headers"]).get(b"content-length")
        too_large = _error(413, f"the request body is over {MAX_BODY_BYTES} bytes")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY_BYTES):
            await too_large(scope, receive, send)
            return
        # Read the body (at most the limit), then give it to the app as it came.
        messages: list[Message] = []
        size = 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break
            size += len(message.get("body", b""))
            if size > MAX_BODY_BYTES:
                await too_large(scope, receive, send)
                return
            if not message.get("more_body", False):
                break

        async def replay() -> Message:
            return messages.pop(0) if messages else await receive()

        await self.app(scope, replay, send)

    @staticmethod
    def _marked(send: Send) -> Send:
        async def marked(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [
                    *message.get("headers", []),
                    (TEST_MODE_HEADER.lower().encode(), b"1"),
                ]
            await send(message)

        return marked


def _service(request: Request) -> Service:
    service: Service = request.app.state.service
    return service


# Declares the Bearer scheme in the OpenAPI document; the header is read (and a missing or
# unknown token refused with the 401 error body) by `principal` itself.
_BEARER: Final = HTTPBearer(auto_error=False)


# The dependencies are coroutines, run on the event loop: FastAPI runs a plain function's
# dependency in its thread pool, and two hops there per request cost more than the lookups do
# (a token is read from the store once, then known; see `Service.authenticate`).
async def principal(request: Request, _scheme: Annotated[Any, Depends(_BEARER)]) -> Principal:
    found = _service(request).authenticate(bearer(request.headers.get("authorization")))
    if found is None:
        raise CommandRefused("a valid Authorization: Bearer token is required", status=401)
    return found


async def operator(who: Annotated[Principal, Depends(principal)]) -> Principal:
    if who.role != "operator":
        raise CommandRefused("this call is the operator's", status=403)
    return who


async def player(who: Annotated[Principal, Depends(principal)]) -> Principal:
    if who.role != "player":
        raise CommandRefused("the operator acts for no player", status=403)
    return who


async def idempotency(
    request: Request,
    idempotency_key: Annotated[
        str | None,
        Header(
            description=f"1 to {MAX_KEY_CHARS} characters: the same key and body answers the "
            "first answer again; the same key with another body is refused with 409"
        ),
    ] = None,
) -> tuple[str, str] | None:
    if idempotency_key is None:
        return None
    if not 1 <= len(idempotency_key) <= MAX_KEY_CHARS:
        raise CommandRefused(f"an Idempotency-Key is 1 to {MAX_KEY_CHARS} characters")
    body = await request.body()
    text = body.decode("utf-8", errors="replace")
    return idempotency_key, request_hash(request.method, request.url.path, text)


def answer(result: Answer) -> JSONResponse:
    return JSONResponse(dict(result.body), status_code=result.status)


Who = Annotated[Principal, Depends(principal)]
Operator = Annotated[Principal, Depends(operator)]
Player = Annotated[Principal, Depends(player)]
Key = Annotated[tuple[str, str] | None, Depends(idempotency)]
PlayerId = Annotated[str, Path(max_length=64, pattern=PRINTABLE)]
RoundId = Annotated[str, Path(max_length=128, pattern=PRINTABLE)]


def create_app(service: Service) -> FastAPI:
    """The application; `service` has been started (tables restored or opened)."""
    app = FastAPI(
        title="tablegames",
        description="Pennsylvania table games: Blackjack (58 Pa. Code 633a) and craps Power Odds "
        "(623b.5), played live with a durable wallet and an audit trail.",
        version="1",
        # FastAPI's own OpenTelemetry hooks: nothing here exports spans or metrics, and per
        # request they cost time on the acknowledged path (benchmarks/bench_server.py).
        telemetry={"tracing": False, "metrics": False, "logs": False, "operation_spans": False},
    )
    app.state.service = service

    app.add_middleware(_Limits, test_mode=service.test_mode)

    @app.exception_handler(CommandRefused)
    async def refused(request: Request, problem: CommandRefused) -> JSONResponse:
        return _error(problem.status, problem.message, problem.paragraph)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, problem: StarletteHTTPException) -> JSONResponse:
        # Starlette's own answers (no such route, method not allowed) keep the error body.
        answer = _error(problem.status_code, str(problem.detail))
        answer.headers.update(problem.headers or {})
        return answer

    @app.exception_handler(TableGamesError)
    async def bad_input(request: Request, problem: TableGamesError) -> JSONResponse:
        return _error(400, str(problem), getattr(problem, "paragraph", None))

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, problem: RequestValidationError) -> JSONResponse:
        first = problem.errors()[0] if problem.errors() else {}
        where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
        message = first.get("msg", "malformed request")
        return _error(422, f"{where}: {message}" if where else str(message))

    # The browser table (issue 12): static files served by this process, no build step and
    # nothing loaded from elsewhere. `/` is the players' lobby and table, `/operator` the floor.
    @app.get("/", include_in_schema=False)
    def home() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers=_NO_CACHE)

    @app.get("/operator", include_in_schema=False)
    def operator_page() -> FileResponse:
        return FileResponse(STATIC / "operator.html", headers=_NO_CACHE)

    @app.get("/dealer", include_in_schema=False)
    def dealer_page() -> FileResponse:
        # The dealer's console of a dealt table (issue 14): the cards and 633a.14's orders.
        return FileResponse(STATIC / "dealer.html", headers=_NO_CACHE)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/api/server", response_model=ServerInfo, responses=_errors())
    def server_info() -> dict[str, Any]:
        """What every page shows before anyone signs in: test mode (its banner), the play-money
        credit a new player gets, the games served."""
        return {
            "test_mode": service.test_mode,
            "welcome_credit": service.welcome_credit,
            "games": list(game_ids()),
        }

    @app.post(
        "/api/players", status_code=201, response_model=PlayerMade, responses=_errors(400, 422)
    )
    def register(body: NewPlayer) -> dict[str, str]:
        player_id, token = service.register(body.name.strip() or body.name)
        return {"player_id": player_id, "token": token}

    @app.get("/api/me", response_model=Me, responses=_errors(401, 403))
    def me(who: Player) -> dict[str, Any]:
        assert_player = who.player_id or ""
        return {
            "player_id": assert_player,
            "name": who.name,
            "balance": service.available(assert_player),
        }

    @app.post(
        "/api/operator/players/{player_id}/deposit",
        response_model=Balance,
        responses=_errors(400, 401, 403, 404, 409, 422),
    )
    def deposit(player_id: PlayerId, body: Amount, who: Operator, key: Key) -> JSONResponse:
        return answer(service.money(who, player_id, body.amount, deposit=True, idempotency=key))

    @app.post(
        "/api/operator/players/{player_id}/withdraw",
        response_model=Balance,
        responses=_errors(400, 401, 403, 404, 409, 422),
    )
    def withdraw(player_id: PlayerId, body: Amount, who: Operator, key: Key) -> JSONResponse:
        return answer(service.money(who, player_id, body.amount, deposit=False, idempotency=key))

    @app.post(
        "/api/operator/tables",
        status_code=201,
        response_model=TableMade,
        responses=_errors(400, 401, 403, 422),
    )
    def open_table(body: NewTable, who: Operator) -> dict[str, str]:
        if body.game not in game_ids():
            raise CommandRefused(f"no game {body.game!r}; the games are {', '.join(game_ids())}")
        rules = dict(body.rules)
        if body.preset is not None:
            rules = {"preset": body.preset, **rules}
        return {"table_id": service.open_table(body.game, body.name, rules)}

    @app.post(
        "/api/operator/tables/{table_id}/close",
        response_model=TableClosed,
        responses=_errors(401, 403, 404, 422),
    )
    def close_table(table_id: str, who: Operator) -> dict[str, str]:
        service.close_table(table_id)
        return {"table_id": table_id, "status": "closed"}

    @app.post(
        "/api/operator/tables/{table_id}/orders",
        response_model=Moved,
        responses=_errors(400, 401, 403, 404, 409, 422),
    )
    def floor_order(table_id: str, body: FloorOrder, who: Operator, key: Key) -> JSONResponse:
        """A floorperson's order, logged in the table's stream and the audit log. Blackjack,
        between rounds: `reshuffle` (633a.5(f)), `change_dealer` (633a.7(c)),
        `permit_wagering` with `{"player": PLAYER_ID}` (633a.6(b)(1)); craps takes none. A
        dealt table (`blackjack_dealt`), during a round too: the dealer's `card` `{"card",
        "face"?}`, the irregularities of 633a.14 and the table's procedures
        (docs/scenarios-dealt.md)."""
        return answer(service.floor_order(who, table_id, body.order, body.args, idempotency=key))

    @app.post(
        "/api/operator/tables/{table_id}/stack",
        response_model=Moved,
        responses=_errors(400, 401, 403, 404, 409, 422),
    )
    def stack(table_id: str, body: Stacking, who: Operator, key: Key) -> JSONResponse:
        """Test mode only (`tablegames serve --test-mode`; 403 otherwise): the next round's
        cards or dice (and a Pai Gow Poker table's starting position, banking history and
        meter), so that a lab runs a conformance scenario end to end; the game refuses what it
        does not stack (400)."""
        given = {name: value for name, value in body.model_dump().items() if value is not None}
        if not given:
            raise CommandRefused(
                f"a stacking gives one or more of {', '.join(Stacking.model_fields)}"
            )
        return answer(service.stack(who, table_id, given, idempotency=key))

    @app.post(
        "/api/operator/tables/rules-file",
        status_code=201,
        response_model=TableMade,
        responses=_errors(400, 401, 403, 422),
    )
    def open_table_from_file(body: RulesFileTable, who: Operator) -> dict[str, str]:
        """Open a table from a rules file's text; its fields are the rules, as a `rules_file`
        of `serve --tables` is."""
        made = floor.open_table_from_file(service, body.game, body.name, body.text, body.format)
        return {"table_id": made}

    @app.get(
        "/api/operator/players",
        response_model=list[FloorPlayer],
        responses=_errors(400, 401, 403, 422),
    )
    def floor_players(who: Operator, limit: int = 100) -> list[dict[str, Any]]:
        """The last `limit` players registered, newest first, with their balances."""
        if not 1 <= limit <= MAX_PLAYERS_LISTED:
            raise CommandRefused(f"limit is 1 to {MAX_PLAYERS_LISTED} players")
        return floor.players(service, limit)

    @app.get(
        "/api/operator/report/day",
        response_model=DayReportBody,
        responses=_errors(400, 401, 403, 422),
    )
    def gaming_day(
        who: Operator,
        date: Annotated[str, Query(pattern=GAMING_DAY, description="The gaming day (UTC)")],
    ) -> dict[str, Any]:
        """`tablegames report day --date D` as JSON: each player account's identity, held or
        broken, and the double-entry checks."""
        return floor.gaming_day(service, date)

    @app.get(
        "/api/operator/audit/verify",
        response_model=AuditVerdict,
        responses=_errors(401, 403),
    )
    def audit_verify(who: Operator) -> dict[str, Any]:
        """`tablegames audit verify` as JSON: the significant-event log's chain checked."""
        return floor.audit_verification(service)

    @app.get(
        "/api/operator/games",
        response_model=list[GamePresets],
        responses=_errors(401, 403),
    )
    def games_and_presets(who: Operator) -> list[dict[str, Any]]:
        """Each game served and its presets: what the operator may open a table from."""
        return floor.games()

    @app.get("/api/tables", responses=_errors(401))
    def tables(who: Who) -> list[dict[str, Any]]:
        return service.lobby()

    @app.get("/api/tables/{table_id}/layout", responses=_errors(401, 404, 422))
    def table_layout(table_id: str, who: Who) -> dict[str, Any]:
        """What the table's layout must carry for its rules (633a.2(b), 633c.4(a), 623b.5):
        its betting areas with their payout odds, inscriptions and payout limit."""
        return service.layout(table_id)

    @app.get("/api/tables/{table_id}/clock", responses=_errors(401, 404, 422))
    def table_clock(table_id: str, who: Who) -> dict[str, Any]:
        """The decision timer a table shows: the seconds left of each pending decision before
        the house takes its default, and of the betting time once a bet is down."""
        return service.clocks(table_id)

    @app.get("/api/tables/{table_id}", responses=_errors(401, 404, 422))
    async def table_view(table_id: str, who: Who) -> dict[str, Any]:
        # On the event loop when the table is free (the view is built from memory, after one
        # read of the stored version); in the thread pool when a command holds the table.
        found = service.view(who, table_id, wait=False)
        if found is None:
            found = await asyncio.to_thread(service.view, who, table_id)
        return found

    @app.post(
        "/api/tables/{table_id}/seats",
        response_model=Moved,
        responses=_errors(400, 401, 403, 404, 409, 422),
    )
    def sit(table_id: str, body: Seats, who: Player, key: Key) -> JSONResponse:
        player_id = who.player_id or ""
        return answer(
            service.table_command(
                who, table_id, lambda runtime: runtime.sit(player_id, body.spots), idempotency=key
            )
        )

    @app.delete(
        "/api/tables/{table_id}/seats",
        response_model=Moved,
        responses=_errors(400, 401, 403, 404, 409, 422),
    )
    def leave(table_id: str, body: Seats, who: Player, key: Key) -> JSONResponse:
        player_id = who.player_id or ""
        return answer(
            service.table_command(
                who, table_id, lambda runtime: runtime.leave(player_id, body.spots), idempotency=key
            )
        )

    @app.post(
        "/api/tables/{table_id}/commands",
        response_model=Moved,
        responses=_errors(400, 401, 403, 404, 409, 422),
    )
    def command(
        table_id: str,
        body: TableCommand,
        who: Player,
        key: Key,
        view: Annotated[
            bool,
            Query(
                description="true: the answer carries `view`, the caller's view of the table "
                "as the command left it (what GET /api/tables/{table_id} would answer next)"
            ),
        ] = False,
    ) -> JSONResponse:
        player_id = who.player_id or ""
        order = Command(
            player=player_id,
            spot=body.spot,
            action=body.action,
            hand=body.hand,
            amount=body.amount,
            args=body.args,
        )
        return answer(
            service.table_command(
                who,
                table_id,
                lambda runtime: runtime.command(
                    player_id, order, available=lambda: service.available(player_id)
                ),
                idempotency=key,
                with_view=view,
            )
        )

    @app.get("/api/me/rounds", responses=_errors(400, 401, 403, 422))
    def my_rounds(who: Player, limit: int = 10) -> list[dict[str, Any]]:
        if not 1 <= limit <= 100:
            raise CommandRefused("limit is 1 to 100 rounds")
        return service.rounds_of(who, limit)

    @app.get("/api/rounds/{round_id}", responses=_errors(401, 404, 422))
    def recall(round_id: RoundId, who: Who) -> dict[str, Any]:
        return service.recall(who, round_id)

    @app.websocket("/api/tables/{table_id}/ws")
    async def watch(websocket: WebSocket, table_id: str, token: str = "", after: int = 0) -> None:
        who = service.authenticate(token or None)
        if who is None:
            await websocket.close(code=4401)
            return
        try:
            service.runtime(table_id)
        except CommandRefused:
            await websocket.close(code=4404)
            return
        await websocket.accept()
        moved = asyncio.Event()
        loop = asyncio.get_running_loop()

        def woken(changed: str, version: int) -> None:
            if changed == table_id:
                loop.call_soon_threadsafe(moved.set)

        stop = service.watch(woken)
        # The client's side: a disconnect (or anything it sends) ends the loop below.
        listening = asyncio.ensure_future(websocket.receive())
        sent = max(0, after)
        try:
            while not listening.done():
                for version, event in service.committed_events(who, table_id, sent):
                    await websocket.send_json({"version": version, "event": event})
                    sent = version
                moved.clear()
                woke = asyncio.ensure_future(moved.wait())
                # Another process's commits are seen by polling the stored version each second.
                done, _ = await asyncio.wait(
                    {woke, listening}, timeout=1.0, return_when="FIRST_COMPLETED"
                )
                woke.cancel()
                if not done:
                    await asyncio.to_thread(service.catch_up, table_id)
        except (WebSocketDisconnect, CommandRefused):
            pass
        finally:
            listening.cancel()
            stop()

    return app
