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
from tests.browser.pages import (
    bet,
    deal,
    decide,
    decline_ez_bust_then,
    join,
    open_table,
    sit,
    stack,
    wait_for_balance,
)

SIX_DECK = "Six-deck Blackjack"


def test_a_round_with_a_split_and_a_double(live_server: LiveServer, context: Any) -> None:
    """633b.16(c) EZ Bust declined, then 633a.11 (split) and 633a.10 (double after split):
    8-8 against a 6, split; the first hand draws 3 (11) and doubles onto 9 (20); the second
    draws 10 (18) and stands; the dealer turns 10 (16), draws a king and busts. Both hands
    win 1 to 1 (633a.13(a)): the doubled $50 and the $25 win $75 in all."""
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


def test_633a_7_g_side_wager_settled_before_the_peek_and_insurance_declined(
    live_server: LiveServer, context: Any
) -> None:
    """633a.7(g): the optional wagers are settled on the initial cards, before anything else;
    633a.8(a): insurance is offered when the up card is an ace, here declined. K-Q of hearts
    is a Suited 20, which 633a.13(c) pays 10 to 1 on the Lucky Ladies Twenty Point Bonus
    Wager: $5 wins $50, shown while insurance is still being asked, with the hole card
    unseen. The dealer stands on soft 18 (A-7, 633a.7(n)); the player's 20 wins $25: +$75."""
    page = context.new_page()
    join(page, live_server, "Bea")
    table_id = open_table(page, live_server, SIX_DECK)
    sit(page, 1)
    stack(live_server, table_id, ["KH", "AS", "QH", "7C"])
    bet(page, 1, "blackjack", 2500)
    bet(page, 1, "lucky_ladies", 500)
    deal(page)
    page.locator('.decision[data-action="insurance"]').wait_for()
    settled = page.get_by_test_id("area-1-lucky_ladies").locator(".result.won")
    settled.wait_for()
    assert "+$50" in settled.inner_text()
    assert page.get_by_test_id("dealer-cards").locator('[data-card="7C"]').count() == 0
    decide(page, "decline")
    decline_ez_bust_then(page, "stand")
    result = page.get_by_test_id("round-result")
    result.wait_for()
    assert "+$75" in result.inner_text(), result.inner_text()
    wait_for_balance(page, WELCOME_CREDIT + 7500)


def test_633a_12_a_4_blackjack_switch_switches_the_second_cards(
    live_server: LiveServer, context: Any
) -> None:
    """633a.12(a)(1): two equal Blackjack Wagers; 633a.12(a)(4): the player switches the
    second cards of the two hands. 9-5 and 10-7 become 9-7 (16) and 10-5 (15); both stand;
    the dealer's 6-K draws an 8 and busts at 24, so both $25 wagers win 1 to 1: +$50."""
    page = context.new_page()
    join(page, live_server, "Cal")
    table_id = open_table(page, live_server, "Blackjack Switch")
    sit(page, 1)
    stack(live_server, table_id, ["9S", "TD", "6H", "5C", "7D", "KS", "8C"])
    page.get_by_test_id("chip-2500").click()
    page.locator('[data-testid^="area-1-blackjack"]').first.click()
    deal(page)
    decide(page, "switch")
    page.get_by_test_id("cards-1-0").locator('[data-card="7D"]').wait_for()
    assert page.get_by_test_id("cards-1-0").locator('[data-card="9S"]').count() == 1
    assert page.get_by_test_id("cards-1-1").locator('[data-card="5C"]').count() == 1
    decide(page, "stand")
    page.locator('.decision[data-action="stand"]').first.wait_for()
    decide(page, "stand")
    result = page.get_by_test_id("round-result")
    result.wait_for()
    assert "+$50" in result.inner_text(), result.inner_text()
    wait_for_balance(page, WELCOME_CREDIT + 5000)


def test_633c_4_c_switch_hands_ante_and_switch(live_server: LiveServer, context: Any) -> None:
    """633c.4(c): the switch hands ante, $1 for every $5 of the Blackjack Wager ($5 on $25);
    633c.4(d): two switch cards face down before the Blackjack hand (this table deals them
    first); 633c.4(f): the player plays the switch cards (9-6) instead of the dealt 5-7. The
    dealer's K-10 (20) beats 15: the $25 wager is lost."""
    page = context.new_page()
    join(page, live_server, "Dee")
    table_id = open_table(page, live_server, "Switch Hands premium")
    sit(page, 1)
    stack(live_server, table_id, ["9S", "6H", "5C", "KS", "7D", "TD"])
    bet(page, 1, "blackjack", 2500)
    bet(page, 1, "switch_hands_ante", 500)
    deal(page)
    page.locator('.decision[data-action="switch"]').wait_for()
    switch_cards = page.get_by_test_id("switch-1").locator(".card")
    assert switch_cards.count() == 2
    assert page.get_by_test_id("switch-1").locator(".card.back").count() == 2
    decide(page, "switch")
    page.get_by_test_id("cards-1-0").locator('[data-card="9S"]').wait_for()
    assert page.get_by_test_id("cards-1-0").locator('[data-card="6H"]').count() == 1
    assert page.get_by_test_id("cards-1-0").locator('[data-card="5C"]').count() == 0
    decide(page, "stand")
    page.get_by_test_id("round-result").wait_for()
    assert page.get_by_test_id("hand-1-0").locator('.result.lost[data-wager="blackjack"]').count()


def test_an_illegal_action_sent_by_hand_is_refused_with_its_paragraph(
    live_server: LiveServer, context: Any
) -> None:
    """A double on a hand of three cards is not among the offers (633a.10(a) allows it on the
    first two cards only): there is no button for it, and sent by hand it is refused; the
    page shows the server's reason with the paragraph, and nothing changes."""
    page = context.new_page()
    join(page, live_server, "Eve")
    table_id = open_table(page, live_server, SIX_DECK)
    sit(page, 1)
    stack(live_server, table_id, ["5S", "9D", "4H", "TC", "2C"])
    bet(page, 1, "blackjack", 2500)
    deal(page)
    decline_ez_bust_then(page, "hit")
    page.get_by_test_id("cards-1-0").locator('[data-card="2C"]').wait_for()
    page.locator('.decision[data-action="stand"]').wait_for()
    assert page.locator('.decision[data-action="double"]').count() == 0
    answer = page.evaluate("tablegames.send({spot: 1, action: 'double', amount: 2500})")
    assert answer["status"] == 409 or 400 <= answer["status"] < 500, answer
    assert answer["paragraph"], answer
    shown = page.get_by_test_id("notice")
    shown.wait_for()
    assert answer["paragraph"] in shown.inner_text(), shown.inner_text()
    assert "Refused" in shown.inner_text()
    # The hand is unchanged: still the player's decision, on three cards.
    assert page.get_by_test_id("cards-1-0").locator(".card").count() == 3
    page.locator('.decision[data-action="stand"]').wait_for()
