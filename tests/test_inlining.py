"""Inlining a `def` never changes what it means.

The compiler inlines a call whose arguments are plain names: the def's body is written in its
place with the arguments substituted. That substitution must be hygienic: a variable the body
binds in a comprehension can have the same rules name as the argument (`copies(x)` where the
body counts `x for x in ...`) and must still be a different variable. Each test compiles the
same model twice, with inlining and with every call compiled as a call, and demands the same
values: scores, legal moves, whole games.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import load_model
from cardrules.engine.compiler import compile_model
from cardrules.language.diagnostics import SourceMap
from cardrules.language.checker import check
from cardrules.language.parser import parse
from cardrules.language.resources import bundled_games

TEMPLATE = """
game "Inlining"
players 2..2
deck {{
  suits C D H S
  ranks A 2 3 4
}}
zone stock: shared, hidden, starts with deck
zone hand: per player, private
var current: player
{defs}
setup {{
  shuffle stock
  deal 5 from stock to hand[players[0]]
  deal 4 from stock to hand[players[1]]
  current = players[0]
  goto play
}}
phase play {{
  turn current
  move take(c in stock) when {condition} {{
    move c to hand[me]
    current = next(me)
    if empty(stock) {{ end game }}
  }}
  move stop {{ end game }}
}}
score p: {score}
"""

ISSUE_EXAMPLE = TEMPLATE.format(
    defs="def copies_in_hand(c: card) = count(x for x in hand[players[0]] if x == c)",
    condition="true",
    score="sum(copies_in_hand(x) for x in hand[players[0]])")


def both(text: str):
    sources = SourceMap()
    model = check(parse(text, "<generated>", sources), sources)
    return compile_model(model), compile_model(model, inline=False)


def test_the_issue_example_counts_each_card_once():
    inlined, called = both(ISSUE_EXAMPLE)
    state = inlined.new_state(1)
    assert state.scores() == [5, 5]  # five distinct cards, each in that hand once
    assert called.new_state(1).scores() == [5, 5]


# Variable names come from a pool of two, so bodies and arguments collide as often as can be.
NAMES = ("x", "c")
ZONES = ("hand[players[0]]", "hand[players[1]]", "stock")


def card_test(draw, scope: list[str], defs: list[tuple[str, int]], depth: int) -> str:
    a = draw(st.sampled_from(scope))
    b = draw(st.sampled_from([v for v in scope if v != a] or scope))
    kind = draw(st.integers(0, 3 if depth > 0 else 2))
    if kind == 0:
        return f"{a} == {b}"
    if kind == 1:
        return f"pos({a}, rank) < pos({b}, rank)"
    if kind == 2:
        return f"suit({a}) == suit({b})"
    return f"{number(draw, scope, defs, depth - 1)} > {draw(st.integers(0, 3))}"


def number(draw, scope: list[str], defs: list[tuple[str, int]], depth: int, aggregate: bool = False) -> str:
    """A number expression; an `aggregate` binds a name. The draws hypothesis tries first are
    calls and aggregates: what substitutes names and what binds them."""
    kinds = ["call"] if defs and scope and not aggregate else []
    kinds += ["sum", "count"] if depth > 0 else []
    kinds += ["rank", "literal"] if not aggregate else []
    kind = draw(st.sampled_from(kinds))
    if kind == "literal":
        return str(draw(st.integers(0, 3)))
    if kind == "rank":
        return f"pos({draw(st.sampled_from(scope))}, rank)"
    if kind == "call":
        name, arity = draw(st.sampled_from(defs))
        args = [draw(st.sampled_from(scope[::-1] + ["top(stock)"])) for _ in range(arity)]
        return f"{name}({', '.join(args)})"
    var = draw(st.sampled_from([v for v in NAMES if v not in scope] + [v for v in NAMES if v in scope]))
    inner = scope + [var] if var not in scope else scope
    zone = draw(st.sampled_from(ZONES))
    if kind == "count":
        return f"count({var} for {var} in {zone} if {card_test(draw, inner, defs, depth - 1)})"
    return f"sum({number(draw, inner, defs, depth - 1)} for {var} in {zone})"


@st.composite
def rules_with_defs(draw) -> str:
    defs: list[tuple[str, int]] = []
    lines = []
    for i in range(draw(st.integers(1, 4))):
        params = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=2, unique=True))
        body = number(draw, params, defs, 2, aggregate=True)
        lines.append(f"def f{i}({', '.join(p + ': card' for p in params)}) = {body}")
        defs.append((f"f{i}", len(params)))
    score = " + ".join(number(draw, [], defs, 3, aggregate=True) for _ in range(draw(st.integers(1, 3))))
    condition = f"{number(draw, ['c'], defs, 2)} > {draw(st.integers(0, 3))}"
    return TEMPLATE.format(defs="\n".join(lines), condition=condition, score=score)


TESTS = ("{a} == {b}", "{a} != {b}", "pos({a}, rank) < pos({b}, rank)", "suit({a}) == suit({b})")


@st.composite
def capture_prone_rules(draw) -> str:
    """A chain of defs, each called with the very name its body binds: `f1(x)` where f1's body
    is `sum(f0(x) for x in ... if x == c)`; the move's condition and the score call the last."""
    lines = []
    for i in range(draw(st.integers(1, 3))):
        param, bound = draw(st.permutations(NAMES))
        zone = draw(st.sampled_from(ZONES))
        test = draw(st.sampled_from(TESTS)).format(a=bound, b=param)
        element = f"f{i - 1}({bound})" if i else bound
        aggregate = "sum" if i else "count"
        lines.append(f"def f{i}({param}: card) = {aggregate}({element} for {bound} in {zone} if {test})")
    last = f"f{len(lines) - 1}"
    score = f"sum({last}({bound}) for {bound} in {draw(st.sampled_from(ZONES))})"
    return TEMPLATE.format(defs="\n".join(lines), condition=f"{last}(c) > {draw(st.integers(0, 2))}",
                           score=score)


