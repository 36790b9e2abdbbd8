"""Loops the way a reader reads them: a `for ... where` filter is read once, before the loop
(docs/language.md, "Statements"), and a game that does not end says which phases and moves
its steps went to."""

from pathlib import Path

import pytest

from cardrules import RulesError
from cardrules.engine.loader import load_game
from cardrules.engine.position import dump, load_data

BASE = (Path(__file__).resolve().parent / "docs" / "base.rules").read_text(encoding="utf-8")

BOOKS = '''
zone books: shared, public, face up
action lay_books(p: player) {
  for c in hand[p] where count(d for d in hand[p] if rank(d) == rank(c)) == 4 {
    move c to books
  }
}
phase lay { turn current  move lay { lay_books(me)  end game } }
'''


def _game(tmp_path, text):
    path = tmp_path / "loops.rules"
    path.write_text(BASE + text, encoding="utf-8")
    return load_game(str(path))


def test_a_loop_that_moves_the_cards_its_filter_counts_moves_them_all(tmp_path):
    game = _game(tmp_path, BOOKS)
    state = load_data(game, {"phase": "lay", "vars": {"current": 0}, "rest": "stock",
                             "zones": {"hand": [["7C", "7D", "KS", "7H", "7S"], []]}})
    state.apply("lay")
    assert dump(state)["zones"]["books"] == ["7C", "7D", "7H", "7S"]
    assert dump(state)["zones"]["hand"][0] == ["KS"]


def test_a_filter_that_reads_a_variable_the_body_changes_reads_it_before_the_loop(tmp_path):
    game = _game(tmp_path, '''
var taken: number
phase take { turn current  move take {
  for c in hand[me] where taken < 2 { move c to discard  taken += 1 }
  end game } }
''')
    state = load_data(game, {"phase": "take", "vars": {"current": 0, "taken": 0}, "rest": "stock",
                             "zones": {"hand": [["2C", "3C", "4C"], []]}})
    state.apply("take")
    assert dump(state)["vars"]["taken"] == 3


@pytest.mark.parametrize("loop, repeats", [
    ("phase spin { do { goto spin } }\nphase play2 { turn current  move go { goto spin } }\n",
     "it repeats phase `spin` 1000 times"),
    ("phase play2 { turn current  move go { current = next(me) } }\n",
     "it repeats move `go` (phase `play2`) 1000 times"),
])
def test_a_game_that_does_not_end_names_what_repeats(tmp_path, loop, repeats):
    game = _game(tmp_path, loop)
    game.max_steps = 300
    state = load_data(game, {"phase": "play2", "vars": {"current": 0}, "rest": "stock"})
    with pytest.raises(RulesError, match="did not end within 300 steps") as info:
        for _ in range(400):
            state.apply("go")
    assert repeats in info.value.diagnostics[0].hint
