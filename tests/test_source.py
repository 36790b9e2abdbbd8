"""The generated module reads as code a person can follow (`cardrules source GAME`): a comment
with the rules line above each function and statement group, lines of ordinary length, no
branch that compiling rules out and no statement after an unconditional transfer; and every
generated line still maps to the rules span it came from."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from cli_runner import ok, run
from cardrules import load_game
from cardrules.engine.layout import broken
from cardrules.language.resources import bundled_games

GAMES = sorted(bundled_games())
RULES_COMMENT = re.compile(r"^\s*# ([\w.-]+\.rules):([0-9]+)(?:: (.*))?$")


def params_for(name: str) -> dict | None:
    return {"max_hands": 2} if name.startswith("buraco") else None


@pytest.mark.parametrize("name", GAMES)
def test_every_line_is_of_ordinary_length_and_maps_to_a_rules_span(name):
    game = load_game(name, params_for(name))
    lines = game.source.splitlines()
    assert max(map(len, lines)) <= 160
    assert len(game.line_spans) == len(lines)
    ast.parse(game.source)


@pytest.mark.parametrize("name", GAMES)
def test_each_rules_comment_quotes_the_line_it_names(name):
    game = load_game(name, params_for(name))
    texts = {Path(f).name: t.splitlines() for f, t in game.sources.texts().items()}
    quoted = 0
    for line in game.source.splitlines():
        m = RULES_COMMENT.match(line)
        if m and m[1] in texts:
            rules_line = " ".join(texts[m[1]][int(m[2]) - 1].split())
            assert m[3] is None or rules_line.startswith(m[3]), (line, rules_line)
            quoted += 1
    assert quoted > 0


@pytest.mark.parametrize("name", GAMES)
def test_no_dead_branch_or_statement_after_a_transfer(name):
    lines = load_game(name, params_for(name)).source.splitlines()
    code = [line for line in lines if not line.lstrip().startswith("#")]
    assert not any(re.match(r"\s*(el)?if (False|\(False\)):", line) for line in code)
    for before, after in zip(code, code[1:]):
        if before.strip() == "return True" and after.strip() == "return False":
            assert len(after) - len(after.lstrip()) < len(before) - len(before.lstrip()), (before, after)


def test_the_header_names_the_slots_of_a_state():
    source = load_game("hearts").source
    assert "#    0 hands  1 pass_offset" in source and "1+p hand" in source


def test_the_command_prints_the_module_numbered_or_not():
    plain = ok("source", "hearts").output
    assert plain.rstrip("\n") == load_game("hearts").source.rstrip("\n")
    numbered = ok("source", "piquet", "-n", "--param", "deals=4").output.splitlines()
    assert numbered[0].startswith("  1  # Piquet") and "deals=4" in numbered[1]


def test_the_command_reports_a_bad_game_as_a_diagnostic():
    result = run("source", "no-such-game")
    assert result.exit_code == 1 and "neither a rules file nor a bundled game" in result.output


@pytest.mark.parametrize("line", [
    "    return (" + ", ".join(f"x{i}" for i in range(60)) + ")",
    "    if not (" + " and ".join(f"f(a{i})" for i in range(30)) + "): continue",
    "    y = [c for c in " + "+".join(f"z{i}" for i in range(40)) + " if c]",
    "    s = '" + "a, " * 60 + "'",
])
def test_a_broken_line_is_the_same_statement(line):
    pieces = broken(line)
    assert all(len(p) <= 100 for p in pieces) or len(pieces) == 1
    assert ast.dump(ast.parse("def f():\n" + "\n".join(pieces))) == ast.dump(ast.parse("def f():\n" + line))
