"""Play Blackjack at the terminal (placeholder until the rich table lands)."""

from __future__ import annotations

from tablegames.rules import Rules


def play_terminal(rules: Rules, *, boxes: int) -> None:
    raise NotImplementedError
