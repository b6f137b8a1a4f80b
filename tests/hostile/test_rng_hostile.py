"""`tablegames rng export` on bad input: one `error:` line, exit 2, no traceback, nothing
written (the hostile contract of tests/hostile/test_hostile.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablegames.cli import app

runner = CliRunner()


def export(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["rng", "export", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--what", "raw", "--count", "0"], "--count is 1 to"),
        (["--what", "dice", "--count", "-5"], "--count is 1 to"),
        (["--what", "raw", "--count", "10000000000"], "--count is 1 to"),
        (["--what", "shuffles", "--count", "lots"], "--count"),
        (["--what", "random", "--count", "5"], "--what"),
        (["--what", "RAW", "--count", "5"], "--what"),
        (["--count", "5"], "--what"),
        (["--what", "raw"], "--count"),
    ],
)
def test_rng_export_refuses_bad_options(tmp_path: Path, args: list[str], words: str) -> None:
    out = tmp_path / "out.bin"
    code, stdout, stderr = export(*args, "--out", str(out))
    assert code == 2
    assert stderr.startswith("error: "), stderr
    assert stderr.count("\n") == 1, stderr
    assert words in stderr
    assert "Traceback" not in stderr
    assert stdout == ""
    assert not out.exists()


def test_rng_export_refuses_a_missing_folder(tmp_path: Path) -> None:
    code, _, stderr = export("--what", "raw", "--count", "8", "--out", str(tmp_path / "no" / "f"))
    assert code == 2
    assert "does not exist" in stderr
    assert stderr.count("\n") == 1


def test_rng_export_refuses_a_folder_as_the_file(tmp_path: Path) -> None:
    code, _, stderr = export("--what", "dice", "--count", "8", "--out", str(tmp_path))
    assert code == 2
    assert "is a directory" in stderr


def test_rng_export_refuses_a_path_under_a_file(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    code, _, stderr = export("--what", "raw", "--count", "8", "--out", str(tmp_path / "file" / "f"))
    assert code == 2
    assert stderr.startswith("error: ")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("what", ["raw", "selections"])
def test_rng_export_reports_a_write_that_fails(what: str) -> None:
    # /dev/full takes the open and fails every write (ENOSPC): the OSError path, not a crash.
    code, stdout, stderr = export("--what", what, "--count", "2000000", "--out", "/dev/full")
    assert code == 2
    assert "cannot be written" in stderr
    assert "Traceback" not in stderr
    assert stderr.count("\n") == 1
    assert stdout == ""
    assert Path("/dev/full").exists()
