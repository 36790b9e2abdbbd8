"""What the words of the language mean, as an editor shows them: each keyword in a line, each
built-in with its signature and its own documentation (from the registry, never copied)."""

from __future__ import annotations

from ..language import types as T
from ..language.builtins import AGGREGATES, CONSTANTS, REGISTRY

KEYWORDS = {
    "game": '`game "Name"`: the game\'s title; every rules file has one.',
    "extends": '`extends "base"`: this file is a variant of a bundled game or another rules file.',
    "players": "`players 2..4 default 3`: how many may play (and, in an expression, every player).",
    "default": "`players LOW..HIGH default N`: the number of players when none is given.",
    "teams": "`teams pairs`: partners sit opposite (and, in an expression, every team).",
    "pairs": "`teams pairs [when C]`: two teams of partners sitting opposite.",
    "param": "`param name: domain = default`: a value chosen before the game (`--param name=value`).",
    "bool": "the type of `true` and `false`; as a parameter's domain, either of them.",
    "one": "`one of a, b, c`: an enumeration, of symbols or of whole numbers.",
    "of": "part of `one of ...`, `list of ...` and `subset of [...]`.",
    "subset": "`subset of [a, b, c]`: a parameter that is any subset of those values.",
    "list": "`list of T`: the type of a list of values of type T.",
    "deck": "`deck { suits ... ranks ... }`: the cards of the game.",
    "suits": "`suits C D H S`: the deck's suits (in an expression, the list of them).",
    "ranks": "`ranks 2 3 ... A`: the deck's ranks, low to high (in an expression, the list of them).",
    "copies": "`copies N`: how many copies of each card the deck holds.",
    "jokers": "`jokers N`: how many jokers the deck adds.",
    "attr": "`attr name { rank: value ... }`: a number for each rank, read as `name(card)`.",
    "order": "`order name: ranks...` in the deck, a rank order; in `display`, how a zone is sorted.",
    "zone": "`zone name: options`: a place cards lie (a hand, a stock, a pile), shared or one per player.",
    "per": "`per player` / `per team`: one of it for each player or team.",
    "shared": "a zone of which there is one, not one per player.",
    "face": "`face up` / `face down`: how cards lie in a zone or are moved.",
    "starts": "`starts with deck`: the zone holds the whole deck when the game starts.",
    "with": "`starts with deck`; in `group ... into ... with field: value`, a new group's fields.",
    "groups": "`groups { field: type, ... }`: the zone also holds groups of cards with these fields.",
    "var": "`var name: type = start`: a variable of the game's state, shared or one per player.",
    "public": '`public "why"` on a var: every seat may see it though it follows from hidden cards.',
    "def": "`def name(params) = expression`: a named value or function, computed when used.",
    "action": "`action name(params) { ... }`: a named block of statements the rules call.",
    "phase": "`phase name { turn ... move ... }`: a stage of play; `goto name` enters it.",
    "turn": "`turn expression`: whose move it is in this phase.",
    "simultaneous": "`simultaneous seats`: in a phase, those seats choose at once, each unseen by the others; "
                    "the moves run when all have chosen, then the phase's `then` block.",
    "do": "`do { ... }`: statements a phase runs as soon as it is entered, with no move.",
    "move": "`move name(x in list) when C { ... }`: a move a player may make; as a statement, "
            "`move cards to zone` moves cards.",
    "when": "`when condition`: the move is offered only while it holds.",
    "says": '`says "text {x}"`: how a move is written in logs and on screen.',
    "where": "`x in list where condition`: keep only the values for which it holds.",
    "setup": "`setup { ... }`: how the game starts; it ends with `goto` the first phase.",
    "score": "`score p: expression`: each player's final score.",
    "remove": "`remove phase` / `remove phase move`: in a variant, take a phase or a move out.",
    "display": "`display { hide ... show ... order ... }`: what a player's screen shows.",
    "payoffs": "`payoffs LOW..HIGH zero_sum`: the scores as payoffs for research libraries (or "
               "`constant_sum TOTAL`, `general_sum`).",
    "length": "`length at most N moves`: no game takes more moves (the adapters' bound of a game).",
    "moves": "part of `length at most N moves`.",
    "always": "`always name: condition`: it holds wherever a seat is to choose; `validate` checks it, "
              "and samplers of hidden cards keep to it.",
    "hide": "in `display`, variables not shown; as a statement, turn cards face down.",
    "show": "in `display`, values shown; as a statement, turn cards face up for everyone.",
    "let": "`let x = value`: a local name; in an expression, `let x = v in expression`.",
    "deal": "`deal N from zone to zone [face up]`: move the top N cards, one at a time.",
    "from": "part of `deal N from zone to zone`.",
    "to": "part of `move ... to`, `deal ... to` and `reveal ... to`.",
    "shuffle": "`shuffle zone`: put the zone's cards in a random order.",
    "reveal": "`reveal cards to player`: that player alone sees the cards.",
    "group": "`group cards into zone with field: value`: make a group of cards (a meld, a build).",
    "into": "part of `group cards into zone`.",
    "if": "`if C { ... } elif C { ... } else { ... }`; in an expression, `if C then a else b`.",
    "then": "part of `if C then a else b`; in a simultaneous phase, `then { ... }` resolves the choices.",
    "elif": "another condition of an `if` statement.",
    "else": "what an `if` does (or gives) when no condition holds.",
    "for": "`for x in list where C { ... }`; in an aggregate or a list, `f(x) for x in list if C`.",
    "in": "membership (`x in list`), and the list a loop or a move's parameter runs over.",
    "repeat": "`repeat at most N while C { ... }`: a loop with a constant bound.",
    "at": "part of `repeat at most N while C` and of `length at most N moves`.",
    "most": "part of `repeat at most N while C` and of `length at most N moves`.",
    "while": "only in `repeat at most N while C`: there is no unbounded loop.",
    "goto": "`goto phase`: the next phase; the block ends there.",
    "end": "`end game`: the game is over; the scores are counted.",
    "and": "true when both sides are.",
    "or": "true when either side is.",
    "not": "the opposite of a condition; `not in` is the opposite of `in`.",
    "true": "the boolean true.",
    "false": "the boolean false.",
    "none": "no value: what `first(...)` or `top(zone)` gives when there is none.",
    # Words reserved only where the grammar expects them.
    "player": "a seat at the table (a type); `per player` gives one of something to each.",
    "team": "a side (a type); `per team` gives one to each; a zone `team` is seen by the team.",
    "hidden": "a zone nobody sees.",
    "private": "a zone its owner sees.",
    "up": "cards face up: everyone sees them.",
    "down": "cards face down.",
    "race": "`race SEATS` in a phase: a racing window; each seat of the list is asked in turn and "
            "moves or passes, the first to move taking the claim; `all pass { ... }` runs once all have passed.",
}

