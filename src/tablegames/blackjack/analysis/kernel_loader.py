"""Where the exact analysis's kernels come from: compiled ahead of time, or numba's JIT.

The three kernels (`kernels.py`: the dealer's outcomes for a batch of shoes, the player's hand
values, a split hand's outcomes) are numba functions. Run through numba's JIT, a fresh process
pays about 0.55 s before the first shoe is evaluated (importing numba, initialising its
compiler target and loading the cached machine code): more than the whole CDZ- analysis of a
six-deck game takes (0.16 s), and most of `tablegames edge blackjack`. So `make` also compiles
them ahead of time with numba's `pycc` (`scripts/build_kernels.py`), for this machine's CPU,
into an extension module that loads without numba or LLVM.

That module is named after the digest of the sources the kernels are compiled from
(`SOURCES`): `_aot_<digest>`. A process uses it when a module of that name is there, so only a
build of exactly the kernels it runs; otherwise (a checkout not yet built, a machine without a
C compiler, a kernel edited since the build, or `TABLEGAMES_KERNELS=jit`) it runs the same
functions through numba's JIT. Both are called here with the argument types of `SIGNATURES`
(every argument converted to them first, which copies nothing when it already has them), so
the JIT compiles the one specialisation the build exports; tests/analysis/test_kernel_loader.py
checks that the two give the same values.
"""

from __future__ import annotations

import hashlib
import importlib
import os
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Final

import numpy as np
import numpy.typing as npt

from tablegames.blackjack.analysis.dealer_columns import FloatArray, IntArray

# The sources the kernels are compiled from: the kernels and the constants they read.
_HERE: Final = Path(__file__).resolve().parent
SOURCES: Final = (
    _HERE / "kernels.py",
    _HERE / "dealer_columns.py",
    _HERE.parent / "drawing.py",
)
AOT_PREFIX: Final = "_aot_"
# TABLEGAMES_KERNELS=jit runs numba's JIT even where the ahead-of-time build is there.
CHOICE_VARIABLE: Final = "TABLEGAMES_KERNELS"

_I8 = "int64[::1]"
_I8_2D = "int64[:, ::1]"
_I4 = "int32[::1]"
_F8 = "float64[::1]"
_F8_3D = "float64[:, :, ::1]"
# numba signatures (return(arguments)) of the kernels, by name in `kernels.py`.
SIGNATURES: Final = {
    "dealer_outcome_kernel": f"{_F8_3D}(int64, {_I8_2D}, {_I4}, {_I4}, {_I4}, {_I4}, {_I4}, {_F8})",
    "hand_values": f"UniTuple({_F8_3D}, 2)({_I8}, {_I8_2D}, {_I8}, {_I8}, {_I8_2D}, {_I8}, "
    f"{_I8_2D}, {_I8}, {_F8_3D}, boolean, boolean)",
    "split_hand_outcomes": f"{_F8_3D}({_I8}, {_I8_2D}, {_I8}, {_I8_2D}, {_I8}, {_I8_2D}, "
    f"{_F8_3D}, int64, {_I8}, {_I8}, {_I8}, {_I8}, {_F8_3D}, boolean, boolean, boolean)",
}


def source_digest() -> str:
    """The first 16 hex digits of SHA-256 over the kernels' sources, in `SOURCES` order."""
    digest = hashlib.sha256()
    for path in SOURCES:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def aot_module_name() -> str:
    """The module name an ahead-of-time build of today's kernel sources has."""
    return f"{AOT_PREFIX}{source_digest()}"


@lru_cache(maxsize=1)
def compiled() -> ModuleType:
    """The module whose functions run the kernels: the ahead-of-time build of these very
    sources when it is there (and not declined), else `kernels` (numba's JIT)."""
    if os.environ.get(CHOICE_VARIABLE, "").strip().lower() != "jit":
        try:
            return importlib.import_module(f"{__package__}.{aot_module_name()}")
        except ImportError:
            pass  # not built for these sources: the JIT runs the same functions
    return importlib.import_module(f"{__package__}.kernels")


def running_ahead_of_time() -> bool:
    """Whether this process runs the ahead-of-time build (for reports and tests)."""
    return compiled().__name__.rsplit(".", 1)[-1].startswith(AOT_PREFIX)


def _ints(values: npt.ArrayLike) -> IntArray:
    return np.ascontiguousarray(values, dtype=np.int64)


def _int32s(values: npt.ArrayLike) -> npt.NDArray[np.int32]:
    return np.ascontiguousarray(values, dtype=np.int32)


def _floats(values: npt.ArrayLike) -> FloatArray:
    return np.ascontiguousarray(values, dtype=np.float64)


def dealer_outcome_kernel(
    batch: int,
    shoes: IntArray,
    depth: npt.NDArray[np.int32],
    factor: npt.NDArray[np.int32],
    sizes: npt.NDArray[np.int32],
    slot_start: npt.NDArray[np.int32],
    slots: npt.NDArray[np.int32],
    weights: FloatArray,
) -> FloatArray:
    """`kernels.dealer_outcome_kernel`."""
    outcomes: FloatArray = compiled().dealer_outcome_kernel(
        int(batch),
        _ints(shoes),
        _int32s(depth),
        _int32s(factor),
        _int32s(sizes),
        _int32s(slot_start),
        _int32s(slots),
        _floats(weights),
    )
    return outcomes


def hand_values(
    shoe: IntArray,
    removal: IntArray,
    best: IntArray,
    order: IntArray,
    successor: IntArray,
    decide: IntArray,
    fixed: IntArray,
    dealer_row: IntArray,
    dealer: FloatArray,
    refund: bool,
    push_22: bool,
) -> tuple[FloatArray, FloatArray]:
    """`kernels.hand_values`."""
    values, squares = compiled().hand_values(
        _ints(shoe),
        _ints(removal),
        _ints(best),
        _ints(order),
        _ints(successor),
        _ints(decide),
        _ints(fixed),
        _ints(dealer_row),
        _floats(dealer),
        bool(refund),
        bool(push_22),
    )
    return values, squares


def split_hand_outcomes(
    shoe: IntArray,
    removal: IntArray,
    best: IntArray,
    successor: IntArray,
    decide: IntArray,
    fixed: IntArray,
    values: FloatArray,
    pair: int,
    members: IntArray,
    local: IntArray,
    starts: IntArray,
    dealer_row: IntArray,
    dealer: FloatArray,
    may_double: bool,
    one_card: bool,
    push_22: bool,
) -> FloatArray:
    """`kernels.split_hand_outcomes`."""
    outcomes: FloatArray = compiled().split_hand_outcomes(
        _ints(shoe),
        _ints(removal),
        _ints(best),
        _ints(successor),
        _ints(decide),
        _ints(fixed),
        _floats(values),
        int(pair),
        _ints(members),
        _ints(local),
        _ints(starts),
        _ints(dealer_row),
        _floats(dealer),
        bool(may_double),
        bool(one_card),
        bool(push_22),
    )
    return outcomes
