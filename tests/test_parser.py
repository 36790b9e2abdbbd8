"""The parser: every construct becomes the right AST node with its span, and every syntax
error is one located diagnostic that says what was found, what was expected, and a hint."""

from fractions import Fraction

import pytest

from cardrules import RulesError
from cardrules.language import nodes as n
from cardrules.language.diagnostics import Span
from cardrules.language.parser import parse

PATH = "t.rules"


def shape(x):
    """A node as nested tuples without spans: (ClassName, field, field, ...); a move's or a
    parameter's reasons for refusing only when it has some."""
    if isinstance(x, n.Node):
        # A statement's or an action's optional `says` text shows only when written, and so
        # does a phase's `simultaneous` with its `then`.
        return (type(x).__name__,) + tuple(shape(getattr(x, f)) for f in x.FIELDS
                                           if f != "span" and not (f == "says" and getattr(x, f) is None
                                                                   and not isinstance(x, n.MoveDecl))
                                           and (f != "refusals" or getattr(x, f))
                                           and not (f in ("simultaneous", "then") and not getattr(x, f)))
    if isinstance(x, tuple):
        kept = tuple(shape(i) for i in x if not isinstance(i, Span))
        # A deck symbol is (text, span): it shapes as its text alone.
        return kept[0] if len(kept) == 1 and len(x) == 2 and isinstance(x[1], Span) else kept
    return x


def where(node):
    s = node.span
    return (s.line, s.column, s.end_line, s.end_column)


def decls(text):
    return parse(text, PATH).decls


def expr(text):
    """The expression of `def x = <text>`."""
    (d,) = decls(f"def x = {text}")
    return d.body


def stmts(text):
    """The statements of `setup { <text> }`."""
    (d,) = decls("setup {\n" + text + "\n}")
    return d.body.statements


def N(name):
    return ("Name", name)


def num(v):
    return ("Num", v)


# --- declarations ------------------------------------------------------------------------

def test_game_extends_players_teams():
    game, ext, players, players2, teams, teams2 = decls(
        'game "Sete e Meio"\nextends "base.rules"\nplayers 2..10 default 4\nplayers 2..4\n'
        "teams pairs when player_count == 4\nteams pairs\n")
    assert shape(game) == ("GameName", "Sete e Meio") and where(game) == (1, 1, 1, 19)
    assert shape(ext) == ("Extends", "base.rules") and where(ext)[:2] == (2, 1)
    assert shape(players) == ("Players", num(2), num(10), num(4)) and where(players) == (3, 1, 3, 24)
    assert shape(players2) == ("Players", num(2), num(4), None)
    assert shape(teams) == ("Teams", ("Binary", "==", N("player_count"), num(4)))
    assert where(teams.condition) == (5, 18, 5, 35)
    assert shape(teams2) == ("Teams", None)


def test_params_of_every_domain():
    rng, enum, flag, subset, free = decls(
        'param max_bet: 1..1000 = 10\nparam target: one of a, b = a\nparam fast: bool = true\n'
        'param ranks: subset of ["4", "5", "K"] = ["4", "5"]\nparam half = 1/2\n')
    assert shape(rng) == ("Param", "max_bet", ("Domain", "range", (), num(1), num(1000), ()), num(10))
    assert where(rng) == (1, 1, 1, 28) and where(rng.domain) == (1, 16, 1, 23)
    assert shape(enum) == ("Param", "target", ("Domain", "enum", ("a", "b"), None, None, ()), N("a"))
    assert shape(flag) == ("Param", "fast", ("Domain", "bool", (), None, None, ()), ("Const", True))
    assert shape(subset.domain) == ("Domain", "subset", (), None, None,
                                    (("Str", "4"), ("Str", "5"), ("Str", "K")))
    assert shape(subset.default) == ("ListLit", (("Str", "4"), ("Str", "5")))
    assert shape(free) == ("Param", "half", None, ("Binary", "/", num(1), num(2)))


def test_remove_with_and_without_member():
    whole, member = decls("remove bet\nremove decide raise\n")
    assert shape(whole) == ("Remove", "bet", None)
    assert shape(member) == ("Remove", "decide", "raise") and where(member) == (2, 1, 2, 20)


