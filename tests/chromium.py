"""Debian's Chromium as the browser tests launch it (headless, no sandbox, nothing from the
network): the report's rendering test and the browser table's tests."""

from __future__ import annotations

from typing import Final

CHROMIUM: Final = "/usr/bin/chromium"
CHROMIUM_ARGS: Final = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
