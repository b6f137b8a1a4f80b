"""Kept for compatibility: moved to `tablegames.blackjack.scenario` (issue 10).
Import from there."""

from tablegames.blackjack.scenario import *  # noqa: F403
