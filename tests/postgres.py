"""A throwaway PostgreSQL cluster for the store tests: `initdb` in a temporary folder, started by
`pg_ctl` on a free port of 127.0.0.1 (its unix socket in the same folder), removed at the end.

The binaries come from PATH or Debian's `/usr/lib/postgresql/*/bin` (`make postgresql` installs
them). PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` user
Debian's package creates (created here when missing) through `runuser`, in a folder it owns.
The cluster keeps nothing: fsync is off, which changes nothing the tests observe.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from itertools import count
from pathlib import Path

import psycopg

INSTALL_HINT = (
    "PostgreSQL is needed for the store tests (they run on SQLite and PostgreSQL) and was not "
    "found on PATH or in /usr/lib/postgresql/*/bin: run `make postgresql` (as root it installs "
    "Debian's package: apt-get install postgresql) or install PostgreSQL's server binaries"
)
SERVICE_USER = "postgres"


def find_bin() -> Path | None:
    """The folder holding initdb, pg_ctl and postgres, or None."""
    found = shutil.which("initdb")
    if found is not None:
        folder = Path(found).resolve().parent
        if (folder / "pg_ctl").exists():
            return folder

    def major(path: str) -> float:
        name = Path(path).parents[1].name
        return float(name) if name.replace(".", "", 1).isdigit() else 0.0

    for initdb in sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=major, reverse=True):
        folder = Path(initdb).parent
        if (folder / "pg_ctl").exists():
            return folder
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _service_user() -> pwd.struct_passwd:
    with contextlib.suppress(KeyError):
        return pwd.getpwnam(SERVICE_USER)
    subprocess.run(
        ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", SERVICE_USER],
        check=True,
        capture_output=True,
    )
    return pwd.getpwnam(SERVICE_USER)


class Cluster:
    """A running cluster; `new_database()` gives each test its own empty database."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin_dir = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="tablegames-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.prefix: list[str] = []
        if os.geteuid() == 0:
            user = _service_user()
            os.chown(self.root, user.pw_uid, user.pw_gid)
            self.prefix = ["runuser", "-u", user.pw_name, "--"]
        self._names = count(1)
        self.started = False

    def _run(self, *args: str) -> None:
        done = subprocess.run([*self.prefix, *args], capture_output=True, text=True, check=False)
        if done.returncode != 0:
            log = self.root / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(
                f"{' '.join(args[:2])} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
                f"\n{tail}"
            )

    def start(self) -> None:
        """initdb and start the server, waiting until it accepts connections."""
        self._run(
            str(self.bin_dir / "initdb"),
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--no-sync",
        )
        options = (
            f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        )
        self._run(
            str(self.bin_dir / "pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.root / "server.log"),
            "-o",
            options,
            "-w",
            "-t",
            "60",
            "start",
        )
        self.started = True

    def stop(self) -> None:
        """Stop the server and remove its folder."""
        try:
            if self.started:
                self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "stop")
        finally:
            self.started = False
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str) -> str:
        """The SQLAlchemy URL of one database of the cluster."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """Create an empty database; its URL."""
        name = f"store_test_{next(self._names)}"
        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres", autocommit=True
        ) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)
