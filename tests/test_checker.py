"""The checker: one test per diagnostic it can give. Each case edits a small valid rules file
and asserts the message, where it points (line:col of the text `at` names) and the hint."""

import pytest

from cardrules import RulesError, load_model
from cardrules.language.checker import TYPE_NAMES, check
from cardrules.language.diagnostics import SourceMap
from cardrules.language.parser import parse
from cardrules.language.resources import games_folder

BASE = '''game "Test"
players 2..4 default 2
param target: 1..10 = 5
deck {
  suits C D H S
  ranks A 2 3 K
  attr value { A: 1  2: 2  3: 3  K: 1/2 }
}
zone stock: shared, hidden, starts with deck
zone hand: per player, private
zone table: shared, public, face up, groups { worth: number, owner: player }
var leader: player
var points: per player number = 0
def total(p: player) = sum(value(c) for c in hand[p])
action pay(p: player, amount: number) {
  points[p] += amount
}
setup {
  for p in players {
    deal 2 from stock to hand[p]
  }
  goto play
}
phase play {
  turn leader
  move draw when not empty(stock) {
    deal 1 from stock to hand[me]
  }
  move stop {
    pay(me, total(me))
    end game
  }
}
score p: points[p]
'''

STOP = "    end game\n"
TYPE_FORMS = "types: " + ", ".join(TYPE_NAMES) + ", `list of T` (`list of card`) and `one of a, b`"
START = (1, 1)


def rules(*edits, add=""):
    """BASE with each (old, new) replaced once, and `add` appended."""
    text = BASE
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text + add


def in_stop(stmt):
    """BASE with one more statement in the body of move `stop`."""
    return rules((STOP, f"    {stmt}\n" + STOP))


def locate(text, needle, nth=1):
    """line:col of the nth occurrence of needle in text; with `before|after`, of where `after` starts."""
    before, _, after = needle.rpartition("|")
    index = -1
    for _ in range(nth):
        index = text.index(before + after, index + 1)
    index += len(before)
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def diagnostics(text, overrides=None):
    sources = SourceMap()
    with pytest.raises(RulesError) as info:
        check(parse(text, "t.rules", sources), sources, overrides)
    return info.value


def test_the_base_file_is_clean():
    sources = SourceMap()
    model = check(parse(BASE, "t.rules", sources), sources)
    assert model.title == "Test" and model.deck.size == 16


