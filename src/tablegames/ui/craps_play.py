"""Craps Power Odds at the terminal (623b.5) with rich: wager, see the selection, roll.

One player, "you". Each roll: the wagers are placed (`NAME AMOUNT`, e.g. `hard_8 5`, or `ce 2`
for a $2 C&E); the table selects the Power Odds bets and shows them before the dice are thrown
(623b.5(c)), the C&E's two lines each on its own; the dice are rolled and every wager is
settled. One-roll wagers are taken down after the roll; a hardway stays up until it is decided.
The engine (`CrapsTable`) decides every error and settlement; this module only shows the table,
asks, and moves the chips by what the events say.

Leaving is fair both ways: `q`, the end of the input or Ctrl-C ends the session; every roll
thrown stays settled, and the wagers still up (placed for the next roll, or a hardway not yet
decided) are taken down and returned. The chips at the end are the bankroll plus every settled
net, to the cent.

>>> from tablegames.craps.events import WagerPlaced, WagerSettled
>>> chips_in_hand(100_000, [
...     WagerPlaced(roll=1, wager_id=1, player="you", wager="hard_8", amount=500,
...                 paragraph="623b.5(d)"),
...     WagerSettled(roll=1, wager_id=1, player="you", wager="hard_8", stake=500, returned=None,
...                  outcome="stays_up", line=None, level=None, odds="9 to 1",
...                  paragraph="623b.5(b)"),
... ])
99500
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from tablegames.core.errors import TableGamesError, WagerError
from tablegames.core.inputs import InputError, parse_dollars
from tablegames.core.money import format_cents
from tablegames.core.rng import RandomSource, SecureRandom
from tablegames.craps.dice import RandomDice, Roll
from tablegames.craps.events import Event, WagerPlaced, WagerSettled
from tablegames.craps.rules import CrapsRules, load_craps_rules
from tablegames.craps.selection import RandomSelector, Selection
from tablegames.craps.table import CrapsTable, RollResult
from tablegames.craps.wagers import BETS, LINES, odds_text
from tablegames.ui.play_input import Help, LeftTable, Prompter, how_left, quoted

_FACES = "⚀⚁⚂⚃⚄⚅"
PROMPT = "Wager NAME AMOUNT (Enter rolls, ? help and the wagers, q quits): "
# The longest wager name is far shorter; a longer one is refused without being echoed whole.
_MAX_NAME_CHARS: Final = 40


def chips_in_hand(bankroll: int, events: Sequence[Event]) -> int:
    """The chips not on the layout: the bankroll less every wager placed, plus everything the
    settled wagers returned (a wager that stays up has returned nothing yet)."""
    placed = sum(event.amount for event in events if isinstance(event, WagerPlaced))
    returned = sum(event.returned or 0 for event in events if isinstance(event, WagerSettled))
    return bankroll - placed + returned


# What `?` shows at the wager prompt, after the table of the wagers offered.
_HELP: Final = Help(
    "Place wagers for the next roll, one per answer, then press Enter to roll (623b.5(c))",
    keys=(
        ("NAME AMOUNT", "place a wager, e.g. 'hard_8 5' or 'ce 2' (names in the table above)"),
        ("Enter", "no more wagers: the Power Odds selection is shown, then the dice roll"),
    ),
    amounts=("each wager within its limits, in whole chips (623b.5(d))",),
)


def offered_table(rules: CrapsRules) -> RichTable:
    """The offered eligible wagers: base odds, Power Odds (623b.5(d)) and selection chances."""
    table = RichTable(title="Power Odds wagers (623b.5(d))", title_justify="left")
    for column in ("Wager", "Name", "Pays", "Power Odds", "Chance L1 / L2", "Limits"):
        table.add_column(column)
    for terms in rules.offered():
        several = len(terms.lines) > 1  # the C&E: one row, a line of text per line
        each = " each part" if terms.bet.parts > 1 else ""
        table.add_row(
            terms.bet.label,
            terms.name,
            "\n".join(
                odds_text(line.base_odds) + (f" {line.line.label}" if several else each)
                for line in terms.lines
            ),
            "\n".join(
                " or ".join(odds_text(odds) for odds in line.power_odds) for line in terms.lines
            ),
            "\n".join(
                f"{float(line.probabilities[0]):.1%} / {float(line.probabilities[1]):.1%}"
                if rules.power_odds
                else "off"
                for line in terms.lines
            ),
            f"{format_cents(terms.min_wager)}-{format_cents(terms.max_wager)}",
        )
    return table


def selection_text(rules: CrapsRules, selection: Selection) -> Text:
    """623b.5(c): the bets selected for increased payouts on this roll, shown before it."""
    if not rules.power_odds:
        return Text("This table does not offer Power Odds.", style="dim")
    picked = selection.to_json()
    if not picked:
        return Text("Power Odds: no bet selected for this roll (623b.5(c))", style="magenta")
    text = Text("Power Odds for this roll: ", style="bold magenta")
    text.append(
        ", ".join(
            f"{LINES[name].label} pays {odds_text(rules.line(name).odds(level))}"
            for name, level in picked.items()
        )
    )
    return text.append(" (623b.5(c))", style="dim")


def dice_text(roll: Roll) -> Text:
    hard = " the hard way" if roll.is_hard and roll.total in (4, 6, 8, 10) else ""
    faces = f"{_FACES[roll.first - 1]} {_FACES[roll.second - 1]}"
    return Text(f"Dice: {faces}  {roll}  total {roll.total}{hard}", style="bold")


class _Session:
    def __init__(
        self, rules: CrapsRules, console: Console, input_fn: Callable[[str], str],
        random: RandomSource, bankroll: int,
    ) -> None:  # fmt: skip
        self.rules, self.console = rules, console
        self.prompter = Prompter(console, input_fn)
        self.table = CrapsTable(rules, dice=RandomDice(random), selector=RandomSelector(random))
        self.bankroll = bankroll
        self.rolls = 0

    def error(self, message: str) -> None:
        self.prompter.error(message)

    @property
    def chips(self) -> int:
        """In hand, from the table's own log: a wager is never counted twice or lost, however
        the session is interrupted."""
        return chips_in_hand(self.bankroll, self.table.events)

    @property
    def on_layout(self) -> int:
        return sum(wager.stake for wager in self.table.open_wagers)

    def run(self) -> None:
        while True:
            self.console.rule(
                f"Roll {self.table.roll_number} · chips {format_cents(self.chips)}"
                + (f" · on the layout {format_cents(self.on_layout)}" if self.on_layout else "")
            )
            for wager in self.table.open_wagers:
                self.console.print(
                    f"  up: {BETS[wager.wager].label} {format_cents(wager.stake)}", style="cyan"
                )
            self.take_wagers()
            # 623b.5(c): wagers close; the selection is made and shown before the dice.
            self.console.print(selection_text(self.rules, self.table.select()))
            result = self.table.roll()
            self.rolls += 1
            self.show(result)

    def take_wagers(self) -> None:
        """Ask for wagers until an empty answer; `q` raises LeftTable."""
        while True:
            answer = self.prompter.ask(PROMPT, _HELP, extra=(offered_table(self.rules),))
            if not answer:
                return
            name, _, amount_text = answer.partition(" ")
            try:
                if len(name) > _MAX_NAME_CHARS:
                    raise InputError(f"{quoted(name)} is not a wager (? lists them)")
                if not amount_text.strip():
                    raise InputError(
                        f"give a wager and an amount, e.g. 'hard_8 5', not {quoted(answer)}"
                    )
                amount = parse_dollars(amount_text)
                if amount > self.chips:
                    raise WagerError(f"you have {format_cents(self.chips)} in chips")
                self.table.place(name.lower(), amount)
            except TableGamesError as problem:
                self.error(str(problem))

    def leave(self, reason: BaseException) -> None:
        """623b.5(c): every roll thrown stays settled; the wagers up come down, returned."""
        how = how_left(reason)
        up = self.table.open_wagers
        if not up:
            self.console.print(f"{how.capitalize()}; no wager was up.")
            return
        self.console.print(f"{how.capitalize()}: every roll thrown is settled and stands.")
        self.console.print(
            f"Your wagers still up ({format_cents(self.on_layout)}) are taken down and returned."
        )
        for wager in up:
            self.console.print(
                Text(f"  {BETS[wager.wager].label} {format_cents(wager.stake)}", style="cyan")
            )

    def show(self, result: RollResult) -> None:
        self.console.print(dice_text(result.dice))
        if not result.settlements:
            return
        table = RichTable(title=f"Roll {result.roll}", title_justify="left")
        for column in ("Wager", "Stake", "Odds", "Result", "Returned"):
            table.add_column(column, justify="right" if column in ("Stake", "Returned") else "left")
        for item in result.settlements:
            notes = [f"{LINES[item.line].label} line"] if item.line is not None else []
            notes += [f"Power Odds level {item.level}"] if item.level else []
            # A lost C&E has no odds: neither of its lines applied.
            odds = (item.odds or "-") + (f" ({', '.join(notes)})" if notes else "")
            returned = "-" if item.returned is None else format_cents(item.returned)
            style = {"win": "green", "lose": "red"}.get(item.outcome, "cyan")
            table.add_row(
                BETS[item.wager].label,
                format_cents(item.stake),
                odds,
                Text(item.outcome.replace("_", " "), style=style),
                returned,
            )
        self.console.print(table)
        net = result.net
        sign = "+" if net > 0 else ""
        self.console.print(f"Roll net {sign}{format_cents(net)} · chips {format_cents(self.chips)}")


def play_session(
    rules: CrapsRules,
    *,
    console: Console | None = None,
    input_fn: Callable[[str], str] = input,
    random: RandomSource | None = None,
    bankroll: int = 100_000,
) -> int:
    """Play until the player quits or the input ends; return the chips at the end. Live play
    uses the OS CSPRNG for the dice and the selection; pass a seeded `random` only for tests
    and demonstrations."""
    console = console or Console()
    session = _Session(
        rules, console, input_fn, random if random is not None else SecureRandom(), bankroll
    )
    try:
        console.print(offered_table(rules))
        console.print(
            f"You have {format_cents(bankroll)} in chips. Wager as NAME AMOUNT (e.g. 'hard_8 5'); "
            "one-roll wagers come down after each roll, hardways stay up until decided; "
            "? shows help, q leaves the table."
        )
        session.run()
    except (EOFError, KeyboardInterrupt, LeftTable) as reason:
        console.print()
        session.leave(reason)
    # What is up comes back: the chips are the bankroll plus every settled net.
    final = session.chips + session.on_layout
    sign = "+" if final > bankroll else ""
    console.print(
        f"Goodbye: {session.rolls} roll(s), chips {format_cents(final)} "
        f"({sign}{format_cents(final - bankroll)})."
    )
    return final


def play_craps(
    rules_path: Path | None,
    *,
    input_fn: Callable[[str], str] = input,
    console: Console | None = None,
    random: RandomSource | None = None,
) -> None:
    """A terminal craps session with the Power Odds selection shown before each roll.

    Bad house rules raise the loader's RulesError (or InputError) before anything is shown:
    the CLI prints it as one error line and exits 2.
    """
    rules = load_craps_rules(rules_path)
    play_session(rules, console=console, input_fn=input_fn, random=random)
