"""The slips a newcomer makes, each reported once, where it was made, with a hint that names
the fix (docs/language.md, "Common mistakes"). Each case appends rules to tests/docs/base.rules."""

from pathlib import Path

import pytest

from cardrules import RulesError
from cardrules.engine.loader import load_game
from cardrules.language.checker import check
from cardrules.language.diagnostics import SourceMap
from cardrules.language.parser import parse

BASE = (Path(__file__).resolve().parent / "docs" / "base.rules").read_text(encoding="utf-8")


def diagnostics(added: str):
    text = BASE + added
    sources = SourceMap()
    with pytest.raises(RulesError) as info:
        check(parse(text, "t.rules", sources), sources)
    return text, info.value.diagnostics


# (added rules, message, the text the diagnostic points at, a part of the hint)
SLIPS = {
    "while": (
        "action a() { while empty(stock) { current = next(current) } }\n",
        "there is no `while` loop", "while", "write `repeat at most N while C { ... }`"),
    "elif in an expression": (
        "def d = if empty(stock) then 1 elif empty(discard) then 2 else 3\n",
        "unexpected `elif`; expected `else`", "elif", "`else if`"),
    "range": (
        "action a() { for i in range(3) { current = next(current) } }\n",
        "unknown function `range`", "range(3)", "write `1..3`"),
    "&&": (
        "def d = empty(stock) && empty(discard)\n",
        "unexpected character `&`", "&", "write `and`"),
    "||": (
        "def d = empty(stock) || empty(discard)\n",
        "unexpected character `|`", "|", "write `or`"),
    "!": (
        "def d = !empty(stock)\n",
        "unexpected character `!`", "!", "write `not`"),
    "True": ("def d = True\n", "unknown name `True`", "True", "write `true`"),
    "False": ("def d = False\n", "unknown name `False`", "False", "write `false`"),
    "None": ("var x: card = None\n", "unknown name `None`", "None", "write `none`"),
    "len": ("def d = len(discard)\n", "unknown function `len`", "len(discard)", "write `count(xs)`"),
    "an unknown type": (
        "var x: int\n", "unknown type `int`", "int", "write `number`; types: number, bool"),
    "an unknown type lists the type forms": (
        "var x: cards\n", "unknown type `cards`", "cards", "`list of T` (`list of card`) and `one of a, b`"),
    "c.rank on a card": (
        "def d(c: card) = c.rank == \"K\"\n", "only groups have fields; this is a card", "c.rank", "write `rank(c)`"),
    "a zone with groups where a list of cards is wanted": (
        "zone table: shared, public, groups { value: number }\n"
        "def n(xs: list of card) = count(xs)\ndef d = n(table)\n",
        "this argument must be a list of cards, not a zone", "table)", "`cards(table)`"),
    "a zone stored in a list": (
        "var kept: list of card\naction a() { kept = discard }\n",
        "cannot store a zone in a list of cards", "discard }", "`cards(discard)`"),
}


@pytest.mark.parametrize("added, message, at, hint", list(SLIPS.values()), ids=list(SLIPS))
def test_a_slip_is_one_diagnostic_with_a_hint_that_names_the_fix(added, message, at, hint):
    text, found = diagnostics(added)
    assert len(found) == 1, [d.message for d in found]
    (d,) = found
    assert d.message == message
    line = len(text.rstrip("\n").split("\n"))  # the last line added
    assert d.span.line == line
    assert text.split("\n")[line - 1][d.span.column - 1:].startswith(at)
    assert hint in d.hint


def test_an_unknown_type_is_reported_once_however_often_it_is_used():
    _, found = diagnostics("var x: int\nvar y: per player int\ndef d(a: int, b: list of int) = a + x\n"
                           "action a(n: int) { x += n }\n")
    assert [d.message for d in found] == ["unknown type `int`"]


def test_an_unknown_name_is_reported_once_however_often_it_is_used():
    _, found = diagnostics("def d = count(hnad[current]) + 1\naction a() { for c in hnad[current] { move c to discard } }\n")
    assert [d.message for d in found] == ["unknown name `hnad`"]


@pytest.mark.parametrize("form", ["elif", "else if"])
def test_a_statement_chains_conditions_with_elif_or_else_if(form, tmp_path):
    path = tmp_path / "chain.rules"
    path.write_text(BASE + "var n: number\naction a() {\n  if empty(stock) { n = 1 }\n"
                    f"  {form} empty(discard) {{ n = 2 }}\n  else {{ n = 3 }}\n}}\n", encoding="utf-8")
    load_game(str(path))


@pytest.mark.parametrize("declaration", [
    "action a { current = next(current) }", "action a() { current = next(current) }",
    "def d = 1", "def d() = 1",
    "phase p { turn current  move stand { end game } }", "phase p { turn current  move stand() { end game } }",
])
def test_parentheses_with_nothing_in_them_may_be_left_out_everywhere(declaration, tmp_path):
    path = tmp_path / "parens.rules"
    path.write_text(BASE + declaration + "\n", encoding="utf-8")
    load_game(str(path))


def test_a_count_of_one_takes_the_singular(tmp_path):
    path = tmp_path / "one.rules"
    path.write_text(BASE.replace("for p in players { deal 5 from stock to hand[p] }",
                                 "deal 52 from stock to discard\n  deal 1 from stock to hand[players[0]]"), encoding="utf-8")
    with pytest.raises(RulesError, match=r"this block deals 53 cards"):
        load_game(str(path))
    path.write_text(BASE.replace("for p in players { deal 5 from stock to hand[p] }",
                                 "deal 1 from discard to hand[players[0]]"), encoding="utf-8")
    with pytest.raises(RulesError, match=r"cannot deal 1 card from `discard`: it holds only 0"):
        load_game(str(path)).new_state(0)


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_a_deal_from_a_zone_holding_too_few_is_located_whatever_the_count(tmp_path, count):
    # Deals of a few cards are written out card by card; they report a short source as the
    # general deal does, at the deal.
    path = tmp_path / "short.rules"
    path.write_text(BASE.replace("for p in players { deal 5 from stock to hand[p] }",
                                 "deal 1 from stock to discard\n"
                                 f"  deal {count} from discard to hand[players[0]]"), encoding="utf-8")
    if count == 1:
        state = load_game(str(path)).new_state(0)
        assert len(state.zones[state.game.zones["hand"].base]) == 1
        return
    line = next(i for i, text in enumerate(path.read_text().splitlines(), 1) if f"deal {count} from discard" in text)
    with pytest.raises(RulesError, match=rf"short.rules:{line}:3: error: cannot deal {count} cards from `discard`: "
                                         rf"it holds only 1"):
        load_game(str(path)).new_state(0)
