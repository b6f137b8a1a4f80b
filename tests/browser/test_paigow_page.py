"""A Pai Gow Poker table played in Chromium through the page alone, against a real server.

The deal is stacked through the operator's test-mode call (dice 2-3-3, total 8: counted from
the dealer as one, the dealer's seven cards come first, then seat 1's). Worked by hand:

- Round 1. The dealer KC KH 2S 3H 5D 7C 9S (house way: the kings behind, 9-7 in front); Ann
  AS AD QS QD 8C 8D 2C with $25 on the main wager and $5 on Fortune. She clicks QS and QD into
  the low hand: aces and eights behind, queens in front, both beat the dealer's, so the main
  wager wins even money less the 5% commission (+$23.75) and three pair loses the Fortune
  wager (-$5): net +$18.75.
- Round 2. Ann 2H 3C 4D 7S 8H TC 6D with $25: ten-eight in front leaves a seven-high hand
  behind, which the table refuses (the high hand must rank at least as high as the low); she
  asks for the house way instead, and the page shows the round's net, which the balance
  follows.
"""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import WELCOME_CREDIT, LiveServer
from tests.browser.pages import deal, join, wait_for_balance

TABLE = "Pai Gow Fortune"
DEALER = ["KC", "KH", "2S", "3H", "5D", "7C", "9S"]
ROUND_1 = ["AS", "AD", "QS", "QD", "8C", "8D", "2C"]
ROUND_2 = ["2H", "3C", "4D", "7S", "8H", "TC", "6D"]


def _stack(server: LiveServer, table_id: str, hand: list[str]) -> None:
    server.operator(
        "POST",
        f"/api/operator/tables/{table_id}/stack",
        {"cards": [*DEALER, *hand], "dice": [2, 3, 3]},
    )


def _bet(page: Any, wager: str, chip: int) -> None:
    page.get_by_test_id(f"chip-{chip}").click()
    page.get_by_test_id(f"area-1-{wager}").click()
    page.get_by_test_id(f"area-1-{wager}").locator(".chip-stack:not(.staged)").wait_for()


def test_a_pai_gow_player_bets_sets_by_clicking_and_by_the_house_way(
    live_server: LiveServer, context: Any
) -> None:
    live_server.operator(
        "POST",
        "/api/operator/tables",
        {
            "game": "pai_gow",
            "preset": "pa-pai-gow",
            "rules": {"fortune_paytable": "wizard_2"},
            "name": TABLE,
        },
    )
    page = context.new_page()
    join(page, live_server, "Ann")
    table_id = live_server.table_id(TABLE)
    page.get_by_test_id(f"open-{table_id}").click()
    page.get_by_test_id("sit-1").click()
    page.locator('[data-testid="seat-1"].mine').wait_for()
    # The betting areas are the window's offers: the main wager, the bank and co-bank, Fortune.
    for wager in ("pai_gow", "bank", "co_bank", "fortune"):
        page.get_by_test_id(f"area-1-{wager}").wait_for()

    _stack(live_server, table_id, ROUND_1)
    _bet(page, "pai_gow", 2500)
    _bet(page, "fortune", 500)
    deal(page)
    arrange = page.get_by_test_id("arrange")
    arrange.get_by_test_id("card-QS").wait_for()
    # The dice and where the first hand went; the dealer's seven cards face down.
    assert "8: the first hand goes to the dealer" in page.get_by_test_id("start").inner_text()
    assert page.get_by_test_id("start").locator(".die").count() == 3
    dealer = page.get_by_test_id("dealer")
    assert dealer.locator('.card[data-card="??"]').count() == 7
    assert page.get_by_test_id("set-hand").is_disabled()
    arrange.get_by_test_id("card-QS").click()
    arrange.get_by_test_id("card-QD").click()
    assert page.get_by_test_id("low-hand").locator(".card").count() == 2
    assert page.get_by_test_id("high-hand").locator(".card").count() == 5
    page.get_by_test_id("set-hand").click()
    net = page.get_by_test_id("net-1")
    net.wait_for()
    assert net.get_attribute("data-cents") == "1875"
    # Every hand at the settlement: the dealer's set by the house way, Ann's as she set it.
    assert dealer.get_by_test_id("dealer-low").locator(".card").count() == 2
    for card in ("7C", "9S"):
        assert dealer.get_by_test_id("dealer-low").locator(f'[data-card="{card}"]').count() == 1
    assert page.get_by_test_id("seat-1-low").locator('[data-card="QS"]').count() == 1
    results = page.get_by_test_id("results-1")
    assert "commission $1.25" in results.inner_text()
    assert results.locator('[data-wager="fortune"][data-result="lose"]').count() == 1
    assert "+$18.75" in page.get_by_test_id("round-result").inner_text()
    wait_for_balance(page, WELCOME_CREDIT + 1875)

    # Round 2: a foul is refused with the table's reason; the house way sets the hand.
    _stack(live_server, table_id, ROUND_2)
    _bet(page, "pai_gow", 2500)
    deal(page)
    arrange.get_by_test_id("card-TC").wait_for()
    arrange.get_by_test_id("card-TC").click()
    arrange.get_by_test_id("card-8H").click()
    page.get_by_test_id("set-hand").click()
    notice = page.get_by_test_id("notice")
    notice.get_by_text("the high hand must rank at least as high as the low hand").first.wait_for()
    assert notice.inner_text().startswith("Refused:")
    assert page.get_by_test_id("arrange").is_visible()  # still Ann's to set
    page.get_by_test_id("house-way").click()
    page.get_by_test_id("net-1").wait_for()
    second = int(page.get_by_test_id("net-1").get_attribute("data-cents"))
    assert page.get_by_test_id("seat-1").get_by_text("set house way").count() == 1
    wait_for_balance(page, WELCOME_CREDIT + 1875 + second)
