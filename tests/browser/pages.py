"""What a player does in the page, as steps the browser tests share: join, open a table, sit,
put chips on an area, deal, take a decision. Each step waits for what the page shows next."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import LiveServer


def join(page: Any, server: LiveServer, name: str) -> str:
    """Open the page, join under `name`; the new player's id (kept in the browser)."""
    page.goto(server.url + "/")
    page.get_by_label("Your display name").fill(name)
    page.get_by_role("button", name="Join").click()
    page.get_by_test_id("lobby").wait_for()
    return str(page.evaluate("localStorage.getItem('tablegames.player')"))


def open_table(page: Any, server: LiveServer, name: str) -> str:
    table_id = server.table_id(name)
    page.get_by_test_id(f"open-{table_id}").click()
    page.get_by_test_id("controls").wait_for()
    return table_id


def sit(page: Any, spot: int) -> None:
    page.get_by_test_id(f"sit-{spot}").click()
    page.locator(f'[data-testid="box-{spot}"].mine').wait_for()


def bet(page: Any, spot: int, wager: str, chip: int, times: int = 1) -> None:
    page.get_by_test_id(f"chip-{chip}").click()
    area = page.get_by_test_id(f"area-{spot}-{wager}")
    for _ in range(times):
        area.click()


def deal(page: Any) -> None:
    page.get_by_test_id("deal").click()


def decide(page: Any, action: str) -> None:
    button = page.locator(f'.decision[data-action="{action}"]').first
    button.wait_for()
    button.click()


def balance(page: Any) -> int:
    """The balance the header shows, in cents (after it has been read from the server)."""
    node = page.get_by_test_id("balance")
    return int(node.get_attribute("data-cents"))


def wait_for_balance(page: Any, cents: int) -> None:
    """Wait until the header shows `cents` (it is read again after each settlement)."""
    page.wait_for_function(
        "cents => document.querySelector('[data-testid=balance]').dataset.cents == String(cents)",
        arg=cents,
    )
    if balance(page) != cents:
        raise AssertionError(f"the balance shown is {balance(page)}, not {cents}")


def decline_ez_bust_then(page: Any, action: str) -> None:
    """Take `action` once offered, declining EZ Bust (633b.16(c)) if it is offered first."""
    wanted = page.locator(f'.decision[data-action="{action}"]')
    ez_bust = page.locator('.decision[data-action="ez_bust"]')
    wanted.or_(ez_bust).first.wait_for()
    if ez_bust.count():
        decide(page, "decline")
    decide(page, action)


def stack(server: LiveServer, table_id: str, cards: list[str]) -> None:
    server.operator("POST", f"/api/operator/tables/{table_id}/stack", {"cards": cards})
