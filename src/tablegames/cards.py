"""Kept for compatibility: moved to `tablegames.core.cards` (issue 10). Import from there."""

from tablegames.core.cards import *  # noqa: F403
