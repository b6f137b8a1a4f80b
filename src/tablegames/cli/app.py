"""The `tablegames` application: one error path for every command.

Bad input of any kind reaches the user as one line, `error: ...`, on stderr, never wrapped, and
exit code 2 (DESIGN.md's contract: 0 success, 1 a check that found problems, 2 bad input). Each
command raises a `TableGamesError` and this module prints it; commands do not catch it
themselves. A usage mistake (an unknown option, a value of the wrong type) is bad input too.

Tracebacks of genuine bugs never show local variables (they could hold the shoe's order or the
hole card), whatever typer's default becomes.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from typer.core import TyperGroup

from tablegames.blackjack.rules import Rules
from tablegames.core.errors import TableGamesError

EXIT_OK = 0
EXIT_FINDINGS = 1  # a check that ran and found problems (rules check, conform)
EXIT_BAD_INPUT = 2


def error_line(message: str) -> None:
    """`error: message` as exactly one line on stderr (a terminal or not)."""
    flat = " ".join(part.strip() for part in str(message).splitlines() if part.strip())
    sys.stderr.write(f"error: {flat}\n")
    sys.stderr.flush()


def fail(message: str) -> NoReturn:
    """Bad input found by a command itself: one error line and exit 2."""
    error_line(message)
    raise typer.Exit(EXIT_BAD_INPUT)


class GuardedGroup(TyperGroup):
    """Runs a command and turns bad input (ours or click's) into one error line and exit 2."""

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            result = super().main(
                args=args,
                prog_name=prog_name,
                complete_var=complete_var,
                standalone_mode=False,
                **extra,
            )
            code = result if isinstance(result, int) else EXIT_OK
        except typer.TyperException as problem:
            # typer's own usage errors (click's, vendored): an unknown option, a bad value.
            context = getattr(problem, "ctx", None)
            if type(problem).__name__ == "NoArgsIsHelpError":
                # Its message is the help, which rich has already printed when it was made.
                if problem.format_message().strip():
                    typer.echo(problem.format_message(), err=True)
            else:
                where = f" (see {context.command_path} --help)" if context is not None else ""
                error_line(problem.format_message() + where)
            code = problem.exit_code
        except typer.Abort:
            code = 130
        except TableGamesError as problem:
            error_line(str(problem))
            code = EXIT_BAD_INPUT
        if not standalone_mode:
            return code
        sys.exit(code)


app = typer.Typer(
    cls=GuardedGroup,
    help="Pennsylvania table games: Blackjack (58 Pa. Code 633a) and craps Power Odds (623b.5).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)
rules_app = typer.Typer(
    cls=GuardedGroup,
    help="Check and show house rules (the Rules Submission, 601a.2).",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
)
app.add_typer(rules_app, name="rules")

PresetOption = Annotated[str | None, typer.Option(help="House rules preset (default pa-6deck).")]
RulesOption = Annotated[Path | None, typer.Option(help="Rules Submission TOML file.")]
SetOption = Annotated[
    list[str] | None, typer.Option("--set", help="Override a house rule: NAME=VALUE.")
]


def house_rules(
    preset: str | None, rules: Path | None, overrides: Sequence[str] | None = None
) -> Rules:
    """The Blackjack house rules a command was given (pa-6deck when it was given none)."""
    from tablegames.blackjack.rules import load_rules

    return load_rules(
        preset=preset or (None if rules else "pa-6deck"), path=rules, overrides=overrides or ()
    )
