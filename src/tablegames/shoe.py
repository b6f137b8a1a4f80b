"""Kept for compatibility: moved to `tablegames.blackjack.shoe` (issue 10). Import from there."""

from tablegames.blackjack.shoe import *  # noqa: F403
