"""`cardrules fmt`: the canonical layout of a rules file, read off the bundled games.

The formatter works on the parser's own tokens (comments and whitespace included) and on the
parsed file's spans, which say where each statement, declaration and deck entry starts; it keeps
every line break the author made (line breaks carry no meaning in the language), and decides:

- indentation: two spaces per open `{`; a line that continues a statement or declaration begun
  on an earlier line keeps the offset it had from that line's start (so hand-aligned argument
  lists stay aligned), and is at least two spaces deeper;
- spacing inside a line: one space between words and around operators and `=`, none inside
  brackets, before `,` `:` `)` `]` or a call's `(`, none around `.` and `..`, none after a unary
  `-`, none in a fraction of two whole numbers (`1/2`); one space inside `{ }`; two spaces
  between two statements (or deck entries) that share a line;
- comments: every comment is kept, a full-line comment indented as the code it sits in, a
  trailing comment at least two spaces after the code, at the column its author chose if the
  code leaves room;
- line breaking: a line whose code is longer than :data:`MAX_WIDTH` is broken after a `,` or
  before `and`, `or`, `where`, `when`, `says` or `else`, each piece aligned after the innermost bracket
  still open or else four spaces deeper;
- blank lines: at most one in a row, none at the start or end of the file or just inside a
  block; a top-level declaration that spans several lines is set apart by one, the comments
  just above it going with it;
- trailing whitespace is removed and the file ends with one line break.

Formatting is idempotent, and the formatted text parses to the same rules (the same tree, spans
aside): :func:`format_rules` checks that before it returns.
"""

from __future__ import annotations

import difflib
import sys

from lark import Token

from ..language import nodes as n
from ..language.diagnostics import Diagnostic, RulesError, SourceMap, Span
from ..language.files import locate_rules, read_rules_text
from ..language.limits import MAX_RULES_BYTES
from ..language.parser import PHASE_WORDS, keywords, parse, tokens, word_terminals

MAX_WIDTH = 120
INDENT = "  "
CONTINUATION = 4

_OPENERS = {"(": ")", "[": "]"}
_NO_SPACE_BEFORE = {",", ":", ")", "]", ".", ".."}
_NO_SPACE_AFTER = {"(", "[", ".", ".."}
_VALUE_TYPES = {"NAME", "INT", "DECIMAL", "STRING"}
_VALUE_WORDS = {"true", "false", "none"}
_BREAK_BEFORE = {"and", "or", "where", "when", "says", "else"}


def _kind(tok) -> str:
    """What a token is to the layout: a table's braces are brackets like `(` and `)`."""
    return "(" if tok.type == "MAP_OPEN" else ")" if tok.type == "MAP_CLOSE" else str(tok)


class _Line:
    """One line of the source: its code tokens, a trailing comment, and where it began."""

    __slots__ = ("tokens", "comment", "column", "blank_before")

    def __init__(self, column: int, blank_before: int):
        self.tokens: list = []
        self.comment: Token | None = None
        self.column = column
        self.blank_before = blank_before


def format_rules(text: str, path: str = "<rules>") -> str:
    """The canonical layout of `text`, or a :class:`RulesError` when it does not parse."""
    sources = SourceMap()
    rules = parse(text, path, sources)
    formatted = _Formatter(text, rules).run()
    again = parse(formatted, path, SourceMap())
    if shape(again) != shape(rules):  # a defect of the formatter, never of the file
        raise RulesError([Diagnostic("the formatter would change what this file means; it is left as it is",
                                     Span(path, 1, 1), "please report this file as a bug of `cardrules fmt`")],
                         sources)
    return formatted


def shape(rules: n.RulesFile):
    """What a parsed file says, its spans left out: equal shapes, equal rules."""
    def strip(x):
        if isinstance(x, n.Node):
            return (type(x).__name__,) + tuple(strip(getattr(x, f)) for f in x.FIELDS if f != "span")
        if isinstance(x, tuple):
            return tuple(strip(i) for i in x if not isinstance(i, Span))
        return x
    return strip(rules.decls)


def _item_starts(rules: n.RulesFile) -> set[tuple[int, int]]:
    """Where each declaration, statement, move, deck entry and display line starts."""
    starts = set()
    for decl in rules.decls:
        starts.add((decl.span.line, decl.span.column))
    for node in n.walk(rules.decls):
        if isinstance(node, n.Block):
            starts.update((s.span.line, s.span.column) for s in node.statements)
        elif isinstance(node, n.Phase):
            starts.update((word.line, word.column) for word in node.words)
        elif isinstance(node, (n.MoveDecl, n.DeckItem, n.DisplayItem)):
            starts.add((node.span.line, node.span.column))
            for entry in getattr(node, "entries", ()):
                starts.add((entry[2].line, entry[2].column))
    return starts