def test_deck_items_with_symbol_spans():
    (deck,) = decls("deck {\n  suits C D H S\n  ranks A 2 10 K\n  copies 2\n  jokers 4\n"
                    "  attr value { A: 1, 10: 10  K: 1/2 }\n  order high: 2 10 K A\n}")
    suits, ranks, copies, jokers, attr, order = deck.items
    assert where(deck) == (1, 1, 8, 2)
    assert shape(suits) == ("DeckItem", "suits", None, ("C", "D", "H", "S"), None, (), ())
    assert suits.symbols[3] == ("S", Span(PATH, 2, 15, 2, 16))
    assert [s for s, _ in ranks.symbols] == ["A", "2", "10", "K"]
    assert ranks.symbols[2][1] == Span(PATH, 3, 13, 3, 15)
    assert shape(copies) == ("DeckItem", "copies", None, (), num(2), (), ())
    assert shape(jokers) == ("DeckItem", "jokers", None, (), num(4), (), ())
    assert attr.name == "value"
    assert [(s, shape(v)) for s, v, _ in attr.entries] == [
        ("A", num(1)), ("10", num(10)), ("K", ("Binary", "/", num(1), num(2)))]
    assert attr.entries[1][2] == Span(PATH, 6, 22, 6, 24)
    assert shape(order) == ("DeckItem", "order", "high", ("2", "10", "K", "A"), None, (), ())
    assert where(order) == (7, 3, 7, 23)


def test_zones_with_every_option():
    stock, hand, pile, table = decls(
        "zone stock: shared, hidden, starts with deck\nzone hand: per player, private\n"
        "zone pile: per team, team, face up\n"
        "zone table: shared, public, face up, groups { value: number, owner: player, locked: bool }\n")
    assert shape(stock) == ("Zone", "stock", None, "hidden", "down", True, ())
    assert where(stock) == (1, 1, 1, 45)
    assert shape(hand) == ("Zone", "hand", "player", "private", "down", False, ())
    assert shape(pile) == ("Zone", "pile", "team", "team", "up", False, ())
    assert shape(table.fields) == (("Field", "value", ("TypeRef", "number", ())),
                                   ("Field", "owner", ("TypeRef", "player", ())),
                                   ("Field", "locked", ("TypeRef", "bool", ())))
    assert where(table.fields[1]) == (4, 62, 4, 75)


def test_vars_of_every_type():
    banker, bet, mode, seen, done = decls(
        "var banker: player\nvar bet: per player number = 0\n"
        "var mode: per player one of unset, open, closed = unset\nvar seen: list of card\nvar done: bool\n")
    assert shape(banker) == ("Var", "banker", None, ("TypeRef", "player", ()), None, None)
    assert shape(bet) == ("Var", "bet", "player", ("TypeRef", "number", ()), num(0), None)
    assert where(bet) == (2, 1, 2, 31) and where(bet.type) == (2, 21, 2, 27)
    assert shape(mode) == ("Var", "mode", "player", ("TypeRef", "enum", ("unset", "open", "closed")), N("unset"),
                           None)
    assert shape(seen.type) == ("TypeRef", "list", ("card",))
    assert shape(done.type) == ("TypeRef", "bool", ())


def test_a_var_declared_public_keeps_its_reason_and_where_it_is_written():
    [point] = decls('var point: per player number = 0 public "each player declares his point"\n')
    assert shape(point) == ("Var", "point", "player", ("TypeRef", "number", ()), num(0),
                            "each player declares his point")
    assert point.public[1].line == 1 and point.public[1].column == 41


def test_defs_and_actions():
    half, total, pay = decls(
        "def half = 1/2\ndef total(p: player) = sum(value(c) for c in hand[p])\n"
        "action pay(from: player, amount: number) {\n  chips[from] -= amount\n}\n")
    assert shape(half) == ("Def", "half", (), ("Binary", "/", num(1), num(2)))
    assert shape(total.params) == (("TypedParam", "p", ("TypeRef", "player", ())),)
    assert where(total.params[0]) == (2, 11, 2, 20)
    assert shape(total.body) == ("Aggregate", "sum", ("Call", "value", (N("c"),)), "c",
                                 ("Index", N("hand"), N("p")), None)
    assert [p.name for p in pay.params] == ["from", "amount"]
    assert shape(pay.body.statements) == (
        ("Assign", ("Index", N("chips"), N("from")), "-=", N("amount")),)
    assert where(pay) == (3, 1, 5, 2) and where(pay.body.statements[0]) == (4, 3, 4, 24)


