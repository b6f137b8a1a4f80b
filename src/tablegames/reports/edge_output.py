"""What `tablegames edge` prints: its reports as rich text and as CSV.

The reports are the plain data of `edge_blackjack`, the side wagers' `edge_report` and craps'
`edge_report`; this module only lays them out. `--json` prints them unchanged.

CSV, one table per wager kind (the command's help says the same):

- a side wager: `outcome,line,probability,pays,contribution`, one row per winning outcome and a
  last row `loses`; `contribution` is the row's house-positive share of the house edge
  (-probability x net win, or the losing probability), so the column sums to `house_edge`.
- blackjack: one long-format table `section,hand,up,item,value,best`: `summary` rows (item and
  value: house edge, standard deviation, ...), `non_pa` rows (item the field, value the finding
  with its paragraph), `by_up_card` rows (the player's expected value per up card), `dealer`
  rows (item 17-21, bust or blackjack: the dealer's final total by up card) and, with
  `--hands`, `hand` rows (every option of every two-card hand against every up card, given the
  dealer has no Blackjack; best is 1 on the best option's row).
- craps: one row per wager and line of the C&E, as the text table shows them.

>>> rows = _side_rows({"lines": [{"outcome": "Pair", "line": "pair", "probability": 0.25,
...     "pays": "1 to 1", "contribution": -0.25}], "losing_probability": 0.75})
>>> rows[-1]
['loses', '', '0.75', '', '0.75']
"""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from rich.console import Console
from rich.markup import escape
from rich.table import Table

# The up cards as the strategy chart orders them (tablegames strategy): 2-9, ten-value, ace.
UP_CARDS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")
# One letter per option, the chart's own letters (S H D P R).
OPTION_CODES: Final[Mapping[str, str]] = {
    "stand": "S",
    "hit": "H",
    "double": "D",
    "split": "P",
    "surrender": "R",
}
DEALER_TOTALS: Final = ("17", "18", "19", "20", "21", "bust", "blackjack")
SIDE_COLUMNS: Final = ("outcome", "line", "probability", "pays", "contribution")
BLACKJACK_COLUMNS: Final = ("section", "hand", "up", "item", "value", "best")
CRAPS_COLUMNS: Final = (
    "wager",
    "label",
    "per",
    "line_of",
    "base_odds",
    "power_odds",
    "house_edge",
    "house_edge_without_power_odds",
    "house_edge_per_roll",
    "breakeven_level_1",
    "breakeven_level_2",
)


