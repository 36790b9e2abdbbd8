"""Which files may be read as rules: the one policy for the command line, `extends` and game logs.

A name is either a bundled game (``sete-e-meio``) or a path ending in ``.rules`` whose target,
symbolic links followed, is a regular file that also ends in ``.rules``. Nothing else is ever
opened, so no diagnostic can quote a file that is not a rules file (``/etc/passwd``,
``/proc/self/environ``). A path named from inside a file (``extends``, a log's ``game``) is
relative to that file's folder, and for ``extends`` must stay inside that folder's tree.
A rules file is at most :data:`MAX_RULES_BYTES` long and UTF-8 text.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .diagnostics import Diagnostic, RulesError, Span, did_you_mean
from .resources import bundled_games

from .limits import MAX_RULES_BYTES


def locate_rules(name: str, relative_to: Path | None = None, confined: bool = False) -> Path:
    """The rules file `name` stands for. `relative_to` is the folder a relative path starts
    from; with `confined`, the file must lie inside that folder's tree."""
    games = bundled_games()
    key = name.replace("_", "-").lower()
    if not name.endswith(".rules"):
        if key in games:
            return games[key]
        hint = did_you_mean(key, games) or f"bundled games: {', '.join(games)}; a rules file's name ends in `.rules`"
        raise RulesError([Diagnostic(f"`{name}` is neither a rules file nor a bundled game", None, hint)])
    path = Path(name)
    if relative_to is not None:
        if confined and path.is_absolute():
            raise RulesError([Diagnostic(f"`{name}` is an absolute path", None, _CONFINED_HINT)])
        path = relative_to / path
    try:
        target = path.resolve()
        if confined and not target.is_relative_to(relative_to.resolve()):
            raise RulesError([Diagnostic(f"`{name}` lies outside this file's folder", None, _CONFINED_HINT)])
        if target.suffix != ".rules" or not target.is_file():
            raise RulesError([Diagnostic(f"no rules file at `{name}`")])
    except (OSError, RuntimeError, ValueError):  # a loop of links, a name the system refuses
        raise RulesError([Diagnostic(f"no rules file at `{name}`")]) from None
    return path


_CONFINED_HINT = ("`extends` names a bundled game or a `.rules` file in the variant's own folder or below, "
                  "by a relative path such as \"base.rules\" or \"house/base.rules\"")


def read_rules_text(path: Path) -> str:
    """The text of a located rules file, refused when too large or not UTF-8."""
    try:
        with path.open("rb") as f:
            data = f.read(MAX_RULES_BYTES + 1)
    except OSError as exc:
        raise RulesError([Diagnostic(f"cannot read `{path}`: {exc.strerror or exc}")]) from None
    if len(data) > MAX_RULES_BYTES:
        raise RulesError([Diagnostic(f"`{path}` is larger than {MAX_RULES_BYTES:,} bytes, the most a rules "
                                     "file may be", None, "split the game, or remove what it does not use")])
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RulesError([Diagnostic(f"`{path}` is not UTF-8 text (byte {exc.start})")]) from None


MAX_JSON_BYTES = 200_000_000  # a position, a game log or a saved run of a million games


def read_json(path: str | Path, what: str) -> Any:
    """A JSON file (a position, a game log, a saved run) as plain data, or a RulesError saying
    why not: never a Python error, whatever the bytes. `NaN` and `Infinity` are not JSON numbers."""
    import json  # only reading a position or a log needs it: not imported on the way to a loaded game
    try:
        with Path(path).open("rb") as f:
            data = f.read(MAX_JSON_BYTES + 1)
    except OSError as exc:
        raise RulesError([Diagnostic(f"cannot read {what} `{path}`: {exc.strerror or exc}")]) from None
    if len(data) > MAX_JSON_BYTES:
        raise RulesError([Diagnostic(f"{path}: the {what} is larger than {MAX_JSON_BYTES:,} bytes")])
    try:
        return json.loads(data.decode("utf-8"), parse_constant=_not_a_number)
    except UnicodeDecodeError as exc:
        raise RulesError([Diagnostic(f"{path}: the {what} is not UTF-8 text (byte {exc.start})")]) from None
    except json.JSONDecodeError as exc:
        raise RulesError([Diagnostic(f"the {what} is not valid JSON: {exc.msg}",
                                     Span(str(path), exc.lineno, exc.colno))]) from None
    except ValueError as exc:  # a number with more digits than Python converts, NaN, Infinity
        raise RulesError([Diagnostic(f"{path}: the {what} is not valid JSON: {exc}")]) from None
    except RecursionError:
        raise RulesError([Diagnostic(f"{path}: the {what} nests lists or objects too deeply")]) from None


def _not_a_number(word: str):
    raise ValueError(f"`{word}` is not a number")
