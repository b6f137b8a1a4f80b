"""`tablegames rng export`: the live random number generator's output for a test lab.

`tablegames rng export --what raw|shuffles|dice|selections --count N --out FILE` draws from the
OS CSPRNG through the same code as live play (`tablegames.core.rng`; docs/rng.md):

- `raw`: N raw bytes, exactly what `ScaledRandom` consumes (binary, for dieharder or the NIST
  SP 800-22 suite);
- `shuffles`: N one-deck shuffles (the shoe's 633a.5(a) shuffle), CSV `shuffle,p1,...,p52`;
- `dice`: N craps rolls (`RandomDice`), CSV `roll,die1,die2`;
- `selections`: N Power Odds selections at the default filing (level 1 with 1/10, level 2 with
  1/20, 623b.5(c); `RandomSelector`), CSV `roll,LINE...` with each line's level 0, 1 or 2.

Bad input (N below 1 or above the limit, an unknown --what, a file that cannot be written) is one
`error:` line and exit 2.
"""

from __future__ import annotations

import contextlib
import csv
from enum import StrEnum
from pathlib import Path
from typing import Annotated, BinaryIO, TextIO

import typer

from tablegames.cli.app import app, fail

MAX_COUNT = 10**9  # a billion bytes or draws: beyond a lab's batteries, and refused early
_CHUNK = 1 << 20

rng_app = typer.Typer(
    help="The live random number generator's output, for a test lab (docs/rng.md).",
    no_args_is_help=True,
)
app.add_typer(rng_app, name="rng")


class What(StrEnum):
    raw = "raw"
    shuffles = "shuffles"
    dice = "dice"
    selections = "selections"


def _write_raw(out: BinaryIO, count: int) -> None:
    from tablegames.core.rng import OsBytes

    raw = OsBytes()
    left = count
    while left:
        size = min(left, _CHUNK)
        out.write(raw.read(size))
        left -= size


def _write_csv(out: TextIO, what: What, count: int) -> None:
    from tablegames.core.cards import standard_deck
    from tablegames.core.rng import SecureRandom

    random = SecureRandom()
    writer = csv.writer(out, lineterminator="\n")
    if what is What.shuffles:
        writer.writerow(["shuffle", *(f"p{i}" for i in range(1, 53))])
        for number in range(1, count + 1):
            cards = standard_deck()
            random.shuffle(cards)  # 633a.5(a): the shoe's own shuffle call
            writer.writerow([number, *(card.code for card in cards)])
    elif what is What.dice:
        from tablegames.craps.dice import RandomDice

        dice = RandomDice(random)
        writer.writerow(["roll", "die1", "die2"])
        for number in range(1, count + 1):
            roll = dice.next_roll()
            writer.writerow([number, roll.first, roll.second])
    else:
        from tablegames.craps.rules import CrapsRules
        from tablegames.craps.selection import RandomSelector

        rules = CrapsRules()
        selector = RandomSelector(random)
        lines = [line.name for line in rules.offered_lines()]
        writer.writerow(["roll", *lines])
        for number in range(1, count + 1):
            levels = selector.select(rules).levels  # 623b.5(c)
            writer.writerow([number, *(levels.get(name, 0) for name in lines)])


@rng_app.command("export")
def export_command(
    what: Annotated[What, typer.Option("--what", help="raw, shuffles, dice or selections.")],
    count: Annotated[int, typer.Option("--count", help="Bytes (raw) or draws to write.")],
    out: Annotated[Path, typer.Option("--out", help="The file to write.")],
) -> None:
    """Write the CSPRNG's raw bytes or scaled outcomes to FILE (binary for raw, CSV otherwise)."""
    from tablegames.core.inputs import output_file

    if count < 1 or count > MAX_COUNT:
        fail(f"--count is 1 to {MAX_COUNT:,}, not {count}")
    output_file(out, "--out")
    existed = out.exists()
    try:
        if what is What.raw:
            with out.open("wb") as binary:
                _write_raw(binary, count)
        else:
            with out.open("w", encoding="ascii", newline="") as text:
                _write_csv(text, what, count)
    except OSError as error:
        if not existed:  # leave no half-written file; never remove one that was there before
            with contextlib.suppress(OSError):
                out.unlink()
        fail(f"--out {str(out)!r} cannot be written: {error.strerror or error}")
    typer.echo(f"wrote {count:,} {what.value} to {out}")
