"""The operator's page (`/operator`, issue 12 "For the operator") in Chromium against a real
`tablegames serve --test-mode`: sign-in with the operator token, a deposit shown in the players'
balances, a round played through the API recalled and verified, the audit chain verified, the
gaming day's identities, a table opened and closed, and the test-mode stacking of cards and
dice, checked in the rounds that follow.

Players and rounds are made through the HTTP API (docs/server.md, "A round with curl"), so that
what the page shows is checked against what the server holds.
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.browser.conftest import OPERATOR_TOKEN, WELCOME_CREDIT, LiveServer

SIX_DECK = "Six-deck Blackjack"
CRAPS = "Craps Power Odds"


def _register(server: LiveServer, name: str) -> tuple[str, dict[str, str]]:
    made = httpx.post(f"{server.url}/api/players", json={"name": name}, timeout=10)
    assert made.status_code == 201, made.text
    return str(made.json()["player_id"]), {"Authorization": f"Bearer {made.json()['token']}"}


def _as_player(
    server: LiveServer, who: dict[str, str], method: str, path: str, body: Any = None
) -> Any:
    answer = httpx.request(method, server.url + path, json=body, headers=who, timeout=10)
    assert answer.status_code < 300, f"{method} {path}: {answer.status_code} {answer.text}"
    return answer.json()


def _play_round(server: LiveServer, table_id: str, who: dict[str, str]) -> None:
    """Bet $25 at box 1, say ready, then stand (or decline, or keep) until the round ends."""
    command = f"/api/tables/{table_id}/commands"
    _as_player(
        server,
        who,
        "POST",
        command,
        {"spot": 1, "action": "bet", "amount": 2500, "args": {"wager": "blackjack"}},
    )
    _as_player(server, who, "POST", command, {"spot": 1, "action": "ready"})
    for _ in range(20):
        view = _as_player(server, who, "GET", f"/api/tables/{table_id}")
        if view["phase"] != "playing":
            return
        offer = next(o for o in view["offers"]["1"] if o["action"] in ("stand", "decline", "keep"))
        _as_player(
            server,
            who,
            "POST",
            command,
            {"spot": 1, "action": offer["action"], "hand": offer["hand"]},
        )
    raise AssertionError("the round did not end")


def _sign_in(page: Any, server: LiveServer) -> None:
    page.goto(server.url + "/operator")
    page.get_by_label("Operator token").fill(OPERATOR_TOKEN)
    page.get_by_role("button", name="Sign in").click()
    page.locator("#desk").wait_for()


def _wait_for_balance(page: Any, player_id: str, cents: int) -> None:
    """Wait until the players' table shows `cents` as the player's balance."""
    page.wait_for_function(
        "([id, cents]) => document.querySelector(`[data-testid=balance-${id}]`)"
        "?.dataset.cents === cents",
        arg=[player_id, str(cents)],
    )


def test_a_wrong_token_shows_the_servers_refusal(live_server: LiveServer, context: Any) -> None:
    page = context.new_page()
    page.goto(live_server.url + "/operator")
    # Test mode: the same banner as the players' page.
    banner = page.locator("#test-mode.test-banner")
    banner.wait_for()
    assert "TEST MODE" in banner.inner_text()
    page.get_by_label("Operator token").fill("not-the-token")
    page.get_by_role("button", name="Sign in").click()
    refusal = page.get_by_test_id("sign-in-result")
    refusal.filter(has_text="a valid Authorization: Bearer token is required").wait_for()
    assert page.locator("#desk").is_hidden()
    # A player's token is refused too (403), with the server's reason.
    _, ann = _register(live_server, "Ann")
    page.get_by_label("Operator token").fill(ann["Authorization"].removeprefix("Bearer "))
    page.get_by_role("button", name="Sign in").click()
    refusal.filter(has_text="this call is the operator's").wait_for()
    assert page.evaluate("sessionStorage.getItem('tablegames.operator')") is None


def test_sign_in_and_deposit_fifty_dollars(live_server: LiveServer, context: Any) -> None:
    player_id, _ = _register(live_server, "Bea")
    page = context.new_page()
    _sign_in(page, live_server)
    assert page.evaluate("sessionStorage.getItem('tablegames.operator')") == OPERATOR_TOKEN
    cell = page.get_by_test_id(f"balance-{player_id}")
    assert cell.get_attribute("data-cents") == str(WELCOME_CREDIT)
    page.get_by_label("Player", exact=True).select_option(player_id)
    # By keyboard: Enter in the amount submits with the form's first button, Deposit.
    page.get_by_label("Amount in dollars").fill("50")
    page.get_by_label("Amount in dollars").press("Enter")
    page.get_by_test_id("money-result").filter(has_text="Deposited $50 to Bea").wait_for()
    _wait_for_balance(page, player_id, WELCOME_CREDIT + 5000)
    assert cell.inner_text() == "$1,050"
    # A withdrawal over what is available is the server's 409, shown as it comes.
    page.get_by_label("Amount in dollars").fill("5000")
    page.get_by_role("button", name="Withdraw").click()
    page.get_by_test_id("money-result").filter(has_text="exceeds the available balance").wait_for()
    page.get_by_label("Amount in dollars").fill("12.50")
    page.get_by_role("button", name="Withdraw").click()
    page.get_by_test_id("money-result").filter(has_text="Withdrew $12.50 from Bea").wait_for()
    _wait_for_balance(page, player_id, WELCOME_CREDIT + 5000 - 1250)
    # The gaming day: credit $1,000 + deposit $50 - withdrawal $12.50 = closing $1,037.50.
    page.get_by_role("button", name="Show the report").click()
    row = page.get_by_test_id(f"day-{player_id}")
    row.wait_for()
    cells = row.locator("td").all_inner_texts()
    assert cells[:6] == ["$0", "$1,050", "$12.50", "$0", "$0", "$1,037.50"]
    assert page.get_by_test_id(f"identity-{player_id}").get_attribute("data-holds") == "true"
    assert page.get_by_test_id("identity-ledger").get_attribute("data-holds") == "true"


def test_a_round_played_through_the_api_is_recalled_and_verified(
    live_server: LiveServer, context: Any
) -> None:
    table_id = live_server.table_id(SIX_DECK)
    _, ann = _register(live_server, "Ann")
    _as_player(live_server, ann, "POST", f"/api/tables/{table_id}/seats", {"spots": [1]})
    # Box 1 holds T-9 (19) against the dealer's 7 and hole ten (17): stand, and it wins.
    live_server.operator(
        "POST", f"/api/operator/tables/{table_id}/stack", {"cards": ["TS", "7D", "9H", "TC"]}
    )
    _play_round(live_server, table_id, ann)
    round_id = _as_player(live_server, ann, "GET", "/api/me/rounds?limit=1")[0]["round_id"]

    page = context.new_page()
    _sign_in(page, live_server)
    page.get_by_label("Round id").fill(round_id)
    page.get_by_role("button", name="Recall").click()
    verdict = page.get_by_test_id("recall-verified")
    verdict.wait_for()
    assert verdict.get_attribute("data-verified") == "true"
    assert verdict.inner_text().startswith("Verified")
    viewer = page.get_by_test_id("recall")
    viewer.wait_for()
    steps = page.get_by_test_id("recall-steps").inner_text()
    # The operator sees the hole card as it was dealt, and the settlement.
    assert "TC to the dealer" in steps
    assert "9H to box 1" in steps
    page.get_by_test_id("recall-first").click()
    assert page.get_by_test_id("recall-step").inner_text().startswith("Step 0 of")
    # An unknown round is the server's 404, shown as it comes.
    page.get_by_label("Round id").fill("r-none")
    page.get_by_role("button", name="Recall").click()
    page.get_by_test_id("recall-result").filter(has_text="no round 'r-none'").wait_for()


def test_the_audit_chain_is_verified_intact(live_server: LiveServer, context: Any) -> None:
    page = context.new_page()
    _sign_in(page, live_server)
    page.get_by_role("button", name="Verify the audit chain").click()
    result = page.get_by_test_id("audit-result")
    result.filter(has_text="Intact").wait_for()
    assert result.get_attribute("data-intact") == "true"
    entries = live_server.operator("GET", "/api/operator/audit/verify")["entries"]
    assert f"chain of {entries} entries" in result.inner_text()


def test_stacking_cards_and_dice_in_test_mode(live_server: LiveServer, context: Any) -> None:
    table_id = live_server.table_id(SIX_DECK)
    page = context.new_page()
    _sign_in(page, live_server)
    form = page.get_by_test_id("stack-form")
    assert form.is_visible()
    form.get_by_label("Table").select_option(table_id)
    form.get_by_label("Cards, in dealing order").fill("AS 9c kh 10D")
    form.get_by_role("button", name="Stack").click()
    page.get_by_test_id("stack-result").filter(has_text="Stacked 4 cards (AS 9C KH TD)").wait_for()
    # The next round deals them, in this order: box 1, the dealer's up card, box 1, the hole.
    _, ann = _register(live_server, "Ann")
    _as_player(live_server, ann, "POST", f"/api/tables/{table_id}/seats", {"spots": [1]})
    _play_round(live_server, table_id, ann)
    round_id = _as_player(live_server, ann, "GET", "/api/me/rounds?limit=1")[0]["round_id"]
    recalled = live_server.operator("GET", f"/api/rounds/{round_id}")
    dealt = [e["event"]["card"] for e in recalled["events"] if e["event"]["event"] == "card_dealt"]
    assert dealt[:4] == ["AS", "9C", "KH", "TD"]

    craps = live_server.table_id(CRAPS)
    form.get_by_label("Table").select_option(craps)
    form.get_by_label("Dice, a pair a roll").fill("3-4 6-6")
    form.get_by_role("button", name="Stack").click()
    page.get_by_test_id("stack-result").filter(has_text="Stacked 2 rolls (3-4 6-6)").wait_for()
    # A roll that is no pair of dice is refused on the page; a die of 7, by the server.
    form.get_by_label("Dice, a pair a roll").fill("34")
    form.get_by_role("button", name="Stack").click()
    page.get_by_test_id("stack-result").filter(has_text="two dice joined by a dash").wait_for()


def test_without_test_mode_the_stacking_form_and_the_banner_are_hidden(
    live_server: LiveServer, context: Any
) -> None:
    """The one answer changed on its way to the page is `/api/server`'s `test_mode`, as a
    server started without `--test-mode` gives it (the server refuses a stacking then anyway,
    403: tests/server/test_stack.py)."""
    page = context.new_page()

    def live_casino(route: Any) -> None:
        answer = route.fetch()
        route.fulfill(response=answer, json={**answer.json(), "test_mode": False})

    page.route("**/api/server", live_casino)
    _sign_in(page, live_server)
    page.get_by_test_id("tables-list").locator("tbody tr").first.wait_for()
    assert page.locator("#test-mode").is_hidden()
    assert page.get_by_test_id("stack-form").is_hidden()
    assert page.get_by_role("link", name="Stacking (test mode)").count() == 0


def test_open_a_table_from_a_preset_and_a_rules_file_then_close_one(
    live_server: LiveServer, context: Any
) -> None:
    page = context.new_page()
    _sign_in(page, live_server)
    preset = page.get_by_test_id("open-preset")
    preset.get_by_label("Game").select_option("blackjack")
    preset.get_by_label("Preset").fill("pa-2deck")
    preset.get_by_label("Table name").fill("Pit two")
    preset.get_by_label("Rule overrides (JSON, optional)").fill("[1]")
    preset.get_by_role("button", name="Open the table").click()
    page.get_by_test_id("open-result").filter(has_text="must be a JSON object").wait_for()
    preset.get_by_label("Rule overrides (JSON, optional)").fill(
        '{"side_wagers": {"lucky_ladies": {}}}'
    )
    preset.get_by_role("button", name="Open the table").click()
    page.get_by_test_id("open-result").filter(has_text="Pit two is open").wait_for()
    opened = live_server.table_id("Pit two")
    page.get_by_test_id(f"table-{opened}").wait_for()

    upload = page.get_by_test_id("open-file")
    upload.get_by_label("Game").select_option("craps")
    upload.get_by_label("Rules file (TOML or JSON)").set_input_files(
        files=[
            {
                "name": "house.toml",
                "mimeType": "text/plain",
                "buffer": b'preset = "pa-power-odds"\n',
            }
        ]
    )
    upload.get_by_label("Table name").fill("Dice two")
    upload.get_by_role("button", name="Open the table").click()
    page.get_by_test_id("open-result").filter(
        has_text="Dice two is open from house.toml"
    ).wait_for()
    dice = live_server.table_id("Dice two")
    page.get_by_test_id(f"table-{dice}").wait_for()
    # A rules file the game refuses is the server's 400, shown as it comes.
    upload.get_by_label("Rules file (TOML or JSON)").set_input_files(
        files=[{"name": "bad.toml", "mimeType": "text/plain", "buffer": b"decks = ["}]
    )
    upload.get_by_label("Table name").fill("Broken")
    upload.get_by_role("button", name="Open the table").click()
    page.get_by_test_id("open-result").filter(has_text="not valid TOML").wait_for()

    # Closing asks once more; "Keep it open" (or Escape) takes it back.
    page.get_by_test_id(f"close-{opened}").click()
    page.keyboard.press("Escape")
    page.get_by_test_id(f"close-{opened}").wait_for()
    page.get_by_test_id(f"close-{opened}").click()
    page.get_by_test_id(f"confirm-close-{opened}").click()
    page.get_by_test_id("tables-result").filter(has_text=f"Pit two ({opened}) is closed").wait_for()
    page.get_by_test_id(f"table-{opened}").wait_for(state="detached")
    assert all(t["table_id"] != opened for t in live_server.operator("GET", "/api/tables"))
