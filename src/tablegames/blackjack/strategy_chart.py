"""The basic strategy chart as data, and its CSV: what `tablegames strategy` writes and reads back.

A chart says, for every hand a player can hold and every dealer up card, what to do, as the
published charts write it: an ordered preference such as `Dh` (double, else hit). It depends only
on the hand's total (hard or soft), whether it is a pair, and whether it holds two cards or more:
a total-dependent chart. `policy.ChartPolicy` plays it.

The CSV format
--------------
UTF-8 text, comma-separated, quoted where a field holds a comma (RFC 4180). The first line is the
header `section,hand,2,3,4,5,6,7,8,9,T,A`: then one row per hand, its section, its hand and one
code per dealer up card in the header's order (`T` is any ten-value card, 633a.3(e)(2)). The
rows, in the order written:

==================  ===========================  =====================================
section             hand                         the hands
==================  ===========================  =====================================
`hard`              `4` ... `20`                 two cards, hard total
`soft`              `A,A` `A,2` ... `A,9`        two cards, soft total 12 ... 20
`pairs`             `2,2` ... `9,9` `T,T` `A,A`  two cards of one value: split or not
`hard, 3+ cards`    `6` ... `20`                 three or more cards, hard total
`soft, 3+ cards`    `13` ... `20`                three or more cards, soft total
==================  ===========================  =====================================

A total of 21 has no row: such a hand may not draw or double (633a.7(k)(1)) and stands.

Codes in the total rows (every section but `pairs`):

- `S` stand; `H` hit (633a.7(i)(2), 633a.7(j));
- `Dh` double, else hit; `Ds` double, else stand (633a.10: first two cards only, and after a
  split only where the house allows it);
- `R` surrender, else hit (`Rh` is read as the same code); `Rs` surrender, else stand (633a.9(a):
  the first two cards, before any other decision, never after a split).

Codes in the `pairs` rows (633a.11(a): two cards of identical value may be split):

- `-` do not split: play the hand by its total row;
- `P` split; where splitting is not allowed now (the house's hand limit, aces not resplit,
  633a.11(c)), play the hand by its total row;
- `Ph` split, else hit; `Rp` surrender, else split, else the total row;
- any total-row code: play that instead of the total row.

Every row must appear exactly once, in any order; blank lines are skipped and spaces around a
cell are ignored. Anything else (an unknown section, hand or code, a missing cell or row, a
repeated row, a header other than the one above) is refused with an error naming the line, the
row and the up-card column.

How it grew: the first version wrote only hard 5-20, soft A,2-A,9, the pairs and hard 12-17 of
three or more cards, which could not be read back into the chart that was played. It now also
writes hard 4 (2,2 not split) and soft A,A (A,A not split), the three-card hard rows 6-11 and
18-20 and the `soft, 3+ cards` section; every row and code it wrote before is unchanged.

>>> chart = StrategyChart.uniform("H")
>>> chart.code(HARD, "16", "T"), chart.total_code(17, soft=True, cards=3, up="A")
('H', 'H')
>>> parse_chart_csv(write_chart_csv(chart), "the chart") == chart
True
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from tablegames.blackjack.actions import Action
from tablegames.core.inputs import InputError, read_text

UP_CARDS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")
HEADER: Final = ("section", "hand", *UP_CARDS)

HARD: Final = "hard"
SOFT: Final = "soft"
PAIRS: Final = "pairs"
HARD_MORE: Final = "hard, 3+ cards"
SOFT_MORE: Final = "soft, 3+ cards"

HARD_TOTALS: Final = range(4, 21)  # 2,2 is the lowest two-card hard total
SOFT_TOTALS: Final = range(12, 21)  # A,A counts 12 (633a.3(e)(3))
HARD_MORE_TOTALS: Final = range(6, 21)  # 2,2,2: a hand with an ace counting 1 is hard 12+
SOFT_MORE_TOTALS: Final = range(13, 21)  # A,A,A
PAIR_RANKS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")

# A code's choices in order of preference; the hand takes the first one legal now.
TOTAL_CODES: Final[Mapping[str, tuple[Action, ...]]] = {
    "S": (Action.STAND,),  # 633a.7(i)(2)
    "H": (Action.HIT,),  # 633a.7(j)
    # 633a.10(a): a double is on the first two cards only, after a split where the house allows.
    "Dh": (Action.DOUBLE, Action.HIT),
    "Ds": (Action.DOUBLE, Action.STAND),
    # 633a.9(a): surrender is on the first two cards before any other decision, not after a split.
    "R": (Action.SURRENDER, Action.HIT),
    "Rs": (Action.SURRENDER, Action.STAND),
}
# A pairs code whose choices are all unavailable leaves the hand to its total row.
PAIR_CODES: Final[Mapping[str, tuple[Action, ...]]] = {
    "-": (),
    # 633a.11(a), (c): two cards of identical value, up to the house's limit of hands.
    "P": (Action.SPLIT,),
    "Ph": (Action.SPLIT, Action.HIT),
    "Rp": (Action.SURRENDER, Action.SPLIT),
    **TOTAL_CODES,
}
# Other spellings of a code in the published charts, read as the code they mean.
ALIASES: Final[Mapping[str, str]] = {"Rh": "R"}

RowKey = tuple[str, str]  # (section, hand), as the CSV writes them


def _soft_label(total: int) -> str:
    return "A,A" if total == 12 else f"A,{total - 11}"


def _row_keys() -> tuple[RowKey, ...]:
    keys: list[RowKey] = [(HARD, str(total)) for total in HARD_TOTALS]
    keys += [(SOFT, _soft_label(total)) for total in SOFT_TOTALS]
    keys += [(PAIRS, f"{rank},{rank}") for rank in PAIR_RANKS]
    keys += [(HARD_MORE, str(total)) for total in HARD_MORE_TOTALS]
    keys += [(SOFT_MORE, str(total)) for total in SOFT_MORE_TOTALS]
    return tuple(keys)


ROW_KEYS: Final = _row_keys()
_ROW_INDEX: Final = {key: index for index, key in enumerate(ROW_KEYS)}
_UP_INDEX: Final = {up: index for index, up in enumerate(UP_CARDS)}
_SECTIONS: Final = (HARD, SOFT, PAIRS, HARD_MORE, SOFT_MORE)


class ChartError(InputError):
    """A strategy chart, or its CSV, that is not a complete chart in the documented codes."""


def codes_for(section: str) -> Mapping[str, tuple[Action, ...]]:
    """The codes a row of `section` may hold."""
    return PAIR_CODES if section == PAIRS else TOTAL_CODES


def _listed(codes: Mapping[str, object]) -> str:
    return ", ".join([*codes, *(alias for alias, code in ALIASES.items() if code in codes)])


@dataclass(frozen=True, slots=True)
class StrategyChart:
    """One code per row of `ROW_KEYS` and up card of `UP_CARDS`: `rows[i][j]`.

    Codes are stored in their canonical spelling (`R`, never its alias `Rh`), so two charts that
    play alike compare equal.
    """

    rows: tuple[tuple[str, ...], ...]

    def __post_init__(self) -> None:
        if len(self.rows) != len(ROW_KEYS):
            raise ChartError(f"a chart has {len(ROW_KEYS)} rows, not {len(self.rows)}")
        for (section, hand), row in zip(ROW_KEYS, self.rows, strict=True):
            if len(row) != len(UP_CARDS):
                raise ChartError(
                    f"row {section} {hand} has {len(row)} codes for {len(UP_CARDS)} up cards"
                )
            allowed = codes_for(section)
            for up, code in zip(UP_CARDS, row, strict=True):
                if code not in allowed:
                    raise ChartError(
                        f"row {section} {hand}, up card {up}: unknown code {code!r} "
                        f"({section} rows take {_listed(allowed)})"
                    )

    @classmethod
    def from_cells(cls, cells: Mapping[RowKey, Sequence[str]]) -> StrategyChart:
        """A chart from its rows by (section, hand); every row of `ROW_KEYS` must be given."""
        missing = [key for key in ROW_KEYS if key not in cells]
        if missing:
            raise ChartError(f"the chart has no row for {_named(missing)}")
        unknown = [key for key in cells if key not in _ROW_INDEX]
        if unknown:
            raise ChartError(f"the chart has rows no chart holds: {_named(unknown)}")
        return cls(tuple(tuple(ALIASES.get(code, code) for code in cells[key]) for key in ROW_KEYS))

    @classmethod
    def uniform(cls, code: str) -> StrategyChart:
        """Every total row `code`, every pair `-`: a start to edit, and a test fixture."""
        return cls.from_cells(
            {key: [("-" if key[0] == PAIRS else code)] * len(UP_CARDS) for key in ROW_KEYS}
        )

    def cells(self) -> dict[RowKey, tuple[str, ...]]:
        return dict(zip(ROW_KEYS, self.rows, strict=True))

    def code(self, section: str, hand: str, up: str) -> str:
        """The code of one cell; `up` is an up-card column of `UP_CARDS`."""
        row = _ROW_INDEX.get((section, hand))
        column = _UP_INDEX.get(up)
        if row is None or column is None:
            raise ChartError(f"the chart has no cell for {section} {hand} against {up!r}")
        return self.rows[row][column]

    def total_code(self, total: int, *, soft: bool, cards: int, up: str) -> str:
        """The code for a hand of `cards` cards with this best total (not 21: it stands)."""
        if cards <= 2:
            section, hand = (SOFT, _soft_label(total)) if soft else (HARD, str(total))
        else:
            section, hand = (SOFT_MORE if soft else HARD_MORE), str(total)
        return self.code(section, hand, up)

    def pair_code(self, rank: str, up: str) -> str:
        """The code for a pair of `rank` (`2`-`9`, `T` for any two ten-value cards, `A`)."""
        return self.code(PAIRS, f"{rank},{rank}", up)


def _named(keys: Sequence[RowKey]) -> str:
    shown = ", ".join(f"{section} {hand}" for section, hand in keys[:5])
    return shown + (f" and {len(keys) - 5} more" if len(keys) > 5 else "")


# --- the CSV -----------------------------------------------------------------------------------


def chart_csv_rows(chart: StrategyChart) -> list[list[str]]:
    """The header and one row per hand, in the documented order."""
    return [list(HEADER)] + [
        [section, hand, *row] for (section, hand), row in zip(ROW_KEYS, chart.rows, strict=True)
    ]


def write_chart_csv(chart: StrategyChart) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(chart_csv_rows(chart))
    return buffer.getvalue()


def read_chart_csv(path: Path) -> StrategyChart:
    """A chart from a CSV file (at most `inputs.MAX_FILE_BYTES`, UTF-8)."""
    return parse_chart_csv(read_text(path, "strategy chart"), f"strategy chart {str(path)!r}")


def parse_chart_csv(text: str, what: str) -> StrategyChart:
    """A chart from CSV text in the documented format; `what` names the text in errors."""
    # A spreadsheet saving "CSV UTF-8" puts a byte-order mark first; it is not part of the header.
    records = _records(text.removeprefix("\ufeff"), what)
    header = next(records, None)
    if header is None:
        raise ChartError(f"{what} is empty: its first line must be {','.join(HEADER)}")
    _check_header(*header, what)
    cells: dict[RowKey, list[str]] = {}
    first_line: dict[RowKey, int] = {}
    for line, fields in records:
        key, codes = _row(line, fields, what)
        if key in first_line:
            raise ChartError(
                f"{what}, line {line}: repeats the row {key[0]} {key[1]} "
                f"(first on line {first_line[key]})"
            )
        first_line[key] = line
        cells[key] = codes
    missing = [key for key in ROW_KEYS if key not in cells]
    if missing:
        raise ChartError(f"{what} has no row for {_named(missing)}")
    return StrategyChart.from_cells(cells)


def _records(text: str, what: str) -> Iterator[tuple[int, list[str]]]:
    """(line number, stripped fields) of each non-blank record."""
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    while True:
        try:
            fields = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            raise ChartError(f"{what}, line {reader.line_num}: not valid CSV ({error})") from None
        stripped = [field.strip() for field in fields]
        if any(stripped):
            yield reader.line_num, stripped


def _check_header(line: int, fields: list[str], what: str) -> None:
    if tuple(fields) == HEADER:
        return
    where = f"{what}, line {line} (the header)"
    if fields[:2] != list(HEADER[:2]):
        raise ChartError(
            f"{where} must begin section,hand, not {','.join(fields[:2])}; "
            f"the header is {','.join(HEADER)}"
        )
    ups = fields[2:]
    missing = [up for up in UP_CARDS if up not in ups]
    if missing:
        raise ChartError(
            f"{where} has no up-card column {', '.join(missing)}; the header is {','.join(HEADER)}"
        )
    for column, (up, expected) in enumerate(zip(ups, UP_CARDS, strict=False), start=3):
        if up != expected:
            raise ChartError(
                f"{where}, column {column}: {up!r} where the up card {expected!r} belongs; "
                f"the header is {','.join(HEADER)}"
            )
    raise ChartError(f"{where} has columns after 'A': {', '.join(map(repr, ups[10:]))}")


def _row(line: int, fields: list[str], what: str) -> tuple[RowKey, list[str]]:
    section, hand = fields[0], (fields[1] if len(fields) > 1 else "")
    if section not in _SECTIONS:
        raise ChartError(
            f"{what}, line {line}: unknown section {section!r} "
            f"(sections: {', '.join(map(repr, _SECTIONS))})"
        )
    key = (section, hand)
    if key not in _ROW_INDEX:
        hands = [name for known, name in ROW_KEYS if known == section]
        raise ChartError(
            f"{what}, line {line}: {section} has no hand {hand!r} (its hands: {', '.join(hands)})"
        )
    where = f"{what}, line {line} ({section} {hand})"
    codes = fields[2:]
    if len(codes) > len(UP_CARDS):
        raise ChartError(f"{where}: {len(codes)} codes for the {len(UP_CARDS)} up-card columns")
    allowed = codes_for(section)
    for index, up in enumerate(UP_CARDS):
        code = codes[index] if index < len(codes) else ""
        if not code:
            raise ChartError(f"{where}, column {up!r}: the cell is missing")
        if code not in allowed and ALIASES.get(code) not in allowed:
            raise ChartError(
                f"{where}, column {up!r}: unknown code {code!r} "
                f"({section} rows take {_listed(allowed)})"
            )
    return key, codes