# Each case: (text, overrides, message, at, hint). `at` is a needle whose first occurrence
# (or (needle, n) for the nth) is where the diagnostic must point, at the part after `|` if it
# has one; START is 1:1; None is no span.
CASES = {
    # --- declarations
    "var starts with the wrong type": (
        rules(("var leader: player", "var leader: player\nvar flag: bool = 3")), None,
        "`flag` is a bool but starts as a number", "bool = |3", None),
    "score is not a number": (
        rules(("score p: points[p]", "score p: hand[p]")), None,
        "a score must be a number, not a zone", "p: |hand[p]", None),
    "duplicate declaration": (
        rules(("var leader: player", "var leader: player\nvar leader: number")), None,
        "`leader` is declared twice", ("var leader", 2), "the first declaration is at t.rules:12:1"),
    "declaring a built-in name": (
        rules(("var leader: player", "var leader: player\nvar rank: player")), None,
        "`rank` is a name of the language and cannot be declared", "var rank", "`rank(c)` is a card's rank"),
    "remove outside a variant": (
        rules(add="remove play\n"), None,
        "`remove` is only allowed in a variant file that extends another", "remove", None),
    "no game line": (
        rules(('game "Test"\n', "")), None,
        'the file has no `game "Name"` line', START, 'start the file with `game "My Game"`'),
    "no deck": (
        rules(("deck {\n  suits C D H S\n  ranks A 2 3 K\n  attr value { A: 1  2: 2  3: 3  K: 1/2 }\n}\n", "")), None,
        "the file declares no deck", START, "add `deck { suits ... ranks ... }`"),
    "two decks": (
        rules(add="deck { suits C ranks A }\n"), None, "the deck is declared twice", "deck { suits C", None),
    "no players line": (
        rules(("players 2..4 default 2\n", "")), None,
        "the file must say once how many play, e.g. `players 2..4 default 2`", START, None),
    "two players lines": (
        rules(add="players 2..3\n"), None,
        "the file must say once how many play, e.g. `players 2..4 default 2`", "players 2..3", None),
    "no setup": (
        rules(("setup {\n  for p in players {\n    deal 2 from stock to hand[p]\n  }\n  goto play\n}\n", "")), None,
        "the file has no `setup`", START,
        "add a `setup { ... }` block that deals and says `goto` the first phase"),
    "no score": (
        rules(("score p: points[p]\n", "")), None,
        "the file has no `score`", START, "add a `score p: ...` line giving each player's final score"),
    "two setups": (
        rules(add="setup { goto play }\n"), None, "`setup` is declared twice", "setup { goto", None),
    # --- parameters and players
    "a bound that is not constant": (
        rules(("param target: 1..10 = 5", "param target: 1..leader = 5")), None,
        "a bound must be a constant", "leader = 5", "use numbers, parameters and arithmetic only"),
    "a default that is not constant": (
        rules(("param target: 1..10 = 5", "param target: 1..10 = leader")), None,
        "the default of `target` must be a constant", "leader\n", "use numbers, parameters and arithmetic only"),
    "a default outside its range": (
        rules(("param target: 1..10 = 5", "param target: 1..10 = 11")), None,
        "the default of `target` must be from 1 to 10, not 11", "11", None),
    "a default outside its choices": (
        rules(("param target: 1..10 = 5", "param target: 1..10 = 5\nparam style: one of open, closed = shut")), None,
        "the default of `style` must be one of open, closed, not 'shut'", "shut", None),
    "a bool default that is not a bool": (
        rules(("param target: 1..10 = 5", "param target: 1..10 = 5\nparam fast: bool = 3")), None,
        "the default of `fast` must be true or false, not 3", "3\n", None),
    "a subset default with a stranger": (
        rules(("param target: 1..10 = 5", 'param target: 1..10 = 5\nparam wild: subset of ["2", "3"] = ["2", "K"]')),
        None, "the default of `wild` may only contain 2, 3; not K", '["2", "K"]', None),
    "an override outside the range": (
        BASE, {"target": 11}, "parameter `target`: must be from 1 to 10, not 11", "param target", None),
    "an override outside the choices": (
        rules(("param target: 1..10 = 5", "param target: 1..10 = 5\nparam style: one of open, closed = open")),
        {"style": "shut"}, "parameter `style`: must be one of open, closed, not 'shut'", "param style", None),
    "an override of an unknown parameter": (
        BASE, {"targt": 3}, "there is no parameter `targt`", None, "did you mean `target`?"),
    "an override of a parameter like no other": (
        BASE, {"zzz": 3}, "there is no parameter `zzz`", None, "parameters: target"),
    "too many players": (
        BASE, {"players": 5}, "this game is for 2 to 4 players, not 5", "players", None),
    "a teams condition that is not constant": (
        rules(("players 2..4 default 2", "players 2..4 default 2\nteams pairs when leader == 0")), None,
        "the teams condition must be a constant", "leader == 0", "use parameters and `player_count`"),
    "pairs of an odd number": (
        rules(("players 2..4 default 2", "players 3..3\nteams pairs")), None,
        "`teams pairs` needs an even number of players, not 3", "teams",
        "add `when players == 4` or restrict `players`"),
    # --- the deck
    "a deck without suits": (
        rules(("  suits C D H S\n", "")), None,
        "the deck needs `suits` and `ranks`", "deck", "e.g. `suits C D H S  ranks A 2 3 ... K`"),
    "a suit twice": (
        rules(("suits C D H S", "suits C D H C")), None, "a suit is listed twice in the deck", "deck", None),
    "a rank twice": (
        rules(("ranks A 2 3 K", "ranks A 2 3 K 2")), None, "a rank is listed twice in the deck", "deck", None),
    "an attribute of an unknown rank": (
        rules(("K: 1/2 }", "K: 1/2  Q: 1/2 }")), None, "`Q` is not a rank of this deck", "Q:", None),
    "an attribute that is not a number": (
        rules(("K: 1/2 }", "K: true }")), None, "an attribute value must be a number", "true", None),
    "an attribute named like a built-in": (
        rules(("attr value", "attr suit")), None, "`suit` is already a function name", "attr", None),
    "an order with an unknown rank": (
        rules(("  ranks A 2 3 K\n", "  ranks A 2 3 K\n  order high: 2 3 K X\n")), None,
        "`X` is not a rank of this deck", "X\n", None),
    "an order with a rank twice": (
        rules(("  ranks A 2 3 K\n", "  ranks A 2 3 K\n  order high: 2 3 K 2\n")), None,
        "order `high` lists a rank twice", "order", None),
    "no copies": (
        rules(("  ranks A 2 3 K\n", "  ranks A 2 3 K\n  copies 0\n")), None,
        "the number of copies must be a whole number", "deck", None),
    "half a joker": (
        rules(("  ranks A 2 3 K\n", "  ranks A 2 3 K\n  jokers 1/2\n")), None,
        "the number of jokers must be a whole number", "deck", None),
    # --- zones and types
    "a group field named cards": (
        rules(("owner: player }", "owner: player, cards: number }")), None,
        "`cards` is the name of a group's cards and cannot be a field", "cards:", None),
    "no zone starts with the deck": (
        rules((", starts with deck", "")), None,
        "exactly one shared zone must hold the deck at the start", "zone stock",
        "add `starts with deck` to the stock: `zone stock: shared, hidden, starts with deck`"),
    "two zones start with the deck": (
        rules(("zone hand: per player, private",
               "zone hand: per player, private\nzone spare: shared, starts with deck")),
        None, "only one zone may start with the deck", "zone spare",
        "add `starts with deck` to the stock: `zone stock: shared, hidden, starts with deck`"),
    "a per-player zone starts with the deck": (
        rules(("zone stock: shared, hidden, starts with deck", "zone stock: per player, hidden, starts with deck")),
        None, "the zone that starts with the deck must be shared", "zone stock", None),
    "a misspelt type": (
        rules(("var leader: player", "var leader: playr")), None,
        "unknown type `playr`", "playr", "did you mean `player`? " + TYPE_FORMS),
    "a type like no other": (
        rules(("var leader: player", "var leader: player\nvar colour: colour")), None,
        "unknown type `colour`", "colour: |colour", TYPE_FORMS),
    "a list of an unknown type": (
        rules(("var leader: player", "var leader: player\nvar seen: list of cards")), None,
        "unknown type `cards`", "list of", "did you mean `card`? " + TYPE_FORMS),
    # --- names
    "a misspelt name": (
        rules(("    deal 1 from stock to hand[me]", "    deal 1 from stok to hand[me]")), None,
        "unknown name `stok`", "stok", "did you mean `stock`?"),
    "a name like no other": (
        in_stop("leader = qqqq"), None, "unknown name `qqqq`", "qqqq",
        "if `qqqq` is a word of the game, declare it once: `symbols qqqq` (or in `one of` of a `var` or `param`); "
        "a value is declared with `var` or `let`"),
    "me outside a move": (
        rules(("    deal 2 from stock to hand[p]", "    deal 2 from stock to hand[me]")), None,
        "`me` means the player making a move; it exists only inside a move", "me]", None),
    "a deck symbol that is not in the deck": (
        in_stop('if rank(top(hand[me])) == "Q" { leader = me }'), None,
        '"Q" is not a rank, suit or card of this deck', '"Q"', None),
    "a misspelt function": (
        in_stop("points[me] = totl(me)"), None, "unknown function `totl`", "totl", "did you mean `total`?"),
    "a misspelt action": (
        in_stop("py(me, 1)"), None, "unknown action `py`", "py(", "did you mean `pay`?"),
    "a function called as a statement": (
        in_stop("total(me)"), None, "unknown action `total`", ("total(me)", 2),
        "`total` is a function; a statement calls an `action`"),
    "an action inside an expression": (
        in_stop("points[me] = pay(me, 1)"), None,
        "`pay` is an action: call it as a statement, not inside an expression", "pay(me, 1)", None),
    "goto an unknown phase": (
        rules(("  goto play\n}", "  goto ply\n}")), None,
        "there is no phase `ply`", "goto ply", "did you mean `play`?"),
    "a misspelt group field": (
        in_stop("points[me] = sum(g.wrth for g in groups(table))"), None,
        "no zone declares a group field `wrth`", "g.wrth", "did you mean `worth`?"),
    "a move text naming no parameter": (
        rules(("  move stop {", '  move stop says "stop {who}" {')), None,
        "the text of `stop` names `{who}`, which is not a parameter", "move stop", None),
    "a move text with a misspelt parameter": (
        rules(("  move draw when not empty(stock) {",
               '  move draw(amount in 1..2) when not empty(stock) says "draw {amont}" {')), None,
        "the text of `draw` names `{amont}`, which is not a parameter", "move draw", "did you mean `amount`?"),
    # --- types of expressions
    "if on a number": (
        in_stop("if 3 { leader = me }"), None, "the condition of `if` must be a bool, not a number", "3 {", None),
    "turn of a number": (
        rules(("  turn leader", "  turn 1")), None, "`turn` must be a player, not a number", "1\n", None),
    "a move condition that is a number": (
        rules(("move draw when not empty(stock)", "move draw when count(stock)")), None,
        "the condition of a move must be a bool, not a number", "count(stock)", None),
    "a filter that is a number": (
        in_stop("for p in players where 1 { leader = p }"), None,
        "a filter must be a bool, not a number", "1 {", None),
    "branches of different types": (
        rules(("score p: points[p]", "score p: if true then 1 else hand[p]")), None,
        "the two branches give a number and a zone", "if true", None),
    "comparing a player with a number": (
        in_stop("if leader == 3 { leader = me }"), None,
        "cannot compare a player with a number", "leader == 3", None),
    "comparing a card with its name": (
        in_stop("if top(hand[me]) == name(top(hand[me])) { leader = me }"), None,
        "cannot compare a card with a symbol", "top(hand[me]) ==", 'compare a card by name: `name(c) == "10D"`'),
    "ordering players": (
        in_stop("if leader < 3 { leader = me }"), None,
        "`<` compares numbers (or lists of numbers), not a player and a number", "leader < 3", None),
    "in on a number": (
        in_stop("if me in 3 { leader = me }"), None,
        "`in` needs a list, zone or group on its right, not a number", "3 {", None),
    "adding a player": (
        in_stop("points[me] += 1 + leader"), None, "`+` needs numbers, not a player", "1 + |leader", None),
    "not of a number": (
        in_stop("if not 3 { leader = me }"), None, "the operand of `not` must be a bool, not a number", "3 {", None),
    "minus a player": (
        in_stop("points[me] = -leader"), None, "the operand of `-` must be a number, not a player", "-|leader", None),
    "and with a number": (
        in_stop("if true and 1 { leader = me }"), None,
        "the right side of `and` must be a bool, not a number", "1 {", None),
    "a range to a player": (
        in_stop("for x in 1..leader { leader = me }"), None,
        "a range bound must be a number, not a player", "leader {", None),
    "indexing a per-player value by a bool": (
        in_stop("points[true] = 1"), None, "index this by a player, not a bool", "true]", None),
    "indexing a list by a bool": (
        in_stop("points[me] = value([top(stock)][true])"), None,
        "a list index must be a number, not a bool", "true]", None),
    "indexing a number": (
        in_stop("points[me] = target[0]"), None, "a number cannot be indexed", "target[0]", None),
    "a field of a player": (
        in_stop("points[me] = leader.worth"), None, "only groups have fields; this is a player", "leader.worth", None),
    "going through a player": (
        in_stop("for x in leader { leader = x }"), None,
        "cannot go through a player; expected a list, zone or group", "leader {", None),
    "an aggregate that does not exist": (
        in_stop("points[me] = total2(1 for x in players)"), None,
        "`total2(... for ...)` is not an aggregate", "total2",
        "aggregates: sum, count, any, all, max, min, most, least, first"),
    "a sum of truths": (
        in_stop("points[me] = sum(true for x in players)"), None, "`sum` adds numbers", "true for", None),
    "any of numbers": (
        in_stop("if any(1 for x in players) { leader = me }"), None,
        "`any` needs a truth value for each element", "any(|1", None),
    "an aggregate called like a function": (
        in_stop("points[me] = sum(1)"), None, "`sum` needs the form `sum(value for x in list)`", "sum(1)", None),
    "too many arguments": (
        in_stop("points[me] = total(me, me)"), None, "`total` takes 1 argument, not 2", "total(me, me)", None),
    "an argument of the wrong type": (
        in_stop("points[me] = total(3)"), None, "this argument must be a player, not a number", "3)", None),
    "a function argument of two parameters": (
        rules(("def total", "def both(a: card, b: card) = 1\ndef total"),
              (STOP, "    points[me] = count(sum_subsets(hand[me], 3, both))\n" + STOP)), None,
        "`both` must take exactly one argument to be used here", "both))", None),
    "a function argument that is not a function": (
        in_stop("points[me] = count(sum_subsets(hand[me], 3, 7))"), None,
        "expected the name of a `def` or a card attribute", "7))",
        "write `def value_of(x: card) = ...` and pass `value_of`"),
    "a recursive definition": (
        rules(("def total(p: player) = sum(value(c) for c in hand[p])", "def total(p: player) = total(next(p))")), None,
        "`total` refers to itself; definitions cannot be recursive", "def total",
        "rules must always finish: use the built-in aggregates instead of recursion"),
    "mutually recursive definitions": (
        rules(("def total(p: player) = sum(value(c) for c in hand[p])",
               "def total(p: player) = other(p)\ndef other(p: player) = total(next(p))")), None,
        "`total` refers to itself; definitions cannot be recursive", "def total",
        "rules must always finish: use the built-in aggregates instead of recursion"),
    # --- statements
    "moving a number": (
        in_stop("move 3 to table"), None, "only cards and groups can be moved, not a number", "3 to", None),
    "moving to a number": (
        in_stop("move hand[me] to 3"), None, "cards move to a zone or a group, not a number", "3\n", None),
    "dealing a player's worth of cards": (
        in_stop("deal leader from stock to hand[me]"), None,
        "the number of cards must be a number, not a player", "leader from", None),
    "dealing from a player": (
        in_stop("deal 1 from leader to hand[me]"), None,
        "the source of a deal must be a zone, not a player", "leader to", None),
    "shuffling a number": (
        in_stop("shuffle 3"), None, "what is shuffled must be a zone, not a number", "3\n", None),
    "showing a player": (
        in_stop("show leader"), None, "only cards can be shown, not a player", "show |leader", None),
    "revealing to a number": (
        in_stop("reveal hand[me] to 3"), None,
        "cards are revealed to a player or a list of players, not a number", "3\n", None),
    "grouping into a zone without groups": (
        in_stop("group hand[me] into stock"), None, "zone `stock` does not hold groups", "stock\n",
        "declare it with `groups { field: type }`"),
    "a group with a misspelt field": (
        in_stop("group hand[me] into table with wrth: 1"), None,
        "groups in `table` have no field `wrth`", "1\n", "did you mean `worth`?"),
    "a group field of the wrong type": (
        in_stop("group hand[me] into table with worth: true"), None,
        "field `worth` is a number, not a bool", "true\n", None),
    "assigning a per-player var without index": (
        in_stop("points = 3"), None, "`points` has one value per player: write `points[...] = ...`", "points =", None),
    "assigning a parameter": (
        in_stop("target = 3"), None, "`target` is a parameter and cannot change during play", "target =",
        "declare a `var` for values that change"),
    "assigning a misspelt var": (
        in_stop("leadr = me"), None, "unknown variable `leadr`", "leadr", "did you mean `leader`?"),
    "indexing a var that is not per player": (
        in_stop("leader[0] = 1"), None,
        "only a per-player or per-team `var` can be assigned by index", "leader[0]", None),
    "adding to a player": (
        in_stop("leader += 1"), None, "`+=` works on numbers", "leader +=", None),
    "storing a number in a player": (
        in_stop("leader = 3"), None, "cannot store a number in a player", "3\n", None),
    # --- phases and flow
    "a phase with do and moves": (
        rules(("  turn leader\n", "  turn leader\n  do { end game }\n")), None,
        "phase `play` both runs by itself (`do`) and waits for moves", "phase play",
        "a phase either has a `do` block, or a `turn` and `move`s"),
    "a phase with neither do nor turn": (
        rules(add="phase idle {\n  move wait { end game }\n}\n"), None,
        "phase `idle` says neither `do` nor whose `turn` it is", "phase idle", None),
    "a turn without moves": (
        rules(add="phase idle {\n  turn leader\n}\n"), None,
        "phase `idle` has a turn but no moves", "phase idle", None),
    "a move declared twice": (
        rules(("  move stop {", "  move draw { end game }\n  move stop {")), None,
        "phase `play` declares move `draw` twice", "move draw {", None),
    "setup without goto": (
        rules(("  goto play\n}", "}")), None, "setup must end with `goto` the first phase", "setup", None),
    "a do block that can fall through": (
        rules(add="phase idle {\n  do {\n    if empty(stock) { goto play }\n  }\n}\n"), None,
        "phase `idle` can finish its `do` block without a `goto` or `end game`", "phase idle",
        "end every path of the block with `goto` or `end game`"),
    "a flow that cannot end": (
        rules(("  move stop {", "  move wander {\n    goto loop\n  }\n  move stop {"),
              add="phase loop {\n  do {\n    goto loop\n  }\n}\n"), None,
        "the game can never end once it reaches phase `loop`", "phase loop",
        "no path from this phase leads to `end game`"),
    "a deal needing more cards than the deck": (
        rules(("    deal 2 from stock", "    deal 9 from stock")), None,
        "this block deals 18 cards, but the deck has only 16 (with 2 players)", "deal 9",
        "check the deal counts against the deck"),
    "a deal that fits two players but not four": (
        rules(("    deal 2 from stock", "    deal 5 from stock")), {"players": 4},
        "this block deals 20 cards, but the deck has only 16 (with 4 players)", "deal 5",
        "check the deal counts against the deck"),
}


