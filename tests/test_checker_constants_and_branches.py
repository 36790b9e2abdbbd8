"""Two small rules of the checker: the deck's `copies` may depend on the number of players, and
a conditional with an empty list in one branch keeps the other branch's element type (so a
move drawn from it names its cards)."""

import pytest

from cardrules.language.checker import check
from cardrules.engine.compiler import compile_model
from cardrules.language.diagnostics import RulesError, SourceMap
from cardrules.language.parser import parse

RULES = '''
game "Small"
players 2..8 default 2
deck {
  suits C D
  ranks 2 3 4
  copies COPIES
}
zone stock: shared, hidden, starts with deck
zone hand: per player, private
zone table: shared, public, face up
setup {
  shuffle stock
  deal 2 from stock to table
  for p in players { deal 1 from stock to hand[p] }
  goto play
}
phase play {
  turn players[0]
  move take(cs in (if empty(hand[me]) then [] else [[t] for t in cards(table)])) { end game }
  move pass { end game }
}
score p: 0
'''


def compile_text(text, players):
    sources = SourceMap()
    return compile_model(check(parse(text, "small.rules", sources), sources, {"players": players}))


@pytest.mark.parametrize("players, cards", [(2, 6), (5, 12)])
def test_copies_may_depend_on_the_number_of_players(players, cards):
    game = compile_text(RULES.replace("COPIES", "(if player_count > 4 then 2 else 1)"), players)
    assert game.deck_size == cards


def test_copies_may_not_depend_on_the_play():
    with pytest.raises(RulesError, match="the number of copies must be a constant"):
        compile_text(RULES.replace("COPIES", "count(stock)"), 2)


def test_an_empty_list_in_one_branch_keeps_the_element_type_of_the_other():
    game = compile_text(RULES.replace("COPIES", "1"), 2)
    st = game.new_state(1)
    table = [game.deck.names[c] for c in st.zones[game.zones["table"].base]]
    assert sorted(m.text for m in st.legal_moves()) == sorted(["pass"] + [f"take {c}" for c in table])