def _csv(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows([["" if cell is None else _cell(cell) for cell in row] for row in rows])
    return buffer.getvalue()


def _cell(value: Any) -> str:
    # repr of a float is the shortest text that reads back as the same float.
    return repr(value) if isinstance(value, float) else str(value)


# --- CSV ------------------------------------------------------------------------------------------


def _side_rows(report: Mapping[str, Any]) -> list[list[str]]:
    rows = [
        [
            line["outcome"],
            line["line"],
            _cell(line["probability"]),
            line["pays"],
            _cell(line["contribution"]),
        ]
        for line in report["lines"]
    ]
    losing = _cell(report["losing_probability"])
    # A lost wager gives the house the whole stake: its share of the edge is its probability.
    rows.append(["loses", "", losing, "", losing])
    return rows


def _blackjack_rows(report: Mapping[str, Any]) -> list[list[Any]]:
    rows: list[list[Any]] = []
    for key, value in report.items():
        if value is None or isinstance(value, (str, int, float)):
            rows.append(["summary", "", "", key, value, ""])
    for finding in report.get("non_pa_findings", []):
        paragraph = f" (58 Pa. Code {finding['paragraph']})" if finding["paragraph"] else ""
        rows.append(["non_pa", "", "", finding["field"], finding["message"] + paragraph, ""])
    for up, value in _by_up(report.get("by_up_card", {})):
        rows.append(["by_up_card", "", up, "player_expected_value", value, ""])
    for up, totals in _by_up(report.get("dealer", {})):
        for name in DEALER_TOTALS:
            rows.append(["dealer", "", up, name, totals[name], ""])
    for hand in report.get("hands", []):
        for option in OPTION_CODES:
            if option in hand:
                best = 1 if option == hand["best"] else 0
                rows.append(["hand", hand["hand"], hand["up"], option, hand[option], best])
    return rows


def _by_up(table: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """A report's by-up-card mapping in the chart's order (2-9, T, A)."""
    return [(up, table[up]) for up in UP_CARDS if up in table]


def _craps_rows(report: Mapping[str, Any]) -> list[list[Any]]:
    rows = []
    for row in report["wagers"]:
        even = row["breakeven_selection_probability"]
        power = row["power_odds"]
        rows.append(
            [
                row["wager"],
                row["label"],
                row["per"],
                row["line_of"],
                row["base_odds"],
                None if power is None else " / ".join(power),
                row["house_edge"],
                row["house_edge_without_power_odds"],
                row["house_edge_per_roll"],
                even["level_1"],
                even["level_2"],
            ]
        )
    return rows


def edge_csv(report: Mapping[str, Any]) -> str:
    """The report's table(s) as CSV text (see the module's docstring for the columns)."""
    if report.get("game") == "craps":
        return _csv(CRAPS_COLUMNS, _craps_rows(report))
    if isinstance(report.get("lines"), list):
        return _csv(SIDE_COLUMNS, _side_rows(report))
    return _csv(BLACKJACK_COLUMNS, _blackjack_rows(report))


# --- text -----------------------------------------------------------------------------------------


def _percent(value: float, places: int = 4) -> str:
    return f"{value * 100:.{places}f}%"


def print_edge(report: Mapping[str, Any], out: Console | None = None) -> None:
    """The report as a person reads it: the figures, every non-PA finding in red, the tables."""
    out = out or Console()
    edge = float(report["house_edge"])
    paytable = f", paytable {report['paytable']}" if report.get("paytable") else ""
    out.print(
        f"[bold]{report['wager']}[/bold], {report['decks']} decks{escape(paytable)}: house edge "
        f"{edge * 100:.6f}%"
        + (f", standard deviation {report['std_dev']:.4f}" if report.get("std_dev") else "")
    )
    for key in (
        "switch_option_value",
        "switch_probability",
        "house_edge_basis",
        "method",
        "standard_error",
    ):
        if key in report:
            out.print(f"  {key.replace('_', ' ')}: {escape(str(report[key]))}")
    for finding in report.get("non_pa", []):
        out.print(f"[red]non-PA[/red] {escape(str(finding))}")
    if isinstance(report.get("lines"), list):
        _print_side(report, out)
        return
    if "hands" in report:
        _print_hands(report, out)
        _print_dealer(report, out)


def _print_side(report: Mapping[str, Any], out: Console) -> None:
    meter = report.get("meter")
    if isinstance(meter, Mapping):
        amount = meter["amount_in_wagers"]
        even = meter["break_even_meter"]
        out.print(
            f"  meter {amount:,.1f} wagers ({escape(str(meter['source']))}); house edge "
            f"{_percent(meter['house_edge_at_zero_meter'])} at an empty meter, break-even "
            + ("never" if even is None else f"at {even:,.1f} wagers")
        )
    table = Table(title=f"{report['wager']}: every winning outcome")
    for column in ("Outcome", "Pays", "Probability", "Share of house edge"):
        table.add_column(column, justify="left" if column in ("Outcome", "Pays") else "right")
    for line in report["lines"]:
        table.add_row(
            escape(line["outcome"]),
            escape(line["pays"]),
            f"{line['probability']:.8f}",
            _percent(line["contribution"]),
        )
    losing = report["losing_probability"]
    table.add_row("loses", "", f"{losing:.8f}", _percent(losing), end_section=True)
    table.add_row("total", "", "1", _percent(float(report["house_edge"])))
    out.print(table)
    by_up = report.get("by_up_card")
    if isinstance(by_up, list):
        table = Table(title=f"{report['wager']} by the dealer's up card")
        for column in ("Up card", "P(up card)", "Dealer busts", "House edge"):
            table.add_column(column, justify="right")
        for figure in by_up:
            table.add_row(
                str(figure["up_card"]),
                f"{figure['probability_of_up_card']:.6f}",
                f"{figure['dealer_busts']:.6f}",
                _percent(figure["house_edge"]),
            )
        out.print(table)
    for note in report.get("notes", []):
        out.print(f"  [dim]note: {escape(str(note))}[/dim]")


def _print_hands(report: Mapping[str, Any], out: Console) -> None:
    """Every two-card hand against every up card: the best option's letter and value."""
    grid: dict[str, dict[str, Mapping[str, Any]]] = {}
    for hand in report["hands"]:
        grid.setdefault(hand["hand"], {})[hand["up"]] = hand
    legend = ", ".join(f"{code} {name}" for name, code in OPTION_CODES.items())
    table = Table(
        title="Best option and its value per unit wagered, given no dealer Blackjack",
        caption=legend,
        padding=(0, 1),
    )
    table.add_column("Hand")
    for up in UP_CARDS:
        table.add_column(up, justify="right")
    for name, by_up in grid.items():
        cells = []
        for up in UP_CARDS:
            hand = by_up.get(up)
            if hand is None:
                cells.append("")
                continue
            best = hand["best"]
            cells.append(f"{OPTION_CODES.get(best, best)} {hand[best]:+.3f}")
        table.add_row(name, *cells)
    out.print(table)


def _print_dealer(report: Mapping[str, Any], out: Console) -> None:
    """The dealer's final totals by up card (full shoe), with the player's value per up card."""
    table = Table(title="Dealer's outcomes by up card (probabilities, Blackjack included)")
    table.add_column("Up")
    for name in DEALER_TOTALS:
        table.add_column(name, justify="right")
    by_up = report.get("by_up_card", {})
    table.add_column("player EV", justify="right")
    for up, totals in _by_up(report["dealer"]):
        value = by_up.get(up)
        table.add_row(
            up,
            *(f"{totals[name]:.4f}" for name in DEALER_TOTALS),
            "" if value is None else f"{value:+.4f}",
        )
    out.print(table)


def write_edge(report: Mapping[str, Any], *, as_json: bool, as_csv: bool) -> None:
    """`tablegames edge`'s output of a report: JSON, CSV (stdout stays pure CSV; each non-PA
    finding goes to stderr, where it is still seen) or the text for a person."""
    if as_json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
    elif as_csv:
        sys.stdout.write(edge_csv(report))
        for finding in report.get("non_pa", []):
            sys.stderr.write(f"non-PA {finding}\n")
    else:
        print_edge(report)
