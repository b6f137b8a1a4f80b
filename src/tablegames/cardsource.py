"""Kept for compatibility: moved to `tablegames.core.cardsource` (issue 10). Import from there."""

from tablegames.core.cardsource import *  # noqa: F403
