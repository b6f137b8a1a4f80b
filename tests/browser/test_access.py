"""The page at phone width and by keyboard alone, its colours against WCAG 2.1 AA, and the
history panel's recall of a round step by step.

WCAG 2.1 success criterion 1.4.3 (contrast, minimum): text needs a contrast ratio of at least
4.5:1 against its background; the ratio is (L1 + 0.05) / (L2 + 0.05) of the relative
luminances, each from the sRGB channels as the criterion defines them.
"""

from __future__ import annotations

import re
from typing import Any

from tablegames.server.app import STATIC
from tests.browser.conftest import WELCOME_CREDIT, LiveServer
from tests.browser.pages import decline_ez_bust_then, join, open_table, sit, stack, wait_for_balance

AA_TEXT = 4.5


def _luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(one: str, other: str) -> float:
    high, low = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_contrast_formula_against_wcag_reference_values() -> None:
    """WCAG's own end points: black on white is 21:1; #767676 on white is the lightest grey
    that passes AA (4.54:1)."""
    assert round(_contrast("#000000", "#ffffff"), 1) == 21.0
    assert round(_contrast("#767676", "#ffffff"), 2) == 4.54


def test_the_palette_passes_wcag_aa() -> None:
    """Each text colour of the stylesheet against each background it is drawn on."""
    css = (STATIC / "table.css").read_text()
    palette = dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-f]{6})", css))
    pairs = [
        ("#ffffff", palette["felt"]),
        ("#ffffff", palette["felt-dark"]),
        ("#ffffff", "#0e6a42"),  # the felt's lightest point
        (palette["gold"], palette["felt"]),
        (palette["gold"], "#0e6a42"),
        (palette["ink"], palette["paper"]),
        (palette["muted"], palette["paper"]),
        (palette["muted"], "#ecebe6"),
        (palette["won"], "#ffffff"),
        (palette["lost"], "#ffffff"),
        ("#ffffff", "#0b4ea2"),  # primary buttons
        ("#000000", "#ffd400"),  # the test-mode banner
        ("#b00000", "#ffffff"),  # red cards
        ("#7a3d00", "#ecebe6"),  # the timer
    ]
    failing = [
        (fg, bg, round(_contrast(fg, bg), 2)) for fg, bg in pairs if _contrast(fg, bg) < AA_TEXT
    ]
    assert not failing


def test_a_round_at_phone_width_by_keyboard_alone(live_server: LiveServer, browser: Any) -> None:
    """A 390 px wide screen; after sitting, every step is a key: 3 picks the $25 chip, B puts
    it on the Blackjack Wager, Enter deals, N declines EZ Bust where offered, S stands. 10-9
    (19) against the dealer's 10-7 (17, who stands, 633a.7(n)) wins $25. No part of the page
    is wider than the screen."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    context.set_default_timeout(10_000)
    try:
        page = context.new_page()
        join(page, live_server, "Lu")
        table_id = open_table(page, live_server, "Six-deck Blackjack")
        sit(page, 1)
        stack(live_server, table_id, ["TS", "TD", "9H", "7C"])
        page.locator("body").click(position={"x": 5, "y": 5})
        page.keyboard.press("3")
        page.keyboard.press("b")
        page.get_by_test_id("area-1-blackjack").locator(".chip-stack:not(.staged)").wait_for()
        page.keyboard.press("Enter")
        stand = page.locator('.decision[data-action="stand"]')
        ez_bust = page.locator('.decision[data-action="ez_bust"]')
        stand.or_(ez_bust).first.wait_for()
        if ez_bust.count():
            page.keyboard.press("n")
        stand.wait_for()
        page.keyboard.press("s")
        page.get_by_test_id("round-result").wait_for()
        assert "+$25" in page.get_by_test_id("round-result").inner_text()
        wait_for_balance(page, WELCOME_CREDIT + 2500)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the page is {overflow} px wider than the screen"
    finally:
        context.close()


def test_the_history_panel_recalls_a_round_step_by_step(
    live_server: LiveServer, context: Any
) -> None:
    """633a.7(s): a round recalled and reconstructed. The history lists the player's round;
    opening it steps through its entries, each with its paragraph (the first card of the deal
    is 633a.7(f)(1))."""
    page = context.new_page()
    join(page, live_server, "Max")
    table_id = open_table(page, live_server, "Six-deck Blackjack")
    sit(page, 1)
    stack(live_server, table_id, ["TS", "TD", "9H", "7C"])
    page.get_by_test_id("chip-2500").click()
    page.get_by_test_id("area-1-blackjack").click()
    page.get_by_test_id("deal").click()
    decline_ez_bust_then(page, "stand")
    page.get_by_test_id("round-result").wait_for()
    page.get_by_test_id("history-button").click()
    page.get_by_test_id(f"round-{table_id}-r1").click()
    recall = page.get_by_test_id("recall")
    recall.wait_for()
    page.get_by_test_id("recall-first").click()
    steps = []
    for _ in range(4):
        page.get_by_test_id("recall-next").click()
        steps.append(page.get_by_test_id("recall-step").inner_text())
    assert any("633a.7(f)(1)" in step and "TS" in step for step in steps), steps
    assert recall.get_by_test_id("recall-steps").locator("li").count() >= 10
    page.get_by_test_id("recall-last").click()
    assert recall.locator('[data-card="7C"]').count() == 1  # the hole card, turned at the end


def test_a_chip_dragged_onto_an_area_is_a_bet(live_server: LiveServer, context: Any) -> None:
    """Chips are clicked or dragged onto a betting area: a $25 chip dropped on the Blackjack
    Wager of box 1 and a $5 chip on its Lucky Ladies area are bets the server holds."""
    page = context.new_page()
    join(page, live_server, "Ned")
    table_id = open_table(page, live_server, "Six-deck Blackjack")
    sit(page, 1)
    page.get_by_test_id("chip-2500").drag_to(page.get_by_test_id("area-1-blackjack"))
    page.get_by_test_id("area-1-blackjack").locator(".chip-stack:not(.staged)").wait_for()
    page.get_by_test_id("chip-500").drag_to(page.get_by_test_id("area-1-lucky_ladies"))
    page.get_by_test_id("area-1-lucky_ladies").locator(".chip-stack:not(.staged)").wait_for()
    view = live_server.operator("GET", f"/api/tables/{table_id}")
    held = {(bet["wager"], bet["amount"]) for bet in view["bets"]}
    assert held == {("blackjack", 2500), ("lucky_ladies", 500)}
