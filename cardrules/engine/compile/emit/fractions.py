"""Sums of fractional attributes in whole multiples (the fractions pass says which attributes
and by what denominator): `sum(half-point values) > 7.5` compares ints, exactly; no Fraction is
built on the hot path."""

from __future__ import annotations

from fractions import Fraction

from ....language import nodes as n
from ....language.folding import constant_number
from ..code import Code, code, name
from ..limits import MAX_INLINED
from .context import SCALED, Emission

_FLIPPED = {"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}


class Fractions:
    def __init__(self, em: Emission, expressions):
        self.em = em
        self.ex = expressions

    def attribute(self, e: n.Aggregate) -> tuple[Code, int] | None:
        """For `sum(attr(x) for x in ...)` over an attribute with fractions: the constant of
        the attribute as whole multiples of the common denominator, and the denominator."""
        el = e.element
        if not (isinstance(el, n.Call) and el.func in self.em.deck.attrs and len(el.args) == 1
                and isinstance(el.args[0], n.Name) and el.args[0].id == e.var):
            return None
        scaled = self.em.facts.scaled.get(el.func)
        if scaled is None:
            return None
        return self.em.keyed_const(("scaled", el.func), lambda: list(scaled.multiples)), scaled.denominator

    def sum(self, e) -> tuple[Code, int] | None:
        """Source of a sum of a fractional attribute as whole multiples of its denominator, with
        the denominator; through inlinable defs and twin locals too. None for anything else."""
        em = self.em
        if isinstance(e, n.Name):
            twin = em.scope.get(e.id + SCALED)
            if twin is None or em.inlined or e.id in em.bound:
                return None
            return name(twin, local=True), em.denominators[twin]
        if isinstance(e, n.Aggregate) and e.func == "sum":
            scaled = self.attribute(e)
            if scaled is None:
                return None
            table, denominator = scaled
            _, loop, source = self.ex.comprehension(e.var, e.iterable, e.condition, None, e)
            return self.ex.aggregates.table_sum(table, e, loop, source), denominator
        if isinstance(e, n.Call) and e.func in em.m.defs:
            d = em.m.defs[e.func]
            args = [self.ex.argument(a, em.type(p.type)) for a, p in zip(e.args, d.params)]
            if not (em.inline and all(a.plain or a.simple for a in args) and len(em.inlined) < MAX_INLINED):
                return None
            em.inlined.append({p.name: a for p, a in zip(d.params, args)})
            em.inline_calls.append(e)
            saved, em.bound = em.bound, []
            try:
                return self.sum(d.body)
            finally:
                em.bound = saved
                em.inlined.pop()
                em.inline_calls.pop()
        return None

    def comparison(self, e: n.Binary) -> Code | None:
        """Two such sums (or locals holding one) of the same denominator compare as they are;
        a sum and a constant compare in the sum's multiples when the constant is one."""
        left = self.sum(e.left)
        if left is not None:
            right = self.sum(e.right)
            if right is not None and right[1] == left[1]:
                return code(f"({left[0]} {e.op} {right[0]})", left[0], right[0])
        for scaled_side, constant_side, op in ((e.left, e.right, e.op), (e.right, e.left, _FLIPPED[e.op])):
            value = constant_number(self.em.m, constant_side)
            if value is None:
                continue
            scaled = self.sum(scaled_side)
            if scaled is None:
                continue
            source, denominator = scaled
            multiple = value * denominator
            if isinstance(multiple, Fraction) and multiple.denominator != 1:
                continue
            return code(f"({source} {op} {int(multiple)})", source)
        return None
