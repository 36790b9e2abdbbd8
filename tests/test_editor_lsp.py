"""`cardrules lsp` driven over stdio by a real language client (pytest-lsp's, on pygls): every
feature of docs/editors.md on bundled files and broken ones, and random edits that never crash
the server and always end with the diagnostics of the text as it stands."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli_runner import run
from extras import skip_if_extra_missing

try:
    from lsprotocol import types as L
    from benchmarks.lsp_latency import Session, measure
    from cardrules.editor.analysis import diagnose
    from cardrules.editor.formatter import format_rules
    from cardrules.editor.words import KEYWORDS
    from cardrules.language.builtins import REGISTRY
except ModuleNotFoundError as exc:
    skip_if_extra_missing(exc, "the language server's tests")
    raise

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "games"
BROKEN = Path(__file__).parent / "broken"
SETE = GAMES / "sete_e_meio.rules"
VARIANT = GAMES / "sete_e_meio_rotating_bank.rules"


@pytest.fixture(scope="module")
def lsp():
    session = Session()
    yield session
    session.close()


def position(text: str, needle: str, nth: int = 0, into: int = 0) -> L.Position:
    """The position `into` characters into the `nth` occurrence of `needle`, its character
    counted in UTF-16 code units, as the protocol counts them."""
    offset = -1
    for _ in range(nth + 1):
        offset = text.index(needle, offset + 1)
    offset += into
    line_start = text.rfind("\n", 0, offset) + 1
    return L.Position(text.count("\n", 0, offset), len(text[line_start:offset].encode("utf-16-le")) // 2)


def apply(text: str, edits) -> str:
    lines = text.split("\n")

    def offset(p):
        line = lines[p.line].encode("utf-16-le")[:2 * p.character].decode("utf-16-le")
        return sum(len(x) + 1 for x in lines[:p.line]) + len(line)
    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[:offset(e.range.start)] + e.new_text + text[offset(e.range.end):]
    return text


def doc(uri):
    return L.TextDocumentIdentifier(uri=uri)


def hover(lsp, uri, at) -> str:
    result = lsp.run(lsp.client.text_document_hover_async(L.HoverParams(doc(uri), at)))
    return result.contents.value if result else ""


def completion_labels(lsp, uri, at) -> dict[str, L.CompletionItem]:
    result = lsp.run(lsp.client.text_document_completion_async(L.CompletionParams(doc(uri), at)))
    return {item.label: item for item in result.items}


# --- diagnostics
@pytest.mark.parametrize("path", sorted(GAMES.glob("*.rules")), ids=lambda p: p.stem)
def test_a_bundled_file_has_no_diagnostics(lsp, path):
    assert lsp.diagnostics(lsp.open(path)) == []


CHECKED_BROKEN = ["deal_larger_than_deck", "flow_never_ends", "name_typo", "wrong_type", "parameter_out_of_range",
                  "variant_parameter_out_of_range", "variant_overrides_missing_rule"]


@pytest.mark.parametrize("name", CHECKED_BROKEN)
def test_a_broken_file_gets_the_diagnostics_of_check_with_the_same_text(lsp, name):
    path = (BROKEN / f"{name}.rules").resolve()
    got = lsp.diagnostics(lsp.open(path))
    printed = run("check", path).output
    assert got and len(got) == printed.count(": error: ")
    for d in got:
        message, _, hint = d.message.partition("\nhint: ")
        assert f"{path}:{d.range.start.line + 1}:{d.range.start.character + 1}: error: {message}\n" in printed
        assert not hint or f"  hint: {hint}\n" in printed
        assert d.severity == L.DiagnosticSeverity.Error and d.source == "cardrules"


def test_a_syntax_error_as_you_type_then_its_fix(lsp):
    hearts = GAMES / "hearts.rules"
    text = hearts.read_text()
    uri = lsp.open(hearts, text)
    assert lsp.diagnostics(uri) == []
    broken = text.replace("if penalty(c) and (", "if penalty(c) && (")
    assert broken != text
    lsp.change(uri, broken)
    [d] = lsp.diagnostics(uri)
    assert d.message.startswith("unexpected character `&`\nhint: write `and`")
    assert d.range.start == position(broken, "&&")
    actions = lsp.run(lsp.client.text_document_code_action_async(L.CodeActionParams(
        doc(uri), d.range, L.CodeActionContext(diagnostics=[d]))))
    [action] = actions
    assert action.title == "write `and`" and action.kind == L.CodeActionKind.QuickFix
    fixed = apply(broken, action.edit.changes[uri])
    assert fixed == text
    lsp.change(uri, fixed)
    assert lsp.diagnostics(uri) == []


def test_a_did_you_mean_hint_is_a_quick_fix(lsp):
    path = (BROKEN / "name_typo.rules").resolve()
    text = path.read_text()
    uri = lsp.open(path, text)
    [d] = lsp.diagnostics(uri)
    actions = lsp.run(lsp.client.text_document_code_action_async(L.CodeActionParams(
        doc(uri), d.range, L.CodeActionContext(diagnostics=[d]))))
    [action] = actions
    assert action.title == "change `totl` to `total`"
    fixed = apply(text, action.edit.changes[uri])
    assert fixed == text.replace("totl(p)", "total(p)")
    lsp.change(uri, fixed)
    assert lsp.diagnostics(uri) == []


def test_a_variant_is_checked_with_its_base_and_a_base_error_points_at_extends(lsp, tmp_path):
    (tmp_path / "base.rules").write_text(SETE.read_text().replace("var round: number = 0", "var round: nmber = 0"))
    variant = tmp_path / "variant.rules"
    variant.write_text('# a variant\nextends "base.rules"\ngame "V"\nparam rounds = 3\n')
    [d] = lsp.diagnostics(lsp.open(variant))
    assert d.message.startswith("unknown type `nmber`") and d.range.start.line == 1
    [related] = d.related_information
    assert related.location.uri.endswith("/base.rules") and related.location.range.start.line == 26


# --- hover
def test_hover_tells_a_builtin_a_keyword_a_name_a_local_and_a_card(lsp):
    text = SETE.read_text()
    uri = lsp.open(SETE)
    assert lsp.diagnostics(uri) == []  # checked: the types are known
    builtin = hover(lsp, uri, position(text, "players_from(", into=2))
    assert "players_from(player, [symbol]) -> list of player" in builtin and REGISTRY["players_from"].doc in builtin
    assert hover(lsp, uri, position(text, "goto deal", into=1)) == f"`goto`: {KEYWORDS['goto']}"
    chips = hover(lsp, uri, position(text, "chips[from] -= amount", into=1))
    assert "var chips: per player number = bankroll" in chips
    assert "var `chips`: one number per player" in chips and "declared at sete_e_meio.rules:28" in chips
    amount = hover(lsp, uri, position(text, "chips[from] -= amount", into=16))
    assert "local name `amount`: a number, declared at sete_e_meio.rules:39" in amount
    figure = hover(lsp, uri, position(text, "ranks A 2 3 4 5 6 7 J", into=20))
    assert '`"J"`: a rank of the deck' in figure and "- `value`: 1/2" in figure
    blackjack = (GAMES / "blackjack.rules").read_text()
    ace = hover(lsp, lsp.open(GAMES / "blackjack.rules"), position(blackjack, '"A"', into=1))
    assert '`"A"`: a rank of the deck' in ace and "- `value`: 1" in ace


def test_hover_in_a_variant_names_the_base_file(lsp):
    text = VARIANT.read_text()
    uri = lsp.open(VARIANT)
    assert "declared at sete_e_meio.rules:" in hover(lsp, uri, position(text, "round ==", into=1))


# --- completion
def test_completion_offers_names_in_scope_builtins_keywords_and_cards(lsp):
    text = SETE.read_text()
    uri = lsp.open(SETE)
    items = completion_labels(lsp, uri, position(text, "chips[to] += amount"))
    for label in ("amount", "from", "chips", "hand", "min_bet", "total", "banker", "move", "goto", '"JD"', '"A"'):
        assert label in items, label
    assert items["players_from"].detail == "players_from(player, [symbol]) -> list of player"
    outside = completion_labels(lsp, uri, position(text, "setup {"))
    assert "amount" not in outside and "chips" in outside
    goto = completion_labels(lsp, uri, position(text, "goto bet", into=5))
    assert set(goto) == {"deal", "bet", "decide", "next_player", "banker_turn", "settle", "offer", "keep_or_offer",
                         "ask"}


def test_completion_after_a_dot_offers_the_fields_of_a_group(lsp):
    path = GAMES / "cassino.rules"
    text = path.read_text()
    uri = lsp.open(path)
    at = position(text, "g.value", into=2)
    assert {"value", "owner", "locked", "cards"} <= set(completion_labels(lsp, uri, at))


def test_completion_inside_quotes_offers_the_deck(lsp):
    uri = lsp.open(SETE)
    lsp.diagnostics(uri)
    text = SETE.read_text().replace("var banker: player", 'def first_ace = "\nvar banker: player')
    lsp.change(uri, text)  # typing a quote: the file no longer parses, its last index serves
    try:
        assert lsp.diagnostics(uri)
        labels = completion_labels(lsp, uri, position(text, '"\nvar', into=1))
        assert {"A", "K", "C", "AS", "7H"} <= set(labels)
    finally:
        lsp.change(uri, SETE.read_text())  # as it was, for the variants that extend it


# --- definitions, references, rename
def test_definition_goes_across_extends(lsp):
    text = VARIANT.read_text()
    uri = lsp.open(VARIANT)
    location = lsp.run(lsp.client.text_document_definition_async(L.DefinitionParams(
        doc(uri), position(text, "round ==", into=1))))
    assert location.uri == SETE.resolve().as_uri() and location.range.start == L.Position(26, 4)
    phase = lsp.run(lsp.client.text_document_definition_async(L.DefinitionParams(
        doc(uri), position(text, "goto deal", into=6))))
    assert phase.uri == SETE.resolve().as_uri() and phase.range.start.line == 57


def test_references_in_a_file_and_across_extends(lsp):
    text = SETE.read_text()
    uri = lsp.open(SETE)
    found = lsp.run(lsp.client.text_document_references_async(L.ReferenceParams(
        context=L.ReferenceContext(include_declaration=True), text_document=doc(uri),
        position=position(text, "var banker", into=5))))
    assert len(found) == len(re.findall(r"\bbanker\b", re.sub(r"#.*", "", text)))
    variant = VARIANT.read_text()
    across = lsp.run(lsp.client.text_document_references_async(L.ReferenceParams(
        context=L.ReferenceContext(include_declaration=False), text_document=doc(lsp.open(VARIANT)),
        position=position(variant, "banker = next", into=1))))
    assert {loc.uri for loc in across} == {VARIANT.resolve().as_uri(), SETE.resolve().as_uri()}


def test_rename_a_local_name_and_the_file_still_checks(lsp):
    text = SETE.read_text()
    uri = lsp.open(SETE, text)
    at = position(text, "amount: number)", into=1)
    prepared = lsp.run(lsp.client.text_document_prepare_rename_async(L.PrepareRenameParams(doc(uri), at)))
    assert prepared.start == position(text, "amount: number)")
    edit = lsp.run(lsp.client.text_document_rename_async(L.RenameParams(doc(uri), at, "chips_paid")))
    renamed = apply(text, edit.changes[uri])
    # The parameter, its two uses and its `{amount}` in the action's `says` text; the move's own
    # `amount` stays.
    assert renamed.count("chips_paid") == 4 and "{chips_paid}" in renamed and "move bet(amount in" in renamed
    lsp.change(uri, renamed)
    assert lsp.diagnostics(uri) == []
    with pytest.raises(Exception, match="cannot be a name"):
        lsp.run(lsp.client.text_document_rename_async(L.RenameParams(doc(uri), at, "phase")))
    lsp.change(uri, text)


def test_a_builtin_cannot_be_renamed(lsp):
    text = SETE.read_text()
    uri = lsp.open(SETE, text)
    at = position(text, "players_from(", into=2)
    assert lsp.run(lsp.client.text_document_prepare_rename_async(L.PrepareRenameParams(doc(uri), at))) is None


# --- outline, folding, formatting
def test_document_symbols_outline_the_file(lsp):
    uri = lsp.open(SETE)
    symbols = lsp.run(lsp.client.text_document_document_symbol_async(L.DocumentSymbolParams(doc(uri))))
    by_name = {s.name: s for s in symbols}
    assert {"deck", "stock", "hand", "banker", "total", "pay", "setup", "decide", "score"} <= set(by_name)
    assert [m.name for m in by_name["decide"].children] == ["stand", "raise", "hit"]
    assert by_name["decide"].kind == L.SymbolKind.Class and by_name["total"].kind == L.SymbolKind.Function
    assert [c.name for c in by_name["deck"].children] == ["value"]


@pytest.mark.parametrize("name", ["go_fish", "kuhn_poker", "bridge", "sueca", "truco"])
def test_every_kind_of_declaration_has_its_place_in_the_outline(lsp, name):
    """`payoffs`, `length`, `always`, `symbols` and `direction` lines too: the outline of each
    of these files failed on such a line (a KeyError inside the server) before they had one."""
    uri = lsp.open(GAMES / f"{name}.rules")
    symbols = lsp.run(lsp.client.text_document_document_symbol_async(L.DocumentSymbolParams(doc(uri))))
    names = {s.name for s in symbols}
    assert "setup" in names and "score" in names
    if name == "go_fish":
        assert "always no_book_in_hand" in names
    if name == "kuhn_poker":
        assert "payoffs" in names


def test_folding_ranges_cover_blocks_and_comment_runs(lsp):
    text = SETE.read_text()
    uri = lsp.open(SETE)
    ranges = lsp.run(lsp.client.text_document_folding_range_async(L.FoldingRangeParams(doc(uri))))
    spans = {(r.start_line, r.end_line, r.kind) for r in ranges}
    decide = position(text, "phase decide").line
    assert (decide, position(text, "phase next_player").line - 3, None) in spans
    assert (0, 3, L.FoldingRangeKind.Comment) in spans


def test_formatting_gives_the_formatters_text(lsp):
    path = GAMES / "cribbage.rules"
    text = path.read_text().replace("\ndef pair_length", "\n\n\n   def pair_length")
    uri = lsp.open(path, text)
    edits = lsp.run(lsp.client.text_document_formatting_async(L.DocumentFormattingParams(
        doc(uri), L.FormattingOptions(tab_size=2, insert_spaces=True))))
    assert apply(text, edits) == format_rules(text)
    formatted = format_rules(text)
    lsp.change(uri, formatted)
    assert list(lsp.run(lsp.client.text_document_formatting_async(L.DocumentFormattingParams(
        doc(uri), L.FormattingOptions(tab_size=2, insert_spaces=True))))) == []


# --- random edits
PIECES = ["{", "}", "(", ")", "move", " if ", "\n", "&&", '"', "#", "x", "1..", "goto ", "let a = ", ",", "é", "😋"]


@settings(max_examples=12, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
          deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.floats(0, 1), st.integers(0, 40), st.sampled_from(PIECES)),
                min_size=1, max_size=12))
def test_random_edits_never_crash_the_server_and_end_with_the_current_diagnostics(lsp, edits):
    path = GAMES / "war.rules"
    text = path.read_text()
    uri = lsp.open(path, text)
    for insert, where, length, piece in edits:
        at = int(where * len(text))
        start = position(text, "", into=at)
        if insert:
            end = start
            text = text[:at] + piece + text[at:]
        else:
            end = position(text, "", into=min(at + length, len(text)))
            text = text[:at] + text[at + length:]
        lsp.edit(uri, start, end, piece if insert else "")
    got = [d.message for d in lsp.diagnostics(uri)]
    checked = diagnose(text, path.resolve())
    assert got == [d.message + (f"\nhint: {d.hint}" if d.hint else "") for d in checked.diagnostics]
    # The server still answers.
    lsp.run(lsp.client.text_document_document_symbol_async(L.DocumentSymbolParams(doc(uri))))
    lsp.run(lsp.client.text_document_hover_async(L.HoverParams(doc(uri), L.Position(0, 0))))


def test_the_latency_benchmark_runs(capsys):
    cold, times, cpu = measure(GAMES / "war.rules", 2)
    assert len(times) == len(cpu) == 2 and cold > 0
