"""What `check` accepts, the compiler compiles, and it runs with the value the rules say.

CPython refuses more than 200 nested brackets, 20 nested loops and 100 indentation levels in a
function. Rules files have no such limits: a long sum, deeply nested operators, `if`s and
`for`s and moves with many parameters all compile (deep parts become helper functions), and
what Python cannot express at all (two parameters of one name, a move parameter named `me`)
is a located diagnostic of the checker.
"""

from __future__ import annotations

from pathlib import Path

from unittest import mock

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.cli import cli
from cardrules.engine.compile import limits
from cardrules.language import parser as parser_module
from cardrules.engine.compiler import compile_model
from cardrules.language.checker import check
from cardrules.language.diagnostics import RulesError, SourceMap
from cardrules.language.parser import parse

BASE = (Path(__file__).resolve().parent / "docs" / "base.rules").read_text()
STOCK = 42  # base.rules deals five cards to each of two players from 52


def game_with(score: str = "0", extra: str = ""):
    text = BASE.replace("score p: 5 - count(hand[p])", f"score p: {score}") + "\n" + extra + "\n"
    sources = SourceMap()
    return compile_model(check(parse(text, "<generated>", sources), sources))


@pytest.mark.parametrize("terms", [2, 60, 95])  # within the language's nesting limit (docs: Limits)
def test_a_long_sum_compiles_and_adds_up(terms):
    assert game_with(" + ".join(["count(stock)"] * terms)).new_state(0).scores() == [terms * STOCK] * 2


@pytest.mark.parametrize("depth", [1, 24, 45])  # a call or a bracket is two levels of the limit of 100
@pytest.mark.parametrize("shape, value", [
    ("negations", lambda n: (-1) ** n * STOCK),
    ("nots", lambda n: 0 if n % 2 else 1),  # an odd number of `not`s holds
    ("calls", lambda n: STOCK),
    ("brackets", lambda n: STOCK + n),
])
def test_deeply_nested_operators_compile_and_evaluate(depth, shape, value):
    score = {"negations": "-" * depth + "count(stock)",
             "nots": "if " + "not " * depth + "empty(stock) then 0 else 1",
             "calls": "abs(" * depth + "count(stock)" + ")" * depth,
             "brackets": "(" * depth + "count(stock)" + " + 1)" * depth}[shape]
    assert game_with(score).new_state(0).scores() == [value(depth)] * 2


@st.composite
def deep_number(draw):
    """A random chain of operators around `count(stock)`, with the value it must have."""
    source, value = "count(stock)", STOCK
    for _ in range(draw(st.integers(1, 200))):
        k = draw(st.integers(0, 5))
        t = draw(st.integers(0, 9))
        if k == 0:
            source, value = f"({source} + {t})", value + t
        elif k == 1:
            source, value = f"({t} - {source})", t - value
        elif k == 2:
            source, value = f"-{source}", -value
        elif k == 3:
            source, value = f"max({source}, {t})", max(value, t)
        elif k == 4:
            source, value = f"(if count(stock) > {t} then {source} else {t})", value
        else:
            source, value = f"sum({source} for x in [{t}])", value
    return source, value


@settings(max_examples=25)
@given(deep_number())
def test_random_deep_expressions_have_the_value_they_say(case):
    source, value = case
    # Deeper than the language allows (docs: Limits): the code generator must stay within
    # CPython's limits even if the parser's were raised.
    with mock.patch.object(parser_module, "MAX_NESTING", 10**6):
        assert game_with(source).new_state(0).scores() == [value] * 2


def nested_ifs(depth: int) -> str:
    """`depth` nested `if`s, each declaring a local of its own and one that hides `k`; each
    counts in the outer local `c`."""
    lines = ["let c = 0", "let k = 1", "let v0 = 0"]
    for d in range(depth):
        lines += [f"if v{d} == {d} {{", f"let v{d + 1} = {d + 1}", f"let k = {d + 2}"]
    lines.append("c = c + 1")
    for d in reversed(range(depth)):
        lines += [f"c = c + v{d + 1} - v{d + 1} + 1", "}"]
    return "\n".join(lines)


def after_lay(statements: str):
    """base.rules with `statements` run by its move `lay`, after the card is laid."""
    text = BASE.replace("    move c to discard\n    current = next(me)\n", "    move c to discard\n" + statements + "\n")
    sources = SourceMap()
    state = compile_model(check(parse(text, "<generated>", sources), sources)).new_state(0)
    state.apply(state.legal_moves()[0])
    return state


@pytest.mark.parametrize("depth", [1, 21, 45])  # an `if` with its block is two levels
def test_deeply_nested_ifs_compile_and_give_back_the_locals_they_assign(depth):
    state = after_lay(nested_ifs(depth) + f"\ncurrent = players[c - {depth}]\nif k == 1 {{ end game }}")
    assert state.is_over  # `k` is the outer one again
    assert state.to_json()["vars"]["current"] == 1  # `c` counted depth + 1


@pytest.mark.parametrize("depth", [1, 12, 21, 40])
def test_deeply_nested_for_loops_compile_and_count(depth):
    lines = ["let c = 0"]
    lines += [f"for v{d} in [{d}] {{" for d in range(depth)]
    lines.append("c = c + 1")
    for _ in range(depth):
        lines += ["}", "c = c + 1"]
    lines += [f"if c == {depth + 1} {{ end game }}", "current = next(me)"]
    assert after_lay("\n".join(lines)).is_over


@pytest.mark.parametrize("params", [1, 12, 13, 21, 30])
def test_a_move_with_many_parameters_lists_every_combination(params):
    generators = ", ".join([f"v{i} in [{i}]" for i in range(params - 1)] + ["w in players"])
    text = BASE.replace("  move lay(c in hand[me]) {", f"  move many({generators}) when w != me {{ end game }}\n"
                        "  move lay(c in hand[me]) {")
    sources = SourceMap()
    state = compile_model(check(parse(text, "<generated>", sources), sources)).new_state(0)
    many = [m for m in state.legal_moves() if m.name == "many"]
    assert len(many) == 1 and many[0].args[-1] != state.current_player
    state.apply(many[0])
    assert state.is_over


@pytest.mark.parametrize("declaration, message", [
    ("def f(a: card, a: card) = 1", "`f` has two parameters named `a`"),
    ("action twice(p: player, q: player, p: player) { current = p }", "action `twice` has two parameters named `p`"),
    ("phase two { turn current\n move m(x in players, x in players) { end game } }",
     "move `m` has two parameters named `x`"),
    ("phase two { turn current\n move m(me in players) { end game } }", "cannot be named `me`"),
])
def test_what_python_cannot_express_is_a_located_diagnostic(declaration, message):
    with pytest.raises(RulesError) as caught:
        game_with(extra=declaration)
    diagnostic = caught.value.diagnostics[0]
    assert message in diagnostic.message and diagnostic.span is not None


def test_check_compiles_what_it_accepts(tmp_path, monkeypatch):
    """With the helper functions switched off, the 210-term sum no longer compiles, and `check`
    says so at the rules line: check runs the compiler."""
    path = tmp_path / "long.rules"
    path.write_text(BASE.replace("score p: 5 - count(hand[p])", "score p: " + " + ".join(["count(stock)"] * 210)))
    monkeypatch.setattr(parser_module, "MAX_NESTING", 10**6)  # deeper than the language allows
    assert CliRunner().invoke(cli, ["check", str(path)]).exit_code == 0
    monkeypatch.setattr(limits, "MAX_NESTING", 10**6)
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 1
    assert "cannot be compiled: too many nested parentheses" in result.output
    assert "long.rules:" in result.output
