"""No import cycle inside `blackjack/analysis/`: every import between its modules (at the top,
under TYPE_CHECKING or inside a function) points one way, so the modules can be read, tested
and loaded in an order."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

PACKAGE = "tablegames.blackjack.analysis"
FOLDER = Path(__file__).resolve().parents[2] / "src" / "tablegames" / "blackjack" / "analysis"


def analysis_imports() -> dict[str, set[str]]:
    """module -> the analysis modules it imports, by any import statement anywhere in it."""
    modules = {path.stem for path in FOLDER.glob("*.py") if path.stem != "__init__"}
    graph: dict[str, set[str]] = {}
    for name in modules:
        tree = ast.parse((FOLDER / f"{name}.py").read_text(encoding="utf-8"))
        found: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module is not None:
                if node.module.startswith(f"{PACKAGE}."):
                    found.add(node.module.removeprefix(f"{PACKAGE}.").split(".")[0])
                elif node.module == PACKAGE:
                    found |= {alias.name for alias in node.names}
            elif isinstance(node, ast.Import):
                found |= {
                    alias.name.removeprefix(f"{PACKAGE}.").split(".")[0]
                    for alias in node.names
                    if alias.name.startswith(f"{PACKAGE}.")
                }
        graph[name] = (found & modules) - {name}
    return graph


def test_no_import_cycle_in_the_analysis() -> None:
    graph = analysis_imports()
    assert "game" in graph
    assert "basic_strategy" in graph["game"]
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as error:
        pytest.fail(f"import cycle in {PACKAGE}: {' -> '.join(error.args[1])}")


def test_the_check_finds_a_cycle() -> None:
    with pytest.raises(CycleError):
        tuple(
            TopologicalSorter(
                {"game": {"basic_strategy"}, "basic_strategy": {"game"}}
            ).static_order()
        )