def play_in_step(inlined, called, seed: int, steps: int = 12) -> None:
    """Both games, fed the same choices, list the same moves and end with the same scores."""
    a, b = inlined.new_state(seed), called.new_state(seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        assert a.scores() == b.scores()
        if a.is_over:
            break
        legal = [m.text for m in a.legal_moves()]
        assert legal == [m.text for m in b.legal_moves()]
        move = legal[chooser.randrange(len(legal))]
        a.apply(move)
        b.apply(move)
    assert a.scores() == b.scores()


@settings(max_examples=60)
@given(st.one_of(capture_prone_rules(), rules_with_defs()), st.integers(0, 10_000))
def test_generated_defs_mean_the_same_inlined_or_called(text, seed):
    inlined, called = both(text)
    play_in_step(inlined, called, seed)


@pytest.mark.parametrize("name", sorted(bundled_games()))
def test_every_bundled_game_plays_the_same_inlined_or_called(name):
    model = load_model(name, {"max_hands": 1} if name.startswith("buraco") else None)
    inlined, called = compile_model(model), compile_model(model, inline=False)
    for seed in range(2):
        play_in_step(inlined, called, seed, steps=150)


@pytest.mark.parametrize("depth", [1, 2, 5])
@pytest.mark.parametrize("inner", ["let k = {d}", "for k in [{d}, {d}] {{ current = players[0] }}"])
def test_a_local_of_an_inner_block_hides_the_outer_one_only_inside_it(depth, inner):
    """Rules locals are block-scoped: after the blocks, `k` is the outer `k` again."""
    body = "let k = 1\n"
    for d in range(2, depth + 2):
        body += "if true {\n" + inner.format(d=d) + "\n"
    body += "}\n" * depth + "current = players[k]\nend game"
    text = TEMPLATE.format(defs="", condition="false", score="0").replace(
        "move stop { end game }", "move stop {\n" + body + "\n}")
    for game in both(text):
        state = game.new_state(0)
        state.apply("stop")
        assert state.to_json()["vars"]["current"] == 1


EXTREMES = """
game "Extremes"
players 3..3
deck {{
  suits C D
  ranks A 2
}}
zone stock: shared, hidden, starts with deck
var v: per player number = 0
var best: player
var worst: player
def key(p: player) = v[p] * {scale} + {shift}
setup {{
  v[players[0]] = {a}
  v[players[1]] = {b}
  v[players[2]] = {c}
  best = most(key(next(p)) for p in players)
  worst = least(v[p] for p in players if v[p] != {skip})
  goto play
}}
phase play {{
  turn players[0]
  move stop {{ end game }}
}}
score p: (if best == p then 1 else 0) + (if worst == p then 2 else 0) + (if best == none then 4 else 0) + (if worst == none then 8 else 0)
"""


@settings(max_examples=60)
@given(st.lists(st.integers(-2, 2), min_size=6, max_size=6))
def test_most_and_least_written_as_loops_find_what_rt_extreme_finds(values):
    # Ties (none), a test that leaves no element (none), and a def written in place for an
    # argument that is more than a name (`key(next(p))`).
    a, b, c, scale, shift, skip = values
    inlined, called = both(EXTREMES.format(a=a, b=b, c=c, scale=scale, shift=shift, skip=skip))
    assert "rt.extreme" not in inlined.source and "d_key" not in inlined.source.split("def setup")[1]
    assert "rt.extreme" in called.source
    assert inlined.new_state(0).scores() == called.new_state(0).scores()


def test_most_of_a_tie_is_none():
    inlined, called = both(EXTREMES.format(a=1, b=1, c=0, scale=1, shift=0, skip=5))
    for game in (inlined, called):
        assert game.new_state(0).scores() == [4 + 0, 4, 4 + 2]  # no best (a tie); the least is seat 2
