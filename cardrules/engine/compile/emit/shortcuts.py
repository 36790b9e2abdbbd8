"""Shorter forms of two expressions, the same values: a comprehension that reads a list at a
range of places is a slice of it (`[xs[i] for i in a..b]`), and the `count` of the list a
built-in makes is the built-in's own count (`count(sum_subsets(...))`), the list never made."""

from __future__ import annotations

from ....language import nodes as n
from ....language.builtins import REGISTRY
from ..code import Code, code
from .context import Emission


class Shortcuts:
    def __init__(self, em: Emission, expressions):
        self.em = em
        self.ex = expressions

    def items_between(self, e: n.ListComp) -> Code | None:
        """`[xs[i] for i in a..b]` as one call that slices the list (`rt.items_between`), when
        `xs` is a list read from a name or a variable (which reading cannot fail, so it may be
        read even when the range is empty), the same in every round, and the loop counts no work."""
        em = self.em
        element, iterable = e.element, e.iterable
        if e.condition is not None or not isinstance(iterable, n.Binary) or iterable.op != ".." \
                or not isinstance(element, n.Index) or not isinstance(element.index, n.Name) \
                or element.index.id != e.var or em.type(element.obj).kind != "list" \
                or any(isinstance(x, n.Name) and x.id == e.var for x in n.walk(element.obj)) \
                or em.facts.loop_weights.weight(e, tuple(em.inline_calls)) is not None:
            return None
        xs = self.ex.expr(element.obj)
        if not (xs.plain or xs.simple):
            return None
        low, high = self.ex.expr(iterable.left), self.ex.expr(iterable.right)
        return code(f"rt.items_between({xs}, {low}, {high}, {em.span_const(element.span)}, "
                    f"{em.span_const(iterable.span)})", xs, low, high, costly=True)

    def counted(self, e) -> Code | None:
        """`count` of the list a built-in makes, as the built-in's own count of it, when it
        has one: the same number, the list never made."""
        em = self.em
        if not isinstance(e, n.Call) or e.func in em.m.defs or e.func in em.deck.attrs or id(e) in em.shared \
                or id(e) in em.lowered or REGISTRY[e.func].counted is None:
            return None
        b = REGISTRY[e.func]
        args = [self.ex.argument(a, t) for a, t in zip(e.args, b.params)]
        args = self.ex.charges.arguments(e.func, e.args, args)
        impl = em.const(b.counted, "B")
        return code(f"{impl}(st{''.join(', ' + a for a in args)})", *args, costly=True, impure=not b.deterministic)
