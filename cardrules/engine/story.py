"""What a step did, in the order it did it: the raw material of narration.

A move's step runs the move's body and then any automatic phases; narration needs to know what
happened in between (a card played reaches the table before the next deal takes it away) and
which `says` texts ran, with the values they name. The Game a table plays keeps no trace of
either and pays nothing for narration: :func:`told_apply` plays the step on the Game's narrated
twin, the same rules compiled with a narrator (compile/emit/narration.py), whose module tells
each `says` text as it runs with its values, and whose moves' bodies, automatic phases and
setup say where each stretch of the step begins and ends. The twin is compiled once per Game,
the first time a step of it is told; the state is the same State, played by the twin for the
step and handed back.

The story is a list of :class:`Passage` (the position before and after a stretch of the step)
and :class:`Said` (a `says` text, the values it names, the position when it was said): one who
reads it for a seat decides what that seat may see (``cardrules.play.table``).
"""

from __future__ import annotations

from typing import Any, Callable

import attrs

from ..language.model import Telling
from .compiler import compile_model
from .per_game import per_game
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
    game = state.game
    twin, narrator = narrated(game)
    recorder = _Recorder(state, game)
    narrator.recorder = recorder
    state.game = twin
    try:
        played = state.apply(move)
    finally:
        state.game = game
        narrator.recorder = None
        checkpoint = state._checkpoint
        if isinstance(checkpoint, State):  # `apply` may have taken one while the twin played
            checkpoint.game = game
    recorder.finish()
    return played, recorder.story


def told_new_state(game: Game, seed: int | None = None) -> tuple[State, list[Passage | Said]]:
    """``game.new_state(seed)`` with the story of its setup (the deal)."""
    twin, narrator = narrated(game)
    # The story starts from the setup's own state as setup begins, its variables at their
    # starting values: a value a game starts with is not something that happened.
    recorder = _Recorder(None, game)
    narrator.recorder = recorder
    try:
        made = twin.new_state(seed)
    finally:
        narrator.recorder = None
    made.game = game
    recorder.finish()
    return made, recorder.story


class _Narrator:
    """The `_N` of a narrated module: tells the recorder of the step being told, if any."""

    recorder: _Recorder | None = None

    def say(self, telling: Telling, values: tuple) -> None:
        if self.recorder is not None:
            self.recorder.say(telling, dict(zip((name for name, _ in telling.names), values)))

    def done(self) -> None:
        if self.recorder is not None:
            self.recorder.close()


@per_game
def narrated(game: Game) -> tuple[Game, _Narrator]:
    """The Game's narrated twin: its rules compiled with a narrator, the functions the runtime
    calls (move bodies, automatic phases, setup) marking the stretches of a step. It plays
    exactly as the Game does: the same model, the same slots, only the telling added."""
    narrator = _Narrator()
    twin = compile_model(game.model, narrator=narrator)

    def stretch(fn: Callable, by_move: bool) -> Callable:
        def told(st, *args):
            recorder = narrator.recorder
            if recorder is None:
                return fn(st, *args)
            recorder.enter(st, by_move)
            try:
                return fn(st, *args)
            finally:
                recorder.leave(by_move)
        return told
    phases = [attrs.evolve(p, do=p.do and stretch(p.do, False),
                           moves=[attrs.evolve(m, body=stretch(m.body, True)) for m in p.moves])
              for p in twin.phases]
    return attrs.evolve(twin, phases=phases, setup=stretch(twin.setup, False)), narrator


class _Recorder:
    def __init__(self, state: State | None, game: Game):
        self.game = game  # the Game the story's positions belong to (not the twin)
        self.state: State = state  # None only until the setup begins
        self.last: State = state and self.shot(state)
        self.story: list[Passage | Said] = []
        self.open = 0  # the `says` texts running now
        self.in_body = False

    def shot(self, st: State) -> State:
        shot = st.clone()
        shot.game = self.game
        return shot

    # --- where the runtime calls the rules: a step of it begins and ends
    def enter(self, st: State, by_move: bool) -> None:
        if self.state is None:
            self.state, self.last = st, self.shot(st)
        self.cut()
        self.in_body = by_move
        self.state = st

    def leave(self, by_move: bool) -> None:
        while self.open:  # a text left running by a transfer of control (`goto` in an action)
            self.close()
        if by_move:
            self.cut()
            self.in_body = False

    def finish(self) -> None:
        while self.open:
            self.close()
        self.cut()

    # --- the story
    def say(self, telling: Telling, values: dict[str, Any]) -> None:
        self.cut()
        self.story.append(Said(telling, values, self.shot(self.state)))
        self.open += 1

    def close(self) -> None:
        self.cut()
        self.open = max(0, self.open - 1)

    def cut(self) -> None:
        now, last = self.state, self.last
        if (now.loc, now.face, now.known, now.vars, now.groups, now.zones) != \
                (last.loc, last.face, last.known, last.vars, last.groups, last.zones):
            shot = self.shot(now)
            self.story.append(Passage(last, shot, self.open > 0, self.in_body))
            self.last = shot
