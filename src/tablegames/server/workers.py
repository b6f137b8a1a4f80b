"""`tablegames serve --workers N`: N server processes on one listening socket and one store.

The parent process does what must happen once (checks the tables file, creates or migrates the
schema, sets the operator token, opens the first tables, logs the start) and then hands the
socket to N worker processes (uvicorn's supervisor, spawned: nothing of the parent's threads or
connections is inherited). Each worker is a whole server: it restores every open table from the
store, runs its own decision clock and serves any request.

What keeps them one server is the store, exactly as for two servers on one PostgreSQL database
(`Service`): every commit names the version it expects, so two workers never both win a
table's version, and a worker whose copy of a table is behind rebuilds it from the stream before
it decides again; a table one worker opened is loaded by another at its first request
(`Service.runtime`); each WebSocket catches up on the other workers' commits once a second. On
SQLite, writers of all the workers queue on one file lock (`store.writer_lock`).

A client's keep-alive connection stays with the worker that accepted it, so the requests of one
player at one table are decided by one worker and its copy of the table is never behind.
"""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Final

from fastapi import FastAPI

from tablegames.server.app import create_app
from tablegames.server.clock import DecisionClock
from tablegames.server.service import Service
from tablegames.store import Store

# How the parent tells its spawned workers what to serve (they start from an import string).
SETTINGS_VARIABLE: Final = "TABLEGAMES_WORKER_SETTINGS"
FACTORY: Final = "tablegames.server.workers:worker_app"


def worker_settings(db: str, *, test_mode: bool, welcome_credit: int = 0) -> str:
    """The value of SETTINGS_VARIABLE for the workers."""
    return json.dumps({"db": db, "test_mode": test_mode, "welcome_credit": welcome_credit})


def worker_app() -> FastAPI:
    """The application of one worker process (uvicorn's factory, called in the worker)."""
    settings = json.loads(os.environ[SETTINGS_VARIABLE])
    store = Store.open(str(settings["db"]))
    service = Service(
        store,
        test_mode=bool(settings["test_mode"]),
        welcome_credit=int(settings.get("welcome_credit", 0)),
    )
    # The parent opened the first tables; a worker restores what the store holds.
    service.start(())
    app = create_app(service)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        clock = DecisionClock(service)
        clock.start()
        try:
            yield
        finally:
            clock.stop()
            store.audit("server_stopped", {"worker": os.getpid()})
            store.close()

    app.router.lifespan_context = lifespan
    return app
