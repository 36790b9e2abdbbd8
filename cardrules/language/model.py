"""The checked model of a rules file: its declarations resolved, typed and given concrete values.

The checker builds a :class:`Model`; the compiler turns it into a
:class:`~cardrules.engine.runtime.Game`.
"""

from __future__ import annotations

from typing import Any

import attrs

from . import nodes as n
from . import types as T
from .deck import DeckTable
from .diagnostics import SourceMap


@attrs.define(slots=True)
class ParamInfo:
    name: str
    kind: str  # bool, enum, range, subset, free
    choices: tuple | None  # allowed values for enum and subset
    low: Any = None
    high: Any = None
    default: Any = None
    span: Any = None


@attrs.define(slots=True)
class ZoneInfo:
    name: str
    owner: str | None
    visibility: str
    face: str
    holds_deck: bool
    fields: dict[str, T.Type]  # group field -> type
    span: Any
    base: int = 0  # first slot of this zone in a State
    count: int = 1  # number of slots (per owner)


@attrs.define(slots=True)
class VarInfo:
    name: str
    owner: str | None
    type: T.Type
    init: n.Expr | None
    span: Any
    index: int = 0
    public: str | None = None  # why every seat may see it though it follows from hidden cards


# A racing window's counter of the seats asked, a variable whose name no file can write, and
# the move every seat it asks may make instead of the window's own.
RACE_ASKED = "race asked"
RACE_PASS = "pass"

# The kinds of `payoffs`: how the seats' payoffs sum (OpenSpiel's utility types).
PAYOFF_KINDS = ("zero_sum", "constant_sum", "general_sum")


@attrs.define(slots=True)
class PayoffInfo:
    """What `payoffs` declares: every seat's payoff (its score) within low..high, and the
    seats' payoffs summing to `total` (None: general_sum, any total)."""

    low: Any
    high: Any
    kind: str
    total: Any
    span: Any


@attrs.define(slots=True)
class Telling:
    """A `says` text of an action or a statement: what the narration tells each time it runs.
    `names` are its placeholders with their types, each a value in scope where it stands (an
    action's parameter, a `let`, a loop variable, `me`)."""

    text: str
    names: tuple[tuple[str, T.Type], ...]
    span: Any  # the action or the statement that says it
    action: str | None = None  # the action's name, for an action's text


@attrs.define(slots=True)
class LengthInfo:
    """What `length at most N moves` declares: no game takes more than `moves` moves."""

    moves: int
    span: Any


@attrs.define(slots=True)
class Model:
    rules: n.RulesFile
    sources: SourceMap
    title: str
    params: dict[str, ParamInfo]
    values: dict[str, Any]  # parameter values in force, `players` included
    player_count: int
    team_of: tuple[int, ...]
    deck: DeckTable
    zones: dict[str, ZoneInfo]
    vars: dict[str, VarInfo]
    defs: dict[str, n.Def]
    actions: dict[str, n.Action]
    phases: dict[str, n.Phase]
    setup: n.Setup
    score: n.Score
    symbols: frozenset[str]  # every enum symbol
    types: dict[int, T.Type]  # id(expression node, or TypeRef of a declaration) -> type
    names: dict[int, tuple[str, Any]]  # id(Name node) -> (kind, what it names)
    display: Any = None  # a cardrules.language.display.Display: what a player's screen shows
    player_range: tuple[int, int, int] = (0, 0, 0)  # the fewest, the most and the default
    payoffs: PayoffInfo | None = None  # the scores as payoffs, when the rules declare them
    tellings: tuple[Telling, ...] = ()  # every `says` of an action or a statement
    # What the checker found worth saying that is not an error (a name shadowing a built-in).
    warnings: list = attrs.field(factory=list)
    direction: str = "clockwise"  # the direction of play a `direction` line declares
    # Per player, every player in the order of play starting with that one (the direction's).
    seat_order: tuple[tuple[int, ...], ...] = ()
    length: LengthInfo | None = None  # the most moves a game takes, when the rules declare it
    always: tuple[n.Always, ...] = ()  # what holds wherever a seat is to choose, as the rules declare it

    def is_loop_variable(self, e: Any, var: str) -> bool:
        """Whether `e`, an aggregate's or a comprehension's element, is its variable `var`
        itself (an aggregate with no element counts its items: the variable too)."""
        return e is None or (isinstance(e, n.Name) and e.id == var and self.names.get(id(e), ("local",))[0] == "local")
