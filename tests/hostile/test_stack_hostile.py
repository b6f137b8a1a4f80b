"""What a careless or hostile lab sends to the test-mode stacking route: any JSON at all is
answered with a 2xx or a 4xx error body (never a 5xx or a traceback), and a refused stacking
changes neither the table's stream nor its sealed records."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.server.app import create_app
from tablegames.server.service import Service
from tablegames.server.tables_file import TableSpec
from tablegames.store import Store

OPERATOR = {"Authorization": "Bearer hostile-operator"}
TABLES = (
    TableSpec("blackjack", "Main", {"preset": "pa-6deck"}),
    TableSpec("craps", "Dice", {"preset": "pa-power-odds"}),
)
CODES = st.sampled_from(["AS", "KH", "TD", "2C", "JK", "ZZ", "", "as", "10H", "A"])
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-10, 10)
    | st.floats(allow_nan=False, allow_infinity=False)
    | CODES,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=12,
)
BODIES = st.one_of(
    st.fixed_dictionaries({"cards": st.lists(CODES, max_size=12)}),
    st.fixed_dictionaries({"dice": st.lists(st.lists(st.integers(-1, 8), max_size=3))}),
    st.dictionaries(st.sampled_from(["cards", "dice", "both", ""]), JSON, max_size=3),
    JSON,
)


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, Service]]:
    folder: Path = tmp_path_factory.mktemp("stack")
    store = Store.open(f"sqlite:///{folder}/lab.db")
    service = Service(store, test_mode=True)
    service.operator_token("hostile-operator")
    service.start(TABLES)
    try:
        with TestClient(create_app(service)) as client:
            yield client, service
    finally:
        store.close()


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=BODIES, which=st.sampled_from(["Main", "Dice"]))
def test_any_stacking_body_is_answered_without_a_5xx(
    lab: tuple[TestClient, Service], body: Any, which: str
) -> None:
    client, service = lab
    tables = client.get("/api/tables", headers=OPERATOR).json()
    table = next(t["table_id"] for t in tables if t["name"] == which)
    version = service.store.version(table)
    sealed = len(service.store.sealed(table))
    answer = client.post(f"/api/operator/tables/{table}/stack", json=body, headers=OPERATOR)
    assert answer.status_code < 500, answer.text
    if answer.status_code >= 400:
        found = answer.json()
        assert set(found) == {"error", "paragraph"}
        assert found["error"]
        assert service.store.version(table) == version
        assert len(service.store.sealed(table)) == sealed
    else:
        assert service.store.version(table) > version


@pytest.mark.parametrize(
    "raw",
    [
        b'{"cards": [Infinity]}',
        b'{"cards": ["AS"], "dice": NaN}',
        b'{"dice": [[1e400, 2]]}',
        b'{"cards": ["AS"',
        b"\xff\xfe",
    ],
)
def test_a_stacking_body_python_json_would_accept_but_json_forbids_is_refused(
    lab: tuple[TestClient, Service], raw: bytes
) -> None:
    client, service = lab
    tables = client.get("/api/tables", headers=OPERATOR).json()
    table = next(t["table_id"] for t in tables if t["name"] == "Main")
    version = service.store.version(table)
    answer = client.post(
        f"/api/operator/tables/{table}/stack",
        content=raw,
        headers={**OPERATOR, "Content-Type": "application/json"},
    )
    assert 400 <= answer.status_code < 500, answer.text
    assert set(answer.json()) == {"error", "paragraph"}
    assert service.store.version(table) == version
