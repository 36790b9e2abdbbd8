"""`cardrules fmt`: the canonical layout keeps every comment, is idempotent, and the formatted file
is the same game: the same parsed rules (spans aside), the same checked model, the same recorded
games; on every bundled file, on the grammar fuzzer's mutations and on files whose whitespace is
scrambled."""

from __future__ import annotations

import difflib
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import test_fuzz_grammar as fuzz
from cli_runner import run
from test_same_games import RECORDED, digest

from cardrules import load_model
from cardrules.editor.formatter import MAX_WIDTH, format_rules, shape
from cardrules.language.diagnostics import RulesError
from cardrules.language.parser import parse, tokens

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted((ROOT / "games").glob("*.rules"))


def comments(text: str) -> list[str]:
    return [str(t) for t in tokens(text) if t.type == "COMMENT"]


def model_summary(model):
    return (shape(model.rules), model.title, model.values, model.deck, sorted(model.zones), sorted(model.vars),
            sorted(model.defs), sorted(model.phases), model.player_range)


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_formatting_a_bundled_file_is_idempotent_keeps_its_comments_and_its_meaning(path):
    text = path.read_text()
    formatted = format_rules(text)
    assert format_rules(formatted) == formatted
    assert comments(formatted) == comments(text)
    assert shape(parse(formatted)) == shape(parse(text))
    assert all(len(line) <= MAX_WIDTH or "#" in line for line in formatted.splitlines())


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_a_formatted_bundled_file_is_the_same_model_and_plays_the_recorded_games(path, tmp_path, monkeypatch):
    copy = tmp_path / path.name
    copy.write_text(format_rules(path.read_text()))
    assert model_summary(load_model(str(copy))) == model_summary(load_model(str(path)))
    monkeypatch.chdir(tmp_path)  # `buraco...rules`: the name picks the recorded games' parameters
    name = path.stem.replace("_", "-")
    assert [digest(path.name, seed) for seed in range(2)] == RECORDED[name][:2]


def test_the_bundled_files_change_little():
    changed = sum(sum(line.startswith("-") and not line.startswith("---")
                      for line in difflib.unified_diff(text.splitlines(), format_rules(text).splitlines(), n=0))
                  for text in (p.read_text() for p in BUNDLED))
    assert changed <= 4, "the canonical style is read off the bundled files: it should barely move them"


@settings(max_examples=60)
@given(st.sampled_from(sorted(fuzz.GAMES)), st.randoms(use_true_random=False))
def test_the_grammar_fuzzers_mutations_that_parse_format_to_the_same_rules(name, chooser):
    text = fuzz.mutate(chooser.choice, name, fuzz.GAMES[name])
    try:
        rules = parse(text)
    except RulesError:
        return
    formatted = format_rules(text)  # refuses, itself, a result that parses to other rules
    assert shape(parse(formatted)) == shape(rules)
    assert format_rules(formatted) == formatted
    assert comments(formatted) == comments(text)


SPACES = ["", " ", "  ", "\n", "\n\n\n", " \t ", "\n   "]


@settings(max_examples=40)
@given(st.sampled_from(BUNDLED), st.integers(0, 2 ** 32))
def test_scrambled_whitespace_formats_to_the_same_rules_and_stays_put(path, seed):
    text = path.read_text()
    chooser = random.Random(seed)
    out = []
    for tok in tokens(text):
        if tok.type == "WS":
            out.append(chooser.choice(SPACES[1:]) if "\n" not in tok else chooser.choice(["\n", "\n\n\n", " \n "]))
        else:
            out.append(str(tok))
    scrambled = "".join(out)
    formatted = format_rules(scrambled)
    assert format_rules(formatted) == formatted
    assert shape(parse(formatted)) == shape(parse(text))


def test_the_style_rules_on_a_small_file():
    messy = ('game   "G"\nplayers 2 .. 4\n\n\n\nparam  x:1..3=2   # the x\ndeck{suits C D ranks A K\n'
             'attr value{A:1 K:-2}}\nzone  stock : shared,hidden , starts with deck\n'
             'def f( a:number )=if a>1 then [ a ,2 ] else {"A":1}["A"]\nsetup{shuffle stock goto p}\n'
             'phase p{turn players[ 0 ]\n move m when x==2{end game}}\nscore p:f( 1 )\n')
    assert format_rules(messy) == (
        'game "G"\nplayers 2..4\n\nparam x: 1..3 = 2  # the x\n\ndeck { suits C D  ranks A K\n'
        '  attr value { A: 1  K: -2 } }\n\nzone stock: shared, hidden, starts with deck\n'
        'def f(a: number) = if a > 1 then [a, 2] else {"A": 1}["A"]\nsetup { shuffle stock  goto p }\n\n'
        'phase p { turn players[0]\n  move m when x == 2 { end game } }\n\nscore p: f(1)\n')



def test_a_phase_word_before_a_list_keeps_its_space():
    """`race [a, b]` and `simultaneous [a]` lead a phase line with a list: not an index of a name."""
    messy = ('game "G"\nphase p {\n  race  [players[0], players[1]]\n  move m { goto p }\n  all pass { end game }\n}\n'
             'phase q {\n  simultaneous[players[0]]\n  move n { goto p }\n}\n')
    formatted = format_rules(messy)
    assert "  race [players[0], players[1]]\n" in formatted and "  simultaneous [players[0]]\n" in formatted
    assert format_rules(formatted) == formatted and shape(parse(formatted)) == shape(parse(messy))


# --- the command
def test_fmt_check_diff_and_write(tmp_path):
    path = tmp_path / "war.rules"
    text = (ROOT / "games" / "war.rules").read_text()
    path.write_text(text.replace("  shuffle stock", "shuffle   stock"))
    checked = run("fmt", "--check", path)
    assert checked.exit_code == 1 and f"would reformat: {path}" in checked.output
    diff = run("fmt", "--diff", path)
    assert diff.exit_code == 0 and "-shuffle   stock\n+  shuffle stock\n" in diff.output
    assert path.read_text() != text
    assert run("fmt", path).exit_code == 0 and path.read_text() == text
    assert run("fmt", "--check", path).exit_code == 0
    assert run("fmt", "-", input="game  \"G\"\n").output == 'game "G"\n'


def test_fmt_refuses_a_file_that_does_not_parse_with_a_diagnostic(tmp_path):
    path = tmp_path / "broken.rules"
    path.write_text('game "G"\nplayers 2..\n')
    result = run("fmt", path)
    assert result.exit_code == 1 and f"{path}:2:10: error: unexpected end of file" in result.output
    assert path.read_text() == 'game "G"\nplayers 2..\n'
    assert "neither a rules file" in run("fmt", tmp_path / "notes.txt").output