@pytest.mark.parametrize("text, overrides, message, at, hint", CASES.values(), ids=list(CASES))
def test_diagnostic(text, overrides, message, at, hint):
    err = diagnostics(text, overrides)
    (d,) = err.diagnostics
    assert d.message == message
    if at is None:
        assert d.span is None
    else:
        expected = at if at == START else locate(text, *at) if isinstance(at, tuple) else locate(text, at)
        assert (d.span.file, d.span.line, d.span.column) == ("t.rules", *expected)
    assert d.hint == hint


def test_a_diagnostic_renders_with_its_source_line_caret_and_hint():
    text = rules(("    deal 1 from stock to hand[me]", "    deal 1 from stok to hand[me]"))
    assert diagnostics(text).render() == (
        "t.rules:27:17: error: unknown name `stok`\n"
        "        deal 1 from stok to hand[me]\n"
        "                    ^^^^\n"
        "  hint: did you mean `stock`?")


def test_every_independent_problem_is_reported_in_one_run():
    text = rules(("    deal 1 from stock to hand[me]", "    deal 1 from stok to hand[me]"),
                 ("    pay(me, total(me))", "    pay(me, totl(me))"))
    messages = [d.message for d in diagnostics(text).diagnostics]
    assert messages == ["unknown name `stok`", "unknown function `totl`"]


