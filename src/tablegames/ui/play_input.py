"""Asking a player at the terminal: one answer at a time, `?` for help, `q` to leave.

Shared by the Blackjack table (`tablegames.ui.play`) and the craps table
(`tablegames.ui.craps_play`); it knows no game. Whatever a player types (or a broken terminal
sends) comes back as a cleaned answer, a `LeftTable`, or an `EOFError` when the input is gone;
never another exception. The caller decides what an answer means and checks amounts with
`tablegames.core.inputs.parse_dollars`.

>>> quoted("h" * 50)
"'hhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhh...'"
>>> quoted("a\\x1bb")
"'a\\\\x1bb'"
>>> print(Help("Box 1 wager", amounts=("empty repeats the last amount",)).text())
Box 1 wager
  ?  this help
  q  leave the table: wagers not yet settled are returned; settled wagers stand
Amounts are dollars: 25, $25, 12.50 or 1,000; empty repeats the last amount.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from rich.console import Console, RenderableType
from rich.text import Text

# The longest answer any prompt takes ("d 5,000.00" is ten); longer text is refused, never cut,
# so that a cut could not change what a long answer means.
MAX_ANSWER_CHARS: Final = 200
# Consecutive answers that could not be decoded before the input is taken as gone: a stream of
# bytes that are not text must not keep the session asking forever.
MAX_UNREADABLE: Final = 3
QUIT_KEYS: Final = frozenset({"q", "quit"})
HELP_KEYS: Final = frozenset({"?", "help"})
AMOUNT_SYNTAX: Final = "Amounts are dollars: 25, $25, 12.50 or 1,000"
LEAVE_HELP: Final = "leave the table: wagers not yet settled are returned; settled wagers stand"


class LeftTable(Exception):  # noqa: N818 (an event, not an error: the player chose to leave)
    """The player typed `q`. Whoever catches it returns the stakes not yet settled."""


def how_left(reason: BaseException) -> str:
    """How a sitting ended, as the tables tell the player: 'you left the table', ..."""
    if isinstance(reason, LeftTable):
        return "you left the table"
    if isinstance(reason, KeyboardInterrupt):
        return "interrupted (Ctrl-C)"
    return "the input ended"


@dataclass(frozen=True, slots=True)
class Help:
    """What `?` shows at one prompt: what it asks, its keys, and how amounts are read there."""

    what: str
    keys: tuple[tuple[str, str], ...] = ()  # (key, what it does)
    amounts: tuple[str, ...] | None = None  # None: the prompt takes no amount

    def text(self) -> Text:
        width = max((len(key) for key, _ in self.keys), default=1)
        lines = [self.what]
        for key, meaning in (*self.keys, ("?", "this help"), ("q", LEAVE_HELP)):
            lines.append(f"  {key:<{width}}  {meaning}")
        if self.amounts is not None:
            lines.append("; ".join((AMOUNT_SYNTAX, *self.amounts)) + ".")
        return Text("\n".join(lines), style="cyan")


def quoted(text: str, limit: int = 40) -> str:
    """An answer as an error message may show it: quoted, control characters escaped, cut."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


def clean(raw: str) -> str:
    """The answer as text that can be printed anywhere: each undecodable byte (a surrogate, as
    `input` returns it in a C locale) becomes U+FFFD, never '?', which would ask for help; and
    surrounding whitespace goes.

    >>> clean(" ab\\udcff ")
    'ab\ufffd'
    """
    return "".join("\ufffd" if "\ud800" <= char <= "\udfff" else char for char in raw).strip()


class Prompter:
    """Asks through `input_fn`; a scripted `input_fn` (not `input`) has its answers echoed."""

    def __init__(self, console: Console, input_fn: Callable[[str], str]) -> None:
        self.console, self.input_fn = console, input_fn

    def ask(self, prompt: str, help: Help, *, extra: Sequence[RenderableType] = ()) -> str:
        """One answer, asked again after `?` (which prints `extra` then `help`); `q` raises
        LeftTable; EOFError and KeyboardInterrupt propagate."""
        while True:
            answer = self.read(prompt)
            if answer.lower() in QUIT_KEYS:
                raise LeftTable
            if answer.lower() in HELP_KEYS:
                for renderable in extra:
                    self.console.print(renderable)
                self.console.print(help.text())
                continue
            if len(answer) > MAX_ANSWER_CHARS:
                self.error(
                    f"that answer is {len(answer):,} characters long; none is longer than "
                    f"{MAX_ANSWER_CHARS} (? shows what this prompt takes)"
                )
                continue
            return answer

    def read(self, prompt: str) -> str:
        unreadable = 0
        while True:
            try:
                raw = self.input_fn(prompt)
            except UnicodeDecodeError:
                # A terminal in a strict UTF-8 locale sent bytes that are not UTF-8.
                unreadable += 1
                if unreadable >= MAX_UNREADABLE:
                    raise EOFError from None
                self.error("that answer is not UTF-8 text; type it again")
                continue
            except OSError:
                raise EOFError from None  # the terminal went away (EIO, a hang-up)
            break
        answer = clean(raw)
        if self.input_fn is not input:  # a scripted input shows nothing: echo the exchange
            echo = answer if len(answer) <= 60 and answer.isprintable() else quoted(answer, 60)
            self.console.print(Text(prompt + echo, style="dim"))
        return answer

    def error(self, message: str) -> None:
        self.console.print(Text(f"  ✗ {message}", style="red"))
