"""`tablegames edge blackjack` and `tablegames strategy`: the main game's figures as JSON and as
the chart a player would pin beside the table.

Per-hand values are reported as players see them after the dealer's check (633a.7(h)):
conditioned on the dealer not having Blackjack, (v + p) / (1 - p) for an unconditional value v
and a dealer Blackjack chance p.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tablegames.blackjack.analysis.basic_strategy import CODES, HIT, BasicChart, basic_chart
from tablegames.blackjack.analysis.game import (
    GameValues,
    Strategy,
    analyse,
    blackjack_chance,
    two_card_options,
)
from tablegames.blackjack.analysis.hands import ACE, TEN
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.strategy_chart import (
    HARD,
    HARD_MORE,
    HARD_MORE_TOTALS,
    HARD_TOTALS,
    PAIRS,
    SOFT,
    SOFT_MORE,
    SOFT_MORE_TOTALS,
    SOFT_TOTALS,
    RowKey,
    StrategyChart,
    chart_csv_rows,
    write_chart_csv,
)
from tablegames.blackjack.variation import variation_of

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")


def dealer_table(result: GameValues) -> dict[str, dict[str, float]]:
    """The dealer's final-total probabilities by up card, full shoe, Blackjack included."""
    names = ("17", "18", "19", "20", "21", "bust", "blackjack")
    return {
        RANKS[up]: {name: float(result.dealer[up, column]) for column, name in enumerate(names)}
        for up in range(10)
    }


def hand_table(result: GameValues) -> list[dict[str, Any]]:
    """Every two-card hand against every up card: each option's value after the dealer's check
    (conditioned on no dealer Blackjack) and the best option."""
    rows = []
    for first in range(10):
        for second in range(first, 10):
            for up in range(10):
                rest = result.table.shoe.copy()
                rest[first] -= 1
                rest[second] -= 1
                if min(rest[first], rest[second]) < 0 or rest[up] <= 0:
                    continue
                rest[up] -= 1
                chance = blackjack_chance(rest, up)
                options = two_card_options(result, first, second, up)
                natural = {first, second} == {ACE, TEN}
                row: dict[str, Any] = {"hand": f"{RANKS[first]},{RANKS[second]}", "up": RANKS[up]}
                for name, (value, _) in options.items():
                    row[name] = value / (1 - chance) if natural else (value + chance) / (1 - chance)
                row["best"] = max(options, key=lambda name: options[name][0])
                rows.append(row)
    return rows


def edge_blackjack(
    rules: Rules, *, strategy: Strategy = "cdz", hands: bool = False
) -> dict[str, Any]:
    """The JSON of `tablegames edge blackjack`."""
    variation = variation_of(rules)
    if not variation.analysed_as_main_game:
        from tablegames.blackjack.analysis.switch_games import blackjack_switch, switch_hands

        analysed = blackjack_switch if variation.analysis == "blackjack_switch" else switch_hands
        switch_report = analysed(rules)
        switch_report.update(strategy="cdz", rules=rules.model_dump(mode="json"), std_dev=None)
        switch_report["non_pa"] = [str(finding) for finding in rules.non_pa()]
        return switch_report
    result = analyse(rules, strategy)
    report: dict[str, Any] = {
        "wager": "blackjack",
        "decks": rules.decks,
        "strategy": strategy,
        "house_edge": result.house_edge,
        "std_dev": result.std_dev,
        "std_dev_note": (
            "per initial wager; exact for every round without a split. A split round's hands "
            "are taken as independent given the dealer's final hand (17-21 or bust), so their "
            "covariance through the shared dealer hand is included; only the effect of card "
            "removal between the hands is left out (about 1% or less of a split round's second "
            "moment from one deck, less from more)"
        ),
        "rules": rules.model_dump(mode="json"),
        "non_pa": [str(finding) for finding in rules.non_pa()],
        "by_up_card": {RANKS[up]: float(result.by_up_card[up]) for up in range(10)},
        "dealer": dealer_table(result),
    }
    if hands:
        report["hands"] = hand_table(result)
        report["hands_note"] = "values per unit wagered, given the dealer has no Blackjack"
    return report


def strategy_chart(rules: Rules) -> BasicChart:
    return basic_chart(analyse(rules, "cdz"))


