"""`tablegames rules check` and `tablegames rules show`: the Rules Submission (601a.2)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tablegames.blackjack.rules import Rules, findings_for_mapping, read_rules_file
from tablegames.cli.app import EXIT_FINDINGS, PresetOption, RulesOption, SetOption, house_rules
from tablegames.cli.app import rules_app as app


@app.command("check")
def rules_check(
    path: Annotated[Path, typer.Argument(help="Rules Submission as TOML.")],
) -> None:
    """Exit 0 when the rules are valid Pennsylvania rules; else list every violation, exit 1.

    A `warning:` line names each wager or option that gives the player the edge, with its
    house edge and how it was derived (a fast rule list, `tablegames.blackjack.rules.advantage`; the
    exact figures are in `tablegames report`). Warnings do not change the exit code.
    A file that cannot be read at all is bad input (exit 2), not a finding.
    """
    from tablegames.blackjack.rules.advantage import EdgeWarning, player_edge_warnings

    data = read_rules_file(path)
    rules, found = findings_for_mapping(data)
    warnings: list[EdgeWarning] = []
    if rules is not None:
        found += rules.non_pa()
        warnings = player_edge_warnings(rules)
    for finding in found:
        typer.echo(f"violation: {finding}")
    for warning in warnings:
        typer.echo(f"warning: {warning}")
    if found:
        raise typer.Exit(EXIT_FINDINGS)
    typer.echo(f"{path}: valid")


@app.command("show")
def rules_show(
    preset: PresetOption = None,
    rules: RulesOption = None,
    overrides: SetOption = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help=(
                "Print the rules as the JSON mapping a filing uses: field names and cents "
                "exact, side wagers not offered left out; it loads back to the same rules."
            ),
        ),
    ] = False,
) -> None:
    """Show every house rule in force with its paragraph; non-PA options are marked.

    Amounts are shown in dollars (the file holds cents), shares in percent, each rule by a
    readable label beside the field name it is filed under; one row per side wager offered.
    """
    import json
    import sys

    from tablegames.blackjack.rules.labels import filing_mapping
    from tablegames.reports.rules_table import print_rules_table

    house: Rules = house_rules(preset, rules, overrides)
    if as_json:
        sys.stdout.write(json.dumps(filing_mapping(house), indent=2) + "\n")
        return
    print_rules_table(house)
