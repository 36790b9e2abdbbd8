"""Highlighting: a Pygments lexer (the `cardrules` entry point of `pygments.lexers`, for the docs
and any Sphinx or MkDocs site) and the TextMate grammar of the VS Code extension, both made from
the same classes of words, which come from the language itself: its keywords, its types and its
built-ins' registry. `python -m cardrules.editor.highlight` writes the TextMate grammar out.
"""

from __future__ import annotations

import json
from pathlib import Path

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Text

from ..language.builtins import AGGREGATES, CONSTANTS, REGISTRY
from .words import KEYWORDS, TYPES

# What starts a declaration or a member of a phase: coloured apart from the other keywords.
DECLARATIONS = ("game", "extends", "players", "teams", "param", "deck", "zone", "var", "def", "action", "phase",
                "setup", "score", "remove", "display", "move", "turn", "do", "simultaneous", "race")
CONTROL = ("if", "then", "elif", "else", "for", "in", "where", "when", "repeat", "at", "most", "while", "goto",
           "end", "let", "and", "or", "not")
CONSTANT_WORDS = ("true", "false", "none")
OTHER_KEYWORDS = tuple(sorted(set(KEYWORDS) - set(DECLARATIONS) - set(CONTROL) - set(CONSTANT_WORDS) - set(TYPES)))
TYPE_WORDS = tuple(sorted(TYPES))
BUILTINS = tuple(sorted(set(REGISTRY) | set(AGGREGATES) | set(CONSTANTS) | {"me"}))
OPERATORS = ("==", "!=", "<=", ">=", "+=", "-=", "//", "..", "<", ">", "=", "+", "-", "*", "/", "%")
PUNCTUATION = "{}()[],:."

GRAMMAR_FILE = Path(__file__).parent / "vscode" / "syntaxes" / "cardrules.tmLanguage.json"


def _alternatives(ws) -> str:
    return "|".join(sorted(ws, key=lambda w: (-len(w), w)))


class CardrulesLexer(RegexLexer):
    """The rules language of cardrules (``*.rules``)."""

    name = "cardrules"
    aliases = ["cardrules", "cardrules-snippet"]
    filenames = ["*.rules"]
    mimetypes = ["text/x-cardrules"]

    tokens = {
        "root": [
            (r"\s+", Text.Whitespace),
            (r"#[^\n]*", Comment.Single),
            (r'"[^"\n]*"', String.Double),
            (r"[0-9]+\.[0-9]+(?![.0-9])", Number.Float),
            (r"[0-9]+", Number.Integer),
            (r"\b(def|action|phase|move)(\s+)([A-Za-z_][A-Za-z0-9_]*)", bygroups(Keyword.Declaration,
                                                                                  Text.Whitespace, Name.Function)),
            (words(DECLARATIONS, suffix=r"\b"), Keyword.Declaration),
            (words(CONSTANT_WORDS, suffix=r"\b"), Keyword.Constant),
            (words(CONTROL, suffix=r"\b"), Keyword),
            (words(TYPE_WORDS, suffix=r"\b"), Keyword.Type),
            (words(OTHER_KEYWORDS, suffix=r"\b"), Keyword.Reserved),
            (words(BUILTINS, suffix=r"\b"), Name.Builtin),
            (r"[A-Za-z_][A-Za-z0-9_]*", Name),
            (words(OPERATORS), Operator),
            (r"[{}()\[\],:.]", Punctuation),
        ],
    }


def textmate_grammar() -> dict:
    """The TextMate grammar, as VS Code (and any TextMate engine) reads it."""
    word = r"\b(?:{})\b"
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "cardrules",
        "scopeName": "source.cardrules",
        "fileTypes": ["rules"],
        "patterns": [{"include": f"#{key}"} for key in
                     ("comment", "string", "number", "named", "declaration", "constant", "control", "type",
                      "keyword", "builtin", "name", "operator", "punctuation")],
        "repository": {
            "comment": {"name": "comment.line.number-sign.cardrules", "match": "#.*$"},
            "string": {"name": "string.quoted.double.cardrules", "begin": '"', "end": '"|$',
                       "patterns": [{"name": "constant.other.placeholder.cardrules",
                                     "match": r"\{[A-Za-z_][A-Za-z0-9_]*\}"}]},
            "number": {"name": "constant.numeric.cardrules", "match": r"\b[0-9]+(?:\.[0-9]+(?![.0-9]))?\b"},
            "named": {"match": r"\b(def|action|phase|move)\s+([A-Za-z_][A-Za-z0-9_]*)",
                      "captures": {"1": {"name": "storage.type.cardrules"},
                                   "2": {"name": "entity.name.function.cardrules"}}},
            "declaration": {"name": "storage.type.cardrules", "match": word.format(_alternatives(DECLARATIONS))},
            "constant": {"name": "constant.language.cardrules", "match": word.format(_alternatives(CONSTANT_WORDS))},
            "control": {"name": "keyword.control.cardrules", "match": word.format(_alternatives(CONTROL))},
            "type": {"name": "support.type.cardrules", "match": word.format(_alternatives(TYPE_WORDS))},
            "keyword": {"name": "keyword.other.cardrules", "match": word.format(_alternatives(OTHER_KEYWORDS))},
            "builtin": {"name": "support.function.builtin.cardrules", "match": word.format(_alternatives(BUILTINS))},
            "name": {"name": "variable.other.cardrules", "match": r"\b[A-Za-z_][A-Za-z0-9_]*\b"},
            "operator": {"name": "keyword.operator.cardrules",
                         "match": "|".join(o.replace("+", r"\+").replace("*", r"\*").replace(".", r"\.")
                                           .replace("/", r"\/") for o in OPERATORS)},
            "punctuation": {"name": "punctuation.cardrules", "match": r"[{}()\[\],:.]"},
        },
    }


def grammar_text() -> str:
    return json.dumps(textmate_grammar(), indent=2) + "\n"


if __name__ == "__main__":
    GRAMMAR_FILE.write_text(grammar_text(), encoding="utf-8")
    print(f"wrote {GRAMMAR_FILE}")
