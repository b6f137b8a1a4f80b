"""The import and construction rules of DESIGN.md, checked by parsing every module's imports.

- `core/` imports no game (and nothing above it: no registry, CLI, report or terminal).
- No game imports another game.
- A game's engine never imports its own analysis, strategy or simulation. In `blackjack/` the
  analysis is `blackjack/analysis/`; the strategy chart and policy are `strategy_chart.py`
  and `policy.py`. In `craps/` the analysis is `edge.py` and the simulation `sim.py`.
- Only `reports/` and `ui/` import rich or matplotlib.
- `store/` imports of the package only `core`, `games` and itself: no game, nothing above it;
  `server/` only those and `store`.
- Only `gym/` imports gymnasium (the optional `gym` extra: the rest of the package must import
  without it), and `gym/` drives the Blackjack engine only (`core` and `blackjack`), so that
  it stays an adapter of the same game rather than a second one.
- No module copies Rules with pydantic's `model_copy(update=...)`: it skips validation (it
  accepted `decks=99`). `Rules.replace(**changes)` validates each field.

A compatibility re-export (a module whose docstring starts "Kept for compatibility") keeps an
old public path working and is exempt: it holds nothing but the import of the new path.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "tablegames"
GAMES = ("blackjack", "craps", "paigow")
COMPATIBILITY = "Kept for compatibility"

# What each game's engine may not import from its own folder.
ABOVE_THE_ENGINE = {
    "blackjack": ("analysis", "strategy_chart", "policy", "sim"),
    "craps": ("edge", "sim"),
    "paigow": ("analysis", "strategy", "sim"),
}
# Modules of a game folder that are not its engine (they sit above it, in DESIGN's order). The
# package's `__init__` is its public face and names every layer (`from tablegames.craps import
# edge_report` is documented in docs/craps.md).
NOT_ENGINE = {
    "blackjack": ("__init__", "analysis", "strategy_chart", "policy", "sim", "cli"),
    "craps": ("__init__", "edge", "sim", "cli"),
    # `analysis_house_way` is the house ways' numba kernel, analysis like `analysis`: the engine
    # sets hands in Python (its name also falls under the engine's banned `analysis` prefix).
    "paigow": ("__init__", "analysis", "analysis_house_way", "strategy", "sim", "cli"),
}


def _modules(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.py"))


def _is_compatibility_shim(tree: ast.Module) -> bool:
    return (ast.get_docstring(tree) or "").startswith(COMPATIBILITY)


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if _is_compatibility_shim(tree):
        return set()
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def _every_import() -> Iterator[tuple[Path, str]]:
    for path in _modules(SRC):
        for name in _imports(path):
            yield path.relative_to(SRC), name


def _game_of(name: str) -> str | None:
    parts = name.split(".")
    if len(parts) >= 2 and parts[0] == "tablegames" and parts[1] in GAMES:
        return parts[1]
    return None


def test_core_imports_no_game_and_nothing_above_it() -> None:
    above = ("tablegames.games", "tablegames.cli", "tablegames.reports", "tablegames.ui")
    offenders = {
        f"{path} imports {name}"
        for path, name in _every_import()
        if path.parts[0] == "core" and (_game_of(name) or name.startswith(above))
    }
    assert offenders == set()


def test_no_game_imports_another_game() -> None:
    offenders = {
        f"{path} imports {name}"
        for path, name in _every_import()
        if path.parts[0] in GAMES and _game_of(name) not in (None, path.parts[0])
    }
    assert offenders == set()


def test_a_game_imports_nothing_above_the_games() -> None:
    above = ("tablegames.games", "tablegames.cli", "tablegames.reports", "tablegames.ui")
    offenders = {
        f"{path} imports {name}"
        for path, name in _every_import()
        if path.parts[0] in GAMES and name.startswith(above)
    }
    assert offenders == set()


def test_a_games_engine_imports_not_its_analysis_strategy_or_simulation() -> None:
    offenders = set()
    for path, name in _every_import():
        game = path.parts[0]
        if game not in GAMES or path.parts[1].removesuffix(".py") in NOT_ENGINE[game]:
            continue
        banned = tuple(f"tablegames.{game}.{part}" for part in ABOVE_THE_ENGINE[game])
        if name.startswith(banned):
            offenders.add(f"{path} imports {name}")
    assert offenders == set()


# What each layer that serves every game may import from the package (itself aside).
MAY_IMPORT = {
    "store": ("tablegames.core", "tablegames.games"),
    # The server drives every game through the protocol and the registry; it keeps its
    # streams and ledger in the store. It never imports a game package.
    "server": ("tablegames.core", "tablegames.games", "tablegames.store"),
    # The Gymnasium environment is a thin adapter of the Blackjack table: it plays the game
    # through the engine and reads nothing of the CLI, reports, store or server.
    "gym": ("tablegames.core", "tablegames.blackjack"),
}


def test_the_shared_layers_import_only_what_sits_below_them() -> None:
    offenders = set()
    for path, name in _every_import():
        layer = path.parts[0]
        if layer not in MAY_IMPORT or name.split(".")[0] != "tablegames":
            continue
        allowed = (*MAY_IMPORT[layer], f"tablegames.{layer}")
        if not any(name == prefix or name.startswith(f"{prefix}.") for prefix in allowed):
            offenders.add(f"{path} imports {name}")
    assert offenders == set()


def test_only_reports_and_ui_import_rich_or_matplotlib() -> None:
    offenders = {
        f"{path} imports {name}"
        for path, name in _every_import()
        if name.split(".")[0] in ("rich", "matplotlib") and path.parts[0] not in ("reports", "ui")
    }
    assert offenders == set()


def test_only_gym_imports_gymnasium() -> None:
    # gymnasium is the optional `gym` extra: a module elsewhere importing it would break the
    # package for everyone installed without it.
    offenders = {
        f"{path} imports {name}"
        for path, name in _every_import()
        if name.split(".")[0] == "gymnasium" and path.parts[0] != "gym"
    }
    assert offenders == set()


def test_no_module_copies_rules_without_validation() -> None:
    offenders = []
    for path in [*_modules(SRC), *_modules(SRC.parent.parent / "tests")]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "model_copy":
                offenders.append(f"{path.name}:{node.lineno}")
    assert offenders == [], f"use Rules.replace(**changes), which validates: {offenders}"


def test_the_checks_see_the_layout() -> None:
    # Guards the guards: each rule above would pass vacuously if the folders moved.
    for folder in ("core", "reports", "ui", "cli", "blackjack", "craps", "gym", *MAY_IMPORT):
        assert (SRC / folder / "__init__.py").is_file(), folder
    assert any(name.startswith("rich") for path in _modules(SRC / "ui") for name in _imports(path))
    gym = [name for path in _modules(SRC / "gym") for name in _imports(path)]
    assert any(name.startswith("gymnasium") for name in gym)


def _game_id_comparisons(tree: ast.AST, game_ids: set[str]) -> list[int]:
    """Lines comparing something with a game id written as a string: `== "craps"`,
    `in ("blackjack", ...)`."""

    def names_a_game(node: ast.expr) -> bool:
        if isinstance(node, ast.Constant):
            return node.value in game_ids
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            return any(names_a_game(item) for item in node.elts)
        return False

    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Compare) and any(map(names_a_game, [node.left, *node.comparators]))
    ]


def test_the_shared_cli_never_branches_on_a_game() -> None:
    # `play`, `edge` and the app find a game in the registry; only a game's own CLI module
    # (`GameEntry.cli`) may say its id, so adding a game needs no edit to the shared commands.
    from tablegames.games import GAMES as REGISTERED

    game_ids = {game.id for game in REGISTERED}
    own = {SRC.parent / Path(*game.cli.split(".")).with_suffix(".py") for game in REGISTERED}
    assert own
    assert all(path.is_file() for path in own), own
    offenders = [
        f"{path.relative_to(SRC)}:{line}"
        for path in _modules(SRC / "cli")
        if path not in own
        for line in _game_id_comparisons(ast.parse(path.read_text(encoding="utf-8")), game_ids)
    ]
    assert offenders == [], f"find the game in the registry (tablegames.games): {offenders}"


def test_the_cli_check_sees_a_comparison_with_a_game_id() -> None:
    # Guards the guard: the forms it must catch, and what it must let pass.
    caught = 'if game == "craps":\n    pass\nok = wager in ("blackjack", "x")\n'
    assert _game_id_comparisons(ast.parse(caught), {"blackjack", "craps"}) == [1, 3]
    passed = 'if game not in game_ids():\n    pass\nname = "craps"\nok = x == "poker"\n'
    assert _game_id_comparisons(ast.parse(passed), {"blackjack", "craps"}) == []
