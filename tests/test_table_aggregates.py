"""Aggregates over a table of the rules (an attribute, a def of a card) with no test compile to
mapped look-ups in C (`sum(map(K.__getitem__, xs))`, `'10' in map(...)`); they answer as the
plain generator expressions do, on every hand."""

from __future__ import annotations

from itertools import combinations

import pytest

from cardrules import load_game

RULES = '''game "Tables"
players 2..2
deck {
  suits C D
  ranks 7 10 J A
  attr value { 7: 7  10: 10  J: 1/2  A: 1 }
}
zone stock: shared, hidden, starts with deck
zone hand: per player, private
def high(c: card) = rank(c) in ["J", "A"]
def courts = ["J"]
setup { goto look }
phase look {
  turn players[0]
  move look { end game }
}
score p: 0
'''

EXPRESSIONS = {
    "sum(value(c) for c in hand[p])": lambda cards: sum(v for _, v in cards),
    "any(high(c) for c in hand[p])": lambda cards: any(r in ("J", "A") for r, _ in cards),
    "all(high(c) for c in hand[p])": lambda cards: all(r in ("J", "A") for r, _ in cards),
    'any(rank(c) == "10" for c in hand[p])': lambda cards: any(r == "10" for r, _ in cards),
    "any(rank(c) in courts for c in hand[p])": lambda cards: any(r == "J" for r, _ in cards),
    "sum(value(c) for c in hand[p]) > 8": lambda cards: sum(v for _, v in cards) > 8,
}


@pytest.mark.parametrize("expression", sorted(EXPRESSIONS))
def test_a_mapped_aggregate_answers_as_the_generator_does(tmp_path, expression):
    path = tmp_path / "tables.rules"
    truth = isinstance(EXPRESSIONS[expression]([]), bool)
    score = f"if {expression} then 1 else 0" if truth else expression
    path.write_text(RULES.replace("score p: 0", f"score p: {score}"))
    game = load_game(str(path))
    body = game.source[game.source.index("def score"):]
    assert "map(" in body.split("\ndef ")[0], body.split("\ndef ")[0]  # compiled the mapped way
    deck, hand = game.deck, game.zones["hand"].base
    for size in range(0, 4):
        for cards in combinations(range(deck.size), size):
            state = game.blank_state()
            state.zones[game.deck_slot] = [c for c in range(deck.size) if c not in cards]
            state.zones[hand] = list(cards)
            values = [(deck.rank_of[c], deck.attrs["value"][c]) for c in cards]
            expected = EXPRESSIONS[expression](values)
            got = state.game.score(state, 0)
            assert got == (int(expected) if truth else expected), (expression, cards)
