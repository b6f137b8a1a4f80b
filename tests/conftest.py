"""Fixtures shared across test folders: the databases every store and server test runs on.

`url` gives an empty database of each kind: SQLite (a file in a temporary folder) and
PostgreSQL (one throwaway cluster per session, started on first use in a temporary directory on
a free port of 127.0.0.1, a fresh database per test). Without PostgreSQL the PostgreSQL half
fails, saying how to install it: CI must run both.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.postgres import INSTALL_HINT, Cluster, find_bin


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    """The session's PostgreSQL cluster (started on first use, stopped at the end)."""
    bin_dir = find_bin()
    if bin_dir is None:
        pytest.fail(INSTALL_HINT, pytrace=False)
    cluster = Cluster(bin_dir)
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The URL of an empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path_factory.mktemp('sqlite')}/store.db"
    cluster: Cluster = request.getfixturevalue("postgres_cluster")
    return cluster.new_database()
