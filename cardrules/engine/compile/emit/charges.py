"""The work budget written into the code: where the work pass (cardrules.engine.work) decided a
loop, a `repeat` or a built-in's argument charges the step, the charge against the state's
``work_left``, and ``rt.overworked()`` past it.

A loop that is a statement is charged in the lines before it, with no call: the charge is a
subtraction, and a list that is empty (most of the lists charged loops go through, on most
steps: the builds on a table) costs one truth test. A loop inside an expression (a
comprehension's iterable, where Python allows no assignment) calls ``rt.charged``.
"""

from __future__ import annotations

from ..code import Code, code, name
from .context import Emission


class Charges:
    def __init__(self, em: Emission):
        self.em = em

    def weight(self, loop) -> int | None:
        """What one item of `loop` charges, or None when the loop counts nothing."""
        em = self.em
        return em.facts.loop_weights.weight(loop, tuple(em.inline_calls))

    def expression(self, loop, source: Code) -> Code:
        """`source`, the items `loop` goes through, charged where it is read."""
        weight = self.weight(loop)
        if weight is None:
            return source
        memos = self.em.memo_table
        if source.plain or memos.is_reference(source):
            if not source.plain:
                memos.reuse(source)  # read twice: kept once
            return code(f"({source} if not {source} else rt.charged(st, {source}, {weight}))", source)
        return code(f"rt.charged(st, {source}, {weight})", source)

    def before(self, loop, source: Code, span) -> Code:
        """`source` charged in the lines written before the loop statement `loop`: the local
        that holds its items, read once, is what the loop goes through. What a loop of the
        rules goes through is a list, a range or none (an absent value), never a generator:
        its length is its charge."""
        weight = self.weight(loop)
        if weight is None:
            return source
        held, w = self.em.fresh(), self.em.w
        w.line(f"{held} = {source}", span)
        w.line(f"if {held}:", span)
        w.line(f"    st.work_left -= len({held}) * {weight}", span)
        w.line("    if st.work_left < 0: rt.overworked()", span)
        return name(held, local=True)

    def round(self, repeat) -> None:
        """The charge of one round of `repeat`, written where the round begins."""
        weight = self.em.facts.loop_weights.weight(repeat)
        if weight is not None:
            w = self.em.w
            w.line(f"st.work_left -= {weight}", repeat.span)
            w.line("if st.work_left < 0: rt.overworked()", repeat.span)

    def arguments(self, func: str, nodes, args: list[Code]) -> list[Code]:
        """The arguments `args` (of the nodes `nodes`) of a call of the built-in `func`, each
        charged one unit an item where the work pass says the built-in's work grows with it."""
        em = self.em
        calls = tuple(em.inline_calls)
        return [code(f"rt.charged(st, {src}, 1)", src) if em.facts.loop_weights.charges_argument(func, a, calls)
                else src for a, src in zip(nodes, args)]
