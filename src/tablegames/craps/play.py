"""Craps Power Odds at the terminal (623b.5) with rich: wager, see the selection, roll.

One player, "you". Each roll: the wagers are placed (`NAME AMOUNT`, e.g. `hard_8 5`, or `ce 2`
for a $2 C&E); the table selects the Power Odds bets and shows them before the dice are thrown
(623b.5(c)), the C&E's two lines each on its own; the dice are rolled and every wager is
settled. One-roll wagers are taken down after the roll; a hardway stays up until it is decided.
The engine (`CrapsTable`) decides every error and settlement; this module only shows the table,
asks, and moves the chips by what the events say.

>>> parse_amount("$12.50"), parse_amount("5")
(1250, 500)
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal, InvalidOperation

from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from tablegames.craps.dice import RandomDice, Roll
from tablegames.craps.rules import CrapsRules
from tablegames.craps.selection import RandomSelector, Selection
from tablegames.craps.table import CrapsTable, RollResult
from tablegames.craps.wagers import BETS, LINES, odds_text
from tablegames.errors import TableGamesError
from tablegames.money import format_cents
from tablegames.rng import RandomSource, SecureRandom

_FACES = "⚀⚁⚂⚃⚄⚅"
PROMPT = "Wager NAME AMOUNT (Enter rolls, ? lists wagers, q quits): "


def parse_amount(text: str) -> int:
    """Dollars ('5', '$12.50') to cents; ValueError for anything else."""
    try:
        value = Decimal(text.strip().replace("$", "").replace(",", "")) * 100
    except InvalidOperation:
        raise ValueError(f"{text!r} is not an amount in dollars") from None
    if not value.is_finite() or value != value.to_integral_value():
        raise ValueError(f"{text!r} is not a whole number of cents")
    return int(value)


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
        self.rules, self.console, self.input_fn = rules, console, input_fn
        self.table = CrapsTable(rules, dice=RandomDice(random), selector=RandomSelector(random))
        self.chips = bankroll  # in hand; wagers on the layout are not counted here
        self.rolls = 0

    def ask(self, prompt: str) -> str:
        answer = self.input_fn(prompt)
        if self.input_fn is not input:  # scripted input shows nothing: echo the exchange
            self.console.print(Text(prompt + answer, style="dim"))
        return answer.strip()

    def error(self, message: str) -> None:
        self.console.print(Text(f"  ✗ {message}", style="red"))

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
            if not self.take_wagers():
                return
            # 623b.5(c): wagers close; the selection is made and shown before the dice.
            self.console.print(selection_text(self.rules, self.table.select()))
            self.show(self.table.roll())
            self.rolls += 1

    def take_wagers(self) -> bool:
        """Ask for wagers until an empty answer; False when the player quits."""
        while True:
            answer = self.ask(PROMPT)
            if answer.lower() == "q":
                return False
            if not answer:
                return True
            if answer == "?":
                self.console.print(offered_table(self.rules))
                continue
            name, _, amount_text = answer.partition(" ")
            try:
                amount = parse_amount(amount_text) if amount_text.strip() else -1
                if amount < 0:
                    raise ValueError(f"give a wager and an amount, e.g. 'hard_8 5', not {answer!r}")
                if amount > self.chips:
                    raise ValueError(f"you have {format_cents(self.chips)} in chips")
                self.table.place(name.lower(), amount)
            except (ValueError, TableGamesError) as problem:
                self.error(str(problem))
                continue
            self.chips -= amount

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
            self.chips += item.returned or 0
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
) -> None:
    """Play until the player quits or the input ends. Live play uses the OS CSPRNG for the
    dice and the selection; pass a seeded `random` only for tests and demonstrations."""
    console = console or Console()
    console.print(offered_table(rules))
    session = _Session(
        rules, console, input_fn, random if random is not None else SecureRandom(), bankroll
    )
    console.print(
        f"You have {format_cents(bankroll)} in chips. Wager as NAME AMOUNT (e.g. 'hard_8 5'); "
        "one-roll wagers come down after each roll, hardways stay up until decided."
    )
    try:
        session.run()
    except (EOFError, KeyboardInterrupt):
        console.print()
    up = session.on_layout
    if up:
        console.print(f"Your wagers still up ({format_cents(up)}) are taken down and returned.")
    final = session.chips + up
    sign = "+" if final > bankroll else ""
    console.print(
        f"Goodbye: {session.rolls} roll(s), chips {format_cents(final)} "
        f"({sign}{format_cents(final - bankroll)})."
    )
