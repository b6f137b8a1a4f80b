"""The cut offered to a player at an electronic Blackjack table (house rule `player_cut`,
633a.5(b)-(d)) in Chromium against a real `tablegames serve --test-mode`: the first player
seated sees the cut, a cut nearer than ten cards to an end is refused with its paragraph, a
proper cut is taken and the round deals from the cut stack."""

from __future__ import annotations

import time
from typing import Any

from tests.browser.conftest import LiveServer
from tests.browser.pages import bet, deal, join, sit


def test_633a_5_b_the_first_player_seated_cuts_the_cards_in_the_page(
    live_server: LiveServer, context: Any
) -> None:
    made = live_server.operator(
        "POST",
        "/api/operator/tables",
        {
            "game": "blackjack",
            "preset": "pa-6deck",
            "rules": {"player_cut": True},
            "name": "Cut table",
        },
    )
    table_id = str(made["table_id"])
    page = context.new_page()
    join(page, live_server, "Cutter")
    page.get_by_test_id(f"open-{table_id}").click()
    page.get_by_test_id("controls").wait_for()
    sit(page, 2)
    page.get_by_test_id("cut-2").wait_for()
    position = page.get_by_test_id("cut-position")
    position.fill("5")
    page.get_by_test_id("action-cut").click()
    page.get_by_text("633a.5(d)").first.wait_for()  # the refusal names its paragraph
    position.fill("100")
    page.get_by_test_id("action-cut").click()
    # The server's stream holds the player's cut (read as the operator, who sees it all).
    cuts: list[dict[str, Any]] = []
    for _ in range(100):
        stream = live_server.operator("GET", f"/api/tables/{table_id}")
        cuts = [
            entry["event"] for entry in stream["events"] if entry["event"]["event"] == "cut_taken"
        ]
        if cuts:
            break
        time.sleep(0.2)
    assert [(cut["box"], cut["position"]) for cut in cuts] == [(2, 100)]
    page.get_by_test_id("cut-2").wait_for(state="detached", timeout=30_000)
    bet(page, 2, "blackjack", 2500)
    deal(page)
    page.get_by_test_id("cards-2-0").locator(".card").first.wait_for()
