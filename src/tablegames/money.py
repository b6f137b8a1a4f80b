"""Kept for compatibility: moved to `tablegames.core.money` (issue 10). Import from there."""

from tablegames.core.money import *  # noqa: F403
