"""The server's OpenAPI document, as checked in at `docs/openapi.json`.

Regenerate it after changing the interface:

    .venv/bin/python -m tablegames.server.openapi > docs/openapi.json

The document is `/openapi.json` of the app (`tablegames.server.app.create_app`) with its keys
sorted, indented by two spaces and ending with a newline; `tests/server/test_openapi.py` fails
when the checked-in copy differs. The app is built on a store in a temporary folder that is
removed at once: the document depends on the routes alone, not on any table or player.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from tablegames.server.app import create_app
from tablegames.server.service import Service
from tablegames.store import Store


def document() -> dict[str, Any]:
    """The app's OpenAPI document."""
    with tempfile.TemporaryDirectory(prefix="tablegames-openapi-") as folder:
        store = Store.open(f"sqlite:///{Path(folder) / 'openapi.db'}")
        try:
            return create_app(Service(store)).openapi()
        finally:
            store.close()


def text() -> str:
    """The document as checked in: sorted keys, two-space indent, a trailing newline."""
    return json.dumps(document(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main() -> None:
    sys.stdout.write(text())


if __name__ == "__main__":
    main()
