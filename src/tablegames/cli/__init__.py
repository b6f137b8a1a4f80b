"""The `tablegames` command line. `app` is the entry point; each module adds its commands."""

from tablegames.cli import (
    analysis_commands,
    conform_commands,
    rules_commands,
    table_commands,
)
from tablegames.cli.app import app

__all__ = [
    "analysis_commands",
    "app",
    "conform_commands",
    "rules_commands",
    "table_commands",
]
