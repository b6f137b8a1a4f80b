"""The command route's own request handler (`server.command_route.CommandRoute`) answers what
FastAPI's general handler answers, for any request a careless or hostile client sends.

Two applications serve the same service: one as the server runs (`CommandRoute`), the other with
the route's handler put back to FastAPI's own (`APIRoute.get_route_handler`). Every request is
one the table refuses (the player holds no spot there), so neither changes anything, and each is
sent to both: the status and the body must be the same. A well-formed command reaching the game
is answered by the endpoint both handlers call (tests/server/test_http.py and the browser tests
play whole rounds through the route)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.routing import APIRoute, request_response
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.server.app import create_app
from tablegames.server.command_route import CommandRoute
from tablegames.server.service import Service
from tablegames.server.tables_file import TableSpec
from tablegames.store import Store

OPERATOR_TOKEN = "hostile-command-operator"


def _with_fastapi_handler(service: Service) -> Any:
    app = create_app(service)
    replaced = 0
    for route in app.router.routes:
        if isinstance(route, CommandRoute):
            route.app = request_response(APIRoute.get_route_handler(route))
            replaced += 1
    if replaced != 1:
        raise RuntimeError(f"expected the one command route, found {replaced}")
    return app


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    folder: Path = tmp_path_factory.mktemp("command-route")
    store = Store.open(f"sqlite:///{folder / 'route.db'}")
    service = Service(store)
    service.operator_token(OPERATOR_TOKEN)
    service.start([TableSpec(game="blackjack", name="Route", rules={"preset": "pa-6deck"})])
    ours, theirs = TestClient(create_app(service)), TestClient(_with_fastapi_handler(service))
    made = ours.post("/api/players", json={"name": "stranger"}).json()
    table_id = ours.get("/api/tables", headers={"Authorization": f"Bearer {made['token']}"}).json()[
        0
    ]["table_id"]
    yield {
        "ours": ours,
        "theirs": theirs,
        "tokens": {"player": made["token"], "operator": OPERATOR_TOKEN, "unknown": "nobody"},
        "table_id": table_id,
        "service": service,
    }
    store.close()


JSON_ANY = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)
COMMAND_LIKE = st.fixed_dictionaries(
    {},
    optional={
        "spot": st.one_of(st.integers(-3, 9), st.just(1.0), st.just("1"), st.none()),
        "action": st.sampled_from(["bet", "hit", "stand", "ready", "", "x" * 41, "\x00", 3]),
        "hand": st.one_of(st.integers(-1, 3), st.just(True), st.just("0")),
        "amount": st.one_of(st.integers(-100, 10**13), st.just(2.5), st.just("500"), st.none()),
        "args": st.one_of(st.just({"wager": "blackjack"}), JSON_ANY),
        "extra": JSON_ANY,
    },
)
BODIES = st.one_of(
    COMMAND_LIKE.map(lambda body: json.dumps(body).encode()),
    JSON_ANY.map(lambda body: json.dumps(body).encode()),
    st.sampled_from(
        [b"", b"{", b'{"spot": 1,}', b"nul", b"\xff\xfe{}", b"[" * 3000 + b"]" * 3000, b"NaN"]
    ),
    st.binary(max_size=20),
)
CONTENT_TYPES = st.sampled_from(
    [
        None,
        "application/json",
        "application/json; charset=utf-8",
        "application/vnd.lab+json",
        "text/plain",
        "application/x-www-form-urlencoded",
        "json",
        "",
    ]
)
QUERIES = st.sampled_from(
    ["", "?view=true", "?view=1", "?view=off", "?view=", "?view=maybe", "?view=1&view=no", "?x=1"]
)
KEYS = st.sampled_from([None, "", "k-1", "x" * 128, "x" * 129])
CALLERS = st.sampled_from(["player", "operator", "unknown", None, "malformed"])
TABLES = st.sampled_from(["known", "t-unknown", "%00"])


@settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    body=BODIES,
    content_type=CONTENT_TYPES,
    query=QUERIES,
    key=KEYS,
    caller=CALLERS,
    table=TABLES,
)
def test_command_route_answers_as_fastapi_would(
    pair: dict[str, Any],
    body: bytes,
    content_type: str | None,
    query: str,
    key: str | None,
    caller: str | None,
    table: str,
) -> None:
    headers: dict[str, str] = {}
    if content_type is not None:
        headers["Content-Type"] = content_type
    if key is not None:
        headers["Idempotency-Key"] = key
    if caller == "malformed":
        headers["Authorization"] = "Basic abc"
    elif caller is not None:
        headers["Authorization"] = f"Bearer {pair['tokens'][caller]}"
    table_id = pair["table_id"] if table == "known" else table
    path = f"/api/tables/{table_id}/commands{query}"
    version = pair["service"].runtime(pair["table_id"]).version
    ours = pair["ours"].post(path, content=body, headers=headers)
    theirs = pair["theirs"].post(path, content=body, headers=headers)
    assert (ours.status_code, ours.json()) == (theirs.status_code, theirs.json())
    assert 400 <= ours.status_code < 500, ours.text
    # Refused by both: the table did not move.
    assert pair["service"].runtime(pair["table_id"]).version == version
