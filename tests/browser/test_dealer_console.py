"""The dealer's console of a dealt table (issue 14 §3) in Chromium: the operator opens a
`blackjack_dealt` table, records the opening procedures from the console, a player bets and
readies through the API, the dealer enters each card where the console says it is awaited, a
refusal (the hole card face up, 633a.7(f)(4)) is shown with its paragraph, a passed-over card
(633a.14(e)) is recorded, and the round completes with the player paid.

Hand-worked: Ann $25 on box 1: 9S, the up card missed (633a.14(e)), 7C = 16; the dealer's
TS up, 6D in the hole = 16; Ann stands; the dealer draws the 9D: 25, busts; Ann wins $25.
"""

from __future__ import annotations

import json
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


def _sign_in(page: Any, server: LiveServer, table: str) -> None:
    page.goto(server.url + "/dealer")
    page.get_by_label("Operator token").fill(OPERATOR_TOKEN)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_test_id("table").wait_for()
    page.get_by_test_id("table").select_option(table)
    page.locator('[data-testid="connection"][data-state="live"]').wait_for(state="attached")


def _open_dealt(server: LiveServer, name: str, **rules: Any) -> str:
    made = server.operator(
        "POST",
        "/api/operator/tables",
        {"game": "blackjack_dealt", "preset": "pa-6deck", "rules": rules, "name": name},
    )
    return str(made["table_id"])


def _opened(server: LiveServer, table: str) -> None:
    """The opening through the API (the console's own procedure form is the first test's)."""
    for name, args in OPENING:
        server.operator(
            "POST",
            f"/api/operator/tables/{table}/orders",
            {"order": name, "args": json.loads(args) if args else {}},
        )


def _deal(page: Any, card: str, face: str = "") -> None:
    page.get_by_test_id("card").fill(card)
    page.get_by_test_id("face").select_option(face)
    page.get_by_test_id("deal-card").click()


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


def test_the_console_follows_the_stream_without_polling(
    live_server: LiveServer, context: Any
) -> None:
    """The console is live: a player's seat and bet placed over HTTP appear on the felt with no
    action at the console, and while nothing happens it reads no view (no polling). Then the
    round of the first test, dealt from the console and watched on the felt: the hole card is
    shown to the house and read out as face down; Ann's stand (over HTTP) turns it and the
    dealer's 9D busts (25): Ann's $25 wins. The shoe: six decks (312 cards), the KD burned and
    five dealt leave 306; after the round its six cards are in the discard rack."""
    table = _open_dealt(live_server, "Live")
    _opened(live_server, table)
    page = context.new_page()
    views: list[str] = []
    view_path = f"/api/tables/{table}"
    page.on(
        "request",
        lambda request: (
            views.append(request.url)
            if request.method == "GET" and request.url.split("?")[0].endswith(view_path)
            else None
        ),
    )
    _sign_in(page, live_server, table)
    assert page.get_by_test_id("shoe-shoe-count").inner_text() == "311"
    ann = _player(live_server, "Ann")
    httpx.post(f"{live_server.url}/api/tables/{table}/seats", json={"spots": [1]}, headers=ann)
    page.get_by_test_id("box-1").filter(has_text="Ann").wait_for()
    _command(
        live_server, table, ann, spot=1, action="bet", amount=2500, args={"wager": "blackjack"}
    )
    page.get_by_test_id("area-1-blackjack").locator(".chip-stack", has_text="$25").wait_for()
    # Idle: the stream is quiet, so the console reads nothing.
    page.wait_for_timeout(500)
    before = len(views)
    page.wait_for_timeout(3500)
    assert len(views) == before, views[before:]
    _command(live_server, table, ann, spot=1, action="ready")
    awaits = page.get_by_test_id("awaits")
    awaits.filter(has_text="box 1 hand 0").wait_for()
    for card, face in (("9S", ""), ("TS", ""), ("7C", ""), ("6D", "down")):
        _deal(page, card, face)
        page.get_by_test_id("felt").locator(f'[data-card="{card}"]').wait_for()
    dealer = page.get_by_test_id("dealer-cards")
    assert dealer.get_by_role("img", name="six of diamonds (face down)").count() == 1
    assert page.get_by_test_id("cards-1-0").locator("[data-card]").count() == 2
    awaits.filter(has_text="Waiting for box 1").wait_for()
    _command(live_server, table, ann, spot=1, action="stand")
    awaits.filter(has_text="the dealer's card face up (633a.7(l))").wait_for()
    _deal(page, "9D")
    page.get_by_test_id("hand-1-0").locator(".result.won").wait_for()
    assert page.get_by_test_id("dealer-total").inner_text() == "25 bust"
    # The hole card turned: shown once, face up now.
    assert dealer.locator('[data-card="6D"]').count() == 1
    assert dealer.get_by_role("img", name="six of diamonds").count() == 1
    page.get_by_test_id("shoe-shoe-rack").filter(has_text="6").wait_for()
    assert page.get_by_test_id("shoe-shoe-count").inner_text() == "306"
    me = httpx.get(f"{live_server.url}/api/me", headers=ann, timeout=10).json()
    assert me["balance"] == WELCOME_CREDIT + 2500


