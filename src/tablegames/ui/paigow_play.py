"""Pai Gow Poker at the terminal: not built yet (issue 15's faces)."""

from __future__ import annotations

from pathlib import Path

from tablegames.core.errors import TableGamesError


def play_pai_gow(preset: str | None, rules: Path | None) -> None:
    raise TableGamesError(
        "Pai Gow Poker at the terminal is not built yet: play its scenarios "
        "with `tablegames round` (docs/paigow-scenarios.md)"
    )
