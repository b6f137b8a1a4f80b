"""`tablegames edge WAGER`: the exact math of a wager, for whichever game answers it.

Each game's CLI module names the WAGERs it answers and runs them (the contract:
`tablegames.cli.games_commands`); this command refuses what no game could answer.
"""

from __future__ import annotations

from typing import Annotated

import typer

from tablegames.cli.app import PresetOption, RulesOption, SetOption, app
from tablegames.cli.games_commands import EdgeRequest, either, every_cli
from tablegames.core.errors import TableGamesError

_GAMES = every_cli()
_MENUS = [cli.EDGE for _, cli in _GAMES]
_WAGERS_HELP = either(
    [
        *(name for menu in _MENUS for name in menu.games),
        *(f"{menu.more} ({menu.examples})" for menu in _MENUS if menu.more),
    ]
)
EDGE_HELP = "\n\n".join(
    [
        "Exact house edge, standard deviation and line probabilities of a wager.",
        f"WAGER is {_WAGERS_HELP}. Options that do not apply to the wager are refused. --csv "
        "prints the table(s) as CSV instead.",
        *(menu.help for menu in _MENUS if menu.help),
    ]
)


@app.command("edge", help=EDGE_HELP)
def edge_command(
    wager: Annotated[str, typer.Argument(help=f"{_WAGERS_HELP}.")],
    preset: PresetOption = None,
    rules: RulesOption = None,
    overrides: SetOption = None,
    decks: Annotated[int | None, typer.Option(help="Decks (overrides the rules).")] = None,
    paytable: Annotated[str | None, typer.Option(help="Side wager paytable.")] = None,
    strategy: Annotated[
        str | None, typer.Option(help="Blackjack only: cdz (the default) or basic.")
    ] = None,
    hands: Annotated[
        bool, typer.Option(help="Blackjack only: values of every two-card hand by up card.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print the table(s) as CSV.")] = False,
) -> None:
    request = EdgeRequest(
        rules=rules,
        preset=preset,
        overrides=tuple(overrides or ()),
        decks=decks,
        paytable=paytable,
        strategy=strategy,
        hands=hands,
        as_json=as_json,
        as_csv=as_csv,
    )
    if as_json and as_csv:
        raise TableGamesError("--csv and --json: choose one output format")
    # A game's own wagers first: listing the further ones (the side wagers) imports their
    # analysis, which `edge blackjack` does not need (0.1 s of a cold start).
    for _, cli in _GAMES:
        if wager in cli.EDGE.games:
            code = cli.edge(wager, request)
            if code:
                raise typer.Exit(code)
            return
    more = [(cli, cli.EDGE, tuple(cli.edge_more())) for _, cli in _GAMES]
    for cli, _, further in more:
        if wager in further:
            code = cli.edge(wager, request)
            if code:
                raise typer.Exit(code)
            return
    choices = [
        *(name for menu in _MENUS for name in menu.games),
        *(f"{menu.more} ({', '.join(further)})" for _, menu, further in more if menu.more),
    ]
    raise TableGamesError(f"no wager {wager!r}: choose {either(choices)}")
