"""Kept for compatibility: moved to `tablegames.core.rng` (issue 10). Import from there."""

from tablegames.core.rng import *  # noqa: F403
