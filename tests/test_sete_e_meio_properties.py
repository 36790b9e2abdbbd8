"""Sete e Meio: the core properties over random play, plus chips always summing to zero."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import load_game
from properties import check_game_properties

GAMES = {n: load_game("sete-e-meio", {"players": n, "rounds": 3}) for n in (2, 4, 7)}


@settings(max_examples=15)
@given(seed=st.integers(0, 10**6), players=st.sampled_from(sorted(GAMES)))
def test_random_play_keeps_every_core_property(seed, players):
    final = check_game_properties(GAMES[players], seed, check_every=3)
    assert sum(final.scores()) == 0, "every chip paid is a chip received"
