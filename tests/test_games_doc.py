"""docs/games.md keeps up with games/: a table row for every bundled base game, and every
variant named on its base game's row, so the page cannot fall behind the files."""

import re
from pathlib import Path

import pytest

from cardrules.language.resources import bundled_games

DOC = (Path(__file__).resolve().parent.parent / "docs" / "games.md").read_text()
EXTENDS = re.compile(r'^\s*extends\s+"([^"]+)"', re.MULTILINE)
ROWS = {m.group(1): m.group(0) for m in re.finditer(r"^\| `([a-z0-9-]+)` \|.*$", DOC, re.MULTILINE)}


def base_of(path: Path) -> str | None:
    found = EXTENDS.search(path.read_text())
    return found.group(1) if found else None


GAMES = bundled_games()
BASES = sorted(name for name, path in GAMES.items() if base_of(path) is None)
VARIANTS = sorted((name, base_of(path)) for name, path in GAMES.items() if base_of(path) is not None)


@pytest.mark.parametrize("name", BASES)
def test_every_bundled_game_has_its_row(name):
    assert name in ROWS, f"docs/games.md has no row `| `{name}` | ...` for games/{GAMES[name].name}"


@pytest.mark.parametrize(("name", "base"), VARIANTS)
def test_every_variant_is_named_on_its_games_row(name, base):
    assert f"`{name}`" in ROWS.get(base, ""), f"docs/games.md: the row of `{base}` does not name its variant `{name}`"


def test_every_row_is_a_bundled_game():
    assert set(ROWS) <= set(BASES)
