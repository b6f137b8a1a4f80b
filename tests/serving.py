"""Starting `tablegames serve` as users do, for the tests that drive a real server: a free port
of 127.0.0.1, and the wait until it answers."""

from __future__ import annotations

import socket
import subprocess
import time

import httpx


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until_serving(process: subprocess.Popen[str], url: str, *, seconds: float = 30) -> None:
    """Return once `url` answers 200; RuntimeError with the output if the process exits or
    `seconds` pass first."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"serve exited: {process.communicate()}")
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.1)
    raise RuntimeError(f"serve did not answer within {seconds:g} s")
