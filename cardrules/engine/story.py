"""What a step did, in the order it did it: the raw material of narration.

A move's step runs the move's body and then any automatic phases; narration needs to know what
happened in between (a card played reaches the table before the next deal takes it away) and
which `says` texts ran, with the values they name. The runtime keeps no trace of either, and
the generated code is left as the compiler writes it: :func:`told_apply` plays the step under
``sys.settrace``, watching only the frames of the game's generated module, whose lines map to
rules statements by ``Game.line_spans``. Nothing here changes what a step does; a step played
so costs the tracer's time, which matters at a terminal not at all and is never used by
simulations, search or the adapters.

The story is a list of :class:`Passage` (the position before and after a stretch of the step)
and :class:`Said` (a `says` text, the values it names, the position when it was said): one who
reads it for a seat decides what that seat may see (``cardrules.play.table``).
"""

from __future__ import annotations

import re
import sys
from typing import Any, Callable

import attrs

from ..language.model import Telling
from .primitives import Move
from .runtime import Game, State


@attrs.frozen
class Passage:
    """The changes of one stretch of a step. `told`: they are what a `says` text running over
    them tells (its statement's or its action's own), so a narration need not derive them too."""

    before: State
    after: State
    told: bool = False
    by_move: bool = False  # made while the move's own body ran (not an automatic phase after it)


@attrs.frozen
class Said:
    telling: Telling
    values: dict[str, Any]  # each placeholder's value as the rules hold it (a card as its id)
    at: State  # the position where it was said


def told_apply(state: State, move: Move | str) -> tuple[Move, list[Passage | Said]]:
    """Apply `move` to `state` as ``state.apply`` does, and return it with the story of the step."""
    recorder = _Recorder(state)
    if state.phase >= 0 and not state.over:
        recorder.bodies = {m.body.__code__ for m in state.game.phases[state.phase].moves
                           if hasattr(m.body, "__code__")}
    played = recorder.run(lambda: state.apply(move))
    return played, recorder.story


def told_new_state(game: Game, seed: int | None = None) -> tuple[State, list[Passage | Said]]:
    """``game.new_state(seed)`` with the story of its setup (the deal)."""
    recorder = _Recorder(game.blank_state(0))  # the setup's own state is adopted as it starts
    made = recorder.run(lambda: game.new_state(seed))
    return made, recorder.story


# How the compiler names a rules local in Python (codegen's `declare`): `L_x`, or `L_3s_x` for
# one that hides a local of an enclosing block.
_SHADOW = re.compile(r"L_(\d+)s_(\w+)\Z")


def local_value(frame_locals: dict, name: str) -> Any:
    """The value of the rules local `name` in a generated frame (the innermost binding of it)."""
    shadows = [(int(m.group(1)), v) for k, v in frame_locals.items()
               if (m := _SHADOW.match(k)) is not None and m.group(2) == name]
    if shadows:
        return max(shadows, key=lambda kv: kv[0])[1]
    return frame_locals.get("L_" + name)


class _Recorder:
    def __init__(self, state: State):
        game = state.game
        self.state = state
        self.file = game.source_file
        self.spans = game.line_spans
        tellings = {t.span: t for t in (game.model.tellings if game.model is not None else ())}
        self.of_action = {t.span: t for t in tellings.values() if t.action is not None}
        # A statement that says something: the first generated line of each stretch written for
        # it runs once each time the statement does; the stretch's lines are the statement's own.
        self.of_line: dict[int, tuple[Telling, range]] = {}
        text = game.source.splitlines()
        line, count = 1, len(self.spans)
        while line <= count:
            span = self.spans[line - 1]
            end = line
            while end < count and self.spans[end] == span:
                end += 1
            telling = tellings.get(span)
            if telling is not None and telling.action is None:
                first = next((i for i in range(line, end + 1) if not text[i - 1].lstrip().startswith("#")), None)
                if first is not None:
                    self.of_line[first] = (telling, range(line, end + 1))
            line = end + 1
        self.story: list[Passage | Said] = []
        self.last = state.clone()
        self.open: list[tuple[Any, range | None]] = []  # the `says` running now: (frame, its lines)
        self.bodies: set = set()  # the code of the moves' bodies, in the phase the step starts in
        self.in_body = False

    def run(self, step: Callable[[], Any]) -> Any:
        before = sys.gettrace()
        sys.settrace(self.call)
        try:
            result = step()
        finally:
            sys.settrace(before)
        while self.open:
            self.close()
        self.cut()
        return result

    # --- the tracer
    def call(self, frame, event, arg):
        code = frame.f_code
        if code.co_filename != self.file:
            return None
        back = frame.f_back
        if back is None or back.f_code.co_filename != self.file:
            self.cut()  # a step of the runtime begins: a move's body, an automatic phase
            self.in_body = code in self.bodies
            st = frame.f_locals.get("st")
            if isinstance(st, State):
                self.state = st
        telling = self.of_action.get(self.spans[code.co_firstlineno - 1]) if 0 < code.co_firstlineno <= len(self.spans) else None
        if telling is not None:
            self.say(telling, frame, None)
        return self.line

    def line(self, frame, event, arg):
        if event == "line":
            # A statement's text covers its own lines; an action's, the whole call.
            while self.open and self.open[-1][0] is frame and self.open[-1][1] is not None \
                    and frame.f_lineno not in self.open[-1][1]:
                self.close()
            found = self.of_line.get(frame.f_lineno)
            # A comprehension's frame runs on its statement's lines too: only the statement's own counts.
            if found is not None and not frame.f_code.co_name.startswith("<"):
                self.say(found[0], frame, found[1])
        elif event == "return":
            while self.open and self.open[-1][0] is frame:
                self.close()
            if self.in_body and frame.f_code in self.bodies:
                self.cut()
                self.in_body = False
        return self.line

    # --- the story
    def say(self, telling: Telling, frame, lines: range | None) -> None:
        self.cut()
        scope = frame.f_locals
        values = {name: local_value(scope, name) for name, _ in telling.names}
        self.story.append(Said(telling, values, self.state.clone()))
        self.open.append((frame, lines))

    def close(self) -> None:
        self.cut()
        self.open.pop()

    def cut(self) -> None:
        now, last = self.state, self.last
        if (now.loc, now.face, now.known, now.vars, now.groups, now.zones) != \
                (last.loc, last.face, last.known, last.vars, last.groups, last.zones):
            shot = now.clone()
            self.story.append(Passage(last, shot, bool(self.open), self.in_body))
            self.last = shot
