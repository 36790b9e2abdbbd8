"""War, Go Fish and Scopa: the core properties over random play (tests/properties.py), plus
what each game's rules promise about the end."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import load_game
from properties import check_game_properties

WAR = [load_game("war", {"battles": 200}), load_game("war-three-down", {"battles": 200})]
GO_FISH = [load_game("go-fish", {"players": n}) for n in (2, 4, 6)]
SCOPA = [load_game("scopa", {"target": 4}), load_game("scopa", {"players": 4, "target": 4}),
         load_game("scopa-d-assi", {"target": 4})]


@settings(max_examples=10)
@given(seed=st.integers(0, 10**6), game=st.sampled_from(WAR))
def test_war_ends_with_a_beaten_player_or_after_the_last_battle(seed, game):
    final = check_game_properties(game, seed, check_every=7)
    scores = final.scores()
    beaten = -1 in scores
    assert beaten or final.vars[game.var_index["battle_count"]] == 200
    if not beaten:
        assert sum(scores) == 52, "between battles every card is in a pile or in the winnings"


@settings(max_examples=10)
@given(seed=st.integers(0, 10**6), game=st.sampled_from(GO_FISH))
def test_go_fish_ends_with_all_thirteen_books_down(seed, game):
    final = check_game_properties(game, seed, check_every=3)
    assert sum(final.scores()) == 13


@settings(max_examples=8)
@given(seed=st.integers(0, 10**6), game=st.sampled_from(SCOPA))
def test_scopa_ends_past_the_target_with_a_leader_or_at_the_hand_limit(seed, game):
    final = check_game_properties(game, seed, check_every=5)
    points = final.vars[game.var_index["points"]]
    hands = final.vars[game.var_index["hands"]]
    assert hands == game.params["max_hands"] or (max(points) >= 4 and points.count(max(points)) == 1)
