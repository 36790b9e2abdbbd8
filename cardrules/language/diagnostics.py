"""Source spans and diagnostics: every error a user can cause is reported through here.

A diagnostic renders as ``file:line:col: error: message``, then the source line, a caret
under the spot, and a hint. Nothing a user writes may surface as a Python traceback, so
every stage raises :class:`RulesError` carrying one or more diagnostics.
"""

from __future__ import annotations

from typing import Iterable, Sequence

import attrs

from .resources import shown_file


@attrs.frozen(slots=True)
class Span:
    """A region of a source file; lines and columns count from 1."""

    file: str
    line: int
    column: int
    end_line: int = 0
    end_column: int = 0

    def __str__(self) -> str:
        return f"{self.shown_file}:{self.line}:{self.column}"

    @property
    def shown_file(self) -> str:
        """The file as a message names it: a bundled game without the install folder."""
        return shown_file(self.file)


@attrs.frozen(slots=True)
class Diagnostic:
    message: str
    span: Span | None = None
    hint: str | None = None
    severity: str = "error"

    def render(self, sources: SourceMap | None = None) -> str:
        where = f"{self.span}: " if self.span else ""
        lines = [f"{where}{self.severity}: {self.message}"]
        text = sources.line(self.span) if (sources and self.span) else None
        if text is not None:
            lines.append(f"    {text}")
            start = max(self.span.column - 1, 0)
            width = 1
            if self.span.end_line == self.span.line and self.span.end_column > self.span.column:
                width = self.span.end_column - self.span.column
            lines.append("    " + _caret_indent(text, start) + "^" * max(width, 1))
        if self.hint:
            lines.append(f"  hint: {self.hint}")
        return "\n".join(lines)


def _caret_indent(text: str, start: int) -> str:
    # Keep tabs so the caret lines up under the same column in a terminal.
    return "".join(ch if ch == "\t" else " " for ch in text[:start])


class SourceMap:
    """The text of every file a diagnostic may point into."""

    def __init__(self) -> None:
        self._files: dict[str, list[str]] = {}
        self._texts: dict[str, str] = {}

    def add(self, name: str, text: str) -> None:
        self._files[name] = text.splitlines()
        self._texts[name] = text

    def texts(self) -> dict[str, str]:
        """Every file's text exactly as read, by name, in the order read."""
        return dict(self._texts)

    def digest(self) -> str:
        """A SHA-256 of every file's text, in the order read: it changes when any rule does."""
        import hashlib
        h = hashlib.sha256()
        for lines in self._files.values():
            h.update("\n".join(lines).encode("utf-8") + b"\0")
        return h.hexdigest()

    def line(self, span: Span) -> str | None:
        lines = self._files.get(span.file)
        if lines is None or not 1 <= span.line <= len(lines):
            return None
        return lines[span.line - 1]

    def text(self, span: Span) -> str | None:
        """The source a span covers, its lines joined into one with single spaces."""
        lines = self._files.get(span.file)
        end_line = span.end_line or span.line
        if lines is None or not 1 <= span.line <= end_line <= len(lines):
            return None
        part = lines[span.line - 1:end_line]
        end = span.end_column - 1 if span.end_column else len(part[-1])
        part[-1] = part[-1][:end]
        part[0] = part[0][span.column - 1:]
        return " ".join(" ".join(part).split())


class RulesError(Exception):
    """Raised by any stage when the rules text, a parameter or a position is wrong."""

    def __init__(self, diagnostics: Sequence[Diagnostic], sources: SourceMap | None = None):
        self.diagnostics = list(diagnostics)
        self.sources = sources
        super().__init__(self.render())

    def render(self) -> str:
        return "\n".join(d.render(self.sources) for d in self.diagnostics)


def error(message: str, span: Span | None = None, hint: str | None = None) -> RulesError:
    return RulesError([Diagnostic(message, span, hint)])


def plural(count: int, word: str, words: str | None = None) -> str:
    """`1 card`, `2 cards`: a count with its noun agreeing."""
    return f"{count} {word if count == 1 else words or word + 's'}"


def did_you_mean(name: str, candidates: Iterable[str]) -> str | None:
    import difflib  # only a diagnostic needs it: not imported on the way to a loaded game
    close = difflib.get_close_matches(name, list(candidates), n=1, cutoff=0.6)
    return f"did you mean `{close[0]}`?" if close else None
