"""Subset sums: the captures and builds of fishing games (Cassino, Scopa, ...), or any rule
that takes cards whose values add up to a target."""

from __future__ import annotations

from .. import types as T
from ...algorithms import sums
from ..limits import MAX_RESULTS, refuse_results
from .core import builtin, list_of_lists, values_of


# So few items have at most 2 ** 16 subsets: no need to count the results first.
_ALWAYS_FEW = 16


def _count_sum_subsets(st, xs, target, value):
    values = values_of(st, value, xs)
    if len(values) > _ALWAYS_FEW:
        count = sums.count_subsets_summing(values, target, MAX_RESULTS)
        refuse_results(count, f"`sum_subsets` of {len(xs)} items")
        return count
    return sums.count_subsets_summing(values, target, 1 << len(values))


@builtin("sum_subsets", (T.COLLECTION, T.NUMBER, T.FUNC), list_of_lists(0),
         "Every non-empty subset whose values (given by f) add up exactly to the target.",
         counted=_count_sum_subsets)
def _sum_subsets(st, xs, target, value):
    values = values_of(st, value, xs)
    if len(values) > _ALWAYS_FEW:
        refuse_results(sums.count_subsets_summing(values, target, MAX_RESULTS), f"`sum_subsets` of {len(xs)} items")
    return [[xs[i] for i in idx] for idx in sums.subsets_summing(values, target)]


@builtin("disjoint_sums", (T.COLLECTION, T.NUMBER, T.FUNC, T.FUNC), list_of_lists(0),
         "Every union of one or more disjoint groups of items, each group adding up to the target "
         "(values given by f); items for which `exact` holds may only form a group alone.")
def _disjoint_sums(st, xs, target, value, exact):
    values = values_of(st, value, xs)
    if len(values) > _ALWAYS_FEW:
        refuse_results(sums.count_subsets_summing(values, target, MAX_RESULTS), f"`disjoint_sums` of {len(xs)} items")
    # Whether an item must stay alone matters only if it could join others: if it is worth less
    # than the target. Asking no more keeps `exact` off the hot path; its answer is only tested.
    exact_only = [0 < v < target and exact(st, x) for x, v in zip(xs, values)]
    try:
        unions = sums.disjoint_sum_unions(values, target, exact_only, MAX_RESULTS)
    except sums.TooManyResults:
        refuse_results(MAX_RESULTS + 1, f"`disjoint_sums` of {len(xs)} items")
    return [[xs[i] for i in idx] for idx in unions]


@builtin("distinct_values", (T.COLLECTION, T.FUNC), T.list_of(T.NUMBER),
         "The different values f gives the items, each once, smallest first: the totals a hand "
         "can meet, such as the values a build may be made for.", no_longer_than_first=True)
def _distinct_values(st, xs, value):
    return sorted(set(values_of(st, value, xs)))
