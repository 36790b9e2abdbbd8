"""Aggregates to Python (`sum`, `count`, `any`, `all`, `max`, `min`, `first`, `most`,
`least` over a comprehension): where the facts of the element allow, the look-ups and tests are
mapped in C (`sum(map(T_points.__getitem__, hand))`) with no generator stepped in Python."""

from __future__ import annotations

from ....language import nodes as n
from ....language import types as T
from ..code import Code, binding, code, name
from .context import Emission


class Aggregates:
    def __init__(self, em: Emission, expressions):
        self.em = em
        self.ex = expressions

    def write(self, e: n.Aggregate) -> Code:
        func = e.func
        em = self.em
        elem, loop, source = self.ex.comprehension(e.var, e.iterable, e.condition, e.element, e)
        var = em.binding(e.var)
        if func == "first" and e.condition is None and self.em.m.is_loop_variable(e.element, e.var):
            return code(f"next(iter({source}), None)", source, depth=2, costly=True)  # no generator made
        if func == "sum":
            scaled = self.ex.fractions.attribute(e)
            if scaled is not None:
                table, denominator = scaled
                summed = self.table_sum(table, e, loop, source)
                return code(f"Fraction({summed}, {denominator})", summed)
            if e.condition is None and looks_up(elem, var):
                return self.table_sum(name(elem.lookup[0]), e, loop, source)
            return binding(f"sum({elem} {loop})", var, elem, loop, costly=True)
        if func == "count":
            if e.element is not None and em.type(e.element) == T.BOOL:
                # A truth value (or none) counts when it is true: tested once, as it is.
                return binding(f"sum(1 {loop} if {elem})", var, elem, loop, depth=2, costly=True)
            return binding(f"sum(1 {loop} if ({elem}) is not False and ({elem}) is not None)", var, elem, loop,
                           depth=2, costly=True)
        if func in ("any", "all"):
            mapped = self.mapped_test(func, elem, e, source)
            return mapped if mapped is not None else binding(f"{func}({elem} {loop})", var, elem, loop, costly=True)
        if func in ("max", "min"):
            return binding(f"{func}(({elem} {loop}), default=None)", var, elem, loop, depth=2, costly=True)
        if func == "first":
            return binding(f"next(({elem} {loop}), None)", var, elem, loop, depth=2, costly=True)
        return binding(f"rt.extreme([({var}, {elem}) {loop}], {1 if func == 'most' else -1})", var, elem, loop,
                       depth=3, costly=True)

    def mapped_test(self, func: str, elem: Code, e: n.Aggregate, source: Code) -> Code | None:
        """`any`/`all` of a table's values, `any` of a table's value equal to a plain value or
        in a constant list, over a list with no test: the look-ups and tests mapped in C (the
        answers are the same, the tests run in the same order and stop at the same element)."""
        if e.condition is not None:
            return None
        var = self.em.binding(e.var)
        if looks_up(elem, var):
            return code(f"{func}(map({elem.lookup[0]}.__getitem__, {source}))", source, depth=2, costly=True)
        test = elem.test
        if func != "any" or test is None:
            return None
        op, table, key, operand = test
        if not (key.local and var in key.reads) or var in operand.reads:
            return None
        values = f"map({table}.__getitem__, {source})"
        if op == "==":
            return code(f"({operand} in {values})", source, operand, depth=2)
        if operand.constant:
            return code(f"any(map({operand}.__contains__, {values}))", source, operand, depth=3, costly=True)
        return None

    def table_sum(self, table: Code, e: n.Aggregate, loop: Code, source: Code) -> Code:
        """`sum(table[x] for x in xs)`: with no test, the look-ups are mapped, with no
        generator stepped in Python (a hand's total is asked at every card drawn)."""
        if e.condition is None:
            return code(f"sum(map({table}.__getitem__, {source}))", source, depth=2, costly=True)
        var = self.em.binding(e.var)
        return code(f"sum({table}[{var}] {loop})", loop, depth=2, costly=True)


def looks_up(elem: Code, var: Code) -> bool:
    """Whether `elem` is `table[var]`, a look-up in a constant table by the variable."""
    return elem.lookup is not None and elem.lookup[1].local and var in elem.lookup[1].reads
