"""Hearts over random play: every core property, with OpenSpiel's options and with every
house option; in each hand the points add up to 26 (78 when a player shoots the moon), the 2C
leads, and no heart is led before hearts are broken unless the leader holds only hearts."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import load_game
from properties import check_game_properties
from support.states import var
from trick_play import hand_of, random_moves

HOUSE = {"jd_bonus": True, "avoid_all_tricks_bonus": True, "can_lead_any_club": True,
         "can_lead_hearts_instead_of_qs": True, "no_pts_on_first_trick": False, "qs_breaks_hearts": False}
RULES = {"common": load_game("hearts", {"max_hands": 2}), "house": load_game("hearts", {**HOUSE, "max_hands": 2}),
         "match": load_game("hearts")}
ONE_HAND = load_game("hearts", {"max_hands": 1})


@settings(max_examples=12)
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(["common", "house"]))
def test_random_play_keeps_every_core_property(seed, rules):
    final = check_game_properties(RULES[rules], seed, check_every=1)
    assert var(final, "hands") == 2


@settings(max_examples=3)
@given(seed=st.integers(0, 10**6))
def test_a_match_ends_when_someone_reaches_100(seed):
    final = check_game_properties(RULES["match"], seed, check_every=50)
    assert max(var(final, "total")) >= 100 or var(final, "hands") == 20


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6))
def test_every_hand_deals_26_points_and_hearts_wait_until_broken(seed):
    first_lead = True
    for state, move in random_moves(ONE_HAND, seed):
        if move is None:
            points = var(state, "hand_points")
            assert sum(points) in (26, 78)
            assert (sum(points) == 78) == (sorted(points) == [0, 26, 26, 26])
            break
        if state.phase_name != "play" or var(state, "led") is not None:
            continue
        card = move.split()[1]
        if first_lead:
            assert card == "2C"
            first_lead = False
        held = hand_of(state, state.current_player)
        if card.endswith("H") and not var(state, "broken"):
            assert all(c.endswith("H") for c in held)
