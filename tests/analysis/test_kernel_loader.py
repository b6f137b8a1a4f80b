"""The exact analysis's kernels compiled ahead of time (`make kernels`) against numba's JIT.

The reference for the ahead-of-time build is numba's JIT of the same functions
(`analysis/kernels.py`), which the rest of the suite checks against the plain-Python twin
(`game_reference.py`) and published figures: the two builds must give the same values.
"""

from __future__ import annotations

import ast
import importlib
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from tablegames.blackjack.analysis import kernel_loader
from tablegames.blackjack.analysis.dealer_hands import shoe_counts
from tablegames.blackjack.analysis.game import GameValues, analyse_shoe
from tablegames.blackjack.rules import Rules

HAS_COMPILER = any(shutil.which(name) for name in ("cc", "gcc", "clang"))


@pytest.fixture
def fresh_choice() -> Iterator[None]:
    kernel_loader.compiled.cache_clear()
    yield
    kernel_loader.compiled.cache_clear()


def _analysis_by(
    module: ModuleType, rules: Rules, monkeypatch: pytest.MonkeyPatch, *, push_22: bool = False
) -> GameValues:
    with monkeypatch.context() as patch:
        patch.setattr(kernel_loader, "compiled", lambda: module)
        return analyse_shoe(rules, shoe_counts(rules.decks), push_22=push_22)


def test_the_build_of_these_sources_is_there_where_a_compiler_is() -> None:
    if not HAS_COMPILER:
        pytest.skip("no C compiler: the analysis runs numba's JIT (kernel_loader)")
    name = kernel_loader.aot_module_name()
    found = importlib.util.find_spec(f"tablegames.blackjack.analysis.{name}")
    assert found is not None, f"{name} is not built: run `make kernels`"


@pytest.mark.parametrize(
    ("rules", "push_22"),
    [
        (Rules(decks=6), False),
        (Rules(decks=1, dealer_hits_soft_17=True, max_hands=2), False),
        (Rules(decks=2, double_after_split=False, resplit_aces=True), False),
        (Rules(decks=6), True),  # the dealer-22 push of Blackjack Switch (633a.12(a)(5)(v))
    ],
    ids=["six-decks", "one-deck-h17", "two-decks-nodas-rsa", "six-decks-push-22"],
)
def test_ahead_of_time_kernels_give_the_jit_values(
    rules: Rules, push_22: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    try:
        ahead = importlib.import_module(
            f"tablegames.blackjack.analysis.{kernel_loader.aot_module_name()}"
        )
    except ImportError:
        pytest.skip("no ahead-of-time build here (make kernels)")
    jit = importlib.import_module("tablegames.blackjack.analysis.kernels")
    built = _analysis_by(ahead, rules, monkeypatch, push_22=push_22)
    reference = _analysis_by(jit, rules, monkeypatch, push_22=push_22)
    assert built.house_edge == pytest.approx(reference.house_edge, rel=0, abs=1e-12)
    assert built.std_dev == pytest.approx(reference.std_dev, rel=0, abs=1e-12)
    np.testing.assert_allclose(built.by_up_card, reference.by_up_card, rtol=0, atol=1e-12)


def test_a_build_of_other_sources_is_never_loaded(
    fresh_choice: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(kernel_loader, "aot_module_name", lambda: "_aot_0000000000000000")
    assert kernel_loader.compiled().__name__ == "tablegames.blackjack.analysis.kernels"
    assert not kernel_loader.running_ahead_of_time()


def test_the_jit_can_be_chosen(fresh_choice: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(kernel_loader.CHOICE_VARIABLE, "jit")
    assert kernel_loader.compiled().__name__ == "tablegames.blackjack.analysis.kernels"


def test_the_digest_covers_every_source_of_the_kernels() -> None:
    # A change to any file the kernels are compiled from must change the module's name: the
    # kernels import nothing of this project but the two modules of constants in SOURCES.
    kernels = importlib.import_module("tablegames.blackjack.analysis.kernels")
    tree = ast.parse(Path(str(kernels.__file__)).read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    ours = {name.rsplit(".", 1)[-1] for name in imported if name and name.startswith("tablegames")}
    assert ours == {"dealer_columns", "drawing"}
    assert imported - {
        f"tablegames.blackjack.{n}" for n in ("analysis.dealer_columns", "drawing")
    } <= {
        "__future__",
        "numba",
        "numpy",
        "numpy.typing",
    }
    sources = {path.name for path in kernel_loader.SOURCES}
    assert sources == {"kernels.py", "dealer_columns.py", "drawing.py"}
    for name in kernel_loader.SIGNATURES:
        assert callable(getattr(kernels, name).py_func)


def test_edge_blackjack_loads_no_numba_where_the_build_is_there() -> None:
    # issue 13 §4: a fresh `tablegames edge blackjack` imports only what the command needs.
    if not HAS_COMPILER:
        pytest.skip("no C compiler: the analysis runs numba's JIT")
    program = (
        "import sys\n"
        "from tablegames.cli import app\n"
        "sys.argv = ['tablegames', 'edge', 'blackjack', '--json']\n"
        "try:\n    app()\nexcept SystemExit:\n    pass\n"
        "sys.stderr.write('numba loaded' if 'numba' in sys.modules else 'numba not loaded')\n"
    )
    env = {key: value for key, value in os.environ.items() if key != kernel_loader.CHOICE_VARIABLE}
    ran = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, env=env, timeout=120
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stderr.endswith("numba not loaded"), ran.stderr
    assert '"house_edge"' in ran.stdout
