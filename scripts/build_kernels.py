"""Compile the exact analysis's numba kernels ahead of time (`make` runs this after installing).

Writes `src/tablegames/blackjack/analysis/_aot_<digest>.*.so` with numba's `pycc`, for this
machine's CPU, from the same functions numba's JIT runs (`analysis/kernels.py`) and with the
signatures the loader calls them with (`kernel_loader.SIGNATURES`); see `kernel_loader` for why.
The digest is of the kernels' sources, so a build of other sources is never loaded; builds of
earlier sources are removed. Nothing to do when the build of today's sources is there.

A machine where it cannot be built (no C compiler) is told why and keeps numba's JIT: the
analysis gives the same values, a fresh process only starts about 0.55 s slower. `--strict`
makes that an error (exit 1).

Run: `.venv/bin/python scripts/build_kernels.py [--strict]`.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
import warnings
from pathlib import Path

from tablegames.blackjack.analysis import kernel_loader

FOLDER = kernel_loader.SOURCES[0].parent


def built(name: str) -> list[Path]:
    return sorted(FOLDER.glob(f"{name}.*.so")) + sorted(FOLDER.glob(f"{name}.*.pyd"))


def build(name: str) -> Path:
    # numba marks pycc for a future removal without a replacement yet; the warning says nothing
    # this build can act on.
    warnings.filterwarnings("ignore", message=".*pycc.*")
    # pycc is untyped: the three calls below are checked by the build itself.
    from numba.pycc.cc import CC

    from tablegames.blackjack.analysis import kernels

    with tempfile.TemporaryDirectory(prefix=".aot-build-", dir=FOLDER) as scratch:
        compiler = CC(name)  # type: ignore[no-untyped-call]
        compiler.output_dir = scratch
        compiler.target_cpu = "host"  # the SIMD loops of the dealer kernel want AVX2 where it is
        compiler.verbose = False
        for function, signature in kernel_loader.SIGNATURES.items():
            export = compiler.export(function, signature)  # type: ignore[no-untyped-call]
            export(getattr(kernels, function).py_func)
        compiler.compile()
        (made,) = Path(scratch).glob(f"{name}.*")
        target = FOLDER / made.name
        # In place at once: a process never finds half a module under the loader's name.
        os.replace(made, target)
    return target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--strict", action="store_true", help="fail when it cannot be built")
    strict = parser.parse_args().strict
    name = kernel_loader.aot_module_name()
    for stale in FOLDER.glob(f"{kernel_loader.AOT_PREFIX}*"):
        if not stale.name.startswith(f"{name}."):
            stale.unlink() if stale.is_file() else shutil.rmtree(stale)
    if built(name):
        print(f"exact-analysis kernels: {built(name)[0].name} is up to date")
        return 0
    start = time.perf_counter()
    try:
        target = build(name)
    except Exception as problem:  # a missing compiler or linker shows up as many kinds
        print(
            f"exact-analysis kernels not compiled ahead of time ({type(problem).__name__}: "
            f"{problem}); the analysis runs them through numba's JIT instead",
            file=sys.stderr,
        )
        return 1 if strict else 0
    print(f"exact-analysis kernels: built {target.name} in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
