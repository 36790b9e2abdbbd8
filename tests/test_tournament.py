"""Tournaments (cardrules.play.tournament), design metrics (cardrules.play.metrics), agents named by
spec on the command line, and agents of one's own in worker processes."""

from __future__ import annotations

import csv
import json
import random
from itertools import combinations

import pytest
from click.testing import CliRunner

from cardrules import load_game
from cardrules.play.agents import RandomAgent
from cardrules.cli import cli
from cardrules.language.diagnostics import RulesError
from cardrules.play.metrics import Recorder, skill_teams
from cardrules.play.chunks import agent_seed, game_seed
from cardrules.play.simulate import compare, simulate
from cardrules.play.tournament import Pairing, Tournament, bradley_terry, sides, tournament

SETE = load_game("sete-e-meio", {"rounds": 2})
PIQUET = load_game("piquet")
BURACO = load_game("buraco")


# --- tournaments ---------------------------------------------------------------------------

def test_sides_follow_the_teams():
    assert sides(PIQUET) == [0, 1]
    assert sides(BURACO) == [0, 1, 0, 1]  # partners 0+2 against 1+3


def test_every_pairing_plays_each_deal_from_both_sides():
    result = tournament(PIQUET, "random,greedy,random", 5, seed=3)
    assert [(p.first, p.second) for p in result.pairings] == [("random", "greedy")]  # names once each
    (pairing,) = result.pairings
    assert pairing.games == 6  # 5 rounded up: 3 deals, each from both sides
    # The first agent on side 0 plays seat 0 of game seed i, then seat 1 of the same deal.
    first_side = simulate(PIQUET, 3, 3, "random,greedy")
    second_side = simulate(PIQUET, 3, 3, "greedy,random")
    wins = sum(s[0] > s[1] for s in first_side.results.scores) + sum(s[1] > s[0] for s in second_side.results.scores)
    losses = sum(s[0] < s[1] for s in first_side.results.scores) + sum(s[1] < s[0] for s in second_side.results.scores)
    assert (pairing.first_wins, pairing.second_wins) == (wins, losses)


def test_a_tournament_does_not_depend_on_the_number_of_workers():
    one = tournament(SETE, "random,greedy", 8, seed=1, workers=1)
    two = tournament(SETE, "random,greedy", 8, seed=1, workers=2)
    assert [p.to_json() for p in one.pairings] == [p.to_json() for p in two.pairings]
    assert one.ratings() == two.ratings()


def test_bradley_terry_rates_the_stronger_higher_and_equals_alike():
    even = bradley_terry(["a", "b"], {("a", "b"): (10, 10)})
    assert even["a"] == pytest.approx(0) and even["b"] == pytest.approx(0)
    points = {("a", "b"): (30, 10), ("b", "c"): (30, 10), ("a", "c"): (36, 4)}
    ratings = bradley_terry(["a", "b", "c"], points)
    assert ratings["a"] > ratings["b"] > ratings["c"]
    assert sum(ratings.values()) == pytest.approx(0)
    # 3:1 between neighbours and 9:1 across: 400 log10 3 = 191 Elo points apart, pulled in a
    # little by the extra draws.
    assert 170 < ratings["a"] - ratings["b"] < 191
    assert ratings["a"] - ratings["b"] == pytest.approx(ratings["b"] - ratings["c"])


def synthetic(deals: int, seed: int = 0) -> Tournament:
    """Three agents 100 Elo points apart, every pairing on `deals` deals from both sides, the
    outcomes drawn from the Elo expectation (draws left out)."""
    rng = random.Random(seed)
    strength = {"weak": -100, "middle": 0, "strong": 100}
    pairings = []
    for first, second in combinations(strength, 2):
        expected = 1 / (1 + 10 ** ((strength[second] - strength[first]) / 400))
        pairings.append(Pairing(first, second, tuple([float(rng.random() < expected) for _ in range(deals)]
                                                     for _side in (0, 1))))
    return Tournament("synthetic", list(strength), seed, deals, pairings)


