"""Text to AST: the Lark grammar in ``grammar/`` and one Transformer into :mod:`nodes`.

Syntax errors become diagnostics that name the expected tokens in words.
"""

from __future__ import annotations

import hashlib
import re
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

import lark
from lark import Token, v_args
from lark.grammar import Rule
from lark.lexer import TerminalDef
from lark.visitors import Transformer_NonRecursive

from . import cache
from . import nodes as n
from .diagnostics import Diagnostic, RulesError, SourceMap, Span, did_you_mean
from .limits import MAX_NESTING, MAX_NUMBER_DIGITS, digits_too_many
from .resources import grammar_path

# How expected terminals are named in a syntax error.
_TOKEN_WORDS = {
    "NAME": "a name",
    "INT": "a whole number",
    "DECIMAL": "a number",
    "STRING": 'a quoted symbol like "K"',
    "LBRACE": "`{`",
    "RBRACE": "`}`",
    "LPAR": "`(`",
    "RPAR": "`)`",
    "LSQB": "`[`",
    "RSQB": "`]`",
    "COLON": "`:`",
    "COMMA": "`,`",
    "DOT": "`.`",
    "EQUAL": "`=`",
    "ASSIGN_OP": ("`=`", "`+=`", "`-=`"),
    "COMP_OP": "a comparison",
    "ADD_OP": ("`+`", "`-`"),
    "MUL_OP": ("`*`", "`/`", "`//`", "`%`"),
    "MINUS": "`-`",
    "OWNER": ("`player`", "`team`"),
    "VISIBILITY": ("`hidden`", "`private`", "`team`", "`public`"),
    "FACE": ("`up`", "`down`"),
    "$END": "the end of the file",
}

# Operators other languages spell with symbols: the first character of each is unexpected here.
_OPERATOR_WORDS = {
    "&": "write `and`: `a and b` (there is no `&&`)",
    "|": "write `or`: `a or b` (there is no `||`)",
    "!": "write `not`: `not empty(stock)` (`!=` compares)",
}

NO_WHILE = ("every block finishes, so there is no unbounded `while`: write `repeat at most N while C { ... }` "
            "with a constant N, or let a phase `goto` itself until it is done")

_DECL_KEYWORDS = ("game", "extends", "players", "teams", "param", "deck", "zone", "var", "def",
                  "action", "phase", "setup", "score", "remove", "display", "always")
# Declarations and deck lines led by a word that is not reserved (see `word_decl` in the grammar).
_DECL_WORDS = ("symbols", "direction")
_DECK_WORDS = ("extra", "without")
# Phase lines led by a word that is not reserved (`phase_word`), and the racing window's `all pass`.
PHASE_WORDS = ("simultaneous", "race")


def _describe(terminal: str, parser: lark.Lark) -> tuple[str, ...]:
    """The words for one expected terminal; a terminal such as ADD_OP stands for several tokens."""
    if terminal.startswith("`"):
        return (terminal,)
    words = _TOKEN_WORDS.get(terminal)
    if words is not None:
        return words if isinstance(words, tuple) else (words,)
    for term in parser.terminals:
        if term.name == terminal and term.pattern.type == "str":
            return (f"`{term.pattern.value}`",)
    return (terminal.lower(),)


