"""The decision clock of a server process: once a second, the house rule's default for every
decision past its time (the decision time of `tablegames.server.runtime`, 30 s by default),
committed like any command (`Service.expire_all`)."""

from __future__ import annotations

import threading

from tablegames.core.errors import TableGamesError
from tablegames.server.service import Service

TICK_SECONDS = 1.0


class DecisionClock:
    """A daemon thread ticking `service.expire_all` until `stop`."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="decision-clock", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stopped.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        while not self._stopped.wait(TICK_SECONDS):
            try:
                self.service.expire_all()
            except TableGamesError:
                # A conflict with another process's commit: the next tick tries again.
                continue
