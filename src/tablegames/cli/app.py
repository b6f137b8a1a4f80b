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


# `tablegames report day --db URL --date D` is the server's day report (issue 11); `tablegames
# report RULES --out FILE` stays Blackjack's HTML report. The two share the word `report`, so
# the day report is registered as `report-day` and `report day` is routed to it here.
ROUTED: dict[tuple[str, str], str] = {("report", "day"): "report-day"}


class GuardedGroup(TyperGroup):
    """Runs a command and turns bad input (ours or click's) into one error line and exit 2."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        routed = ROUTED.get((args[0], args[1])) if len(args) >= 2 else None
        if routed is not None:
            args = [routed, *args[2:]]
        return super().resolve_command(ctx, args)

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


# The help names the games (their CLI modules' `ABOUT`): `tablegames.cli` sets it when it has
# loaded them.
app = typer.Typer(
    cls=GuardedGroup,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)

# Options more than one command takes, with the same help wherever they appear.
PresetOption = Annotated[str | None, typer.Option(help="House rules preset (default pa-6deck).")]
RulesOption = Annotated[Path | None, typer.Option(help="Rules Submission TOML file.")]
SetOption = Annotated[
    list[str] | None, typer.Option("--set", help="Override a house rule: NAME=VALUE.")
]
