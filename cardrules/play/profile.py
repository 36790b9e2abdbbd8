"""Where the time of a rules file goes, by rules line: `cardrules profile GAME`.

Random games are played under a trace hook that watches only the game's generated code. Time
between two trace events goes to the rules line running then: the generated line's entry in
the Game's line table, or the built-in function that line called while it runs. Time outside
the generated code (the engine stepping, the agents choosing) goes to no line and is reported
as such. Tracing slows a game down many times, evenly enough that the shares point at the line
to change; the shares are of the traced time, and the counts (how often a line ran) are exact.
"""

from __future__ import annotations

import gc
import sys
import time
from collections import defaultdict
from pathlib import Path

import attrs

from ..engine.runtime import Game
from ..language.builtins import REGISTRY
from ..language.diagnostics import Span
from .chunks import play_games

OUTSIDE = None  # the key of time spent outside the rules' generated code


@attrs.frozen
class LineCost:
    """The time of one rules line: its own, and that of each built-in it called."""

    span: Span
    text: str
    seconds: float
    runs: int  # how many times a generated line of it ran
    builtins: tuple[tuple[str, float, int], ...]  # (what was called, seconds, calls), costliest first

    @property
    def total(self) -> float:
        return self.seconds + sum(s for _, s, _ in self.builtins)


@attrs.frozen
class Profile:
    game: str
    games: int
    moves: int
    seconds: float  # all traced time
    outside: float  # of which in the engine and the agents, on no rules line
    lines: tuple[LineCost, ...]  # costliest first

    def share(self, line: LineCost) -> float:
        return line.total / self.seconds if self.seconds else 0.0


class _Tracer:
    """Charges the time between trace events to what runs: a (generated line) or a (generated
    line, built-in name). Only frames of the generated file, and the functions they call
    directly, get events; deeper calls run inside the built-in that made them."""

    def __init__(self, game: Game):
        self.file = game.source_file
        self.stack: list[list] = []  # [generated line, built-in name or None] per traced frame
        self.seconds: dict = defaultdict(float)
        self.runs: dict = defaultdict(int)
        self.last = time.perf_counter()
        self.names = {b.impl.__code__: f"built-in `{name}`" for name, b in REGISTRY.items()}

    def charge(self) -> None:
        now = time.perf_counter()
        self.seconds[tuple(self.stack[-1]) if self.stack else OUTSIDE] += now - self.last
        self.last = now

    def on_call(self, frame, event, arg):
        if event != "call":
            return None
        if frame.f_code.co_filename == self.file:
            self.charge()
            self.stack.append([frame.f_lineno, None])
            return self.in_generated
        caller = frame.f_back
        if caller is not None and caller.f_code.co_filename == self.file and self.stack:
            self.charge()
            code = frame.f_code
            self.stack.append([self.stack[-1][0], self.names.get(code) or f"engine `{code.co_qualname.rpartition('.<locals>.')[2]}`"])
            self.runs[tuple(self.stack[-1])] += 1
            frame.f_trace_lines = False
            return self.in_builtin
        return None

    def in_generated(self, frame, event, arg):
        if event == "line":
            self.charge()
            self.stack[-1][0] = frame.f_lineno
            self.runs[(frame.f_lineno, None)] += 1
        elif event == "return":
            self.charge()
            self.stack.pop()
        return self.in_generated

    def in_builtin(self, frame, event, arg):
        if event == "return":
            self.charge()
            self.stack.pop()
        return self.in_builtin


def profile(game: Game, games: int = 20, seed: int = 0) -> Profile:
    """Play `games` games with random agents under the tracer and sum the time by rules line."""
    tracer = _Tracer(game)
    start = time.perf_counter()
    tracer.last = start
    previous = sys.gettrace()
    # No garbage collection while tracing: its callbacks (other libraries register them) would
    # run inside generated lines and be charged to them, and the counts would vary.
    collecting = gc.isenabled()
    gc.disable()
    sys.settrace(tracer.on_call)
    try:
        chunk = play_games(game, seed, ["random"] * game.player_count, 0, games)
    finally:
        sys.settrace(previous)
        if collecting:
            gc.enable()
    tracer.charge()
    total = time.perf_counter() - start
    return Profile(game.title, games, sum(chunk.moves), total, tracer.seconds.get(OUTSIDE, 0.0),
                   _by_rules_line(game, tracer))


def _by_rules_line(game: Game, tracer: _Tracer) -> tuple[LineCost, ...]:
    own: dict = defaultdict(float)
    runs: dict = defaultdict(int)
    called: dict = defaultdict(lambda: defaultdict(lambda: [0.0, 0]))
    spans: dict = {}
    for key in set(tracer.seconds) | set(tracer.runs):
        if key is OUTSIDE:
            continue
        generated_line, builtin = key
        span = game.line_spans[generated_line - 1] if 0 < generated_line <= len(game.line_spans) else None
        where = (span.file, span.line) if span is not None else ("<generated>", generated_line)
        spans.setdefault(where, span)
        if builtin is None:
            own[where] += tracer.seconds.get(key, 0.0)
            runs[where] += tracer.runs.get(key, 0)
        else:
            cost = called[where][builtin]
            cost[0] += tracer.seconds.get(key, 0.0)
            cost[1] += tracer.runs.get(key, 0)
    lines = []
    for where, span in spans.items():
        text = game.sources.line(span) if span is not None else None
        builtins = tuple(sorted(((name, s, k) for name, (s, k) in called[where].items()),
                                key=lambda b: -b[1]))
        lines.append(LineCost(span or Span(where[0], where[1], 1), (text or "").strip(), own[where],
                              runs[where], builtins))
    return tuple(sorted(lines, key=lambda c: -c.total))


def render(result: Profile, top: int = 15) -> str:
    """The costliest lines, each with its share of the traced time, how often it ran, its text
    and the built-ins it spent the most in."""
    out = [f"{result.game}: {result.games} random game{'s' if result.games != 1 else ''}, "
           f"{result.moves:,} move{'s' if result.moves != 1 else ''}; where the time goes, by rules line "
           "(shares of the traced time)", ""]
    width = max((len(_where(c.span)) for c in result.lines[:top]), default=0)
    for c in result.lines[:top]:
        out.append(f"{100 * result.share(c):5.1f}%  {_where(c.span):<{width}}  {c.runs:>9,} runs   {c.text}")
        for name, seconds, calls in c.builtins[:3]:
            share = 100 * seconds / result.seconds if result.seconds else 0.0
            out.append(f"{'':7}{'':<{width}}  {calls:>9,} calls  {share:5.1f}% in {name}")
    if len(result.lines) > top:
        out.append(f"... {len(result.lines) - top} more lines")
    outside = 100 * result.outside / result.seconds if result.seconds else 0.0
    out.append("")
    out.append(f"{outside:.1f}% on no rules line: the engine stepping and the agents choosing")
    return "\n".join(out)


def _where(span: Span) -> str:
    return f"{Path(span.file).name}:{span.line}"