def test_says_texts_of_actions_and_statements():
    pay, = decls('action pay(p: player, n: number) says "{p} pays {n}" {\n'
                 '  chips[p] -= n says "{p} loses {n}"\n  move top(stock) to hand[p] says "{p} draws"\n'
                 '  deal 2 from stock to hand[p] face up says "two for {p}"\n  note(p) says "{p} noted"\n}\n')
    assert pay.says[0] == "{p} pays {n}" and (pay.says[1].line, pay.says[1].column) == (1, 39)
    assert [s.says[0] for s in pay.body.statements] == ["{p} loses {n}", "{p} draws", "two for {p}", "{p} noted"]
    assert (pay.body.statements[0].says[1].line, pay.body.statements[0].says[1].column) == (2, 22)
    assert shape(pay.body.statements[2])[-2:] == ("up", "two for {p}")


def test_phases_setup_and_score():
    setup, deal, decide, score = decls(
        "setup {\n  goto deal\n}\n"
        "phase deal {\n  do {\n    goto decide\n  }\n}\n"
        "phase decide {\n  turn to_act\n"
        "  move raise(amount in 1..max_bet - bet[me] where amount > 0, x in players)"
        " when can_draw says \"raise {amount}\" {\n"
        "    bet[me] += amount\n  }\n"
        "  move stand {\n    goto next_player\n  }\n}\n"
        "score p: chips[p]\n")
    assert shape(setup) == ("Setup", ("Block", (("Goto", "deal"),)))
    assert where(setup) == (1, 1, 3, 2)
    assert shape(deal) == ("Phase", "deal", None, ("Block", (("Goto", "decide"),)), (), None, None, ())
    assert decide.turn == n.Name(id="to_act", span=Span(PATH, 10, 8, 10, 14))
    raise_, stand = decide.moves
    assert raise_.name == "raise" and raise_.says == "raise {amount}"
    assert shape(raise_.generators) == (
        ("Generator", "amount", ("Binary", "..", num(1), ("Binary", "-", N("max_bet"), ("Index", N("bet"), N("me")))),
         ("Binary", ">", N("amount"), num(0))),
        ("Generator", "x", N("players"), None))
    assert where(raise_.generators[1]) == (11, 63, 11, 75)
    assert shape(raise_.condition) == N("can_draw")
    assert where(raise_) == (11, 3, 13, 4)
    assert shape(stand) == ("MoveDecl", "stand", (), None, None, ("Block", (("Goto", "next_player"),)))
    assert shape(score) == ("Score", "p", ("Index", N("chips"), N("p")))


# --- statements --------------------------------------------------------------------------

def test_assignments_to_names_indexes_and_fields():
    a, b, c, d = stmts("round = 1\nbet[me] += 2\ng.value -= 1\nx[p][q] = 0")
    assert shape(a) == ("Assign", N("round"), "=", num(1)) and where(a) == (2, 1, 2, 10)
    assert shape(b) == ("Assign", ("Index", N("bet"), N("me")), "+=", num(2))
    assert shape(c) == ("Assign", ("Attr", N("g"), "value"), "-=", num(1))
    assert shape(d.target) == ("Index", ("Index", N("x"), N("p")), N("q"))


def test_card_statements():
    got = stmts("let bank = total(banker)\nmove hand[p] to stock\nmove c to table face up\n"
                "deal 1 from stock to hand[p] face down\ndeal 2 from stock to hand[p]\nshuffle stock\n"
                "show hand[me]\nhide c\nreveal hand[me] to players\n"
                "group [a, b] into table with value: 7, owner: me\ngroup xs into table")
    assert shape(got) == (
        ("Let", "bank", ("Call", "total", (N("banker"),))),
        ("MoveCards", ("Index", N("hand"), N("p")), N("stock"), None),
        ("MoveCards", N("c"), N("table"), "up"),
        ("Deal", num(1), N("stock"), ("Index", N("hand"), N("p")), "down"),
        ("Deal", num(2), N("stock"), ("Index", N("hand"), N("p")), None),
        ("Shuffle", N("stock")),
        ("Flip", ("Index", N("hand"), N("me")), "up"),
        ("Flip", N("c"), "down"),
        ("Reveal", ("Index", N("hand"), N("me")), N("players")),
        ("MakeGroup", ("ListLit", (N("a"), N("b"))), N("table"), (("value", num(7)), ("owner", N("me")))),
        ("MakeGroup", N("xs"), N("table"), ()),
    )
    assert where(got[3]) == (5, 1, 5, 39)


