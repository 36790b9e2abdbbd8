"""The Dask path: the same simulation on a local Dask cluster gives the same figures as one
local worker. Skipped when the `distributed` extra is not installed."""

import json

import pytest
from click.testing import CliRunner

from cardrules import load_game
from cardrules.cli import cli
from cardrules.play.simulate import dumps, simulate

distributed = pytest.importorskip("distributed")

SETE = load_game("sete-e-meio", {"rounds": 2})


@pytest.fixture(scope="module")
def cluster():
    # Threads in this process: starts in a fraction of a second and needs no importable path.
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as local:
        yield local


def without_timing(summary):
    data = json.loads(dumps(summary.to_json()))
    data.pop("timing")
    return data


def test_a_dask_run_has_the_figures_of_a_local_run(cluster):
    local = simulate(SETE, 40, seed=8, agents="greedy,random,random,random", workers=1)
    on_dask = simulate(SETE, 40, seed=8, agents="greedy,random,random,random", scheduler=cluster.scheduler_address)
    assert without_timing(on_dask) == without_timing(local)
    assert on_dask.timing()["workers"] == "dask"


def test_an_interrupted_dask_run_resumes_locally_to_the_same_figures(cluster):
    def interrupt(done):
        if done >= 10:
            raise KeyboardInterrupt

    part = simulate(SETE, 30, seed=2, scheduler=cluster.scheduler_address, progress=interrupt)
    assert 10 <= part.games < 30
    resumed = simulate(SETE, 30, seed=2, workers=2, resume=part)
    assert without_timing(resumed) == without_timing(simulate(SETE, 30, seed=2, workers=1))


def test_the_command_line_runs_on_a_scheduler(cluster, tmp_path):
    out = tmp_path / "run.json"
    result = CliRunner().invoke(cli, ["simulate", "sete-e-meio", "-n", "12", "--param", "rounds=2",
                                      "--scheduler", cluster.scheduler_address, "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "workers: dask" in result.stdout
    assert json.loads(out.read_text())["games"] == 12
