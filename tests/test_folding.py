"""Parameters are fixed when a game is compiled, so an expression of literals, parameters and
symbols is compiled as its value; the game plays as the expression says."""

from __future__ import annotations

import pytest

from cardrules import load_game

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
