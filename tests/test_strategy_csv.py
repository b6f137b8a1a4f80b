"""The strategy chart's CSV: what `tablegames strategy --csv` prints reads back into the chart.

Three things are checked. The chart read back from the command's output is the chart the exact
analysis plays (every cell, compared with the analysis's own lookups, not with its CSV writer),
and its familiar rows are those of the published charts. Every file of the hostile corpus
(`tests/hostile/strategy_csv/`) is refused with an error naming its line, row and up card.
Random charts in every code survive the CSV unchanged.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tablegames.blackjack.analysis.basic_strategy import CODES, BasicChart
from tablegames.blackjack.rules import load_rules
from tablegames.blackjack.strategy_chart import (
    ALIASES,
    HARD,
    HARD_MORE,
    HARD_MORE_TOTALS,
    HARD_TOTALS,
    PAIR_CODES,
    PAIRS,
    ROW_KEYS,
    SOFT,
    SOFT_MORE,
    SOFT_MORE_TOTALS,
    SOFT_TOTALS,
    TOTAL_CODES,
    UP_CARDS,
    ChartError,
    StrategyChart,
    codes_for,
    parse_chart_csv,
    read_chart_csv,
    write_chart_csv,
)
from tablegames.cli import app
from tablegames.core.errors import TableGamesError
from tablegames.reports.blackjack_text import chart_model, strategy_chart

CORPUS = Path(__file__).parent / "hostile" / "strategy_csv"
runner = CliRunner()

# The three charts of the command: Pennsylvania's six- and eight-deck presets, and the non-PA
# what-if of a dealer who hits soft 17 (633a.7(m) has the dealer stand on every 17).
CHARTS: dict[str, tuple[str, list[str]]] = {
    "pa-6deck": ("pa-6deck", []),
    "pa-8deck": ("pa-8deck", []),
    "pa-6deck-h17": ("pa-6deck", ["--set", "dealer_hits_soft_17=true"]),
}


@cache
def printed(name: str) -> str:
    """`tablegames strategy --csv` for one of CHARTS, run in an empty folder."""
    preset, extra = CHARTS[name]
    with tempfile.TemporaryDirectory() as folder, contextlib.chdir(folder):
        result = runner.invoke(app, ["strategy", "--csv", "--preset", preset, *extra])
        written = os.listdir(".")
    assert result.exit_code == 0, result.output
    assert written == [], f"--csv wrote {written}"
    assert result.stderr == ""
    return result.stdout


@cache
def computed(name: str) -> BasicChart:
    preset, extra = CHARTS[name]
    overrides = [extra[1]] if extra else []
    return strategy_chart(load_rules(preset=preset, overrides=overrides))


# --- the command's CSV reads back into the chart the analysis plays ---------------------------


@pytest.mark.parametrize("name", list(CHARTS))
def test_printed_csv_reads_back_into_the_computed_chart(name: str) -> None:
    read = parse_chart_csv(printed(name), "the printed chart")
    assert read == chart_model(computed(name))
    # The same text again: writing the chart read back changes nothing.
    assert write_chart_csv(read) == printed(name)


@pytest.mark.parametrize("name", list(CHARTS))
def test_every_cell_read_back_is_the_cell_the_analysis_plays(name: str) -> None:
    # Compared with the analysis's own lookups (BasicChart.code, its split table), so a slip in
    # the conversion to the CSV's chart cannot hide behind the same slip on the way back.
    basic, read = computed(name), parse_chart_csv(printed(name), "the printed chart")
    rank_of = {label: rank for rank, label in enumerate("A23456789T")}
    for up in UP_CARDS:
        column = rank_of[up]
        for totals, soft, cards in (
            (HARD_TOTALS, False, 2),
            (SOFT_TOTALS, True, 2),
            (HARD_MORE_TOTALS, False, 3),
            (SOFT_MORE_TOTALS, True, 3),
        ):
            for total in totals:
                expected = CODES[basic.code(total, soft, cards, column)]
                assert read.total_code(total, soft=soft, cards=cards, up=up) == expected, (
                    total,
                    soft,
                    cards,
                    up,
                )
        for rank, label in enumerate("A23456789T"):
            splits = basic.split.get(rank, [False] * 10)[column]
            assert read.pair_code(label, up) == ("P" if splits else "-"), (label, up)


# Wizard of Odds, "Basic strategy, 4 to 8 decks, dealer stands on soft 17, double after split
# allowed, late surrender" (wizardofodds.com/games/blackjack/strategy/4-decks/): up cards 2-9,
# T, A; R is that chart's Rh. Pennsylvania's presets are those rules (633a.7(m) S17, 633a.10
# doubling after a split, 633a.9 late surrender).
PUBLISHED_S17 = {
    (HARD, "8"): "H H H H H H H H H H",
    (HARD, "9"): "H Dh Dh Dh Dh H H H H H",
    (HARD, "10"): "Dh Dh Dh Dh Dh Dh Dh Dh H H",
    (HARD, "11"): "Dh Dh Dh Dh Dh Dh Dh Dh Dh H",
    (HARD, "12"): "H H S S S H H H H H",
    (HARD, "15"): "S S S S S H H H R H",
    (HARD, "16"): "S S S S S H H R R R",
    (HARD, "17"): "S S S S S S S S S S",
    (SOFT, "A,2"): "H H H Dh Dh H H H H H",
    (SOFT, "A,6"): "H Dh Dh Dh Dh H H H H H",
    (SOFT, "A,7"): "S Ds Ds Ds Ds S S H H H",
    (SOFT, "A,8"): "S S S S S S S S S S",
    (PAIRS, "2,2"): "P P P P P P - - - -",
    (PAIRS, "4,4"): "- - - P P - - - - -",
    (PAIRS, "6,6"): "P P P P P - - - - -",
    (PAIRS, "8,8"): "P P P P P P P P P P",
    (PAIRS, "9,9"): "P P P P P - P P - -",
    (PAIRS, "T,T"): "- - - - - - - - - -",
    (PAIRS, "A,A"): "P P P P P P P P P P",
}
# The same source's chart for a dealer who hits soft 17 (4 to 8 decks, DAS, late surrender):
# where it differs from the S17 chart. It writes 17 v A as Rs and 8,8 v A as Rp: surrender
# first, as here (the analysis falls back to a hit, see test_policy.py).
PUBLISHED_H17 = {
    (HARD, "11"): "Dh Dh Dh Dh Dh Dh Dh Dh Dh Dh",
    (HARD, "15"): "S S S S S H H H R R",
    (HARD, "16"): "S S S S S H H R R R",
    (HARD, "17"): "S S S S S S S S S R",
    (SOFT, "A,7"): "Ds Ds Ds Ds Ds S S H H H",
    (SOFT, "A,8"): "S S S S Ds S S S S S",
    (PAIRS, "8,8"): "P P P P P P P P P -",
}


@pytest.mark.parametrize(
    ("name", "published"),
    [
        ("pa-6deck", PUBLISHED_S17),
        ("pa-8deck", PUBLISHED_S17),
        ("pa-6deck-h17", PUBLISHED_H17),
    ],
)
def test_the_chart_read_back_is_the_published_chart(
    name: str, published: dict[tuple[str, str], str]
) -> None:
    cells = parse_chart_csv(printed(name), "the printed chart").cells()
    for key, row in published.items():
        assert " ".join(cells[key]) == row, key


def test_every_row_and_code_of_the_first_format_is_still_written() -> None:
    # The first version's rows (hard 5-20, soft A,2-A,9, the pairs, hard 12-17 of three or more
    # cards), in its order and under its header: a reader of that format reads this one.
    lines = printed("pa-6deck").splitlines()
    assert lines[0] == "section,hand,2,3,4,5,6,7,8,9,T,A"
    first = (
        [f"hard,{total}," for total in range(5, 21)]
        + [f'soft,"A,{second}",' for second in range(2, 10)]
        + [f'pairs,"{rank},{rank}",' for rank in "23456789TA"]
        + [f'"hard, 3+ cards",{total},' for total in range(12, 18)]
    )
    where = [next(i for i, line in enumerate(lines) if line.startswith(row)) for row in first]
    assert where == sorted(where)


def test_csv_with_out_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    result = runner.invoke(app, ["strategy", "--csv", "--out", str(tmp_path / "charts")])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: --csv prints the chart and writes no file")
    assert list(tmp_path.iterdir()) == []


# --- the hostile corpus ------------------------------------------------------------------------

# file -> words its refusal must contain (the line, the row and the up-card column where the
# fault is in one cell).
EXPECTED = {
    "empty.csv": "is empty: its first line must be section,hand,2,3,4,5,6,7,8,9,T,A",
    "non_utf8.csv": "is not UTF-8 text",
    "missing_up_card_column.csv": "line 1 (the header) has no up-card column A",
    "up_cards_out_of_order.csv": "line 1 (the header), column 11: 'A' where the up card 'T'",
    "unknown_code_x.csv": "line 10 (hard 12), column '7': unknown code 'X'",
    "lowercase_code.csv": "line 9 (hard 11), column '2': unknown code 'dh'",
    "split_code_in_hard_row.csv": "line 14 (hard 16), column '7': unknown code 'P'",
    "duplicate_row.csv": "line 12: repeats the row hard 12 (first on line 10)",
    "missing_cell.csv": "line 25 (soft A,7), column 'A': the cell is missing",
    "extra_cell.csv": "line 7 (hard 9): 11 codes for the 10 up-card columns",
    "missing_row.csv": "has no row for soft, 3+ cards 20",
    "header_only.csv": "has no row for hard 4, hard 5, hard 6, hard 7, hard 8 and 54 more",
    "unknown_section.csv": "line 34: unknown section 'splits'",
    "hard_21_row.csv": "line 19: hard has no hand '21'",
    "unterminated_quote.csv": "not valid CSV",
}


def test_every_corpus_file_has_its_expected_refusal() -> None:
    assert sorted(path.name for path in CORPUS.iterdir()) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_hostile_chart_is_refused_with_a_clear_error(name: str) -> None:
    path = CORPUS / name
    with pytest.raises(TableGamesError) as caught:
        read_chart_csv(path)
    message = str(caught.value)
    assert EXPECTED[name] in message
    assert f"strategy chart {str(path)!r}" in message
    assert "\n" not in message


def test_a_directory_and_a_missing_file_are_refused(tmp_path: Path) -> None:
    with pytest.raises(TableGamesError, match="is a directory"):
        read_chart_csv(tmp_path)
    with pytest.raises(TableGamesError, match="does not exist"):
        read_chart_csv(tmp_path / "none.csv")


def test_a_byte_order_mark_crlf_blank_lines_and_spaces_are_read() -> None:
    text = write_chart_csv(StrategyChart.uniform("S"))
    lines = text.splitlines()
    loose = "\ufeff" + "\r\n\r\n".join(line.replace(",", ", ") for line in lines[:2])
    loose += "\r\n" + "\r\n".join(lines[2:]) + "\r\n"
    assert parse_chart_csv(loose, "the chart") == StrategyChart.uniform("S")


def test_rh_is_read_as_r_and_written_as_r() -> None:
    # The first format wrote R for surrender-else-hit; published charts write Rh.
    text = write_chart_csv(StrategyChart.uniform("R")).replace(",R", ",Rh")
    assert parse_chart_csv(text, "the chart") == StrategyChart.uniform("R")


def test_a_chart_built_in_code_is_checked_like_a_file() -> None:
    rows = list(StrategyChart.uniform("S").rows)
    rows[0] = ("S",) * 9 + ("P",)
    with pytest.raises(ChartError, match="row hard 4, up card A: unknown code 'P'"):
        StrategyChart(tuple(rows))
    with pytest.raises(ChartError, match="no row for hard 4"):
        StrategyChart.from_cells({})


# --- random charts survive the CSV ---------------------------------------------------------


def _any_code(section: str) -> st.SearchStrategy[str]:
    spellings = [
        *codes_for(section),
        *(a for a, code in ALIASES.items() if code in codes_for(section)),
    ]
    return st.sampled_from(spellings)


charts = st.fixed_dictionaries(
    {key: st.lists(_any_code(key[0]), min_size=10, max_size=10) for key in ROW_KEYS}
).map(StrategyChart.from_cells)


@settings(max_examples=60, deadline=None)
@given(chart=charts)
def test_any_chart_round_trips_through_csv(chart: StrategyChart) -> None:
    text = write_chart_csv(chart)
    assert parse_chart_csv(text, "the chart") == chart
    assert write_chart_csv(parse_chart_csv(text, "the chart")) == text


@settings(max_examples=30, deadline=None)
@given(chart=charts, order=st.permutations(range(len(ROW_KEYS))))
def test_rows_in_any_order_read_as_the_same_chart(chart: StrategyChart, order: list[int]) -> None:
    header, *rows = write_chart_csv(chart).splitlines()
    shuffled = "\n".join([header, *(rows[index] for index in order)]) + "\n"
    assert parse_chart_csv(shuffled, "the chart") == chart


def test_the_vocabulary_is_the_documented_one() -> None:
    # The module's docstring is the format's reference; these are its codes.
    assert set(TOTAL_CODES) == {"S", "H", "Dh", "Ds", "R", "Rs"}
    assert set(PAIR_CODES) == {"-", "P", "Ph", "Rp"} | set(TOTAL_CODES)
    assert {section for section, _ in ROW_KEYS} == {HARD, SOFT, PAIRS, HARD_MORE, SOFT_MORE}
    assert len(ROW_KEYS) == 17 + 9 + 10 + 15 + 8
