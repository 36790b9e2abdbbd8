"""The benchmark scripts run end to end on a tiny budget and print their tables. Their figures
are never checked: speed is not asserted in a test."""

import json
import sys

import pytest

from benchmarks import bench, builtin_costs, peers, startup, work_budget
from cardrules.language.builtins import REGISTRY


def test_peers_prints_every_contender_and_the_floors_with_their_verdicts(capsys, tmp_path):
    pytest.importorskip("pyspiel")
    pytest.importorskip("rlcard")
    out_file = tmp_path / "peers.json"
    peers.main(["--rounds", "2", "--seconds", "0.02", "--iterations", "8", "--json", str(out_file)])
    out = capsys.readouterr().out
    for match in peers.MATCHES.values():
        assert match.title in out
        for entry in match.entries:
            assert entry.label in out
    assert "public ÷ openspiel hearts" in out
    floors = out[out.index("\nfloors ("):]
    floored = sum(len(m.floors) for m in peers.MATCHES.values())
    assert floors.count("pass") + floors.count("FAIL") == floored
    assert f"of {floored} floors met" in floors
    for row in ("cribbage", "openspiel ISMCTSBot, hearts", "openspiel ISMCTSBot, euchre", "rlcard blackjack"):
        assert row in floors
    assert "piquet" not in floors and "buraco" not in floors  # the source games are reported, not floored
    report = json.loads(out_file.read_text())
    assert report["iterations"] == 8
    hearts = report["matches"]["piquet"]["contenders"]["openspiel-hearts"]
    assert len(hearts["rounds"]) == 2
    assert hearts["rounds"][0]["steps"] > hearts["rounds"][0]["decisions"] > 0  # chance steps counted apart
    search = report["matches"]["ismcts-hearts"]["contenders"]["ismcts"]["rounds"][0]
    assert search["decisions"] == search["games"] * 8 > 0  # searches x iterations


def test_a_peer_that_is_not_installed_is_reported_not_fatal(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # `import pyspiel` now raises ImportError
    peers.main(["--only", "piquet", "--rounds", "1", "--seconds", "0.02"])
    out = capsys.readouterr().out
    assert "openspiel hearts" in out and "not installed (pip install '.[peers]')" in out
    assert "cardrules piquet, state.apply (public)" in out
    assert "÷ openspiel" not in out
    assert "buraco" not in out and "floors met" not in out


def test_bench_prints_the_targets_and_the_apply_paths(capsys):
    bench.main(["sete-e-meio", "cassino", "-n", "1", "--repeats", "1"])
    out = capsys.readouterr().out
    assert "≥ 0.75x" in out and "≥ 1.70x" in out
    assert "apply paths" in out
    apply_rows = [line for line in out[out.index("apply paths"):].splitlines() if line.startswith("cassino")]
    assert len(apply_rows) == 1 and apply_rows[0].count("≥ 0.90x") == 3


def test_startup_prints_the_commands_and_memory_of_every_game(capsys):
    startup.main(["--runs", "1", "--games", "1"])
    out = capsys.readouterr().out
    for command in startup.COMMANDS:
        assert command in out
    for name in bench.GAMES:
        assert f"  {name} " in out


def test_builtin_costs_prints_a_row_per_builtin_the_game_calls_and_puts_them_back(capsys):
    before = {name: b.impl for name, b in REGISTRY.items()}
    builtin_costs.main(["cassino", "--param", "players=2", "-n", "1", "--rounds", "1"])
    out = capsys.readouterr().out
    assert "µs a move as it is" in out and "from their mean" in out
    rows = {line.split()[0] for line in out.splitlines()[2:]}
    assert {"disjoint_sums", "sum_subsets", "all"} <= rows
    assert "not replayable" not in out
    assert {name: b.impl for name, b in REGISTRY.items()} == before


def test_builtin_costs_says_when_the_replayed_games_went_another_way(capsys, monkeypatch):
    # Answers played back in the wrong order: the games are no longer the recorded games.
    monkeypatch.setattr(builtin_costs, "iter", lambda answers: reversed(answers), raising=False)
    builtin_costs.main(["cassino", "--param", "players=2", "--only", "disjoint_sums", "-n", "2", "--rounds", "1"])
    assert "disjoint_sums          not replayable" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["nosuchgame"], "neither a rules file nor a bundled game"),
    (["cassino", "--param", "players"], "is not NAME=VALUE"),
    (["cassino", "--only", "random"], "drawing at random, so not measured: random"),
    (["cassino", "--only", "nosuch"], "not a built-in: nosuch"),
    (["cassino", "-n", "0"], "not a whole number of at least 1"),
])
def test_builtin_costs_refuses_bad_input_with_a_message(capsys, argv, message):
    with pytest.raises(SystemExit) as stopped:
        builtin_costs.main(argv)
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err


def test_work_budget_plays_a_game_with_charged_loops_both_ways_and_skips_one_without(capsys):
    work_budget.main(["scopa", "sete-e-meio", "-n", "1", "--rounds", "1"])
    out = capsys.readouterr().out
    scopa = next(line for line in out.splitlines() if line.startswith("scopa "))
    assert scopa.split()[1] != "0" and ("pass" in scopa or "FAIL" in scopa)
    assert "sete-e-meio" in out and "the same code both ways" in out
    assert "of 1 games with charged loops within 5%" in out


def test_ismcts_bot_plays_complete_games_over_seeds_and_says_which_completed(capsys):
    pytest.importorskip("pyspiel")
    from benchmarks import ismcts_bot
    ismcts_bot.main(["kuhn-poker", "-n", "2", "--start", "1", "--rollout", "5"])
    out = capsys.readouterr().out
    assert "rollouts of at most 5 steps" in out
    assert "seed   1" in out and "seed   2" in out
    assert out.rstrip().endswith("2 of 2 games completed")


def test_ismcts_bot_says_what_is_wrong_with_a_game_or_a_parameter():
    pytest.importorskip("pyspiel")
    from benchmarks import ismcts_bot
    with pytest.raises(SystemExit) as stopped:
        ismcts_bot.main(["uno", "--params", "max_hands=zero", "-n", "1"])
    assert "parameter `max_hands`: must be a number from 1 to 100" in str(stopped.value.code)
