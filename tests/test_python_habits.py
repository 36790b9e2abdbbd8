"""The habits of a Python object: a State pickles and deep-copies to an equal State, has a
hashable key equal exactly when states are equal, can undo what `apply` played; a Game pickles
(compiled again from its rules); `new_state()` without a seed draws one and says which; both
have a short repr."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import given, settings, strategies as st

from cardrules import RulesError, load_game
from cardrules.language.resources import bundled_games

GAMES = ["sete-e-meio", "piquet", "cassino", "hearts"]


def played(name: str, seed: int, moves: int):
    game = load_game(name)
    state = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_moves()))
    return state


@settings(max_examples=20)
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 1000), moves=st.integers(0, 60))
def test_a_state_round_trips_through_pickle_and_deepcopy_and_plays_on_the_same(name, seed, moves):
    state = played(name, seed, moves)
    for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert copied == state and copied.key() == state.key()
        if not state.is_over:
            assert [m.text for m in copied.legal_moves()] == [m.text for m in state.legal_moves()]
            move = state.legal_moves()[0].text
            a, b = state.clone(), copied
            a.apply(move)
            b.apply(move)
            assert a == b


@settings(max_examples=20)
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 1000), moves=st.integers(1, 40))
def test_undo_takes_back_what_apply_played_one_move_at_a_time(name, seed, moves):
    game = load_game(name)
    state = game.new_state(seed)
    rng = random.Random(seed)
    history = []
    for _ in range(moves):
        if state.is_over:
            break
        history.append((state.clone(), state.apply(rng.choice(state.legal_moves())).text))
    for before, text in reversed(history):
        assert state.undo().text == text
        assert state == before
    with pytest.raises(RulesError, match="no move to undo"):
        state.undo()


def test_undo_after_play_says_play_keeps_no_history():
    state = load_game("sete-e-meio").new_state(1)
    state.play(state.legal_moves()[0])
    with pytest.raises(RulesError) as info:
        state.undo()
    assert "`play` keeps no history" in info.value.render()


def test_keys_are_equal_exactly_when_states_are():
    a, b = played("piquet", 5, 10), played("piquet", 5, 10)
    c = played("piquet", 5, 11)
    assert a.key() == b.key() and hash(a.key()) == hash(b.key())
    assert (a == c) == (a.key() == c.key()) and a != c
    assert len({a.key(), b.key(), c.key()}) == 2
    with pytest.raises(TypeError):
        hash(a)  # a State changes as it is played: its key is the hashable snapshot


@pytest.mark.parametrize("name", sorted(bundled_games()))
def test_a_game_pickles_as_its_rules_and_parameters(name):
    game = load_game(name)
    again = pickle.loads(pickle.dumps(game))
    assert again.title == game.title and again.params == game.params
    assert again.new_state(7) == game.new_state(7)


def test_a_fresh_seed_is_drawn_without_one_and_deals_that_game_again():
    game = load_game("sete-e-meio")
    seeds = {game.new_state().seed for _ in range(5)}
    assert len(seeds) > 1
    state = game.new_state()
    assert game.new_state(state.seed) == state


def test_the_reprs_are_short_and_say_what_they_are():
    game = load_game("piquet")
    assert repr(game) == "<Game 'Piquet' from piquet.rules, 2 players>"
    assert repr(game.new_state(3)).startswith("<State of 'Piquet', seed 3, step ")
