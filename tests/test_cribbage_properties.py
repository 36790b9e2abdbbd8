"""Cribbage over random play: the core properties (tests/properties.py), for two, three and four
players; the game ends as soon as one side reaches the target, or, by OpenSpiel's rules, once
the show that follows is scored, and the scores never go down."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import load_game
from properties import check_game_properties
from support.states import var
from trick_play import random_moves

RULES = {"2 players": load_game("cribbage", {"target": 61}), "3 players": load_game("cribbage", {"players": 3}),
         "4 players": load_game("cribbage", {"players": 4, "target": 61}),
         "OpenSpiel's": load_game("cribbage", {"first_dealer_by_lot": False, "crib_four_flush": True,
                                               "count_out": False})}


@settings(max_examples=8)
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(sorted(RULES)))
def test_cribbage_keeps_every_core_property(seed, rules):
    check_game_properties(RULES[rules], seed, check_every=4)


@settings(max_examples=12)
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(sorted(RULES)))
def test_cribbage_scores_only_go_up_and_counting_out_stops_at_the_first_side_past_the_target(seed, rules):
    game = RULES[rules]
    before = None
    for state, move in random_moves(game, seed):
        points = var(state, "points")
        assert before is None or all(p >= b for p, b in zip(points, before))
        before = points
    target = game.params["target"]
    assert max(points) >= target
    if game.params["count_out"]:
        assert sum(1 for p in points if p >= target) == 1
