"""A local holding a sum of a fractional attribute (`let bank = total(banker)` over half-point
values) keeps a twin in whole multiples of the denominator, which its comparisons read: the
same answers as comparing the Fractions, with no Fraction built or compared on the way.

Each test plays a rules file and the same file with the local reassigned (`x += 0`), which
keeps the compiler from making a twin, and demands the same games."""

from __future__ import annotations

import re

import pytest

from cardrules.engine.compiler import compile_model
from cardrules.language.checker import check
from cardrules.language.diagnostics import SourceMap
from cardrules.language.parser import parse

RULES = """
game "Halves"
players 2..2
deck {
  suits C D
  ranks A 2 3 J Q K
  attr value { A: 1  2: 2  3: 3  J: 1/2  Q: 1/2  K: 1/2 }
}
zone stock: shared, hidden, starts with deck
zone hand: per player, private
var points: per player number = 0
def total(p: player) = sum(value(c) for c in hand[p])
setup {
  shuffle stock
  for p in players { deal 3 from stock to hand[p] }
  goto settle
}
phase settle {
  do {
    let first = sum(value(c) for c in hand[players[0]])
    FIRST
    for p in players {
      let mine = total(p)
      MINE
      if mine > 3.5 { points[p] += 1 }
      if mine == first { points[p] += 2 }
      if first < mine { points[p] += 4 }
      if mine >= 2 { points[p] += 8 }
      if total(p) != first { points[p] += 16 }
      if true {
        let first = count(hand[p])          # hides the outer one: a plain number here
        if first > 2.5 { points[p] += 32 }
      }
      if first <= 3 { points[p] += 64 }
      REST
    }
    end game
  }
}
score p: points[p]
"""


def compiled(text: str):
    sources = SourceMap()
    return compile_model(check(parse(text, "halves.rules", sources), sources))


def variant(rest: str = "", reassigned: bool = False):
    reassign = {"FIRST": "first += 0", "MINE": "mine += 0"} if reassigned else {"FIRST": "", "MINE": ""}
    text = RULES.replace("REST", rest)
    for key, line in reassign.items():
        text = text.replace(key, line)
    return compiled(text)


def outcomes(game, seeds=range(300)):
    return [game.new_state(seed).scores() for seed in seeds]


@pytest.mark.parametrize("rest", ["", "points[p] += mine + first"], ids=["compared only", "also added"])
def test_comparisons_of_scaled_locals_answer_as_the_fractions_do(rest):
    twinned, plain = variant(rest), variant(rest, reassigned=True)
    assert outcomes(twinned) == outcomes(plain)
    scores = outcomes(twinned)
    assert len({tuple(s) for s in scores}) > 10  # the hands tell the comparisons apart


def settle_source(game) -> str:
    lines = game.source.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("def p0_do"))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("def ")), len(lines))
    return "\n".join(lines[start:end])


def test_a_local_read_only_by_comparisons_builds_no_fraction():
    source = settle_source(variant())
    assert "Fraction" not in source
    assert re.search(r"L_\d+d_mine > 7\b", source)  # 3.5 in halves
    assert re.search(r"sum\(map\(K\d+\.__getitem__, st\.zones\[\(1 \+ L_p\)\]\)\) != L_\d+d_first", source)


def test_a_local_also_read_as_a_number_keeps_its_fraction():
    source = settle_source(variant("points[p] += mine + first"))
    assert source.count("Fraction(") == 2


def test_a_reassigned_local_has_no_twin():
    source = settle_source(variant(reassigned=True))
    assert not re.search(r"L_\d+d_", source)
