"""Which files may be read as rules: the one policy for the command line, `extends` and game logs.

A name is either a bundled game (``sete-e-meio``) or a path ending in ``.rules`` whose target,
symbolic links followed, is a regular file that also ends in ``.rules``. Nothing else is ever
opened, so no diagnostic can quote a file that is not a rules file (``/etc/passwd``,
``/proc/self/environ``). A path named from inside a file (``extends``, a log's ``game``) is
relative to that file's folder, and for ``extends`` must stay inside that folder's tree.
A rules file is at most :data:`MAX_RULES_BYTES` long and UTF-8 text.
"""

from __future__ import annotations

import contextlib
import re
import sys
from pathlib import Path
from typing import Any, BinaryIO, Callable

import attrs

from .diagnostics import Diagnostic, RulesError, Span, did_you_mean
from .resources import bundled_games

from .limits import MAX_POSITION_BYTES, MAX_RULES_BYTES


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


STANDARD_INPUT = "-"  # as a JSON file's path: read standard input instead


def _opened(path: str | Path):
    """The file to read, as binary; the path `-` is standard input (left open when done)."""
    if str(path) == STANDARD_INPUT:
        return contextlib.nullcontext(sys.stdin.buffer)
    return Path(path).open("rb")


def read_json(path: str | Path, what: str, limit: int, stream: Stream | None = None) -> Any:
    """A JSON file (a position, a game log, a saved run; `-` for standard input) as plain data,
    or a RulesError saying why not: never a Python error, whatever the bytes, and never more
    than `limit` bytes read. `NaN` and `Infinity` are not JSON numbers; running out of memory is
    a diagnostic too.

    With `stream`, the array that :class:`Stream` names is not built as one list: the file is read
    a piece at a time and each element handed to the stream as it is read (a saved run's games),
    while the rest of the document, at most :data:`MAX_POSITION_BYTES` of it, is built as usual."""
    import json  # only reading a position or a log needs it: not imported on the way to a loaded game
    try:
        with _opened(path) as f:
            if stream is not None:
                return _Reader(f, path, what, limit).document(stream)
            data = f.read(limit + 1)
        if len(data) > limit:
            raise RulesError([Diagnostic(f"{path}: the {what} is larger than {limit:,} bytes", None,
                                         _TOO_LARGE_HINT.get(what))])
        return json.loads(data.decode("utf-8"), parse_constant=_not_a_number)
    except OSError as exc:
        raise RulesError([Diagnostic(f"cannot read {what} `{path}`: {exc.strerror or exc}")]) from None
    except UnicodeDecodeError as exc:
        raise RulesError([Diagnostic(f"{path}: the {what} is not UTF-8 text (byte {exc.start})")]) from None
    except json.JSONDecodeError as exc:
        raise RulesError([Diagnostic(f"the {what} is not valid JSON: {exc.msg}",
                                     Span(str(path), exc.lineno, exc.colno))]) from None
    except ValueError as exc:  # a number with more digits than Python converts, NaN, Infinity
        raise RulesError([Diagnostic(f"{path}: the {what} is not valid JSON: {exc}")]) from None
    except RecursionError:
        raise RulesError([Diagnostic(f"{path}: the {what} nests lists or objects too deeply")]) from None
    except MemoryError:
        raise RulesError([Diagnostic(f"{path}: the {what} does not fit in the memory available", None,
                                     "read it on a machine with more memory, or make it smaller")]) from None


_TOO_LARGE_HINT = {
    "saved run": "a run that large cannot be resumed: start another with --seed, and combine the figures",
}


def _not_a_number(word: str):
    raise ValueError(f"`{word}` is not a number")


@attrs.frozen
class Stream:
    """Where the array to stream lies (`keys`, from the top object down) and what takes each of its
    elements: ``take(element, parent)``, `parent` being the object that holds the array, with the
    keys read before it. The array itself reads as an empty list."""

    keys: tuple[str, ...]
    take: Callable[[Any, dict], None]


_NUMBER_TAIL = re.compile(r"[0-9.eE+-]*")


