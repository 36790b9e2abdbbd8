"""What an editor asks of a rules file, answered from the parser's tokens and tree and the checker.

:func:`diagnose` runs the same stages as `cardrules check` (parse, resolve the variant, check,
compile) on an editor's text. :class:`Index` knows, from one file's tokens and tree, every name
declared in it (top-level names, moves, deck attributes and orders, enum symbols, group fields,
and the local names of parameters, loops and `let`) and what each name token refers to, looking
into the files a variant extends; it needs no checked model, so it serves a file with errors too.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable, Iterator

import attrs
from lark import Token

from ..engine.compiler import compile_model
from ..engine.loader import read_rules
from ..language import nodes as n
from ..language.builtins import AGGREGATES, CONSTANTS, REGISTRY
from ..language.checker import check
from ..language.diagnostics import Diagnostic, RulesError, SourceMap
from ..language.files import locate_rules, read_rules_text
from ..language.model import Model
from ..language.checker import TYPE_NAMES
from ..language.parser import keywords, parse, tokens, word_terminals

IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

# The kinds of declared names, as an outline and a hover name them.
GLOBAL_KINDS = ("param", "zone", "var", "def", "action", "phase")


@attrs.frozen
class Checked:
    """What checking an editor's text found: its diagnostics (the same as `cardrules check`
    prints, in the order it prints them), the text of every file they point into, and the
    checked model when there is no error."""

    diagnostics: tuple[Diagnostic, ...]
    sources: SourceMap
    model: Model | None


def diagnose(text: str, path: Path, compile_too: bool = True) -> Checked:
    """Parse, resolve, check and (with `compile_too`) compile `text` as the rules file at `path`."""
    sources = SourceMap()
    try:
        model = check(read_rules(str(path), sources, path=path, text=text), sources)
    except RulesError as exc:
        return Checked(tuple(exc.diagnostics), exc.sources or sources, None)
    except RecursionError:  # a defect, never the user's: said as a diagnostic all the same
        return Checked((Diagnostic("this file is too deeply nested to check"),), sources, None)
    checked = Checked((), sources, model)
    return compile_problems(checked) if compile_too else checked


def compile_problems(checked: Checked) -> Checked:
    """The compiler's diagnostics for a file the checker accepted (none, nearly always)."""
    try:
        compile_model(checked.model)
    except RulesError as exc:
        return Checked(tuple(exc.diagnostics), exc.sources or checked.sources, None)
    return checked


@attrs.frozen
class Symbol:
    """A declared name: where its name token lies, and the range of text it is visible in (None:
    the whole game, and the variants that extend it)."""

    name: str
    kind: str  # param, zone, var, def, action, phase, move, attr, order, symbol, field, local
    file: str
    line: int
    column: int
    start: int  # offset of the name token
    decl: Any  # the node that declares it
    scope: tuple[int, int] | None = None
    container: str | None = None  # a move's phase

    @property
    def end_column(self) -> int:
        return self.column + len(self.name)


