"""Figures for `simulate --plot`, `compare --plot` and `tournament --plot`: one panel per measure, every axis
labelled, seats along an axis (so ten seats read as well as two), no legend over the data, and
panels in a grid of at most three columns, so that a figure reads at 100% zoom.

Written with matplotlib's object API (a Figure of its own, no pyplot), so no backend is chosen
for the caller's process; the file's suffix (.png or .svg) gives the format.
"""

from __future__ import annotations

import math
from pathlib import Path

from ..language.diagnostics import Diagnostic, RulesError
from .output import write_atomically
from .simulate import Comparison, Summary
from .tournament import Tournament

_SIGNIFICANT, _NOT = "#c0392b", "#7f8c8d"
# In inches at matplotlib's 100 dots per inch: a panel of 420 pixels reads at 100% zoom, and
# three of them side by side fit a laptop's screen.
_PANEL_WIDTH, _PANEL_HEIGHT = 4.2, 3.6
_PANEL_TITLE, _DIFFERENCE_ROW = 1.3, 0.42  # a comparison's panel: title and axis, then each row


def check_plot(path: str | Path) -> None:
    """Before a long run: can a plot be written to `path`?"""
    if Path(path).suffix.lower() not in (".png", ".svg"):
        raise RulesError([Diagnostic(f"cannot plot to `{path}`", None, "name a .png or .svg file")])
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise RulesError([Diagnostic("--plot needs matplotlib", None,
                                     'install it with: pip install "cardrules[plot]"')]) from None


def _seat_labels(summary: Summary) -> list[str]:
    return [f"seat {s}\n{agent}" for s, agent in enumerate(summary.agents)]


def plot_summary(summary: Summary, path: str | Path) -> None:
    check_plot(path)
    write_atomically(path, summary_figure(summary).savefig)


def plot_comparison(result: Comparison, title: str, path: str | Path) -> None:
    check_plot(path)
    write_atomically(path, comparison_figure(result, title).savefig)


def summary_figure(summary: Summary):
    """Win rate by seat with its interval and the score's distribution by seat side by side, and
    game length below them."""
    from matplotlib.figure import Figure

    figures = summary.figures()
    r = summary.results
    seats = figures["seats"]
    lengths = [("moves", r.moves)] + ([("hands", [float(h) for h in r.hands])] if summary.counts_hands else [])
    width = max(_PANEL_WIDTH, 0.55 * summary.players + 2)  # room for every seat's label
    fig = Figure(figsize=(2 * width, 2 * _PANEL_HEIGHT + 0.6), layout="constrained")
    grid = fig.add_gridspec(2, 2)
    wins, scores = fig.add_subplot(grid[0, 0]), fig.add_subplot(grid[0, 1])
    length_axes = [fig.add_subplot(grid[1, :])] if len(lengths) == 1 else \
        [fig.add_subplot(grid[1, 0]), fig.add_subplot(grid[1, 1])]
    labels = _seat_labels(summary)
    x = list(range(summary.players))

    rates = [s["win_rate"] for s in seats]
    wins.bar(x, rates, color="#5b8cc0")
    wins.errorbar(x, rates, yerr=[[rt - s["win_low"] for rt, s in zip(rates, seats)],
                                  [s["win_high"] - rt for rt, s in zip(rates, seats)]],
                  fmt="none", ecolor="black", capsize=4)
    top = max(s["win_high"] for s in seats)
    wins.set(title=f"win rate, 95% interval (draws: {figures['draws']['rate']:.3f})", xlabel="seat",
             ylabel="share of games won", ylim=(0, min(1.0, top * 1.15) or 1.0))
    wins.set_xticks(x, labels, fontsize="small")

    scores.boxplot([r.seat_scores(seat) for seat in x], positions=x, whis=(5, 95), showfliers=False, showmeans=True)
    scores.set(title="score (box: quartiles, whiskers: 5%-95%, ▲ mean)", xlabel="seat", ylabel="final score")
    scores.title.set_fontsize("medium")
    scores.set_xticks(x, labels, fontsize="small")

    for ax, (unit, values) in zip(length_axes, lengths):
        ax.hist(values, bins=_bins(values), color="#5b8cc0")
        ax.set(title=f"game length in {unit}", xlabel=unit, ylabel="games")
    fig.suptitle(f"{summary.game}: {summary.games} games, seed {summary.seed}")
    return fig


def _measure(name: str) -> str:
    """The panel a figure of a comparison belongs to: its measure without the seat."""
    words = name.split()
    if words[0] in ("seat", "team") and len(words) > 2:
        words = words[2:]
    measure = " ".join(words)
    return "win rate" if measure in ("win rate", "draw rate") else measure


