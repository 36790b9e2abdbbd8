"""The per-user cache: Lark's parser tables, checked models and compiled games, kept between
processes.

A fresh process that loads a game it loaded before takes the checked :class:`Model` from here
instead of parsing and checking the rules again (and so never imports Lark), and the code object
of the generated source instead of compiling it (an entry for exactly that source, file name and
interpreter, as a .pyc file is). A model is used only when everything that made it is unchanged:

- the key: the rules file as named (and the working folder, when the name is relative, since
  diagnostics quote the name) and the parameter values;
- the text of every file read, the file and the bases it extends, compared in full;
- the package itself: Python's version and the size and modification time of every module of
  cardrules, of the grammar, and of Lark and attrs (the test Python applies to its own
  bytecode caches), so that an edited checkout never loads a stale entry.

Entries are pickles, and loading a pickle runs code: the folder must belong to the user and be
writable by no one else, or nothing is cached. ``CARDRULES_NO_CACHE=1`` turns the cache off.
An entry is written whole or not at all (a temporary file, then a rename); one that cannot be
read, for whatever reason, is a miss, and is written afresh.
"""

from __future__ import annotations

import marshal
import os
import pickle
import stat
import sys
import zlib
from fractions import Fraction
from functools import lru_cache
from importlib.util import MAGIC_NUMBER, find_spec
from pathlib import Path
from types import CodeType
from typing import Any, BinaryIO, Callable

import attrs

from . import nodes as n
from .diagnostics import RulesError
from .files import read_rules_text
from .model import Model
from .resources import grammar_path

DISABLE_VARIABLE = "CARDRULES_NO_CACHE"
MAX_ENTRIES = 256  # models kept, and as many compiled games; the oldest written go first
_FORMAT = b"cardrules-model-cache 1\n"
# Bytecode is read only by the interpreter that wrote it, as with .pyc files.
_CODE_FORMAT = b"cardrules-code-cache 1 " + MAGIC_NUMBER + b"\n"
_PACKAGE = Path(__file__).resolve().parent.parent


def cache_folder() -> Path | None:
    """``$XDG_CACHE_HOME/cardrules`` (``~/.cache/cardrules``), made private if new; None when the
    cache is turned off, the folder cannot be made, or others could write to it."""
    if os.environ.get(DISABLE_VARIABLE):
        return None
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):  # the XDG rule: a relative value is ignored
        base = os.path.join(os.path.expanduser("~"), ".cache")
    folder = Path(base) / "cardrules"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = folder.stat()
    except OSError:
        return None
    return folder if _private(info) else None


def _private(info: os.stat_result) -> bool:
    getuid = getattr(os, "getuid", None)
    if getuid is None:  # no POSIX owners and modes (Windows): the folder is in the user's profile
        return True
    return stat.S_ISDIR(info.st_mode) and info.st_uid == getuid() and not info.st_mode & 0o022


def model_key(path: Path, params: dict[str, Any] | None) -> str | None:
    """What names one cached model, or None when the parameters are not plain values (whose
    text would not say what they are)."""
    values = params or {}
    if not all(isinstance(k, str) and _plain(v) for k, v in values.items()):
        return None
    try:
        folder = "" if path.is_absolute() else os.getcwd()
    except OSError:  # the working folder was removed
        return None
    return repr((str(path), folder, sorted(values.items())))


def _plain(value: Any) -> bool:
    if isinstance(value, (tuple, list)):
        return all(_plain(v) for v in value)
    return value is None or type(value) in (bool, int, str, Fraction)


@lru_cache(maxsize=1)
def fingerprint() -> str:
    """Python's version and the size and time of every file the package's behaviour comes from."""
    files = sorted(str(p) for p in _PACKAGE.rglob("*.py"))
    files.append(str(grammar_path()))
    for name in ("lark", "attr"):
        spec = find_spec(name)
        if spec is not None and spec.origin:
            files.append(spec.origin)
    parts = [sys.version]
    for name in files:
        try:
            info = os.stat(name)
        except OSError:
            info = None
        parts.append(f"{name} {info.st_size} {info.st_mtime_ns}" if info else f"{name} missing")
    return "\n".join(parts)


def _entry(folder: Path, key: str) -> Path:
    # The name only spreads the entries out: the key inside is compared in full.
    return folder / f"{zlib.crc32(key.encode('utf-8')):08x}.model"


