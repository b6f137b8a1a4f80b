"""Kept for compatibility: the craps commands moved to `tablegames.cli.craps_commands`
(issue 10; docs/craps.md names this path). Import from there."""

from tablegames.cli.craps_commands import edge_craps, play_craps, roll_command

__all__ = ["edge_craps", "play_craps", "roll_command"]
