"""State.play_random: a legal move drawn uniformly, the costly conditions of moves of no
parameters tested only when drawn (the phase's `sampling` generator lists them as Deferred)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from cardrules import RulesRuntimeError, load_game
from cardrules.engine import primitives as rt
from cardrules.language.resources import bundled_games

# The bundled games with a phase that random play draws from without the whole list.
SAMPLING = sorted(name for name in bundled_games() if any(p.sampling for p in load_game(name).phases))


def _discard_turn(game, knock: bool):
    """A Gin Rummy position at a discard (the phase whose `knock` is deferred), with the knock
    legal or not."""
    for seed in range(400):
        st = game.new_state(seed)
        chooser = random.Random(seed)
        for _ in range(200):
            if st.over:
                break
            legal = st.legal_moves()
            if st.phase_name == "discard" and any(m.name == "knock" for m in legal) == knock:
                return st
            st.play(legal[chooser.randrange(len(legal))])
    raise AssertionError("no such position in 400 games")


@pytest.mark.parametrize("knock", [True, False])
def test_every_legal_move_is_drawn_as_often_and_no_other(knock):
    game = load_game("gin-rummy")
    st = _discard_turn(game, knock)
    legal = {m.text for m in st.legal_moves()}
    rng = random.Random(7)
    draws = 6000
    counts: Counter = Counter()
    for _ in range(draws):
        copy = st.clone()
        counts[copy.play_random(rng.random).text] += 1
    assert set(counts) == legal
    expected = draws / len(legal)
    # A binomial count is within five standard deviations of its mean (fixed seed: exact).
    spread = 5 * (expected * (1 - 1 / len(legal))) ** 0.5
    assert all(abs(n - expected) < spread for n in counts.values()), counts


def test_the_costly_condition_is_listed_deferred_and_tested_only_when_drawn():
    game = load_game("gin-rummy")
    st = _discard_turn(game, False)
    phase = game.phases[st.phase]
    listed = phase.sampling(st, st.player)
    deferred = [m for m in listed if isinstance(m, rt.Deferred)]
    assert [d.move.name for d in deferred] == ["knock"]
    assert not deferred[0].holds()
    # The deferred Move is the very one the full listing gives when the knock is legal.
    legal_st = _discard_turn(game, True)
    knock = next(m for m in legal_st.legal_moves() if m.name == "knock")
    assert deferred[0].move is knock


def test_a_phase_with_no_legal_move_fails_as_legal_moves_does(tmp_path):
    path = tmp_path / "stuck.rules"
    path.write_text('''game "Stuck"
players 2..2
deck { suits C D  ranks A 2 3 }
zone stock: shared, hidden, starts with deck
zone hand: per player, private
var first: player
setup {
  shuffle stock
  for p in players { deal 2 from stock to hand[p] }
  first = random(players)
  goto play
}
phase play {
  turn first
  move knock when count(c for c in hand[me] if rank(c) == "A") > 5 { end game }
  move call when sum(1 for c in hand[me]) > 5 { end game }
}
score p: 0
''')
    game = load_game(str(path))
    assert game.phases[0].sampling is not None
    st = game.new_state(0)
    with pytest.raises(RulesRuntimeError) as listed:
        st.clone().legal_moves()
    with pytest.raises(RulesRuntimeError) as drawn:
        st.play_random(random.Random(0).random)
    assert str(drawn.value) == str(listed.value)
    assert "has no legal move" in str(drawn.value)


def test_the_games_that_defer_a_costly_condition():
    assert {"gin-rummy", "uno", "go-fish", "cribbage"} <= set(SAMPLING)


@pytest.mark.parametrize("name", SAMPLING)
@settings(max_examples=15)
@given(seed=st_.integers(0, 10**6), draw=st_.integers(0, 10**6))
def test_a_move_drawn_is_legal_and_plays_as_the_listed_one(name, seed, draw):
    """Over random play of every game with a `sampling` phase: the move play_random draws is
    one of legal_moves(), and the position after it is the position after playing that move
    from the list."""
    game = load_game(name)
    state = game.new_state(seed)
    rng = random.Random(draw)
    for _ in range(120):
        if state.over:
            break
        drawn = state.clone()
        move = drawn.play_random(rng.random)
        listed = state.clone()
        legal = listed.legal_moves()
        assert move.text in {m.text for m in legal}
        listed.play(next(m for m in legal if m.text == move.text))
        assert drawn.key() == listed.key()
        state = drawn


def test_the_sampling_twin_changes_nothing_in_the_listing_generator():
    """The sampling generator writes the listing's values again: counted once, a value the
    listing needs once is still computed in place there, not kept in the memo dict."""
    source = load_game("gin-rummy").source
    listing = source[source.index("def p2_gen"):source.index("def p2_sampling")]
    assert "g_can_knock(st, _m, st.zones[(1 + L_me)])" in listing
    assert "_m['can_knock']" not in listing
