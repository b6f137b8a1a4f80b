"""`tablegames conform PATH... [--junit FILE]`: run conformance files, as a test lab would.

Each PATH is a conformance file or a folder, which means its `*.json` files in sorted order
(the format and what passing means: `tablegames.conform`, docs/scenarios.md). One row per file
is printed, then a summary line. Exit 0 when every file passes, 1 when any fails (a check that
found problems), 2 on bad input.

Every file is read and checked for shape before any is played: one missing or malformed file
among many is exit 2 with its one `error:` line and nothing is run, so a lab never mistakes a
partial run for a result. `--junit FILE` is checked for being writable before the run, too.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tablegames.cli.app import EXIT_FINDINGS, app
from tablegames.core.inputs import InputError, output_file

if TYPE_CHECKING:
    from tablegames.conform import ConformanceResult

JUNIT_SUITE = "tablegames conform"


@app.command("conform")
def conform_command(
    paths: Annotated[
        list[Path],
        typer.Argument(metavar="PATH", help="Conformance files, or folders of *.json files."),
    ],
    junit: Annotated[
        Path | None,
        typer.Option("--junit", metavar="FILE", help="Also write a JUnit XML report to FILE."),
    ] = None,
) -> None:
    """Play conformance files and compare each with its expected result or refusal."""
    from tablegames.conform import load_cases, run_cases  # only when conformance runs

    if junit is not None:
        output_file(junit, "JUnit report")
    results = run_cases(load_cases(paths))
    for line in result_table(results):
        typer.echo(line)
    typer.echo(summary_line(results))
    if junit is not None:
        write_junit(results, junit)
    if not all(result.passed for result in results):
        raise typer.Exit(EXIT_FINDINGS)


def result_table(results: Sequence[ConformanceResult]) -> list[str]:
    """Plain aligned columns (file, game, PASS/FAIL, difference): greppable, never wrapped."""
    rows = [
        (
            str(result.path),
            result.game,
            "PASS" if result.passed else "FAIL",
            "" if result.mismatch is None else str(result.mismatch),
        )
        for result in results
    ]
    header = ("file", "game", "result", "difference")
    widths = [max(len(row[column]) for row in [header, *rows]) for column in range(3)]

    def line(row: tuple[str, str, str, str]) -> str:
        cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=False)]
        return "  ".join([*cells, row[3]]).rstrip()

    return [line(header), *(line(row) for row in rows)]


def summary_line(results: Sequence[ConformanceResult]) -> str:
    failed = sum(not result.passed for result in results)
    seconds = sum(result.seconds for result in results)
    files = f"{len(results)} file{'s' * (len(results) != 1)}"
    return f"{files}: {len(results) - failed} passed, {failed} failed ({seconds:.2f} s)"


def write_junit(results: Sequence[ConformanceResult], path: Path) -> None:
    from tablegames.conform import junit_tree

    try:
        junit_tree(results, JUNIT_SUITE).write(path, encoding="utf-8", xml_declaration=True)
    except OSError as error:
        raise InputError(
            f"cannot write JUnit report {str(path)!r}: {error.strerror or error}"
        ) from None
