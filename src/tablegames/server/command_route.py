"""The route every bet and decision takes, `POST /api/tables/{table_id}/commands`, read without
FastAPI's general request solver.

Every acknowledged action of a table comes through this one route (benchmarks/bench_server.py
counts them). Sampled under that load (py-spy, with the GIL held), FastAPI's per-request work
for it (solving the dependency graph, extracting headers, query and body field by field,
describing the endpoint for error messages) took more of the server's CPU than the game and
the store did together. `CommandRoute` keeps the route declared as any other FastAPI route:
its OpenAPI description is generated from the endpoint's signature as before, and the route
still runs inside the application's middleware and exception handlers. Only the request
handler is replaced: it reads the same inputs, in the same order, with the same checks, and
calls the same endpoint function, so an answer (an error's status and body included) is the
one the general solver gives. `tests/server/test_command_route.py` holds the two handlers'
answers equal over well-formed and hostile requests.

The order is FastAPI's: the body is read and its JSON decoded first (invalid JSON is 422
whoever sends it), then the caller (401, 403), the Idempotency-Key, the query's `view`, then
the body checked against `TableCommand`.
"""

from __future__ import annotations

import asyncio
import email.message
import json
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache, partial
from typing import Any, Final

from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute
from pydantic import TypeAdapter, ValidationError
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from tablegames.server.bodies import TableCommand
from tablegames.server.requests import idempotency, player, principal

_VIEW: Final = TypeAdapter(bool)  # a query flag, lax as FastAPI reads one ("true", "1", "on")
_BODY: Final = TypeAdapter(TableCommand)
_ABSENT: Final = object()
# The commands' threads, one pool for the process: each waits on the store's group commit
# (Store.commit). As many as anyio's default limiter lets FastAPI's plain routes use, without
# its per-call bookkeeping (cancel scopes, the limiter, context lookups). Threads start as
# needed.
_POOL: Final = ThreadPoolExecutor(max_workers=40, thread_name_prefix="table-command")


@lru_cache(maxsize=64)
def _json_type(content_type: str) -> bool:
    # FastAPI decodes JSON only when the declared type is application/json or application/*+json.
    message = email.message.Message()
    message["content-type"] = content_type
    subtype = message.get_content_subtype()
    return message.get_content_maintype() == "application" and (
        subtype == "json" or subtype.endswith("+json")
    )


async def _decoded_body(request: Request) -> Any:
    """The body as FastAPI hands it to validation: absent when empty, decoded JSON when declared
    JSON, else the bytes themselves (which no model accepts)."""
    raw = await request.body()
    if not raw:
        return _ABSENT
    declared = request.headers.get("content-type")
    if not declared or not _json_type(declared):
        return raw
    try:
        return json.loads(raw)
    except json.JSONDecodeError as err:
        raise RequestValidationError(
            [
                {
                    "type": "json_invalid",
                    "loc": ("body", err.pos),
                    "msg": "JSON decode error",
                    "input": {},
                    "ctx": {"error": err.msg},
                }
            ],
            body=err.doc,
        ) from err
    except Exception as err:  # not UTF-8, nesting too deep: FastAPI's 400
        raise HTTPException(status_code=400, detail="There was an error parsing the body") from err


def _located(err: ValidationError, *where: str) -> list[Any]:
    return [{**found, "loc": (*where, *found["loc"])} for found in err.errors()]


def _view_flag(request: Request) -> bool:
    value = request.query_params.get("view")
    if value is None:
        return False
    try:
        return _VIEW.validate_python(value)
    except ValidationError as err:
        raise RequestValidationError(_located(err, "query", "view")) from err


def _command(body: Any) -> TableCommand:
    if body is _ABSENT:
        missing = {"type": "missing", "loc": ("body",), "msg": "Field required", "input": None}
        raise RequestValidationError([missing])
    try:
        return _BODY.validate_python(body, from_attributes=True)
    except ValidationError as err:
        raise RequestValidationError(_located(err, "body")) from err


class CommandRoute(APIRoute):
    """`POST /api/tables/{table_id}/commands` with its inputs read directly (module docstring).

    The endpoint is `command(table_id, body, who, key, view)` of `app.create_app`, a plain
    function: it runs in the thread pool, as FastAPI runs one, since it waits on the store's
    commit."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        endpoint = self.endpoint

        async def handle(request: Request) -> Response:
            body = await _decoded_body(request)
            who = await player(await principal(request, None))
            key = await idempotency(request, request.headers.get("idempotency-key"))
            view = _view_flag(request)
            command = _command(body)
            table_id = request.path_params["table_id"]
            call = partial(endpoint, table_id=table_id, body=command, who=who, key=key, view=view)
            answered: Response = await asyncio.get_running_loop().run_in_executor(_POOL, call)
            return answered

        return handle
