"""Uno, President and Truco Paulista over random play: every core property (the game ends, no
card is lost or made, nobody sees a hidden card) on one hand or deal each, and what each game's
header promises of every hand: Uno's winner scores the cards left, President's places are each
seat once, Truco's hands are worth 0, 1, 3, 6, 9 or 12 and go to a side by the tricks."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import load_game
from properties import check_game_properties
from support.states import var
from trick_play import random_moves

UNO_HAND = load_game("uno", {"max_hands": 1})
PRESIDENT_DEAL = load_game("president", {"deals": 1})
PRESIDENT_TWO = load_game("president", {"deals": 2, "players": 5})
TRUCO = load_game("truco")
VALUE = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "0": 0}


def card_value(name):
    rank = name.split("#")[0]
    if rank in ("wild", "draw4"):
        return 50
    return VALUE.get(rank[:-1], 20)


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_every_core_property_holds_in_each_game(seed):
    for game in (UNO_HAND, PRESIDENT_DEAL, TRUCO):
        check_game_properties(game, seed, check_every=3)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_uno_the_player_out_scores_the_cards_left_in_the_other_hands(seed):
    *_, (final, _) = random_moves(UNO_HAND, seed)
    hands = [[final.game.deck.label(c) for c in final.zones[final.game.zones["hand"].base + p]]
             for p in range(4)]
    out = [p for p in range(4) if not hands[p]]
    left = sum(card_value(c) for h in hands for c in h)
    assert final.scores() == [left if p in out else 0 for p in range(4)]
    assert len(out) <= 1


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_president_every_place_once_and_points_by_place(seed):
    *_, (final, _) = random_moves(PRESIDENT_TWO, seed)
    assert sorted(var(final, "place")) == [1, 2, 3, 4, 5]
    assert sum(final.scores()) == 2 * (4 + 3 + 2 + 1)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_truco_each_hand_is_worth_a_step_of_the_ladder_and_the_game_ends_at_twelve(seed):
    before = [0, 0]
    for state, move in random_moves(TRUCO, seed):
        points = var(state, "points")
        gained = [points[t] - before[t] for t in (0, 1)]
        assert sorted(gained)[0] == 0 and sorted(gained)[1] in (0, 1, 3, 6, 9, 12)
        before = points
        if move is None:
            assert max(points) >= 12 and min(points) < 12
            assert state.scores() == [points[0] - points[1], points[1] - points[0]] * 2
