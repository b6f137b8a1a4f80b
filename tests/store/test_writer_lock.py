"""`store.writer_lock.WriterLock`: SQLite writers of different processes queue on one file lock
beside the database (`serve --workers`), instead of sleeping in SQLite's busy handler."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from tablegames.store.writer_lock import LOCK_SUFFIX, WriterLock

HOLD_SECONDS = 0.6

HOLDER = f"""
import sys, time
from pathlib import Path
from tablegames.store.writer_lock import WriterLock
lock = WriterLock(Path(sys.argv[1]))
with lock:
    print("held", flush=True)
    time.sleep({HOLD_SECONDS})
lock.close()
"""


def test_a_writer_of_another_process_waits_until_the_lock_is_let_go(tmp_path: Path) -> None:
    database = tmp_path / "tablegames.db"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(database)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "held"
        lock = WriterLock(database)
        start = time.monotonic()
        with lock:
            waited = time.monotonic() - start
            # Taken only once the other process let go, and at once after (no busy sleeps).
            assert holder.wait(timeout=10) == 0
        lock.close()
    finally:
        holder.kill()
    assert waited >= HOLD_SECONDS / 2
    assert (tmp_path / f"tablegames.db{LOCK_SUFFIX}").exists()


def test_no_file_is_locked_without_a_database_file() -> None:
    lock = WriterLock(None)
    with lock:
        pass
    lock.close()
