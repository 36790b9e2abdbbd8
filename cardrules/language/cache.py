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

Where others can write. A model or the parser's tables are JSON (:mod:`.data_format`), which
cannot run code when read; a code entry is bytecode, run as a .pyc file is, so it must be as
much the user's own as the user's files. The folder is therefore opened without following
links and used only when it is a folder of the user's, writable by no one else, under parents
that are the user's or root's and, when others may write to them, sticky (as /tmp is): a
planted link or folder turns caching off with a warning. Every entry is opened relative to
that open folder, without following links, and read only when it is a regular file of the
user's that no one else may write; pruning removes only names the cache writes.
``CARDRULES_NO_CACHE=1`` turns the cache off. An entry is written whole or not at all (a
temporary file, then a rename), with the SHA-256 of what it holds: one that cannot be read, or
whose content is not exactly what was written (cut short, a byte changed, however it would
decode), is a miss, and is written afresh.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import marshal
import os
import re
import stat
import sys
import warnings
import zlib
from contextlib import contextmanager
from fractions import Fraction
from functools import lru_cache
from importlib.util import MAGIC_NUMBER, find_spec
from pathlib import Path
from types import CodeType
from typing import Any, Iterator

import attrs

from . import data_format
from . import nodes as n
from .diagnostics import RulesError
from .files import read_rules_text
from .model import Model
from .resources import grammar_path

DISABLE_VARIABLE = "CARDRULES_NO_CACHE"
MAX_ENTRIES = 256  # models kept, and as many compiled games; the oldest written go first
MAX_ENTRY_BYTES = 64 << 20  # a larger file in the folder was not written by the cache
_FORMAT = b"cardrules-model-cache 3\n"
_GRAMMAR_FORMAT = b"cardrules-grammar-cache 2\n"
# Bytecode is read only by the interpreter that wrote it, as with .pyc files.
_CODE_FORMAT = b"cardrules-code-cache 2 " + MAGIC_NUMBER + b"\n"
_PACKAGE = Path(__file__).resolve().parent.parent
# Every name the cache writes; nothing else in the folder is read, replaced or pruned.
_ENTRY_NAME = re.compile(r"(?:[0-9a-f]{8}\.(?:model|code)|grammar\.json)")
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
# Without links and folders opened by descriptor (Windows), nothing is cached.
_SUPPORTED = (hasattr(os, "O_NOFOLLOW") and hasattr(os, "O_DIRECTORY") and hasattr(os, "getuid")
              and os.open in os.supports_dir_fd and os.stat in os.supports_fd)


class UnsafeCacheWarning(UserWarning):
    """The cache folder, or a folder above it, is one another user could change."""


def folder_path() -> Path | None:
    """``$XDG_CACHE_HOME/cardrules`` (``~/.cache/cardrules``), or None when the cache is off."""
    if os.environ.get(DISABLE_VARIABLE) or not _SUPPORTED:
        return None
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):  # the XDG rule: a relative value is ignored
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "cardrules"


def cache_folder() -> Path | None:
    """The cache folder, made private if new, when it is safe to use (see the module's text);
    None otherwise, with an :class:`UnsafeCacheWarning` when the reason is who may change it."""
    with _open_folder() as fd:
        return folder_path() if fd is not None else None


@contextmanager
def _open_folder() -> Iterator[int | None]:
    """A descriptor of the cache folder once it is known safe, or None; closed afterwards."""
    path = folder_path()
    fd = _safe_folder(path) if path is not None else None
    try:
        yield fd
    finally:
        if fd is not None:
            os.close(fd)


def _safe_folder(path: Path) -> int | None:
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return None
    problem = _unsafe_parents(path.parent)
    if problem is None:
        try:
            os.mkdir(path, 0o700)
        except FileExistsError:
            pass
        except OSError:
            return None
        try:
            fd = os.open(path, _OPEN_FLAGS | os.O_DIRECTORY)
        except OSError:  # a link (ELOOP), not a folder (ENOTDIR), or unreadable
            problem = f"{path} is not a folder of its own (a link, or something else)" if os.path.islink(path) \
                else None
            if problem is None:
                return None
        else:
            problem = _unsafe(os.fstat(fd), path)
            if problem is None:
                return fd
            os.close(fd)
    _warn(problem)
    return None


