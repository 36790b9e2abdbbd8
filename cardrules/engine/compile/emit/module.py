"""The generated module as a whole: every function, in order, from the model and its facts.

``d_<def>`` per def, ``a_<action>`` per action, ``setup``, ``v<i>_init`` per variable,
``score``, per phase ``p<i>_turn``, ``p<i>_do``, ``p<i>_then``, ``p<i>_m<j>_body`` per move and ``p<i>_gen``;
then the ``g_<def>`` twins legal-move generation calls and the helpers ``H<n>`` that CPython's
limits put apart. Last, the memo table's references are written out (memo.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....language import types as T
from ....language.model import RACE_ASKED
from ....language.diagnostics import Span
from ....language.model import Model
from ..passes import Facts, analyse
from . import narration
from .context import Emission
from .expressions import Expressions
from .moves import Moves
from .statements import Statements


@dataclass
class Emitted:
    lines: list[str]  # the module's source, one line each
    spans: list[Span | None]  # per line, the rules it came from
    namespace: dict[str, Any]  # the constants the module reads
    renders: dict[tuple[int, int], tuple]  # per (phase, move), its text renderers
    emission: Emission
    moves: Moves


class Emitter:
    """The parts of the emitter, sharing one :class:`Emission`."""

    def __init__(self, model: Model, facts: Facts | None = None, env_mode: bool = False, inline: bool = True,
                 narrator: Any = None):
        self.em = Emission(model, facts or analyse(model), env_mode, inline, narrator)
        self.expressions = Expressions(self.em)
        self.statements = Statements(self.em, self.expressions)
        self.moves = Moves(self.em, self.expressions, self.statements)

    def returning(self, name: str, params: list[str], e, span, return_span=None, wrap: str = "{}",
                  of_def: str | None = None) -> None:
        """A function `name(st, *params)` returning the value of expression `e` (the body of
        the def `of_def`, whose shared calls it computes first)."""
        em = self.em
        w = em.w
        w.line(f"def {name}({', '.join(['st', *(f'L_{p}' for p in params)])}):", span)
        w.indent += 1
        try:
            if of_def is not None:
                self.expressions.shared_values(of_def, span)
            w.line(f"return {wrap.format(self.expressions.lowering.value(e, w, return_span or span))}", return_span or span)
        finally:
            em.shared.clear()
        w.indent -= 1

    def module(self) -> Emitted:
        em, m = self.em, self.em.m
        w = em.w
        for name, d in m.defs.items():
            self.returning(f"d_{name}", [p.name for p in d.params], d.body, d.span, of_def=name)
        for name, a in m.actions.items():
            params = [p.name for p in a.params]
            telling = narration.told_action(em, name)
            if telling is None:
                self.statements.function(f"a_{name}", params, a.body, a.span)
            else:
                self.statements.function(f"N_{name}", params, a.body, a.span)
                narration.action_teller(em, name, params, telling, a.span)
        self.statements.function("setup", [], m.setup.body, m.setup.span)
        for i, v in enumerate(m.vars.values()):
            w.line(f"def v{i}_init(st):", v.span)
            w.line(f"    return {self.expressions.expr(v.init) if v.init is not None else repr(T.default_value(v.type))}",
                   v.span)
        self.returning("score", [m.score.var], m.score.expr, m.score.span, wrap="number({})")
        for k, always in enumerate(m.always):
            self.returning(f"always{k}", [], always.expr, always.span, always.expr.span)
        renders: dict[tuple[int, int], tuple] = {}
        for i, p in enumerate(m.phases.values()):
            if p.turn is not None:
                self.returning(f"p{i}_turn", [], p.turn, p.span, p.turn.span)
            if p.race is not None:
                self.racing_turn(i, p)
            if p.do is not None:
                self.statements.function(f"p{i}_do", [], p.do, p.span)
            if p.then is not None:
                self.statements.function(f"p{i}_then", [], p.then, p.then.span)
            for j, mv in enumerate(p.moves):
                renders[(i, j)] = self.moves.move(i, j, mv)
            if p.moves:
                self.moves.generator(i, p, renders)
        self.moves.memo_functions()
        w.extend(em.helpers)
        self.finish_memo()
        return Emitted(w.lines, w.spans, em.ns, renders, em, self.moves)

    def racing_turn(self, i: int, p) -> None:
        """A racing window's turn: the next seat of its list not yet asked since the window
        opened; once every seat has passed, its `all pass` block, which leaves the phase (the
        turn is then None, and the runtime goes on from where the block went)."""
        w = self.em.w
        asked = self.em.facts.slots.var_index[RACE_ASKED]
        self.statements.function(f"p{i}_all_pass", [], p.all_pass, p.all_pass.span)
        w.line(f"def p{i}_turn(st):", p.span)
        w.indent += 1
        w.line(f"_seats = {self.expressions.expr(p.race)}", p.race.span)
        w.line(f"if st.vars[{asked}] < len(_seats):", p.race.span)
        w.line(f"    return _seats[st.vars[{asked}]]", p.race.span)
        w.line(f"st.vars[{asked}] = 0", p.all_pass.span)
        w.line(f"p{i}_all_pass(st)", p.all_pass.span)
        w.line("return None", p.all_pass.span)
        w.indent -= 1

    def finish_memo(self) -> None:
        """A generator that keeps nothing makes no dict, one sharing nothing keeps its values in
        locals when Python allows (memo.py); every reference is written out."""
        em = self.em
        table = em.memo_table
        for writer, line, end, memos, passes in em.generators:
            if not (passes or table.needs_dict(set(memos))):
                writer.lines[line] = "    pass"
            elif not passes and (kept := table.locals_for(set(memos))) is not None:
                writer.lines[line] = f"    {' = '.join(kept)} = ..."
                writer.lines[line + 1:end] = [table.expand(text, in_locals=True) for text in writer.lines[line + 1:end]]
        em.w.lines[:] = [em.memo_table.expand(line) for line in em.w.lines]
