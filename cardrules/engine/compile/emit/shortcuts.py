"""Shorter forms of three expressions, the same values: a comprehension that reads a list at a
range of places is a slice of it (`[xs[i] for i in a..b]`), the `count` of the list a built-in
makes is the built-in's own count (`count(sum_subsets(...))`), the list never made, and a
constant table's value compared with a constant is a table of the comparisons (`rank(c) == "8"`)."""

from __future__ import annotations

from ....language import nodes as n
from ....language.folding import folded_value
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

    def compared_in_table(self, op: str, left: Code, right) -> Code | None:
        """`rank(c) == "8"`, a constant table's value by a rules local compared with a constant:
        the comparison worked out now for every key, a look-up at play (`K5[L_c]`) where it was
        a look-up and a comparison (a move's test asks it of every card of a hand)."""
        found = left.lookup or left.deck_lookup
        if found is None or not found[1].local:
            return None
        value = folded_value(self.em.m, right)
        if value is None or value.__class__ not in (str, int, bool):
            return None
        table, key = found
        values = self.em.ns.get(str(table))
        if not isinstance(values, (list, tuple)):
            return None
        same = op == "=="
        answers = self.em.keyed_const(("compared", str(table), op, value.__class__, value),
                                      lambda: tuple((x == value) is same for x in values))
        return code(f"{answers}[{key}]", key, lookup=(answers, key))
