"""Shortcuts the engine takes so as not to render every move's text, checked against the texts.

With two decks, moves that differ only in which copy of a card they name are one move: the
engine keeps the first of each text. Where a phase's texts provably follow the moves' values,
it compares keys of those values instead of rendering every text; the two must agree. And a
typed move is compared only with the moves whose text begins with the same words, which every
move's text must then do."""

from __future__ import annotations

import random
from itertools import islice
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardrules import IllegalMove, RulesError, load_game
from cardrules.engine.primitives import last_rendered

TWO_DECKS = '''game "Two decks"
players 2..2
deck {{ suits C D ranks A K Q copies 2 }}
zone stock: shared, hidden, starts with deck
zone hand: per player, private
var turn_of: player = players[0]
setup {{ for p in players {{ deal 5 from stock to hand[p] }}
  goto play }}
phase play {{ turn turn_of
  {moves}
  move pass {{ end game }}
}}
score p: count(hand[p])
'''


def by_text(legal):
    seen = {}
    for m in legal:
        seen.setdefault(m.text, m)
    return list(seen.values())


def random_positions(game, games=6, seed=0):
    rng = random.Random(seed)
    for i in range(games):
        st = game.new_state(i)
        while not st.over:
            yield st
            legal = st.legal_moves()
            st.play(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("name", ["buraco", "buraco_strict", "buraco_any_sets_jokers"])
def test_keys_keep_the_same_moves_as_texts_in_every_position(name):
    game = load_game(name, {"max_hands": 1})
    assert all(p.copies_key is not None for p in game.phases if p.moves)
    for st in random_positions(game):
        phase = game.phases[st.phase]
        raw = phase.generate(st, st.player)
        assert [m.text for m in st.legal_moves()] == [m.text for m in by_text(raw)]


def two_decks(tmp_path: Path, moves: str):
    path = tmp_path / "two.rules"
    path.write_text(TWO_DECKS.format(moves=moves))
    return load_game(str(path))


@pytest.mark.parametrize("moves", [
    # a value the text does not show: moves with different cards read the same
    'move toss(c in hand[me]) says "toss a card" { move c to stock }',
    # two lists side by side, which could read the same ([AC], [KC QC]) and ([AC KC], [QC])
    'move split(a in [[c] for c in hand[me]], b in [[d for d in hand[me] if not (d in a)]])'
    ' { move a to stock }',
    # one move's words begin another's
    'move give(c in hand[me]) says "give {c}" { move c to stock }\n'
    '  move give_all(c in hand[me]) says "give {c} all" { move c to stock }',
])
def test_phases_whose_texts_may_not_follow_their_values_compare_texts(tmp_path, moves):
    game = two_decks(tmp_path, moves)
    assert game.phases[0].copies_key is None
    for st in random_positions(game, games=3):
        assert [m.text for m in st.legal_moves()] == [m.text for m in by_text(st.game.phases[0].generate(st, st.player))]


def test_copies_of_a_card_are_one_move_and_different_cards_are_not(tmp_path):
    game = two_decks(tmp_path, 'move play(c in hand[me]) says "play {c} now" { move c to stock }')
    assert game.phases[0].copies_key is not None
    for st in random_positions(game, games=5):
        texts = [m.text for m in st.legal_moves()]
        assert len(texts) == len(set(texts))
        assert texts == [m.text for m in by_text(st.game.phases[0].generate(st, st.player))]


@pytest.mark.parametrize("rules", sorted(p.name for p in (Path(__file__).parent.parent / "games").glob("*.rules")))
def test_every_move_text_begins_with_its_prefix_and_typed_moves_are_found(rules):
    game = load_game(str(Path(__file__).parent.parent / "games" / rules))
    for st in islice(random_positions(game, games=2), 400):
        phase = game.phases[st.phase]
        for m in st.legal_moves():
            prefix = phase.moves[m.decl].text_prefix
            if prefix is not None:
                head, text = prefix(m.args), m.text
                assert text == head or text.startswith(head + " "), (head, text)
        chosen = st.legal_moves()[len(st.legal_moves()) // 2]
        typed, picked = st.clone(), st.clone()  # each lists its moves afresh, texts unrendered
        typed.apply(chosen.text)
        picked.play(next(m for m in picked.legal_moves() if m.text == chosen.text))
        assert typed.to_json() == picked.to_json()


@pytest.mark.parametrize("says", ["{c}{c} go", "go{c}", "{c}", "x {c}y", "x{c} y", "x  {c}  y {c}", "all the same"])
def test_a_typed_move_is_found_whatever_its_text_is_made_of(tmp_path, says):
    game = two_decks(tmp_path, 'move play(c in hand[me]) says "%s" { move c to stock }' % says)
    for st in islice(random_positions(game, games=3), 20):
        for m in st.legal_moves():
            prefix = game.phases[0].moves[m.decl].text_prefix
            if prefix is not None:
                head = prefix(m.args)
                assert m.text == head or m.text.startswith(head + " "), (says, head, m.text)
        for i in range(len(st.legal_moves())):
            typed, picked = st.clone(), st.clone()
            text = st.legal_moves()[i].text
            typed.apply(text)
            picked.play(next(m for m in picked.legal_moves() if m.text == text))
            assert typed.to_json() == picked.to_json()


TEMPLATE_PIECES = st.sampled_from(["{c}", "{n}", " ", "  ", "a", "b", "ab", "play"])


@settings(max_examples=40)
@given(pieces=st.lists(TEMPLATE_PIECES, min_size=1, max_size=7))
def test_shortcuts_agree_with_texts_for_any_template(tmp_path_factory, pieces):
    says = "".join(pieces)
    assume(says.strip())
    folder = tmp_path_factory.mktemp("template")
    try:
        game = two_decks(folder, 'move play(c in hand[me], n in 1..2) says "%s" { move c to stock }' % says)
    except RulesError:
        assume(False)
    for position in islice(random_positions(game, games=2), 6):
        raw = game.phases[0].generate(position, position.player)
        assert [m.text for m in position.legal_moves()] == [m.text for m in by_text(raw)]
        for m in raw:
            prefix = game.phases[0].moves[m.decl].text_prefix
            if prefix is not None:
                head = prefix(m.args)
                assert m.text == head or m.text.startswith(head + " "), (says, head, m.text)
        text = position.legal_moves()[-1].text
        typed, picked = position.clone(), position.clone()
        typed.apply(text)
        picked.play(next(m for m in picked.legal_moves() if m.text == text))
        assert typed.to_json() == picked.to_json()


def test_a_text_rendered_last_is_only_a_hint_checked_against_the_legal_moves():
    # `apply(text)` first tries the move whose text was rendered last. A move of another list
    # must not be taken for this position's: the one of that text here is played, and a text
    # not legal here is refused.
    game = load_game("cassino", {"players": 2})
    found = refused = 0
    for st in islice(random_positions(game, games=3), 90):
        later = st.clone()
        later.play(later.legal_moves()[-1])
        later_texts = set() if later.over else {m.text for m in later.legal_moves()}
        # Moves over lists are made afresh for each list, their texts not rendered yet.
        afresh = [m for m in st.clone().legal_moves() if tuple in map(type, m.args)]
        if not afresh:
            continue
        hint = afresh[0]
        text = hint.text
        assert last_rendered() == (text, hint)
        typed, picked = st.clone(), st.clone()
        typed.apply(text)
        picked.play(next(m for m in picked.legal_moves() if m.text == text))
        assert typed.to_json() == picked.to_json()
        found += 1
        if not later.over and text not in later_texts:  # the hint is of another list still
            with pytest.raises(IllegalMove):
                later.apply(text)
            refused += 1
    assert found and refused


RANGE_BETS = '''game "Bets"
players 2..2
deck {{ suits C  ranks A 2 3 }}
zone stock: shared, hidden, starts with deck
var turn_of: player = players[0]
var most: number = {top}
var bets: number = 0
setup {{ goto bet }}
phase bet {{
  turn turn_of
  move bet(n in 1..most) {{
    bets += 1
    most = if most > 1 then most - 1 else {top}
    turn_of = next(turn_of)
    if bets == 12 {{ end game }}
  }}
}}
score p: bets
'''


@pytest.mark.parametrize("top", [3, 200])
def test_moves_over_a_range_are_listed_whole_and_one_move_per_number(tmp_path, top):
    # A move of one number over a range with no test is listed from a list kept per pair of
    # ends (when short): the same moves as a plain loop, each number one Move in every list.
    path = tmp_path / "bets.rules"
    path.write_text(RANGE_BETS.format(top=top))
    game = load_game(str(path))
    st, seen = game.new_state(0), {}
    while not st.over:
        legal = st.legal_moves()
        assert [m.text for m in legal] == [f"bet {n}" for n in range(1, st.vars[game.var_index["most"]] + 1)]
        for m in legal:
            assert seen.setdefault(m.text, m) is m
        st.apply(legal[-1].text)
