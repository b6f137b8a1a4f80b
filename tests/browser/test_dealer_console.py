"""The dealer's console of a dealt table (issue 14 §3) in Chromium: the operator opens a
`blackjack_dealt` table, records the opening procedures from the console, a player bets and
readies through the API, the dealer enters each card where the console says it is awaited, a
refusal (the hole card face up, 633a.7(f)(4)) is shown with its paragraph, a passed-over card
(633a.14(e)) is recorded, and the round completes with the player paid.

Hand-worked: Ann $25 on box 1: 9S, the up card missed (633a.14(e)), 7C = 16; the dealer's
TS up, 6D in the hole = 16; Ann stands; the dealer draws the 9D: 25, busts; Ann wins $25.
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.browser.conftest import OPERATOR_TOKEN, WELCOME_CREDIT, LiveServer

OPENING: list[tuple[str, str]] = [
    ("inspect_reader", ""),
    ("receive_cards", ""),
    ("inspect", ""),
    ("spread", '{"box": 1}'),
    ("wash", ""),
    ("shuffle", ""),
    ("cut", '{"position": 40}'),
    ("load_shoe", ""),
    ("burn", '{"card": "KD"}'),
]


def _player(server: LiveServer, name: str) -> dict[str, str]:
    made = httpx.post(server.url + "/api/players", json={"name": name}, timeout=10).json()
    return {"Authorization": f"Bearer {made['token']}"}


def _command(server: LiveServer, table: str, who: dict[str, str], **command: Any) -> None:
    answer = httpx.post(
        f"{server.url}/api/tables/{table}/commands", json=command, headers=who, timeout=10
    )
    assert answer.status_code == 200, answer.text


def test_633a_14_the_dealer_deals_a_round_from_the_console(
    live_server: LiveServer, context: Any
) -> None:
    made = live_server.operator(
        "POST",
        "/api/operator/tables",
        {"game": "blackjack_dealt", "preset": "pa-6deck", "rules": {}, "name": "Studio"},
    )
    table = made["table_id"]
    page = context.new_page()
    page.goto(live_server.url + "/dealer")
    page.get_by_label("Operator token").fill(OPERATOR_TOKEN)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_test_id("table").wait_for()
    page.get_by_test_id("table").select_option(table)
    outcome = page.get_by_test_id("outcome")
    for name, args in OPENING:
        page.get_by_test_id("procedure").select_option(name)
        page.get_by_test_id("procedure-args").fill(args)
        page.get_by_test_id("record").click()
        page.wait_for_function(
            "name => document.querySelector('[data-testid=outcome]').textContent"
            ".startsWith(name + ': recorded')",
            arg=name,
        )
    ann = _player(live_server, "Ann")
    httpx.post(f"{live_server.url}/api/tables/{table}/seats", json={"spots": [1]}, headers=ann)
    _command(
        live_server, table, ann, spot=1, action="bet", amount=2500, args={"wager": "blackjack"}
    )
    _command(live_server, table, ann, spot=1, action="ready")

    def deal(card: str, face: str = "") -> None:
        page.get_by_test_id("card").fill(card)
        page.get_by_test_id("face").select_option(face)
        page.get_by_test_id("deal-card").click()

    awaits = page.get_by_test_id("awaits")
    awaits.filter(has_text="box 1 hand 0").wait_for()
    deal("9S")
    awaits.filter(has_text="the dealer's card face up").wait_for()
    page.get_by_test_id("not-dealt-later").click()  # 633a.14(e)
    awaits.filter(has_text="box 1 hand 0 (633a.7(f)(3))").wait_for()
    deal("7C")
    awaits.filter(has_text="the dealer's card face up (633a.7(f)(2))").wait_for()
    deal("TS")
    awaits.filter(has_text="face down").wait_for()
    deal("6D", "up")  # the hole card face up: refused with its paragraph
    outcome.filter(has_text="633a.7(f)(4)").wait_for()
    deal("6D", "down")
    awaits.filter(has_text="Waiting for box 1").wait_for()
    _command(live_server, table, ann, spot=1, action="stand")  # the console sees it by itself
    awaits.filter(has_text="the dealer's card face up (633a.7(l))").wait_for()
    deal("9D")
    outcome.filter(has_text="round_completed").wait_for()
    me = httpx.get(f"{live_server.url}/api/me", headers=ann, timeout=10).json()
    assert me["balance"] == WELCOME_CREDIT + 2500
    assert "irregularity" in page.get_by_test_id("log").inner_text()
