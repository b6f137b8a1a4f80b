"""The one place where randomness is scaled (issue 16; docs/rng.md): the scaling rule itself,
and a scan of src/ that fails if any other live-play module calls a random source."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

from tablegames.core.rng import (
    DICE_TOTAL_POSITION,
    OsBytes,
    ScaledRandom,
    SecureRandom,
    SeededBytes,
    SeededRandom,
    pick,
    uniform_below,
)
from tablegames.core.rngcheck import chi_square_sf

SRC = Path(__file__).resolve().parents[1] / "src" / "tablegames"

# Modules that may call a random source, and why. Everything else is live play or serves it and
# must draw through tablegames.core.rng.
ALLOWED = {
    "core/rng.py": "the one module where randomness is drawn and scaled",
    # Not game outcomes: secrets for session tokens and opaque ids.
    "server/auth.py": "session tokens (secrets.token_urlsafe), not a game outcome",
    "server/service.py": "table ids (secrets.token_hex), not a game outcome",
    "store/store.py": "player ids (secrets.token_hex), not a game outcome",
    # Simulators: seeded numpy streams for analysis, never live play.
    "core/simulation.py": "the simulators' seeded work units (numpy SeedSequence)",
    "craps/sim.py": "the craps simulator (seeded numpy)",
    "paigow/sim.py": "the Pai Gow Poker main-wager simulator (seeded numpy)",
}
ALLOWED_DIRS = {"blackjack/sim/": "the Blackjack simulator and its kernel (seeded numpy)"}

RANDOM_MODULES = {"random", "secrets", "numpy.random"}
RANDOM_NAMES = {"urandom", "getrandom", "SystemRandom", "default_rng", "token_bytes"}


def random_calls(tree: ast.AST) -> list[str]:
    """Every import of a random module and every use of a random name or `np.random` /
    `numpy.random` / `os.urandom` in `tree`, as `line: what`."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [
                f"{node.lineno}: import {a.name}" for a in node.names if a.name in RANDOM_MODULES
            ]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            names = {a.name for a in node.names}
            if module in RANDOM_MODULES or (module == "numpy" and "random" in names):
                found.append(f"{node.lineno}: from {module} import {sorted(names)}")
            elif names & RANDOM_NAMES:
                found.append(f"{node.lineno}: from {module} import {sorted(names & RANDOM_NAMES)}")
        elif isinstance(node, ast.Attribute):
            value = node.value
            if (
                node.attr == "random"
                and isinstance(value, ast.Name)
                and value.id in ("np", "numpy")
            ):
                found.append(f"{node.lineno}: {value.id}.random")
            if node.attr in RANDOM_NAMES:
                found.append(f"{node.lineno}: .{node.attr}")
    return found


def scanned() -> dict[str, list[str]]:
    result = {}
    for path in sorted(SRC.rglob("*.py")):
        name = path.relative_to(SRC).as_posix()
        if name in ALLOWED or any(name.startswith(d) for d in ALLOWED_DIRS):
            continue
        calls = random_calls(ast.parse(path.read_text(encoding="utf-8")))
        if calls:
            result[name] = calls
    return result


def test_no_live_play_module_calls_a_random_source_but_core_rng() -> None:
    assert scanned() == {}


def test_the_scan_finds_each_kind_of_random_call() -> None:
    source = (
        "import random\nimport secrets\nfrom os import urandom\nimport numpy as np\n"
        "from numpy.random import default_rng\nx = np.random.default_rng(1)\ny = os.urandom(3)\n"
    )
    lines = {item.split(":")[0] for item in random_calls(ast.parse(source))}
    assert lines == {"1", "2", "3", "5", "6", "7"}


def test_allowed_modules_exist() -> None:
    for name in ALLOWED:
        assert (SRC / name).is_file(), name
    for name in ALLOWED_DIRS:
        assert (SRC / name).is_dir(), name


