"""Where the grammar and the bundled games live, in a checkout and in an installed package."""

from __future__ import annotations

from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parent.parent.parent


def _folder(checkout_name: str, package: str) -> Path:
    local = _CHECKOUT / checkout_name
    if local.is_dir():
        return local
    # Installed, the folders are data packages without __init__.py (namespace packages).
    spec = find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return local
    return Path(list(spec.submodule_search_locations)[0])


def grammar_path() -> Path:
    return _folder("grammar", "cardrules._grammar") / "cardrules.lark"


def games_folder() -> Path:
    return _folder("games", "cardrules._games")


def bundled_games() -> dict[str, Path]:
    """Bundled games by name: ``sete_e_meio.rules`` is ``sete-e-meio``."""
    return {p.stem.replace("_", "-"): p for p in sorted(games_folder().glob("*.rules"))}


@lru_cache(maxsize=1)
def _bundled_by_path() -> dict[Path, str]:
    return {path.resolve(): name for name, path in bundled_games().items()}


def bundled_name(path: str | Path) -> str | None:
    """The name of the bundled game that `path` is (``sete-e-meio``), or None for any other file."""
    try:
        return _bundled_by_path().get(Path(path).resolve())
    except (OSError, ValueError):  # a name no file system takes (a NUL byte)
        return None


def shown_file(path: str) -> str:
    """How a message names a rules file: a bundled game by its file's own name
    (``sete_e_meio.rules``), never by where the package is installed; any other file as given."""
    return Path(path).name if bundled_name(path) is not None else path
