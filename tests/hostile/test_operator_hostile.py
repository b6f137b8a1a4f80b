"""What a careless or hostile client sends to the operator's floor (`/operator`'s calls): any
gaming day, any list limit, any rules file's text is answered with a 2xx or a 4xx error body
(never a 5xx or a traceback), and a refused rules file opens no table."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
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

OPERATOR = {"Authorization": "Bearer hostile-floor-operator"}
FIELDS = st.sampled_from(
    ["preset", "decks", "shoe", "side_wagers", "late_surrender", "penetration", "wagers", "x", ""]
)
VALUES = st.one_of(
    st.sampled_from(
        ['"pa-6deck"', '"pa-power-odds"', "6", "true", "0.75", "-1", "1e400", "[]", "{}"]
    ),
    st.sampled_from(["1979-05-27", "07:32:00", "1979-05-27T07:32:00Z", "nan", "inf", '"\\u0000"']),
    st.text(max_size=8).map(lambda text: '"' + text.replace("\\", "").replace('"', "") + '"'),
)
TOML = st.lists(st.tuples(FIELDS, VALUES), max_size=5).map(
    lambda pairs: "\n".join(f"{key or 'k'} = {value}" for key, value in pairs)
)
JSON_ANY = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-10, 10)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=10,
)
FILE_BODIES = st.one_of(
    st.fixed_dictionaries(
        {
            "game": st.sampled_from(["blackjack", "craps", "poker", ""]),
            "name": st.sampled_from(["Pit", "", "\x00", "x" * 61]),
            "format": st.sampled_from(["toml", "json", "yaml"]),
            "text": TOML | st.text(max_size=40),
        }
    ),
    st.dictionaries(
        st.sampled_from(["game", "name", "format", "text", "rules"]), JSON_ANY, max_size=5
    ),
    JSON_ANY,
)


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, Service]]:
    folder: Path = tmp_path_factory.mktemp("floor")
    store = Store.open(f"sqlite:///{folder}/floor.db")
    service = Service(store, test_mode=True)
    service.operator_token("hostile-floor-operator")
    service.start([TableSpec("blackjack", "Main", {"preset": "pa-6deck"})])
    service.register("Ann")
    try:
        with TestClient(create_app(service)) as client:
            yield client, service
    finally:
        store.close()


def _refused(answer: Any) -> None:
    assert answer.status_code < 500, answer.text
    if answer.status_code >= 400:
        found = answer.json()
        assert set(found) == {"error", "paragraph"}
        assert found["error"]


SETTINGS = settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@SETTINGS
@given(day=st.text(max_size=16) | st.dates().map(date.isoformat))
def test_any_gaming_day_is_answered_without_a_5xx(
    lab: tuple[TestClient, Service], day: str
) -> None:
    client, _ = lab
    answer = client.get("/api/operator/report/day", params={"date": day}, headers=OPERATOR)
    _refused(answer)
    if answer.status_code == 200:
        assert answer.json()["day"] == day


@SETTINGS
@given(limit=st.text(max_size=8) | st.integers(-(10**20), 10**20).map(str))
def test_any_players_limit_is_answered_without_a_5xx(
    lab: tuple[TestClient, Service], limit: str
) -> None:
    client, _ = lab
    _refused(client.get("/api/operator/players", params={"limit": limit}, headers=OPERATOR))


@SETTINGS
@given(body=FILE_BODIES)
def test_any_rules_file_is_answered_without_a_5xx(
    lab: tuple[TestClient, Service], body: Any
) -> None:
    client, service = lab
    before = len(service.store.tables())
    answer = client.post("/api/operator/tables/rules-file", json=body, headers=OPERATOR)
    _refused(answer)
    opened = len(service.store.tables()) - before
    assert opened == (1 if answer.status_code == 201 else 0)


@pytest.mark.parametrize(
    "raw",
    [
        b'{"game": "blackjack", "name": "X", "text": Infinity}',
        b'{"game": "blackjack", "name": "X", "text": "a = 1"',
        b"\xff\xfe",
        b"[]",
    ],
)
def test_a_rules_file_body_json_forbids_is_refused(
    lab: tuple[TestClient, Service], raw: bytes
) -> None:
    client, service = lab
    before = len(service.store.tables())
    answer = client.post(
        "/api/operator/tables/rules-file",
        content=raw,
        headers={**OPERATOR, "Content-Type": "application/json"},
    )
    assert 400 <= answer.status_code < 500, answer.text
    _refused(answer)
    assert len(service.store.tables()) == before
