"""`cardrules lsp`: a Language Server Protocol server over standard input and output (pygls).

Diagnostics are those of `cardrules check` (the same stages, the same text: the message, then
its hint), published :data:`DEBOUNCE` seconds after the last change, for the version checked.
Navigation (hover, completion, definition, references, rename, outline) reads an
:class:`~cardrules.editor.analysis.Index` of the file and the files it extends, so it works in a
file with errors, from the last text that parsed; types come from the last clean check.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import traceback
from pathlib import Path
from urllib.parse import unquote, urlparse

from lsprotocol import types as L
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path

from ..language import nodes as n
from ..language.builtins import AGGREGATES, CONSTANTS, REGISTRY
from ..language.diagnostics import RulesError
from ..language.files import read_rules_text
from ..language.model import Model
from .analysis import IDENTIFIER, Index, Symbol, build_index, compile_problems, diagnose, fixes
from .formatter import format_rules
from .words import KEYWORDS, TYPES, documentation, signature

DEBOUNCE = 0.05  # seconds of quiet after a change before the file is checked
VERSION = "0.1.0"

_SYMBOL_KINDS = {"param": L.SymbolKind.Constant, "zone": L.SymbolKind.Array, "var": L.SymbolKind.Variable,
                 "def": L.SymbolKind.Function, "action": L.SymbolKind.Method, "phase": L.SymbolKind.Class,
                 "move": L.SymbolKind.Event, "attr": L.SymbolKind.Property, "order": L.SymbolKind.Enum,
                 "symbol": L.SymbolKind.EnumMember, "field": L.SymbolKind.Field, "local": L.SymbolKind.Variable,
                 "rank": L.SymbolKind.EnumMember, "suit": L.SymbolKind.EnumMember}
_COMPLETION_KINDS = {"param": L.CompletionItemKind.Constant, "zone": L.CompletionItemKind.Variable,
                     "var": L.CompletionItemKind.Variable, "def": L.CompletionItemKind.Function,
                     "action": L.CompletionItemKind.Method, "phase": L.CompletionItemKind.Class,
                     "attr": L.CompletionItemKind.Function, "order": L.CompletionItemKind.Enum,
                     "symbol": L.CompletionItemKind.EnumMember, "field": L.CompletionItemKind.Field,
                     "local": L.CompletionItemKind.Variable}
_RENAMEABLE = {"param", "zone", "var", "def", "action", "phase", "move", "attr", "order", "symbol", "field", "local"}


def uri_path(uri: str) -> Path:
    parsed = urlparse(uri)
    return Path(unquote(parsed.path)) if parsed.scheme == "file" else Path(unquote(parsed.path or uri))


class RulesServer(LanguageServer):
    """The documents' last checks and indexes, and the checks waiting for a pause in typing."""

    def __init__(self):
        super().__init__("cardrules", VERSION, text_document_sync_kind=L.TextDocumentSyncKind.Incremental)
        self.pending: dict[str, asyncio.Task] = {}
        self.indexes: dict[str, Index] = {}  # uri -> the index of the last text that parsed
        self.models: dict[str, tuple[str, Model]] = {}  # uri -> (text, model) of the last clean check
        self.checker = concurrent.futures.ThreadPoolExecutor(max_workers=1)  # one check at a time

    # --- texts
    def text_of(self, path: Path) -> str:
        """An open document's text, else the file's."""
        for doc in list(self.workspace.text_documents.values()):
            if uri_path(doc.uri) == path:
                return doc.source
        return read_rules_text(path)

    def index(self, uri: str) -> Index | None:
        doc = self.workspace.get_text_document(uri)
        kept = self.indexes.get(uri)
        if kept is not None and kept.text == doc.source:
            return kept
        fresh = build_index(doc.source, uri_path(uri), self.text_of)
        if fresh is not None:
            self.indexes[uri] = fresh
            return fresh
        return kept

    # --- checking
    def schedule(self, uri: str) -> None:
        task = self.pending.pop(uri, None)
        if task is not None:
            task.cancel()
        self.pending[uri] = asyncio.ensure_future(self.check_later(uri))

    async def check_later(self, uri: str) -> None:
        try:
            await self.check_after_pause(uri)
        except asyncio.CancelledError:
            raise
        except Exception:  # a defect of the server, never the user's: logged, and the server goes on
            self.window_log_message(L.LogMessageParams(L.MessageType.Error, traceback.format_exc()))

    async def check_after_pause(self, uri: str) -> None:
        """Check the text once typing pauses: parse and check first, and publish; when that finds
        nothing, compile too (as `cardrules check` does) and publish again only if the compiler
        objects, so that a clean file's diagnostics are not held up by the compiler."""
        await asyncio.sleep(DEBOUNCE)
        if self.pending.get(uri) is asyncio.current_task():
            del self.pending[uri]  # past the pause: a later change no longer cancels this check
        doc = self.workspace.get_text_document(uri)
        text, version = doc.source, doc.version
        loop = asyncio.get_running_loop()
        checked = await loop.run_in_executor(self.checker, diagnose, text, uri_path(uri), False)
        if not self.publish(uri, text, version, checked):
            return
        # Indexed now, after the diagnostics are out: a request that follows finds it ready, and a
        # text that no longer parses keeps the index of the last one that did.
        fresh = await loop.run_in_executor(self.checker, build_index, text, uri_path(uri), self.text_of)
        if fresh is not None:
            self.indexes[uri] = fresh
        if checked.diagnostics:
            return
        compiled = await loop.run_in_executor(self.checker, compile_problems, checked)
        if compiled.diagnostics:
            self.publish(uri, text, version, compiled)

    def publish(self, uri: str, text: str, version: int, checked) -> bool:
        """Publish the diagnostics of `version`, unless the document has changed since: then a
        later check speaks for the newer text. Whether they were published."""
        current = self.workspace.text_documents.get(uri)
        if current is None or current.version != version:
            return False
        if checked.model is not None:
            self.models[uri] = (text, checked.model)
        self.text_document_publish_diagnostics(L.PublishDiagnosticsParams(
            uri=uri, version=version, diagnostics=self.lsp_diagnostics(uri, text, checked)))
        return True

    def lsp_diagnostics(self, uri: str, text: str, checked) -> list[L.Diagnostic]:
        path = str(uri_path(uri))
        lines = text.splitlines() or [""]
        doc = self.workspace.get_text_document(uri)
        extends_line = next((i for i, line in enumerate(lines) if line.lstrip().startswith("extends")), 0)
        out = []
        for d in checked.diagnostics:
            message = d.message + (f"\nhint: {d.hint}" if d.hint else "")
            related = None
            if d.span is not None and d.span.file == path:
                rng = self.span_range(doc, lines, d.span)
                data = [[title, *self.offsets_range(doc, text, start, end), new]
                        for title, start, end, new in fixes(d, text)]
            else:
                rng = L.Range(L.Position(extends_line, 0), L.Position(extends_line, len(lines[extends_line])))
                data = []
                if d.span is not None:
                    other = checked.sources.texts().get(d.span.file, "").splitlines() or [""]
                    related = [L.DiagnosticRelatedInformation(
                        L.Location(from_fs_path(d.span.file) or d.span.file, self.span_range(doc, other, d.span)),
                        f"{d.span}: {d.message}")]
            severity = {"error": L.DiagnosticSeverity.Error, "warning": L.DiagnosticSeverity.Warning,
                        "hint": L.DiagnosticSeverity.Hint}.get(d.severity, L.DiagnosticSeverity.Information)
            out.append(L.Diagnostic(range=rng, message=message, severity=severity, source="cardrules",
                                    related_information=related, data=data or None))
        return out

    # --- positions
    def position(self, doc, lines: list[str], line: int, column: int) -> L.Position:
        """The LSP position of 1-based (line, column) in `lines`."""
        row = min(max(line - 1, 0), max(len(lines) - 1, 0))
        return doc.position_codec.position_to_client_units(lines or [""], L.Position(row, max(column - 1, 0)))

    def span_range(self, doc, lines, span) -> L.Range:
        start = self.position(doc, lines, span.line, span.column)
        if span.end_line:
            end = self.position(doc, lines, span.end_line, span.end_column)
        else:
            end = L.Position(start.line, start.character + 1)
        return L.Range(start, end)

    def offsets_range(self, doc, text: str, start: int, end: int) -> list[int]:
        def at(offset):
            line = text.count("\n", 0, offset)
            column = offset - (text.rfind("\n", 0, offset) + 1)
            p = self.position(doc, text.splitlines() or [""], line + 1, column + 1)
            return [p.line, p.character]
        return at(start) + at(end)

    def token_range(self, doc, lines, tok) -> L.Range:
        return L.Range(self.position(doc, lines, tok.line, tok.column),
                       self.position(doc, lines, tok.line, tok.column + len(str(tok))))

    def symbol_location(self, doc, index: Index, s: Symbol) -> L.Location:
        lines = next((ix.lines for ix in index.chain() if ix.path == s.file), [])
        start = self.position(doc, lines, s.line, s.column)
        end = self.position(doc, lines, s.line, s.end_column)
        return L.Location(from_fs_path(s.file) or s.file, L.Range(start, end))

    def at(self, uri: str, position: L.Position):
        """(document, index, token index) at an LSP position."""
        doc = self.workspace.get_text_document(uri)
        index = self.index(uri)
        if index is None or index.text != doc.source:
            return doc, index, None
        return doc, index, index.token_index(doc.offset_at_position(position))


