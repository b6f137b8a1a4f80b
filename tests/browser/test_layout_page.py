"""The felt as the page draws it, read off the page for every Blackjack preset and the craps
table: what 633a.2(b), 633c.4(a) and 623b.5 require a layout to carry. The expected words are
the regulation's own (quoted beside each check), not the server's output."""

from __future__ import annotations

from typing import Any

from tablegames.games import find_game
from tests.browser.conftest import LiveServer
from tests.browser.pages import bet, deal, join, sit, stack

BLACKJACK = find_game("blackjack")

# 633a.2(b)(3)(i)-(iii): "Blackjack pays 3 to 2." "Insurance pays 2 to 1." "Dealer shall draw
# to 16 and stand on all 17s or other similar language approved by the Executive Director".
PAYS_3_TO_2 = "Blackjack pays 3 to 2"
INSURANCE = "Insurance pays 2 to 1"
STANDS_ON_17 = "Dealer shall draw to 16 and stand on all 17s"


def _open(server: LiveServer, preset: str) -> str:
    made = server.operator(
        "POST",
        "/api/operator/tables",
        {
            "game": "blackjack" if preset.startswith("pa-") and "odds" not in preset else "craps",
            "preset": preset,
            "rules": {},
            "name": f"Layout {preset}",
        },
    )
    return str(made["table_id"])


def _felt_text(page: Any, table_id: str) -> tuple[list[str], list[str], str]:
    """The felt of `table_id` once the page shows it (not the table it showed before)."""
    table = page.locator(f'.table-page[data-table="{table_id}"]')
    table.locator(".inscription").first.wait_for()
    # The text as written (textContent): the felt prints it in capitals by style only.
    inscriptions = [text.strip() for text in table.locator(".inscription").all_text_contents()]
    areas = table.locator('[data-testid="box-1"] .area').evaluate_all(
        "n => n.map(a => a.dataset.wager)"
    )
    sign = table.get_by_test_id("paytable").text_content() or ""
    return inscriptions, list(areas), sign


def test_633a_2_b_the_felt_of_every_preset(live_server: LiveServer, context: Any) -> None:
    page = context.new_page()
    join(page, live_server, "Ivy")
    for preset in BLACKJACK.presets():
        _check_felt(page, live_server, preset)


def _check_felt(page: Any, live_server: LiveServer, preset: str) -> None:
    rules = BLACKJACK.rules_from_mapping({"preset": preset})
    table_id = _open(live_server, preset)
    page.goto(f"{live_server.url}/#/table/{table_id}")
    inscriptions, areas, sign = _felt_text(page, table_id)
    assert PAYS_3_TO_2 in inscriptions  # 633a.2(b)(3)(i): every PA preset pays 3 to 2
    assert INSURANCE in inscriptions  # 633a.2(b)(3)(ii)
    if not rules.dealer_hits_soft_17:
        assert STANDS_ON_17 in inscriptions  # 633a.2(b)(3)(iii)
    # 633a.2(b)(14): the payout limit, or "a generic inscription indicating the game is
    # subject to the posted payout limit".
    assert any("payout limit" in line.lower() for line in inscriptions), inscriptions
    # 633a.2(b)(2), (4)-(12): a betting area for the Blackjack Wager and each offered wager.
    offered = {"blackjack", *rules.side_wagers.offered()} - {"ez_bust"}
    assert offered <= set(areas), (offered, areas)
    if preset == "pa-blackjack-switch":
        # 633a.2(b)(10)(i)-(ii): two areas for the two equal Blackjack Wagers, and Super Match.
        assert areas.count("blackjack") == 2
        assert "super_match" in areas
    if preset == "pa-switch-hands-premium":
        # 633c.4(a)(1): the ante area "contains the inscription 'ante $1 for every $5 bet.'"
        ante = (page.get_by_test_id("area-1-switch_hands_ante").text_content() or "").lower()
        assert "ante $1 for every $5 bet" in ante
        # 633c.4(a)(3): "switch hands colored or suited Blackjacks pay 2 to 1."
        assert any(
            "switch hands colored or suited blackjacks pay 2 to 1" in line.lower()
            for line in inscriptions
        ), inscriptions
    # 633a.2(b)(13): the payout odds of every wager offered, on the layout or a sign.
    assert "1 to 1" in sign


def test_623b_5_the_craps_layout(live_server: LiveServer, context: Any) -> None:
    """623b.5(d): Any Seven pays "6 to 1 or 8 to 1" under Power Odds; each eligible wager is
    an area of the layout."""
    table_id = live_server.table_id("Craps Power Odds")
    page = context.new_page()
    join(page, live_server, "Jo")
    page.goto(f"{live_server.url}/#/table/{table_id}")
    area = page.get_by_test_id("area-any_seven")
    area.wait_for()
    assert "6 to 1 or 8 to 1" in (area.text_content() or "")
    for wager in ("any_craps", "eleven", "hard_8", "ce", "hop_1_3"):
        assert page.get_by_test_id(f"area-{wager}").count() == 1


def test_633a_2_d_2_progressive_wagers_lock_out_once_the_deal_begins(
    live_server: LiveServer, context: Any
) -> None:
    """633a.2(d)(2): "a mechanism, such as a lock-out button, that prevents the placement of
    any Hit and Run Progressive Wagers that a player attempts to place after the dealer has
    begun dealing the cards": open before the deal, locked during the round."""
    page = context.new_page()
    join(page, live_server, "Kit")
    table_id = live_server.table_id("Six-deck Blackjack")
    page.get_by_test_id(f"open-{table_id}").click()
    sit(page, 1)
    area = page.get_by_test_id("area-1-hit_and_run")
    assert area.is_enabled()
    stack(live_server, table_id, ["TS", "6D", "8H", "9C", "KS"])
    bet(page, 1, "blackjack", 2500)
    deal(page)
    page.locator('.decision[data-action="ez_bust"]').wait_for()
    assert page.get_by_test_id("area-1-hit_and_run").is_disabled()
    assert "633a.2(d)(2)" in (
        page.get_by_test_id("area-1-hit_and_run").get_attribute("title") or ""
    )
