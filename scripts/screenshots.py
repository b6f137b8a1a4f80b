"""The screenshots of the README (issue 12): the lobby, a Blackjack round in progress, a
settled round, a craps roll and the operator page, taken in Debian's Chromium from a real
`tablegames serve --test-mode` with stacked cards and dice, and written to docs/screenshots/.

Run: `.venv/bin/python scripts/screenshots.py` (or `make screenshots`).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import OPERATOR_TOKEN, LiveServer  # noqa: E402
from tests.browser.pages import bet, deal, decide, decline_ez_bust_then, join, sit, stack  # noqa: E402
from tests.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        server = LiveServer(Path(folder))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                _shoot(browser, server)
                browser.close()
        finally:
            server.stop()


def _shoot(browser: object, server: LiveServer) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 860})  # type: ignore[attr-defined]
    context.set_default_timeout(15_000)
    page = context.new_page()
    join(page, server, "Ann")
    page.screenshot(path=str(OUT / "lobby.png"), full_page=True)

    table_id = server.table_id("Six-deck Blackjack")
    page.goto(f"{server.url}/#/table/{table_id}")
    page.get_by_test_id("controls").wait_for()
    sit(page, 3)
    stack(server, table_id, ["8S", "AS", "8H", "7C", "3C", "9D", "TH"])
    bet(page, 3, "blackjack", 2500)
    bet(page, 3, "lucky_ladies", 500)
    bet(page, 3, "match_the_dealer", 500)
    deal(page)
    page.locator('.decision[data-action="insurance"]').wait_for()
    decide(page, "decline")
    decline_ez_bust_then(page, "split")
    page.wait_for_timeout(900)
    page.screenshot(path=str(OUT / "blackjack-in-progress.png"), full_page=True)
    for action in ("double", "stand"):
        decline_ez_bust_then(page, action)
    page.get_by_test_id("round-result").wait_for()
    page.wait_for_timeout(900)
    page.screenshot(path=str(OUT / "blackjack-settled.png"), full_page=True)

    craps = server.table_id("Craps Power Odds")
    page.goto(f"{server.url}/#/table/{craps}")
    page.get_by_test_id("take-place").click()
    server.operator("POST", f"/api/operator/tables/{craps}/stack", {"dice": [[3, 4]]})
    page.get_by_test_id("chip-500").click()
    for wager in ("any_seven", "hard_8", "ce"):
        page.get_by_test_id(f"area-{wager}").click()
    page.get_by_test_id("area-ce").locator(".chip-stack:not(.staged)").wait_for()
    deal(page)
    page.get_by_test_id("dice-total").wait_for()
    page.wait_for_timeout(900)
    page.screenshot(path=str(OUT / "craps.png"), full_page=True)

    operator = context.new_page()
    operator.goto(f"{server.url}/operator")
    operator.evaluate(f"sessionStorage.setItem('tablegames.operator', {OPERATOR_TOKEN!r})")
    operator.reload()
    operator.wait_for_load_state("networkidle")
    operator.wait_for_timeout(900)
    operator.screenshot(path=str(OUT / "operator.png"), full_page=True)
    context.close()


if __name__ == "__main__":
    main()
