"""The terminal craps game (623b.5(c)): scripted answers on a recording console."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

from rich.console import Console

from tablegames.core.rng import SeededRandom
from tablegames.craps.cli import play_craps
from tablegames.craps.rules import CrapsRules
from tablegames.ui.craps_play import play_session

T = TypeVar("T")


def answers(*items: str) -> Callable[[str], str]:
    queue = list(items)

    def answer(prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    return answer


def run(*items: str, seed: int = 1, rules: CrapsRules | None = None) -> str:
    console = Console(record=True, width=120, force_terminal=False)
    play_session(
        rules or CrapsRules(),
        console=console,
        input_fn=answers(*items),
        random=SeededRandom.from_seed(seed),
    )
    return console.export_text()


def test_623b_5_c_selection_is_shown_before_the_dice() -> None:
    text = run("hard_8 5", "any_seven 5", "", "q")
    assert "Power Odds wagers (623b.5(d))" in text
    selection = text.index("Power Odds")
    shown = [m.start() for m in re.finditer(r"Power Odds(: no bet| for this roll)", text)]
    assert shown
    dice = text.index("Dice: ")
    assert selection < shown[0] < dice
    assert "Goodbye: 1 roll(s)" in text


class ScriptedDice:
    """A RandomSource for a demonstration: the dice show `faces` in order; nothing is selected
    (each selection draw returns its largest value, which is "not selected")."""

    is_live = False

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def below(self, n: int) -> int:
        return self.faces.pop(0) - 1 if n == 6 else n - 1

    def shuffle(self, items: list[T]) -> None:
        raise NotImplementedError


def test_623b_5_d_one_roll_wagers_come_down_and_hardways_stay_up() -> None:
    console = Console(record=True, width=120, force_terminal=False)
    play_session(
        CrapsRules(),
        console=console,
        input_fn=answers("hard_4 5", "any_craps 5", "", "", "q"),
        random=ScriptedDice(1, 2, 2, 2),
    )
    text = console.export_text()
    first, second = text.split("Dice: ")[1:]
    assert re.search(r"Four the Hardway │ \$5\.00 │ 7 to 1 │ stays up │ +- │", first)
    assert re.search(r"Any Craps +│ \$5\.00 │ 7 to 1 │ win +│ +\$40\.00 │", first)
    assert "up: Four the Hardway $5.00" in first  # shown on roll 2's layout
    assert "Any Craps" not in second  # the one-roll wager came down
    assert re.search(r"Four the Hardway │ \$5\.00 │ 7 to 1 │ win +│ +\$40\.00 │", second)
    assert "Goodbye: 2 roll(s), chips $1,070.00 (+$70.00)." in text


def test_623b_5_d_bad_wagers_show_the_reason_and_change_nothing() -> None:
    text = run("hop_1_1 5", "any_craps 500", "any_craps five", "eleven", "any_craps 5", "q")
    assert "not a wager eligible for Power Odds" in text
    assert "over the house maximum $100.00" in text
    assert "is not an amount in dollars" in text
    assert "give a wager and an amount" in text
    # Only the $5 any craps was placed: it is returned at the quit, before any roll.
    assert "Your wagers still up ($5.00) are taken down and returned." in text
    assert "chips $1,000.00 ($0.00)" in text


def test_chips_limit_wagers() -> None:
    console = Console(record=True, width=120, force_terminal=False)
    play_session(
        CrapsRules(),
        console=console,
        input_fn=answers("any_seven 20", "q"),
        random=SeededRandom.from_seed(1),
        bankroll=1_000,
    )
    assert "you have $10.00 in chips" in console.export_text()


def test_question_mark_lists_the_wagers_and_eof_quits() -> None:
    text = run("?")
    assert text.count("Power Odds wagers (623b.5(d))") == 2
    assert "Goodbye: 0 roll(s)" in text


def test_a_table_without_power_odds_says_so() -> None:
    text = run("", "q", rules=CrapsRules(power_odds=False))
    assert "This table does not offer Power Odds." in text


def test_play_craps_default_rules() -> None:
    console = Console(record=True, width=120, force_terminal=False)
    play_craps(None, input_fn=answers("any_seven 5", ""), console=console, random=None)
    text = console.export_text()
    assert "Dice: " in text  # rolled by the CSPRNG
    assert "Goodbye: 1 roll(s)" in text


def test_623b_5_d_c_and_e_is_one_wager_paid_by_the_line_that_wins() -> None:
    console = Console(record=True, width=140, force_terminal=False)
    play_session(
        CrapsRules(),
        console=console,
        input_fn=answers("?", "ce_craps 1", "ce 2", "", "ce 2", "", "q"),
        random=ScriptedDice(1, 2, 3, 4),
    )
    text = console.export_text()
    # The list of wagers: one C&E row with a line of text per line.
    assert re.search(r"│ C&E +│ ce +│ 3 to 1 C&E \(2, 3, 12\) │ 4 to 1 or 6 to 1 +│", text)
    assert re.search(r"│ +│ +│ 7 to 1 C&E \(11\) +│ 10 to 1 or 14 to 1 │", text)
    assert "'ce_craps' is a line of the C&E, not a wager: place the C&E as 'ce'" in text
    first, second = text.split("Dice: ")[1:]
    # A $2 C&E on a three: net 3 to 1 on the whole $2, as $1 on craps at 7 to 1 and $1 lost.
    won = r"C&E +│ \$2\.00 │ 3 to 1 \(C&E \(2, 3, 12\) line\) │ win +│ +\$8\.00 │"
    assert re.search(won, first)
    assert re.search(r"C&E +│ \$2\.00 │ - +│ lose +│ +\$0\.00 │", second)
    assert "Goodbye: 2 roll(s), chips $1,004.00 (+$4.00)." in text