server = RulesServer()


@server.feature(L.TEXT_DOCUMENT_DID_OPEN)
async def did_open(ls: RulesServer, params: L.DidOpenTextDocumentParams) -> None:
    ls.schedule(params.text_document.uri)


@server.feature(L.TEXT_DOCUMENT_DID_CHANGE)
async def did_change(ls: RulesServer, params: L.DidChangeTextDocumentParams) -> None:
    ls.schedule(params.text_document.uri)


@server.feature(L.TEXT_DOCUMENT_DID_SAVE)
async def did_save(ls: RulesServer, params: L.DidSaveTextDocumentParams) -> None:
    ls.schedule(params.text_document.uri)


@server.feature(L.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: RulesServer, params: L.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    task = ls.pending.pop(uri, None)
    if task is not None:
        task.cancel()
    ls.indexes.pop(uri, None)
    ls.models.pop(uri, None)
    ls.text_document_publish_diagnostics(L.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


# --- hover
def describe(ls: RulesServer, uri: str, index: Index, i: int) -> str | None:
    tok = index.tokens[i]
    if tok.type == "STRING":
        return card_text(ls, uri, index, str(tok)[1:-1])
    target = index.resolve(i)
    if target is None:
        return None
    if isinstance(target, Symbol):
        if target.kind in ("rank", "suit"):
            return card_text(ls, uri, index, target.name)
        where = f"{Path(target.file).name}:{target.line}"
        text = f"```cardrules\n{index.line_text(target)}\n```\n\n"
        kind = {"local": "local name", "attr": "deck attribute", "order": "rank order", "symbol": "symbol",
                "field": "group field"}.get(target.kind, target.kind)
        text += f"{kind} `{target.name}`"
        if target.container:
            text += f" of phase `{target.container}`"
        type_ = type_at(ls, uri, index, tok)
        if type_:
            text += f": {type_}"
        return text + f", declared at {where}"
    kind, word = target
    if kind in ("builtin", "aggregate", "constant"):
        return f"```cardrules\n{signature(word)}\n```\n\n{documentation(word)}"
    if kind == "keyword":
        return f"`{word}`: {KEYWORDS.get(word, 'a keyword')}"
    if kind == "type":
        return f"type `{word}`: {TYPES[word]}"
    if kind == "me":
        return "`me`: the player making the move (only inside a move)"
    if kind == "card attribute":
        return f"```cardrules\n{word}(card) -> {word}\n```\n\nA card's {word}."
    if kind == "group cards":
        return "`g.cards`: the cards of group g (list of card)"
    return None


def type_at(ls: RulesServer, uri: str, index: Index, tok) -> str | None:
    kept = ls.models.get(uri)
    if kept is None or kept[0] != index.text:
        return None
    model = kept[1]
    for node in n.walk(model.rules.decls):
        span = getattr(node, "span", None)
        if isinstance(node, (n.Name, n.Call)) and span is not None and span.file == index.path \
                and span.line == tok.line and span.column == tok.column and id(node) in model.types:
            return model.types[id(node)].describe()
    return None


def card_text(ls: RulesServer, uri: str, index: Index, symbol: str) -> str | None:
    """What the deck says of a rank, a suit or a card name: the attributes of its cards."""
    decks = [d for ix in index.chain() for d in ix.rules.decls if isinstance(d, n.Deck)]
    if not decks:
        return None
    items = decks[0].items
    suits = [s for item in items if item.kind == "suits" for s, _ in item.symbols]
    ranks = [s for item in items if item.kind == "ranks" for s, _ in item.symbols]
    rank = symbol if symbol in ranks else next((r for r in ranks for s in suits if r + s == symbol), None)
    lines = []
    if symbol in suits:
        lines.append(f'`"{symbol}"`: a suit of the deck ({", ".join(suits)})')
    if rank is not None:
        what = "a rank" if symbol == rank else f"the card {rank} of {symbol[len(rank):]}"
        lines.append(f'`"{symbol}"`: {what} of the deck')
        for item in items:
            if item.kind == "attr":
                value = next((index.text_of_expr(e) for s, e, _ in item.entries if s == rank), "0")
                lines.append(f"- `{item.name}`: {value}")
            elif item.kind == "order":
                order = [s for s, _ in item.symbols]
                lines.append(f"- order `{item.name}`: " + (f"position {order.index(rank) + 1} of {len(order)}"
                                                            if rank in order else "not in it"))
        if symbol == rank:
            lines.append(f"- rank order: position {ranks.index(rank) + 1} of {len(ranks)}")
    return "\n".join(lines) or None


@server.feature(L.TEXT_DOCUMENT_HOVER)
def hover(ls: RulesServer, params: L.HoverParams) -> L.Hover | None:
    doc, index, i = ls.at(params.text_document.uri, params.position)
    if i is None:
        return None
    text = describe(ls, params.text_document.uri, index, i)
    if text is None:
        return None
    return L.Hover(L.MarkupContent(L.MarkupKind.Markdown, text),
                   ls.token_range(doc, index.lines, index.tokens[i]))


# --- completion
@server.feature(L.TEXT_DOCUMENT_COMPLETION, L.CompletionOptions(trigger_characters=[".", '"']))
def completion(ls: RulesServer, params: L.CompletionParams) -> L.CompletionList:
    uri = params.text_document.uri
    doc = ls.workspace.get_text_document(uri)
    index = ls.index(uri)
    offset = doc.offset_at_position(params.position)
    text = doc.source
    line_start = text.rfind("\n", 0, offset) + 1
    before = text[line_start:offset]
    word = IDENTIFIER.search(before[::-1])
    stem = before[:len(before) - (len(word.group(0)) if word and word.start() == 0 else 0)].rstrip()
    items: list[L.CompletionItem] = []
    if index is None:
        return L.CompletionList(is_incomplete=False, items=keyword_items())
    symbols = index.all_symbols()
    if before.count('"') % 2 == 1:  # inside a quoted deck symbol
        return L.CompletionList(is_incomplete=False, items=card_items(index))
    if stem.endswith("."):
        fields = sorted({s.name for s in symbols if s.kind == "field"} | {"cards"})
        return L.CompletionList(is_incomplete=False, items=[
            L.CompletionItem(f, kind=L.CompletionItemKind.Field, detail="group field") for f in fields])
    if stem.endswith("goto") or stem.endswith("remove"):
        return L.CompletionList(is_incomplete=False, items=[
            L.CompletionItem(s.name, kind=L.CompletionItemKind.Class, detail="phase")
            for s in symbols if s.kind == "phase"])
    seen = set()
    for s in index.visible_locals(offset) + [s for s in symbols if s.kind not in ("local", "move", "field")]:
        if s.name in seen:
            continue
        seen.add(s.name)
        items.append(L.CompletionItem(s.name, kind=_COMPLETION_KINDS.get(s.kind, L.CompletionItemKind.Value),
                                      detail=f"{s.kind}: {index.line_text(s)}"))
    for name in sorted(REGISTRY) + sorted(AGGREGATES) + sorted(CONSTANTS):
        if name not in seen:
            seen.add(name)
            items.append(L.CompletionItem(
                name, kind=L.CompletionItemKind.Constant if name in CONSTANTS else L.CompletionItemKind.Function,
                detail=signature(name), documentation=documentation(name)))
    items.append(L.CompletionItem("me", kind=L.CompletionItemKind.Variable, detail="the player making the move"))
    items += [i for i in keyword_items() if i.label not in seen]
    items += card_items(index, quoted=True)
    return L.CompletionList(is_incomplete=False, items=items)


def keyword_items() -> list[L.CompletionItem]:
    return [L.CompletionItem(k, kind=L.CompletionItemKind.Keyword, detail=v) for k, v in sorted(KEYWORDS.items())] + \
        [L.CompletionItem(t, kind=L.CompletionItemKind.TypeParameter, detail=v) for t, v in sorted(TYPES.items())
         if t not in KEYWORDS]


def card_items(index: Index, quoted: bool = False) -> list[L.CompletionItem]:
    decks = [d for ix in index.chain() for d in ix.rules.decls if isinstance(d, n.Deck)]
    if not decks:
        return []
    suits = [s for item in decks[0].items if item.kind == "suits" for s, _ in item.symbols]
    ranks = [s for item in decks[0].items if item.kind == "ranks" for s, _ in item.symbols]
    names = [("rank", r) for r in ranks] + [("suit", s) for s in suits] + \
        [("card", r + s) for s in suits for r in ranks]
    return [L.CompletionItem(f'"{name}"' if quoted else name, kind=L.CompletionItemKind.EnumMember,
                             detail=f"{what} of the deck") for what, name in names]


# --- definitions, references, rename
def symbol_at(ls: RulesServer, uri: str, position: L.Position):
    doc, index, i = ls.at(uri, position)
    if i is None:
        return doc, index, None, None
    target = index.resolve(i)
    return doc, index, i, target if isinstance(target, Symbol) else None


@server.feature(L.TEXT_DOCUMENT_DEFINITION)
def definition(ls: RulesServer, params: L.DefinitionParams) -> L.Location | None:
    doc, index, _, target = symbol_at(ls, params.text_document.uri, params.position)
    return ls.symbol_location(doc, index, target) if target is not None else None


@server.feature(L.TEXT_DOCUMENT_REFERENCES)
def references(ls: RulesServer, params: L.ReferenceParams) -> list[L.Location] | None:
    doc, index, _, target = symbol_at(ls, params.text_document.uri, params.position)
    if target is None:
        return None
    out = []
    for ix, tok in index.references(target):
        if not params.context.include_declaration and tok.start_pos == target.start and ix.path == target.file:
            continue
        out.append(L.Location(from_fs_path(ix.path) or ix.path, ls.token_range(doc, ix.lines, tok)))
    return out


@server.feature(L.TEXT_DOCUMENT_PREPARE_RENAME)
def prepare_rename(ls: RulesServer, params: L.PrepareRenameParams):
    doc, index, i, target = symbol_at(ls, params.text_document.uri, params.position)
    if target is None or target.kind not in _RENAMEABLE or target.file != index.path:
        return None
    return ls.token_range(doc, index.lines, index.tokens[i])


@server.feature(L.TEXT_DOCUMENT_RENAME)
def rename(ls: RulesServer, params: L.RenameParams) -> L.WorkspaceEdit | None:
    doc, index, _, target = symbol_at(ls, params.text_document.uri, params.position)
    if target is None or target.kind not in _RENAMEABLE:
        raise ValueError("only a name this file declares can be renamed")
    if target.file != index.path:
        raise ValueError(f"`{target.name}` is declared in {Path(target.file).name}: rename it there")
    new = params.new_name
    if not IDENTIFIER.fullmatch(new) or new in KEYWORDS or new in REGISTRY or new in CONSTANTS or new == "me":
        raise ValueError(f"`{new}` cannot be a name: it must be letters, digits and `_`, and not a keyword "
                         "or a built-in")
    changes: dict[str, list[L.TextEdit]] = {}
    for ix, tok in index.references(target):
        changes.setdefault(params.text_document.uri, []).append(
            L.TextEdit(ls.token_range(doc, ix.lines, tok), new))
    return L.WorkspaceEdit(changes=changes)


# --- outline and folding
# The declarations an outline names by their word (and the name or base they give, if any).
_DECLARATION_WORDS = {n.GameName: "game", n.Extends: "extends", n.Players: "players", n.Teams: "teams",
                      n.Setup: "setup", n.Score: "score", n.Remove: "remove", n.Display: "display",
                      n.Payoffs: "payoffs", n.Length: "length", n.Always: "always", n.Symbols: "symbols",
                      n.Direction: "direction"}


@server.feature(L.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def document_symbols(ls: RulesServer, params: L.DocumentSymbolParams) -> list[L.DocumentSymbol]:
    doc = ls.workspace.get_text_document(params.text_document.uri)
    index = ls.index(params.text_document.uri)
    if index is None:
        return []
    own = {s.start: s for s in index.symbols}
    out = []

    def entry(name, kind, span, select=None, children=None):
        rng = ls.span_range(doc, index.lines, span)
        return L.DocumentSymbol(name=name, kind=kind, range=rng, selection_range=select or rng,
                                children=children or None)

    def named(s: Symbol):
        lines = index.lines
        return L.Range(ls.position(doc, lines, s.line, s.column), ls.position(doc, lines, s.line, s.end_column))

    for decl in index.rules.decls:
        sym = next((s for s in own.values() if s.decl is decl and s.kind in _SYMBOL_KINDS and s.kind != "local"), None)
        if isinstance(decl, n.Phase):
            moves = [entry(s.name, L.SymbolKind.Event, s.decl.span, named(s)) for s in own.values()
                     if s.kind == "move" and s.container == decl.name and s.decl in decl.moves]
            out.append(entry(decl.name, L.SymbolKind.Class, decl.span, named(sym) if sym else None, moves))
        elif isinstance(decl, n.Deck):
            parts = [entry(s.name, _SYMBOL_KINDS[s.kind], s.decl.span, named(s)) for s in own.values()
                     if s.kind in ("attr", "order")]
            out.append(entry("deck", L.SymbolKind.Struct, decl.span, None, parts))
        elif sym is not None:
            out.append(entry(sym.name, _SYMBOL_KINDS[sym.kind], decl.span, named(sym)))
        else:
            label = _DECLARATION_WORDS[type(decl)]
            detail = getattr(decl, "name", None) or getattr(decl, "base", None)
            out.append(entry(f"{label} {detail}" if isinstance(detail, str) else label, L.SymbolKind.Namespace,
                             decl.span))
    return out


@server.feature(L.TEXT_DOCUMENT_FOLDING_RANGE)
def folding_ranges(ls: RulesServer, params: L.FoldingRangeParams) -> list[L.FoldingRange]:
    index = ls.index(params.text_document.uri)
    if index is None:
        return []
    out = []
    opened = []
    for tok in index.tokens:
        if str(tok) in ("{", "(", "["):
            opened.append(tok)
        elif str(tok) in ("}", ")", "]") and opened:
            start = opened.pop()
            if tok.line - 1 > start.line:
                out.append(L.FoldingRange(start_line=start.line - 1, end_line=tok.line - 2))
    run: list[int] = []
    code_lines = {t.line for t in index.tokens}
    for c in index.comments + [None]:
        if c is not None and c.line not in code_lines and (not run or c.line == run[-1] + 1):
            run.append(c.line)
            continue
        if len(run) > 1:
            out.append(L.FoldingRange(start_line=run[0] - 1, end_line=run[-1] - 1, kind=L.FoldingRangeKind.Comment))
        run = [c.line] if c is not None and c.line not in code_lines else []
    return sorted(out, key=lambda r: (r.start_line, r.end_line))


# --- formatting and fixes
@server.feature(L.TEXT_DOCUMENT_FORMATTING)
def formatting(ls: RulesServer, params: L.DocumentFormattingParams) -> list[L.TextEdit] | None:
    doc = ls.workspace.get_text_document(params.text_document.uri)
    try:
        formatted = format_rules(doc.source, str(uri_path(doc.uri)))
    except RulesError:
        return None  # the file does not parse: its diagnostics say why
    if formatted == doc.source:
        return []
    lines = doc.lines
    end = L.Position(len(lines), 0)
    return [L.TextEdit(L.Range(L.Position(0, 0), end), formatted)]


@server.feature(L.TEXT_DOCUMENT_CODE_ACTION,
                L.CodeActionOptions(code_action_kinds=[L.CodeActionKind.QuickFix]))
def code_actions(ls: RulesServer, params: L.CodeActionParams) -> list[L.CodeAction]:
    out = []
    for d in params.context.diagnostics:
        for title, sl, sc, el, ec, new in d.data or []:
            edit = L.TextEdit(L.Range(L.Position(sl, sc), L.Position(el, ec)), new)
            out.append(L.CodeAction(title=title, kind=L.CodeActionKind.QuickFix, diagnostics=[d],
                                    is_preferred=True,
                                    edit=L.WorkspaceEdit(changes={params.text_document.uri: [edit]})))
    return out


def main() -> None:
    server.start_io()
