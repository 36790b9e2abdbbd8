"""Contract Bridge over random play: every core property (the deal ends, no card is lost or made,
nobody sees a hidden card); thirteen tricks are played after an auction with a bid, none after
four passes; the declarer chooses the dummy's cards, the dummy lies face up from the opening
lead on, and the two sides score opposite amounts."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import load_game
from properties import check_game_properties
from support.states import var
from trick_play import hand_of, random_moves

BRIDGE = load_game("bridge")


@settings(max_examples=15)
@given(seed=st.integers(0, 10**6))
def test_random_play_keeps_every_core_property_and_the_deal_ends(seed):
    final = check_game_properties(BRIDGE, seed, check_every=1)
    score = final.scores()[0]
    assert final.scores() == [score, -score, score, -score]


def visible_cards(state, seat, owner):
    return [c for c in state.observation(seat)["zones"]["hand"][owner] if c is not None]


@settings(max_examples=30)
@given(seed=st.integers(0, 10**6))
def test_the_declarer_plays_the_dummy_which_is_face_up_from_the_opening_lead(seed):
    cards_played = 0
    for state, move in random_moves(BRIDGE, seed):
        if move is None:
            break
        if state.phase_name != "play":
            continue
        declarer, to_play = var(state, "declarer"), var(state, "to_play")
        dummy = (declarer + 2) % 4
        shown = sorted(visible_cards(state, (declarer + 1) % 4, dummy))
        assert shown == ([] if cards_played == 0 else sorted(hand_of(state, dummy))), \
            "the dummy is hidden before the opening lead and face up to a defender after it"
        assert state.current_player == (declarer if to_play == dummy else to_play)
        cards_played += 1
    if var(state, "level") == 0:
        assert cards_played == 0 and state.scores() == [0, 0, 0, 0], "passed out"
    else:
        assert cards_played == 52
        assert 0 <= var(state, "declarer_tricks") <= 13
