"""Sueca over random play: every core property (the set ends, no card is lost or made, nobody
sees a hidden card); every deal gives out 120 card points and scores the games its points are
worth; each card played follows suit when it can, and play goes counter-clockwise."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import load_game
from properties import check_game_properties
from support.states import var
from trick_play import hand_of, random_moves

SET = load_game("sueca")
ONE_DEAL = load_game("sueca", {"max_deals": 1})


def games_worth(points):
    return 4 if points == 120 else 2 if points >= 91 else 1 if points > 60 else 0


@settings(max_examples=10)
@given(seed=st.integers(0, 10**6))
def test_random_play_keeps_every_core_property_and_the_set_ends(seed):
    final = check_game_properties(SET, seed, check_every=1)
    games = var(final, "games")
    assert max(games) >= 4 or var(final, "deals") == 30
    assert final.scores() == [games[0] - games[1], games[1] - games[0]] * 2


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6))
def test_every_deal_gives_out_120_points_and_the_games_they_are_worth(seed):
    for state, move in random_moves(ONE_DEAL, seed):
        if move is None:
            points = var(state, "deal_points")
            assert sum(points) == 120
            assert var(state, "games") == [games_worth(p) for p in points]
            break


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6))
def test_every_card_follows_suit_when_it_can_and_play_goes_counter_clockwise(seed):
    trick, followed = [], 0
    for state, move in random_moves(ONE_DEAL, seed):
        if move is None:
            break
        if state.phase_name != "play":
            continue
        seat, card = state.current_player, move.split()[1]
        if trick:
            led = trick[0][1][-1]
            held = hand_of(state, seat)
            assert card[-1] == led or not any(c[-1] == led for c in held)
            assert seat == (trick[-1][0] - 1) % 4
            followed += 1
        trick = [] if len(trick) == 3 else trick + [(seat, card)]
    assert followed == 30, "ten tricks of a lead and three cards after it"
