"""Rules that would run away inside one step end in seconds, with a located diagnostic naming
the limit: the checker refuses what it can see (nested constant ranges, defs that use the one
before twice), the built-ins refuse results that would explode, and a product beyond 10**100
is refused where it is computed."""

from __future__ import annotations

from math import comb, log10
from pathlib import Path

import pytest

from cardrules.engine.compiler import compile_model
from cardrules.language.checker import check
from cardrules.language.diagnostics import RulesError, SourceMap
from cardrules.language.limits import MAX_NUMBER, MAX_RESULTS, MAX_WORK, subsets_count
from cardrules.language.parser import parse

BASE = (Path(__file__).resolve().parent / "docs" / "base.rules").read_text()
STOCK = 42


def legal_moves_when(condition: str, extra: str = ""):
    """The legal moves of base.rules after setup, its move `lay` guarded by `condition`."""
    text = BASE.replace("  move lay(c in hand[me]) {", f"  move lay(c in hand[me]) when {condition} {{") + "\n" + extra
    sources = SourceMap()
    return compile_model(check(parse(text, "<generated>", sources), sources)).new_state(0).legal_moves()


def refusal(condition: str, extra: str = "") -> str:
    with pytest.raises(RulesError) as caught:
        legal_moves_when(condition, extra)
    diagnostic = caught.value.diagnostics[0]
    assert diagnostic.span is not None
    return diagnostic.message


@pytest.mark.parametrize("hi", [2, 3, 4, 5, 10, 60])
def test_subsets_lists_up_to_the_limit_and_refuses_beyond(hi):
    condition = f"count(subsets(stock, 0, {hi})) > 0"
    if subsets_count(STOCK, 0, hi) <= MAX_RESULTS:
        assert legal_moves_when(condition)
    else:
        assert "more than 100,000 results" in refusal(condition)


@pytest.mark.parametrize("target", [1, 2, 3, 20])
@pytest.mark.parametrize("builtin", ["sum_subsets(stock, {t}, one)", "disjoint_sums(stock, {t}, one, alone)"])
def test_subset_sums_of_a_large_table_are_refused_when_they_would_explode(target, builtin):
    extra = "def one(c: card) = 1\ndef alone(c: card) = false"
    condition = f"count({builtin.format(t=target)}) >= 0"
    groups = comb(STOCK, target)  # every card is worth one
    unions = groups if builtin.startswith("sum") else sum(comb(STOCK, k * target) for k in range(1, STOCK // target + 1))
    if unions <= MAX_RESULTS:
        assert legal_moves_when(condition, extra)
    else:
        assert "the limit of a built-in" in refusal(condition, extra)


@pytest.mark.parametrize("squarings", [1, 5, 8, 9, 64])
def test_a_number_squared_again_and_again_is_refused_past_the_limit(squarings):
    defs = "def x0 = count(stock) + 1\n" + "".join(f"def x{i + 1} = x{i} * x{i}\n" for i in range(squarings))
    if 2 ** squarings * log10(STOCK + 1) <= log10(MAX_NUMBER):  # x0 is 43
        assert legal_moves_when(f"x{squarings} > 0", defs)
    else:
        # Past MAX_WORK evaluations the checker sees the defs' cost before anything runs.
        expected = "beyond 10**100" if 2 ** squarings <= MAX_WORK else \
            f"steps to evaluate, more than the limit of {MAX_WORK:.0e}"
        assert expected in refusal(f"x{squarings} > 0", defs)


@pytest.mark.parametrize("chain", [5, 20, 30, 60])
def test_defs_that_use_the_previous_one_twice_are_refused_by_the_checker_when_too_costly(chain):
    defs = "def y0 = count(stock)\n" + "".join(f"def y{i + 1} = y{i} + y{i}\n" for i in range(chain))
    if chain <= 20:
        assert legal_moves_when(f"y{chain} > 0", defs)
    else:
        assert f"steps to evaluate, more than the limit of {MAX_WORK:.0e}" in refusal(f"y{chain} > 0", defs)


@pytest.mark.parametrize("nesting", [1, 2, 3])
def test_nested_constant_ranges_are_refused_by_the_checker_when_too_costly(nesting):
    expression = "1"
    for v in "xyz"[:nesting]:
        expression = f"sum({expression} for {v} in 1..99999)"
    if nesting == 1:
        assert legal_moves_when(f"{expression} > 0")
    else:
        assert f"more than the limit of {MAX_WORK:.0e}" in refusal(f"{expression} > 0")