class _Formatter:
    def __init__(self, text: str, rules: n.RulesFile):
        self.text = text
        self.starts = _item_starts(rules)
        self.keywords = keywords()
        self.word_terminals = set(word_terminals())
        # The line each top-level declaration starts on, and whether it is a block of several lines.
        source_lines = text.splitlines()
        self.decl_lines = {d.span.line: (d.span.end_line or d.span.line) > d.span.line
                           and source_lines[d.span.end_line - 1][d.span.end_column - 2:d.span.end_column - 1] == "}"
                           for d in rules.decls}
        # Where a table's `{` stands (a map in an expression, not a block).
        self.maps = {(node.span.line, node.span.column) for node in n.walk(rules.decls) if isinstance(node, n.MapLit)}

    # --- reading the lines
    def lines(self) -> list[_Line]:
        lines: list[_Line] = []
        current = None
        newlines = 0
        braces = 0  # blocks open: a table's `}` closes the table opened at the same count
        maps_open: list[int] = []
        for tok in tokens(self.text):
            if tok.type == "WS":
                newlines += tok.count("\n")
                if "\n" in tok:
                    current = None
                continue
            if current is None:
                current = _Line(tok.column, max(newlines - 1, 0) if lines else 0)
                lines.append(current)
                newlines = 0
            if tok.type == "COMMENT":
                current.comment = tok
            elif (tok.line, tok.column) in self.maps or (str(tok) == "}" and maps_open and maps_open[-1] == braces):
                tok = Token.new_borrow_pos("MAP_OPEN" if str(tok) == "{" else "MAP_CLOSE", str(tok), tok)
                if tok.type == "MAP_OPEN":
                    maps_open.append(braces)
                else:
                    maps_open.pop()
                current.tokens.append(tok)
            else:
                braces += (str(tok) == "{") - (str(tok) == "}")
                current.tokens.append(tok)
        return lines

    # --- the pieces of a line
    def is_keyword(self, tok) -> bool:
        return str(tok) in self.keywords and tok.type not in self.word_terminals and tok.type != "NAME"

    def is_value_end(self, tok) -> bool:
        return (tok.type in _VALUE_TYPES or tok.type in self.word_terminals or _kind(tok) in (")", "]", "}")
                or str(tok) in _VALUE_WORDS or (str(tok) in self.keywords and not self.is_keyword(tok)))

    def space(self, prev, tok, before_prev, after_tok) -> str:
        p, c = _kind(prev), _kind(tok)
        if c == "}" or p == "{":
            return " "
        if (tok.line, tok.column) in self.starts and p not in (",", "(", "["):
            return "  "
        if c in _NO_SPACE_BEFORE or p in _NO_SPACE_AFTER:
            return ""
        if p == "-" and (before_prev is None or not self.is_value_end(before_prev)):
            return ""  # a unary minus
        if c == "/" and prev.type == "INT" and after_tok is not None and after_tok.type == "INT":
            return ""
        if p == "/" and tok.type == "INT" and before_prev is not None and before_prev.type == "INT":
            return ""
        if c in _OPENERS:
            if p in (")", "]"):
                return "" if c == "[" else " "
            if str(prev) in PHASE_WORDS and (prev.line, prev.column) in self.starts:
                return " "  # the word leading a phase line, then its list: `race [a, b]`
            if prev.type == "NAME" or prev.type in self.word_terminals:
                return ""  # a call or an index
            glued = tok.line == prev.end_line and tok.column == prev.end_column
            if p.isalpha() and glued and p not in _VALUE_WORDS:
                return ""  # a word reserved elsewhere, here a name: `face(c)`, `ranks[0]`
        return " "

    def code(self, toks: list, before=None) -> str:
        """The tokens of one line spaced; `before` is the last token of the line above."""
        seq = ([before] if before is not None else []) + toks
        first = len(seq) - len(toks)
        out = []
        for i in range(first, len(seq)):
            if i > first:
                out.append(self.space(seq[i - 1], seq[i], seq[i - 2] if i > 1 else None,
                                      seq[i + 1] if i + 1 < len(seq) else None))
            out.append(str(seq[i]))
        return "".join(out)

    # --- the whole file
    def run(self) -> str:
        lines = self.lines()
        separated = self.separated_declarations(lines)
        out: list[str] = []
        depth = 0
        brackets: list[str] = []
        owner = (1, 0)  # the (old column, new indentation) of the line the current statement began on
        after_block = False  # the last line of code ended with `}`
        last = None  # the last token of code so far
        aligned_comment = None  # (old, new) column of the trailing comment just above
        for index, line in enumerate(lines):
            toks = line.tokens
            first = toks[0] if toks else self.next_code(lines, index)
            closing = bool(toks) and _kind(first) == "}"
            begins = first is None or closing or (first.line, first.column) in self.starts \
                or first.type in ("TURN", "DO") or (str(first) in ("else", "elif", "then") and after_block) \
                or (str(first) in PHASE_WORDS and last is not None and _kind(last) in ("{", "}"))
            if brackets or not begins:
                indent = max(owner[1] + (line.column - owner[0]), owner[1] + len(INDENT))
            else:
                indent = len(INDENT) * max(depth - closing, 0)
                if toks:
                    owner = (line.column, indent)
            blank = 1 if index in separated else min(line.blank_before, 1)
            if not out or closing or out[-1].endswith("{"):
                blank = 0
            out.extend([""] * blank)
            text = " " * indent + self.code(toks, last)
            if line.comment is not None:
                if toks:
                    column = max(len(text) + 2, line.comment.column - 1)
                elif aligned_comment and aligned_comment[0] == line.comment.column and not line.blank_before:
                    column = aligned_comment[1]  # a trailing comment that goes on below its line
                else:
                    column = indent
                text = text.ljust(column) + str(line.comment)
                aligned_comment = (line.comment.column, column) if toks or column != indent else None
            else:
                aligned_comment = None
            out.extend(piece.rstrip() for piece in self.broken(text, toks, indent, line.comment))
            for tok in toks:
                c = _kind(tok)
                depth += (c == "{") - (c == "}")
                if c in _OPENERS:
                    brackets.append(c)
                elif c in (")", "]") and brackets:
                    brackets.pop()
            if toks:
                after_block = _kind(toks[-1]) == "}"
                last = toks[-1]
        return "\n".join(out).strip("\n") + "\n"

    def next_code(self, lines: list[_Line], index: int):
        return next((line.tokens[0] for line in lines[index + 1:] if line.tokens), None)

    def separated_declarations(self, lines: list[_Line]) -> set[int]:
        """The lines that a blank line goes before: the first line (its comments included) of a
        top-level declaration that spans several lines or follows one that does."""
        firsts = [i for i, line in enumerate(lines) if line.tokens and line.tokens[0].line in self.decl_lines]
        out = set()
        for before, index in zip(firsts, firsts[1:]):
            if not (self.decl_lines[lines[index].tokens[0].line] or self.decl_lines[lines[before].tokens[0].line]):
                continue
            while index - 1 > before and not lines[index - 1].tokens and not lines[index].blank_before:
                index -= 1
            out.add(index)
        return out

    def broken(self, text: str, toks: list, indent: int, comment) -> list[str]:
        """`text`, broken into lines no longer than MAX_WIDTH where its code allows."""
        code_width = indent + len(self.code(toks)) if toks else 0  # a comment may run past the width
        if code_width <= MAX_WIDTH or len(toks) < 2:
            return [text]
        pieces = []
        rest = toks
        start_indent = indent
        while rest:
            cut, next_indent = self.cut(rest, start_indent)
            if cut is None:
                pieces.append(" " * start_indent + self.code(rest))
                break
            pieces.append(" " * start_indent + self.code(rest[:cut]))
            rest = rest[cut:]
            start_indent = next_indent
        if comment is not None:
            pieces[-1] = pieces[-1] + "  " + str(comment)
        return pieces

    def cut(self, toks: list, indent: int):
        """Where to break `toks` so that the first piece fits, and the indent of the next."""
        best = None
        open_columns: list[int] = []
        column = indent
        for i, tok in enumerate(toks):
            if i:
                column += len(self.space(toks[i - 1], tok, toks[i - 2] if i > 1 else None,
                                         toks[i + 1] if i + 1 < len(toks) else None))
            if column + len(str(tok)) > MAX_WIDTH and best is not None:
                break
            c = _kind(tok)
            if i and c in _BREAK_BEFORE and self.is_keyword(tok):
                best = (i, open_columns[-1] if open_columns else indent + CONTINUATION)
            column += len(str(tok))
            if c in _OPENERS:
                open_columns.append(column)
            elif c in (")", "]") and open_columns:
                open_columns.pop()
            if c == "," and i + 1 < len(toks):
                best = (i + 1, open_columns[-1] if open_columns else indent + CONTINUATION)
        return best if best is not None else (None, indent)


def format_file(name: str, write: bool = True) -> tuple[bool, str]:
    """Format the rules file `name` (read under the file-read policy; `-` is standard input):
    whether formatting changes it, and the unified diff (for `-`, the formatted text). With
    `write`, a file that changes is rewritten."""
    if name == "-":
        text = sys.stdin.read(MAX_RULES_BYTES + 1)
        if len(text) > MAX_RULES_BYTES:
            raise RulesError([Diagnostic(f"the input is larger than {MAX_RULES_BYTES:,} bytes, the most a rules "
                                         "file may be")])
        formatted = format_rules(text, "<stdin>")
        return formatted != text, formatted
    path = locate_rules(name)
    text = read_rules_text(path)
    formatted = format_rules(text, str(path))
    if formatted != text and write:
        path.write_bytes(formatted.encode("utf-8"))
    return formatted != text, "".join(difflib.unified_diff(text.splitlines(True), formatted.splitlines(True),
                                                           name, f"{name} (formatted)"))

