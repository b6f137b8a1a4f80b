"""Blackjack dealt by a person (`blackjack_dealt`): what `play` and `edge` ask of the game (the
contract: `tablegames.cli.games_commands`). It adds no command of its own: its scenarios play
with Blackjack's `tablegames round` (docs/scenarios-dealt.md) and its tables run in the server
(the dealer's cards are the operator's orders, docs/server.md). Its odds are Blackjack's: the
cards dealt by a person come from the same shoe under the same rules, so `edge blackjack_dealt`
answers as `edge blackjack`."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tablegames.cli.app import fail
from tablegames.cli.games_commands import EdgeMenu, EdgeRequest

ABOUT = "Blackjack dealt by a person, with the irregularities of 633a.14"
PLAY = "Blackjack dealt by a person (at a table server)"
EDGE = EdgeMenu(
    games=("blackjack_dealt",),
    help="blackjack_dealt: the same odds and options as blackjack.",
)


def play(preset: str | None, rules: Path | None, boxes: int) -> None:
    fail(
        "a dealt table is played at a table server, the dealer entering each card "
        "(tablegames serve); at the terminal, play `tablegames play blackjack`"
    )


def edge_more() -> Sequence[str]:
    return ()


def edge(wager: str, request: EdgeRequest) -> int:
    from tablegames.cli import blackjack_commands

    return blackjack_commands.edge("blackjack", request)
