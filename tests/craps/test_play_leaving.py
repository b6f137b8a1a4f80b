"""Leaving the craps table (623b.5(c)): a roll thrown stays settled; wagers up are returned.

The dice are scripted (`ScriptedDice`: nothing is selected for Power Odds), and the session is
left three ways: the end of the input, Ctrl-C and `q`, at the wager prompt.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console
from rich.table import Table as RichTable

from tablegames.core.rng import SeededRandom
from tablegames.craps.rules import CrapsRules
from tablegames.ui.craps_play import play_session
from tests.craps.test_play_craps import ScriptedDice

HOW = ("eof", "ctrl-c", "q")


def leaving(how: str, *items: str) -> Callable[[str], str]:
    """Answer `items` in order, then leave `how`."""
    queue = list(items)

    def answer(prompt: str) -> str:
        if queue:
            return queue.pop(0)
        if how == "eof":
            raise EOFError
        if how == "ctrl-c":
            raise KeyboardInterrupt
        return "q"

    return answer


def session(input_fn: Callable[[str], str], *faces: int, console: Console | None = None) -> str:
    console = console or Console(record=True, width=140, force_terminal=False)
    play_session(CrapsRules(), console=console, input_fn=input_fn, random=ScriptedDice(*faces))
    return console.export_text()


@pytest.mark.parametrize("how", HOW)
def test_623b_5_c_a_hardway_up_is_returned_and_the_roll_stands(how: str) -> None:
    # Roll 1 shows 1-2: the Any Craps wins 7 to 1 (+$35); the Four the Hardway stays up.
    text = session(leaving(how, "hard_4 5", "any_craps 5", ""), 1, 2)
    assert "every roll thrown is settled and stands." in text
    assert (
        "Your wagers still up ($5.00) are taken down and returned.\n  Four the Hardway $5.00"
        in (text)
    )
    assert "Goodbye: 1 roll(s), chips $1,035.00 (+$35.00)." in text


@pytest.mark.parametrize("how", HOW)
def test_wagers_placed_for_the_next_roll_are_returned(how: str) -> None:
    # Roll 1 shows 3-4: the Any Seven wins 4 to 1 (+$20); then $5 eleven and a $2 C&E go down.
    text = session(leaving(how, "any_seven 5", "", "eleven 5", "ce 2"), 3, 4)
    assert (
        "Your wagers still up ($7.00) are taken down and returned.\n"
        "  11 in One Roll $5.00\n  C&E $2.00" in text
    )
    assert "Goodbye: 1 roll(s), chips $1,020.00 (+$20.00)." in text


@pytest.mark.parametrize("how", HOW)
def test_leaving_with_nothing_up_says_so(how: str) -> None:
    text = session(leaving(how, "any_seven 5", ""), 1, 1)
    assert "no wager was up." in text
    assert "Goodbye: 1 roll(s), chips $995.00 (-$5.00)." in text


class InterruptingConsole(Console):
    """Ctrl-C arrives while roll 1's settlement table is on its way to the screen."""

    interrupted = False

    def print(self, *objects: Any, **kwargs: Any) -> None:
        table = objects[0] if objects else None
        if isinstance(table, RichTable) and table.title == "Roll 1" and not self.interrupted:
            self.interrupted = True
            raise KeyboardInterrupt
        super().print(*objects, **kwargs)


def test_a_roll_interrupted_while_it_shows_stays_settled() -> None:
    console = InterruptingConsole(record=True, width=140, force_terminal=False)
    text = session(leaving("eof", "any_craps 5", ""), 1, 2, console=console)
    assert console.interrupted
    # 7 to 1 on the three: the $40 came back even though the table never showed.
    assert "Goodbye: 1 roll(s), chips $1,035.00 (+$35.00)." in text


def test_question_mark_shows_help_and_the_wagers() -> None:
    text = session(leaving("eof", "?"))
    help = text.split("? help and the wagers, q quits): ?", 1)[1]
    assert "Power Odds wagers (623b.5(d))" in help
    assert "NAME AMOUNT  place a wager, e.g. 'hard_8 5'" in help
    assert "Amounts are dollars: 25, $25, 12.50 or 1,000" in help
    assert "q            leave the table" in help


NASTY = (
    "hard_8 1e999999",
    "hard_8 sNaN",
    "hard_8 Infinity",
    "hard_8 -5",
    "hard_8 0",
    "hard_8 5 5",
    "hard_8",
    "x" * 10_000,
    "hard_8 " + "9" * 5_000,
    "\x00\x1b[2J 5",
    "ñ€😀 5",
    "\ud800 5",
    "HARD_8 12.345",
    "h h h",
    "  ",
)


def test_no_answer_crashes_the_craps_table() -> None:
    console = Console(record=True, width=140, force_terminal=False)
    final = play_session(
        CrapsRules(),
        console=console,
        input_fn=leaving("eof", *NASTY),
        random=SeededRandom.from_seed(2),
    )
    text = console.export_text()
    # "  " is an empty answer: one roll with nothing on it. Nothing else was placed.
    assert final == 100_000
    assert "Goodbye: 1 roll(s), chips $1,000.00 ($0.00)." in text
    assert len(re.findall("✗", text)) == len(NASTY) - 1
