"""The charts of `tablegames report`'s page: matplotlib PNGs, embedded as data URIs."""

from __future__ import annotations

import base64
import io

from tablegames.reports.report_figures import ReportData
from tablegames.reports.report_format import percent, signed


def data_uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def effects_chart(data: ReportData) -> bytes | None:
    """A horizontal bar chart of each option's change in house edge, as PNG bytes."""
    if data.main.cdz is None:
        return None
    base = data.main.cdz.house_edge
    bars = [
        (option.label + (" (non-PA)" if changed.non_pa() else ""), figures.cdz.house_edge - base)
        for option, changed, figures in data.options
        if figures.cdz is not None
    ]
    if not bars:
        return None
    bars.sort(key=lambda bar: bar[1])
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [label for label, _ in bars]
    changes = [change * 100 for _, change in bars]
    figure, axes = plt.subplots(figsize=(8.6, 0.36 * len(bars) + 1.3))
    colours = ["#b2312e" if change > 0 else "#2f6b9a" for change in changes]
    axes.barh(range(len(bars)), changes, color=colours, height=0.62)
    axes.set_yticks(range(len(bars)), labels, fontsize=9)
    axes.axvline(0, color="#333333", linewidth=0.8)
    span = max(abs(change) for change in changes) or 0.01
    axes.set_xlim(-span * 1.45 if min(changes) < 0 else -span * 0.08, span * 1.45)
    for y, change in enumerate(changes):
        text = signed(f"{change:+.3f}")
        axes.text(
            change + (span * 0.02 if change >= 0 else -span * 0.02),
            y,
            text,
            va="center",
            ha="left" if change >= 0 else "right",
            fontsize=8,
        )
    axes.set_xlabel(
        "Change in house edge, percentage points of the initial wager "
        "(red: favours the house, blue: the player)",
        fontsize=8.5,
    )
    axes.tick_params(axis="x", labelsize=8)
    axes.grid(axis="x", color="#dddddd", linewidth=0.6)
    axes.set_axisbelow(True)
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)
    axes.set_title(
        f"Effect of each rule option (CDZ- play; as filed: {percent(base)})", fontsize=10
    )
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=130)
    plt.close(figure)
    return buffer.getvalue()
