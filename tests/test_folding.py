"""Parameters are fixed when a game is compiled, so an expression of literals, parameters and
symbols is compiled as its value; the game plays as the expression says."""

from __future__ import annotations

import pytest

from cardrules import RulesRuntimeError, load_game

RULES = '''game "Folding"
players 2..2
param mode: one of fast, slow = fast
param bonus: 0..10 = 3
deck { suits C D ranks A K }
zone stock: shared, hidden, starts with deck
zone hand: per player, private
var x: number = 0
setup { goto play }
phase play {
  turn players[0]
  move go {
    x = if mode == fast and bonus > 2 then bonus * 2 else 1
    if not (mode == slow) or x > 100 { x += 10 }
    if x >= 0 and mode != fast { x += 100 }
    end game
  }
}
score p: x
'''


@pytest.mark.parametrize("params, score", [({}, 16), ({"bonus": 2}, 11), ({"mode": "slow"}, 101),
                                           ({"mode": "slow", "bonus": 9}, 101)])
def test_expressions_of_parameters_are_their_values(tmp_path, params, score):
    path = tmp_path / "folding.rules"
    path.write_text(RULES)
    game = load_game(str(path), params)
    state = game.new_state(0)
    state.apply("go")
    assert state.scores() == [score, score]
    body = game.source[game.source.index("def p0_m0_body"):game.source.index("def p0_gen")]
    assert "'fast'" not in body and "'slow'" not in body


OPTIONS = '''game "Options"
players 2..2
param layoffs: bool = false
param open_table: bool = true
deck { suits C D ranks A K }
zone stock: shared, hidden, starts with deck
zone hand: per player, private
var x: number = 0
setup { deal 2 from stock to hand[players[0]]  goto play }
phase play {
  turn players[0]
  move lay(c in hand[me] where layoffs and [1][5] == 1) { end game }   # never evaluated when off
  move show(c in hand[me]) when open_table or count(hand[me]) > 5 { end game }
  move hide when not open_table and count(hand[me]) > 0 { end game }
  move pass { end game }
}
score p: x
'''


@pytest.mark.parametrize("params, listed", [
    ({}, {"show", "pass"}),
    ({"open_table": False}, {"hide", "pass"}),
])
def test_a_condition_that_the_parameters_decide_is_decided_when_compiling(tmp_path, params, listed):
    # `false and x` is false and `true or x` true whatever x is, and x (here an error) is never
    # evaluated: a move ruled out so is never listed, and its generator is not written.
    path = tmp_path / "options.rules"
    path.write_text(OPTIONS)
    game = load_game(str(path), params)
    state = game.new_state(0)
    assert {m.name for m in state.legal_moves()} == listed
    generator = game.source[game.source.index("def p0_gen"):]
    assert "rt.lookup" not in generator  # neither `[1][5]`
    # The hand listed once, for `show` (its moves mapped in C, no loop): `lay` is never listed.
    assert generator.count("for L_c in") == 0 and generator.count("__getitem__, st.zones[") == 1
    assert "True" not in generator and "False" not in generator


PLACES = '''game "Places"
players 3..3
param first: 0..2 = 1
deck { suits C D ranks A K }
zone stock: shared, hidden, starts with deck
var x: player
var n: number = 3
setup { x = players[first]  goto play }
phase play {
  turn players[0]
  move go { x = players[n]  end game }
}
score p: if p == x then 1 else 0
'''


def test_a_constant_list_at_a_fixed_place_is_its_entry(tmp_path):
    path = tmp_path / "places.rules"
    path.write_text(PLACES)
    game = load_game(str(path), {"first": 2})
    assert "rt.lookup" not in game.source[game.source.index("def setup"):game.source.index("def v0_init")]
    assert "rt.lookup" not in game.source[game.source.index("def p0_turn"):game.source.index("def p0_m0_body")]
    state = game.new_state(0)
    assert state.var("x") == 2 and state.current_player == 0
    with pytest.raises(RulesRuntimeError, match="no entry for 3"):
        state.apply("go")  # players[n], checked where it is used
