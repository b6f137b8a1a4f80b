"""`JSONAnswer` (pydantic-core's serializer) writes what Starlette's `JSONResponse` writes.

For text, integers, booleans, null, lists and objects with text keys (what the service's
answers hold) the bytes are the same; a finite float may be spelt otherwise (`1e-05` and
`1e-5`) and is read back as the same number."""

from __future__ import annotations

import json
from typing import Any

from fastapi.responses import JSONResponse
from hypothesis import given
from hypothesis import strategies as st

from tablegames.server.requests import JSONAnswer

WITHOUT_FLOATS = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=30,
)
WITH_FLOATS = st.recursive(
    st.none() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=30,
)


@given(WITHOUT_FLOATS)
def test_answers_are_the_bytes_starlette_writes(value: Any) -> None:
    assert JSONAnswer(value).body == JSONResponse(value).body


@given(WITH_FLOATS)
def test_finite_floats_read_back_the_same(value: Any) -> None:
    assert json.loads(bytes(JSONAnswer(value).body)) == json.loads(bytes(JSONResponse(value).body))


def test_control_characters_and_non_ascii_text() -> None:
    value = {"name": 'Zoë \x00\x1f\x7f\n\t"\\ 🂡', "ids": ["\u2028", "\ud7ff"]}
    assert JSONAnswer(value).body == JSONResponse(value).body
