"""The console table of `tablegames edge craps`: every Power Odds wager's house edge (623b.5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.table import Table as RichTable


def print_craps_edge(report: Mapping[str, Any]) -> None:
    """Print `tablegames.craps.edge.edge_report`'s figures as a table."""
    state = "on" if report["power_odds"] else "off"
    table = RichTable(title=f"Craps Power Odds (623b.5), Power Odds {state}: house edge")
    for column in ("Wager", "Pays", "Power Odds", "Edge", "Edge without", "Break-even L1 / L2"):
        table.add_column(column, justify="left" if column in ("Wager", "Pays") else "right")
    for row in report["wagers"]:
        even = row["breakeven_selection_probability"]
        # The C&E has a line of text per line; its lines' own rows follow it.
        lines = list((row["lines"] or {row["wager"]: row}).values())
        label = row["label"]
        if row["per"] == "decision":
            label += " (per decision)"
        if row["line_of"] is not None:
            label = f"  {label}: its Power Odds only"
        table.add_row(
            label,
            "\n".join(line["base_odds"] for line in lines),
            "\n".join(" / ".join(line["power_odds"]) for line in lines),
            f"{row['house_edge']:.4%}",
            f"{row['house_edge_without_power_odds']:.4%}",
            " / ".join("never" if even[key] is None else f"{even[key]:.4f}" for key in even),
        )
    Console(width=140).print(table)
