"""`tablegames simulate --plot FILE`: the distribution of session results and the convergence of
the house edge estimate, drawn from the sessions the kernel kept in the order they were played.

A session is `session_rounds` consecutive rounds of one work unit (a unit's last, partial session
is not drawn). The left panel is the histogram of the player's result per session, in units of
the initial wager (all of the player's boxes together); the right one is the running estimate of
the house edge after each session, with the band of two standard errors around the final one.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from tablegames.core.errors import TableGamesError

FORMATS = (".png", ".svg", ".pdf")


def check_plot_path(path: Path) -> None:
    """Refuse, before any simulation, a file the plot could not be written to."""
    if path.suffix.lower() not in FORMATS:
        raise TableGamesError(f"--plot {path}: the plot is written as {', '.join(FORMATS)}")
    if path.is_dir() or not path.parent.is_dir():
        raise TableGamesError(f"--plot {path}: no such folder to write the plot in")


def plot_sessions(
    path: Path,
    sessions: Sequence[int],
    *,
    session_rounds: int,
    ticks: int,
    player_boxes: int,
    std_dev: float,
    title: str,
) -> None:
    """Write the two panels to `path`; `sessions` in ticks, `std_dev` per round per box unit."""
    if not sessions:
        raise TableGamesError(
            "--plot: no whole session was played; play more rounds than --session-rounds"
        )
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    results = np.asarray(sessions, dtype=np.float64) / ticks  # units, over the player's boxes
    rounds = session_rounds * np.arange(1, len(results) + 1)
    edge = -np.cumsum(results) / (rounds * player_boxes)
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    # Results are whole multiples of 1/ticks units: bins a whole number of those wide, centred on
    # them, so no bin holds more of the possible results than its neighbours.
    grain = 1 / ticks
    span = float(results.max() - results.min()) + grain
    width = grain * max(1, int(np.ceil(span / grain / 80)))
    bins = np.arange(results.min() - grain / 2, results.max() + width, width)
    left.hist(results, bins=bins, color="#2e7d32", edgecolor="white", linewidth=0.4)
    left.axvline(0, color="black", linewidth=0.8)
    left.set_xlabel(f"result of a session of {session_rounds:,} rounds (units)")
    left.set_ylabel("sessions")
    left.set_title(f"{len(results):,} sessions: mean {results.mean():+.3f}, sd {results.std():.2f}")
    right.plot(rounds, 100 * edge, color="#1565c0", linewidth=1)
    final = float(edge[-1])
    error = std_dev / np.sqrt(rounds[-1])
    right.axhline(100 * final, color="black", linewidth=0.8)
    right.axhspan(100 * (final - 2 * error), 100 * (final + 2 * error), color="#90caf9", alpha=0.4)
    # The first sessions swing widely: show the band where the estimate settles.
    view = 100 * max(0.01, 20 * error)
    right.set_ylim(100 * final - view, 100 * final + view)
    right.set_xscale("log")
    right.set_xlabel("rounds")
    right.set_ylabel("house edge estimate (%)")
    right.set_title(f"house edge {100 * final:.4f}% +- {200 * error:.4f}% (two standard errors)")
    figure.suptitle(title)
    figure.tight_layout()
    try:
        figure.savefig(path, dpi=120)
    except OSError as failure:
        raise TableGamesError(f"--plot {path}: cannot write the plot ({failure})") from failure
    finally:
        plt.close(figure)