def test_each_rating_has_a_bootstrap_interval_around_it():
    ratings = synthetic(100).ratings()
    assert ratings["weak"].rating < ratings["middle"].rating < ratings["strong"].rating
    for r in ratings.values():
        assert r.low < r.rating < r.high
        assert 30 < r.high - r.low < 200  # 200 games per pairing pin a rating to tens of points


def test_rating_intervals_are_the_same_for_the_same_run_and_seed():
    assert synthetic(60).ratings() == synthetic(60).ratings()
    reseeded = synthetic(60)
    reseeded.seed = 1  # the same games, other resamples
    assert reseeded.ratings() != synthetic(60).ratings()
    assert [r.rating for r in reseeded.ratings().values()] == [r.rating for r in synthetic(60).ratings().values()]


def test_rating_intervals_narrow_as_the_deals_grow():
    few, many = synthetic(25).ratings(), synthetic(400).ratings()
    for agent in few:
        # Sixteen times the deals: about a quarter of the width.
        assert many[agent].high - many[agent].low < 0.5 * (few[agent].high - few[agent].low)


def test_a_tournament_needs_two_agents():
    with pytest.raises(RulesError, match="two agents or more"):
        tournament(SETE, "greedy", 4)


def test_the_tournament_command_prints_pairings_and_ratings_and_writes_files(tmp_path):
    out_json, out_csv = tmp_path / "t.json", tmp_path / "t.csv"
    result = CliRunner().invoke(cli, ["tournament", "sete-e-meio", "--param", "rounds=2", "--agents",
                                      "random,greedy,pimc:2", "-n", "2", "--workers", "1",
                                      "--json", str(out_json), "--csv", str(out_csv)])
    assert result.exit_code == 0, result.output
    assert "95% interval" in result.output and "Bradley-Terry" in result.output
    assert "interval: bootstrap, 200 resamples" in result.output
    data = json.loads(out_json.read_text())
    assert [(p["first"], p["second"]) for p in data["pairings"]] == [
        ("random", "greedy"), ("random", "pimc:2"), ("greedy", "pimc:2")]
    assert set(data["ratings"]) == {"random", "greedy", "pimc:2"}
    assert all(r["low"] <= r["rating"] <= r["high"] for r in data["ratings"].values())
    assert data["rating_intervals"]["resamples"] == 200 and data["format"] == 2
    rows = list(csv.DictReader(out_csv.open()))
    assert [int(r["games"]) for r in rows] == [2, 2, 2]


def test_an_unknown_agent_is_a_diagnostic_on_the_command_line():
    result = CliRunner().invoke(cli, ["tournament", "piquet", "--agents", "random,ismcst"])
    assert result.exit_code == 1
    assert "no agent called `ismcst`" in result.output and "did you mean `ismcts`" in result.output


# --- design metrics ------------------------------------------------------------------------

def trajectory(scores: list[list[float]], winner, first_team=0) -> list:
    recorder = Recorder(teams=len(scores[0]), first_team=first_team)
    for s in scores:
        recorder.after_scores(s)
    return recorder.result(winner)


def test_a_winner_who_led_from_the_first_move_decided_at_once_without_drama():
    assert trajectory([[1, 0], [2, 0], [3, 1]], winner=0) == [0, 0, 0.0, 0.0]


def test_a_comeback_counts_lead_changes_a_late_decision_and_drama():
    #            leader:  1       1       tie     0       0
    scores = [[0, 2], [0, 4], [4, 4], [6, 4], [8, 4]]
    first, changes, decided, drama = trajectory(scores, winner=0)
    assert changes == 1  # a tie leads nobody: 1 -> 0 is one change
    assert decided == 3 / 5  # the winner did not lead after moves 1..3, and led for good from move 4
    assert drama == 4 / 8  # 4 behind at worst; the largest score seen is 8


