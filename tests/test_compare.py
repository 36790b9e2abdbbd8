"""`compare`: a base and a variant played on the same seeds, and their paired differences."""

import csv
import json
from pathlib import Path

import pytest

from cardrules import RulesError, load_game
from cardrules.play.simulate import compare
from cli_runner import run

HIGH_CARD = str(Path(__file__).resolve().parent / "fixtures" / "high_card.rules")
SETE = load_game("sete-e-meio", {"rounds": 2})
SETE_HIGH_STAKES = load_game("sete-e-meio", {"rounds": 2, "max_bet": 40})


def test_both_games_are_played_on_the_same_seeds():
    result = compare(SETE, SETE, 30, seed=4, workers=1)
    assert result.base.results == result.variant.results
    assert all(not d.significant and d.difference == 0 for _, d in result.differences())


def test_higher_stakes_spread_the_scores_significantly():
    diffs = dict(compare(SETE, SETE_HIGH_STAKES, 300, seed=1, workers=2).differences())
    for seat in range(4):
        spread = diffs[f"seat {seat} score sd"]
        assert spread.significant and spread.low > 0 and spread.variant > spread.base
    assert {"draw rate", "length in moves", "seat 0 win rate", "seat 3 mean score"} <= set(diffs)
    assert "length in hands" not in diffs, "Sete e Meio counts no hands"


def test_a_difference_significant_alone_may_not_be_among_all_the_figures():
    diffs = dict(compare(SETE, SETE_HIGH_STAKES, 200, seed=0, workers=1).differences())
    win_rate = diffs["seat 0 win rate"]
    assert win_rate.low > 0 and win_rate.p_value < 0.05, "its own interval excludes zero"
    assert win_rate.p_holm > 0.05 and not win_rate.significant, "one of 14 figures: Holm's adjustment says chance"
    assert diffs["length in moves"].significant


def test_paired_differences_include_hands_when_both_games_count_them():
    easy, hard = load_game(HIGH_CARD, {"target": 20}), load_game(HIGH_CARD, {"target": 40})
    diffs = dict(compare(easy, hard, 100, seed=2, workers=1).differences())
    hands = diffs["length in hands"]
    assert hands.significant and hands.difference > 0 and hands.low > 0


def test_games_for_different_numbers_of_players_are_not_compared():
    with pytest.raises(RulesError, match="the base has 4 players and the variant 2"):
        compare(SETE, load_game(HIGH_CARD), 5)


def test_an_interrupted_comparison_compares_the_games_both_finished():
    def interrupt(done):
        if done >= 10:
            raise KeyboardInterrupt

    result = compare(SETE, SETE_HIGH_STAKES, 40, seed=3, workers=1, progress=interrupt)
    assert 10 <= result.base.games < 40 and result.games <= result.base.games
    assert result.to_json()["games"] == result.games


def test_compare_command_prints_differences_with_intervals_and_writes_them(tmp_path):
    result = run("compare", "sete-e-meio", "sete-e-meio", "-n", 60, "--workers", 1, "--param", "rounds=2",
                 "--variant-param", "max_bet=40", "--json", tmp_path / "c.json", "--csv", tmp_path / "c.csv")
    assert result.exit_code == 0, result.output
    lines = [line.split() for line in result.stdout.splitlines()]
    spread = next(line for line in lines if line[:4] == ["seat", "0", "score", "sd"])
    assert spread[-1] == "yes" and ".." in spread[-4]
    assert "Holm: p adjusted by Holm's procedure over the 14 differences" in " ".join(result.stdout.split())
    data = json.loads((tmp_path / "c.json").read_text())
    assert data["games"] == 60 and data["adjustment"] == "holm" and len(data["differences"]) == 14
    assert all(d["significant"] == (d["p_holm"] < 0.05) and d["p_holm"] >= d["p_value"] for d in data["differences"])
    assert data["variant"]["params"]["max_bet"] == 40 and data["base"]["params"]["max_bet"] == 10
    rows = list(csv.DictReader((tmp_path / "c.csv").open()))
    assert [r["figure"] for r in rows] == [d["figure"] for d in data["differences"]]
    assert all(float(r["low"]) == d["low"] for r, d in zip(rows, data["differences"]))


def test_compare_command_with_games_for_different_player_counts_is_a_diagnostic():
    result = run("compare", "sete-e-meio", HIGH_CARD, "-n", 5)
    assert result.exit_code == 1 and "compare them with --players N" in result.stderr
