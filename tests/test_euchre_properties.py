"""Euchre over random play: every core property, with each of OpenSpiel's options; a hand
scores 1, 2 or 4 to one side only, and a player who holds the suit led (the left bower
counting as a trump) follows it."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import load_game
from properties import check_game_properties
from support.states import var
from trick_play import hand_of, random_moves

RULES = {"common": load_game("euchre"), "stick the dealer": load_game("euchre-stick-the-dealer"),
         "lone defender": load_game("euchre", {"allow_lone_defender": True})}
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}


def effective_suit(card, trump):
    return trump if card[:-1] == "J" and card[-1] == SAME_COLOUR[trump] else card[-1]


@settings(max_examples=15)
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(sorted(RULES)))
def test_random_play_keeps_every_core_property(seed, rules):
    final = check_game_properties(RULES[rules], seed, check_every=1)
    assert var(final, "hands") == 100 or max(var(final, "points")) >= 10


@settings(max_examples=30)
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(sorted(RULES)))
def test_one_side_scores_each_hand_and_players_follow_the_effective_suit(seed, rules):
    before = None
    for state, move in random_moves(RULES[rules], seed):
        points = var(state, "points")
        if before is not None and points != before:
            gains = sorted(p - b for p, b in zip(points, before))
            assert gains[0] == 0 and gains[1] in (1, 2, 4)
        before = points
        if move is None:
            break
        led, trump = var(state, "led"), var(state, "trump")
        if state.phase_name == "play" and led is not None:
            held = hand_of(state, state.current_player)
            if any(effective_suit(c, trump) == led for c in held):
                assert effective_suit(move.split()[1], trump) == led
