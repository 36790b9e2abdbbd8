"""Subset sums: the captures and builds of fishing games (Cassino, Scopa, ...), or any rule
that takes cards whose values add up to a target."""

from __future__ import annotations

from ..library import sums
from .core import _list_of_lists, builtin


@builtin("sum_subsets", ("collection", "number", "func"), _list_of_lists(0),
         "Every non-empty subset whose values (given by f) add up exactly to the target.")
def _sum_subsets(st, xs, target, value):
    values = [value(st, x) for x in xs]
    return [[xs[i] for i in idx] for idx in sums.subsets_summing(values, target)]


@builtin("disjoint_sums", ("collection", "number", "func", "func"), _list_of_lists(0),
         "Every union of one or more disjoint groups of items, each group adding up to the target "
         "(values given by f); items for which `exact` holds may only form a group alone.")
def _disjoint_sums(st, xs, target, value, exact):
    values = [value(st, x) for x in xs]
    exact_only = [bool(exact(st, x)) for x in xs]
    return [[xs[i] for i in idx] for idx in sums.disjoint_sum_unions(values, target, exact_only)]