class Index:
    """The declarations and name tokens of one parsed file, and the files it extends."""

    def __init__(self, text: str, path: str, rules: n.RulesFile, base: Index | None = None):
        self.text = text
        self.path = path
        self.rules = rules
        self.base = base
        self.lines = text.splitlines()
        self.line_starts = [0]
        for line in text.split("\n"):
            self.line_starts.append(self.line_starts[-1] + len(line) + 1)
        self.tokens = [t for t in tokens(text) if t.type not in ("WS", "COMMENT")]
        self.comments = [t for t in tokens(text) if t.type == "COMMENT"]
        self.keywords = keywords()
        self.word_terminals = set(word_terminals())
        self.terminal_words = {w for words in word_terminals().values() for w in words}
        self._at = {t.start_pos: i for i, t in enumerate(self.tokens)}
        self.symbols: list[Symbol] = []
        self._collect()
        self.globals: dict[str, Symbol] = {}
        for s in self.symbols:
            if s.kind in GLOBAL_KINDS and s.kind != "phase":
                self.globals.setdefault(s.name, s)
        self.phases = {s.name: s for s in self.symbols if s.kind == "phase"}
        self.by_position = {s.start: s for s in self.symbols}

    # --- positions
    def offset(self, line: int, column: int) -> int:
        """The offset of 1-based (line, column)."""
        return self.line_starts[min(line, len(self.line_starts)) - 1] + column - 1

    def token_index(self, offset: int) -> int | None:
        """The token that covers `offset`, or ends just at it (the cursor after a word)."""
        for i, t in enumerate(self.tokens):
            if t.start_pos <= offset <= t.end_pos and (offset < t.end_pos or _is_word(t)):
                return i
            if t.start_pos > offset:
                break
        return None

    def text_of_expr(self, expr) -> str:
        """The source an expression was written as."""
        start, end = self._span_range(expr.span)
        return " ".join(self.text[start:end].split())

    def first_token_at(self, span) -> int | None:
        return self._at.get(self.offset(span.line, span.column))

    def _token_after(self, index: int | None, steps: int = 1):
        if index is None or index + steps >= len(self.tokens):
            return None
        return self.tokens[index + steps]

    # --- what the file declares
    def _add(self, tok, kind, decl, scope=None, container=None) -> None:
        if tok is not None and _is_word(tok):
            self.symbols.append(Symbol(str(tok), kind, self.path, tok.line, tok.column, tok.start_pos, decl,
                                       scope, container))

    def _span_range(self, span) -> tuple[int, int]:
        return (self.offset(span.line, span.column), self.offset(span.end_line or span.line, span.end_column or 1))

    def _collect(self) -> None:
        for decl in self.rules.decls:
            first = self.first_token_at(decl.span)
            whole = self._span_range(decl.span)
            if isinstance(decl, (n.Param, n.Zone, n.Var, n.Def, n.Action, n.Phase)):
                kind = {n.Param: "param", n.Zone: "zone", n.Var: "var", n.Def: "def", n.Action: "action",
                        n.Phase: "phase"}[type(decl)]
                self._add(self._token_after(first), kind, decl)
            if isinstance(decl, n.Score):
                self._add(self._token_after(first), "local", decl, whole)
            if isinstance(decl, (n.Def, n.Action)):
                for p in decl.params:
                    self._add(self._tok(p.span), "local", p, whole)
            if isinstance(decl, n.Zone):
                for f in decl.fields:
                    self._add(self._tok(f.span), "field", f)
            if isinstance(decl, n.Deck):
                for item in decl.items:
                    if item.kind in ("attr", "order"):
                        self._add(self._token_after(self.first_token_at(item.span)), item.kind, item)
                    if item.kind in ("suits", "ranks") and not isinstance(item, tuple):
                        for _, span in item.symbols:
                            self._add(self._tok(span), item.kind[:-1], item)
            if isinstance(decl, n.Phase):
                for m in decl.moves:
                    self._add(self._token_after(self.first_token_at(m.span)), "move", m, container=decl.name)
                    for g in m.generators:
                        self._add(self._tok(g.span), "local", g, self._span_range(m.span))
        for node in n.walk(self.rules.decls):
            if isinstance(node, n.TypeRef) and node.kind == "enum" or isinstance(node, n.Domain) and node.kind == "enum":
                self._enum_symbols(node)
            elif isinstance(node, n.Block):
                end = self._span_range(node.span)[1]
                for s in node.statements:
                    if isinstance(s, n.Let):
                        self._add(self._token_after(self.first_token_at(s.span)), "local", s,
                                  (self._span_range(s.span)[0], end))
                    elif isinstance(s, n.For):
                        self._add(self._token_after(self.first_token_at(s.span)), "local", s,
                                  self._span_range(s.span))
            elif isinstance(node, n.LetIn):
                self._add(self._token_after(self.first_token_at(node.span)), "local", node,
                          self._span_range(node.span))
            elif isinstance(node, (n.Aggregate, n.ListComp)):
                self._add(self._loop_variable(node), "local", node, self._span_range(node.span))

    def _tok(self, span):
        i = self.first_token_at(span)
        return self.tokens[i] if i is not None else None

    def _enum_symbols(self, node) -> None:
        start, end = self._span_range(node.span)
        known = {s.name for s in self.symbols if s.kind == "symbol"}
        for t in self.tokens:
            if start <= t.start_pos < end and str(t) in node.symbols and str(t) not in known and t.type == "NAME":
                self._add(t, "symbol", node)
                known.add(str(t))

    def _loop_variable(self, node):
        """The variable of an aggregate or a comprehension: the name after its own `for`."""
        i = self.first_token_at(node.span)
        if i is None:
            return None
        depth = 0
        for j in range(i, len(self.tokens)):
            c = str(self.tokens[j])
            if c in ("(", "[", "{"):
                depth += 1
            elif c in (")", "]", "}"):
                depth -= 1
                if depth == 0:
                    return None
            elif c == "for" and depth == 1:
                return self._token_after(j)
        return None

    # --- what a token names
    def chain(self) -> Iterator[Index]:
        index = self
        while index is not None:
            yield index
            index = index.base

    def resolve(self, i: int):
        """What token `i` names: a Symbol, ("builtin" | "constant" | "aggregate" | "keyword" | "me"
        | "card attribute", name), or None."""
        tok = self.tokens[i]
        word = str(tok)
        if not _is_word(tok):
            return None
        declared = self.by_position.get(tok.start_pos)
        if declared is not None:
            return declared
        prev = str(self.tokens[i - 1]) if i else ""
        before = str(self.tokens[i - 2]) if i > 1 else ""
        if prev == ".":
            if word == "cards":
                return ("group cards", word)
            return self._find(lambda ix: [s for s in ix.symbols if s.kind == "field" and s.name == word])
        if prev == "goto" or prev == "remove":
            return self._find(lambda ix: [ix.phases[word]] if word in ix.phases else [])
        if before == "remove":
            return self._find(lambda ix: [s for s in ix.symbols if s.kind == "move" and s.name == word
                                          and s.container == prev])
        after = str(self.tokens[i + 1]) if i + 1 < len(self.tokens) else ""
        if after == ":" and prev in ("with", ","):  # a group's field given its value: `with kind: k`
            field = self._find(lambda ix: [s for s in ix.symbols if s.kind == "field" and s.name == word])
            if field is not None:
                return field
        local = [s for s in self.symbols if s.kind == "local" and s.name == word and s.scope
                 and s.scope[0] <= tok.start_pos < s.scope[1]]
        if local:
            return max(local, key=lambda s: s.scope[0])
        found = self._find(lambda ix: [ix.globals[word]] if word in ix.globals else
                           [s for s in ix.symbols if s.kind in ("attr", "order", "symbol", "rank", "suit")
                            and s.name == word])
        if found is not None:
            return found
        if word in REGISTRY:
            return ("builtin", word)
        if word in AGGREGATES:
            return ("aggregate", word)
        if word in CONSTANTS:
            return ("constant", word)
        if word == "me":
            return ("me", word)
        if word in ("rank", "suit", "name"):
            return ("card attribute", word)
        if word in TYPE_NAMES:
            return ("type", word)
        if word in self.keywords and tok.type != "NAME" or word in self.terminal_words:
            return ("keyword", word)
        return None

    def _find(self, pick: Callable[[Index], list]):
        for ix in self.chain():
            found = pick(ix)
            if found:
                return found[0]
        return None

    def references(self, target: Symbol) -> list[tuple[Index, Token]]:
        """Every token in this file and the files it extends that names `target`; a local's
        `{name}` in a `says` text within its scope too (as a token of the placeholder's name)."""
        out: list[tuple[Index, Token]] = []
        placeholder = "{" + target.name + "}"
        for ix in self.chain():
            for i, tok in enumerate(ix.tokens):
                if str(tok) == target.name and ix.resolve(i) == target:
                    out.append((ix, tok))
                elif tok.type == "STRING" and placeholder in tok and target.scope is not None \
                        and target.scope[0] <= tok.start_pos < target.scope[1] and "\n" not in tok:
                    at = tok.find(placeholder)
                    while at >= 0:
                        column = tok.column + at + 1
                        out.append((ix, Token("NAME", target.name, tok.start_pos + at + 1, tok.line, column,
                                              tok.line, column + len(target.name))))
                        at = tok.find(placeholder, at + 1)
        return out

    def visible_locals(self, offset: int) -> list[Symbol]:
        return [s for s in self.symbols if s.kind == "local" and s.scope and s.scope[0] <= offset < s.scope[1]]

    def all_symbols(self) -> list[Symbol]:
        return [s for ix in self.chain() for s in ix.symbols]

    def line_text(self, symbol: Symbol) -> str:
        lines = self.lines if symbol.file == self.path else \
            next((ix.lines for ix in self.chain() if ix.path == symbol.file), [])
        return lines[symbol.line - 1].strip() if 0 < symbol.line <= len(lines) else ""


