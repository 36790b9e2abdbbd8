"""Kuhn poker, Leduc hold'em, Blackjack and Crazy Eights: the core properties over random play
(tests/properties.py), plus what each game's own rules promise about the scores."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import load_game
from properties import check_game_properties

POKER = [load_game("kuhn-poker"), load_game("leduc-poker"), load_game("leduc-poker", {"starting_player": 1})]
BLACKJACK = [load_game("blackjack"), load_game("blackjack", {"naturals": False, "dealer_hits_soft_17": True})]
CRAZY_EIGHTS = [load_game("crazy-eights", {"players": 2, "special_cards": True}),
                load_game("crazy-eights", {"players": 5, "max_draws": 2}),
                load_game("crazy-eights", {"players": 7, "special_cards": True, "reshuffle": True, "max_plays": 80})]


@settings(max_examples=30)
@given(seed=st.integers(0, 10**6), game=st.sampled_from(POKER))
def test_poker_is_zero_sum(seed, game):
    final = check_game_properties(game, seed)
    assert sum(final.scores()) == 0, "every chip won is a chip lost"
    assert max(final.scores()) > 0 or final.scores() == [0, 0], "someone takes the pot unless it is split"


@settings(max_examples=30)
@given(seed=st.integers(0, 10**6), game=st.sampled_from(BLACKJACK))
def test_blackjack_pays_a_bet_or_a_natural(seed, game):
    (score,) = check_game_properties(game, seed).scores()
    assert score in ({-1, 0, 1, Fraction(3, 2)} if game.params["naturals"] else {-1, 0, 1})


@settings(max_examples=10)
@given(seed=st.integers(0, 10**6), game=st.sampled_from(CRAZY_EIGHTS))
def test_crazy_eights_scores_are_the_penalties_left_in_hand(seed, game):
    final = check_game_properties(game, seed, check_every=5)
    hands = [final.zones[game.zones["hand"].base + p] for p in range(game.player_count)]
    assert all(s <= 0 for s in final.scores())
    assert all((s == 0) == (not h) for s, h in zip(final.scores(), hands)), "only an empty hand scores 0"
