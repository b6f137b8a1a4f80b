"""The HTTP and WebSocket interface (issue 11 §2): FastAPI over the `Service`.

Names are a contract (test labs and the browser use them): every amount is integer cents; every
error is a 4xx JSON body `{"error": "...", "paragraph": "633a.10(a)" | null}` and changes
nothing; every call but registration carries `Authorization: Bearer TOKEN`; every request that
changes money or a game may carry an `Idempotency-Key` header (the same key and body answers the
first answer again; the same key with another body is refused with 409). The bodies are in
`bodies.py`, what the routes share (errors, limits, the caller, the key) in `requests.py`.
"""

from __future__ import annotations

import asyncio
from pathlib import Path as FilePath
from typing import Annotated, Any, Final

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from tablegames.core.errors import TableGamesError
from tablegames.core.table import Command
from tablegames.games import game_ids
from tablegames.server import floor
from tablegames.server.bodies import (
    GAMING_DAY,
    MAX_PLAYERS_LISTED,
    Amount,
    AuditVerdict,
    Balance,
    DayReportBody,
    FloorOrder,
    FloorPlayer,
    GamePresets,
    Me,
    Moved,
    NewPlayer,
    NewTable,
    PlayerMade,
    RulesFileTable,
    Seats,
    ServerInfo,
    Stacking,
    TableClosed,
    TableCommand,
    TableMade,
)
from tablegames.server.command_route import CommandRoute
from tablegames.server.errors import CommandRefused
from tablegames.server.requests import (
    Key,
    Limits,
    Operator,
    Player,
    PlayerId,
    RoundId,
    Who,
    answer,
    error_body,
    route_errors,
)
from tablegames.server.service import Service