def _unsafe(info: os.stat_result, path: Path) -> str | None:
    if not stat.S_ISDIR(info.st_mode):
        return f"{path} is not a folder"
    if info.st_uid != os.getuid():
        return f"{path} belongs to another user (uid {info.st_uid})"
    if info.st_mode & 0o022:
        return f"{path} may be written by others (mode {stat.filemode(info.st_mode)})"
    return None


def _unsafe_parents(folder: Path) -> str | None:
    """Why another user could replace what `folder` leads to, or None: every folder above the
    cache, links resolved, must be the user's or root's, and sticky if others may write to it."""
    try:
        real = Path(os.path.realpath(folder))
        for place in (real, *real.parents):
            info = os.lstat(place)
            if info.st_uid not in (0, os.getuid()):
                return f"{place}, above the cache folder, belongs to another user (uid {info.st_uid})"
            if info.st_mode & 0o022 and not info.st_mode & stat.S_ISVTX:
                return f"{place}, above the cache folder, may be written by others and is not sticky"
    except OSError:
        return None  # a folder cannot be looked at: the folder itself cannot be made either
    return None


def _warn(problem: str) -> None:
    # Python shows a warning once per place and text: a run that loads many games says it once.
    warnings.warn(f"cardrules does not cache here: {problem}; set XDG_CACHE_HOME to a folder of your own, "
                  f"or {DISABLE_VARIABLE}=1", UnsafeCacheWarning, stacklevel=2)


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


def _model_entry(key: str) -> str:
    # The name only spreads the entries out: the key inside is compared in full.
    return f"{zlib.crc32(key.encode('utf-8')):08x}.model"


def load_model(key: str | None) -> Model | None:
    """The cached model under `key`, or None (a miss) when there is none that is still good."""
    if key is None:
        return None
    data = _read_entry(_model_entry(key), _FORMAT)
    if data is None:
        return None
    try:
        header, _, body = data.partition(b"\n")
        stored_key, stored_print, texts = json.loads(header)
        if stored_key != key or stored_print != fingerprint() or not _unchanged(texts):
            return None
        model, types, names = data_format.loads(body)
        if not isinstance(model, Model):
            return None
        # The checker keys these by the identity of AST nodes, which a new process does not share:
        # they were stored as (node, value) pairs in the same document as the nodes.
        model.types = {id(node): value for node, value in types}
        model.names = {id(node): value for node, value in names}
    except Exception:  # whatever a damaged entry makes the reader raise is only a miss
        return None
    return model


def _unchanged(texts: Any) -> bool:
    if not isinstance(texts, dict):
        return False
    for name, text in texts.items():
        try:
            if read_rules_text(Path(name)) != text:
                return False
        except RulesError:
            return False
    return True


def store_model(key: str | None, model: Model) -> None:
    """Keep `model` under `key`; anything that stops it (no folder, a full disk) leaves no entry."""
    if key is None:
        return
    nodes = _nodes(model)
    types = [(nodes[i], value) for i, value in model.types.items() if i in nodes]
    names = [(nodes[i], value) for i, value in model.names.items() if i in nodes]
    bare = attrs.evolve(model, types={}, names={})
    try:
        header = json.dumps([key, fingerprint(), model.sources.texts()]).encode("utf-8")
        body = data_format.dumps([bare, types, names])
    # A model holding a value of an unforeseen kind, or nested deeper than the writer's
    # stack, is simply not cached.
    except (data_format.FormatError, RecursionError, ValueError):
        return
    _write(_model_entry(key), _FORMAT, header + b"\n" + body, ".model")


