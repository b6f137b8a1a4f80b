"""schemathesis against the OpenAPI document (issue 11 §5): the app in-process (ASGI) on an
SQLite store, as a registered player and as the operator.

For every operation of the document, schemathesis generates requests that fit the schema
(positive) and requests that break it (negative: wrong types, out-of-bound numbers, missing
fields), each sent twice over: with generated path parameters (unknown tables and players) and
with the ids of a real table and player (the player seated at spot 1 with money to bet). Every
answer must pass the stateless checks:

- `not_a_server_error`: no 5xx, whatever the input;
- `status_code_conformance`: the status is one the document declares for the operation;
- `response_schema_conformance`: the body fits the declared schema, so every error is the
  `{"error", "paragraph"}` body (`ErrorBody`).

`max_examples` is small (the whole file runs in well under a minute); a failure prints the
request that reproduces it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    response_schema_conformance,
    status_code_conformance,
)

from tablegames.server.app import create_app
from tablegames.server.service import Service
from tablegames.server.tables_file import TableSpec
from tablegames.store import Store

OPERATOR_TOKEN = "schemathesis-operator-token"
TABLES = (
    TableSpec("blackjack", "Main", {"preset": "pa-6deck", "side_wagers": {"lucky_ladies": {}}}),
    TableSpec("craps", "Dice", {"preset": "pa-power-odds"}),
)
CHECKS = [not_a_server_error, status_code_conformance, response_schema_conformance]
MAX_EXAMPLES = 12


@dataclass(frozen=True)
class Served:
    schema: Any
    headers: dict[str, str]
    ids: dict[str, str]  # a real table_id and player_id


@pytest.fixture(params=["player", "operator"])
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Served]:
    store = Store.open(f"sqlite:///{tmp_path / 'store.db'}")
    service = Service(store)
    service.operator_token(OPERATOR_TOKEN)
    service.start(list(TABLES))
    player_id, token = service.register("Ann")
    operator = service.authenticate(OPERATOR_TOKEN)
    assert operator is not None
    service.money(operator, player_id, 1_000_000, deposit=True, idempotency=None)
    table_id = next(row["table_id"] for row in service.lobby() if row["name"] == "Main")
    ann = service.authenticate(token)
    assert ann is not None
    service.table_command(
        ann, table_id, lambda runtime: runtime.sit(player_id, [1]), idempotency=None
    )
    app = create_app(service)
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    secret = token if request.param == "player" else OPERATOR_TOKEN
    try:
        yield Served(
            schema,
            {"Authorization": f"Bearer {secret}"},
            {"table_id": table_id, "player_id": player_id},
        )
    finally:
        store.close()


def _operations(schema: Any) -> list[Any]:
    return [result.ok() for result in schema.get_all_operations()]


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_every_answer_is_documented_and_no_input_is_a_server_error(
    served: Served, mode: GenerationMode
) -> None:
    failures: list[str] = []
    for operation in _operations(served.schema):
        names = {parameter.name for parameter in operation.path_parameters}
        real = {name: served.ids[name] for name in names if name in served.ids}
        # Closing the real table would leave the rest of the run nothing to play at.
        fixed = [None] if operation.path.endswith("/close") or not real else [None, real]
        for path_parameters in fixed:
            strategy = operation.as_strategy(mode, path_parameters=path_parameters)

            @given(case=strategy)
            @settings(
                max_examples=MAX_EXAMPLES,
                deadline=None,
                suppress_health_check=list(HealthCheck),
                database=None,
            )
            def run(case: Any) -> None:
                case.call_and_validate(headers=served.headers, checks=CHECKS)

            try:
                run()
            except Unsatisfiable:
                # An operation that takes nothing (`GET /api/server`) has no input to break.
                if mode is not GenerationMode.NEGATIVE:
                    raise
            except Exception as failure:  # each operation's failure is reported, not only the first
                failures.append(f"{operation.method.upper()} {operation.path}: {failure}")
    assert not failures, "\n\n".join(failures)


def test_the_run_covers_every_operation(served: Served) -> None:
    paths = {(op.method.upper(), op.path) for op in _operations(served.schema)}
    assert ("POST", "/api/tables/{table_id}/commands") in paths
    assert ("POST", "/api/operator/tables/{table_id}/stack") in paths
    assert ("GET", "/api/tables/{table_id}/layout") in paths
    assert ("GET", "/api/operator/report/day") in paths
    assert ("POST", "/api/operator/tables/{table_id}/orders") in paths
    assert len(paths) == 23
