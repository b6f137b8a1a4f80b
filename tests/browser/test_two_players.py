"""Two players in two browser profiles at one table: each sees the other's moves live, and
neither ever sees a card early. The table is a hand-dealt game (633a.12(b): the players'
cards dealt face down, each seen by its player only) so that there is something to hide
besides the hole card (633a.7(f)(4)). The test reads each page's DOM and every WebSocket
frame it received.
"""

from __future__ import annotations

import json
from typing import Any

from tests.browser.conftest import LiveServer
from tests.browser.pages import bet, deal, decide, join, sit, stack

# Dealing order of 633a.7(f): box 1, box 2, the dealer's up card, box 1, box 2, the hole card.
ANN_CARDS = ("9S", "5C")
BOB_CARDS = ("TD", "7D")
HOLE = "KS"
STACKED = ["9S", "TD", "6H", "5C", "7D", HOLE, "2H", "8C"]


def _frames(page: Any) -> list[dict[str, Any]]:
    frames: list[dict[str, Any]] = []

    def on_socket(socket: Any) -> None:
        socket.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
    return frames


def _cards_in(frames: list[dict[str, Any]]) -> list[str]:
    """Every card code a frame carries (dealt, turned up or in a switch)."""
    found: list[str] = []
    for frame in frames:
        event = frame.get("event", {})
        for name in ("card",):
            if isinstance(event.get(name), str):
                found.append(event[name])
        found.extend(card for card in event.get("cards", ()) if isinstance(card, str))
    return found


def _dom_cards(page: Any) -> list[str]:
    return [
        str(code)
        for code in page.eval_on_selector_all("[data-card]", "n => n.map(c => c.dataset.card)")
    ]


def test_two_players_see_each_others_moves_and_no_card_early(
    live_server: LiveServer, browser: Any
) -> None:
    made = live_server.operator(
        "POST",
        "/api/operator/tables",
        {"game": "blackjack", "preset": "pa-hand-dealt-2deck", "rules": {}, "name": "Hand dealt"},
    )
    table_id = made["table_id"]
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    try:
        ann, bob = (context.new_page() for context in contexts)
        for page in (ann, bob):
            page.set_default_timeout(10_000)
        ann_frames, bob_frames = _frames(ann), _frames(bob)
        join(ann, live_server, "Ann")
        join(bob, live_server, "Bob")
        for page in (ann, bob):
            page.goto(f"{live_server.url}/#/table/{table_id}")
            page.get_by_test_id("controls").wait_for()
        sit(ann, 1)
        sit(bob, 2)
        # Bob sees Ann's seat taken, live.
        bob.locator('[data-testid="box-1"]:not(.empty)').wait_for()
        stack(live_server, table_id, STACKED)
        bet(ann, 1, "blackjack", 2500)
        bet(bob, 2, "blackjack", 2500)
        # Both bets taken by the server (a chip is a bet at once) before either is ready: a
        # player with no bet down does not hold up the deal (633a.6(c)).
        for page, spot in ((ann, 1), (bob, 2)):
            area = page.get_by_test_id(f"area-{spot}-blackjack")
            area.locator(".chip-stack:not(.staged)").wait_for()
        ann.get_by_test_id("area-2-blackjack").locator(".chip-stack").wait_for()
        deal(ann)
        deal(bob)
        ann.get_by_test_id("cards-1-0").locator(f'[data-card="{ANN_CARDS[1]}"]').wait_for()
        bob.get_by_test_id("cards-2-0").locator(f'[data-card="{BOB_CARDS[1]}"]').wait_for()
        # Each sees the other's two cards as backs only.
        bob.get_by_test_id("cards-1-0").locator(".card.back").nth(1).wait_for()
        ann.get_by_test_id("cards-2-0").locator(".card.back").nth(1).wait_for()
        for seen, hidden in ((ann, BOB_CARDS), (bob, ANN_CARDS)):
            assert not set(hidden) & set(_dom_cards(seen))
            assert HOLE not in _dom_cards(seen)
        # Ann hits: Bob's page shows her third card arrive live, face up as every card dealt
        # for a decision is (633a.7(j)), while her first two stay hidden from him.
        decide(ann, "hit")
        bob.get_by_test_id("cards-1-0").locator('[data-card="2H"]').wait_for()
        assert not set(ANN_CARDS) & set(_dom_cards(bob))
        decide(ann, "stand")
        decide(bob, "stand")
        for page in (ann, bob):
            page.get_by_test_id("round-result").wait_for()
            page.get_by_test_id("dealer-cards").locator(f'[data-card="{HOLE}"]').wait_for()
        for frames, hidden in ((ann_frames, BOB_CARDS), (bob_frames, ANN_CARDS)):
            kinds = [frame["event"]["event"] for frame in frames]
            turned = kinds.index("hole_card_revealed")
            before = _cards_in(frames[:turned])
            assert HOLE not in before, "the hole card was sent before it was turned"
            # The other player's face-down cards never reach this page before the showdown
            # turns them up: they are not in any frame before the hole card is turned.
            assert not set(hidden) & set(before), set(hidden) & set(before)
    finally:
        for context in contexts:
            context.close()
