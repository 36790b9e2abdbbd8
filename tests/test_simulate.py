"""Simulation at scale: figures that depend on the seed only (not on workers, chunks or
interruptions), the greedy agent, hands, teams, and the command line's outputs."""

import csv
import json
import random
from pathlib import Path

import pytest

from cardrules import RulesError, RulesRuntimeError, load_game
from cardrules.play import chunks
from cardrules.play import simulate as sim
from cardrules.play.agents import GreedyAgent, sample_hidden
from cardrules.play.simulate import Summary, game_seed, play_games, simulate
from cli_runner import run

FIXTURES = Path(__file__).resolve().parent / "fixtures"
HIGH_CARD = str(FIXTURES / "high_card.rules")
SETE = load_game("sete-e-meio", {"rounds": 2})
DUEL = load_game(HIGH_CARD)
PAIRS = load_game(HIGH_CARD, {"players": 4})


def figures(summary: Summary) -> dict:
    data = json.loads(sim.dumps(summary.to_json()))
    data.pop("timing")
    return data


def test_figures_are_the_same_for_one_worker_and_two():
    one = simulate(SETE, 40, seed=7, agents="random,greedy,random,random", workers=1)
    two = simulate(SETE, 40, seed=7, agents="random,greedy,random,random", workers=2)
    assert one.games == two.games == 40
    assert figures(one) == figures(two)
    assert one.timing()["workers"] == 1 and two.timing()["workers"] == 2


def test_game_i_is_the_same_game_whatever_the_games_around_it():
    run = simulate(DUEL, 30, seed=2, agents="greedy,random")
    alone = play_games(DUEL, 2, ["greedy", "random"], 17, 18)
    assert (run.results.moves[17], run.results.scores[17]) == (alone.moves[0], alone.scores[0])


def test_game_seeds_are_distinct_across_seeds_and_seed_zero_numbers_games_by_index():
    assert [game_seed(0, i) for i in range(3)] == [0, 1, 2]
    seeds = {game_seed(s, i) for s in range(-3, 4) for i in (0, 1, 10**6, 2**32 - 1)}
    assert len(seeds) == 7 * 4


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupted_run_resumes_to_the_figures_of_an_uninterrupted_one(workers):
    full = simulate(SETE, 60, seed=5, workers=1)

    def interrupt(done):
        if done >= 20:
            raise KeyboardInterrupt

    part = simulate(SETE, 60, seed=5, workers=workers, progress=interrupt)
    assert 20 <= part.games < 60 and not part.complete
    saved = json.loads(sim.dumps(part.to_json()))
    assert saved["complete"] is False and saved["games"] == part.games
    assert figures(part)["results"]["games"] == figures(full)["results"]["games"][:part.games]
    resumed = simulate(SETE, 60, seed=5, workers=workers, resume=Summary.from_json(saved))
    assert resumed.complete and figures(resumed) == figures(full)


def test_resuming_a_run_with_another_seed_is_refused():
    saved = Summary.from_json(json.loads(sim.dumps(simulate(SETE, 4, seed=1).to_json())))
    with pytest.raises(RulesError, match="seed 1, this one 2"):
        simulate(SETE, 8, seed=2, resume=saved)


def test_a_file_that_is_not_a_run_cannot_be_resumed():
    with pytest.raises(RulesError, match="not a results file"):
        Summary.from_json({"game": "x"})


def test_hands_are_reported_when_the_rules_count_them_in_var_hands():
    with_hands = simulate(DUEL, 20, seed=1).figures()["length"]
    assert set(with_hands) == {"moves", "hands"}
    assert with_hands["hands"]["min"] >= 1 and with_hands["moves"]["mean"] == 2 * with_hands["hands"]["mean"]
    assert set(simulate(SETE, 3, seed=1).figures()["length"]) == {"moves"}


def test_partners_win_together_and_a_team_table_is_reported():
    f = simulate(PAIRS, 40, seed=3).figures()
    seats, teams = f["seats"], f["teams"]
    assert [t["seats"] for t in teams] == [[0, 2], [1, 3]]
    assert seats[0]["wins"] == seats[2]["wins"] == teams[0]["wins"]
    assert seats[1]["wins"] == seats[3]["wins"] == teams[1]["wins"]
    assert teams[0]["wins"] + teams[1]["wins"] + f["draws"]["count"] == 40
    assert "teams" not in simulate(DUEL, 5, seed=3).figures()


def test_a_draw_is_a_top_score_shared_by_two_teams():
    assert sim.winning_teams([[3, 5, 5], [5, 1, 5], [2, 2, 1]], (0, 1, 0)) == [None, 0, None]


def test_unknown_or_miscounted_agents_are_diagnostics():
    with pytest.raises(RulesError, match="no agent called `greedyy`"):
        sim.agent_names("random,greedyy", 2)
    with pytest.raises(RulesError, match="3 agents for 2 seats"):
        sim.agent_names("random,random,greedy", 2)
    assert sim.agent_names("greedy", 3) == ["greedy"] * 3


def test_a_rules_error_in_a_worker_is_reported_located_in_the_rules_file(tmp_path):
    text = Path(HIGH_CARD).read_text().replace("move play(c in hand[me]) {",
                                               "move play(c in hand[me]) when hands < 2 {")
    (tmp_path / "stuck.rules").write_text(text)
    game = load_game(str(tmp_path / "stuck.rules"))
    with pytest.raises(RulesRuntimeError) as caught:
        simulate(game, 10, workers=2)
    assert "has no legal move" in str(caught.value) and caught.value.diagnostics[0].span is not None


