"""A Blackjack round played in Chromium through the page alone, against a real server.

The cards are stacked through the operator's test-mode call (the dealing order of 633a.7(f):
box 1, the dealer's up card, box 1, the hole card, then the draws), so that the round takes
the path each test names. Balances are worked by hand from the stacked cards and the 3 to 2 /
1 to 1 payouts of 633a.13.
"""

from __future__ import annotations

import re
from typing import Any

from tests.browser.conftest import WELCOME_CREDIT, LiveServer
from tests.browser.pages import bet, deal, decide, join, open_table, sit, wait_for_balance

SIX_DECK = "Six-deck Blackjack"


def test_a_round_with_a_split_and_a_double(live_server: LiveServer, context: Any) -> None:
    """633b.16(c) EZ Bust declined, then 633a.11 (split) and 633a.10 (double after split):
    8-8 against a 6, split; the first hand draws 3 (11) and doubles onto 9 (20); the second
    draws 10 (18) and stands; the dealer turns 10 (16), draws a king and busts. Both hands win 1 to 1 (633a.13(a)): the doubled
    $50 and the $25 win $75 in all."""
    page = context.new_page()
    join(page, live_server, "Ann")
    table_id = open_table(page, live_server, SIX_DECK)
    sit(page, 1)
    live_server.operator(
        "POST",
        f"/api/operator/tables/{table_id}/stack",
        {"cards": ["8S", "6D", "8H", "TC", "3C", "9D", "TH", "KS"]},
    )
    bet(page, 1, "blackjack", 2500)
    deal(page)
    page.get_by_test_id("cards-1-0").locator('[data-card="8H"]').wait_for()
    # The hole card is dealt face down: the page holds no card but its back.
    assert page.get_by_test_id("dealer-cards").locator(".card").count() == 2
    assert page.get_by_test_id("dealer-cards").locator('[data-card="TC"]').count() == 0
    # The six-deck table offers EZ Bust (633b.16(c)) before play: declined.
    page.locator('.decision[data-action="ez_bust"]').wait_for()
    decide(page, "decline")
    decide(page, "split")
    page.get_by_test_id("cards-1-0").locator('[data-card="3C"]').wait_for()
    # The hand the split formed is offered EZ Bust in its turn (633b.16(c)): declined.
    decide(page, "decline")
    decide(page, "double")
    page.get_by_test_id("cards-1-1").locator('[data-card="TH"]').wait_for()
    decide(page, "stand")
    result = page.get_by_test_id("round-result")
    result.wait_for()
    assert re.search(r"\+\$75\b", result.inner_text()), result.inner_text()
    page.get_by_test_id("dealer-cards").locator('[data-card="TC"]').wait_for()
    wait_for_balance(page, WELCOME_CREDIT + 7500)
