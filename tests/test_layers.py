"""The import and construction rules of DESIGN.md, checked by parsing every module's imports.

- `core/` imports no game (and nothing above it: no registry, CLI, report or terminal).
- No game imports another game.
- A game's engine never imports its own analysis, strategy or simulation. In `blackjack/` the
  analysis is `blackjack/analysis/`; the strategy chart and policy are `strategy_chart.py`
  and `policy.py`. In `craps/` the analysis is `edge.py` and the simulation `sim.py`.
- Only `reports/` and `ui/` import rich or matplotlib.
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
    "paigow": ("__init__", "analysis", "strategy", "sim", "cli"),
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


def test_only_reports_and_ui_import_rich_or_matplotlib() -> None:
    offenders = {
        f"{path} imports {name}"
        for path, name in _every_import()
        if name.split(".")[0] in ("rich", "matplotlib") and path.parts[0] not in ("reports", "ui")
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
    for folder in ("core", "reports", "ui", "cli", "blackjack", "craps"):
        assert (SRC / folder / "__init__.py").is_file(), folder
    assert any(name.startswith("rich") for path in _modules(SRC / "ui") for name in _imports(path))