def test_633a_7_d_a_double_shoe_round_from_the_console(
    live_server: LiveServer, context: Any
) -> None:
    """A double shoe (633a.3(c)), six decks, three a side, opened side by side from the
    console (the side chosen beside each procedure). Ann bets $25 (over HTTP); the dealer draws
    the determinant 9H from the red side by keyboard alone (hearts select red: it is Ann's
    first card, 633a.7(d)(2)) and says the round comes from the black side (633a.14(h):
    recorded, played as usual). 7D up, TS, KC in the hole: Ann 19 stands, the dealer's 17
    stands; Ann wins $25. The red side holds 155 cards (the 9H out), the black 153."""
    table = _open_dealt(live_server, "Double", shoe="double_shoe")
    page = context.new_page()
    _sign_in(page, live_server, table)
    page.get_by_test_id("double-shoe").wait_for()

    def procedure(name: str, side: str = "", args: str = "") -> None:
        page.get_by_test_id("procedure").select_option(name)
        if side:
            page.get_by_test_id("side").select_option(side)
        page.get_by_test_id("procedure-args").fill(args)
        page.get_by_test_id("record").click()
        page.wait_for_function(
            "name => document.querySelector('[data-testid=outcome]').textContent"
            ".startsWith(name + ': recorded')",
            arg=name,
        )

    procedure("inspect_reader")
    procedure("receive_cards")
    for side in ("red", "black"):
        for name in ("inspect", "spread", "wash", "shuffle", "cut", "load_shoe"):
            procedure(name, side)
    page.get_by_test_id("shoe-black-count").filter(has_text="156").wait_for()
    assert page.get_by_test_id("shoe-red-count").inner_text() == "156"
    ann = _player(live_server, "Ann")
    httpx.post(f"{live_server.url}/api/tables/{table}/seats", json={"spots": [1]}, headers=ann)
    _command(
        live_server, table, ann, spot=1, action="bet", amount=2500, args={"wager": "blackjack"}
    )
    awaits = page.get_by_test_id("awaits")
    awaits.filter(has_text="draw the determinant card").wait_for()
    # By keyboard: the card typed, the side chosen, Enter.
    page.get_by_label("Determinant card").focus()
    page.keyboard.type("9h")
    page.keyboard.press("Tab")  # the side it was drawn from
    page.keyboard.press("r")
    page.keyboard.press("Tab")  # the button
    page.keyboard.press("Enter")
    determinant = page.get_by_test_id("determinant")
    determinant.locator('[data-card="9H"]').wait_for()
    assert "selects the red side" in determinant.inner_text()
    page.get_by_label("The round comes from the side").select_option("black")
    page.get_by_test_id("deal-from-button").click()
    determinant.filter(has_text="deals from the black side").wait_for()
    _command(live_server, table, ann, spot=1, action="ready")
    awaits.filter(has_text="the dealer's card face up").wait_for()
    page.get_by_test_id("cards-1-0").locator('[data-card="9H"]').wait_for()
    for card, face in (("7D", ""), ("TS", ""), ("KC", "down")):
        _deal(page, card, face)
        page.get_by_test_id("felt").locator(f'[data-card="{card}"]').wait_for()
    dealer = page.get_by_test_id("dealer-cards")
    assert dealer.get_by_role("img", name="king of clubs (face down)").count() == 1
    awaits.filter(has_text="Waiting for box 1").wait_for()
    _command(live_server, table, ann, spot=1, action="stand")
    page.get_by_test_id("hand-1-0").locator(".result.won").wait_for()
    assert page.get_by_test_id("dealer-total").inner_text() == "17"
    assert dealer.locator('[data-card="KC"]').count() == 1
    assert page.get_by_test_id("shoe-red-count").inner_text() == "155"
    assert page.get_by_test_id("shoe-black-count").inner_text() == "153"
    logged = page.get_by_test_id("log").locator("li").all_inner_texts()
    assert sum(line.startswith("irregularity round_from_incorrect_side") for line in logged) == 1
    assert sum(line.startswith("card_dealt 7D") for line in logged) == 1, logged
    me = httpx.get(f"{live_server.url}/api/me", headers=ann, timeout=10).json()
    assert me["balance"] == WELCOME_CREDIT + 2500


def test_the_console_reconnects_after_a_server_restart(
    live_server: LiveServer, context: Any
) -> None:
    """The server is killed (SIGKILL) and started again on the same port and database: the
    console says it is reconnecting, resumes from the last version it had, and goes on: a bet
    placed after the restart appears on the felt, and the round is dealt from the console."""
    table = _open_dealt(live_server, "Restart")
    _opened(live_server, table)
    page = context.new_page()
    _sign_in(page, live_server, table)
    ann = _player(live_server, "Ann")
    httpx.post(f"{live_server.url}/api/tables/{table}/seats", json={"spots": [1]}, headers=ann)
    page.get_by_test_id("box-1").filter(has_text="Ann").wait_for()
    connections = page.get_by_test_id("connection").get_attribute("data-connections")
    live_server.restart()
    page.wait_for_function(
        "before => document.querySelector('[data-testid=connection]').dataset.connections"
        " !== before && document.querySelector('[data-testid=connection]').dataset.state"
        " === 'live'",
        arg=connections,
        timeout=30_000,
    )
    assert page.get_by_test_id("connection").inner_text() == ""
    _command(
        live_server, table, ann, spot=1, action="bet", amount=2500, args={"wager": "blackjack"}
    )
    page.get_by_test_id("area-1-blackjack").locator(".chip-stack", has_text="$25").wait_for()
    _command(live_server, table, ann, spot=1, action="ready")
    page.get_by_test_id("awaits").filter(has_text="box 1 hand 0").wait_for()
    _deal(page, "9S")
    page.get_by_test_id("cards-1-0").locator('[data-card="9S"]').wait_for()
    log = page.get_by_test_id("log").locator("li")
    texts = log.all_inner_texts()
    assert sum(text.startswith("server:seat_taken") for text in texts) == 1, texts