def comparison_figure(result: Comparison, title: str):
    """Each paired difference (variant - base) with its 95% interval, one panel per measure in a
    grid of at most three columns; red where it is significant among them all (Holm's
    adjustment). Each row of the grid is as tall as its longest panel needs."""
    from matplotlib.figure import Figure

    panels: dict[str, list] = {}
    for name, d in result.differences():
        panels.setdefault(_measure(name), []).append((name, d))
    columns = _columns(len(panels))
    grid_rows = [list(panels.items())[i:i + columns] for i in range(0, len(panels), columns)]
    tallest = [max(len(rows) for _, rows in grid_row) for grid_row in grid_rows]
    heights = [_PANEL_TITLE + _DIFFERENCE_ROW * t for t in tallest]
    fig = Figure(figsize=(_PANEL_WIDTH * columns, sum(heights) + 0.8), layout="constrained")
    axes = fig.subplots(len(grid_rows), columns, squeeze=False, height_ratios=heights)
    for axes_row, grid_row, top in zip(axes, grid_rows, tallest):
        for ax, (measure, rows) in zip(axes_row, grid_row):
            y = [top - 1 - i for i in range(len(rows))]  # every panel's first row at the top
            for yi, (_, d) in zip(y, rows):
                colour = _SIGNIFICANT if d.significant else _NOT
                if d.low is not None:
                    ax.plot([d.low, d.high], [yi, yi], color=colour, linewidth=2)
                ax.plot([d.difference], [yi], "o", color=colour)
            ax.axvline(0, color="black", linewidth=0.8)
            # A panel of one figure is named by its title alone.
            ax.set_yticks(y, ["" if name == measure else name.replace(f" {measure}", "") for name, _ in rows])
            ax.set_ylim(-0.7, top - 0.3)
            ax.set(title=measure, xlabel="variant − base")
        for unused in axes_row[len(grid_row):]:
            unused.remove()
    fig.suptitle(f"{title}: {result.games} paired games\n"
                 "95% intervals; red: significant after Holm's adjustment over all the differences")
    return fig


def _columns(panels: int) -> int:
    """Up to three side by side, and a square-ish grid beyond: 4 panels as 2 x 2, 5 to 9 in three columns."""
    return panels if panels <= 3 else min(3, math.ceil(math.sqrt(panels)))


def tournament_figure(result: Tournament):
    """Each pairing's score for its first agent with its 95% interval (0.5 is even), and each
    agent's Bradley-Terry rating with its bootstrap interval: who beats whom, and by how much."""
    from matplotlib.figure import Figure

    rows = result.pairings
    ratings = sorted(result.ratings().items(), key=lambda item: item[1].rating)
    fig = Figure(figsize=(10, 1.4 + 0.42 * max(len(rows), len(ratings))), layout="constrained")
    scores, rated = fig.subplots(1, 2)
    y = list(range(len(rows)))[::-1]  # the first pairing at the top
    for yi, pairing in zip(y, rows):
        d = pairing.to_json()
        colour = _SIGNIFICANT if d["low"] > 0.5 or d["high"] < 0.5 else _NOT
        scores.plot([d["low"], d["high"]], [yi, yi], color=colour, linewidth=2)
        scores.plot([d["first_score"]], [yi], "o", color=colour)
    scores.axvline(0.5, color="black", linewidth=0.8)
    scores.set_yticks(y, [f"{p.first} vs {p.second}" for p in rows])
    scores.set(title="score of the first agent", xlabel="wins + half the draws, per game", xlim=(0, 1))
    rated.barh(range(len(ratings)), [r.rating for _, r in ratings], color="#5b8cc0")
    # Drawn from bound to bound: a percentile interval need not straddle the estimate evenly, nor at all.
    rated.hlines(range(len(ratings)), [r.low for _, r in ratings], [r.high for _, r in ratings], color="black",
                 linewidth=2)
    rated.set_yticks(range(len(ratings)), [name for name, _ in ratings])
    rated.axvline(0, color="black", linewidth=0.8)
    rated.set(title="Bradley-Terry rating (bootstrap interval)", xlabel="Elo scale, mean 0")
    fig.suptitle(f"{result.game}: {2 * result.deals} games per pairing, seed {result.seed} "
                 "(95% intervals; red: not even)")
    return fig


def plot_tournament(result: Tournament, path: str | Path) -> None:
    check_plot(path)
    write_atomically(path, tournament_figure(result).savefig)


def _bins(values: list) -> list[float] | int:
    """One bar per value for small whole counts; 40 bars otherwise."""
    if values and all(float(v).is_integer() for v in values):
        low, high = int(min(values)), int(max(values))
        if high - low <= 80:
            return [x - 0.5 for x in range(low, high + 2)]
    return 40
