"""One SQLite writer at a time, across the threads of a process and across processes.

SQLite lets one transaction write at a time. A writer that meets the lock waits in SQLite's busy
handler, which sleeps in steps that grow to 100 ms: under load, the p99 latency of a server
with several worker processes on one file became those sleeps. Writers queue here instead,
first on a lock of this process (its group commit gathers the batches that arrive meanwhile),
then on an advisory lock (`flock`) of a file beside the database, which the kernel hands to the
next process the moment the holder lets go. SQLite's own lock still guards the file: a writer
that does not take this lock (another program) is only slower, never wrong.

PostgreSQL locks rows, so writers of different tables go on together: no lock is taken.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from types import TracebackType

try:  # POSIX; elsewhere the processes fall back on SQLite's busy handler.
    import fcntl
except ImportError:  # pragma: no cover - not on Linux
    fcntl = None  # type: ignore[assignment]

LOCK_SUFFIX = "-writer.lock"


class WriterLock:
    """Held around every write transaction of an SQLite store (`Store`)."""

    def __init__(self, database: Path | None) -> None:
        self._thread_lock = threading.Lock()
        self._path = None if database is None else database.with_name(database.name + LOCK_SUFFIX)
        self._fd: int | None = None

    def _file(self) -> int | None:
        # Opened at the first write, in the process that writes: a descriptor inherited through
        # a fork would share its lock with the parent.
        if self._path is None or fcntl is None:
            return None
        if self._fd is None:
            self._fd = os.open(self._path, os.O_RDWR | os.O_CREAT, 0o600)
        return self._fd

    def __enter__(self) -> None:
        self._thread_lock.acquire()
        try:
            fd = self._file()
            if fd is not None:
                fcntl.flock(fd, fcntl.LOCK_EX)
        except BaseException:
            self._thread_lock.release()
            raise

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        try:
            if self._fd is not None and fcntl is not None:
                fcntl.flock(self._fd, fcntl.LOCK_UN)
        finally:
            self._thread_lock.release()

    def close(self) -> None:
        """Let the lock file go (the file stays: another process may hold it open)."""
        with self._thread_lock:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None
