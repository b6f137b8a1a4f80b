"""Kept for compatibility: moved to `tablegames.core.events` (issue 10). Import from there."""

from tablegames.core.events import *  # noqa: F403