def test_control_statements():
    if_, plain_if, for_, for_all, goto, end, call = stmts(
        "if a { goto x } elif b { goto y } elif c { end game } else { pay(me, 1) }\n"
        "if a { goto x }\n"
        "for p in players where p != banker { out[p] = false }\n"
        "for c in hand[me] { show c }\n"
        "goto settle\nend game\npay(me, banker, bet[me])")
    assert shape(if_) == ("If", ((N("a"), ("Block", (("Goto", "x"),))),
                                 (N("b"), ("Block", (("Goto", "y"),))),
                                 (N("c"), ("Block", (("EndGame",),)))),
                          ("Block", (("CallAction", "pay", (N("me"), num(1))),)))
    assert where(if_) == (2, 1, 2, 74)
    assert plain_if.otherwise is None
    assert shape(for_) == ("For", "p", N("players"), ("Binary", "!=", N("p"), N("banker")),
                           ("Block", (("Assign", ("Index", N("out"), N("p")), "=", ("Const", False)),)))
    assert for_all.condition is None
    assert shape(goto) == ("Goto", "settle") and where(goto) == (6, 1, 6, 12)
    assert shape(end) == ("EndGame",) and where(end) == (7, 1, 7, 9)
    assert shape(call) == ("CallAction", "pay", (N("me"), N("banker"), ("Index", N("bet"), N("me"))))


def test_an_empty_block_and_empty_call():
    (d,) = decls("action nothing() { }")
    assert d.params == () and d.body.statements == ()
    (call,) = stmts("nothing()")
    assert shape(call) == ("CallAction", "nothing", ())


# --- expressions -------------------------------------------------------------------------

def test_literals():
    assert shape(expr("7")) == num(7)
    seven_and_a_half = expr("7.5")
    assert seven_and_a_half.value == Fraction(15, 2) and where(seven_and_a_half) == (1, 9, 1, 12)
    assert expr("2.0").value == 2 and isinstance(expr("2.0").value, int)
    assert shape(expr('"10D"')) == ("Str", "10D")
    assert shape(expr("true")) == ("Const", True)
    assert shape(expr("false")) == ("Const", False)
    assert shape(expr("none")) == ("Const", None)
    assert shape(expr("[]")) == ("ListLit", ())
    assert shape(expr("[1, x]")) == ("ListLit", (num(1), N("x")))
    assert shape(expr("{3: 3, 4: 4}")) == ("MapLit", ((num(3), num(3)), (num(4), num(4))))


def test_arithmetic_binds_tighter_than_comparison_and_logic():
    assert shape(expr("1 + 2 * 3")) == ("Binary", "+", num(1), ("Binary", "*", num(2), num(3)))
    assert shape(expr("a - b - c")) == ("Binary", "-", ("Binary", "-", N("a"), N("b")), N("c"))
    assert shape(expr("a // b % c")) == ("Binary", "%", ("Binary", "//", N("a"), N("b")), N("c"))
    assert shape(expr("-a * b")) == ("Binary", "*", ("Unary", "-", N("a")), N("b"))
    assert shape(expr("a + 1 < b")) == ("Binary", "<", ("Binary", "+", N("a"), num(1)), N("b"))
    assert shape(expr("not a == b and c or d")) == (
        "Binary", "or", ("Binary", "and", ("Unary", "not", ("Binary", "==", N("a"), N("b"))), N("c")), N("d"))
    assert shape(expr("a or b and c")) == ("Binary", "or", N("a"), ("Binary", "and", N("b"), N("c")))
    assert shape(expr("(a or b) and c")) == ("Binary", "and", ("Binary", "or", N("a"), N("b")), N("c"))


def test_membership_ranges_and_conditionals():
    assert shape(expr("p in players")) == ("Binary", "in", N("p"), N("players"))
    assert shape(expr("c not in hand[me]")) == ("Binary", "not in", N("c"), ("Index", N("hand"), N("me")))
    assert shape(expr("1..max_bet - 1")) == ("Binary", "..", num(1), ("Binary", "-", N("max_bet"), num(1)))
    cond = expr("if t == 7.5 then 2 * b else b")
    assert shape(cond) == ("Cond", ("Binary", "==", N("t"), num(Fraction(15, 2))),
                           ("Binary", "*", num(2), N("b")), N("b"))
    assert where(cond) == (1, 9, 1, 38)


