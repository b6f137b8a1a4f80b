"""`tablegames rules check` and `tablegames rules show`: the Rules Submission (601a.2)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from tablegames.cli.app import EXIT_FINDINGS, PresetOption, RulesOption, SetOption, house_rules
from tablegames.cli.app import rules_app as app
from tablegames.rules import Rules, findings_for_mapping, read_rules_file


@app.command("check")
def rules_check(
    path: Annotated[Path, typer.Argument(help="Rules Submission as TOML.")],
) -> None:
    """Exit 0 when the rules are valid Pennsylvania rules; else list every violation, exit 1.

    A file that cannot be read at all is bad input (exit 2), not a finding.
    """
    data = read_rules_file(path)
    rules, found = findings_for_mapping(data)
    if rules is not None:
        found += rules.non_pa()
    if found:
        for finding in found:
            typer.echo(f"violation: {finding}")
        raise typer.Exit(EXIT_FINDINGS)
    typer.echo(f"{path}: valid")


@app.command("show")
def rules_show(
    preset: PresetOption = None,
    rules: RulesOption = None,
    overrides: SetOption = None,
) -> None:
    """Show every house rule in force with its paragraph; non-PA options are marked."""
    from rich.table import Table

    house = house_rules(preset, rules, overrides)
    flagged = {finding.field: finding for finding in house.non_pa()}
    table = Table(title="House rules (Rules Submission, 601a.2)")
    for column in ("rule", "value", "", "meaning"):
        table.add_column(column)
    for name, info in Rules.model_fields.items():
        mark = f"non-PA {flagged[name].paragraph}" if name in flagged else ""
        table.add_row(name, str(getattr(house, name)), mark, info.description or "")
    Console().print(table)
