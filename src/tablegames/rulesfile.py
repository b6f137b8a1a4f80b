"""Kept for compatibility: moved to `tablegames.core.rulesfile` (issue 10). Import from there."""

from tablegames.core.rulesfile import *  # noqa: F403