_LARK_OPTIONS = {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": True}


@lru_cache(maxsize=1)
def _lark() -> lark.Lark:
    # Building the LALR tables is most of a fresh process's start-up when the checked model is
    # not cached: the tables are kept as plain data (never Lark's own pickle, which runs code when
    # read), under a hash of the grammar, the options and Lark's version.
    text = grammar_path().read_text()
    key = hashlib.sha256(repr((text, sorted(_LARK_OPTIONS.items()), lark.__version__)).encode()).hexdigest()
    kept = cache.load_grammar(key)
    if isinstance(kept, dict):
        try:
            return lark.Lark.load(kept)
        except Exception:  # tables that do not load are rebuilt, as a damaged entry is
            pass
    parser = lark.Lark(text, **_LARK_OPTIONS)
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    cache.store_grammar(key, {"data": data, "memo": memo})
    return parser


def parse(text: str, path: str = "<rules>", sources: SourceMap | None = None) -> n.RulesFile:
    """Parse rules text into an AST, or raise :class:`RulesError` with a located diagnostic."""
    sources = sources or SourceMap()
    sources.add(path, text)
    parser = _lark()
    try:
        tree = parser.parse(text)
    except lark.exceptions.UnexpectedCharacters as exc:
        span = Span(path, exc.line, exc.column)
        char = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else "?"
        hint = "names are letters, digits and `_`; deck symbols are quoted, like \"10D\""
        if char == "'":
            hint = 'deck symbols use double quotes, like "K"'
        elif char in _OPERATOR_WORDS:
            hint = _OPERATOR_WORDS[char]
        raise RulesError([Diagnostic(f"unexpected character `{char}`", span, hint)], sources) from None
    except lark.exceptions.UnexpectedInput as exc:
        raise RulesError([_no_while(text, exc, path) or _unknown_deck_word(text, exc, path)
                          or _unexpected_token(exc, path, parser)], sources) from None
    misused = _misused_word(tree, path)
    if misused is not None:
        raise RulesError([misused], sources)
    deep = _too_deep(tree)
    if deep is not None:
        raise RulesError([Diagnostic(f"this is nested more than {MAX_NESTING} levels deep", _span(path, deep.meta),
                                     "name the inner parts with `def` or `let`, or split the block")], sources)
    huge = next(tree.scan_values(_too_many_digits), None)
    if huge is not None:
        raise RulesError([Diagnostic(f"a number has at most {MAX_NUMBER_DIGITS} digits", _tok_span(path, huge))],
                         sources)
    return _ToAst(path).transform_file(tree)


_DECK_LINE_WORDS = ("suits", "ranks", "copies", "jokers", "attr", "order") + _DECK_WORDS
_DECK_BLOCK = re.compile(r"^[ \t]*deck[ \t]*\{", re.M)


def _unknown_deck_word(text: str, exc, path: str) -> Diagnostic | None:
    """A syntax error in a deck whose line begins with no word a deck line may begin with: that
    word is the mistake (the grammar reads it as `extra` or `without` would be read)."""
    start = _DECK_BLOCK.search(text)
    if start is None or exc.line < text.count("\n", 0, start.start()) + 1:
        return None
    lines = text.splitlines()
    first = text.count("\n", 0, start.end()) + 1
    for number in range(first, min(exc.line, len(lines)) + 1):
        line = lines[number - 1].split("#", 1)[0]
        if number == first:
            line = line[line.index("{") + 1:]
        word = re.match(r"[ \t]*([A-Za-z_][A-Za-z0-9_]*)", line)
        if word and line.strip().startswith(word[1]) and word[1] not in _DECK_LINE_WORDS and not line.lstrip()[0].isdigit():
            column = lines[number - 1].index(word[1]) + 1
            if number == first or number == first + 1 or _deck_line_starts(lines[number - 2]):
                return Diagnostic(f"unexpected `{word[1]}` in the deck", Span(path, number, column, number,
                                  column + len(word[1])), "a deck line begins with "
                                  + ", ".join(f"`{w}`" for w in _DECK_LINE_WORDS[:-1]) + f" or `{_DECK_LINE_WORDS[-1]}`"
                                  + (f" ({did_you_mean(word[1], _DECK_LINE_WORDS)})"
                                     if did_you_mean(word[1], _DECK_LINE_WORDS) else ""))
        if "}" in line and "attr" not in line:
            return None
    return None


def _deck_line_starts(previous: str) -> bool:
    """Whether the line after `previous` begins a new deck line rather than going on with it
    (an `attr` table or a list of cards may run over several lines)."""
    body = previous.split("#", 1)[0].rstrip()
    return not body.endswith((",", "{", ":"))


def _misused_word(tree: lark.Tree, path: str) -> Diagnostic | None:
    """A declaration or deck line led by a word that is none of those that may lead one."""
    for sub in tree.iter_subtrees():
        if sub.data not in ("word_decl", "deck_cards", "phase_word", "phase_all_pass"):
            continue
        word = sub.children[0]
        assert isinstance(word, Token)  # both rules begin with a NAME
        span = _tok_span(path, word)
        if (sub.data == "phase_word" and word not in PHASE_WORDS
                or sub.data == "phase_all_pass" and (word != "all" or sub.children[1] != "pass")):
            known = ["turn", "do", "move", "then", *PHASE_WORDS, "all pass"]
            return Diagnostic(f"unexpected `{word}` in a phase; expected "
                              + ", ".join(f"`{w}`" for w in known[:-1]) + f" or `{known[-1]}`", span,
                              did_you_mean(str(word), [*known[:-1], "all"]))
        if sub.data == "deck_cards" and word not in _DECK_WORDS:
            return Diagnostic(f"unexpected `{word}` in the deck", span,
                              "a deck line begins with `suits`, `ranks`, `copies`, `jokers`, `attr`, `order`, "
                              + " or ".join(f"`{w}`" for w in _DECK_WORDS))
        if sub.data == "word_decl" and word not in _DECL_WORDS:
            known = sorted(_DECL_KEYWORDS + _DECL_WORDS)
            return Diagnostic(f"unexpected `{word}`; expected a declaration: "
                              + ", ".join(f"`{w}`" for w in known[:-1]) + f" or `{known[-1]}`", span,
                              did_you_mean(str(word), known))
        if sub.data == "phase_race" and word != "race" or sub.data == "phase_all_pass" and (
                word != "all" or sub.children[1] != "pass"):
            return Diagnostic(f"unexpected `{word}` in a phase", span,
                              "a phase holds `turn`, `do`, `move`s, or a racing window: `race SEATS` "
                              "and `all pass { ... }`" + (f" ({did_you_mean(str(word), ('race', 'all'))})"
                                                          if did_you_mean(str(word), ('race', 'all')) else ""))
        if sub.data == "word_decl" and word == "direction" and len(sub.children) != 2:
            return Diagnostic("`direction` names one direction of play", span,
                              "write `direction clockwise` or `direction counterclockwise`")
    return None
def tokens(text: str) -> list[Token]:
    """Every token of `text` in order, with the whitespace (`WS`) and comments (`COMMENT`) the
    parser ignores: what a formatter or a highlighter reads. Lexed by the grammar's own terminals
    with a lexer that knows no context, so a word the grammar reserves in one place (`team`, `up`)
    comes as that terminal even where a name stands; call it on text that :func:`parse` accepts."""
    return list(_lark().lex(text, dont_ignore=True))


def keywords() -> frozenset[str]:
    """The reserved words: a name cannot be one of them (`move`, `phase`, `if`, ...)."""
    return frozenset(t.pattern.value for t in _lark().terminals
                     if t.pattern.type == "str" and t.pattern.value.isalpha())


def symbols() -> frozenset[str]:
    """Every operator and punctuation mark the grammar knows (`{`, `..`, `+=`, `//`, ...)."""
    out = set()
    for t in _lark().terminals:
        if t.pattern.type == "str" and not t.pattern.value.isalpha():
            out.add(t.pattern.value)
        elif t.pattern.type == "re" and re.fullmatch(r"\(\?:[^A-Za-z\[\]()]+\)", t.pattern.value):
            out.update(part.replace("\\", "") for part in t.pattern.value[3:-1].split("|"))
    return frozenset(out)


def word_terminals() -> dict[str, frozenset[str]]:
    """The terminals that are a choice of words (`OWNER`: player, team), each with its words:
    they are reserved only where the grammar expects them, and elsewhere read as names."""
    out = {}
    for t in _lark().terminals:
        words = re.findall(r"[a-z]+", t.pattern.value) if t.pattern.type == "re" else []
        if words and re.fullmatch(r"\(\?:(?:[a-z]+\|)*[a-z]+\)", t.pattern.value):
            out[t.name] = frozenset(words)
    return out


def _too_many_digits(value) -> bool:
    return isinstance(value, Token) and value.type in ("INT", "DECIMAL") and digits_too_many(str(value))


def _too_deep(tree: lark.Tree) -> lark.Tree | None:
    """The first subtree nested deeper than MAX_NESTING, found without recursion: every later
    stage walks the tree recursively, and Python's stack is not deep."""
    stack = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_NESTING:
            return node
        stack.extend((child, depth + 1) for child in node.children if isinstance(child, lark.Tree))
    return None


def _unexpected_token(exc: lark.exceptions.UnexpectedInput, path: str, parser: lark.Lark) -> Diagnostic:
    token = getattr(exc, "token", None)
    interactive = getattr(exc, "interactive_parser", None)
    # LALR merges states, so `exc.expected` may name tokens that cannot follow here; the
    # interactive parser tries each one and gives the exact set.
    expected = sorted(interactive.accepts() if interactive is not None else getattr(exc, "expected", None) or ())
    # Punctuation first (a missing `}` is the usual culprit), then keywords, then descriptions.
    if "TURN" in expected and "NAME" in expected:
        # In a phase, a name can only be a word that leads a phase line (`phase_word`).
        expected = [t for t in expected if t != "NAME"] + [f"`{w}`" for w in (*PHASE_WORDS, "all pass")]
    words = sorted({w for t in expected for w in _describe(t, parser)},
                   key=lambda w: (0 if w[:1] == "`" and not w[1:2].isalpha() else 1 if w[:1] == "`" else 2, w))
    history = getattr(exc, "token_history", None) or []
    previous = str(history[-1]) if history else None
    closer = next((w for t, w in (("RBRACE", "`}`"), ("RPAR", "`)`"), ("RSQB", "`]`")) if t in expected), "`}`")
    if token is None or token.type == "$END":
        line, column = exc.line if exc.line > 0 else 1, exc.column if exc.column > 0 else 1
        found = "end of file"
    else:
        line, column = token.line, token.column
        found = f"`{token}`"
    span = Span(path, line, column, line, column + max(len(str(token or "")), 1))
    hint = None
    if len(words) > 12:
        shown = ", ".join(words[:12]) + ", ..."
    else:
        shown = " or ".join(words) if len(words) <= 2 else ", ".join(words[:-1]) + " or " + words[-1]
    if token is not None and str(token) == "elif" and "ELSE" in expected:
        hint = "an expression chains with `else if`: `if a then x else if b then y else z`"
    elif token is not None and str(token) in _DECL_KEYWORDS:
        hint = f"a declaration cannot start here: is a {closer} missing above?"
    elif token is not None and token.type == "NAME" and previous in _DECL_KEYWORDS:
        # Inside a block a declaration keyword reads as a plain name, so the error lands on the next word.
        hint = f"`{previous}` declarations go at the top level, not inside a block: is a `}}` missing above?"
    elif token is not None and "ASSIGN_OP" in expected:
        hint = "a statement is an assignment, a call, or starts with a keyword such as `move`"
    elif found == "end of file":
        hint = "the file ends early: is a `}` or `)` missing?"
    elif token is not None and str(token) == "=" and "COMP_OP" in expected:
        hint = "compare with `==`"
    elif token is not None and "IN" in expected and (token.type == "COMP_OP" or str(token) in ("and", "or")):
        hint = ("in an expression, the value of `let` is a sum, a call or a list: put a comparison "
                "in parentheses, `let x = (a == b) in ...`")
    message = f"unexpected {found}; expected {shown}" if words else f"unexpected {found}"
    if expected == ["NAME"] and history and history[-1].type == "NAME" and previous not in _DECL_WORDS:
        # Only a declaration led by a word (`symbols a`) has a name followed by nothing but a
        # name: the word is the mistake, not what follows it.
        known = sorted(_DECL_KEYWORDS + _DECL_WORDS)
        word = history[-1]
        return Diagnostic(f"unexpected `{word}`; expected a declaration: " + ", ".join(f"`{w}`" for w in known[:-1])
                          + f" or `{known[-1]}`", _tok_span(path, word), did_you_mean(previous, known))
    return Diagnostic(message, span, hint)


def _no_while(text: str, exc: lark.exceptions.UnexpectedInput, path: str) -> Diagnostic | None:
    """`while` reads as a name, so the error lands a word or two later, on the same line."""
    if exc.line < 1:
        return None
    line = text.splitlines()[exc.line - 1] if exc.line <= len(text.splitlines()) else ""
    found = None
    for m in re.finditer(r"\bwhile\b", line[:max(exc.column - 1, 0)]):
        found = m
    if found is None or re.search(r"\brepeat\b", line[:found.start()]):
        return None
    span = Span(path, exc.line, found.start() + 1, exc.line, found.end() + 1)
    return Diagnostic("there is no `while` loop", span, NO_WHILE)


class _Clause(NamedTuple):
    """One `when` of a move: its condition, and the reason it gives when false (or None)."""

    condition: n.Expr
    refusal: n.Refusal | None


def _joined_clauses(clauses: list[_Clause]) -> tuple[n.Expr | None, tuple[n.Refusal, ...]]:
    """Several `when`s (or `where`s) are one condition to the engine, all of them joined by
    `and`; each keeps its reason."""
    condition = None
    for clause in clauses:
        condition = clause.condition if condition is None else n.Binary(
            op="and", left=condition, right=clause.condition,
            span=Span(condition.span.file, condition.span.line, condition.span.column,
                      clause.condition.span.end_line, clause.condition.span.end_column))
    return condition, tuple(c.refusal for c in clauses if c.refusal is not None)


def _span(path: str, meta) -> Span:
    if getattr(meta, "empty", True):
        return Span(path, 1, 1)
    return Span(path, meta.line, meta.column, meta.end_line, meta.end_column)


def _tok_span(path: str, tok: Token) -> Span:
    return Span(path, tok.line, tok.column, tok.end_line or tok.line,
                tok.end_column or tok.column + len(tok))


@v_args(meta=True)
class _ToAst(Transformer_NonRecursive):
    def __init__(self, path: str):
        super().__init__()
        self.path = path

    def transform_file(self, tree) -> n.RulesFile:
        decls = self.transform(tree)
        return n.RulesFile(path=self.path, decls=tuple(decls))

    def s(self, meta) -> Span:
        return _span(self.path, meta)

    # --- top level
    def start(self, meta, items):
        return items

    def game_decl(self, meta, items):
        return n.GameName(name=items[0][1:-1], span=self.s(meta))

    def extends_decl(self, meta, items):
        return n.Extends(base=items[0][1:-1], span=self.s(meta))

    def players_decl(self, meta, items):
        return n.Players(low=items[0], high=items[1], default=items[2], span=self.s(meta))

    def teams_decl(self, meta, items):
        return n.Teams(condition=items[0], span=self.s(meta))

    def param_decl(self, meta, items):
        return n.Param(name=str(items[0]), domain=items[1], default=items[2], span=self.s(meta))

    def remove_decl(self, meta, items):
        return n.Remove(name=str(items[0]), member=str(items[1]) if items[1] else None, span=self.s(meta))

    def display_decl(self, meta, items):
        return n.Display(items=tuple(items), span=self.s(meta))

    def display_names(self, meta, items):
        return tuple(map(str, items))

    def display_hide(self, meta, items):
        return n.DisplayItem(kind="hide", names=items[0], keys=(), span=self.s(meta))

    def display_show(self, meta, items):
        return n.DisplayItem(kind="show", names=items[0], keys=(), span=self.s(meta))

    def display_order(self, meta, items):
        return n.DisplayItem(kind="order", names=items[0], keys=items[1], span=self.s(meta))

    def bool_domain(self, meta, items):
        return n.Domain(kind="bool", span=self.s(meta))

    def enum_domain(self, meta, items):
        # `one of 21, 31` chooses among whole numbers; `one of a, b` among symbols.
        choices = tuple(int(t) if t.type == "INT" else str(t) for t in items)
        return n.Domain(kind="enum", symbols=choices, span=self.s(meta))

    def subset_domain(self, meta, items):
        return n.Domain(kind="subset", items=tuple(items), span=self.s(meta))

    def range_domain(self, meta, items):
        return n.Domain(kind="range", low=items[0], high=items[1], span=self.s(meta))

    # --- deck
    def deck_decl(self, meta, items):
        return n.Deck(items=tuple(items), span=self.s(meta))

    def symbol(self, meta, items):
        tok = items[0]
        return (str(tok), _tok_span(self.path, tok))

    def deck_suits(self, meta, items):
        return n.DeckItem(kind="suits", symbols=tuple(items), span=self.s(meta))

    def deck_ranks(self, meta, items):
        return n.DeckItem(kind="ranks", symbols=tuple(items), span=self.s(meta))

    def deck_copies(self, meta, items):
        return n.DeckItem(kind="copies", value=items[0], span=self.s(meta))

    def deck_jokers(self, meta, items):
        return n.DeckItem(kind="jokers", value=items[0], span=self.s(meta))

    def deck_attr(self, meta, items):
        return n.DeckItem(kind="attr", name=str(items[0]), entries=tuple(items[1:]), span=self.s(meta))

    def attr_entry(self, meta, items):
        (sym, span), value = items
        return (sym, value, span)

    def deck_order(self, meta, items):
        return n.DeckItem(kind="order", name=str(items[0]), symbols=tuple(items[1:]), span=self.s(meta))

    def deck_cards(self, meta, items):
        return n.DeckItem(kind=str(items[0]), cards=tuple(items[1:]), span=self.s(meta))

    def deck_card(self, meta, items):
        (rank, span), suit = items
        return (rank, suit[0] if suit else None, span)

    # --- symbols and the direction of play
    def word_decl(self, meta, items):
        if items[0] == "direction":
            return n.Direction(way=str(items[1]), span=self.s(meta))
        return n.Symbols(names=tuple((str(t), _tok_span(self.path, t)) for t in items[1:]), span=self.s(meta))

    # --- zones, vars, defs
    def zone_decl(self, meta, items):
        name, *opts = items
        owner, visibility, face, holds, fields = None, "hidden", "down", False, ()
        for kind, value in opts:
            if kind == "owner":
                owner = value
            elif kind == "visibility":
                visibility = value
            elif kind == "face":
                face = value
            elif kind == "deck":
                holds = True
            elif kind == "groups":
                fields = value
        return n.Zone(name=str(name), owner=owner, visibility=visibility, face=face,
                      holds_deck=holds, fields=fields, span=self.s(meta))

    def zone_owner(self, meta, items):
        return ("owner", str(items[0]))

    def zone_shared(self, meta, items):
        return ("owner", None)

    def zone_visibility(self, meta, items):
        return ("visibility", str(items[0]))

    def zone_face(self, meta, items):
        return ("face", str(items[0]))

    def zone_deck(self, meta, items):
        return ("deck", True)

    def zone_groups(self, meta, items):
        return ("groups", tuple(items))

    def field(self, meta, items):
        return n.Field(name=str(items[0]), type=items[1], span=self.s(meta))

    def var_decl(self, meta, items):
        name, owner, type_, init, public = items
        return n.Var(name=str(name), owner=str(owner) if owner else None, type=type_, init=init,
                     span=self.s(meta), public=(public[1:-1], _tok_span(self.path, public)) if public else None)

    def named_type(self, meta, items):
        return n.TypeRef(kind=str(items[0]), span=self.s(meta))

    def bool_type(self, meta, items):
        return n.TypeRef(kind="bool", span=self.s(meta))

    def enum_type(self, meta, items):
        return n.TypeRef(kind="enum", symbols=tuple(map(str, items)), span=self.s(meta))

    def list_type(self, meta, items):
        return n.TypeRef(kind="list", symbols=(str(items[0]),), span=self.s(meta))

    def def_decl(self, meta, items):
        name, params, body = items
        return n.Def(name=str(name), params=params or (), body=body, span=self.s(meta))

    def action_decl(self, meta, items):
        name, params, says, body = items
        return n.Action(name=str(name), params=params or (), body=body, span=self.s(meta), says=self.told(says))

    def told(self, says: Token | None) -> tuple[str, Span] | None:
        """A statement's or an action's `says` text, with where it stands."""
        return (says[1:-1], _tok_span(self.path, says)) if says else None

    def typed_params(self, meta, items):
        return tuple(items)

    def typed_param(self, meta, items):
        return n.TypedParam(name=str(items[0]), type=items[1], span=self.s(meta))

    # --- phases and moves
    def phase_decl(self, meta, items):
        name, *members = items
        turn = do = then = race = all_pass = None
        simultaneous = False
        moves, words = [], []
        for kind, value in members:
            if kind == "turn":
                turn = value
            elif kind == "simultaneous":
                (turn, where), simultaneous = value, True
                words.append(where)
            elif kind == "do":
                do = value
            elif kind == "then":
                then = value
            elif kind in ("race", "all pass"):
                value, where = value
                words.append(where)
                if kind == "race":
                    race = value
                else:
                    all_pass = value
            else:
                moves.append(value)
        return n.Phase(name=str(name), turn=turn, do=do, moves=tuple(moves), span=self.s(meta),
                       simultaneous=simultaneous, then=then, race=race, all_pass=all_pass, words=tuple(words))

    def phase_turn(self, meta, items):
        return ("turn", items[0])

    def phase_do(self, meta, items):
        return ("do", items[0])

    def phase_word(self, meta, items):
        # One of PHASE_WORDS (`_misused_word` lets no other through), with where the line stands.
        return (str(items[0]), (items[1], self.s(meta)))

    def phase_then(self, meta, items):
        return ("then", items[0])

    def phase_all_pass(self, meta, items):
        return ("all pass", (items[2], self.s(meta)))

    def move_decl(self, meta, items):
        name, *rest = items
        says, body = rest[-2], rest[-1]
        gens = tuple(g for g in rest[:-2] if isinstance(g, n.Generator))
        clauses = [c for c in rest[:-2] if isinstance(c, _Clause)]
        condition, refusals = _joined_clauses(clauses)
        return ("move", n.MoveDecl(name=str(name), generators=gens, condition=condition,
                                   says=says[1:-1] if says else None, body=body, span=self.s(meta),
                                   refusals=refusals))

    def when_clause(self, meta, items):
        condition, reason = items
        return _Clause(condition, None if reason is None else n.Refusal(condition=condition, reason=reason[0],
                                                                        span=reason[1]))

    where_clause = when_clause

    def refusal(self, meta, items):
        return (str(items[0])[1:-1], self.s(meta))

    def gen(self, meta, items):
        var, source, outside, *clauses = items
        condition, refusals = _joined_clauses(clauses)
        if outside is not None:  # the reason for a value that is not in the source
            refusals = (n.Refusal(condition=source, reason=outside[0], span=outside[1]),) + refusals
        return n.Generator(var=str(var), source=source, condition=condition, span=self.s(meta), refusals=refusals)

    def setup_decl(self, meta, items):
        return n.Setup(body=items[0], span=self.s(meta))

    def score_decl(self, meta, items):
        return n.Score(var=str(items[0]), expr=items[1], span=self.s(meta))

    def payoffs_decl(self, meta, items):
        return n.Payoffs(low=items[0], high=items[1], kind=str(items[2]), total=items[3], span=self.s(meta))

    def length_decl(self, meta, items):
        return n.Length(moves=items[0], span=self.s(meta))

    def always_decl(self, meta, items):
        return n.Always(name=str(items[0]), expr=items[1], span=self.s(meta))

    # --- statements
    def block(self, meta, items):
        return n.Block(statements=tuple(items), span=self.s(meta))

    def assign_stmt(self, meta, items):
        return n.Assign(target=items[0], op=str(items[1]), value=items[2], span=self.s(meta),
                        says=self.told(items[3]))

    def let_stmt(self, meta, items):
        return n.Let(name=str(items[0]), value=items[1], span=self.s(meta))

    def face(self, meta, items):
        return str(items[0])

    def move_stmt(self, meta, items):
        return n.MoveCards(what=items[0], dest=items[1], face=items[2], span=self.s(meta), says=self.told(items[3]))

    def deal_stmt(self, meta, items):
        return n.Deal(count=items[0], source=items[1], dest=items[2], face=items[3], span=self.s(meta),
                      says=self.told(items[4]))

    def shuffle_stmt(self, meta, items):
        return n.Shuffle(zone=items[0], span=self.s(meta))

    def show_stmt(self, meta, items):
        return n.Flip(what=items[0], face="up", span=self.s(meta))

    def hide_stmt(self, meta, items):
        return n.Flip(what=items[0], face="down", span=self.s(meta))

    def reveal_stmt(self, meta, items):
        return n.Reveal(what=items[0], to=items[1], span=self.s(meta))

    def group_stmt(self, meta, items):
        cards, zone, *fields = items
        return n.MakeGroup(cards=cards, zone=zone, fields=tuple(f for f in fields if f is not None),
                           span=self.s(meta))

    def field_init(self, meta, items):
        return (str(items[0]), items[1])

    def if_stmt(self, meta, items):
        test, body, *rest = items
        otherwise = rest[-1]
        branches = [(test, body)] + [b for b in rest[:-1]]
        return n.If(branches=tuple(branches), otherwise=otherwise, span=self.s(meta))

    def elif_clause(self, meta, items):
        return (items[0], items[1])

    def else_clause(self, meta, items):
        return items[0]

    def for_stmt(self, meta, items):
        return n.For(var=str(items[0]), iterable=items[1], condition=items[2], body=items[3],
                     span=self.s(meta))

    def repeat_stmt(self, meta, items):
        return n.Repeat(bound=items[0], condition=items[1], body=items[2], span=self.s(meta))

    def goto_stmt(self, meta, items):
        return n.Goto(phase=str(items[0]), span=self.s(meta))

    def end_stmt(self, meta, items):
        return n.EndGame(span=self.s(meta))

    def call_stmt(self, meta, items):
        return n.CallAction(name=str(items[0]), args=tuple(items[1] or ()), span=self.s(meta),
                            says=self.told(items[2]))

    def target_name(self, meta, items):
        return n.Name(id=str(items[0]), span=self.s(meta))

    def target_index(self, meta, items):
        return n.Index(obj=items[0], index=items[1], span=self.s(meta))

    def target_attr(self, meta, items):
        return n.Attr(obj=items[0], name=str(items[1]), span=self.s(meta))

    # --- expressions
    def cond_expr(self, meta, items):
        return n.Cond(test=items[0], then=items[1], otherwise=items[2], span=self.s(meta))

    def let_expr(self, meta, items):
        return n.LetIn(name=str(items[0]), value=items[1], body=items[2], span=self.s(meta))

    def or_op(self, meta, items):
        return n.Binary(op="or", left=items[0], right=items[1], span=self.s(meta))

    def and_op(self, meta, items):
        return n.Binary(op="and", left=items[0], right=items[1], span=self.s(meta))

    def not_op(self, meta, items):
        return n.Unary(op="not", operand=items[0], span=self.s(meta))

    def compare(self, meta, items):
        return n.Binary(op=str(items[1]), left=items[0], right=items[2], span=self.s(meta))

    def in_op(self, meta, items):
        return n.Binary(op="in", left=items[0], right=items[1], span=self.s(meta))

    def not_in_op(self, meta, items):
        return n.Binary(op="not in", left=items[0], right=items[1], span=self.s(meta))

    def range_op(self, meta, items):
        return n.Binary(op="..", left=items[0], right=items[1], span=self.s(meta))

    def binary(self, meta, items):
        return n.Binary(op=str(items[1]), left=items[0], right=items[2], span=self.s(meta))

    def neg(self, meta, items):
        return n.Unary(op="-", operand=items[0], span=self.s(meta))

    def index(self, meta, items):
        return n.Index(obj=items[0], index=items[1], span=self.s(meta))

    def attr(self, meta, items):
        return n.Attr(obj=items[0], name=str(items[1]), span=self.s(meta))

    def call(self, meta, items):
        return n.Call(func=str(items[0]), args=tuple(items[1] or ()), span=self.s(meta))

    def arguments(self, meta, items):
        return tuple(items)

    def aggregate(self, meta, items):
        func, element, var, iterable, condition = items
        return n.Aggregate(func=str(func), element=element, var=str(var), iterable=iterable,
                           condition=condition, span=self.s(meta))

    def int_lit(self, meta, items):
        return n.Num(value=int(items[0]), span=self.s(meta))

    def decimal_lit(self, meta, items):
        value = Fraction(str(items[0]))
        return n.Num(value=int(value) if value.denominator == 1 else value, span=self.s(meta))

    def string_lit(self, meta, items):
        return n.Str(text=str(items[0])[1:-1], span=self.s(meta))

    def true_lit(self, meta, items):
        return n.Const(value=True, span=self.s(meta))

    def false_lit(self, meta, items):
        return n.Const(value=False, span=self.s(meta))

    def none_lit(self, meta, items):
        return n.Const(value=None, span=self.s(meta))

    def name(self, meta, items):
        return n.Name(id=str(items[0]), span=self.s(meta))

    def list_lit(self, meta, items):
        return n.ListLit(items=tuple(i for i in items if i is not None), span=self.s(meta))

    def list_comp(self, meta, items):
        element, var, iterable, condition = items
        return n.ListComp(element=element, var=str(var), iterable=iterable, condition=condition,
                          span=self.s(meta))

    def map_lit(self, meta, items):
        return n.MapLit(entries=tuple(items), span=self.s(meta))

    def map_entry(self, meta, items):
        return (items[0], items[1])
