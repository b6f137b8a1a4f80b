"""Kept for compatibility: moved to `tablegames.core.views` (issue 10). Import from there."""

from tablegames.core.views import *  # noqa: F403
