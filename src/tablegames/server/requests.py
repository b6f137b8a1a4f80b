"""What every route of the HTTP interface shares: the error body and its statuses, the body
limit, who is calling (the Bearer token) and the Idempotency-Key.

Every error is a 4xx JSON body `{"error": "...", "paragraph": "633a.10(a)" | null}`.
"""

from __future__ import annotations

from typing import Annotated, Any, Final

import pydantic_core
from fastapi import Depends, Header, Path, Request
from fastapi.responses import JSONResponse
from fastapi.security import HTTPBearer
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tablegames.server.answers import Answer, request_hash
from tablegames.server.auth import bearer
from tablegames.server.bodies import (
    MAX_BODY_BYTES,
    MAX_KEY_CHARS,
    PRINTABLE,
    TEST_MODE_HEADER,
    ErrorBody,
)
from tablegames.server.errors import CommandRefused
from tablegames.server.service import Principal, Service

_MEANING: Final = {
    400: "Bad input",
    401: "No or unknown token",
    403: "Someone else's spot, or the wrong party for this call",
    404: "Unknown table, spot, player or round",
    409: "Wrong phase, not enough balance, a reused Idempotency-Key, or the table moved on",
    413: f"A body over {MAX_BODY_BYTES} bytes",
    422: "A malformed body or a wager over a limit",
}


def route_errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The `responses=` of a route: each 4xx it may answer, with the error body."""
    return {
        status: {"model": ErrorBody, "description": _MEANING[status]}
        for status in sorted({*statuses, 413})
    }


def error_body(status: int, message: str, paragraph: str | None = None) -> JSONResponse:
    return JSONResponse({"error": message, "paragraph": paragraph}, status_code=status)


async def _too_large(scope: Scope, receive: Receive, send: Send) -> None:
    answer = error_body(413, f"the request body is over {MAX_BODY_BYTES} bytes")
    await answer(scope, receive, send)


class Limits:
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
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY_BYTES):
            await _too_large(scope, receive, send)
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
                await _too_large(scope, receive, send)
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


class JSONAnswer(JSONResponse):
    """A JSON answer rendered by pydantic-core's serializer: for what answers hold (text,
    integers, booleans, null, lists, objects with text keys) the same compact UTF-8 bytes as
    Starlette's `JSONResponse`, in a quarter of `json.dumps`'s time; every command's answer
    carries events and often the caller's view (tests/server/test_json_answer.py)."""

    def render(self, content: Any) -> bytes:
        # Amounts are integer cents; a float (a rules field such as a penetration) is finite.
        return pydantic_core.to_json(content)


def answer(result: Answer) -> JSONResponse:
    return JSONAnswer(dict(result.body), status_code=result.status)


Who = Annotated[Principal, Depends(principal)]
Operator = Annotated[Principal, Depends(operator)]
Player = Annotated[Principal, Depends(player)]
Key = Annotated[tuple[str, str] | None, Depends(idempotency)]
PlayerId = Annotated[str, Path(max_length=64, pattern=PRINTABLE)]
RoundId = Annotated[str, Path(max_length=128, pattern=PRINTABLE)]
