"""The `tablegames` command line. `app` is the entry point.

The shared commands (`conform`, `play`, `edge`) are this package's; every registered game's CLI
module (`GameEntry.cli`, the contract in `tablegames.cli.games_commands`) adds its own when it is
imported, here, through the registry.
"""

from tablegames.cli import (
    analysis_commands,
    conform_commands,
    rng_commands,
    server_commands,
    table_commands,
)
from tablegames.cli.app import app
from tablegames.cli.games_commands import SHARED_COMMANDS, either, every_cli

app.info.help = f"Pennsylvania table games: {either([c.ABOUT for _, c in every_cli()], 'and')}."
# `tablegames --help` lists the shared commands first, then each game's in the registry's order.
app.registered_commands.sort(key=lambda command: command.name not in SHARED_COMMANDS)

__all__ = [
    "analysis_commands",
    "app",
    "conform_commands",
    "rng_commands",
    "server_commands",
    "table_commands",
]
