"""`tablegames audit verify --db URL` (issue 11 §3): exit 0 on an intact significant-event
log, 1 naming the first row edited by hand."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import text
from typer.testing import CliRunner

from tablegames.cli import app
from tablegames.store import Store


def test_audit_verify_names_the_first_edited_row(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/audit.db"
    store = Store.open(url)
    for number in range(4):
        store.audit("deposit", {"player_id": "p-1", "amount": 100 * (number + 1)})
    runner = CliRunner()
    intact = runner.invoke(app, ["audit", "verify", "--db", url])
    assert (intact.exit_code, intact.stdout.strip()) == (0, "audit log intact")
    with store.engine.begin() as conn:  # an intruder raises a deposit in place
        edited = '{"amount":9900,"player_id":"p-1"}'
        conn.execute(text("UPDATE audit_log SET details = :d WHERE seq = 3"), {"d": edited})
    store.close()
    after = runner.invoke(app, ["audit", "verify", "--db", url])
    assert after.exit_code == 1
    assert "edited at row 3" in after.stdout


def test_report_day_prints_every_account_and_fails_loudly_on_a_broken_identity(
    tmp_path: Path,
) -> None:
    from datetime import UTC, datetime

    from tablegames.server.service import Principal, Service

    url = f"sqlite:///{tmp_path}/day.db"
    store = Store.open(url)
    service = Service(store)
    player_id, _ = service.register("Ann")
    operator = Principal("operator")
    service.money(operator, player_id, 10_000, deposit=True, idempotency=None)
    service.money(operator, player_id, 2_500, deposit=False, idempotency=None)
    today = datetime.now(UTC).strftime("%Y-%m-%d")
    runner = CliRunner()
    good = runner.invoke(app, ["report", "day", "--db", url, "--date", today])
    assert good.exit_code == 0, good.stdout
    line = next(row for row in good.stdout.splitlines() if row.startswith(f"player:{player_id}"))
    # opening 0 + deposits 10,000 - withdrawals 2,500 - wagers 0 + returns 0 = closing 7,500
    assert line.split()[1:7] == ["0", "10000", "2500", "0", "0", "7500"]
    assert line.endswith("holds")
    with store.engine.begin() as conn:  # a posting's amount changed by hand
        conn.execute(text("UPDATE postings SET amount = amount + 1 WHERE id = 1"))
    store.close()
    bad = runner.invoke(app, ["report", "day", "--db", url, "--date", today])
    assert bad.exit_code == 1
    assert "BROKEN" in bad.stdout
    # Blackjack's own report keeps its command line: `report RULES --out FILE`.
    assert runner.invoke(app, ["report", "--help"]).exit_code == 0
