"""Issue 31, item 4: JSON files are read within caps that fit what they hold (a position, a game
log, a saved run), a saved run a game at a time, and running out of memory while reading is a
diagnostic like any other."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import RulesError, load_game
from cardrules.engine.position import read as read_position
from cardrules.language import files
from cardrules.language.files import Stream, read_json
from cardrules.language.limits import MAX_LOG_BYTES, MAX_POSITION_BYTES
from cardrules.play import simulate as simulate_module
from cardrules.play.replay import GameLog
from cardrules.play.simulate import Summary, simulate
from cli_runner import run

SETE = load_game("sete-e-meio", {"players": 3, "rounds": 2})


@pytest.fixture(scope="module")
def saved_run(tmp_path_factory):
    path = tmp_path_factory.mktemp("run") / "run.json"
    simulate_module.write_json(simulate(SETE, 40, seed=2, metrics=True).to_json(), path)
    return path


def padded(path, size: int, what: dict):
    """A valid JSON object of more than `size` bytes."""
    path.write_text(json.dumps({**what, "padding": "x" * size}))
    return path


def test_a_position_larger_than_its_cap_is_refused_naming_the_cap(tmp_path):
    path = padded(tmp_path / "big.json", MAX_POSITION_BYTES, {})
    with pytest.raises(RulesError, match=f"the position is larger than {MAX_POSITION_BYTES:,} bytes"):
        read_position(path)


def test_a_log_larger_than_its_cap_is_refused_naming_the_cap(tmp_path):
    path = padded(tmp_path / "big.json", MAX_LOG_BYTES, {})
    with pytest.raises(RulesError, match=f"the game log is larger than {MAX_LOG_BYTES:,} bytes"):
        GameLog.read(path)


def test_a_saved_run_larger_than_its_cap_is_refused_with_a_hint(saved_run, monkeypatch):
    monkeypatch.setattr(simulate_module, "MAX_SAVED_RUN_BYTES", saved_run.stat().st_size - 1)
    with pytest.raises(RulesError) as caught:
        Summary.read(saved_run)
    assert f"the saved run is larger than {saved_run.stat().st_size - 1:,} bytes" in caught.value.render()
    assert "cannot be resumed" in caught.value.render()


def test_a_saved_run_read_a_game_at_a_time_is_the_run_read_whole(saved_run, monkeypatch):
    whole = Summary.from_json(json.loads(saved_run.read_text()))
    assert Summary.read(saved_run).results == whole.results and whole.games == 40
    monkeypatch.setattr(files._Reader, "CHUNK", 7)  # every value cut somewhere
    assert Summary.read(saved_run).results == whole.results


def test_a_saved_run_is_never_one_tree_of_json(saved_run, monkeypatch):
    # Built as a tree, the games would pass through json.loads or raw_decode as one value.
    decode = json.JSONDecoder.raw_decode
    longest = []

    def measured(self, text, at=0):
        value, end = decode(self, text, at)
        longest.append(end - at)
        return value, end
    monkeypatch.setattr(json.JSONDecoder, "raw_decode", measured)
    monkeypatch.setattr(json, "loads", None)
    Summary.read(saved_run)
    assert max(longest) < 2_000 < saved_run.stat().st_size


@settings(max_examples=150)
@given(data=st.data(), chunk=st.integers(1, 64))
def test_a_damaged_saved_run_is_refused_where_json_loads_would_say(tmp_path_factory, saved_run, data, chunk):
    text = saved_run.read_text()
    at = data.draw(st.integers(0, len(text) - 1))
    kind = data.draw(st.sampled_from(["cut", "insert", "delete"]))
    text = text[:at] if kind == "cut" else text[:at] + data.draw(st.sampled_from(list('x,]}["{: 1\n'))) + text[at:] \
        if kind == "insert" else text[:at] + text[at + 1:]
    path = tmp_path_factory.mktemp("damaged") / "run.json"
    path.write_text(text)
    try:
        json.loads(text)
        expected = None
    except json.JSONDecodeError as exc:
        expected = (exc.lineno, exc.colno)
    files._Reader.CHUNK, kept = chunk, files._Reader.CHUNK
    try:
        read_json(path, "saved run", 10 ** 9, Stream(("results", "games"), lambda row, parent: None))
        found = None
    except RulesError as exc:
        span = exc.diagnostics[0].span
        found = (span.line, span.column) if span else "no place"
    finally:
        files._Reader.CHUNK = kept
    assert found == expected


@pytest.mark.parametrize("change, reason", [
    (lambda d: d["results"]["games"].append([1, [0, 0, 0]]), "game 40 of the results is not a game's row"),
    (lambda d: d["results"]["games"][3].__setitem__(0, "many"), "game 3 of the results"),
    (lambda d: d["results"]["games"][5].__setitem__(1, [1, 2]), ""),  # two scores for three seats
    (lambda d: d["results"]["games"][0][2].__setitem__(2, "high"), "game 0 of the results"),
    (lambda d: d["results"].__setitem__("fields", ["moves"]), "game 0 of the results"),
    (lambda d: d.__setitem__("results", {"games": []}), '"results" is not the fields and the games of a run'),
    (lambda d: d.__setitem__("params", None), '"params" is not an object of parameter values'),
    (lambda d: d.__setitem__("agents", ["random"]), '"agents" is not a list of one agent name per seat'),
    (lambda d: d["timing"].__setitem__("seconds", 1e308), '"timing" is not the seconds and workers of a run'),
    (lambda d: d["results"]["games"][2][1].__setitem__(0, "1/0"), "game 2 of the results"),
    (lambda d: d["results"]["games"][2][2].__setitem__(3, 1e308), "game 2 of the results"),
])
def test_a_saved_run_whose_games_are_not_games_is_refused(saved_run, tmp_path, change, reason):
    data = json.loads(saved_run.read_text())
    change(data)
    path = tmp_path / "run.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RulesError, match="not a results file written by `cardrules simulate --json`") as caught:
        Summary.read(path)
    assert reason in caught.value.render()


def test_a_saved_run_of_a_game_that_counts_hands_resumes_only_such_a_game(tmp_path):
    cassino = tmp_path / "cassino.json"
    simulate_module.write_json(simulate(load_game("cassino"), 2, seed=1).to_json(), cassino)
    data = json.loads(cassino.read_text())
    data["results"]["games"][0][1] = None
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data))
    with pytest.raises(RulesError, match="game 0 of the results is not a game's row"):
        Summary.read(broken)
    data = json.loads(cassino.read_text())
    data["results"] = {"fields": ["moves", "scores"], "games": [[m, s] for m, _, s in data["results"]["games"]]}
    broken.write_text(json.dumps(data))
    result = run("simulate", "cassino", "-n", 3, "--resume", broken, "--workers", 1)
    assert result.exit_code == 1 and "the run to resume has hands counted False, this one True" in result.stderr


def test_a_saved_run_that_is_not_an_object_is_refused(tmp_path):
    path = tmp_path / "run.json"
    path.write_text("[1, 2, 3]")
    with pytest.raises(RulesError, match="the saved run is not a JSON object"):
        Summary.read(path)


def test_a_saved_run_holds_little_besides_its_games(saved_run, tmp_path):
    path = padded(tmp_path / "run.json", MAX_POSITION_BYTES, json.loads(saved_run.read_text()))
    with pytest.raises(RulesError, match=f"holds more than {MAX_POSITION_BYTES:,} bytes besides its games"):
        Summary.read(path)


def test_running_out_of_memory_while_reading_is_a_diagnostic(tmp_path, saved_run, monkeypatch):
    position = tmp_path / "position.json"
    position.write_text(json.dumps(SETE.new_state(1).to_json()))

    def no_memory(*args, **kwargs):
        raise MemoryError
    monkeypatch.setattr(json, "loads", no_memory)
    result = run("moves", "sete-e-meio", "--position", position)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {position}: the position does not fit in the memory available")
    monkeypatch.setattr(json.JSONDecoder, "raw_decode", no_memory)
    result = run("simulate", "sete-e-meio", "--resume", saved_run)
    assert result.exit_code == 1 and "the saved run does not fit in the memory available" in result.stderr