def _is_word(tok) -> bool:
    return bool(IDENTIFIER.fullmatch(str(tok)))


def build_index(text: str, path: Path, read: Callable[[Path], str] | None = None, depth: int = 0) -> Index | None:
    """The index of `text` (the file at `path`), with the files it extends; None when it does
    not parse. `read` gives a file's text (an editor's open buffer before the file)."""
    try:
        rules = parse(text, str(path))
    except RulesError:
        return None
    base = None
    extends = [d for d in rules.decls if isinstance(d, n.Extends)]
    if extends and depth < 8:
        try:
            base_path = locate_rules(extends[0].base, path.parent, confined=True)
            base_text = read(base_path) if read else read_rules_text(base_path)
            base = build_index(base_text, base_path, read, depth + 1)
        except RulesError:
            base = None
    return Index(text, str(path), rules, base)


def fixes(d: Diagnostic, text: str) -> list[tuple[str, int, int, str]]:
    """The edits a diagnostic's hint names, as (title, start offset, end offset, new text):
    `&&` written as `and`, a misspelt name replaced by the one it meant."""
    if d.span is None:
        return []
    lines = text.split("\n")
    if not 1 <= d.span.line <= len(lines):
        return []
    start = sum(len(x) + 1 for x in lines[:d.span.line - 1]) + d.span.column - 1
    out = []
    if d.message.startswith("unexpected character"):
        for wrong, right in (("&&", "and"), ("&", "and"), ("||", "or"), ("|", "or"), ("!", "not ")):
            if text.startswith(wrong, start) and not text.startswith("!=", start):
                before = " " if start and text[start - 1] not in " \t(" else ""
                after = " " if not right.endswith(" ") and text[start + len(wrong):start + len(wrong) + 1] not in " \t" \
                    else ""
                out.append((f"write `{right.strip()}`", start, start + len(wrong), before + right + after))
                break
    meant = re.search(r"did you mean `([^`]+)`\?", d.hint or "")
    named = re.search(r"`([^`]+)`", d.message)
    if meant and named:
        end = sum(len(x) + 1 for x in lines[:(d.span.end_line or d.span.line) - 1]) + (d.span.end_column or 1) - 1
        where = text.find(named.group(1), start, max(end, start + len(named.group(1))))
        if where >= 0:
            out.append((f"change `{named.group(1)}` to `{meant.group(1)}`", where, where + len(named.group(1)),
                        meant.group(1)))
    return out


