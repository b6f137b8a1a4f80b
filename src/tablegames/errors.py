"""Kept for compatibility: moved to `tablegames.core.errors` (issue 10). Import from there."""

from tablegames.core.errors import *  # noqa: F403
