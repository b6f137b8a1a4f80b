"""The double-entry ledger: balances are credits minus debits, every posting keeps the sum of
all balances at zero, and the day report's identity holds per player and gaming day until a
posting is edited by hand."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.store import (
    CASHIER,
    HOUSE,
    REASON_DEPOSIT,
    REASON_RETURN,
    REASON_WAGER,
    REASON_WITHDRAWAL,
    Batch,
    Overdrawn,
    Posting,
    Store,
    day_report,
    layout_account,
    meter_account,
    player_account,
)
from tests.store.helpers import open_table, raw

ADA, BOB = player_account("p-ada"), player_account("p-bob")
LAYOUT = layout_account("t-1")
ACCOUNTS = [ADA, BOB, LAYOUT, HOUSE, CASHIER, meter_account("t-1", "lucky_ladies")]


def test_balances_are_credits_minus_debits(store: Store) -> None:
    store.commit(Batch(postings=[Posting(CASHIER, ADA, 10000, REASON_DEPOSIT)]))
    store.commit(
        Batch(
            postings=[
                Posting(ADA, LAYOUT, 2500, REASON_WAGER, "t-1", "r-1", "p-ada"),
                Posting(LAYOUT, ADA, 2500, REASON_RETURN, "t-1", "r-1", "p-ada"),
                Posting(HOUSE, ADA, 2500, REASON_RETURN, "t-1", "r-1", "p-ada"),
            ]
        )
    )
    assert store.balance(ADA) == 12500
    assert store.balance(CASHIER) == -10000
    assert store.balance(HOUSE) == -2500
    assert store.balance(LAYOUT) == 0
    assert store.balance(BOB) == 0
    assert sum(store.balances().values()) == 0
    rows = store.postings(ADA)
    assert [r.id for r in rows] == sorted(r.id for r in rows)
    assert len({r.id for r in rows}) == 4
    assert [(r.reason, r.amount) for r in rows][1] == (REASON_WAGER, 2500)
    assert rows[1].table_id == "t-1"
    assert rows[1].round_id == "r-1"
    assert rows[1].player_id == "p-ada"
    assert rows[-1].credit_balance == 12500
    assert len(store.postings()) == 4
    assert len(store.postings(HOUSE)) == 1
    today = datetime.now(UTC).date().isoformat()
    assert {r.day for r in rows} == {today}
    assert store.postings(day="1999-01-01") == []


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    st.lists(
        st.lists(
            st.tuples(
                st.sampled_from(ACCOUNTS),
                st.sampled_from(ACCOUNTS),
                st.integers(min_value=1, max_value=10**9),
            ).filter(lambda move: move[0] != move[1]),
            min_size=1,
            max_size=5,
        ),
        max_size=4,
    )
)
def test_random_postings_conserve_money_and_match_a_model(
    store: Store, batches: list[list[tuple[str, str, int]]]
) -> None:
    # The players start funded, so that most batches stay above their floor (one that would
    # not is checked to be refused whole).
    funding = [
        Posting(CASHIER, a, 10**9, REASON_DEPOSIT) for a in ACCOUNTS if a.startswith("player:")
    ]
    store.commit(Batch(postings=funding))
    model = {account: store.balance(account) for account in ACCOUNTS}
    for moves in batches:
        after = dict(model)
        for debit, credit, amount in moves:
            after[debit] -= amount
            after[credit] += amount
        batch = Batch(postings=[Posting(d, c, amount, "move") for d, c, amount in moves])
        if any(after[account] < 0 for account in after if account.startswith("player:")):
            # A player's account has a floor of zero: the whole batch is refused, none written.
            with pytest.raises(Overdrawn):
                store.commit(batch)
            continue
        store.commit(batch)
        model = after
    assert sum(store.balances().values()) == 0
    assert {account: store.balance(account) for account in ACCOUNTS} == model
    # Each posting's running balances follow from the one before it.
    running: dict[str, int] = {}
    for row in store.postings():
        running[row.debit] = running.get(row.debit, 0) - row.amount
        running[row.credit] = running.get(row.credit, 0) + row.amount
        assert (row.debit_balance, row.credit_balance) == (running[row.debit], running[row.credit])


class Clock:
    """A settable UTC clock for the gaming day."""

    def __init__(self) -> None:
        self.now = datetime(2026, 5, 20, 23, 59, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def _two_days(url: str) -> Store:
    clock = Clock()
    store = Store.open(url, clock=clock)
    open_table(store)
    store.commit(Batch(postings=[Posting(CASHIER, ADA, 10000, REASON_DEPOSIT)]))
    store.commit(Batch(postings=[Posting(ADA, LAYOUT, 1000, REASON_WAGER, "t-1", "r-1")]))
    clock.now = datetime(2026, 5, 21, 0, 1, tzinfo=UTC)
    store.commit(
        Batch(
            postings=[
                Posting(LAYOUT, ADA, 1000, REASON_RETURN, "t-1", "r-1"),
                Posting(HOUSE, ADA, 1000, REASON_RETURN, "t-1", "r-1"),
                Posting(CASHIER, BOB, 5000, REASON_DEPOSIT),
                Posting(BOB, LAYOUT, 2000, REASON_WAGER, "t-1", "r-2"),
                Posting(LAYOUT, HOUSE, 2000, "lost", "t-1", "r-2"),
                Posting(ADA, CASHIER, 3000, REASON_WITHDRAWAL),
            ]
        )
    )
    return store


def test_the_day_identity_holds_per_player_and_day(url: str) -> None:
    store = _two_days(url)
    try:
        first = day_report(store, "2026-05-20")
        assert first.holds
        assert [
            (a.account, a.opening, a.deposits, a.wagers, a.closing) for a in first.accounts
        ] == [(ADA, 0, 10000, 1000, 9000)]
        second = day_report(store, "2026-05-21")
        assert second.holds, second
        ada, bob = second.accounts
        assert (ada.account, ada.opening, ada.returns, ada.withdrawals, ada.closing) == (
            ADA,
            9000,
            2000,
            3000,
            8000,
        )
        assert (bob.account, bob.opening, bob.deposits, bob.wagers, bob.closing) == (
            BOB,
            0,
            5000,
            2000,
            3000,
        )
        assert second.total == 0
        assert store.postings(day="2026-05-20")[0].day == "2026-05-20"
    finally:
        store.close()


def test_a_posting_edited_by_hand_breaks_the_day_identity(url: str) -> None:
    store = _two_days(url)
    try:
        wager = store.postings(BOB)[1]
        assert wager.reason == REASON_WAGER
        raw(store, "UPDATE postings SET amount = amount - 500 WHERE id = :id", id=wager.id)
        report = day_report(store, "2026-05-21")
        assert not report.holds
        (bob,) = [a for a in report.accounts if a.account == BOB]
        assert bob.problems[0] == (
            f"{BOB}: opening 0 + deposits 5000 - withdrawals 0 - wagers 1500 + returns 0 = 3500, "
            "but the closing balance is 3000"
        )
        assert any("postings sum to" in problem for problem in report.problems)
        assert day_report(store, "2026-05-20").accounts[0].holds
    finally:
        store.close()


def test_a_running_balance_edited_by_hand_is_reported(url: str) -> None:
    store = _two_days(url)
    try:
        raw(store, "UPDATE postings SET credit_balance = credit_balance + 1 WHERE id = 1")
        (ada,) = day_report(store, "2026-05-20").accounts
        assert "posting 1 leaves player:p-ada at 10001" in ada.problems[0]
        # The last balance of the day edited: the accounts no longer sum to zero.
        raw(store, "UPDATE postings SET credit_balance = credit_balance + 1 WHERE id = 2")
        report = day_report(store, "2026-05-20")
        assert report.total == 1
        assert report.problems[0] == "the closing balances of all accounts sum to 1, not 0"
        assert f"posting 2 leaves {LAYOUT} at 1001" in report.problems[1]
    finally:
        store.close()


def test_a_players_money_moved_for_an_unknown_reason_is_reported(store: Store) -> None:
    store.commit(Batch(postings=[Posting(HOUSE, ADA, 700, "gift")]))
    day = store.postings()[0].day
    (ada,) = day_report(store, day).accounts
    assert not ada.holds
    assert "reason 'gift'" in ada.problems[-1]


def test_the_day_must_be_a_date(store: Store) -> None:
    with pytest.raises(ValueError, match="gaming day must be a date YYYY-MM-DD"):
        day_report(store, "yesterday")
