"""Briscola and Whist over random play: the core properties (tests/properties.py), plus what
each game's rules promise of every trick and of the end."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import load_game
from properties import check_game_properties
from support.states import var
from trick_play import hand_of, random_moves

BRISCOLA = {"2 players": load_game("briscola"), "3 players": load_game("briscola", {"players": 3}),
            "4 players": load_game("briscola", {"players": 4}), "exchange": load_game("briscola-exchange")}
WHIST = {"rubber": load_game("whist"), "long": load_game("whist-long"), "american": load_game("whist-american")}


@settings(max_examples=12)
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(sorted(BRISCOLA)))
def test_briscola_keeps_every_core_property_and_shares_out_all_120_points(seed, rules):
    game = BRISCOLA[rules]
    final = check_game_properties(game, seed)
    teams = 2 if game.player_count == 4 else game.player_count
    assert sum(final.scores()[:teams]) == 120
    assert all(not hand_of(final, p) for p in range(game.player_count)), "every card is played"


@settings(max_examples=6)
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(sorted(WHIST)))
def test_whist_keeps_every_core_property(seed, rules):
    check_game_properties(WHIST[rules], seed, check_every=5)


@settings(max_examples=6)
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(sorted(WHIST)))
def test_whist_counts_tricks_scores_at_most_seven_and_four_a_deal_and_ends_the_rubber_at_two_games(
        seed, rules):
    game = WHIST[rules]
    before = None
    for state, move in random_moves(game, seed):
        points, tricks = var(state, "points"), var(state, "tricks")
        if before is not None and points != before and any(points):
            gains = [p - b for p, b in zip(points, before)]
            assert min(gains) >= 0 and max(gains) <= 7 + 4
        before = points
        if move is None:
            break
        in_hands = sum(len(hand_of(state, p)) for p in range(4))
        assert 4 * sum(tricks) == 52 - in_hands - sum(1 for p in range(4) if state.zones[
            game.zones["trick"].base + p]), "every four cards played are one trick taken"
    games = var(state, "games")
    assert max(games) == (2 if game.params["rubber"] else 1) and sum(games) <= (3 if game.params["rubber"] else 1)
    scores = state.scores()
    assert scores[0] == -scores[1] != 0


@settings(max_examples=8)
@given(seed=st.integers(0, 10**6))
def test_german_whist_keeps_every_core_property_and_scores_the_last_thirteen_tricks(seed):
    final = check_game_properties(load_game("german-whist"), seed)
    assert sum(final.scores()) == 13
