"""Kept for compatibility: moved to `tablegames.core.jsoninput` (issue 10). Import from there."""

from tablegames.core.jsoninput import *  # noqa: F403