def chart_model(chart: BasicChart) -> StrategyChart:
    """The analysis's chart as the engine-side chart a policy plays and the CSV holds.

    Nothing is lost: every row the analysis plays is carried over, and a row the analysis has
    no entry for gets the code its own lookup uses then (`BasicChart.code`: hit; a pair with no
    split entry: not split, `-`).
    """
    columns = [*range(1, 10), ACE]  # the CSV's up-card order: 2-9, T, A
    cells: dict[RowKey, list[str]] = {}

    def total_row(rows: dict[int, list[int]], total: int) -> list[str]:
        row = rows.get(total)
        return [CODES[HIT if row is None else row[up]] for up in columns]

    for total in HARD_TOTALS:
        cells[HARD, str(total)] = total_row(chart.hard, total)
    for total in SOFT_TOTALS:
        cells[SOFT, "A,A" if total == 12 else f"A,{total - 11}"] = total_row(chart.soft, total)
    for rank in [*range(1, 10), ACE]:
        splits = chart.split.get(rank, [False] * 10)
        label = f"{RANKS[rank]},{RANKS[rank]}"
        cells[PAIRS, label] = ["P" if splits[up] else "-" for up in columns]
    for total in HARD_MORE_TOTALS:
        cells[HARD_MORE, str(total)] = total_row(chart.hard_more, total)
    for total in SOFT_MORE_TOTALS:
        cells[SOFT_MORE, str(total)] = total_row(chart.soft_more, total)
    return StrategyChart.from_cells(cells)


def chart_rows(chart: BasicChart) -> list[list[str]]:
    """The chart as the CSV's rows: section, hand, then one code per up card 2-9, T, A."""
    return chart_csv_rows(chart_model(chart))


def chart_csv(chart: BasicChart | StrategyChart) -> str:
    """The CSV `tablegames strategy` writes (format: `tablegames.blackjack.strategy_chart`)."""
    return write_chart_csv(chart if isinstance(chart, StrategyChart) else chart_model(chart))


def _pinned(row: list[str]) -> bool:
    """The rows the printed chart shows: those a player consults (the CSV holds every row)."""
    section, hand = row[0], row[1]
    if section == HARD:
        return int(hand) >= 5
    if section == SOFT:
        return hand != "A,A"
    if section == HARD_MORE:
        return 12 <= int(hand) <= 17
    return section == PAIRS


def chart_png(chart: BasicChart, rules: Rules, path: str) -> None:
    """A heat-map chart a person would pin beside the table."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [row for row in chart_rows(chart)[1:] if _pinned(row)]
    colours = {
        "S": "#e8c547",
        "H": "#ffffff",
        "Dh": "#4caf50",
        "Ds": "#8bc34a",
        "R": "#9e9e9e",
        "P": "#42a5f5",
        "-": "#f5f5f5",
    }
    palette = list(colours)
    grid = np.array([[palette.index(code) for code in row[2:]] for row in rows])
    from matplotlib.colors import ListedColormap

    figure, axes = plt.subplots(figsize=(7, 0.28 * len(rows) + 1.6))
    axes.imshow(
        grid,
        cmap=ListedColormap(list(colours.values())),
        aspect="auto",
        vmin=0,
        vmax=len(palette) - 1,
    )
    for y, row in enumerate(rows):
        for x, code in enumerate(row[2:]):
            axes.text(x, y, code, ha="center", va="center", fontsize=7)
    axes.set_xticks(range(10), [RANKS[up] for up in [*range(1, 10), ACE]])
    section = {"hard": "hard", "soft": "soft", "pairs": "pair", "hard, 3+ cards": "3+ cards"}
    labels = [f"{section[row[0]]} {row[1]}" for row in rows]
    axes.set_yticks(range(len(rows)), labels, fontsize=7)
    axes.xaxis.tick_top()
    title = (
        f"Basic strategy, {rules.decks} decks, "
        f"{'H17' if rules.dealer_hits_soft_17 else 'S17'}"
        f"{', DAS' if rules.double_after_split else ''}"
        f"{', late surrender' if rules.late_surrender else ''}"
    )
    axes.set_title(
        title + "\nS stand  H hit  Dh double/hit  Ds double/stand  R surrender  P split", fontsize=8
    )
    figure.tight_layout()
    figure.savefig(path, dpi=150)
    plt.close(figure)
