"""The page through a server crash, and a craps Power Odds roll.

The server is killed (SIGKILL: no shutdown of any kind) in the middle of a round and started
again on the same port and database; the page reconnects by itself and the round finishes
at the decision where it stood, with the right balance (what was acknowledged survives).
"""

from __future__ import annotations

import re
from typing import Any

from tests.browser.conftest import WELCOME_CREDIT, LiveServer
from tests.browser.pages import (
    bet,
    deal,
    decide,
    join,
    open_table,
    sit,
    stack,
    wait_for_balance,
)


def test_the_page_reconnects_after_a_crash_and_the_round_finishes(
    live_server: LiveServer, context: Any
) -> None:
    """10-8 (18) against the dealer's 6-9 (15), who draws a king and busts (633a.7(n)):
    the $25 Blackjack Wager wins 1 to 1 after the restart, +$25."""
    page = context.new_page()
    join(page, live_server, "Fay")
    table_id = open_table(page, live_server, "Six-deck Blackjack")
    sit(page, 1)
    stack(live_server, table_id, ["TS", "6D", "8H", "9C", "KS"])
    bet(page, 1, "blackjack", 2500)
    deal(page)
    page.locator('.decision[data-action="ez_bust"]').wait_for()
    decide(page, "decline")  # EZ Bust declined (633b.16(c)); then the play decision waits
    page.locator('.decision[data-action="stand"]').wait_for()
    live_server.restart()
    # The page notices the dropped stream, says so, and comes back by itself.
    page.get_by_text("Reconnecting").wait_for(state="detached", timeout=30_000)
    page.get_by_test_id("cards-1-0").locator('[data-card="8H"]').wait_for()
    decide(page, "stand")
    result = page.get_by_test_id("round-result")
    result.wait_for()
    assert re.search(r"\+\$25\b", result.inner_text()), result.inner_text()
    page.get_by_test_id("dealer-cards").locator('[data-card="KS"]').wait_for()
    wait_for_balance(page, WELCOME_CREDIT + 2500)


# Any Seven: 4 to 1 (the one-roll payout the Power Odds table starts from, CrapsRules' base
# odds of 623a); 623b.5(d): 6 to 1 at level 1, 8 to 1 at level 2.
ANY_SEVEN_PAYS = {0: 4, 1: 6, 2: 8}


def test_a_craps_roll_with_a_power_odds_selection(live_server: LiveServer, context: Any) -> None:
    """623b.5(c): the selection of boosted wagers is shown before the dice; a stacked 3-4
    wins the $5 Any Seven at the odds of its level in that selection."""
    page = context.new_page()
    join(page, live_server, "Gil")
    table_id = live_server.table_id("Craps Power Odds")
    page.get_by_test_id(f"open-{table_id}").click()
    page.get_by_test_id("take-place").click()
    page.get_by_test_id("chip-500").wait_for()
    live_server.operator("POST", f"/api/operator/tables/{table_id}/stack", {"dice": [[3, 4]]})
    page.get_by_test_id("chip-500").click()
    page.get_by_test_id("area-any_seven").click()
    page.get_by_test_id("area-any_seven").locator(".chip-stack:not(.staged)").wait_for()
    deal(page)
    selection = page.get_by_test_id("selection")
    selection.wait_for()
    page.get_by_test_id("dice").locator('[data-die="3"]').wait_for()
    page.get_by_test_id("dice").locator('[data-die="4"]').wait_for()
    assert page.get_by_test_id("dice-total").inner_text() == "7"
    boosted = selection.locator('[data-line="any_seven"]')
    level = 0
    if boosted.count():
        level = int(re.search(r"level (\d)", boosted.inner_text()).group(1))  # type: ignore[union-attr]
    won = 500 * ANY_SEVEN_PAYS[level]
    page.get_by_test_id("area-any_seven").locator(".result.won").wait_for()
    wait_for_balance(page, WELCOME_CREDIT + won)


def test_the_page_reconnects_after_a_network_drop(live_server: LiveServer, context: Any) -> None:
    """The browser goes offline mid-round (the WebSocket drops) and comes back: the page says
    it is reconnecting, resumes from the last version it had, and the round finishes: 10-8
    (18) against 6-9 drawing a king (25) wins $25."""
    page = context.new_page()
    join(page, live_server, "Hal")
    table_id = open_table(page, live_server, "Six-deck Blackjack")
    sit(page, 1)
    stack(live_server, table_id, ["TS", "6D", "8H", "9C", "KS"])
    bet(page, 1, "blackjack", 2500)
    deal(page)
    page.locator('.decision[data-action="ez_bust"]').wait_for()
    context.set_offline(True)
    page.get_by_text("Reconnecting").wait_for()
    context.set_offline(False)
    page.get_by_text("Reconnecting").wait_for(state="detached", timeout=30_000)
    decide(page, "decline")
    decide(page, "stand")
    page.get_by_test_id("round-result").wait_for()
    assert "+$25" in page.get_by_test_id("round-result").inner_text()
    wait_for_balance(page, WELCOME_CREDIT + 2500)
