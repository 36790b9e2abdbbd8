"""A fuzzer that keeps the syntax: every bundled rules file (games/*.rules) is parsed, and its
declarations, statements and expressions are swapped, duplicated and deleted, its numbers
replaced by 0, -1 and huge values, its names by keywords and by one another; every position file
(tests/positions/**) is mutated field by field. The oracle: loading, checking and a few steps of
play either work or raise RulesError (IllegalMove for a refused move), never another exception;
each input is bounded by a step budget, not by a clock. See docs/fuzzing.md.

CARDRULES_FUZZ_EXAMPLES sets the number of inputs (default: a short run for CI)."""

import json
import os
import random
from pathlib import Path

import lark
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules import IllegalMove, RulesError, load_game
from cardrules.engine.position import load_data
from cardrules.language.resources import games_folder, grammar_path
from test_hardening import VALID, mutate as mutate_position

EXAMPLES = int(os.environ.get("CARDRULES_FUZZ_EXAMPLES", "120"))
STEP_BUDGET = 2_000  # automatic steps and moves one fuzzed game may take
MOVES = 8

GAMES = {p.name: p.read_text(encoding="utf-8") for p in sorted(games_folder().glob("*.rules"))}
PARSER = lark.Lark(grammar_path().read_text(), parser="lalr", propagate_positions=True, maybe_placeholders=True)
KEYWORDS = sorted({t.pattern.value for t in PARSER.terminals if t.pattern.type == "str" and t.pattern.value.isalpha()})
NUMBERS = ["0", "-1", "1" + "0" * 120, "99999999", "1000000"]
STATEMENTS = {"assign_stmt", "let_stmt", "move_stmt", "deal_stmt", "shuffle_stmt", "show_stmt", "hide_stmt",
              "reveal_stmt", "group_stmt", "if_stmt", "for_stmt", "goto_stmt", "end_stmt", "call_stmt"}
EXPRESSIONS = {"cond_expr", "or_op", "and_op", "not_op", "compare", "in_op", "not_in_op", "range_op", "binary",
               "neg", "index", "attr", "call", "aggregate", "list_lit", "list_comp", "map_lit"}


def pieces(text: str):
    """(kind, start, end) of every declaration, statement and expression, and every token."""
    tree = PARSER.parse(text)
    nodes, tokens = [], []
    for sub in tree.iter_subtrees():
        if sub.meta.empty:
            continue
        kind = "decl" if sub in tree.children else "stmt" if sub.data in STATEMENTS else \
            "expr" if sub.data in EXPRESSIONS else None
        if kind:
            nodes.append((kind, sub.meta.start_pos, sub.meta.end_pos))
    for tok in tree.scan_values(lambda v: isinstance(v, lark.Token)):
        if tok.type in ("INT", "DECIMAL", "NAME"):
            tokens.append((tok.type, tok.start_pos, tok.end_pos, str(tok)))
    return nodes, tokens


PIECES = {name: pieces(text) for name, text in GAMES.items()}


def mutate(choose, name: str, text: str) -> str:
    """One mutation; `choose(options)` picks each choice (hypothesis draws, or a seeded generator)."""
    nodes, tokens = PIECES[name] if text == GAMES[name] else pieces_or_none(text)
    if not nodes:
        return text
    kind = choose(["swap", "duplicate", "delete", "number", "keyword", "rename"])
    if kind in ("number", "keyword", "rename"):
        pool = [t for t in tokens if (t[0] != "NAME") == (kind == "number")]
        if not pool:
            return text
        _, a, b, old = choose(pool)
        names = sorted({t[3] for t in tokens if t[0] == "NAME"})
        new = choose(NUMBERS if kind == "number" else KEYWORDS if kind == "keyword" else names)
        return text[:a] + new + text[b:]
    what, a, b = choose(nodes)
    if kind == "delete":
        return text[:a] + text[b:]
    if kind == "duplicate":
        return text[:b] + " " + text[a:b] + " " + text[b:]
    same = [(c, d) for k, c, d in nodes if k == what and (d <= a or c >= b)]
    if not same:
        return text
    c, d = choose(same)
    (a, b), (c, d) = sorted([(a, b), (c, d)])
    return text[:a] + text[c:d] + text[b:c] + text[a:b] + text[d:]


def pieces_or_none(text: str):
    try:
        return pieces(text)
    except lark.exceptions.LarkError:
        return [], []


def exercise(path: Path, seed: int) -> str:
    """Load, check and play a few steps; only RulesError and IllegalMove may escape."""
    try:
        game = load_game(str(path))
    except RulesError as exc:
        assert str(path) in exc.render() or exc.diagnostics[0].span is None, exc.render()
        return "rejected"
    game.max_steps = STEP_BUDGET
    rng = random.Random(seed)
    try:
        state = game.new_state(seed)
        for _ in range(MOVES):
            if state.is_over:
                state.scores()
                return "over"
            moves = state.legal_moves()
            text = rng.choice(moves).text
            wrong = text + " 9" + "9" * rng.randrange(6000)
            if wrong not in [m.text for m in moves]:
                with pytest.raises(IllegalMove):
                    state.apply(wrong)
            state.apply(moves[rng.randrange(len(moves))])
            state.observation(rng.randrange(game.player_count))
            load_data(game, state.to_json())
    except RulesError:
        return "runtime error"
    return "played"


@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data(), name=st.sampled_from(sorted(GAMES)), count=st.integers(1, 3), seed=st.integers(0, 99))
def test_grammar_aware_mutations_of_the_games_never_crash(module_folder, data, name, count, seed):
    text = GAMES[name]
    for _ in range(count):
        text = mutate(lambda options: data.draw(st.sampled_from(options)), name, text)
    # A variant extends its base by name: write it beside the games it may extend.
    path = module_folder / name
    path.write_text(text, encoding="utf-8")
    exercise(path, seed)


def test_the_mutations_keep_the_syntax_of_most_inputs():
    rng = random.Random(0)
    kept = 0
    for k in range(200):
        name = rng.choice(sorted(GAMES))
        text = mutate(rng.choice, name, GAMES[name])
        kept += bool(pieces_or_none(text)[0])
    assert kept > 120  # grammar-aware: far more survive the parser than character-level mutations do


@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), count=st.integers(1, 3))
def test_mutated_position_files_never_crash(data, count):
    name, position = VALID[data.draw(st.integers(0, len(VALID) - 1))]
    position = json.loads(json.dumps(position))
    for _ in range(count):
        position = mutate_position(position, data.draw)
    game = load_game(name)
    game.max_steps = STEP_BUDGET
    try:
        state = load_data(game, position)
        if not state.is_over:
            state.apply(state.legal_moves()[0])
    except RulesError:
        pass