# --- the greedy agent --------------------------------------------------------------------

def test_greedy_plays_the_card_that_scores_most_at_once():
    for seed in range(20):
        st = DUEL.new_state(seed)
        outcomes = {}
        for m in st.legal_moves():
            after = st.clone()
            after.apply(m)
            outcomes[m.text] = after.scores()[0]
        assert outcomes[GreedyAgent(seed).choose(st).text] == max(outcomes.values()), outcomes


def test_greedy_beats_random_at_a_game_of_immediate_points():
    f = simulate(DUEL, 200, seed=4, agents="greedy,random").figures()
    assert f["seats"][0]["win_low"] > f["seats"][1]["win_high"]


def test_a_sampled_position_looks_the_same_to_its_seat_and_deals_the_hidden_cards_afresh():
    rng = random.Random(0)
    moved = 0
    for seed in range(15):
        st = SETE.new_state(seed)
        for _ in range(rng.randrange(1, 30)):
            if st.is_over:
                break
            st.apply(rng.choice(st.legal_moves()))
        if st.is_over:
            continue
        seat = st.current_player
        sample = sample_hidden(st, seat, random.Random(seed))
        assert sample.observation(seat) == st.observation(seat)
        assert sorted(sample.all_cards()) == sorted(st.all_cards())
        assert [len(z) for z in sample.zones] == [len(z) for z in st.zones]
        assert all(sample.loc[c] >= 0 and c in sample.zones[sample.loc[c]] for c in sample.all_cards())
        moved += sample.zones != st.zones
        assert sample.seed != st.seed, "chance to come is not the real one"
    assert moved >= 10


# --- the command line --------------------------------------------------------------------

def test_csv_and_json_hold_the_same_figures(tmp_path):
    result = run("simulate", HIGH_CARD, "-n", 30, "-p", 4, "--seed", 2, "--workers", 1,
                 "--json", tmp_path / "run.json", "--csv", tmp_path / "run.csv")
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "run.json").read_text())
    rows = {(r["scope"], r["id"], r["statistic"]): r["value"]
            for r in csv.DictReader((tmp_path / "run.csv").open())}
    for s in data["seats"]:
        assert float(rows["seat", str(s["seat"]), "win_high"]) == s["win_high"]
        assert float(rows["seat", str(s["seat"]), "score_q75"]) == s["score"]["q75"]
    assert float(rows["team", "1", "win_rate"]) == data["teams"][1]["win_rate"]
    assert float(rows["length", "hands", "mean"]) == data["length"]["hands"]["mean"]
    assert int(rows["draws", "", "count"]) == data["draws"]["count"]
    assert "team 1" in result.stdout and "hands" in result.stdout and "games/s" in result.stdout


@pytest.mark.parametrize("suffix, magic", [(".png", b"\x89PNG"), (".svg", b"<?xml")])
def test_plot_writes_histograms(tmp_path, suffix, magic):
    pytest.importorskip("matplotlib")
    out = tmp_path / f"run{suffix}"
    result = run("simulate", HIGH_CARD, "-n", 20, "--workers", 1, "--plot", out)
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(magic)


def test_plot_to_another_format_is_a_diagnostic(tmp_path):
    result = run("simulate", HIGH_CARD, "-n", 2, "--workers", 1, "--plot", tmp_path / "run.pdf")
    assert result.exit_code == 1 and "name a .png or .svg file" in result.stderr


def test_an_interrupted_command_writes_what_finished_and_resumes_it(tmp_path, monkeypatch):
    out, full = tmp_path / "run.json", tmp_path / "full.json"
    args = ("simulate", HIGH_CARD, "-n", 50, "--seed", 3, "--workers", 1)
    assert run(*args, "--json", full).exit_code == 0
    real = chunks.play_games

    def ctrl_c_at_game_20(game, seed, agents, start, stop, *options):
        if start >= 20:
            raise KeyboardInterrupt
        return real(game, seed, agents, start, stop, *options)

    monkeypatch.setattr(chunks, "play_games", ctrl_c_at_game_20)
    stopped = run(*args, "--json", out)
    assert stopped.exit_code == 130
    kept = json.loads(out.read_text())["games"]
    assert 20 <= kept < 50 and f"interrupted after {kept} of 50 games" in stopped.stderr
    assert f"--resume {out}" in stopped.stderr and "interrupted" in stopped.stdout
    monkeypatch.setattr(chunks, "play_games", real)
    assert run(*args, "--json", out, "--resume", out).exit_code == 0
    resumed, expected = json.loads(out.read_text()), json.loads(full.read_text())
    resumed.pop("timing"), expected.pop("timing")
    assert resumed == expected


def test_resuming_from_a_file_that_is_not_json_is_a_diagnostic(tmp_path):
    (tmp_path / "bad.json").write_text("{not json")
    result = run("simulate", HIGH_CARD, "-n", 5, "--resume", tmp_path / "bad.json")
    assert result.exit_code == 1 and "the saved run is not valid JSON" in result.stderr


def test_an_unknown_agent_on_the_command_line_is_a_diagnostic():
    result = run("simulate", HIGH_CARD, "-n", 5, "--agents", "random,clever")
    assert result.exit_code == 1 and "no agent called `clever`" in result.stderr
