"""The per-user cache of checked models: a hit gives the very game a fresh load gives, and
anything that made the entry (a rules file, a base it extends, the parameters, the package)
changing is a miss; a damaged entry is ignored and written afresh, an unsafe folder never used.

Every test points XDG_CACHE_HOME at its own temporary folder."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from small_rules import LOOP

from cardrules import RulesRuntimeError, load_game, load_model
from cardrules.engine.explain import explain
from cardrules.engine.position import load as load_position
from cardrules.language import cache
from cardrules.language.resources import bundled_games

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv(cache.DISABLE_VARIABLE, raising=False)
    return tmp_path / "xdg" / "cardrules"


def entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.model"))


def moves_of(game, seed: int) -> list[str]:
    state, rng, out = game.new_state(seed), random.Random(seed), []
    while not state.is_over and len(out) < 300:
        legal = state.legal_moves()
        move = legal[rng.randrange(len(legal))]
        out.append(str(move))
        state.apply(move)
    return out + [repr(state.scores()) if state.is_over else "unfinished"]


def fresh(name: str, params: dict | None = None, monkeypatch=None):
    monkeypatch.setenv(cache.DISABLE_VARIABLE, "1")
    try:
        return load_game(name, params)
    finally:
        monkeypatch.delenv(cache.DISABLE_VARIABLE)


@pytest.mark.parametrize("name", sorted(bundled_games()))
def test_a_hit_compiles_to_the_same_code_and_plays_the_same_games(name, folder, monkeypatch):
    params = {"max_hands": 2} if name.startswith("buraco") else None
    load_game(name, params)
    assert len(entries(folder)) == 1
    key = cache.model_key(bundled_games()[name], params)
    assert cache.load_model(key) is not None
    cached, uncached = load_game(name, params), fresh(name, params, monkeypatch)
    assert cached.source == uncached.source  # the checker's types and names survived the trip
    assert cached.line_spans == uncached.line_spans
    for seed in range(2):
        assert moves_of(cached, seed) == moves_of(uncached, seed)


def test_runtime_diagnostics_and_explanations_still_point_at_the_rules(folder, tmp_path, monkeypatch):
    rules = tmp_path / "loop.rules"
    rules.write_text(LOOP)
    for _ in range(2):  # a miss, then a hit
        with pytest.raises(RulesRuntimeError) as info:
            load_game(str(rules)).new_state(0)
        assert info.value.render().splitlines()[1:3] == ["    phase spin {", "    ^"]
    assert len(entries(folder)) == 1
    position = ROOT / "tests" / "positions" / "sete_e_meio" / "decide.json"
    load_game("sete-e-meio")
    cached, uncached = load_game("sete-e-meio"), fresh("sete-e-meio", None, monkeypatch)
    why = [explain(load_position(g, position), "raise 20").render() for g in (cached, uncached)]
    assert why[0] == why[1] and "sete_e_meio.rules:" in why[0]


def test_a_changed_rules_file_is_a_miss(folder, tmp_path):
    rules = tmp_path / "loop.rules"
    rules.write_text(LOOP)
    assert load_game(str(rules)).title == "Loop"
    rules.write_text(LOOP.replace('"Loop"', '"Spin"'))
    assert load_game(str(rules)).title == "Spin"
    rules.write_text(LOOP.replace('"Loop"', '"Spin"') + "\n")  # even a change no rule sees
    assert cache.load_model(cache.model_key(rules, None)) is None


def test_a_changed_base_of_a_variant_is_a_miss(folder, tmp_path):
    (tmp_path / "base.rules").write_text(LOOP.replace("var spins: number = 0", "param start: 0..9 = 1\n"
                                                       "var spins: number = start"))
    variant = tmp_path / "variant.rules"
    variant.write_text('game "Variant"\nextends "base.rules"\n')
    assert load_model(str(variant)).values["start"] == 1
    assert load_model(str(variant)).values["start"] == 1  # a hit
    (tmp_path / "base.rules").write_text((tmp_path / "base.rules").read_text().replace("= 1", "= 2"))
    assert load_model(str(variant)).values["start"] == 2


def test_changed_parameters_are_a_miss(folder):
    assert load_model("sete-e-meio", {"players": 3}).player_count == 3
    assert load_model("sete-e-meio", {"players": 4}).player_count == 4
    assert load_model("sete-e-meio", {"players": 3}).player_count == 3
    assert len(entries(folder)) == 2
    assert cache.model_key(Path("x.rules"), {"players": object()}) is None  # not a plain value: never cached


def test_a_changed_package_is_a_miss(folder, monkeypatch):
    load_model("piquet")
    key = cache.model_key(bundled_games()["piquet"], None)
    assert cache.load_model(key) is not None
    monkeypatch.setattr(cache, "fingerprint", lambda: "another version")
    assert cache.load_model(key) is None


@pytest.mark.parametrize("damage", [b"", b"garbage", None])
def test_a_damaged_entry_is_ignored_and_written_afresh(folder, damage):
    load_model("piquet")
    (entry,) = entries(folder)
    data = entry.read_bytes()
    entry.write_bytes(data[: len(data) // 2] if damage is None else damage)
    assert load_model("piquet").title == load_model("piquet").title
    assert entry.read_bytes() == data
    key = cache.model_key(bundled_games()["piquet"], None)
    assert cache.load_model(key) is not None


def test_an_entry_changed_where_it_still_decodes_is_a_miss(folder):
    game = load_game("piquet")
    (entry,) = entries(folder)
    data = entry.read_bytes()
    # The number of players, written in the model's JSON, changed from 2 to 3: still a model.
    changed = data.replace(b'"player_count":{"i":2}', b'"player_count":{"i":3}', 1) \
        if b'"player_count":{"i":2}' in data else data.replace(b"2", b"3", 1)
    assert changed != data
    entry.write_bytes(changed)
    key = cache.model_key(bundled_games()["piquet"], None)
    assert cache.load_model(key) is None
    assert load_game("piquet").player_count == game.player_count == 2
    (code,) = sorted(folder.glob("*.code"))
    damaged = bytearray(code.read_bytes())
    damaged[-10] ^= 1
    code.write_bytes(bytes(damaged))
    assert cache.load_code(game.source, game.source_file) is None


def test_an_unsafe_folder_is_not_used(folder):
    folder.mkdir(parents=True)
    folder.chmod(0o777)
    with pytest.warns(cache.UnsafeCacheWarning, match="may be written by others"):
        load_model("piquet")
        assert cache.cache_folder() is None and not entries(folder)
    folder.chmod(0o700)
    assert cache.cache_folder() == folder


def test_a_folder_that_cannot_be_made_means_no_cache(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "file"))
    assert cache.cache_folder() is None
    assert load_model("piquet").title


def test_the_cache_can_be_turned_off(folder, monkeypatch):
    monkeypatch.setenv(cache.DISABLE_VARIABLE, "1")
    load_model("piquet")
    assert not folder.exists()


def test_old_entries_are_pruned(folder, monkeypatch):
    monkeypatch.setattr(cache, "MAX_ENTRIES", 2)
    for players in (2, 3, 4):
        load_model("sete-e-meio", {"players": players})
    assert len(entries(folder)) == 2
    key = cache.model_key(bundled_games()["sete-e-meio"], {"players": 4})
    assert cache.load_model(key) is not None


def code_key(name: str, monkeypatch) -> str:
    """The key the compiler keeps `name`'s code object under, caught on its way to the cache."""
    keys = []
    real = cache.load_code
    monkeypatch.setattr(cache, "load_code", lambda key, filename: keys.append(key) or real(key, filename))
    load_game(name)
    monkeypatch.setattr(cache, "load_code", real)
    return keys[-1]


@pytest.mark.parametrize("damage", [b"", b"cardrules-code-cache 2 wrong magic\n", None])
def test_a_damaged_code_entry_is_ignored_and_written_afresh(folder, damage, monkeypatch):
    game = load_game("piquet")
    key = code_key("piquet", monkeypatch)
    (entry,) = sorted(folder.glob("*.code"))
    data = entry.read_bytes()
    entry.write_bytes(data[: len(data) // 2] if damage is None else damage)
    assert cache.load_code(key, game.source_file) is None
    assert load_game("piquet").source == game.source
    assert entry.read_bytes() == data
    code, (source, origin) = cache.load_code(key, game.source_file)
    assert code == compile(game.source, game.source_file, "exec") and source == game.source
    assert len(origin) == len(game.line_spans)
    assert cache.load_code(key + "\n", game.source_file) is None  # another source, another entry


def test_a_hit_lays_the_module_out_as_a_miss_does(folder, monkeypatch):
    missed = load_game("hearts")
    hit = load_game("hearts")
    assert hit.source == missed.source and hit.line_spans == missed.line_spans
    monkeypatch.setenv(cache.DISABLE_VARIABLE, "1")
    assert load_game("hearts").line_spans == missed.line_spans
