"""The compiler as passes (engine/compile/): decisions read the model and the facts of emitted
fragments, never the emitted text; what a generation keeps is named after what it computes."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from cardrules import load_game
from cardrules.engine import primitives as rt
from cardrules.engine.errors import RulesRuntimeError
from cardrules.engine import compile as compile_package
from cardrules.engine.compiler import compile_model
from cardrules.engine.compile.code import code, literal, name
from cardrules.engine.compile.memo import MemoTable

PACKAGE = Path(compile_package.__file__).parent


def test_no_part_of_the_compiler_reads_source_as_text_or_is_one_large_class():
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text())
        imported = {a.name for x in ast.walk(tree) if isinstance(x, ast.Import) for a in x.names}
        imported |= {x.module for x in ast.walk(tree) if isinstance(x, ast.ImportFrom) and x.level == 0}
        assert not imported & {"re", "ast", "tokenize"}, path
        for x in ast.walk(tree):
            if isinstance(x, ast.ClassDef):
                assert x.end_lineno - x.lineno < 400, (path, x.name)


def test_facts_are_carried_up_from_the_parts():
    local, card = name("L_c", local=True), literal(3)
    looked_up = code(f"K1[{local}]", local, lookup=(name("K1"), local))
    call = code(f"B2(st, {looked_up}, {card})", looked_up, card, costly=True)
    assert call.reads == {"L_c"} and call.costly and not call.impure and call.depth == 2
    assert card.plain and card.numeral == 3 and not literal(-3).plain and not literal("QS").plain


def test_a_value_needed_twice_is_kept_under_its_name_and_one_needed_once_is_computed_in_place():
    table = MemoTable()
    twice = table.place(code("d_f(st)", costly=True), "f", repeating=True)
    once = table.place(code("B3(st)", costly=True), "count", repeating=False)
    assert table.expand(f"x = {twice} + {once}") == \
        "x = (_m['f'] if 'f' in _m else _m.setdefault('f', d_f(st))) + ((B3(st)))"
    assert table.needs_dict(set(twice.memos)) and not table.needs_dict(set(once.memos))
    assert table.place(code("d_g(st)", costly=True), "f", repeating=True) != twice  # another name: f_2
    assert "'f_2'" in table.expand(table.place(code("d_g(st)", costly=True), "f", repeating=True))


def test_a_generation_sharing_nothing_keeps_its_values_in_locals_unless_one_is_barred():
    table = MemoTable()
    twice = table.place(code("d_f(st)", costly=True), "f", repeating=True)
    assert table.locals_for(set(twice.memos)) == ["V_f"]
    assert table.expand(f"x = {twice}", in_locals=True) == "x = (V_f if V_f is not ... else (V_f := d_f(st)))"
    table.bar(twice.memos)  # referred to in a comprehension's iterable: no assignment expression
    assert table.locals_for(set(twice.memos)) is None


def test_hearts_keeps_what_its_generation_asks_twice_by_name():
    source = load_game("hearts").source
    generator = source[source.index("def p5_gen"):]
    generator = generator[:generator.index("\ndef ")]
    assert "(V_of_suit := " in generator and "_m = {}" not in generator and "\x01" not in source
    passing = source[source.index("def p2_gen"):]
    assert "_m = {}" not in passing[:passing.index("\ndef ")]  # keeps nothing: makes no dict


def test_a_comprehension_goes_through_what_a_built_in_would_copy_as_it_is():
    source = load_game("euchre").source  # next_active: first(q for q in players_from(next(p)) ...)
    next_active = source[source.index("def d_next_active"):]
    next_active = next_active[:next_active.index("\n# ")]
    assert "_q in K" in next_active and "list(" not in next_active


def test_a_call_a_def_makes_three_times_with_the_same_arguments_is_computed_once():
    source = load_game("cribbage").source
    run_points = source[source.index("def d_run_points"):]
    run_points = run_points[:run_points.index("\n# ")]
    assert run_points.count("_k in [0, 3, 4, 5]:") == 1  # longest_run(cs), once: `_s0`
    assert "_s0 = " in run_points and "d_run_points(st, _s0)" in source  # not written in place
    reference = compile_model(load_game("cribbage").model, inline=False).source
    assert "_s0 = " not in reference


def test_the_position_of_a_card_in_a_fixed_order_is_a_look_up():
    source = load_game("cribbage").source
    is_run = source[source.index("def d_is_run"):]
    assert " = K1[" in is_run[:is_run.index("\n# ")] and "pos" not in is_run[:is_run.index("\n# ")]


def test_an_aggregate_where_statements_may_stand_is_a_loop_not_a_generator():
    source = load_game("cribbage").source
    is_run = source[source.index("def d_is_run"):]
    is_run = is_run[:is_run.index("\n# ")]
    assert "sum(1 for" not in is_run and "all(" not in is_run and "max(" not in is_run
    reference = compile_model(load_game("cribbage").model, inline=False).source
    assert "sum(1 for" in reference  # the reference semantics keeps the generators


def test_what_a_loop_asks_of_every_element_alike_is_computed_the_first_time_only():
    source = load_game("cribbage").source  # pair_length: all(rank(c) == rank(tail(k)[0]) for c in tail(k))
    pair_length = source[source.index("def d_pair_length"):]
    pair_length = pair_length[:pair_length.index("\n# ")]
    assert " = ...\n" in pair_length and " := K" in pair_length  # set where first needed


def test_a_run_of_places_of_a_list_is_a_slice_and_a_count_of_sums_is_counted():
    source = load_game("cribbage").source
    tail = source[source.index("def d_tail"):]
    tail = tail[:tail.index("\n# ")]
    assert "rt.items_between(st.vars[" in tail and "rt.lookup" not in tail  # [sequence[i] for i in ..]
    show = source[source.index("def d_show_points"):]
    show = show[:show.index("\n# ")]
    assert "len(" not in show.split("\n")[1]  # count(sum_subsets(...)): counted, no list made


def test_a_def_whose_argument_is_more_than_a_name_is_written_in_place_with_the_argument_in_a_local():
    source = load_game("cribbage").source  # run_length: is_run(tail(k)), tail(k) set once
    run_length = source[source.index("def d_run_length"):]
    run_length = run_length[:run_length.index("\n# ")]
    assert "d_is_run(" not in run_length and "= (rt.items_between(" in run_length


def test_a_slice_of_places_gives_what_looking_each_place_up_gives():
    xs = [10, 11, 12, 13]
    for low in range(-6, 7):
        for high in range(-6, 7):
            try:
                expected = [rt.lookup(xs, i, None) for i in rt.lazy_range(low, high, None)]
            except RulesRuntimeError:
                with pytest.raises(RulesRuntimeError):
                    rt.items_between(xs, low, high, None, None)
                continue
            assert rt.items_between(xs, low, high, None, None) == expected, (low, high)


def test_an_inner_parameter_that_reads_no_outer_one_is_listed_once_and_only_when_reached():
    source = load_game("go-fish").source  # ask(p in askable(me), r in ranks where holds(me, r))
    ask = source[source.index("def p1_gen"):]
    ask = ask[:ask.index("    return out")]
    scans_of_my_hand = re.findall(r"map\(K\d+\.__getitem__, st\.zones\[\(1 \+ L_me\)\]\)", ask)
    assert len(scans_of_my_hand) == 1 and "is None:" in ask
    # The ranks' test would fail: it is not run while the outer list is empty.
    from cardrules.language.checker import check
    from cardrules.language.diagnostics import SourceMap
    from cardrules.language.parser import parse
    text = '''game "Once"
players 2..2
deck {
  suits C D
  ranks A 2
}
zone stock: shared, hidden, starts with deck
var others: list of player
setup { goto ask }
phase ask {
  turn players[0]
  move ask(p in others, r in ranks where 1 / count(others) > 0) { end game }
  move pass { others = [players[1]] }
}
score p: 0
'''
    sources = SourceMap()
    state = compile_model(check(parse(text, "once.rules", sources), sources, {})).new_state(0)
    assert [m.text for m in state.legal_moves()] == ["pass"]
    state.apply("pass")
    assert sorted(m.text for m in state.legal_moves()) == ["ask p1 2", "ask p1 A", "pass"]


def test_a_call_an_inner_test_makes_of_outer_parameters_alone_is_made_once_per_pass():
    source = load_game("president").source  # play(r in ..., n in 1..4 where held(me, r) >= n ...)
    play = source[source.index("def p4_gen"):]
    play = play[:play.index("    return out")]
    assert play.count("sum(1 for") == 1 and " is not ... else (" in play
    # Its value is each outer value's own, and a call the tests do not reach is not made.
    from cardrules.language.checker import check
    from cardrules.language.diagnostics import SourceMap
    from cardrules.language.parser import parse
    text = '''game "Per pass"
players 3..3
deck {
  suits C D
  ranks A 2 3
}
zone stock: shared, hidden, starts with deck
zone hand: per player, private
def held(p: player) = count(c for c in hand[p] if rank(c) == rank(c))
def broken(p: player) = 1 / (count(c for c in hand[p] if rank(c) == rank(c)) - held(p))
setup {
  deal 1 from stock to hand[players[1]]
  deal 3 from stock to hand[players[2]]
  goto ask
}
phase ask {
  turn players[0]
  move take(p in players, n in 1..3 where n <= held(p) and (n > 5 and broken(p) > 0 or n > 0)) { end game }
  move pass { end game }
}
score p: 0
'''
    sources = SourceMap()
    game = compile_model(check(parse(text, "pass.rules", sources), sources, {}))
    assert sorted(m.text for m in game.new_state(0).legal_moves()) == [
        "pass", "take p1 1", "take p2 1", "take p2 2", "take p2 3"]



def test_a_table_value_compared_with_a_constant_is_a_table_of_the_comparisons():
    """Crazy Eights' `playable(c)` asks `rank(c) == "8"` of every card of a hand: it is written
    as one look-up in a table of the answers, for every card, that agrees with the comparison."""
    game = load_game("crazy-eights")
    generator = game.source[game.source.index("def p1_gen"):]
    generator = generator[:generator.index("\ndef ")]
    assert "== '8'" not in generator and "== '2'" not in generator
    tables = [value for value in game.phases[1].generate.__globals__.values()
              if isinstance(value, tuple) and len(value) == game.deck_size and set(value) <= {True, False}]
    eights = tuple(game.deck.rank_of[c] == "8" for c in range(game.deck_size))
    assert eights in tables
