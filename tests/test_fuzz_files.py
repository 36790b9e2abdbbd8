"""The fuzzer for the files cardrules reads besides rules and positions (issue 31): game logs
(`replay`, `play --resume`), saved runs (`simulate --resume`), the cache's entries, and the
names `cardrules new` is given. Each input is a real file changed by one to three mutations of
its JSON (a field replaced by an odd value, deleted, nested deep, added) and, for some, of its
text (cut short, a character inserted, a span deleted or repeated). The oracle: reading works or
ends in a diagnostic (RulesError, or the command's exit status 1 with `error:`), never another
exception; what is read plays; a damaged cache entry is a miss and the game plays as before.
Each input is bounded by a step budget or a short game, not by a clock. See docs/fuzzing.md.

CARDRULES_FUZZ_EXAMPLES sets the number of inputs of each kind (default: a short run for CI)."""

from __future__ import annotations

import contextlib
import copy
import hashlib
import json
import os
import random
import shlex
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from cardrules import RulesError, load_game, load_model
from cardrules.language import cache, parser
from cardrules.language.resources import bundled_games
from cardrules.play.replay import GameLog, replay
from cardrules.play.simulate import Summary, simulate, write_json
from cli_runner import run
from test_hardening import mutate

EXAMPLES = int(os.environ.get("CARDRULES_FUZZ_EXAMPLES", "120"))
SETTINGS = settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
# A damaged cache entry reloads three games, some compiled afresh: a short run tries fewer.
CACHE_SETTINGS = settings(SETTINGS, max_examples=int(os.environ.get("CARDRULES_FUZZ_EXAMPLES", "30")))


@contextlib.contextmanager
def writing_anything():
    """json.dumps writes here what a mutation may put in a file: an int of 5,000 digits, lists
    nested 3,000 deep. Reading stays under Python's own limits."""
    digits, depth = sys.get_int_max_str_digits(), sys.getrecursionlimit()
    sys.set_int_max_str_digits(0)
    sys.setrecursionlimit(20_000)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(digits)
        sys.setrecursionlimit(depth)


def damaged_text(data, draw) -> str:
    """`data` written as JSON, then perhaps changed as text."""
    with writing_anything():
        text = json.dumps(data, indent=draw(st.sampled_from([None, 1])))
    kind = draw(st.sampled_from(["none"] * 12 + ["cut", "insert", "delete", "repeat"]))
    if kind == "none" or not text:
        return text
    at = draw(st.integers(0, len(text) - 1))
    if kind == "cut":
        return text[:at]
    if kind == "insert":
        return text[:at] + draw(st.sampled_from(list('{}[],:"\\ 0e-.') + ["\x00", "\u00e9", "\ud800"])) + text[at:]
    end = min(len(text), at + draw(st.integers(1, 40)))
    return text[:at] + text[end:] if kind == "delete" else text[:end] + text[at:]


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    return path


@pytest.fixture(scope="module")
def folder():
    with tempfile.TemporaryDirectory() as d:
        yield Path(d)


def is_diagnostic(result) -> bool:
    """A command that stopped with a diagnostic (cli_runner.run has checked it raised nothing)."""
    return result.exit_code == 1 and "error:" in result.stderr


# --- game logs ----------------------------------------------------------------------------------

LOG_GAMES = [("sete-e-meio", {"players": 2, "rounds": 1}), ("piquet-short-partie", {}), ("hearts", {}),
             ("kuhn-poker", {}), ("buraco", {"max_hands": 1}), ("cassino", {})]
LOG_VALUES = ["human", "random", "greedy", "ismcts:99999999", "os:system", "tests.my_agents:FirstMove",
              "piquet", "../outside.rules", "/etc/passwd", "games/piquet.rules", "bet 1", "stand", "pass",
              "play 10S", "??", " ", "cardrules-log/1", "0" * 30]


def logs() -> list[dict]:
    out = []
    for name, params in LOG_GAMES:
        game = load_game(name, params)
        state, rng, moves = game.new_state(5), random.Random(5), []
        while not state.is_over and len(moves) < 40:
            legal = state.legal_moves()
            moves.append(state.apply(legal[rng.randrange(len(legal))]).text)
        seats = {p: "human" if p == 0 else "random" for p in range(game.player_count)}
        out.append(GameLog.of(game, name, 5, moves, seats).to_json())
    return out


LOGS = logs()


def mutated_log(draw) -> dict:
    data = copy.deepcopy(draw(st.sampled_from(LOGS)))
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.integers(0, 3)) == 0:
            mutate(data, draw)
            continue
        field = draw(st.sampled_from(["moves"] * 4 + ["seats"] * 3 + ["params"] * 2 + ["game", "seed", "format"]))
        value = draw(st.sampled_from(LOG_VALUES + [-1, 2 ** 70, None, [], {}] if field != "moves" else
                                     LOG_VALUES[8:15] + [draw(st.sampled_from(LOGS))["moves"][0], None]))
        if field == "moves" and isinstance(data.get("moves"), list) and data["moves"]:
            data["moves"][draw(st.integers(0, len(data["moves"]) - 1))] = value
        elif field == "seats" and isinstance(data.get("seats"), dict):
            data["seats"][draw(st.sampled_from(["0", "1", "9", "-1", "x", "00"]))] = value
        else:
            data[field] = value
    return data