STATIC: Final = FilePath(__file__).with_name("static")
# The page is small and changes with the server: always revalidated, never served stale.
_NO_CACHE: Final = {"Cache-Control": "no-cache"}


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

    app.add_middleware(Limits, test_mode=service.test_mode)

    @app.exception_handler(CommandRefused)
    async def refused(request: Request, problem: CommandRefused) -> JSONResponse:
        return error_body(problem.status, problem.message, problem.paragraph)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, problem: StarletteHTTPException) -> JSONResponse:
        # Starlette's own answers (no such route, method not allowed) keep the error body.
        answer = error_body(problem.status_code, str(problem.detail))
        answer.headers.update(problem.headers or {})
        return answer

    @app.exception_handler(TableGamesError)
    async def bad_input(request: Request, problem: TableGamesError) -> JSONResponse:
        return error_body(400, str(problem), getattr(problem, "paragraph", None))

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, problem: RequestValidationError) -> JSONResponse:
        first = problem.errors()[0] if problem.errors() else {}
        where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
        message = first.get("msg", "malformed request")
        return error_body(422, f"{where}: {message}" if where else str(message))

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

    @app.get("/api/server", response_model=ServerInfo, responses=route_errors())
    def server_info() -> dict[str, Any]:
        """What every page shows before anyone signs in: test mode (its banner), the play-money
        credit a new player gets, the games served."""
        return {
            "test_mode": service.test_mode,
            "welcome_credit": service.welcome_credit,
            "games": list(game_ids()),
        }

    @app.post(
        "/api/players", status_code=201, response_model=PlayerMade, responses=route_errors(400, 422)
    )
    def register(body: NewPlayer) -> dict[str, str]:
        player_id, token = service.register(body.name.strip() or body.name)
        return {"player_id": player_id, "token": token}

    @app.get("/api/me", response_model=Me, responses=route_errors(401, 403))
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
        responses=route_errors(400, 401, 403, 404, 409, 422),
    )
    def deposit(player_id: PlayerId, body: Amount, who: Operator, key: Key) -> JSONResponse:
        return answer(service.money(who, player_id, body.amount, deposit=True, idempotency=key))

    @app.post(
        "/api/operator/players/{player_id}/withdraw",
        response_model=Balance,
        responses=route_errors(400, 401, 403, 404, 409, 422),
    )
    def withdraw(player_id: PlayerId, body: Amount, who: Operator, key: Key) -> JSONResponse:
        return answer(service.money(who, player_id, body.amount, deposit=False, idempotency=key))

    @app.post(
        "/api/operator/tables",
        status_code=201,
        response_model=TableMade,
        responses=route_errors(400, 401, 403, 422),
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
        responses=route_errors(401, 403, 404, 422),
    )
    def close_table(table_id: str, who: Operator) -> dict[str, str]:
        service.close_table(table_id)
        return {"table_id": table_id, "status": "closed"}

    @app.post(
        "/api/operator/tables/{table_id}/orders",
        response_model=Moved,
        responses=route_errors(400, 401, 403, 404, 409, 422),
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
        responses=route_errors(400, 401, 403, 404, 409, 422),
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
        responses=route_errors(400, 401, 403, 422),
    )
    def open_table_from_file(body: RulesFileTable, who: Operator) -> dict[str, str]:
        """Open a table from a rules file's text; its fields are the rules, as a `rules_file`
        of `serve --tables` is."""
        made = floor.open_table_from_file(service, body.game, body.name, body.text, body.format)
        return {"table_id": made}

    @app.get(
        "/api/operator/players",
        response_model=list[FloorPlayer],
        responses=route_errors(400, 401, 403, 422),
    )
    def floor_players(who: Operator, limit: int = 100) -> list[dict[str, Any]]:
        """The last `limit` players registered, newest first, with their balances."""
        if not 1 <= limit <= MAX_PLAYERS_LISTED:
            raise CommandRefused(f"limit is 1 to {MAX_PLAYERS_LISTED} players")
        return floor.players(service, limit)

    @app.get(
        "/api/operator/report/day",
        response_model=DayReportBody,
        responses=route_errors(400, 401, 403, 422),
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
        responses=route_errors(401, 403),
    )
    def audit_verify(who: Operator) -> dict[str, Any]:
        """`tablegames audit verify` as JSON: the significant-event log's chain checked."""
        return floor.audit_verification(service)

    @app.get(
        "/api/operator/games",
        response_model=list[GamePresets],
        responses=route_errors(401, 403),
    )
    def games_and_presets(who: Operator) -> list[dict[str, Any]]:
        """Each game served and its presets: what the operator may open a table from."""
        return floor.games()

    @app.get("/api/tables", responses=route_errors(401))
    def tables(who: Who) -> list[dict[str, Any]]:
        return service.lobby()

    @app.get("/api/tables/{table_id}/layout", responses=route_errors(401, 404, 422))
    def table_layout(table_id: str, who: Who) -> dict[str, Any]:
        """What the table's layout must carry for its rules (633a.2(b), 633c.4(a), 623b.5):
        its betting areas with their payout odds, inscriptions and payout limit."""
        return service.layout(table_id)

    @app.get("/api/tables/{table_id}/clock", responses=route_errors(401, 404, 422))
    def table_clock(table_id: str, who: Who) -> dict[str, Any]:
        """The decision timer a table shows: the seconds left of each pending decision before
        the house takes its default, and of the betting time once a bet is down."""
        return service.clocks(table_id)

    @app.get("/api/tables/{table_id}", responses=route_errors(401, 404, 422))
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
        responses=route_errors(400, 401, 403, 404, 409, 422),
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
        responses=route_errors(400, 401, 403, 404, 409, 422),
    )
    def leave(table_id: str, body: Seats, who: Player, key: Key) -> JSONResponse:
        player_id = who.player_id or ""
        return answer(
            service.table_command(
                who, table_id, lambda runtime: runtime.leave(player_id, body.spots), idempotency=key
            )
        )

    # Every bet and decision: its request handler skips FastAPI's general solver
    # (`command_route.CommandRoute`, which reads the same inputs the same way).
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

    app.router.add_api_route(
        "/api/tables/{table_id}/commands",
        command,
        methods=["POST"],
        response_model=Moved,
        responses=route_errors(400, 401, 403, 404, 409, 422),
        route_class_override=CommandRoute,
    )
    # Tried first: Starlette matches a request against the routes in order, and no other
    # route's path matches this one's, so only the time spent matching changes.
    app.router.routes.insert(0, app.router.routes.pop())

    @app.get("/api/me/rounds", responses=route_errors(400, 401, 403, 422))
    def my_rounds(who: Player, limit: int = 10) -> list[dict[str, Any]]:
        if not 1 <= limit <= 100:
            raise CommandRefused("limit is 1 to 100 rounds")
        return service.rounds_of(who, limit)

    @app.get("/api/rounds/{round_id}", responses=route_errors(401, 404, 422))
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
