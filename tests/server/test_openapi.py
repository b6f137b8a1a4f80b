"""The checked-in OpenAPI document (`docs/openapi.json`) is the app's own (issue 11 §2), and it
declares what the contract promises: every error body, the Bearer scheme, the bodies' bounds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tablegames.server.openapi import document, text

CHECKED_IN = Path(__file__).resolve().parents[2] / "docs" / "openapi.json"
REGENERATE = ".venv/bin/python -m tablegames.server.openapi > docs/openapi.json"


def test_docs_openapi_json_is_the_apps_document() -> None:
    assert CHECKED_IN.read_text(encoding="utf-8") == text(), (
        f"docs/openapi.json is not the app's OpenAPI document: regenerate it with `{REGENERATE}`"
    )


def test_every_error_answer_is_declared_with_the_error_body() -> None:
    found: dict[str, Any] = document()
    assert found["components"]["securitySchemes"]["HTTPBearer"] == {
        "type": "http",
        "scheme": "bearer",
    }
    error = {"$ref": "#/components/schemas/ErrorBody"}
    for path, methods in found["paths"].items():
        for method, operation in methods.items():
            statuses = {int(status) for status in operation["responses"]}
            errors = {status for status in statuses if 400 <= status < 500}
            assert 413 in errors, (method, path)
            for status in errors:
                body = operation["responses"][str(status)]["content"]["application/json"]
                assert body["schema"] == error, (method, path, status)
            # Every call but registration carries the Bearer token, and `GET /api/server`,
            # which says what a page shows before anyone signs in (test mode, play money).
            if path not in ("/api/players", "/api/server"):
                assert operation["security"] == [{"HTTPBearer": []}], (method, path)
                assert 401 in errors, (method, path)
    assert "HTTPValidationError" not in found["components"]["schemas"]
    amount = found["components"]["schemas"]["Amount"]["properties"]["amount"]
    assert (amount["exclusiveMinimum"], amount["maximum"]) == (0, 10**12)
