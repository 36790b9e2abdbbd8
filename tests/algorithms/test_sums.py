"""Tests for cardrules.algorithms.sums, checked against brute force."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.algorithms.sums import disjoint_sum_unions, subsets_summing


def size_then_lex(t):
    return len(t), t


def brute_groups(values, target, exact_only=()):
    """Every subset summing to target, honouring the exact_only flags."""
    n = len(values)
    flags = list(exact_only) + [False] * (n - len(exact_only))
    out = []
    for k in range(1, n + 1):
        for combo in combinations(range(n), k):
            if any(values[i] <= 0 for i in combo):
                continue
            if k > 1 and any(flags[i] for i in combo):
                continue
            if sum(values[i] for i in combo) == target:
                out.append(frozenset(combo))
    return out


def brute_unions(values, target, exact_only=()):
    groups = brute_groups(values, target, exact_only)
    memo = {}

    def splits(items):
        # Whichever group holds the smallest item must be one of the parts.
        if not items:
            return True
        if items not in memo:
            low = min(items)
            memo[items] = any(
                low in g and g <= items and splits(items - g) for g in groups
            )
        return memo[items]

    n = len(values)
    out = [
        combo
        for k in range(1, n + 1)
        for combo in combinations(range(n), k)
        if splits(frozenset(combo))
    ]
    return sorted(out, key=size_then_lex)


numbers = st.one_of(
    st.integers(min_value=-2, max_value=10),
    st.integers(min_value=-2, max_value=20).map(lambda k: Fraction(k, 2)),
)
targets = st.one_of(
    st.integers(min_value=-1, max_value=15),
    st.integers(min_value=1, max_value=30).map(lambda k: Fraction(k, 2)),
)


class TestSubsetsSumming:
    def test_example(self):
        assert subsets_summing([4, 4, 5, 3], 8) == [(0, 1), (2, 3)]

    def test_duplicates_are_distinct_items(self):
        assert subsets_summing([4, 4, 4], 8) == [(0, 1), (0, 2), (1, 2)]

    def test_ordered_by_size_then_lexicographically(self):
        assert subsets_summing([1, 2, 3, 4, 5], 5) == [(4,), (0, 3), (1, 2)]
        assert subsets_summing([3, 1, 2, 3], 3) == [(0,), (3,), (1, 2)]

    def test_non_positive_values_never_used(self):
        assert subsets_summing([0, 5, -1, 6, 5], 5) == [(1,), (4,)]

    def test_non_positive_target_gives_nothing(self):
        assert subsets_summing([0, 1, -1], 0) == []
        assert subsets_summing([-1, -2], -3) == []

    def test_empty(self):
        assert subsets_summing([], 3) == []

    def test_fractions_are_exact(self):
        halves = [Fraction(1, 2), Fraction(3, 2), 1, Fraction(1, 2)]
        assert subsets_summing(halves, 2) == [(0, 1), (1, 3), (0, 2, 3)]

    @settings(max_examples=300, deadline=None)
    @given(st.lists(numbers, max_size=10), targets)
    def test_matches_brute_force(self, values, target):
        expected = sorted(
            (tuple(sorted(g)) for g in brute_groups(values, target)), key=size_then_lex
        )
        assert subsets_summing(values, target) == expected


class TestDisjointSumUnions:
    @pytest.mark.parametrize(
        ("values", "expected"),
        [
            ([4, 4, 5, 3], [(0, 1), (2, 3), (0, 1, 2, 3)]),
            (
                [4, 4, 4, 4],
                [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3), (0, 1, 2, 3)],
            ),
            ([2, 6, 3, 5], [(0, 1), (2, 3), (0, 1, 2, 3)]),
            ([1, 7, 8], [(2,), (0, 1), (0, 1, 2)]),
        ],
    )
    def test_examples(self, values, expected):
        assert disjoint_sum_unions(values, 8) == expected

    def test_overlapping_groups_are_not_combined(self):
        # 1+2+5 and 3+5 both need the 5, so they can never be taken together.
        assert disjoint_sum_unions([1, 2, 3, 5], 8) == [(2, 3), (0, 1, 3)]

    def test_each_pairing_counts_once(self):
        pairs = [(0, 2), (0, 3), (1, 2), (1, 3), (0, 1, 2, 3)]
        assert disjoint_sum_unions([6, 6, 2, 2], 8) == pairs

    def test_total_multiple_of_target_is_not_enough(self):
        # The six cards add up to 24 = 3 x 8, yet no split into three
        # groups of 8 exists, so the whole hand is no union.
        values = [1, 1, 4, 6, 6, 6]
        assert disjoint_sum_unions(values, 8) == [(0, 1, 3), (0, 1, 4), (0, 1, 5)]
        assert disjoint_sum_unions([5, 5, 5, 1], 8) == []

    def test_exact_only_items_only_alone(self):
        # Item 2 is worth 8 but may not help make 8 with others, and item 3
        # is worth 4 and exact-only, so it is never usable.
        values = [4, 4, 8, 4]
        flags = [False, False, True, True]
        assert disjoint_sum_unions(values, 8, flags) == [(2,), (0, 1), (0, 1, 2)]

    def test_exact_only_does_not_block_equal_value_singletons(self):
        assert disjoint_sum_unions([8, 8], 8, [True, False]) == [(0,), (1,), (0, 1)]

    def test_exact_only_may_be_shorter(self):
        assert disjoint_sum_unions([8, 4, 4], 8, [True]) == [(0,), (1, 2), (0, 1, 2)]

    def test_nothing_reachable(self):
        assert disjoint_sum_unions([1, 2, 3], 10) == []
        assert disjoint_sum_unions([], 10) == []
        assert disjoint_sum_unions([1, 2], 0) == []

    def test_fractions(self):
        values = [Fraction(1, 2), Fraction(1, 2), 1, Fraction(3, 2), Fraction(1, 2)]
        assert disjoint_sum_unions(values, 2) == brute_unions(values, 2)

    def test_many_items_stay_fast(self):
        # Every even-sized subset of 16 equal items is a union; the number
        # of ways to pair them up is far larger and must not be enumerated.
        result = disjoint_sum_unions([4] * 16, 8)
        assert len(result) == sum(
            len(list(combinations(range(16), k))) for k in range(2, 17, 2)
        )

    @settings(max_examples=300, deadline=None)
    @given(
        st.lists(numbers, max_size=10),
        targets,
        st.lists(st.booleans(), max_size=10),
    )
    def test_matches_brute_force(self, values, target, exact_only):
        assert disjoint_sum_unions(values, target, exact_only) == brute_unions(
            values, target, exact_only
        )
