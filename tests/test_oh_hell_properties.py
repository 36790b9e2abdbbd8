"""Oh Hell over random play: every core property for 3 to 7 players; the hands climb from one
card to the most and back down; the dealer never makes the bids add up to the tricks (the
hook); each hand's tricks are as many as the cards dealt."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import load_game
from properties import check_game_properties
from support.states import var
from trick_play import hand_of, random_moves

SHORT = {n: load_game("oh_hell", {"players": n, "max_hands": 4}) for n in range(3, 8)}


@settings(max_examples=15)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 7))
def test_random_play_keeps_every_core_property(seed, players):
    final = check_game_properties(SHORT[players], seed, check_every=1)
    assert var(final, "hands") == 4


@settings(max_examples=4)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([5, 7]))
def test_hands_climb_and_descend_and_the_dealer_is_hooked(seed, players):
    sizes, deal_sizes = [], []
    for state, move in random_moves(load_game("oh_hell", {"players": players}), seed):
        if move is None:
            break
        size = var(state, "size")
        if not deal_sizes or deal_sizes[-1][0] != var(state, "hands"):
            deal_sizes.append((var(state, "hands"), size))
        if state.phase_name == "bidding" and state.current_player == var(state, "dealer"):
            assert sum(var(state, "bid")) + int(move.split()[1]) != size
        if state.phase_name == "play" and var(state, "led") is None:
            assert sum(var(state, "won")) + len(hand_of(state, state.current_player)) == size
    most = 51 // players
    assert [s for _, s in deal_sizes] == list(range(1, most + 1)) + list(range(most - 1, 0, -1))

