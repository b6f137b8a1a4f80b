"""`python -m tablegames` runs the `tablegames` command."""

from tablegames.cli import app

app()
