"""What running the rules can raise: a finding about the rules file, or a refused move."""

from __future__ import annotations

from ..language.diagnostics import Diagnostic, RulesError, Span


class RulesRuntimeError(RulesError):
    """The rules did something impossible while running (a deal from an empty zone, a phase with
    no legal move, a game that does not end). A finding about the rules file, not a crash."""

    def __init__(self, message: str, span: Span | None = None, hint: str | None = None, sources=None):
        super().__init__([Diagnostic(message, span, hint)], sources)


PYTHON_ERRORS = (RulesRuntimeError, TypeError, ValueError, KeyError, IndexError, AttributeError,
                  ZeroDivisionError, RecursionError)

class IllegalMove(Exception):
    """A move that is not legal here; the state is unchanged."""

    def __init__(self, move: str, reason: str):
        self.move = move
        self.reason = reason
        super().__init__(f"illegal move `{move}`: {reason}")
