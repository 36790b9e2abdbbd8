"""Highlighting: the Pygments lexer and the TextMate grammar colour every token the Lark grammar
reads in every bundled file, each as what it is (a comment as a comment, a keyword as a keyword),
and both know every word and symbol of the language.

What the TextMate test proves: a TextMate engine (textmate-grammar-python, a port of VS Code's
vscode-textmate) run on each bundled file gives every Lark token a scope of its class. It does
not prove that VS Code's theme colours those scopes, nor anything of the extension's client."""

from __future__ import annotations

import json
import shutil
import subprocess
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Text

from cardrules.editor.highlight import (BUILTINS, CONSTANT_WORDS, CONTROL, DECLARATIONS, GRAMMAR_FILE, OPERATORS,
                                        OTHER_KEYWORDS, PUNCTUATION, TYPE_WORDS, CardrulesLexer, grammar_text)
from cardrules.language.builtins import AGGREGATES, CONSTANTS, REGISTRY
from cardrules.language.parser import keywords, symbols, tokens, word_terminals
from extras import skip_if_extra_missing

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted((ROOT / "games").glob("*.rules"))
VSCODE = GRAMMAR_FILE.parent.parent


def lark_tokens(text: str):
    return [t for t in tokens(text) if t.type != "WS"]


def expected_class(tok) -> str:
    word = str(tok)
    if tok.type == "COMMENT":
        return "comment"
    if tok.type == "STRING":
        return "string"
    if tok.type in ("INT", "DECIMAL"):
        return "number"
    if word in symbols():
        return "symbol"
    return "word"


# --- Pygments
PYGMENTS_CLASSES = {"comment": (Comment,), "string": (String,), "number": (Number,),
                    "symbol": (Operator, Punctuation), "word": (Name, Keyword)}


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_the_pygments_lexer_colours_every_token_of_a_bundled_file(path):
    text = path.read_text()
    lexed = list(CardrulesLexer().get_tokens_unprocessed(text))
    assert "".join(v for _, _, v in lexed) == text
    at = {offset: kind for offset, kind, _ in lexed}
    for tok in lark_tokens(text):
        kind = at.get(tok.start_pos)
        assert kind is not None, f"{path.name}:{tok.line}: `{tok}` starts inside another token"
        assert kind not in Text and any(kind in c for c in PYGMENTS_CLASSES[expected_class(tok)]), \
            f"{path.name}:{tok.line}: `{tok}` is {kind}"
    assert all("Error" not in str(kind) for _, kind, _ in lexed)


def test_keywords_and_builtins_get_their_own_colours():
    kinds = {v: k for _, k, v in CardrulesLexer().get_tokens_unprocessed(
        "phase play { move m when not empty(hand[me]) { goto done } } # note\n")}
    assert kinds["phase"] in Keyword.Declaration and kinds["when"] in Keyword and kinds["empty"] in Name.Builtin
    assert kinds["hand"] is Name and kinds["m"] is Name.Function and kinds["# note"] in Comment


def test_the_lexer_is_a_pygments_plugin_named_cardrules():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["entry-points"]["pygments.lexers"]["cardrules"] == \
        "cardrules.editor.highlight:CardrulesLexer"
    declared = [e for e in metadata.entry_points(group="pygments.lexers") if e.name == "cardrules"]
    if not declared:
        pytest.skip("the installed cardrules predates its Pygments entry point: pip install -e . again")
    from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
    assert isinstance(get_lexer_by_name("cardrules"), CardrulesLexer)
    assert isinstance(get_lexer_for_filename("war.rules"), CardrulesLexer)


# --- every word and symbol of the language has a class
def test_every_keyword_symbol_and_builtin_of_the_language_has_a_colour():
    classes = set(DECLARATIONS) | set(CONTROL) | set(CONSTANT_WORDS) | set(OTHER_KEYWORDS) | set(TYPE_WORDS)
    assert keywords() <= classes
    assert {w for words in word_terminals().values() for w in words} <= classes
    assert symbols() <= set(OPERATORS) | set(PUNCTUATION)
    assert set(REGISTRY) | set(AGGREGATES) | set(CONSTANTS) <= set(BUILTINS)


# --- TextMate
def test_the_textmate_grammar_file_is_the_one_generated_from_the_language():
    assert GRAMMAR_FILE.read_text() == grammar_text(), "run `python -m cardrules.editor.highlight`"


TEXTMATE_SCOPES = {"comment": ("comment.",), "string": ("string.",), "number": ("constant.numeric.",),
                   "symbol": ("keyword.operator.", "punctuation."),
                   "word": ("storage.type.", "entity.name.", "keyword.", "constant.language.", "support.",
                            "variable.")}


@pytest.fixture(scope="module")
def textmate():
    try:
        from textmate_grammar.parsers.base import LanguageParser
    except ModuleNotFoundError as exc:
        skip_if_extra_missing(exc, "the TextMate grammar's test")
        raise
    return LanguageParser(json.loads(GRAMMAR_FILE.read_text()))


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_the_textmate_grammar_scopes_every_token_of_a_bundled_file(textmate, path):
    text = path.read_text()
    element = textmate.parse_string(text)
    scopes = {}
    for (line, column), content, names in element.flatten():
        for i in range(len(content)):
            scopes[(line, column + i)] = names
    for tok in lark_tokens(text):
        names = scopes.get((tok.line - 1, tok.column - 1), [])
        wanted = TEXTMATE_SCOPES[expected_class(tok)]
        assert any(name.startswith(wanted) for name in names), \
            f"{path.name}:{tok.line}:{tok.column}: `{tok}` has scopes {names}"


# --- the VS Code extension folder
def test_the_vscode_extension_names_its_grammar_configuration_and_client():
    package = json.loads((VSCODE / "package.json").read_text())
    [language] = package["contributes"]["languages"]
    assert language["extensions"] == [".rules"]
    assert (VSCODE / language["configuration"]).is_file()
    [grammar] = package["contributes"]["grammars"]
    assert (VSCODE / grammar["path"]).resolve() == GRAMMAR_FILE.resolve()
    assert grammar["scopeName"] == json.loads(GRAMMAR_FILE.read_text())["scopeName"]
    assert package["contributes"]["configuration"]["properties"]["cardrules.server.command"]["default"] == \
        ["cardrules", "lsp"]
    configuration = json.loads((VSCODE / "language-configuration.json").read_text())
    assert configuration["comments"]["lineComment"] == "#"
    client = (VSCODE / package["main"]).read_text()
    assert "vscode-languageclient/node" in client and "server.command" in client
    if shutil.which("node") is None:
        pytest.skip("node is not installed: the client's syntax is not checked")
    subprocess.run(["node", "--check", str(VSCODE / package["main"])], check=True)