def test_a_draw_has_no_decisiveness_nor_drama():
    assert trajectory([[1, 0], [1, 1]], winner=None)[2:] == [None, None]


def test_the_skill_gap_needs_random_teams_against_others():
    assert skill_teams(["ismcts", "random"], [0, 1]) == {0}
    assert skill_teams(["ismcts", "random", "ismcts", "random"], [0, 1, 0, 1]) == {0}
    assert skill_teams(["ismcts", "random", "random", "random"], [0, 1, 0, 1]) is None  # a mixed team
    assert skill_teams(["random", "random"], [0, 1]) is None


def test_simulate_reports_the_metrics_and_compare_pairs_them(tmp_path):
    summary = simulate(SETE, 30, 2, "greedy,random,random,random", metrics=True)
    metrics = summary.figures()["metrics"]
    assert set(metrics) == {"first-seat win", "skill gap", "lead changes", "decisiveness", "drama"}
    assert metrics["skill gap"]["fair_share"] == 0.25
    assert 0 <= metrics["decisiveness"]["mean"] <= 1 and 0 <= metrics["drama"]["mean"] <= 1
    plain = simulate(SETE, 30, 2, "greedy,random,random,random")
    assert plain.results.scores == summary.results.scores  # following the scores changes nothing
    paired = dict(compare(SETE, load_game("sete-e-meio-high-stakes", {"rounds": 2}), 30, 2,
                          "greedy,random,random,random", metrics=True).differences())
    assert {"first-seat win", "lead changes", "decisiveness", "drama", "skill gap"} <= set(paired)


def test_a_run_with_metrics_resumes_from_its_json(tmp_path):
    path = tmp_path / "run.json"
    runner = CliRunner()
    assert runner.invoke(cli, ["simulate", "sete-e-meio", "--param", "rounds=2", "-n", "6", "--metrics",
                               "--workers", "1", "--json", str(path)]).exit_code == 0
    result = runner.invoke(cli, ["simulate", "sete-e-meio", "--param", "rounds=2", "-n", "10", "--workers", "1",
                                 "--resume", str(path)])
    assert result.exit_code == 0, result.output
    assert "design metrics" in result.output and "lead changes" in result.output


# --- agents by spec ------------------------------------------------------------------------

def test_an_agent_of_ones_own_plays_in_worker_processes():
    spec = "my_agents:FirstMoveAgent,random,random,random"
    here = simulate(SETE, 6, 4, spec, workers=1)
    pool = simulate(SETE, 6, 4, spec, workers=2)
    assert pool.results.scores == here.results.scores
    for i in range(6):  # the games are those of a first-move player against random ones
        st = SETE.new_state(game_seed(4, i))
        others = {p: RandomAgent(agent_seed(4, i, p)) for p in (1, 2, 3)}
        while not st.over:
            st.apply(st.legal_moves()[0] if st.player == 0 else others[st.player].choose(st))
        assert st.scores() == here.results.scores[i]


def test_an_agent_of_ones_own_plays_on_dask():
    distributed = pytest.importorskip("distributed")
    spec = "my_agents:FirstMoveAgent,random,random,random"
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        on_dask = simulate(SETE, 4, 4, spec, scheduler=cluster.scheduler_address)
    assert on_dask.results.scores == simulate(SETE, 4, 4, spec).results.scores


def test_play_against_bots_named_per_seat():
    runner = CliRunner()
    result = runner.invoke(cli, ["play", "sete-e-meio", "--seed", "1", "--bots", "greedy,ismcts:2,pimc:2"],
                           input="q\n")
    assert result.exit_code == 0, result.output
    result = runner.invoke(cli, ["play", "sete-e-meio", "--seed", "1", "--bots", "greedy,random"], input="q\n")
    assert result.exit_code == 1 and "2 agents for 3 bot seats" in result.output
    result = runner.invoke(cli, ["play", "piquet", "--bots", "ismcts:many"], input="q\n")
    assert result.exit_code == 1 and "is not a number of iterations or seconds" in result.output