def test_a_phase_has_its_own_namespace():
    sources = SourceMap()
    text = rules(("var leader: player", "var leader: player\nvar play: number"))
    assert "play" in check(parse(text, "t.rules", sources), sources).phases


# --- the "done when": a misspelling in the real game is located, with a suggestion

def test_a_misspelt_name_in_sete_e_meio_is_located_with_a_suggestion(tmp_path):
    original = (games_folder() / "sete_e_meio.rules").read_text()
    line = "    if total(me) == seven_and_a_half { goto next_player }"
    assert original.count(line) == 1
    text = original.replace(line, line.replace("seven_and_a_half", "seven_and_half"))
    path = tmp_path / "sete_e_meio.rules"
    path.write_text(text)
    with pytest.raises(RulesError) as info:
        load_model(str(path))
    (d,) = info.value.diagnostics
    assert d.message == "unknown name `seven_and_half`"
    assert (d.span.file, d.span.line, d.span.column) == (str(path), *locate(text, "seven_and_half"))
    assert d.hint == "did you mean `seven_and_a_half`?"
    rendered = info.value.render()
    assert rendered.startswith(f"{path}:{d.span.line}:{d.span.column}: error: unknown name `seven_and_half`")
    assert "\n        if total(me) == seven_and_half { goto next_player }\n" in rendered


@pytest.mark.parametrize("old, new, message, at, hint", [
    ("move hand[me] to returned", "move hand[me] to retuned", "unknown name `retuned`", "retuned",
     "did you mean `returned`?"),
    ("pay(me, banker, bet[me])", "pay(me, bankr, bet[me])", "unknown name `bankr`", "bankr,", "did you mean `banker`?"),
    ("draw(me, true)", "drow(me, true)", "unknown action `drow`", "drow", "did you mean `draw`?"),
    ("goto banker_turn", "goto bankers_turn", "there is no phase `bankers_turn`", "goto bankers_turn",
     "did you mean `banker_turn`?"),
])
def test_other_misspellings_in_sete_e_meio(tmp_path, old, new, message, at, hint):
    original = (games_folder() / "sete_e_meio.rules").read_text()
    assert original.count(old) == 1
    text = original.replace(old, new)
    path = tmp_path / "copy.rules"
    path.write_text(text)
    with pytest.raises(RulesError) as info:
        load_model(str(path))
    (d,) = info.value.diagnostics
    assert (d.message, d.hint) == (message, hint)
    assert (d.span.file, d.span.line, d.span.column) == (str(path), *locate(text, at))
