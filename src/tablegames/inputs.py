"""Kept for compatibility: moved to `tablegames.core.inputs` (issue 10). Import from there."""

from tablegames.core.inputs import *  # noqa: F403
