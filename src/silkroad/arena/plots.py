"""Pictures of tournament figures with matplotlib (the ``analysis`` extra): win rates with
their 95% interval bars, score and game-length distributions, ratings, and the balance
of components. :func:`save` writes PNG or SVG, chosen by the file's suffix."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from silkroad.arena.analysis import HoldingComparison, Rate, TournamentFigures

__all__ = ["FORMATS", "balance_figure", "save", "tournament_figure"]

#: The picture formats by file suffix.
FORMATS = {".png": "png", ".svg": "svg"}


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")  # files only, never a window
    import matplotlib.pyplot as plt

    return plt


def _rates(ax: Any, names: Sequence[str], rates: Sequence[Rate], title: str) -> None:
    """Horizontal bars of rates with interval whiskers and the parity line; flagged rates
    (interval excludes parity) in a second colour."""
    ys = list(range(len(rates)))[::-1]
    values = [r.value if r.trials else 0.0 for r in rates]
    errors = [
        [max(0.0, v - r.low) for v, r in zip(values, rates, strict=True)],
        [max(0.0, r.high - v) for v, r in zip(values, rates, strict=True)],
    ]
    colours = ["tab:red" if r.flagged else "tab:blue" for r in rates]
    ax.barh(ys, values, xerr=errors, color=colours, alpha=0.75, capsize=3)
    ax.set_yticks(ys, labels=list(names))
    parities = {r.parity for r in rates if r.parity is not None}
    if len(parities) == 1:
        ax.axvline(parities.pop(), color="black", linestyle="--", linewidth=1)
    elif parities:  # each bar its own parity: a tick on the bar
        marks = [(r.parity, y) for r, y in zip(rates, ys, strict=True) if r.parity is not None]
        ax.scatter(
            [m for m, _ in marks], [y for _, y in marks], marker="D", s=18, c="tab:orange", zorder=3
        )
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate, 95% interval (dashed line or orange mark: parity)")
    ax.set_title(title)


def _histogram(ax: Any, bins: Sequence[tuple[float, float, int]], title: str, xlabel: str) -> None:
    if bins:
        lows = [a for a, _, _ in bins]
        widths = [b - a for a, b, _ in bins]
        ax.bar(lows, [c for _, _, c in bins], width=widths, align="edge", alpha=0.75)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")


def tournament_figure(f: TournamentFigures, agents: Sequence[str], title: str) -> Any:
    """The picture of a tournament: win rate per entrant, per seat and per place in turn
    order; score distributions per entrant; game lengths; ratings when there are some."""
    plt = _pyplot()
    panels = 5 if f.ratings else 4
    fig, axes = plt.subplots(panels, 1, figsize=(8, 2.2 * panels + 0.4 * len(agents) + 2))
    names = [f"A{e} {a}" for e, a in enumerate(agents)]
    _rates(axes[0], names, f.win_rates, "win rate per entrant")
    seat_names = [f"seat {s}" for s in range(f.seats)]
    order_names = [f"turn {k + 1}" for k in range(f.seats)]
    _rates(
        axes[1],
        order_names + seat_names,
        (*f.order_rates, *f.seat_rates),
        "win rate by place in turn order (turn 1: first player) and by seat",
    )
    boxes = [
        {
            "label": name,
            "med": d.median,
            "q1": d.q1,
            "q3": d.q3,
            "whislo": d.minimum,
            "whishi": d.maximum,
            "mean": d.mean,
            "fliers": [],
        }
        for name, d in zip(names, f.scores, strict=True)
        if d.count
    ]
    if boxes:
        axes[2].bxp(boxes, orientation="horizontal", showmeans=True)
        axes[2].invert_yaxis()
    axes[2].set_title("final score per entrant, finished games (box: quartiles; whiskers: range)")
    axes[2].set_xlabel("score")
    _histogram(
        axes[3],
        f.length.bins,
        f"game length: {f.finished} finished games, {f.truncated} truncated (not shown)",
        "decisions",
    )
    if f.ratings:
        ax = axes[4]
        ys = list(range(len(f.ratings)))[::-1]
        values = [r.rating for r in f.ratings]
        err = [
            [max(0.0, r.rating - r.low) for r in f.ratings],
            [max(0.0, r.high - r.rating) for r in f.ratings],
        ]
        ax.errorbar(values, ys, xerr=err, fmt="o", capsize=4)
        ax.set_yticks(ys, labels=[names[r.entrant] for r in f.ratings])
        ax.axvline(0, color="black", linestyle="--", linewidth=1)
        ax.set_title("Bradley-Terry rating (Elo scale), 95% bootstrap interval")
        ax.set_xlabel("rating")
    fig.suptitle(textwrap.fill(title, 80))
    fig.tight_layout(rect=(0, 0, 1, 0.985))
    return fig


def balance_figure(
    f: TournamentFigures, comparisons: Sequence[HoldingComparison], title: str
) -> Any:
    """The picture of a balance study: for each kind of component, the head-to-head rate
    of the players who held each one (flagged in red where the interval excludes 1/2),
    then the turn-order rates and the game lengths."""
    plt = _pyplot()
    kinds: dict[str, list[HoldingComparison]] = {}
    for c in comparisons:
        if c.rate.trials:
            kinds.setdefault(c.kind, []).append(c)
    heights = [max(1.5, 0.22 * len(v) + 0.8) for v in kinds.values()]
    heights += [1.2 + 0.35 * f.seats, 2.2]
    fig, axes = plt.subplots(
        len(heights), 1, figsize=(8, sum(heights) + 1), height_ratios=heights, squeeze=False
    )
    axes = [a[0] for a in axes]
    for ax, (kind, rows) in zip(axes, kinds.items(), strict=False):
        rows = sorted(rows, key=lambda c: -c.rate.value)
        _rates(
            ax,
            [f"{c.name} ({c.games})" for c in rows],
            [c.rate for c in rows],
            f"{kind}: holder against non-holder (games compared); parity: what seats give",
        )
        ax.tick_params(axis="y", labelsize=7)
    _rates(
        axes[-2],
        [f"turn {k + 1}" for k in range(f.seats)] + [f"seat {s}" for s in range(f.seats)],
        (*f.order_rates, *f.seat_rates),
        "win rate by place in turn order (turn 1: first player) and by seat",
    )
    _histogram(
        axes[-1],
        f.length.bins,
        f"game length: {f.finished} finished games, {f.truncated} truncated (not shown)",
        "decisions",
    )
    fig.suptitle(textwrap.fill(title, 80))
    fig.tight_layout(rect=(0, 0, 1, 0.985))
    return fig


def save(figure: Any, path: str | Path) -> None:
    """Write ``figure`` to ``path`` as PNG or SVG (by suffix) and release it.

    :raises ValueError: for another suffix.
    """
    target = Path(path)
    fmt = FORMATS.get(target.suffix.lower())
    if fmt is None:
        raise ValueError(f"a picture file ends in .png or .svg, got {target.name!r}")
    plt = _pyplot()
    try:
        figure.savefig(target, format=fmt, dpi=110)
    finally:
        plt.close(figure)
