"""`--plot`: one labelled panel per measure, seats along an axis, the paired differences of
`compare` with their intervals, and panels in a grid that reads at 100% zoom."""

from itertools import combinations

import pytest
from click.testing import CliRunner

from cardrules.cli import cli
from cardrules.engine.loader import load_game
from cardrules.play.simulate import compare, simulate

pytest.importorskip("matplotlib", reason='the plots need matplotlib, from the `plot` extra: pip install ".[test,plot]"')
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402

from cardrules.play.plots import comparison_figure, summary_figure, tournament_figure  # noqa: E402
from cardrules.play.tournament import tournament  # noqa: E402


def panels(fig):
    return [(ax.get_title(), ax.get_xlabel(), ax.get_ylabel()) for ax in fig.axes]


def grid(fig) -> set[tuple[int, int]]:
    """The (rows, columns) of the grid each panel lies in."""
    return {ax.get_subplotspec().get_geometry()[:2] for ax in fig.axes}


def pixels(fig) -> tuple[int, int]:
    width, height = fig.get_size_inches() * fig.dpi
    return round(width), round(height)


def assert_titles_clear(fig) -> None:
    """No panel's title overlaps another's, nor another panel or its axis label, once laid out."""
    renderer = FigureCanvasAgg(fig).get_renderer()
    fig.draw(renderer)
    for a, b in combinations(fig.axes, 2):
        for one, other in ((a, b), (b, a)):
            title = one.title.get_window_extent(renderer)
            for box in (other.title.get_window_extent(renderer), other.get_window_extent(renderer),
                        other.xaxis.label.get_window_extent(renderer)):
                assert not title.overlaps(box), f"the title `{one.get_title()}` runs into `{other.get_title()}`"


def test_a_run_has_a_labelled_panel_per_measure_with_every_seat_on_the_axis():
    game = load_game("cassino", {"players": 4})
    fig = summary_figure(simulate(game, 6, seed=1, workers=1))
    assert panels(fig) == [("win rate, 95% interval (draws: 0.000)", "seat", "share of games won"),
                           ("score (box: quartiles, whiskers: 5%-95%, ▲ mean)", "seat", "final score"),
                           ("game length in moves", "moves", "games"), ("game length in hands", "hands", "games")]
    ticks = [t.get_text() for t in fig.axes[1].get_xticklabels()]
    assert ticks == [f"seat {s}\nrandom" for s in range(4)]
    assert all(ax.get_legend() is None for ax in fig.axes), "nothing drawn over the data"
    assert grid(fig) == {(2, 2)} and pixels(fig) == (840, 780), "win rate and score above the two lengths"
    assert_titles_clear(fig)


def test_a_comparison_shows_each_difference_with_its_interval_one_panel_per_measure():
    base = load_game("sete-e-meio", {"rounds": 2})
    variant = load_game("sete-e-meio", {"rounds": 2, "max_bet": 40})
    result = compare(base, variant, 30, seed=0, workers=1)
    fig = comparison_figure(result, "max_bet 40 - 10")
    assert [ax.get_title() for ax in fig.axes] == ["win rate", "mean score", "score sd", "length in moves"]
    assert all(ax.get_xlabel() == "variant − base" for ax in fig.axes)
    rows = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert rows == ["seat 0", "seat 1", "seat 2", "seat 3", "draw rate"]
    sd = dict(result.differences())["seat 0 score sd"]
    drawn = [line.get_xdata() for line in fig.axes[2].get_lines() if len(line.get_xdata()) == 2]
    assert [sd.low, sd.high] in [list(x) for x in drawn], "the interval is drawn as computed"


def test_a_comparisons_panels_lie_in_a_grid_of_at_most_three_columns():
    base = load_game("sete-e-meio", {"rounds": 2})
    variant = load_game("sete-e-meio", {"rounds": 2, "max_bet": 40})
    fig = comparison_figure(compare(base, variant, 30, seed=0, workers=1, metrics=True), "max_bet 40 - 10")
    assert [ax.get_title() for ax in fig.axes] == ["win rate", "mean score", "score sd", "length in moves",
                                                   "first-seat win", "lead changes", "decisiveness", "drama"]
    assert grid(fig) == {(3, 3)}, "eight panels in three rows of three, the last cell left empty"
    # 420 pixels per column; the first row holds five figures (0.42 in each below 1.3 in of
    # title and axis), the others one, and 0.8 in for the figure's title.
    assert pixels(fig) == (3 * 420, round(100 * (0.8 + (1.3 + 5 * 0.42) + 2 * (1.3 + 0.42))))
    assert_titles_clear(fig)
    fig = comparison_figure(compare(base, variant, 30, seed=0, workers=1), "max_bet 40 - 10")
    assert grid(fig) == {(2, 2)} and pixels(fig)[0] == 2 * 420, "four panels as two by two"


def test_compare_writes_the_plot(tmp_path):
    out = tmp_path / "diff.png"
    result = CliRunner().invoke(cli, ["--quiet", "compare", "sete-e-meio", "sete-e-meio", "--variant-param",
                                      "max_bet=40", "--param", "rounds=1", "-n", 10, "--workers", 1, "--plot", out])
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"\x89PNG")


def test_a_tournament_shows_each_pairing_with_its_interval_and_each_agents_rating(tmp_path):
    result = tournament(load_game("sete-e-meio", {"rounds": 2}), ["random", "greedy", "pimc:2"], 4, seed=0,
                        workers=1)
    fig = tournament_figure(result)
    assert panels(fig) == [("score of the first agent", "wins + half the draws, per game", ""),
                           ("Bradley-Terry rating (bootstrap interval)", "Elo scale, mean 0", "")]
    assert [t.get_text() for t in fig.axes[0].get_yticklabels()] == [
        f"{p.first} vs {p.second}" for p in result.pairings]
    assert sorted(t.get_text() for t in fig.axes[1].get_yticklabels()) == sorted(result.agents)
    intervals = {tuple(segment[:, 0]) for segment in fig.axes[1].collections[0].get_segments()}
    assert intervals == {(r.low, r.high) for r in result.ratings().values()}, "each rating's interval is drawn"
    assert_titles_clear(fig)
    out = tmp_path / "t.png"
    assert CliRunner().invoke(cli, ["tournament", "sete-e-meio", "--agents", "random,greedy", "-n", "2",
                                    "--workers", "1", "--param", "rounds=1", "--plot", str(out)]).exit_code == 0
    assert out.stat().st_size > 0
