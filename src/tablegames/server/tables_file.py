"""The tables a server opens: `tablegames serve --tables FILE.toml`, or the default five.

A tables file lists one `[[table]]` per table: the game (an id of the games registry), a name
shown in the lobby, and its house rules: a preset of that game, any fields that override it
(`rules = {...}`), or a Rules Submission file (`rules_file = "house.toml"`, resolved beside the
tables file). The rules are checked by the game itself when the table opens, so a bad rule is
refused with the game's own message and paragraph.

```toml
[[table]]
game = "blackjack"
name = "Six decks"
preset = "pa-6deck"
rules = { side_wagers = { lucky_ladies = {} } }

[[table]]
game = "craps"
name = "Power Odds"
preset = "pa-power-odds"

[[table]]
game = "pai_gow"
name = "Pai Gow"
preset = "pa-pai-gow"
rules = { fortune_paytable = "wizard_2" }
```

>>> [spec.name for spec in DEFAULT_TABLES]
['Six-deck Blackjack', 'Blackjack Switch', 'Switch Hands premium', 'Craps Power Odds', \
'Pai Gow Poker']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from tablegames.core.inputs import InputError, read_toml
from tablegames.core.jsoninput import require_keys
from tablegames.games import game_ids

MAX_TABLES: Final = 64
MAX_NAME: Final = 60

_TABLE_KEYS: Final = {"game", "name", "preset", "rules", "rules_file"}


@dataclass(frozen=True, slots=True)
class TableSpec:
    """One table to open: the game, its lobby name, and its rules as the game reads them (a
    mapping that may name a `preset` and override its fields)."""

    game: str
    name: str
    rules: Mapping[str, Any] = field(default_factory=dict)

    def rules_mapping(self) -> dict[str, Any]:
        return dict(self.rules)


DEFAULT_TABLES: Final = (
    # The game's own preset holds the side wagers: the server names no wager.
    TableSpec("blackjack", "Six-deck Blackjack", {"preset": "pa-6deck-side-wagers"}),
    TableSpec("blackjack", "Blackjack Switch", {"preset": "pa-blackjack-switch"}),
    TableSpec("blackjack", "Switch Hands premium", {"preset": "pa-switch-hands-premium"}),
    TableSpec("craps", "Craps Power Odds", {"preset": "pa-power-odds"}),
    TableSpec("pai_gow", "Pai Gow Poker", {"preset": "pa-pai-gow"}),
)


def read_tables_file(path: Path) -> list[TableSpec]:
    """The tables a tables file lists, each checked for shape; raise InputError naming the
    table (by its place in the file) and what is wrong."""
    data = read_toml(path, "tables file")
    unknown = sorted(set(data) - {"table"})
    if unknown:
        raise InputError(f"tables file {str(path)!r} has no setting {unknown[0]!r}: use [[table]]")
    tables = data.get("table")
    if not isinstance(tables, list) or not tables:
        raise InputError(f"tables file {str(path)!r} lists no [[table]]")
    if len(tables) > MAX_TABLES:
        raise InputError(
            f"tables file {str(path)!r} lists {len(tables)} tables; at most {MAX_TABLES}"
        )
    return [
        _table_spec(item, f"table {number}", path.parent) for number, item in enumerate(tables, 1)
    ]


def _table_spec(item: Any, what: str, folder: Path) -> TableSpec:
    if not isinstance(item, Mapping):
        raise InputError(f"{what} must be a table of settings")
    require_keys(what, item, _TABLE_KEYS, {"game", "name"})
    game, name = item["game"], item["name"]
    if game not in game_ids():
        raise InputError(f"{what}: no game {game!r}; the games are {', '.join(game_ids())}")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise InputError(f"{what}: the name must be 1 to {MAX_NAME} characters")
    rules: dict[str, Any] = {}
    if "rules_file" in item:
        if "rules" in item or "preset" in item:
            raise InputError(f"{what}: give rules_file, or a preset and rules, not both")
        if not isinstance(item["rules_file"], str):
            raise InputError(f"{what}: rules_file must be a file name")
        rules = read_toml(folder / item["rules_file"], f"{what}'s rules file")
    else:
        if "rules" in item:
            if not isinstance(item["rules"], Mapping):
                raise InputError(f"{what}: rules must be a table of rule fields")
            rules = dict(item["rules"])
        if "preset" in item:
            if not isinstance(item["preset"], str):
                raise InputError(f"{what}: preset must be a preset's name")
            rules = {"preset": item["preset"], **rules}
    return TableSpec(game, name.strip(), rules)
