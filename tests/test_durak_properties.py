"""Durak over random play, for 2, 3 and 4 players: every core property (the game ends, no card
is lost or made, nobody sees a hidden card, one seed one game); the game ends with at most one
player holding cards, who is the fool, and the scores sum to zero."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import load_game
from properties import check_game_properties
from support.states import var

GAMES = {players: load_game("durak", {"players": players}) for players in (2, 3, 4)}


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_random_play_keeps_every_core_property_and_leaves_one_fool_at_most(players, seed):
    final = check_game_properties(GAMES[players], seed, check_every=3)
    holding = [p for p in range(players) if final.observation(p)["zones"]["hand"][p]]
    assert len(holding) <= 1
    assert var(final, "fool") == (holding[0] if holding else None)
    assert sum(final.scores()) == 0
