"""A work budget at run time (hardening, third round): every way a step of play could run for
hours or fill the memory ends in a located diagnostic, within seconds, whatever the rules say;
and the loops that count their work are decided before any code is written
(cardrules.engine.work), so that the bundled games pay for none but the long loops they have."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_runner import run
from cardrules import RulesError, load_game, load_model
from cardrules.engine.errors import RulesRuntimeError
from cardrules.engine.work import HEAVY_LOOP, SMALL_LOOP, LoopWeights
from cardrules.language import nodes as n
from cardrules.language.resources import bundled_games

GAME = '''game "Budget"
players 2..2
param m: 1..100000 = 99999
deck {{ suits {suits} ranks {ranks} }}
zone stock: shared, hidden, starts with deck
zone hand: per player, private
var x: number = 0
var xs: list of number = [1]
{extra}
setup {{ {setup}
  goto play }}
phase play {{ turn players[0]
  move go {{ {body}
    end game }} }}
score p: {score}
'''
SMALL_DECK = {"suits": "C D", "ranks": "A K"}
# 13 ranks of 760 suits: 9,880 cards.
BIG_DECK = {"suits": " ".join(f"S{i}" for i in range(760)), "ranks": "2 3 4 5 6 7 8 9 T J Q K A"}


def rules(tmp_path: Path, body: str = "x = 1", setup: str = "x = 0", score: str = "x", extra: str = "",
          deck: dict = SMALL_DECK) -> Path:
    path = tmp_path / "budget.rules"
    path.write_text(GAME.format(body=body, setup=setup, score=score, extra=extra, **deck), encoding="utf-8")
    return path


def play_once(path: Path):
    game = load_game(str(path))
    state = game.new_state(1)
    while not state.is_over:
        state.apply(state.legal_moves()[0])
        return state
    return state


@pytest.mark.parametrize("body, line", [
    ("x = sum(sum(1 for b in 1..xs[0] * m) for a in 1..m)", 13),         # ranges whose ends are not constants
    ("for a in 1..xs[0] * m { for b in 1..xs[0] * m { x += 1 } }", 13),   # two nested `for` over them
    ("repeat at most 1000000 while true { repeat at most 100000 while true { x += 1 } }", 13),
    ("x = count(c for c in 1..m if w(c) > 0)", 13),                       # a def over 1..k called 99,999 times
])
def test_a_step_that_would_run_for_hours_ends_in_a_located_finding(tmp_path, body, line):
    path = rules(tmp_path, body=body, extra="def w(c: number) = sum(1 for k in 1..xs[0] * m)")
    with pytest.raises(RulesRuntimeError) as info:
        play_once(path)
    text = info.value.render()
    assert "this step did more than 20,000,000 units of work" in text
    assert f"budget.rules:{line}:" in text, text


def test_a_triple_aggregate_over_a_huge_deck_in_setup_ends_in_a_finding(tmp_path):
    setup = "x = sum(sum(sum(1 for c in stock) for b in stock) for a in stock)"
    path = rules(tmp_path, setup=setup, deck=BIG_DECK)
    with pytest.raises(RulesRuntimeError, match="units of work"):
        load_game(str(path)).new_state(1)


def test_a_score_over_a_huge_deck_ends_in_a_finding(tmp_path):
    path = rules(tmp_path, score="sum(count(c for c in stock if rank(c) == rank(d)) for d in stock)", deck=BIG_DECK)
    game = load_game(str(path))
    state = game.new_state(1)
    state.apply(state.legal_moves()[0])
    with pytest.raises(RulesRuntimeError, match="units of work"):
        state.scores()


def test_a_list_that_doubles_ends_in_a_finding_not_a_memory_error(tmp_path):
    path = rules(tmp_path, body="repeat at most 100 while true { xs = xs + xs }")
    with pytest.raises(RulesRuntimeError, match="more than the 100,000 a list may hold"):
        play_once(path)


def test_a_repeat_bound_past_the_limit_is_refused_in_check(tmp_path):
    path = rules(tmp_path, body="repeat at most 1000000000000 while true { x += 1 }")
    with pytest.raises(RulesError, match="more rounds than the 1,000,000"):
        load_model(str(path))


MANY_MOVES = '''game "Many moves"
players 2..2
deck { suits C D  ranks 2 3 }
zone stock: shared, hidden, starts with deck
param never: bool = false
var who: player = first(p for p in players)
setup { goto bet }
phase bet {
  turn who
  move bet(n in 1..99999) { who = next(who) goto bet }
  move stop when never { end game }
}
score p: 0
'''


def test_a_hundred_thousand_moves_at_every_turn_end_at_the_step_limit(tmp_path):
    path = tmp_path / "moves.rules"
    path.write_text(MANY_MOVES)
    result = run("simulate", path, "-n", "1", "--workers", "1")
    assert result.exit_code == 1
    assert "did not end within 200000 steps" in result.output


def test_the_bundled_games_count_only_their_long_loops():
    """Loops over zones, seats and short constant ranges count nothing; a loop of a bundled
    game that counts goes over what a built-in listed or a list the rules keep, or it runs in
    the rounds of such a loop and its own rounds may do more than HEAVY_LOOP units."""
    heavy = 0
    for name, path in sorted(bundled_games().items()):
        model = load_model(name, {"max_hands": 1} if name.startswith("buraco") else None)
        weights = LoopWeights(model)
        for node in n.walk(model.rules):
            if isinstance(node, (n.For, n.Aggregate, n.ListComp)) and weights.weight(node) is not None:
                if weights.size(node.iterable) <= SMALL_LOOP:
                    assert id(node) in weights.inside_open_loops(), (name, node.span)
                    assert weights.size(node.iterable) * weights.weight(node) > HEAVY_LOOP, (name, node.span)
                    heavy += 1
                    continue
                t = model.types.get(id(node.iterable))
                assert t is None or t.kind == "list", (name, node.span)
    assert heavy > 0  # Cassino's test of the builds a capture keeps, among others


def charges(game) -> bool:
    """Whether the compiled code charges the step anywhere: by a call, or written out before a
    loop statement."""
    return "rt.charged" in game.source or "rt.overworked()" in game.source


def test_a_small_loop_is_written_without_a_charge(tmp_path):
    game = load_game(str(rules(tmp_path, body="x = sum(1 for c in hand[me]) + sum(1 for a in 1..10)")))
    assert not charges(game)
    game = load_game(str(rules(tmp_path, body="x = sum(1 for a in 1..m)")))
    assert charges(game)


def test_a_range_between_two_ends_of_one_term_is_as_long_as_they_are_apart(tmp_path):
    # `count(xs) - k .. count(xs) - 1` has at most k items, whatever count(xs) is: with k at most
    # 4 the loop is small; with ends that differ by what nothing bounds, it still counts.
    game = load_game(str(rules(tmp_path, body="x = sum(sum(1 for i in count(xs) - k..count(xs) - 1) for k in 1..4)")))
    assert not charges(game)
    game = load_game(str(rules(tmp_path, body="x = sum(1 for i in count(xs) - xs[0]..count(xs) - 1)")))
    assert charges(game)
