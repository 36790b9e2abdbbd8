"""No data file loads code (hardening, third round): an agent spec read from a game log's
seats or a resume file's agents may name only a built-in agent with a bounded budget. A
``module:Class`` spec there is refused before anything is imported; the same spec given on
the command line is honoured, since a person typed it."""

from __future__ import annotations

import json
import sys

import pytest

from cli_runner import run
from cardrules.play.specs import MAX_FILE_ITERATIONS, check_file_agent_spec
from cardrules.language.diagnostics import RulesError

# Each would import a module (and call something in it) if a file could name code.
LOADING = ["this:x", "os:mkdir", "builtins:exec", "marker_module:Agent", "  marker_module:Agent",
           "marker_module.sub:Agent", "tests.my_agents:FirstMove", ":x", "os:"]
# Built-in names with budgets no file may give, or that are no agent at all.
REFUSED = [f"ismcts:{MAX_FILE_ITERATIONS + 1}", "pimc:1000000000000", "ismcts:61s", "ismcts:inf",
           "ismcts:-1", "greedy:3", "nobody", ""]
TAKEN = ["random", "greedy", "ismcts", "pimc", "ismcts:40", "pimc:0.01s", f"ismcts:{MAX_FILE_ITERATIONS}"]


@pytest.fixture
def marker(tmp_path, monkeypatch):
    """A module on sys.path whose import leaves a file behind, so that a test can tell whether
    anything was imported."""
    code = tmp_path / "code"
    code.mkdir()
    (code / "marker_module.py").write_text(
        "import pathlib\n"
        f"pathlib.Path({str(tmp_path / 'imported')!r}).write_text('ran')\n"
        "class Agent:\n"
        "    def __init__(self, seed):\n"
        "        import random; self.rng = random.Random(seed)\n"
        "    def choose(self, state):\n"
        "        moves = state.legal_moves(); return moves[self.rng.randrange(len(moves))]\n")
    monkeypatch.syspath_prepend(str(code))
    monkeypatch.chdir(tmp_path)
    yield tmp_path / "imported"
    sys.modules.pop("marker_module", None)


def _resume_file(tmp_path, agents):
    out = tmp_path / "run.json"
    assert run("simulate", "sete-e-meio", "-n", 2, "--seed", 1, "--json", out).exit_code == 0
    data = json.loads(out.read_text())
    data["agents"] = [agents] * len(data["agents"])
    out.write_text(json.dumps(data))
    return out


def _log_file(tmp_path, agent):
    log = tmp_path / "game.json"
    log.write_text(json.dumps({"format": "cardrules-log/1", "game": "sete-e-meio", "params": {}, "seed": 3,
                               "seats": {"0": "human", "1": agent, "2": "random", "3": "random"}, "moves": []}))
    return log


@pytest.mark.parametrize("spec", LOADING + REFUSED)
def test_a_resume_file_that_names_code_or_an_unbounded_agent_is_refused_before_importing(spec, marker, tmp_path):
    before = set(sys.modules)
    result = run("simulate", "sete-e-meio", "-n", 4, "--resume", _resume_file(tmp_path, spec))
    assert result.exit_code == 1, result.output
    assert "run.json:1:1: error:" in result.output
    assert not marker.exists()
    assert not (tmp_path / "mkdir").exists()
    assert {"this", "marker_module"}.isdisjoint(set(sys.modules) - before)


@pytest.mark.parametrize("spec", LOADING + REFUSED)
def test_a_log_whose_seats_name_code_or_an_unbounded_agent_is_refused_before_importing(spec, marker, tmp_path):
    before = set(sys.modules)
    result = run("play", "--resume", _log_file(tmp_path, spec), input="q\n")
    assert result.exit_code == 1, result.output
    assert "game.json:1:1: error:" in result.output and "seat 1" in result.output
    assert not marker.exists()
    assert {"this", "marker_module"}.isdisjoint(set(sys.modules) - before)


def test_the_refusal_names_the_command_line_way_to_load_the_agent(marker, tmp_path):
    result = run("simulate", "sete-e-meio", "-n", 4, "--resume", _resume_file(tmp_path, "marker_module:Agent"))
    assert "which would load Python code" in result.output
    assert "--agents marker_module:Agent" in result.output
    result = run("play", "--resume", _log_file(tmp_path, "marker_module:Agent"), input="q\n")
    assert "--bots marker_module:Agent" in result.output


@pytest.mark.parametrize("spec", TAKEN)
def test_a_built_in_agent_with_a_bounded_budget_is_taken_from_a_file(spec, marker, tmp_path):
    assert check_file_agent_spec(spec, "f.json", "the agent") == spec
    result = run("play", "--resume", _log_file(tmp_path, spec), input="q\n")
    assert result.exit_code == 0, result.output
    assert not marker.exists()


def test_a_resumed_run_of_built_in_agents_goes_on(marker, tmp_path):
    result = run("simulate", "sete-e-meio", "-n", 4, "--resume", _resume_file(tmp_path, "greedy"))
    assert result.exit_code == 0, result.output


def test_the_command_line_still_names_code_and_may_resume_a_run_of_it(marker, tmp_path):
    """A person who typed --agents module:Class asked for that code: the file's copy of the
    same name is then not what loads it."""
    out = tmp_path / "mine.json"
    assert run("simulate", "sete-e-meio", "-n", 2, "--agents", "marker_module:Agent", "--json", out).exit_code == 0
    assert marker.exists()
    marker.unlink()
    refused = run("simulate", "sete-e-meio", "-n", 4, "--resume", out)
    assert refused.exit_code == 1 and not marker.exists()
    again = run("simulate", "sete-e-meio", "-n", 4, "--resume", out, "--agents", "marker_module:Agent",
                "--json", out)
    assert again.exit_code == 0, again.output
    assert json.loads(out.read_text())["games"] == 4


@pytest.mark.parametrize("agents", ["random", {"0": "random"}, [1, 2, 3, 4], None])
def test_a_resume_file_whose_agents_are_not_a_list_of_names_is_refused(agents, tmp_path):
    out = _resume_file(tmp_path, "random")
    data = json.loads(out.read_text())
    data["agents"] = agents
    out.write_text(json.dumps(data))
    result = run("simulate", "sete-e-meio", "-n", 4, "--resume", out)
    assert result.exit_code == 1 and "not a results file" in result.output


@pytest.mark.parametrize("seats", [{"x": "random"}, {"-1": "random"}, {"1": 5}, ["random"], {"٣": "random"}])
def test_a_log_whose_seats_are_not_numbered_is_a_diagnostic(seats, tmp_path):
    log = tmp_path / "game.json"
    log.write_text(json.dumps({"format": "cardrules-log/1", "game": "sete-e-meio", "params": {}, "seed": 3,
                               "seats": seats, "moves": []}))
    result = run("play", "--resume", log, input="q\n")
    assert result.exit_code == 1 and '"seats"' in result.output


def test_a_non_text_spec_is_refused_with_the_file_named():
    with pytest.raises(RulesError, match="is not an agent name"):
        check_file_agent_spec(["os", "mkdir"], "f.json", "the agent")
