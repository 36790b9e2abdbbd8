"""Observation vectors and strings: what a seat sees by the visibility rules, and nothing more."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from cardrules.engine.loader import load_game
from cardrules.engine.observation_tensor import (information_state_string, layout, observation_string, observation_tensor,
                                          observed_move)
from properties import permute_hidden

GAMES = sorted(str(p) for p in (Path(__file__).resolve().parent.parent / "games").glob("*.rules"))
_LOADED: dict = {}


def game_of(path):
    if path not in _LOADED:
        _LOADED[path] = load_game(path)
    return _LOADED[path]


def play(game, seed: int, actions: int):
    """A state after some random action ids, with each move and the states around it."""
    rng = random.Random(seed)
    st = game.new_state(seed)
    moves = []
    for _ in range(actions):
        if st.is_over:
            break
        before = st.clone()
        move = st.apply_action(rng.choice(st.legal_actions()))
        if move is not None:
            moves.append((before, move, st.clone()))
    return st, moves


@pytest.mark.parametrize("path", GAMES, ids=lambda p: Path(p).stem)
@settings(max_examples=6)
@given(seed=st_.integers(0, 10 ** 6), actions=st_.integers(0, 250))
def test_dealing_the_unseen_cards_afresh_changes_nothing_a_seat_observes(path, seed, actions):
    game = game_of(path)
    st, _ = play(game, seed, actions)
    rng = random.Random(seed)
    for seat in range(game.player_count):
        other = permute_hidden(st, seat, rng)
        assert observation_tensor(other, seat) == observation_tensor(st, seat)
        assert observation_string(other, seat) == observation_string(st, seat)
        assert information_state_string(other, seat, ["p0 trail 4H"]) == \
            information_state_string(st, seat, ["p0 trail 4H"])


@pytest.mark.parametrize("path", GAMES, ids=lambda p: Path(p).stem)
def test_another_seat_s_move_names_only_the_cards_the_seat_could_see(path):
    game = game_of(path)
    names = set(game.deck.names)
    _, moves = play(game, 4, 300)
    assert moves
    for before, move, after in moves:
        for seat in range(game.player_count):
            seen = observed_move(before, move, after, seat)
            named = [w.strip("()") for w in seen.split()[2:] if w.strip("()") in names]
            may = {game.deck.names[c] for c in range(game.deck_size)
                   if game.visible_to(before, c, seat) or game.visible_to(after, c, seat)}
            assert set(named) <= may, f"seat {seat} sees {seen!r}"
            if seat == before.current_player:
                assert seen == f"p{seat} {move.text}"


@pytest.mark.parametrize("path", GAMES[::3], ids=lambda p: Path(p).stem)
def test_the_vector_counts_every_card_once_and_has_a_fixed_shape(path):
    game = game_of(path)
    lay = layout(game)
    st, _ = play(game, 2, 120)
    for seat in range(game.player_count):
        vector = observation_tensor(st, seat)
        assert len(vector) == lay.size
        cards_at, cards = lay.sections["cards"]
        hidden_at, hidden = lay.sections["hidden"]
        assert sum(vector[cards_at:cards_at + cards]) + sum(vector[hidden_at:hidden_at + hidden]) == game.deck_size
        seat_at, _ = lay.sections["seat"]
        assert vector[seat_at + seat] == 1


def test_a_seat_sees_its_own_hand_and_only_counts_the_others():
    game = load_game("cassino")
    st = game.new_state(1)
    lay = layout(game)
    hand = game.zones["hand"]
    cards_at, _ = lay.sections["cards"]
    hidden_at, _ = lay.sections["hidden"]
    vector = observation_tensor(st, 0)
    for c in st.zones[hand.base]:
        assert vector[cards_at + lay.card_name[c] * lay.slots + hand.base] == 1
    assert vector[hidden_at + hand.base] == 0 and vector[hidden_at + hand.base + 1] == 4
    assert "hand[1]: ? ? ? ?" in observation_string(st, 0)
