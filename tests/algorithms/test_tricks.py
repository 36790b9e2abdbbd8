"""Tests for cardrules.algorithms.tricks."""

from __future__ import annotations

import pytest

from cardrules.algorithms.tricks import playable, trick_winner

H, S, D, C = 0, 1, 2, 3


class TestPlayable:
    def test_leading_plays_anything(self):
        assert playable(range(3), [H, S, D], None) == [0, 1, 2]

    def test_must_follow_suit(self):
        assert playable(range(4), [H, S, H, D], H) == [0, 2]

    def test_void_plays_anything(self):
        assert playable(range(3), [S, D, C], H) == [0, 1, 2]

    def test_empty_hand(self):
        assert playable(range(0), [], H) == []
        assert playable(range(0), [], None) == []

    def test_cards_are_any_ids_and_keep_the_hands_order(self):
        suit_of = [H, S, D, C, H, S, D, C]
        assert playable([6, 4, 1, 0], suit_of, H) == [4, 0]
        assert playable((7, 3), suit_of, H) == [7, 3]

    def test_suit_zero_is_a_suit(self):
        # Suit 0 must not be mistaken for "no suit led".
        assert playable(range(3), [1, 0, 1], 0) == [1]


def winner(positions, suits, trump=None):
    """The trick of cards 0, 1, ... with these positions and suits, by the card that wins."""
    return trick_winner(range(len(suits)), positions, suits, trump)


class TestTrickWinner:
    def test_highest_of_led_suit(self):
        assert winner([5, 9, 7, 2], [H, H, H, H]) == 1

    def test_off_suit_never_wins(self):
        assert winner([5, 12, 3, 11], [H, S, H, D]) == 0

    def test_led_card_can_win(self):
        assert winner([12, 3, 4], [S, S, S]) == 0

    def test_trump_beats_led_suit(self):
        assert winner([12, 9, 0, 5], [H, H, S, D], trump=S) == 2

    def test_highest_trump_wins(self):
        assert winner([12, 1, 4, 3], [H, S, S, S], trump=S) == 2

    def test_trump_absent(self):
        assert winner([3, 8, 7], [H, H, D], trump=C) == 1

    def test_trump_led(self):
        assert winner([3, 8, 7], [C, H, C], trump=C) == 2

    def test_trump_suit_zero(self):
        assert winner([7, 1], [1, 0], trump=0) == 1

    def test_identical_cards_first_played_wins(self):
        assert winner([7, 9, 9], [H, H, H]) == 1
        assert winner([9, 9], [H, H]) == 0
        assert winner([2, 6, 6], [H, S, S], trump=S) == 1

    def test_single_card(self):
        assert winner([0], [D]) == 0

    def test_empty_trick(self):
        with pytest.raises(ValueError):
            winner([], [])

    def test_cards_are_any_ids_read_through_the_tables(self):
        position_of = [0, 5, 9, 7, 2, 11]
        suit_of = [H, H, S, H, S, D]
        assert trick_winner([4, 3, 2, 5], position_of, suit_of) == 2  # spades led: card 2 (9) beats card 4 (2)
        assert trick_winner([3, 1, 2], position_of, suit_of, trump=S) == 2
        assert trick_winner((1, 3), position_of, suit_of) == 3
