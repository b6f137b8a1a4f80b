"""The gaming day's ledger identity of issue 11 §3, per player account:

    opening + deposits - withdrawals - wagers + returns == closing

`opening` and `closing` are the running balances the store wrote with each posting (the balance
after the last posting before the day, and after the last posting of the day); the four flows
are the day's postings, classified by reason and direction. A posting edited by hand (its
amount, its accounts) therefore breaks the identity, and so does a posting that moves a
player's money for a reason the report does not know. The double-entry check sums every
account's closing balance: each posting debits what it credits, so the sum is zero.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date

from sqlalchemy import select

from tablegames.store import schema as s
from tablegames.store.engine import READ_ONLY
from tablegames.store.errors import StoreError
from tablegames.store.records import PLAYER_ACCOUNT_PREFIX
from tablegames.store.store import Store

# The reasons the runtime posts with (Posting.reason), and the one direction each may take.
REASON_DEPOSIT = "deposit"  # cashier -> player: money brought to the cage
REASON_WITHDRAWAL = "withdrawal"  # player -> cashier: money paid out
REASON_WAGER = "wager"  # player -> layout: a wager accepted and held
REASON_RETURN = "return"  # layout, house or meter -> player: a stake returned or a win paid
# Postings between house accounts (layout -> house for a lost wager, house -> meter for a
# progressive contribution, house -> layout to fund a payout) take any other reason: they do
# not touch a player.
PLAYER_PREFIX = PLAYER_ACCOUNT_PREFIX


@dataclass(frozen=True)
class AccountDay:
    """One player account's day. `problems` says what broke, in words; empty when it holds."""

    account: str
    opening: int
    deposits: int
    withdrawals: int
    wagers: int
    returns: int
    closing: int
    problems: tuple[str, ...] = ()

    @property
    def holds(self) -> bool:
        """Whether the day's identity holds and every posting was classified."""
        return not self.problems


@dataclass(frozen=True)
class DayReport:
    """Every player account's day, and the double-entry sum over all accounts."""

    day: str
    accounts: tuple[AccountDay, ...]
    total: int  # the sum of every account's closing balance: zero in double entry
    problems: tuple[str, ...] = field(default=())

    @property
    def holds(self) -> bool:
        """Whether every identity holds and the balances sum to zero."""
        return not self.problems and all(account.holds for account in self.accounts)


def is_player(account: str) -> bool:
    """Whether an account is a player's wallet (the accounts the identity is checked for)."""
    return account.startswith(PLAYER_PREFIX)


def _classify(reason: str, is_credit: bool) -> str | None:
    """The flow a posting is for a player account, or None when it does not fit the reason."""
    if reason == REASON_DEPOSIT and is_credit:
        return "deposits"
    if reason == REASON_WITHDRAWAL and not is_credit:
        return "withdrawals"
    if reason == REASON_WAGER and not is_credit:
        return "wagers"
    if reason == REASON_RETURN and is_credit:
        return "returns"
    return None


def day_report(store: Store, day: str) -> DayReport:
    """The report of one gaming day (`YYYY-MM-DD`, the UTC date postings are stamped with)."""
    try:
        date.fromisoformat(day)
    except (TypeError, ValueError) as err:
        raise StoreError(f"gaming day must be a date YYYY-MM-DD, not {day!r}") from err
    p = s.postings
    with store.engine.execution_options(**{READ_ONLY: True}).connect() as conn, conn.begin():
        rows = conn.execute(select(p).where(p.c.day <= day).order_by(p.c.id)).all()
        stored_balances = {
            row.account: int(row.balance) for row in conn.execute(select(s.balances))
        }
        every = conn.execute(select(p.c.debit, p.c.credit, p.c.amount)).all()
    opening: dict[str, int] = {}
    closing: dict[str, int] = {}
    flows: dict[str, dict[str, int]] = {}
    problems: dict[str, list[str]] = {}
    ledger: list[str] = []
    for row in rows:
        for account, after, is_credit in (
            (row.debit, int(row.debit_balance), False),
            (row.credit, int(row.credit_balance), True),
        ):
            follows = closing.get(account, 0) + (int(row.amount) if is_credit else -int(row.amount))
            closing[account] = after
            if row.day < day:
                opening[account] = after
                continue
            if after != follows:
                found = problems.setdefault(account, []) if is_player(account) else ledger
                found.append(
                    f"posting {row.id} leaves {account} at {after}, but the balance before it "
                    f"and its amount {row.amount} make {follows}"
                )
            if not is_player(account):
                continue
            kind = _classify(row.reason, is_credit)
            if kind is None:
                side = "credits" if is_credit else "debits"
                problems.setdefault(account, []).append(
                    f"posting {row.id} {side} {account} for reason {row.reason!r}, which is not "
                    "a deposit, withdrawal, wager or return in that direction"
                )
                continue
            account_flows = flows.setdefault(account, {})
            account_flows[kind] = account_flows.get(kind, 0) + int(row.amount)
    accounts = []
    for account in sorted(a for a in closing if a.startswith(PLAYER_PREFIX)):
        flow = flows.get(account, {})
        line = AccountDay(
            account=account,
            opening=opening.get(account, 0),
            deposits=flow.get("deposits", 0),
            withdrawals=flow.get("withdrawals", 0),
            wagers=flow.get("wagers", 0),
            returns=flow.get("returns", 0),
            closing=closing[account],
        )
        found = list(problems.get(account, []))
        expected = line.opening + line.deposits - line.withdrawals - line.wagers + line.returns
        if expected != line.closing:
            found.insert(
                0,
                f"{account}: opening {line.opening} + deposits {line.deposits} - withdrawals "
                f"{line.withdrawals} - wagers {line.wagers} + returns {line.returns} = "
                f"{expected}, but the closing balance is {line.closing}",
            )
        accounts.append(replace(line, problems=tuple(found)))
    total = sum(closing.values())
    if total != 0:
        ledger.insert(0, f"the closing balances of all accounts sum to {total}, not 0")
    posted: dict[str, int] = {}
    for debit, credit, amount in every:
        posted[debit] = posted.get(debit, 0) - int(amount)
        posted[credit] = posted.get(credit, 0) + int(amount)
    for account in sorted(set(posted) | set(stored_balances)):
        if posted.get(account, 0) != stored_balances.get(account, 0):
            ledger.append(
                f"{account}: the balance stored is {stored_balances.get(account, 0)} but its "
                f"postings sum to {posted.get(account, 0)}"
            )
    return DayReport(day=day, accounts=tuple(accounts), total=total, problems=tuple(ledger))