def test_the_scaling_module_takes_no_modulo_and_no_float() -> None:
    # No `%` anywhere in core/rng.py, and no float literal in an arithmetic expression.
    tree = ast.parse((SRC / "core" / "rng.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp | ast.AugAssign):
            assert not isinstance(node.op, ast.Mod), f"line {node.lineno}: %"
        if isinstance(node, ast.Constant) and isinstance(node.value, float):
            pytest.fail(f"line {node.lineno}: a float constant {node.value!r}")


@pytest.mark.parametrize("n", [2, 3, 6, 7, 20, 52, 100, 255, 256])
def test_uniform_below_gives_every_value_the_same_number_of_the_256_bytes(n: int) -> None:
    # Each accepted byte maps to one value; the shift keeps the top bits, so exactly one byte
    # class per value is accepted per 2**bits and every value has chance 1 / n.
    bits = (n - 1).bit_length()
    accepted = Counter(b >> (8 - bits) for b in range(256) if (b >> (8 - bits)) < n)
    assert set(accepted) == set(range(n))
    assert len(set(accepted.values())) == 1


def test_uniform_below_rejects_and_draws_again() -> None:
    # 0xFF >> 5 = 7 is rejected for n = 6; the next byte 0x20 >> 5 = 1 is taken.
    class Bytes:
        is_live = False

        def __init__(self) -> None:
            self.data = [0xFF, 0x20]

        def read(self, size: int) -> bytes:
            out, self.data = bytes(self.data[:size]), self.data[size:] + [0] * size
            return out

    assert ScaledRandom(Bytes()).below(6) == 1


def test_uniform_below_over_two_bytes_reads_big_endian() -> None:
    class Bytes:
        is_live = False

        def read(self, size: int) -> bytes:
            return bytes([0x01, 0x2C] * size)[:size]

    # n = 312: 9 bits from two bytes 0x012C = 300, shifted right by 7: 2.
    assert uniform_below(Bytes(), 312) == 300 >> 7


@pytest.mark.parametrize("bad", [0, -3, 1.5, True, "6"])
def test_uniform_below_refuses_a_bound_that_is_not_a_whole_number_above_0(bad: object) -> None:
    with pytest.raises(ValueError, match="at least 1"):
        ScaledRandom(SeededBytes(1)).below(bad)  # type: ignore[arg-type]


def test_below_1_reads_nothing() -> None:
    class Empty:
        is_live = False

        def read(self, size: int) -> bytes:
            raise AssertionError("read")

    assert ScaledRandom(Empty()).below(1) == 0


def test_live_and_seeded_sources_say_which_they_are() -> None:
    assert SecureRandom().is_live
    assert OsBytes().is_live
    assert isinstance(SecureRandom().raw, OsBytes)
    assert not SeededRandom.from_seed(1).is_live
    assert not ScaledRandom(SeededBytes(1)).is_live


def test_pick_refuses_nothing_to_pick() -> None:
    with pytest.raises(ValueError, match="nothing to pick"):
        pick(ScaledRandom(SeededBytes(1)), [])


def test_pai_gow_dice_totals_counted_from_the_dealer_as_position_1() -> None:
    # Counted by hand around seven positions: 7 lands on position 7, 8 on the dealer again.
    assert DICE_TOTAL_POSITION[7] == 7
    assert DICE_TOTAL_POSITION[8] == 1
    assert DICE_TOTAL_POSITION[3] == 3
    assert DICE_TOTAL_POSITION[18] == 4
    assert DICE_TOTAL_POSITION[14] == 7
    assert DICE_TOTAL_POSITION[15] == 1


# NIST/SEMATECH e-Handbook of Statistical Methods, table 1.3.6.7.4, upper-tail 0.01 and 0.001.
NIST_CRITICAL = [
    (1, 0.01, 6.635),
    (2, 0.01, 9.210),
    (5, 0.01, 15.086),
    (6, 0.01, 16.812),
    (35, 0.01, 57.342),
    (100, 0.01, 135.807),
    (2, 0.001, 13.816),
    (5, 0.001, 20.515),
    (100, 0.001, 149.449),
]


@pytest.mark.parametrize(("df", "tail", "critical"), NIST_CRITICAL)
def test_chi_square_tail_matches_the_nist_table(df: int, tail: float, critical: float) -> None:
    assert chi_square_sf(critical, df) == pytest.approx(tail, rel=2e-3)


def test_chi_square_tail_for_large_df_matches_wilson_hilferty() -> None:
    # Wilson and Hilferty (1931): the 99% point of chi-square(df) is near
    # df (1 - 2/(9 df) + z sqrt(2/(9 df)))^3 with z = 2.3263479, very close for large df.
    df = 2601
    point = df * (1 - 2 / (9 * df) + 2.3263479 * (2 / (9 * df)) ** 0.5) ** 3
    assert chi_square_sf(point, df) == pytest.approx(0.01, rel=1e-2)


def test_a_forked_process_never_deals_its_parents_buffered_bytes() -> None:
    # The server forks its workers; a source created before the fork must not hand both
    # processes the same buffered CSPRNG bytes.
    import os

    random = SecureRandom()
    random.below(2**32)  # fill the buffer
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its next draws, to the parent
        os.write(write, b"".join(random.below(2**32).to_bytes(4, "big") for _ in range(8)))
        os._exit(0)
    os.waitpid(pid, 0)
    child = os.read(read, 64)
    parent = b"".join(random.below(2**32).to_bytes(4, "big") for _ in range(8))
    assert child != parent
