"""The import and construction rules of DESIGN.md that the code keeps today.

- No module copies Rules with pydantic's `model_copy(update=...)`: it skips validation (it
  accepted `decks=99`). `Rules.replace(**changes)` validates each field.
- A game's engine imports neither its own analysis nor another game (the Blackjack engine under
  `blackjack/` never imports `analysis/`; `craps/` imports nothing of Blackjack: not its engine,
  its rules package or its analysis).

The rest of DESIGN.md's layering (a game-neutral `core/`, rich and matplotlib only in `reports/`
and `ui/`) arrives with issue 10's layout and is added here as it holds.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "tablegames"


def _modules(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.py"))


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_no_module_copies_rules_without_validation() -> None:
    offenders = []
    for path in [*_modules(SRC), *_modules(SRC.parent.parent / "tests")]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "model_copy":
                offenders.append(f"{path.name}:{node.lineno}")
    assert offenders == [], f"use Rules.replace(**changes), which validates: {offenders}"


def test_the_blackjack_engine_imports_no_analysis() -> None:
    offenders = {
        f"{path.relative_to(SRC)} imports {name}"
        for path in _modules(SRC / "blackjack")
        for name in _imports(path)
        if name.startswith("tablegames.analysis")
    }
    assert offenders == set()


def test_craps_imports_nothing_of_blackjack() -> None:
    # Neither the engine nor the house rules: `tablegames.rules` is the Blackjack Submission;
    # what both games share (findings, reading a rules file) is `tablegames.rulesfile`.
    offenders = {
        f"{path.relative_to(SRC)} imports {name}"
        for path in _modules(SRC / "craps")
        for name in _imports(path)
        if name.startswith(("tablegames.blackjack", "tablegames.rules.", "tablegames.analysis"))
        or name == "tablegames.rules"
    }
    assert offenders == set()