def load_model(key: str | None) -> Model | None:
    """The cached model under `key`, or None (a miss) when there is none that is still good."""
    folder = cache_folder() if key is not None else None
    if folder is None:
        return None

    def read(f):
        stored_key, stored_print, texts = pickle.load(f)
        if stored_key != key or stored_print != fingerprint() or not _unchanged(texts):
            return None
        model, types, names = pickle.load(f)
        return model, types, names
    found = _read_entry(_entry(folder, key), _FORMAT, read)
    if found is None:
        return None
    model, types, names = found
    # The checker keys these by the identity of AST nodes, which a new process does not share:
    # they were stored as (node, value) pairs inside the same pickle as the nodes.
    model.types = {id(node): value for node, value in types}
    model.names = {id(node): value for node, value in names}
    return model


def _read_entry(path: Path, tag: bytes, read: Callable[[BinaryIO], Any]) -> Any:
    """What `read` makes of an entry after its format tag, or None (a miss) for an entry that
    is missing, of another format, or damaged: whatever such a file makes the loaders raise
    is only a miss."""
    try:
        with open(path, "rb") as f:
            if f.read(len(tag)) != tag:
                return None
            return read(f)
    except Exception:
        return None


def _unchanged(texts: dict[str, str]) -> bool:
    for name, text in texts.items():
        try:
            if read_rules_text(Path(name)) != text:
                return False
        except RulesError:
            return False
    return True


def store_model(key: str | None, model: Model) -> None:
    """Keep `model` under `key`; anything that stops it (no folder, a full disk) leaves no entry."""
    folder = cache_folder() if key is not None else None
    if folder is None:
        return
    nodes = _nodes(model)
    types = [(nodes[i], value) for i, value in model.types.items() if i in nodes]
    names = [(nodes[i], value) for i, value in model.names.items() if i in nodes]
    bare = attrs.evolve(model, types={}, names={})
    try:
        header = pickle.dumps((key, fingerprint(), model.sources.texts()), pickle.HIGHEST_PROTOCOL)
        body = pickle.dumps((bare, types, names), pickle.HIGHEST_PROTOCOL)
    # A model that cannot be pickled (a value of an unforeseen kind, nesting too deep for
    # pickle's stack) is simply not cached.
    except Exception:
        return
    _write(_entry(folder, key), _FORMAT + header + body)
    _prune(folder, "*.model")


def load_code(source: str, filename: str) -> CodeType | None:
    """The code object compiled from exactly this generated source, if the cache has it."""
    folder = cache_folder()
    if folder is None:
        return None

    def read(f):
        stored_name, stored_source, code = marshal.load(f)
        return code if (stored_name, stored_source) == (filename, source) and isinstance(code, CodeType) else None
    return _read_entry(_code_entry(folder, source), _CODE_FORMAT, read)


def store_code(source: str, filename: str, code: CodeType) -> None:
    """Keep the code object compiled from `source`, as :func:`store_model` keeps a model."""
    folder = cache_folder()
    if folder is None:
        return
    try:
        data = _CODE_FORMAT + marshal.dumps((filename, source, code))
    except ValueError:  # marshal refuses what it cannot write; then it is not cached
        return
    _write(_code_entry(folder, source), data)
    _prune(folder, "*.code")


def _code_entry(folder: Path, source: str) -> Path:
    return folder / f"{zlib.crc32(source.encode('utf-8')):08x}.code"


def _nodes(model: Model) -> dict[int, Any]:
    """Every AST node the model holds, by identity: those the checker typed are among them."""
    found: dict[int, Any] = {}
    seen: set[int] = set()
    stack: list[Any] = [getattr(model, a.name) for a in attrs.fields(Model)]
    while stack:
        x = stack.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        if isinstance(x, (tuple, list, set, frozenset)):
            stack.extend(x)
        elif isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, n.Node):
            found[id(x)] = x
            stack.extend(getattr(x, f) for f in x.FIELDS)
        elif attrs.has(type(x)):  # the model's own records (zones, variables, the display)
            stack.extend(getattr(x, a.name) for a in attrs.fields(type(x)))
    return found


def _write(target: Path, data: bytes) -> None:
    import tempfile  # only a miss writes; a hit need not pay for the import
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".", suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, target)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def _prune(folder: Path, pattern: str) -> None:
    try:
        entries = [(p.stat().st_mtime_ns, p) for p in folder.glob(pattern)]
        for _, p in sorted(entries)[:max(len(entries) - MAX_ENTRIES, 0)]:
            p.unlink()
    except OSError:  # another process pruned first
        pass
