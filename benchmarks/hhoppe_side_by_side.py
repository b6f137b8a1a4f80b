"""This project's simulator and hhoppe/blackjack's `monte_carlo_house_edge_cpu`, side by side.

Not part of `make test`: it needs a checkout of https://github.com/hhoppe/blackjack and a Python
environment with that project's imports (hhoppe-tools, more-itertools, tqdm, matplotlib, IPython,
numba, numpy). `--setup` makes one in `--hhoppe-venv` with the same numba and numpy versions as
this project's `.venv`, so the comparison is of the two programs, not of two compilers.

    .venv/bin/python benchmarks/hhoppe_side_by_side.py --hhoppe-dir DIR --setup
    .venv/bin/python benchmarks/hhoppe_side_by_side.py --hhoppe-dir DIR [--rounds N] [--pairs P]

Both sides play the same rules (six decks, S17, double after split, late surrender, split to four
hands, aces split once with one card each, 3:2, one box, total-dependent basic strategy, the cut
card 78 cards from the end: 234 of 312, 75%) on one core, warm (hhoppe's tables and both programs'
kernels built before the clock starts), with hhoppe's multiprocessing off (`parallel=False`). The
two run alternately, one process each per pair, so a change in the machine's speed falls on both.
hhoppe's notebook module runs its own tests and network look-ups at import, so only its source up
to `monte_carlo_house_edge_cpu` is executed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
HHOPPE_NEEDS = ("hhoppe-tools", "more-itertools", "tqdm", "matplotlib", "ipython")

# Run by hhoppe's environment: its module without the tail that calls out to the network.
HHOPPE_CHILD = """
import json, sys, time, types
directory, rounds, repeat = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
path = directory + "/blackjack.py"
source = open(path, encoding="utf-8").read()
source = source[: source.index("def test_monte_carlo_house_edge_cpu")]
module = types.ModuleType("blackjack")
module.__file__ = path
sys.modules["blackjack"] = module
exec(compile(source, path, "exec"), module.__dict__)
rules = module.Rules(num_decks=6, hit_soft17=False)  # its defaults hold the rest of the rules
if rules.cut_card != 234:
    raise SystemExit(f"hhoppe's cut card moved: {rules.cut_card}")
strategy = module.Strategy()  # total-dependent basic strategy
module.monte_carlo_house_edge_cpu(rules, strategy, 1_000_000, parallel=False, quiet=True)
rates, edges = [], []
for _ in range(repeat):
    started = time.perf_counter()
    edge, played, _sdv = module.monte_carlo_house_edge_cpu(
        rules, strategy, rounds, parallel=False, quiet=True
    )
    rates.append(played / (time.perf_counter() - started))
    edges.append(edge)
print(json.dumps({"rounds_per_second": rates, "house_edge": edges}))
"""


def setup(venv: Path) -> None:
    import numba
    import numpy

    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pins = [f"numba=={numba.__version__}", f"numpy=={numpy.__version__}"]
    subprocess.run(
        [str(venv / "bin" / "pip"), "install", "--quiet", *HHOPPE_NEEDS, *pins], check=True
    )


def last_json_line(output: str) -> dict[str, list[float]]:
    for line in reversed(output.splitlines()):
        if line.startswith("{"):
            parsed: dict[str, list[float]] = json.loads(line)
            return parsed
    raise SystemExit(f"no result in the output:\n{output[-2000:]}")


def run_hhoppe(python: Path, directory: Path, rounds: int, repeat: int) -> list[float]:
    environment = {**os.environ, "MPLBACKEND": "Agg", "PYTHONPATH": str(directory)}
    done = subprocess.run(
        [str(python), "-c", HHOPPE_CHILD, str(directory), str(rounds), str(repeat)],
        capture_output=True,
        text=True,
        check=True,
        cwd=directory,
        env=environment,
    )
    return last_json_line(done.stdout)["rounds_per_second"]


def run_ours(rounds: int, repeat: int) -> list[float]:
    done = subprocess.run(
        [
            sys.executable,
            str(HERE / "bench_sim.py"),
            "--rounds",
            str(rounds),
            "--repeat",
            str(repeat),
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return last_json_line(done.stdout)["rounds_per_second"]


def summary(rates: list[float]) -> str:
    return (
        f"min {min(rates) / 1e6:.2f}, median {statistics.median(rates) / 1e6:.2f}, "
        f"max {max(rates) / 1e6:.2f} M rounds/s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--hhoppe-dir", type=Path, required=True, help="a hhoppe/blackjack checkout"
    )
    parser.add_argument("--hhoppe-venv", type=Path, default=Path("/tmp/hhoppe-venv"))
    parser.add_argument("--setup", action="store_true", help="make the hhoppe environment")
    parser.add_argument("--rounds", type=int, default=20_000_000, help="rounds per timed run")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per process")
    parser.add_argument("--pairs", type=int, default=3, help="alternating process pairs")
    arguments = parser.parse_args()
    if not (arguments.hhoppe_dir / "blackjack.py").is_file():
        raise SystemExit(f"{arguments.hhoppe_dir} holds no blackjack.py from hhoppe/blackjack")
    if arguments.setup:
        setup(arguments.hhoppe_venv)
    python = arguments.hhoppe_venv / "bin" / "python"
    theirs: list[float] = []
    ours: list[float] = []
    for pair in range(arguments.pairs):
        theirs += run_hhoppe(python, arguments.hhoppe_dir, arguments.rounds, arguments.repeat)
        ours += run_ours(arguments.rounds, arguments.repeat)
        print(
            f"pair {pair + 1}: hhoppe {theirs[-1] / 1e6:.2f}, tablegames {ours[-1] / 1e6:.2f} "
            "M rounds/s (last run of each)",
            flush=True,
        )
    print(f"hhoppe monte_carlo_house_edge_cpu, one core: {summary(theirs)}")
    print(f"tablegames simulate, one core:              {summary(ours)}")
    ratio = statistics.median(ours) / statistics.median(theirs)
    print(f"ratio of medians: {ratio:.2f}x")


if __name__ == "__main__":
    main()
