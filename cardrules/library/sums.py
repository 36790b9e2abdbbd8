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

__all__ = ["subsets_summing", "disjoint_sum_unions"]

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
    return _as_sorted_tuples(_group_masks(values, target, ()))


def disjoint_sum_unions(
    values: Sequence[Number],
    target: Number,
    exact_only: Sequence[bool] = (),
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
    :returns: index tuples, each ascending, ordered by ``(len, tuple)``.
    """
    groups = _group_masks(values, target, exact_only)
    if not groups:
        return []
    # Each union is expanded once (the ``seen`` set), so the cost is bounded
    # by (number of unions) x (number of groups) rather than by the number of
    # ways to split each union, which grows much faster.
    seen: set[int] = set()
    stack = [0]
    while stack:
        union = stack.pop()
        for group in groups:
            if not union & group:
                bigger = union | group
                if bigger not in seen:
                    seen.add(bigger)
                    stack.append(bigger)
    return _as_sorted_tuples(seen)


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
    for i, v in enumerate(values):
        if v <= 0:
            continue
        if i < len(exact_only) and exact_only[i]:
            if v == target:
                masks.append(1 << i)
        else:
            pool.append((i, v))
    if not pool:
        return masks

    # suffix[k] is the most the items pool[k:] can still add; a branch that
    # cannot reach the target even by taking all of them is abandoned.
    suffix: list[Number] = [0] * (len(pool) + 1)
    for k in range(len(pool) - 1, -1, -1):
        suffix[k] = suffix[k + 1] + pool[k][1]

    def extend(start: int, mask: int, remaining: Number) -> None:
        for k in range(start, len(pool)):
            if suffix[k] < remaining:
                return
            i, v = pool[k]
            if v < remaining:
                extend(k + 1, mask | (1 << i), remaining - v)
            elif v == remaining:
                masks.append(mask | (1 << i))

    extend(0, 0, target)
    return masks


def _as_sorted_tuples(masks: list[int] | set[int]) -> list[tuple[int, ...]]:
    """Convert bitmasks to ascending index tuples in ``(len, tuple)`` order."""
    result = [_members(m) for m in masks]
    result.sort(key=_size_then_lex)
    return result


def _members(mask: int) -> tuple[int, ...]:
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return tuple(out)


def _size_then_lex(t: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    return len(t), t
