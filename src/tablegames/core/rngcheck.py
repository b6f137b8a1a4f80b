"""Statistical checks of scaled outcomes, for the tests (`tests/test_rng_statistics.py`) and the
full-size benchmark (`benchmarks/bench_rng.py`); docs/rng.md explains the design.

Each check draws outcomes through the live code path (`RandomSource.shuffle`, the shoe, the
dice, the Power Odds draw, the Bad Beat picks, the Pai Gow position) and returns a Pearson
chi-square statistic, its degrees of freedom and its upper-tail p-value. The p-value comes from
the regularized upper incomplete gamma function computed here (scipy is not a dependency):
Q(df/2, x/2), by its series below a + 1 and by Lentz's continued fraction above (Numerical
Recipes, 3rd ed., section 6.2). `tests/test_rng_sources.py` checks it against the published
critical values of the NIST/SEMATECH e-Handbook of Statistical Methods, table 1.3.6.7.4.

>>> round(chi_square_sf(6.635, 1), 4), round(chi_square_sf(135.807, 100), 4)
(0.01, 0.01)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from tablegames.core.rng import RandomSource

Counts = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class ChiSquare:
    """A Pearson chi-square statistic against the expected counts."""

    statistic: float
    df: int
    p_value: float
    samples: int

    def passes(self, level: float) -> bool:
        """True when the outcomes are not rejected at `level` (0.99: p of at least 0.01)."""
        return self.p_value >= 1.0 - level

    def __str__(self) -> str:
        return f"chi2={self.statistic:.1f} df={self.df} p={self.p_value:.4f} n={self.samples:,}"


def _gamma_q(a: float, x: float) -> float:
    # Regularized upper incomplete gamma Q(a, x) (Numerical Recipes 6.2: gser / gcf).
    if x <= 0.0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1.0:
        term = total = 1.0 / a
        ap = a
        for _ in range(100_000):
            ap += 1.0
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1.0 - a
    c = 1.0 / tiny
    d = 1.0 / b
    h = d
    for i in range(1, 100_000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return math.exp(log_front) * h


def chi_square_sf(statistic: float, df: int) -> float:
    """The chance that a chi-square variable with `df` degrees of freedom exceeds `statistic`."""
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {df}")
    return _gamma_q(df / 2.0, statistic / 2.0)


def chi_square(
    observed: npt.ArrayLike, expected: npt.ArrayLike, df: int, samples: int
) -> ChiSquare:
    """Pearson's statistic of `observed` against `expected` counts (same shape)."""
    obs = np.asarray(observed, dtype=np.float64)
    exp = np.asarray(expected, dtype=np.float64)
    if obs.shape != exp.shape:
        raise ValueError(f"observed {obs.shape} and expected {exp.shape} differ in shape")
    statistic = float(np.sum((obs - exp) ** 2 / exp))
    return ChiSquare(statistic, df, chi_square_sf(statistic, df), samples)


# --- shuffles -----------------------------------------------------------------------------


def shuffled_orders(random: RandomSource, shuffles: int, cards: int = 52) -> Counts:
    """`shuffles` orders of cards 0..cards-1, each shuffled by `random.shuffle` (the shoe's
    633a.5(a) shuffle), one row per shuffle."""
    rows = np.empty((shuffles, cards), dtype=np.int64)
    for row in range(shuffles):
        items = list(range(cards))
        random.shuffle(items)
        rows[row] = items
    return rows


def card_position_counts(orders: Counts, kinds: int = 52) -> Counts:
    """How often each kind of card (card index // copies) lies at each position."""
    _, positions = orders.shape
    kind = orders // (positions // kinds)
    counts = np.zeros((kinds, positions), dtype=np.int64)
    for position in range(positions):
        counts[:, position] = np.bincount(kind[:, position], minlength=kinds)
    return counts


def card_position_test(counts: Counts) -> ChiSquare:
    """Chi-square of `card_position_counts` (summed over any number of blocks). With the copies
    of a kind alike, the table's row and column sums are fixed: df = (kinds - 1) x (positions -
    1)."""
    kinds, positions = counts.shape
    shuffles = int(counts[:, 0].sum())
    expected = np.full(counts.shape, shuffles * (positions // kinds) / positions)
    return chi_square(counts, expected, (kinds - 1) * (positions - 1), shuffles)


def card_position(orders: Counts, kinds: int = 52) -> ChiSquare:
    """Each kind of card against each position (`card_position_counts`, `card_position_test`)."""
    return card_position_test(card_position_counts(orders, kinds))


def pair_counts(orders: Counts, kinds: int = 52) -> Counts:
    """How often each two kinds lie side by side, (card at i, card at i + 1)."""
    _, n = orders.shape
    kind = orders // (n // kinds)
    pair = (kind[:, :-1] * kinds + kind[:, 1:]).ravel()
    return np.bincount(pair, minlength=kinds * kinds).reshape(kinds, kinds)


def pair_test(counts: Counts, n: int) -> ChiSquare:
    """Chi-square of `pair_counts` of stacks of `n` cards against their chances in a uniformly
    shuffled stack: copies^2 / (n (n - 1)) for two kinds, copies (copies - 1) / (n (n - 1)) for
    the same kind (impossible, and left out, with one copy of each)."""
    kinds = counts.shape[0]
    copies = n // kinds
    total = int(counts.sum())
    chance = np.full((kinds, kinds), copies * copies / (n * (n - 1)))
    np.fill_diagonal(chance, copies * (copies - 1) / (n * (n - 1)))
    keep = chance > 0
    cells = int(np.count_nonzero(keep))
    return chi_square(counts[keep], total * chance[keep], cells - 1, total)


def adjacent_pairs(orders: Counts, kinds: int = 52) -> ChiSquare:
    """The kinds of each two adjacent cards against their chances (`pair_test`)."""
    return pair_test(pair_counts(orders, kinds), orders.shape[1])


def uniform_counts(values: Sequence[int] | Counts, low: int, high: int) -> ChiSquare:
    """Values expected uniform over low..high (inclusive)."""
    data = np.asarray(values, dtype=np.int64)
    if data.size and (data.min() < low or data.max() > high):
        raise ValueError(f"a value outside {low}..{high}")
    counts = np.bincount(data - low, minlength=high - low + 1)
    expected = np.full(counts.shape, data.size / (high - low + 1))
    return chi_square(counts, expected, high - low, int(data.size))


def against_chances(values: Sequence[int] | Counts, chances: dict[int, Fraction]) -> ChiSquare:
    """Values drawn with the given exact chances (every possible value listed)."""
    data = np.asarray(values, dtype=np.int64)
    keys = sorted(chances)
    unknown = set(np.unique(data).tolist()) - set(keys)
    if unknown:
        raise ValueError(f"values {sorted(unknown)} have no listed chance")
    observed = [int(np.count_nonzero(data == key)) for key in keys]
    expected = [float(chances[key]) * data.size for key in keys]
    return chi_square(observed, expected, len(keys) - 1, int(data.size))


def draws(draw: Callable[[], int], count: int) -> Counts:
    """`count` outcomes of `draw`."""
    return np.fromiter((draw() for _ in range(count)), dtype=np.int64, count=count)
