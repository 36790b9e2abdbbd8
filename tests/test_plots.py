"""`--plot`: one labelled panel per measure, seats along an axis, and the paired differences of
`compare` with their intervals."""

import pytest
from click.testing import CliRunner

from cardrules.cli import cli
from cardrules.engine.loader import load_game
from cardrules.play.simulate import compare, simulate

pytest.importorskip("matplotlib")
from cardrules.play.plots import comparison_figure, summary_figure, tournament_figure  # noqa: E402
from cardrules.play.tournament import tournament  # noqa: E402


def panels(fig):
    return [(ax.get_title(), ax.get_xlabel(), ax.get_ylabel()) for ax in fig.axes]


def test_a_run_has_a_labelled_panel_per_measure_with_every_seat_on_the_axis():
    game = load_game("cassino", {"players": 4})
    fig = summary_figure(simulate(game, 6, seed=1, workers=1))
    assert panels(fig) == [("win rate, 95% interval (draws: 0.000)", "seat", "share of games won"),
                           ("score (box: quartiles, whiskers: 5%-95%, ▲ mean)", "seat", "final score"),
                           ("game length in moves", "moves", "games"), ("game length in hands", "hands", "games")]
    ticks = [t.get_text() for t in fig.axes[1].get_xticklabels()]
    assert ticks == [f"seat {s}\nrandom" for s in range(4)]
    assert all(ax.get_legend() is None for ax in fig.axes), "nothing drawn over the data"


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
    out = tmp_path / "t.png"
    assert CliRunner().invoke(cli, ["tournament", "sete-e-meio", "--agents", "random,greedy", "-n", "2",
                                    "--workers", "1", "--param", "rounds=1", "--plot", str(out)]).exit_code == 0
    assert out.stat().st_size > 0
