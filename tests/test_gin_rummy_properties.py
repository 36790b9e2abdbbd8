"""Gin Rummy over random play: every core property (the hand ends, no card is lost or made,
nobody sees a hidden card), the scores are zero-sum, and a hand without a knock scores
nothing; the stock never goes below the wall's two cards."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import load_game
from properties import check_game_properties
from support.states import cards_in, var

GAME = load_game("gin-rummy")


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_random_play_keeps_every_core_property_and_the_scores_are_zero_sum(seed):
    final = check_game_properties(GAME, seed, check_every=10)
    assert sum(final.scores()) == 0
    if var(final, "knocker") is None:
        assert final.scores() == [0, 0]
    assert len(cards_in(final, "stock")) >= 2
