"""Tests of the reference for declared combinations (tests/reference_combinations.py), on hand-built hands.

Positions follow a 7..A order: 7=0, 8=1, 9=2, 10=3, J=4, Q=5, K=6, A=7.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference_combinations import kind_key, longest_suit, of_a_kind, run_key, runs

H, S, D, C = 0, 1, 2, 3


class TestLongestSuit:
    def test_empty_hand(self):
        assert longest_suit([], []) is None

    def test_most_cards_wins(self):
        suits = [H, S, S, D, S, H]
        points = [11, 7, 7, 10, 8, 11]
        assert longest_suit(suits, points) == (3, 22, S)

    def test_points_break_count_ties(self):
        suits = [H, H, S, S]
        points = [10, 11, 11, 11]
        assert longest_suit(suits, points) == (2, 22, S)

    def test_lower_suit_breaks_full_ties(self):
        suits = [D, D, S, S]
        points = [7, 8, 8, 7]
        assert longest_suit(suits, points) == (2, 15, S)
        assert longest_suit(list(reversed(suits)), list(reversed(points))) == (2, 15, S)

    def test_fraction_points(self):
        suits = [C, C, H]
        points = [Fraction(1, 2), Fraction(3, 2), 5]
        result = longest_suit(suits, points)
        assert result == (2, 2, C)
        assert isinstance(result[1], Fraction)

    def test_lengths_must_match(self):
        with pytest.raises(ValueError):
            longest_suit([H, S], [1])

    def test_results_compare_as_tuples(self):
        mine = longest_suit([H, H, H, S], [7, 8, 9, 11])
        yours = longest_suit([D, D, D, C], [10, 10, 11, 11])
        assert mine is not None and yours is not None
        assert yours[:2] > mine[:2]


class TestRuns:
    def test_single_run(self):
        positions = [0, 1, 2, 5]
        suits = [H, H, H, H]
        assert runs(positions, suits) == [(0, 1, 2)]

    def test_index_order_follows_position(self):
        positions = [2, 0, 1]
        suits = [S, S, S]
        assert runs(positions, suits) == [(1, 2, 0)]

    def test_runs_are_maximal(self):
        positions = [3, 4, 5, 6, 7]
        suits = [D] * 5
        assert runs(positions, suits) == [(0, 1, 2, 3, 4)]

    def test_suits_kept_apart(self):
        positions = [0, 1, 2, 3, 4]
        suits = [H, H, S, S, S]
        assert runs(positions, suits) == [(2, 3, 4)]

    def test_min_len(self):
        positions = [0, 1, 4, 5, 6]
        suits = [H] * 5
        assert runs(positions, suits) == [(2, 3, 4)]
        assert runs(positions, suits, min_len=2) == [(2, 3, 4), (0, 1)]
        assert runs(positions, suits, min_len=4) == []

    def test_ordering(self):
        # Two runs of four (the higher top first), then two tying runs of
        # three, broken by suit.
        positions = [0, 1, 2, 3, 4, 5, 6, 7, 4, 5, 6, 4, 5, 6]
        suits = [H, H, H, H, S, S, S, S, D, D, D, C, C, C]
        assert runs(positions, suits) == [
            (4, 5, 6, 7),
            (0, 1, 2, 3),
            (8, 9, 10),
            (11, 12, 13),
        ]

    def test_duplicates_count_once(self):
        # Two decks: the second 8 of hearts neither lengthens nor breaks the
        # run, and the first copy represents it.
        positions = [0, 1, 1, 2]
        suits = [H, H, H, H]
        assert runs(positions, suits) == [(0, 1, 3)]

    def test_cards_without_position_skipped(self):
        positions = [0, None, 1, 2]
        suits = [H, H, H, H]
        assert runs(positions, suits) == [(0, 2, 3)]

    def test_empty(self):
        assert runs([], []) == []

    def test_run_key_compares_as_tuples(self):
        positions = [0, 1, 2, 3, 5, 6, 7]
        suits = [H, H, H, H, S, S, S]
        four, three = runs(positions, suits)
        assert run_key(four, positions) == (4, 3)
        assert run_key(three, positions) == (3, 7)
        assert run_key(four, positions) > run_key(three, positions)

    @settings(max_examples=200, deadline=None)
    @given(
        st.lists(
            st.tuples(st.one_of(st.none(), st.integers(0, 9)), st.integers(0, 2)),
            max_size=20,
        ),
        st.integers(1, 4),
    )
    def test_properties(self, cards, min_len):
        positions = [p for p, _ in cards]
        suits = [s for _, s in cards]
        found = runs(positions, suits, min_len)
        keys = []
        for run in found:
            suit = suits[run[0]]
            run_positions = [positions[i] for i in run]
            assert len(run) >= min_len
            assert all(suits[i] == suit for i in run)
            assert run_positions == list(range(run_positions[0], run_positions[-1] + 1))
            # Maximal: no card of the suit sits just below or just above.
            held = {positions[i] for i in range(len(cards)) if suits[i] == suit}
            assert run_positions[0] - 1 not in held
            assert run_positions[-1] + 1 not in held
            # Each position is represented by its lowest index.
            for i in run:
                assert i == min(
                    j for j in range(len(cards))
                    if suits[j] == suit and positions[j] == positions[i]
                )
            keys.append((-len(run), -run_positions[-1], suit))
        assert keys == sorted(keys)
        # Every card of a long enough stretch is covered by some run.
        covered = {(suits[i], positions[i]) for run in found for i in run}
        for i, (pos, suit) in enumerate(cards):
            if pos is None:
                continue
            low = pos
            while (low - 1, suit) in {(p, s) for p, s in cards}:
                low -= 1
            high = pos
            while (high + 1, suit) in {(p, s) for p, s in cards}:
                high += 1
            assert ((suit, pos) in covered) == (high - low + 1 >= min_len)


class TestOfAKind:
    RANK_ORDER = {7: 0, 8: 1, 9: 2, 10: 3, 11: 4, 12: 5, 13: 6, 14: 7}

    def test_groups(self):
        ranks = [10, 14, 10, 7, 10, 14, 14, 14]
        assert of_a_kind(ranks, {10, 11, 12, 13, 14}) == [(1, 5, 6, 7), (0, 2, 4)]

    def test_rank_not_allowed(self):
        ranks = [7, 7, 7, 7, 9, 9, 9]
        assert of_a_kind(ranks, {10, 11, 12, 13, 14}) == []

    def test_min_count(self):
        ranks = [11, 11, 12, 12, 12]
        allowed = range(10, 15)
        assert of_a_kind(ranks, allowed) == [(2, 3, 4)]
        assert of_a_kind(ranks, allowed, min_count=2) == [(2, 3, 4), (0, 1)]
        assert of_a_kind(ranks, allowed, min_count=4) == []

    def test_rank_key_orders_equal_sizes(self):
        ranks = [14, 14, 14, 10, 10, 10]
        allowed = {10, 14}
        assert of_a_kind(ranks, allowed) == [(0, 1, 2), (3, 4, 5)]
        # In a game where the ten outranks the ace:
        ten_high = {14: 1, 10: 2}
        assert of_a_kind(ranks, allowed, rank_key=ten_high) == [(3, 4, 5), (0, 1, 2)]
        assert of_a_kind(ranks, allowed, rank_key=ten_high.__getitem__) == [
            (3, 4, 5),
            (0, 1, 2),
        ]

    def test_size_beats_strength(self):
        ranks = [11, 11, 11, 11, 14, 14, 14]
        assert of_a_kind(ranks, {11, 14}, rank_key=self.RANK_ORDER) == [
            (0, 1, 2, 3),
            (4, 5, 6),
        ]

    def test_equal_strength_falls_back_to_rank_id(self):
        ranks = [12, 12, 12, 11, 11, 11]
        assert of_a_kind(ranks, {11, 12}, rank_key=lambda r: 0) == [(3, 4, 5), (0, 1, 2)]

    def test_two_decks(self):
        ranks = [13] * 6
        assert of_a_kind(ranks, {13}) == [(0, 1, 2, 3, 4, 5)]

    def test_kind_key_compares_as_tuples(self):
        ranks = [14, 14, 14, 9, 9, 9, 9]
        nines, aces = of_a_kind(ranks, {9, 14}, rank_key=self.RANK_ORDER)
        assert kind_key(nines, ranks, self.RANK_ORDER) == (4, 2)
        assert kind_key(aces, ranks, self.RANK_ORDER) == (3, 7)
        assert kind_key(nines, ranks, self.RANK_ORDER) > kind_key(aces, ranks, self.RANK_ORDER)
        assert kind_key(aces, ranks) == (3, 14)