def test_calls_indexes_fields_and_aggregates():
    assert shape(expr("next(banker)")) == ("Call", "next", (N("banker"),))
    assert shape(expr("players_from(next(p))")) == ("Call", "players_from", (("Call", "next", (N("p"),)),))
    assert shape(expr("f()")) == ("Call", "f", ())
    assert shape(expr("hand[p][0]")) == ("Index", ("Index", N("hand"), N("p")), num(0))
    assert shape(expr("top(table).cards")) == ("Attr", ("Call", "top", (N("table"),)), "cards")
    assert shape(expr("{3: 3}[n]")) == ("Index", ("MapLit", ((num(3), num(3)),)), N("n"))
    agg = expr("all(out[p] for p in players if p != banker)")
    assert shape(agg) == ("Aggregate", "all", ("Index", N("out"), N("p")), "p", N("players"),
                          ("Binary", "!=", N("p"), N("banker")))
    assert where(agg) == (1, 9, 1, 52)
    assert shape(expr("most(pos(c, high) for c in xs)")) == (
        "Aggregate", "most", ("Call", "pos", (N("c"), N("high"))), "c", N("xs"), None)
    assert shape(expr("[value(c) for c in hand[me] if c != x]")) == (
        "ListComp", ("Call", "value", (N("c"),)), "c", ("Index", N("hand"), N("me")),
        ("Binary", "!=", N("c"), N("x")))
    assert shape(expr("[c for c in xs]")) == ("ListComp", N("c"), "c", N("xs"), None)


def test_spans_of_nested_expressions_count_from_one():
    (d,) = decls("def x =\n  total(me) +\n    value(top(hand[me]))")
    body = d.body
    assert where(body) == (2, 3, 3, 25)
    assert where(body.left) == (2, 3, 2, 12)
    assert where(body.right.args[0].args[0]) == (3, 15, 3, 23)


def test_comments_and_line_breaks_carry_no_meaning():
    one = decls("players 2..4 # how many\n  default\n 3")
    assert shape(one) == (("Players", num(2), num(4), num(3)),)
    assert decls("# only a comment\n") == ()
    assert decls("") == ()


def test_the_bundled_game_parses():
    from cardrules.language.resources import games_folder
    rules = parse((games_folder() / "sete_e_meio.rules").read_text(), "sete_e_meio.rules")
    kinds = [type(d).__name__ for d in rules.decls]
    assert kinds.count("Phase") == 9 and kinds.count("Setup") == 1 and kinds.count("Score") == 1


# --- syntax errors -----------------------------------------------------------------------

def syntax_error(text):
    with pytest.raises(RulesError) as info:
        parse(text, PATH)
    (d,) = info.value.diagnostics
    return d, info.value.render()


def test_error_format_names_the_found_and_expected_tokens_with_a_caret():
    d, out = syntax_error('game "x"\nzone hand: per plaier\n')
    assert out == ("t.rules:2:16: error: unexpected `plaier`; expected `player` or `team`\n"
                   "    zone hand: per plaier\n"
                   "                   ^^^^^^")
    assert d.hint is None


def test_missing_closing_brace_before_a_declaration():
    d, out = syntax_error('game "x"\nphase a {\n  turn p\n  move m { goto a\n}\nphase b { do { end game } }\n')
    assert d.message == ("unexpected `phase`; expected `}`, `all pass`, `do`, `move`, `race`, `simultaneous`, "
                         "`then` or `turn`")
    assert (d.span.line, d.span.column) == (6, 1)
    assert d.hint == "a declaration cannot start here: is a `}` missing above?"
    assert out.splitlines()[1:3] == ["    phase b { do { end game } }", "    ^^^^^"]


def test_missing_closing_parenthesis_names_it():
    d, _ = syntax_error("def f = (1 + 2\nscore p: 0\n")
    assert d.message == "unexpected `score`; expected `)`"
    assert d.hint == "a declaration cannot start here: is a `)` missing above?"


