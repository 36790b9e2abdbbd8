"""Subsets of items whose values add up to a target.

These back capture-style rules ("take any cards that add up to the card you
played") and anything else phrased as "a group of cards worth exactly N".

Items are identified by their index into ``values``; two items with equal
values are still two different items.  Values are ``int`` or
:class:`fractions.Fraction` so that sums are exact -- floats are not
supported because equality against the target would be unreliable.

Every function returns index tuples sorted ascending, and the list itself is
ordered by ``(len(t), t)``: smaller groups first, then lexicographically.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

__all__ = ["subsets_summing", "disjoint_sum_unions", "count_subsets_summing", "TooManyResults"]

Number = int | Fraction


def subsets_summing(values: Sequence[Number], target: Number) -> list[tuple[int, ...]]:
    """Return every non-empty set of items whose values sum to ``target``.

    Items with a value ``<= 0`` are never used: they would let a group grow
    without changing its sum, which no card game means by "adds up to".

    >>> subsets_summing([4, 4, 5, 3], 8)
    [(0, 1), (2, 3)]

    :param values: value of each item, indexed by item.
    :param target: the exact sum each subset must reach.
    :returns: index tuples, each ascending, ordered by ``(len, tuple)``.
    """
    masks = _group_masks(values, target, ())
    return _as_sorted_tuples(masks) if len(masks) > 1 else [_members(m) for m in masks]


class TooManyResults(ValueError):
    """There are more results than the caller's ``limit``."""


def disjoint_sum_unions(
    values: Sequence[Number],
    target: Number,
    exact_only: Sequence[bool] = (),
    limit: int | None = None,
) -> list[tuple[int, ...]]:
    """Return every distinct union of disjoint groups that each sum to ``target``.

    This is what a player may take in one go when the rules allow capturing
    several groups at once: the union must split into pairwise-disjoint
    groups, each worth exactly ``target``.  Different splits of the same set
    of items are the same move, so each union is listed once.

    ``exact_only[i]`` marks item ``i`` as one that can only be taken as a
    group of its own (for instance a face card that only captures an equal
    face card); such an item is used only when ``values[i] == target``.
    ``exact_only`` may be shorter than ``values``; missing entries mean
    ``False``.

    >>> disjoint_sum_unions([4, 4, 5, 3], 8)
    [(0, 1), (2, 3), (0, 1, 2, 3)]
    >>> disjoint_sum_unions([1, 7, 8], 8)
    [(2,), (0, 1), (0, 1, 2)]

    :param values: value of each item, indexed by item.
    :param target: the exact sum of every group.
    :param exact_only: per-item flag restricting the item to singleton groups.
    :param limit: raise :class:`TooManyResults` rather than list more unions than this.
    :returns: index tuples, each ascending, ordered by ``(len, tuple)``.
    """
    groups = _group_masks(values, target, exact_only)
    if len(groups) < 2:
        return [_members(g) for g in groups]
    # Each union is made from every union of the groups before a group that it misses, so
    # the cost is bounded by (number of unions) x (number of groups) rather than by the number
    # of ways to split each union, which grows much faster.
    unions = [0]
    seen = {0}
    # With n groups there are fewer than 2 ** n unions: few groups need no counting.
    counted = limit is not None and 2 ** min(len(groups), 64) > limit
    for group in groups:
        for union in unions[:]:
            if not union & group:
                bigger = union | group
                if bigger not in seen:
                    seen.add(bigger)
                    unions.append(bigger)
        if counted and len(unions) > limit + 1:
            raise TooManyResults(f"more than {limit} unions")
    del unions[0]
    return _as_sorted_tuples(unions)


def _group_masks(
    values: Sequence[Number],
    target: Number,
    exact_only: Sequence[bool],
) -> list[int]:
    """Bitmasks of all non-empty item sets summing to ``target``.

    Items flagged in ``exact_only`` contribute only singleton groups.
    """
    if target <= 0:
        return []
    masks: list[int] = []
    pool: list[tuple[int, Number]] = []
    left: Number = 0  # what the pool adds up to
    flagged = len(exact_only)
    for i, v in enumerate(values):
        # Values are positive, so an item worth more than the target is in no group, and one
        # worth the target exactly is a group alone.
        if 0 < v < target:
            if i >= flagged or not exact_only[i]:
                pool.append((i, v))
                left += v
        elif v == target:
            masks.append(1 << i)
    if left < target or len(pool) < 2:
        return masks

    # Take the items in turn, keeping the partial groups below the target (total, mask) that
    # the items still to come can complete: `left` is what those items add up to.
    partial: list[tuple[Number, int]] = []
    for i, v in pool:
        left -= v
        bit = 1 << i
        kept = [(v, bit)] if v + left >= target else []
        for total, mask in partial:
            if total + left >= target:
                kept.append((total, mask))
            total += v
            if total == target:
                masks.append(mask | bit)
            elif total < target and total + left >= target:
                kept.append((total, mask | bit))
        partial = kept
    return masks


def _as_sorted_tuples(masks: list[int] | set[int]) -> list[tuple[int, ...]]:
    """Convert bitmasks to ascending index tuples in ``(len, tuple)`` order."""
    result = [_members(m) for m in masks]
    # Two stable sorts, both on built-in keys: by tuple, then by length.
    result.sort()
    result.sort(key=len)
    return result


def _members(mask: int) -> tuple[int, ...]:
    members = []
    while mask:
        low = mask & -mask
        members.append(low.bit_length() - 1)
        mask ^= low
    return tuple(members)


_COUNTED_IN_A_LIST = 1024  # a target up to this counts in a list of totals, a larger one in a dict


def _count_whole(values: list[int], target: int) -> int:
    """Whole numbers to a small target: the ways to reach each total, in a list, each item
    taken from the largest total down so that it is used once."""
    counts = [1] + [0] * target
    for v in values:
        if 0 < v <= target:
            for total in range(target - v, -1, -1):
                if counts[total]:
                    counts[total + v] += counts[total]
    return counts[target]


def count_subsets_summing(values: Sequence[Number], target: Number, cap: int) -> int:
    """How many sets of items :func:`subsets_summing` would return, counted without listing
    them (by the sums reachable so far); any count above ``cap`` is reported as ``cap + 1``.

    >>> count_subsets_summing([1] * 40, 20, 10**6)
    1000001
    >>> count_subsets_summing([4, 4, 5, 3], 8, 100)
    2
    """
    if isinstance(target, int) and 0 < target <= _COUNTED_IN_A_LIST:
        whole = [v for v in values if isinstance(v, int)]
        if len(whole) == len(values):
            return min(_count_whole(whole, target), cap + 1)
    ways: dict[Number, int] = {0: 1}
    for v in values:
        if v <= 0 or v > target:
            continue
        for total, count in list(ways.items()):
            if total + v <= target:
                ways[total + v] = min(ways.get(total + v, 0) + count, cap + 1)
    return ways.get(target, 0) if target != 0 else 0
