"""A cache that another user cannot plant (hardening, third round): links and folders planted
where the cache folder goes, parents others may write to, entries that are links or another
user's, files the cache did not write, and entries that would run code if they were pickles.
Another user is played by giving a planted file another owner (os.chown, as root does in CI);
those tests skip for a user who cannot."""

from __future__ import annotations

import json
import os
import pickle
import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from cardrules import load_game, load_model
from cardrules.language import cache, data_format, parser
from cardrules.language.resources import bundled_games

OTHER_USER = 54321
as_root = pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0,
                             reason="giving a file another owner needs root (CI runs as root)")


@pytest.fixture
def xdg(tmp_path, monkeypatch) -> Path:
    base = tmp_path / "xdg"
    base.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_CACHE_HOME", str(base))
    monkeypatch.delenv(cache.DISABLE_VARIABLE, raising=False)
    return base


@pytest.fixture
def victim(tmp_path) -> Path:
    """A folder of the user's that an attacker would like the cache to write into or prune."""
    folder = tmp_path / "victim"
    folder.mkdir()
    for i in range(30):
        (folder / f"{i:08x}.model").write_text(f"the user's own file {i}")
    (folder / "notes.txt").write_text("keep me")
    return folder


def victim_untouched(folder: Path) -> bool:
    names = sorted(p.name for p in folder.iterdir())
    return names == sorted([f"{i:08x}.model" for i in range(30)] + ["notes.txt"]) and \
        all((folder / f"{i:08x}.model").read_text() == f"the user's own file {i}" for i in range(30))


def refused(reason_part: str):
    return pytest.warns(cache.UnsafeCacheWarning, match=reason_part)


def test_a_link_planted_as_the_cache_folder_is_refused_and_its_target_untouched(xdg, victim, monkeypatch):
    (xdg / "cardrules").symlink_to(victim)
    monkeypatch.setattr(cache, "MAX_ENTRIES", 2)
    with refused("not a folder of its own"):
        assert cache.cache_folder() is None
    with refused("not a folder of its own"):
        for players in (2, 3, 4):
            load_model("sete-e-meio", {"players": players})
    assert victim_untouched(victim)


def test_a_dangling_link_planted_as_the_cache_folder_is_refused(xdg, tmp_path):
    (xdg / "cardrules").symlink_to(tmp_path / "nowhere")
    with refused("not a folder of its own"):
        load_model("sete-e-meio")
    assert not (tmp_path / "nowhere").exists()


@as_root
def test_a_folder_of_another_user_planted_as_the_cache_folder_is_refused(xdg):
    planted = xdg / "cardrules"
    planted.mkdir(mode=0o700)
    os.chown(planted, OTHER_USER, OTHER_USER)
    with refused("belongs to another user"):
        load_model("sete-e-meio")
    assert list(planted.iterdir()) == []


@pytest.mark.parametrize("mode", [0o777, 0o770, 0o702, 0o1777])
def test_a_cache_folder_others_may_write_to_is_refused(xdg, mode):
    folder = xdg / "cardrules"
    folder.mkdir()
    folder.chmod(mode)
    with refused("may be written by others"):
        load_model("sete-e-meio")
    assert list(folder.iterdir()) == []