class _Reader:
    """A JSON document decoded a value at a time from a binary file, holding at once only the
    part of the text not yet decoded."""

    CHUNK = 1 << 16

    def __init__(self, f: BinaryIO, path: str | Path, what: str, limit: int):
        import codecs
        import json
        self.f, self.path, self.what, self.limit = f, path, what, limit
        self.utf8 = codecs.getincrementaldecoder("utf-8")()
        self.decoder = json.JSONDecoder(parse_constant=_not_a_number)
        self.text = ""  # what is read and not yet decoded starts at self.at
        self.at = 0
        self.read = 0  # bytes read
        self.eof = False
        self.line, self.column = 1, 1  # where self.text begins in the file
        self.kept = 0  # characters of the document built as a tree, streamed elements aside

    def document(self, stream: Stream) -> Any:
        value = self._stream(stream.keys, stream.take, None)
        if self._peek():
            self._fail("extra data after the document")
        return value

    def _stream(self, keys: tuple[str, ...], take: Callable[[Any, dict], None], parent: dict | None) -> Any:
        """The value here, the array at `keys` below it streamed."""
        if not keys:
            if self._peek() != "[" or parent is None:
                return self._value()
            self.at += 1
            if self._peek() == "]":
                self.at += 1
                return []
            while True:
                take(self._value(kept=False), parent)
                if self._separator("]"):
                    return []
        if self._peek() != "{":
            return self._value()
        self.at += 1
        out: dict = {}
        if self._peek() == "}":
            self.at += 1
            return out
        while True:
            if self._peek() != '"':
                self._fail("Expecting property name enclosed in double quotes")
            key = self._value()
            if self._peek() != ":":
                self._fail("Expecting ':' delimiter")
            self.at += 1
            out[key] = self._stream(keys[1:], take, out) if key == keys[0] else self._value()
            if self._separator("}"):
                return out

    def _separator(self, close: str) -> bool:
        """Past a `,` (False) or the closing bracket (True)."""
        char = self._peek()
        if char not in (",", close):
            self._fail("Expecting ',' delimiter" if char else "Expecting value")
        self.at += 1
        return char == close

    def _peek(self) -> str:
        """The next character that is not white space ("" at the end), not consumed."""
        while True:
            while self.at < len(self.text) and self.text[self.at] in " \t\n\r":
                self.at += 1
            if self.at < len(self.text):
                return self.text[self.at]
            if not self._more():
                return ""

    def _value(self, kept: bool = True) -> Any:
        """The JSON value that starts here, read further until it is whole."""
        import json
        self._peek()
        while True:
            try:
                value, end = self.decoder.raw_decode(self.text, self.at)
            except json.JSONDecodeError as exc:
                if self._more():
                    continue  # cut off where the text read so far ends
                self._fail(exc.msg, exc.pos)
            if _NUMBER_TAIL.fullmatch(self.text, end) and self._more():
                continue  # a number may go on in the text not read yet (`0.` of `0.95`)
            if kept:
                self.kept += end - self.at
                if self.kept > MAX_POSITION_BYTES:
                    raise RulesError([Diagnostic(f"{self.path}: the {self.what} holds more than "
                                                 f"{MAX_POSITION_BYTES:,} bytes besides its games")])
            self.at = end
            return value

    def _more(self) -> bool:
        """Read more of the file, at least as much as is waiting (so that a long value is decoded
        a bounded number of times); False at its end."""
        if self.eof:
            return False
        gone = self.text[:self.at]
        newlines = gone.count("\n")
        self.line += newlines
        self.column = len(gone) - gone.rfind("\n") if newlines else self.column + len(gone)
        self.text = self.text[self.at:]
        self.at = 0
        data = self.f.read(max(self.CHUNK, len(self.text)))
        if self.read + len(data) > self.limit:
            raise RulesError([Diagnostic(f"{self.path}: the {self.what} is larger than {self.limit:,} bytes",
                                         None, _TOO_LARGE_HINT.get(self.what))])
        try:
            self.text += self.utf8.decode(data, final=not data)
        except UnicodeDecodeError as exc:
            raise UnicodeDecodeError(exc.encoding, exc.object, self.read + exc.start, self.read + exc.end,
                                     exc.reason) from None
        self.read += len(data)
        self.eof = not data
        return True

    def _fail(self, message: str, at: int | None = None) -> None:
        at = self.at if at is None else at
        before = self.text[:at]
        newlines = before.count("\n")
        line = self.line + newlines
        column = at - before.rfind("\n") if newlines else self.column + at
        raise RulesError([Diagnostic(f"the {self.what} is not valid JSON: {message}",
                                     Span(str(self.path), line, column))])
