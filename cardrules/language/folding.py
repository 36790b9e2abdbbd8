"""Constant folding: what the parameters and the literals fix before play, shared by the
checker (constant bounds, ranges and limits), the compiler (conditions decided when compiling,
values written as constants) and the action encoding (the numbers a move may take).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from . import nodes as n
from .diagnostics import Diagnostic, RulesError, Span
from .limits import MAX_NUMBER_DIGITS, number_too_large
from .model import Model


class NotConstant(Exception):
    """The expression's value is not fixed before play (it reads the state, a local...)."""

    def __init__(self, span=None):
        self.span = span


class ConstantTooLarge(RulesError):
    """A constant expression whose value has more digits than a number may have."""

    def __init__(self, span: Span):
        self.span = span
        super().__init__([Diagnostic(f"this constant has more than {MAX_NUMBER_DIGITS} digits", span)])


def const_eval(e, values: dict[str, Any]) -> Any:
    """The value of an expression of literals and the names in `values`, or NotConstant."""
    if isinstance(e, n.Num):
        return e.value
    if isinstance(e, n.Const):
        return e.value
    if isinstance(e, n.Str):
        return e.text
    if isinstance(e, n.Name):
        if e.id in values:
            return values[e.id]
        raise NotConstant(e.span)
    if isinstance(e, n.ListLit):
        return [const_eval(i, values) for i in e.items]
    if isinstance(e, n.Unary):
        v = const_eval(e.operand, values)
        return (not v) if e.op == "not" else -v
    if isinstance(e, n.Cond):
        return const_eval(e.then if const_eval(e.test, values) else e.otherwise, values)
    if isinstance(e, n.Binary):
        a, b = const_eval(e.left, values), const_eval(e.right, values)
        try:
            value = _BINARY[e.op](a, b)
        except (KeyError, TypeError, ZeroDivisionError):
            raise NotConstant(e.span) from None
        if number_too_large(value):
            raise ConstantTooLarge(e.span)
        # A whole result is an int (`1/2 * 4` is 2), as at run time.
        return value.numerator if isinstance(value, Fraction) and value.denominator == 1 else value
    raise NotConstant(e.span)


def _divide(a, b):
    q = Fraction(a) / Fraction(b)
    return q.numerator if q.denominator == 1 else q


_BINARY = {
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b, "/": _divide,
    "//": lambda a, b: a // b, "%": lambda a, b: a % b, "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b, "<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b, ">=": lambda a, b: a >= b, "and": lambda a, b: a and b,
    "or": lambda a, b: a or b, "in": lambda a, b: a in b, "not in": lambda a, b: a not in b,
}


def folded(model: Model, e) -> str | None:
    """An expression of literals, parameters and symbols, as Python source of the value it has
    (parameters are fixed when compiling): `trick_scoring == seed` is True or False once compiled."""
    value = folded_value(model, e)
    return None if value is None else repr(value)


def folded_value(model: Model, e) -> bool | int | str | None:
    """What :func:`folded` writes, as the value: a truth value, a whole number or a symbol;
    None when the expression is not of literals, parameters and symbols alone."""
    values: dict[str, Any] = {}
    stack = [e]
    while stack:
        x = stack.pop()
        if isinstance(x, n.Binary) and x.op not in ("in", "not in", ".."):
            stack += [x.left, x.right]
        elif isinstance(x, n.Unary):
            stack.append(x.operand)
        elif isinstance(x, n.Cond):
            stack += [x.test, x.then, x.otherwise]
        elif isinstance(x, n.Name):
            kind = model.names.get(id(x), ("",))[0]
            if kind == "param":
                values[x.id] = model.values[x.id]
            elif kind == "symbol":
                values[x.id] = x.id
            else:
                return None
        elif not isinstance(x, (n.Num, n.Str)):
            return None
    try:
        value = const_eval(e, values)
    except NotConstant:
        return None
    return value if value.__class__ in (bool, int, str) else None


def known_truth(model: Model, e) -> bool | None:
    """The truth value of a condition when compiling fixes it: `false and x` is false and
    `true or x` true whatever x is (x is then never evaluated), besides what `folded` knows."""
    if isinstance(e, n.Binary) and e.op in ("and", "or"):
        left = known_truth(model, e.left)
        if left is not None:
            return left if left != (e.op == "and") else known_truth(model, e.right)
        return None
    if isinstance(e, n.Unary) and e.op == "not":
        inner = known_truth(model, e.operand)
        return None if inner is None else not inner
    value = folded_value(model, e)
    return value if value.__class__ is bool else None


def constant_number(model: Model, e):
    """The value of an expression known when compiling (literals, parameters, constant
    defs), or None."""
    if isinstance(e, n.Name) and model.names.get(id(e), ("",))[0] == "def":
        e = model.defs[e.id].body
    try:
        value = const_eval(e, model.values)
    except NotConstant:
        return None
    return value if isinstance(value, (int, Fraction)) and not isinstance(value, bool) else None