@SETTINGS
@given(data=st.data(), seat=st.integers(-1, 4), upto=st.integers(0, 60))
def test_mutated_game_logs_never_crash(folder, data, seat, upto):
    path = write(folder, "game.json", damaged_text(mutated_log(data.draw), data.draw))
    try:
        log = GameLog.read(path)
        game = log.load_game()
        for _ in replay(log, game, seat if 0 <= seat < game.player_count else None):
            pass
        event("the log replays")
    except RulesError as exc:
        event(f"refused: {exc.diagnostics[0].message.split(':')[0][:40]}")
        log = None
    for args in (["replay", path], ["replay", path, "--seat", seat, "--to", upto, "--plain"]):
        result = run(*args)
        assert result.exit_code == 0 or is_diagnostic(result), result.output
    if log is not None and "human" in log.seats.values():  # a person is asked soon: q stops the game
        result = run("play", "--resume", path, "--plain", input="q\n")
        assert result.exit_code in (0, 130) or is_diagnostic(result), result.output


# --- saved runs ---------------------------------------------------------------------------------

RUN_GAMES = [("kuhn-poker", {}, False), ("sete-e-meio", {"players": 3, "rounds": 1}, True),
             ("cassino", {}, False)]
RUN_VALUES = ["random", "greedy", "os:system", "ismcts:99999999", 1, -1, 10 ** 16, "1/3", "1/0", 0.5, None,
              [0, 0], [[0, 0]], {"seconds": 1, "workers": 1}]
ROW_VALUES = [0, 1, 7, -3, 10 ** 15, 10 ** 16, "1/3", "-5/2", "1/0", "01/0002", 0.5, None, [0, 0], [0, 0, 0],
              [None, 0, 0.5, 1.5], [1, 2, 1e308, -0.0]]


def runs() -> list[tuple[str, dict, dict]]:
    out = []
    with tempfile.TemporaryDirectory() as d:
        for name, params, metrics in RUN_GAMES:
            path = Path(d) / "run.json"
            write_json(simulate(load_game(name, params), 4, seed=2, metrics=metrics).to_json(), path)
            out.append((name, params, json.loads(path.read_text())))
    return out


RUNS = runs()


def mutated_run(draw) -> tuple[str, dict, dict]:
    name, params, data = draw(st.sampled_from(RUNS))
    data = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.integers(0, 3)) == 0:
            mutate(data, draw)
            continue
        games = data.get("results", {}).get("games") if isinstance(data.get("results"), dict) else None
        if isinstance(games, list) and games and draw(st.integers(0, 3)) > 0:
            row = draw(st.integers(0, len(games) - 1))
            if isinstance(games[row], list) and games[row]:
                games[row][draw(st.integers(0, len(games[row]) - 1))] = draw(st.sampled_from(ROW_VALUES))
            continue
        data[draw(st.sampled_from(["agents", "players", "seed", "requested", "params", "timing", "format"]))] = \
            copy.deepcopy(draw(st.sampled_from(RUN_VALUES)))
    return name, params, data


@SETTINGS
@given(data=st.data())
def test_mutated_saved_runs_never_crash(folder, data):
    name, params, saved = mutated_run(data.draw)
    path = write(folder, "run.json", damaged_text(saved, data.draw))
    try:
        games = Summary.read(path).games
        event("the run reads")
    except RulesError as exc:
        event(f"refused: {exc.diagnostics[0].message[:50]}")
        games = 0
    out = folder / "out.json"
    options = [f"--param={k}={v}" for k, v in params.items() if k != "players"]
    result = run("simulate", name, "-n", games + 2, "--resume", path, "--workers", 1, "--json", out, *options)
    event("simulate resumed it" if result.exit_code == 0 else "simulate refused it")
    assert result.exit_code == 0 or is_diagnostic(result), result.output


# --- cache entries --------------------------------------------------------------------------------

CACHE_GAMES = [("kuhn-poker", {}), ("piquet-short-partie", {}), ("sete-e-meio", {"players": 2, "rounds": 2})]


def played(name: str, params: dict) -> str:
    """One seeded random game, as test_same_games digests it."""
    game = load_game(name, params)
    state, chooser, h = game.new_state(3), random.Random(3), hashlib.sha256()
    while not state.is_over:
        legal = state.legal_moves()
        move = legal[chooser.randrange(len(legal))]
        h.update(f"{state.current_player}:{move.text}|{len(legal)}\n".encode())
        state.apply(move)
    return h.hexdigest()