@pytest.mark.parametrize("text, column, expected", [
    ('game "x"\nsetup {\n  if bank = 7 { goto a }\n}\n', 11,
     "`+`, `-`, `..`, `{`, `and`, `in`, `not`, `or` or a comparison"),
    ('game "x"\nphase p {\n  turn q\n  move m when x = 1 { goto p }\n}\n', 17,
     "`+`, `-`, `..`, `{`, `and`, `else`, `in`, `not`, `or`, `says`, `when` or a comparison"),
    ('game "x"\ndef f = if a = b then 1 else 2\n', 14,
     "`+`, `-`, `..`, `and`, `in`, `not`, `or`, `then` or a comparison"),
])
def test_single_equals_in_a_condition_suggests_double(text, column, expected):
    d, out = syntax_error(text)
    assert d.message == f"unexpected `=`; expected {expected}"
    assert d.span.column == column
    assert d.hint == "compare with `==`"
    assert out.splitlines()[2] == "    " + " " * (column - 1) + "^"


@pytest.mark.parametrize("decl, name", [("var x: number", "x"), ("def f = 1", "f"), ("zone z: shared", "z"),
                                        ("phase p { do { end game } }", "p")])
def test_a_declaration_inside_a_block(decl, name):
    keyword = decl.split()[0]
    d, out = syntax_error('game "x"\nsetup {\n  ' + decl + "\n}\n")
    assert d.message == f"unexpected `{name}`; expected `(`, `+=`, `-=`, `.`, `=` or `[`"
    assert (d.span.line, d.span.column) == (3, 4 + len(keyword))
    assert d.hint == f"`{keyword}` declarations go at the top level, not inside a block: is a `}}` missing above?"


def test_a_word_that_starts_no_statement():
    d, _ = syntax_error('game "x"\nsetup {\n  deel 1 from stock to hand\n}\n')
    assert d.message == "unexpected `1`; expected `(`, `+=`, `-=`, `.`, `=` or `[`"
    assert (d.span.line, d.span.column) == (3, 8)
    assert d.hint == "a statement is an assignment, a call, or starts with a keyword such as `move`"


def test_end_of_file_inside_a_block():
    d, out = syntax_error('game "x"\nsetup {\n  goto deal\n')
    assert d.message.startswith("unexpected end of file; expected `}`, `deal`, `end`, `for`, `goto`")
    assert (d.span.line, d.span.column) == (3, 8)
    assert d.hint == "the file ends early: is a `}` or `)` missing?"
    assert out.splitlines()[1] == "      goto deal"


def test_end_of_file_in_an_expression_lists_what_may_start_one():
    d, _ = syntax_error("def f = 1 +")
    assert d.message == ("unexpected end of file; expected `(`, `-`, `[`, `{`, `false`, `none`, `true`, "
                         'a name, a number, a quoted symbol like "K" or a whole number')
    assert d.hint == "the file ends early: is a `}` or `)` missing?"


def test_an_unknown_top_level_word_lists_the_declarations():
    d, _ = syntax_error('game "x"\nrule 1\n')
    assert d.message.startswith("unexpected `rule`; expected a declaration: `action`, `always`, `deck`, `def`, `direction`, `display`, `extends`, `game`")
    assert (d.span.line, d.span.column) == (2, 1)


def test_a_wrong_word_in_the_deck():
    d, _ = syntax_error("deck {\n  suit C D\n}\n")
    assert d.message == "unexpected `suit` in the deck"
    assert d.hint == ("a deck line begins with `suits`, `ranks`, `copies`, `jokers`, `attr`, `order`, `extra` or "
                      "`without` (did you mean `suits`?)")
    assert (d.span.line, d.span.column, d.span.end_column) == (2, 3, 7)


def test_single_quotes_are_not_symbols():
    d, out = syntax_error("def k = rank(c) == 'K'\n")
    assert d.message == "unexpected character `'`"
    assert (d.span.line, d.span.column) == (1, 20)
    assert d.hint == 'deck symbols use double quotes, like "K"'
    assert out.splitlines()[2] == "    " + " " * 19 + "^"


def test_a_stray_character():
    d, _ = syntax_error("def k = 1 $ 2\n")
    assert d.message == "unexpected character `$`"
    assert (d.span.line, d.span.column) == (1, 11)
    assert d.hint == 'names are letters, digits and `_`; deck symbols are quoted, like "10D"'


def test_the_caret_keeps_tabs_so_it_lines_up():
    _, out = syntax_error("def f =\n\t\t1 2\n")
    assert out.splitlines()[1:3] == ["    \t\t1 2", "    \t\t  ^"]
