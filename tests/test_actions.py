"""Integer action ids: a fixed vocabulary per game, every move a sequence of ids, and an id
meaning the same thing in every state."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardrules.engine.actions import encoding
from cardrules.engine.loader import load_game
from cardrules.engine.errors import IllegalMove
from cardrules.engine.runtime import State

GAMES = sorted(str(p) for p in (Path(__file__).resolve().parent.parent / "games").glob("*.rules"))


def random_states(game, seeds=range(2), limit=400):
    """States met in random play by action ids, the half-chosen moves included."""
    for seed in seeds:
        rng = random.Random(seed)
        st = game.new_state(seed)
        for _ in range(limit):
            if st.is_over:
                break
            yield st
            st = st.clone()
            st.apply_action(rng.choice(st.legal_actions()))


def play_tokens(st: State, tokens: tuple[int, ...]):
    """Choose a move's tokens one by one (those taken automatically are skipped)."""
    while True:
        assert st.pending == tokens[:len(st.pending)]
        played = st.apply_action(tokens[len(st.pending)])
        if played is not None:
            return played


@pytest.mark.parametrize("path", GAMES, ids=lambda p: Path(p).stem)
def test_an_id_means_the_same_move_in_every_state(path):
    game = load_game(path)
    enc = encoding(game)
    text_of: dict[tuple[int, ...], str] = {}
    for st in random_states(game):
        for tokens, move in enc.legal_sequences(st):
            assert all(0 <= t < game.num_distinct_actions() for t in tokens)
            assert text_of.setdefault(tokens, move.text) == move.text, f"{tokens} means two moves"
    assert text_of  # the random states offered moves (War has only one kind)
    assert len(set(enc.labels)) == len(enc.labels), "every id has its own label"


@pytest.mark.parametrize("path", GAMES, ids=lambda p: Path(p).stem)
def test_the_legal_actions_are_the_next_tokens_of_the_legal_moves(path):
    game = load_game(path)
    enc = encoding(game)
    rng = random.Random(3)
    for st in random_states(game, seeds=[5], limit=150):
        sequences = enc.legal_sequences(st)
        k = len(st.pending)
        assert st.legal_actions() == sorted({s[k] for s, _ in sequences if s[:k] == st.pending})
        if st.pending:
            continue
        assert len({s for s, _ in sequences}) == len({m.text for _, m in sequences}), \
            "moves of different texts have different tokens"
        tokens, move = rng.choice(sequences)
        by_ids, by_move = st.clone(), st.clone()
        assert play_tokens(by_ids, tokens).text == move.text
        by_move.apply(move.text)
        assert by_ids == by_move, "playing a move's ids is playing the move"


@pytest.mark.parametrize("path", GAMES[::3], ids=lambda p: Path(p).stem)
def test_an_illegal_id_is_refused_and_the_state_is_unchanged(path):
    game = load_game(path)
    for st in random_states(game, seeds=[1], limit=60):
        legal = set(st.legal_actions())
        illegal = [a for a in range(game.num_distinct_actions()) if a not in legal][:5]
        for action in illegal + [-1, game.num_distinct_actions()]:
            before = st.clone()
            with pytest.raises(IllegalMove):
                st.apply_action(action)
            assert st == before and st.legal_actions() == sorted(legal)


def test_a_half_chosen_move_is_part_of_the_position():
    game = load_game("cassino")
    st = next(s for s in random_states(game) if s.pending)
    assert st.clone() == st and st.clone().legal_actions() == st.legal_actions()
    back = State.from_json(game, st.to_json())
    assert back == st and back.legal_actions() == st.legal_actions()
    assert State.from_json(game, {**st.to_json(), "pending": []}) != st


def test_a_direct_move_forgets_a_half_chosen_one():
    game = load_game("cassino")
    st = next(s for s in random_states(game) if s.pending).clone()
    st.apply(st.legal_moves()[0])
    assert st.pending == () and st.legal_actions() == sorted({s[0] for s, _ in encoding(game).legal_sequences(st)})


def test_identical_copies_of_a_card_share_an_id():
    buraco = load_game("buraco")
    card_labels = [label for label in encoding(buraco).labels if label.startswith("card:")]
    assert buraco.deck_size == 104 and len(card_labels) == 52


def test_the_text_of_an_id():
    game = load_game("sete-e-meio")
    enc = encoding(game)
    st = game.new_state(1)
    bet = enc.head["bet"][enc.window_start + 7]
    assert game.action_to_string(bet) == "head:bet 7"
    assert st.action_to_string(bet) == "bet 7"  # a bet is one decision: its head names it whole


def test_a_move_of_one_card_is_one_id_and_its_head_a_static_table():
    game = load_game("piquet")
    enc = encoding(game)
    st = game.new_state(2)
    while st.phase_name != "play" and not st.is_over:
        st.apply(st.legal_moves()[0])
    assert all(len(tokens) == 1 for tokens, _ in enc.legal_sequences(st))
    # every card name, and none, after the name `play`: the same ids in every state
    assert len(enc.head["play"]) == len(enc.card_token) + 1
    played = st.legal_moves()[0]
    assert st.clone().apply_action(enc.head["play"][enc.card_token[game.deck.names[played.args[0]]]]).text == played.text


def test_numbers_outside_the_window_are_spelt_out():
    game = load_game("sete-e-meio")
    enc = encoding(game)
    assert (enc.window_low, enc.window_high) == (0, game.params["max_bet"])
    tokens = enc.encode(game.new_state(0), _move("bet", (-305,)))
    assert [enc.labels[t] for t in tokens] == ["head:bet minus", "digit:3", "digit:0", "digit:5", "end"]
    assert enc.encode(game.new_state(0), _move("bet", (7,))) == (enc.labels.index("head:bet 7"),)


def _move(name, args):
    from cardrules.engine.runtime import Move
    game = load_game("sete-e-meio")
    phase = next(p for p in game.phases if any(m.name == name for m in p.moves))
    return Move(name, args, next(m.index for m in phase.moves if m.name == name), text=name)
