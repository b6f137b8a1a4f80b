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