def load_grammar(key: str) -> Any:
    """What :func:`store_grammar` kept under `key` (the parser's tables as plain data), or None."""
    data = _read_entry("grammar.json", _GRAMMAR_FORMAT)
    if data is None:
        return None
    try:
        stored_key, value = data_format.loads(data)
    except Exception:
        return None
    return value if stored_key == key else None


def store_grammar(key: str, value: Any) -> None:
    try:
        data = data_format.dumps([key, value])
    except (data_format.FormatError, RecursionError, ValueError):
        return
    _write("grammar.json", _GRAMMAR_FORMAT, data, None)


def load_code(key: str, filename: str) -> tuple[CodeType, Any] | None:
    """The code object kept under exactly this key (the generated source as written, with what
    else made it) and file name, and the plain data kept with it; None if the cache has none."""
    data = _read_entry(_code_entry(key), _CODE_FORMAT)
    if data is None:
        return None
    try:
        stored_name, stored_key, code, extra = marshal.loads(data)
    except Exception:
        return None
    if (stored_name, stored_key) != (filename, key) or not isinstance(code, CodeType):
        return None
    return code, extra


def store_code(key: str, filename: str, code: CodeType, extra: Any = None) -> None:
    """Keep a code object under `key` with `extra` (plain data marshal writes), as
    :func:`store_model` keeps a model."""
    try:
        data = marshal.dumps((filename, key, code, extra))
    except ValueError:  # marshal refuses what it cannot write; then it is not cached
        return
    _write(_code_entry(key), _CODE_FORMAT, data, ".code")


def _code_entry(key: str) -> str:
    return f"{zlib.crc32(key.encode('utf-8')):08x}.code"


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


def _read_entry(name: str, tag: bytes) -> bytes | None:
    """What an entry holds, after its format tag and digest, or None (a miss) for an entry that
    is missing, not a regular file of the user's that only the user may write, too large, of
    another format, or not what was written (its digest differs)."""
    with _open_folder() as folder:
        if folder is None:
            return None
        try:
            fd = os.open(name, _OPEN_FLAGS, dir_fd=folder)
        except OSError:
            return None
        with os.fdopen(fd, "rb") as f:
            try:
                info = os.fstat(f.fileno())
                if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o022 \
                        or info.st_size > MAX_ENTRY_BYTES:
                    return None
                data = f.read(MAX_ENTRY_BYTES + 1)
            except OSError:
                return None
    if not data.startswith(tag) or len(data) > MAX_ENTRY_BYTES:
        return None
    digest, _, payload = data[len(tag):].partition(b"\n")
    return payload if hmac.compare_digest(digest, _digest(payload)) else None


def _digest(payload: bytes) -> bytes:
    return hashlib.sha256(payload).hexdigest().encode("ascii")


def _write(name: str, tag: bytes, payload: bytes, prune: str | None) -> None:
    """Write `payload` as the entry `name`, after its format `tag` and its digest (a temporary
    file, then a rename), then keep at most MAX_ENTRIES entries ending in `prune`."""
    data = tag + _digest(payload) + b"\n" + payload
    with _open_folder() as folder:
        if folder is None:
            return
        temporary = f".{name}.{os.urandom(6).hex()}.tmp"
        try:
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0),
                         0o600, dir_fd=folder)
        except OSError:
            return
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(temporary, name, src_dir_fd=folder, dst_dir_fd=folder)
        except OSError:
            try:
                os.unlink(temporary, dir_fd=folder)
            except OSError:
                pass
            return
        if prune is not None:
            _prune(folder, prune)


def _prune(folder: int, suffix: str) -> None:
    try:
        entries = []
        with os.scandir(folder) as found:
            for entry in found:
                if entry.name.endswith(suffix) and _ENTRY_NAME.fullmatch(entry.name) \
                        and entry.is_file(follow_symlinks=False):
                    entries.append((entry.stat(follow_symlinks=False).st_mtime_ns, entry.name))
        for _, name in sorted(entries)[:max(len(entries) - MAX_ENTRIES, 0)]:
            os.unlink(name, dir_fd=folder)
    except OSError:  # another process pruned first
        pass
