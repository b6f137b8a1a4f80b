"""The browser tests' parts: a real `tablegames serve` (test mode, play-money credit, the
default four tables, an SQLite file, a free port of 127.0.0.1) and Debian's Chromium driven by
Playwright. Nothing is mocked: the page talks to the server over HTTP and WebSocket as a
player's browser does.

Set TABLEGAMES_UPDATE_DOCS=1 to let the screenshot test write `docs/screenshots/`.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.chromium import CHROMIUM, CHROMIUM_ARGS
from tests.serving import free_port, wait_until_serving

OPERATOR_TOKEN = "browser-test-operator-token"
WELCOME_CREDIT = 100_000  # $1,000 of play money for every new player


class LiveServer:
    """One `tablegames serve --test-mode` process; `restart` stops it and starts it again on
    the same port and database (the page's WebSocket must reconnect by itself)."""

    def __init__(self, folder: Path, extra: tuple[str, ...] = ()) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.extra = extra
        self.process: subprocess.Popen[str] | None = None
        self.start()

    def start(self) -> None:
        command = [
            sys.executable,
            "-m",
            "tablegames",
            "serve",
            "--port",
            str(self.port),
            "--db",
            f"sqlite:///{self.folder / 'tablegames.db'}",
            "--test-mode",
            "--welcome-credit",
            str(WELCOME_CREDIT),
            *self.extra,
        ]
        env = {**os.environ, "TABLEGAMES_OPERATOR_TOKEN": OPERATOR_TOKEN}
        # The server's output goes to a file, never to a pipe nobody reads (a full pipe would
        # stop the server at its next write); a failed test shows its end (`live_server`).
        with self.log.open("a") as log:
            self.process = subprocess.Popen(
                command, env=env, stdout=log, stderr=subprocess.STDOUT, text=True
            )
        try:
            wait_until_serving(self.process, f"{self.url}/api/server")
        except RuntimeError as problem:
            raise RuntimeError(f"{problem}\n{self.log_tail()}") from None

    @property
    def log(self) -> Path:
        return self.folder / "serve.log"

    def log_tail(self, lines: int = 60) -> str:
        if not self.log.exists():
            return "(the server wrote nothing)"
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(sig)
        try:
            self.process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.communicate()

    def restart(self, sig: int = signal.SIGKILL) -> None:
        self.stop(sig)
        self.start()

    def operator(self, method: str, path: str, body: Any = None) -> Any:
        answer = httpx.request(
            method,
            self.url + path,
            json=body,
            headers={"Authorization": f"Bearer {OPERATOR_TOKEN}"},
            timeout=10,
        )
        if answer.status_code >= 300:
            raise AssertionError(f"{method} {path}: {answer.status_code} {answer.text}")
        return answer.json()

    def table_id(self, name: str) -> str:
        for table in self.operator("GET", "/api/tables"):
            if table["name"] == name:
                return str(table["table_id"])
        raise AssertionError(f"no table named {name!r}")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    # Each phase's report kept on the test, so that a fixture's teardown knows it failed.
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    setattr(item, f"report_{report.when}", report)


@pytest.fixture
def live_server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[LiveServer]:
    running = LiveServer(tmp_path)
    try:
        yield running
    finally:
        running.stop(signal.SIGKILL)
        called = getattr(request.node, "report_call", None)
        if called is not None and called.failed:
            print(f"--- the end of the server's output ---\n{running.log_tail()}")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"{CHROMIUM} is missing: install Debian's chromium package "
            "(`make chromium` as root, or apt-get install chromium)"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """A fresh browser profile (its own localStorage: its own player)."""
    made = browser.new_context(viewport={"width": 1280, "height": 900})
    made.set_default_timeout(10_000)
    errors: list[str] = []
    made.on("page", lambda page: page.on("pageerror", lambda error: errors.append(str(error))))
    try:
        yield made
    finally:
        made.close()
    if errors:
        pytest.fail(f"the page raised: {errors}")