def test_a_parent_others_may_write_to_is_refused_unless_sticky(tmp_path, monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    monkeypatch.setenv("XDG_CACHE_HOME", str(shared))
    monkeypatch.delenv(cache.DISABLE_VARIABLE, raising=False)
    with refused("not sticky"):
        assert cache.cache_folder() is None
    shared.chmod(0o1777)  # as /tmp: others may add names, but not rename or remove ours
    assert cache.cache_folder() == shared / "cardrules"
    load_model("sete-e-meio")
    assert ".model" in {p.suffix for p in (shared / "cardrules").iterdir()}


def test_a_parent_reached_through_a_link_is_judged_where_the_link_leads(tmp_path, monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    (tmp_path / "home").mkdir()
    (tmp_path / "home" / ".cache").symlink_to(shared)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home" / ".cache"))
    with refused("not sticky"):
        assert cache.cache_folder() is None


@as_root
def test_a_parent_of_another_user_is_refused(tmp_path, monkeypatch):
    theirs = tmp_path / "theirs"
    theirs.mkdir(mode=0o755)
    (theirs / "cache").mkdir(mode=0o700)
    os.chown(theirs, OTHER_USER, OTHER_USER)
    monkeypatch.setenv("XDG_CACHE_HOME", str(theirs / "cache"))
    with refused("belongs to another user"):
        assert cache.cache_folder() is None


def _one_model_entry(xdg: Path) -> Path:
    load_model("piquet")
    (entry,) = sorted((xdg / "cardrules").glob("*.model"))
    return entry


def test_an_entry_that_is_a_link_is_not_read_and_its_target_is_untouched(xdg, tmp_path):
    entry = _one_model_entry(xdg)
    key = cache.model_key(bundled_games()["piquet"], None)
    elsewhere = tmp_path / "elsewhere.model"
    elsewhere.write_bytes(entry.read_bytes())
    entry.unlink()
    entry.symlink_to(elsewhere)
    assert cache.load_model(key) is None
    load_model("piquet")  # a miss, written afresh: the link is replaced, not written through
    assert not entry.is_symlink() and cache.load_model(key) is not None
    assert elsewhere.read_bytes() == entry.read_bytes()


@as_root
def test_an_entry_of_another_user_is_not_read(xdg):
    entry = _one_model_entry(xdg)
    key = cache.model_key(bundled_games()["piquet"], None)
    os.chown(entry, OTHER_USER, OTHER_USER)
    assert cache.load_model(key) is None


def test_an_entry_others_may_write_to_is_not_read(xdg):
    entry = _one_model_entry(xdg)
    key = cache.model_key(bundled_games()["piquet"], None)
    entry.chmod(0o666)
    assert cache.load_model(key) is None
    entry.chmod(0o600)
    assert cache.load_model(key) is not None


@as_root
def test_a_code_entry_of_another_user_is_not_run(xdg, monkeypatch):
    game = load_game("piquet")
    (entry,) = sorted((xdg / "cardrules").glob("*.code"))
    keys = []
    real = cache.load_code
    monkeypatch.setattr(cache, "load_code", lambda key, filename: keys.append(key) or real(key, filename))
    load_game("piquet")
    assert real(keys[-1], game.source_file) is not None
    os.chown(entry, OTHER_USER, OTHER_USER)
    assert real(keys[-1], game.source_file) is None


def test_pruning_removes_only_names_the_cache_writes(xdg, monkeypatch):
    folder = xdg / "cardrules"
    folder.mkdir(mode=0o700)
    theirs = ["notes.model", "ABCDEF01.model", "0000000.model", "00000000.model.bak", "x.code", "sub"]
    for name in theirs[:-1]:
        (folder / name).write_text("not the cache's")
    (folder / "sub").mkdir()
    (folder / "deadbeef.model").symlink_to(folder / "notes.model")
    monkeypatch.setattr(cache, "MAX_ENTRIES", 1)
    for players in (2, 3, 4):
        load_model("sete-e-meio", {"players": players})
    left = sorted(p.name for p in folder.iterdir())
    assert set(theirs) <= set(left) and (folder / "notes.model").read_text() == "not the cache's"
    assert len([n for n in left if cache._ENTRY_NAME.fullmatch(n) and n.endswith(".model")
                and not (folder / n).is_symlink()]) == 1


class Payload:
    """What a planted pickle would run: this test fails if anything ever calls it."""

    ran: list = []

    def __reduce__(self):
        return (Payload.ran.append, ("ran",))


def test_a_planted_pickle_is_never_unpickled(xdg):
    entry = _one_model_entry(xdg)
    key = cache.model_key(bundled_games()["piquet"], None)
    for tag in (b"cardrules-model-cache 1\n", b"cardrules-model-cache 2\n", cache._FORMAT, b""):
        entry.write_bytes(tag + pickle.dumps(Payload()))
        assert cache.load_model(key) is None
        entry.write_bytes(tag + cache._digest(pickle.dumps(Payload())) + b"\n" + pickle.dumps(Payload()))
        assert cache.load_model(key) is None
    assert Payload.ran == []


def test_a_planted_entry_naming_a_class_outside_the_records_is_a_miss(xdg):
    entry = _one_model_entry(xdg)
    key = cache.model_key(bundled_games()["piquet"], None)
    _, header, body = entry.read_bytes()[len(cache._FORMAT):].split(b"\n", 2)
    for name in ("os.system", "builtins.eval", "subprocess.Popen", "nodes.Node.__init__", "model.attrs"):
        planted = header + b"\n" + json.dumps([{"o": 0, "c": name, "v": {"t": ["echo planted"]}}, [], []]).encode()
        # With the digest of what it holds: only the format's own refusal stands in the way.
        entry.write_bytes(cache._FORMAT + cache._digest(planted) + b"\n" + planted)
        assert cache.load_model(key) is None


def test_lark_s_own_pickle_cache_is_never_read(xdg, monkeypatch):
    folder = xdg / "cardrules"
    folder.mkdir(mode=0o700)
    for name in ("grammar.lark-cache", "grammar.json"):
        (folder / name).write_bytes(pickle.dumps(Payload()))
    parser._lark.cache_clear()
    try:
        assert parser.parse('game "x"\n') is not None
        assert Payload.ran == []
        parser._lark.cache_clear()
        assert parser.parse('game "x"\n') is not None  # from the tables it wrote
        assert (folder / "grammar.json").read_bytes().startswith(cache._GRAMMAR_FORMAT)
    finally:
        parser._lark.cache_clear()


def test_the_tables_kept_parse_as_the_tables_built(xdg):
    parser._lark.cache_clear()
    try:
        built = parser._lark()
        parser._lark.cache_clear()
        kept = parser._lark()
        assert kept is not built
        for path in sorted(bundled_games().values())[:6]:
            text = path.read_text()
            assert kept.parse(text) == built.parse(text)
    finally:
        parser._lark.cache_clear()


def test_a_safe_folder_gives_no_warning(xdg):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        load_model("sete-e-meio")
        assert cache.cache_folder() == xdg / "cardrules"


values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5) | st.fractions(),
    lambda inner: st.lists(inner, max_size=4) | st.lists(inner, max_size=4).map(tuple)
    | st.dictionaries(st.text(max_size=3) | st.integers(), inner, max_size=4)
    | st.frozensets(st.integers() | st.text(max_size=3), max_size=4), max_leaves=20)


@given(values)
def test_plain_values_round_trip_through_the_format(value):
    assert data_format.loads(data_format.dumps([value])) == [value]


@settings(max_examples=300)
@given(st.binary(max_size=40) | st.text(max_size=60).map(str.encode))
def test_any_bytes_read_as_values_or_raise_only_value_errors(data):
    try:
        data_format.loads(data)
    except (ValueError, RecursionError):
        pass


tagged = st.recursive(
    st.none() | st.integers(-2, 3) | st.sampled_from(["nodes.Name", "model.VarInfo", "diagnostics.Span",
                                                      "diagnostics.SourceMap", "os.system", "x"]),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["t", "d", "f", "s", "S", "r", "o", "c", "v"]), inner, min_size=1, max_size=3),
    max_leaves=12)


@settings(max_examples=500)
@given(st.lists(tagged, max_size=3))
def test_any_tagged_document_reads_as_values_or_raises_only_format_errors(document):
    try:
        data_format.loads(json.dumps(document).encode())
    except data_format.FormatError:
        pass