@pytest.fixture(scope="module")
def pristine_cache(tmp_path_factory):
    """Every entry the cache writes for CACHE_GAMES and the grammar, and how the games play."""
    home = tmp_path_factory.mktemp("cache-home")
    home.chmod(0o700)
    kept = os.environ["XDG_CACHE_HOME"]
    os.environ["XDG_CACHE_HOME"] = str(home)
    try:
        parser._lark.__wrapped__()  # writes the parser's tables here
        games = [played(name, params) for name, params in CACHE_GAMES]
        entries = {p.name: p.read_bytes() for p in (home / "cardrules").iterdir()}
    finally:
        os.environ["XDG_CACHE_HOME"] = kept
    assert {Path(n).suffix for n in entries} == {".model", ".code", ".json"}
    return home, entries, games, parser.parse(SETE_TEXT, "sete.rules")


SETE_TEXT = bundled_games()["sete-e-meio"].read_text(encoding="utf-8")


@CACHE_SETTINGS
@given(data=st.data())
def test_a_damaged_cache_entry_is_a_miss_and_the_games_play_as_before(pristine_cache, monkeypatch, data):
    home, entries, games, tree = pristine_cache
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    folder = home / "cardrules"
    for p in folder.iterdir():
        p.unlink()
    for name, content in entries.items():
        (folder / name).write_bytes(content)
        (folder / name).chmod(0o600)
    name = data.draw(st.sampled_from(sorted(entries)))
    content = bytearray(entries[name])
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(content) - 1))
        kind = data.draw(st.sampled_from(["flip", "cut", "insert", "delete", "repeat"]))
        if kind == "flip":
            content[at] ^= 1 << data.draw(st.integers(0, 7))
        elif kind == "cut":
            del content[at:]
        elif kind == "insert":
            content[at:at] = data.draw(st.sampled_from([b"0", b"\n", b"{", b'"', b"\xff", b"\x00"]))
        else:
            end = min(len(content), at + data.draw(st.integers(1, 64)))
            content[at:end] = b"" if kind == "delete" else bytes(content[at:end]) * 2
        if not content:
            break
    (folder / name).write_bytes(bytes(content))
    parser._lark.cache_clear()
    try:
        assert [played(name, params) for name, params in CACHE_GAMES] == games
        assert parser.parse(SETE_TEXT, "sete.rules") == tree  # through the parser's tables, kept or rebuilt
    finally:
        parser._lark.cache_clear()


# --- names for `cardrules new` ----------------------------------------------------------------------

NAMES = st.one_of(
    st.text(max_size=300),
    st.text("abcXYZ019 _-.\u00e9\u00df", min_size=1, max_size=110),
    st.text(st.characters(codec="utf-8"), min_size=1, max_size=120),
    st.sampled_from(["", ".", "..", ".rules", "a.rules", "a.rules.rules", "-x", "--force", "my game", 'my"game',
                     "a\nb", "a\x00b", "a" * 101, "a" * 100, "\U0001d538" * 70, "é" * 100, "CON", "nul",
                     "x;rm -rf y", "$(id)", "`id`", "~", "*", "a/b", "sub/game", "sub/", "missing/game", "./game",
                     "sub/../game"]))
PLACED = ["nothing", "file", "folder", "link", "dangling"]


@SETTINGS
@given(name=NAMES, placed=st.sampled_from(PLACED), force=st.booleans())
def test_any_name_for_new_writes_a_starter_that_checks_or_is_a_diagnostic(monkeypatch, name, placed, force):
    with tempfile.TemporaryDirectory() as d:
        root = Path(d)
        (root / "sub").mkdir()
        (root / "kept.txt").write_text("kept")
        monkeypatch.chdir(root)
        target = Path(name if name.endswith(".rules") else name + ".rules")
        if placed != "nothing" and "\x00" not in name:
            with contextlib.suppress(OSError, ValueError):
                if placed == "file":
                    target.write_text("mine")
                elif placed == "folder":
                    target.mkdir()
                else:
                    target.symlink_to(root / ("kept.txt" if placed == "link" else "nowhere.txt"))
        before = sorted(str(p) for p in root.rglob("*"))
        result = run("new", *(["--force"] if force else []), "--", name)
        assert (root / "kept.txt").read_text() == "kept" and not (root / "nowhere.txt").exists()
        event("written" if result.exit_code == 0 else "refused")
        if result.exit_code != 0:
            assert is_diagnostic(result), result.output
            assert sorted(str(p) for p in root.rglob("*")) == before
            return
        written = root / target
        assert written.is_file() and not written.is_symlink() and not target.name.startswith(".")
        model = load_model(str(written))
        assert model.title == target.name[:-len(".rules")].replace("_", " ").replace("-", " ").strip().title()
        command = result.stdout.splitlines()[-1].removeprefix("next: ")
        assert shlex.split(command) == ["cardrules", "check", str(target), "&&", "cardrules", "play", str(target)]
