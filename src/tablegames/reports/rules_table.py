"""The console table of `tablegames rules show`: every house rule with its paragraph (601a.2)."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from tablegames.blackjack.rules import Rules
from tablegames.blackjack.rules.labels import rule_rows


def print_rules_table(house: Rules) -> None:
    """Each rule by its readable label, the field it is filed under, its value and paragraph;
    non-PA options marked in red."""
    table = Table(title="House rules (Rules Submission, 601a.2)")
    table.add_column("Rule")
    # Operators file by field name: it is never broken across lines.
    table.add_column("Field", no_wrap=True)
    table.add_column("Value")
    table.add_column("Paragraph", overflow="fold")
    for row in rule_rows(house):
        value = escape(row.value) + (f"\n[red]{row.non_pa}[/red]" if row.non_pa else "")
        table.add_row(escape(row.label), row.field, value, row.paragraphs)
    Console().print(table)