TYPES = {
    "number": "an exact number (whole or a fraction)",
    "bool": "true or false",
    "player": "a seat",
    "team": "a side",
    "card": "a card of the deck",
    "group": "a group of cards (a meld, a build) in a zone that holds groups",
    "item": "a card or a group",
    "rank": "a rank of the deck",
    "suit": "a suit of the deck",
    "symbol": "a symbol of an enumeration, or a card's name",
}


def written(t) -> str:
    return t.written() if isinstance(t, T.Type) else "(depends on the arguments)"


def signature(name: str) -> str:
    """How a built-in is called: `next(player) -> player`."""
    if name in AGGREGATES:
        return f"{name}(VALUE for X in LIST if CONDITION)"
    if name in CONSTANTS:
        return f"{name}: {CONSTANTS[name][0].written()}"
    b = REGISTRY[name]
    params = [p.written() for p in b.params]
    if b.short_form is not None:
        params = params[:b.short_form] + [f"[{p}]" for p in params[b.short_form:]]
    return f"{name}({', '.join(params)}) -> {written(b.returns)}"


def documentation(name: str) -> str:
    if name in AGGREGATES:
        return f"An aggregate: {AGGREGATES[name]}."
    if name in CONSTANTS:
        return CONSTANTS[name][1]
    return REGISTRY[name].doc
