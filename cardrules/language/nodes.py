"""The abstract syntax tree of a rules file: small frozen value classes with source spans.

The parser builds these; the checker reads them; the compiler writes them out as Python source.
Every node carries the :class:`~cardrules.language.diagnostics.Span` that diagnostics point at.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar, TypeAlias, TypeVar, dataclass_transform

from .diagnostics import Span

_N = TypeVar("_N")


class Node:
    """What every node is: immutable, with slots, built by keyword, equal and hashed by value.

    Written by hand rather than with attrs because the package's start-up is mostly class
    creation: the ~50 node classes cost attrs ~15 ms in every fresh process, these about 3."""

    __slots__ = ()
    FIELDS: ClassVar[tuple[str, ...]] = ()  # the fields in declaration order

    def _values(self) -> tuple:
        return tuple(getattr(self, f) for f in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash((self.__class__.__name__,) + self._values())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{f}={getattr(self, f)!r}' for f in self.FIELDS)})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a {type(self).__name__} node is immutable: `{name}` cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a {type(self).__name__} node is immutable: `{name}` cannot be deleted")

    def __getstate__(self) -> tuple:
        return self._values()

    def __setstate__(self, state: tuple) -> None:
        for f, value in zip(self.FIELDS, state):
            object.__setattr__(self, f, value)


@dataclass_transform(kw_only_default=True, frozen_default=True)
def node(cls: type) -> type:
    """The class `cls` declares, as a :class:`Node`: its annotations are its fields, in order,
    each a keyword argument of the constructor, those with a value in the class body optional."""
    fields = tuple(cls.__annotations__)
    defaults = {f: cls.__dict__[f] for f in fields if f in cls.__dict__}
    body = {k: v for k, v in cls.__dict__.items() if k not in defaults and k not in ("__dict__", "__weakref__")}
    body["__slots__"] = fields
    body["FIELDS"] = fields
    made: Any = type(cls.__name__, (Node,), body)
    params = ", ".join(f"{f}=_d_{f}" if f in defaults else f for f in fields)
    sets = "".join(f"\n    _set(self, {f!r}, {f})" for f in fields)
    namespace = {"_set": object.__setattr__, **{f"_d_{f}": v for f, v in defaults.items()}}
    exec(f"def __init__(self, *, {params}):{sets}", namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    made.__init__ = init
    return made


def replace(tree: _N, **changes: Any) -> _N:
    """A copy of the node `tree` with some of its fields changed, all others as they were (as
    `dataclasses.replace` does): a field added to a node later is kept without a word here."""
    fields: tuple[str, ...] = tree.FIELDS  # type: ignore[attr-defined]  # every node class has them
    return type(tree)(**{f: getattr(tree, f) for f in fields} | changes)


def walk(tree):
    """Every node of a tree of nodes (tuples of them included), spans left out: the order is
    not the source's, so callers that care sort by span."""
    stack = [tree]
    while stack:
        x = stack.pop()
        if isinstance(x, tuple):
            stack.extend(x)
        elif isinstance(x, Node):
            yield x
            stack.extend(getattr(x, f) for f in x.FIELDS if f != "span")


# --- expressions -------------------------------------------------------------------------


@node
class Num:
    value: int | Fraction
    span: Span


@node
class Str:
    """A quoted deck symbol: a rank (``"K"``), a suit (``"S"``) or a card (``"10D"``)."""

    text: str
    span: Span


@node
class Const:
    """``true``, ``false`` or ``none``."""

    value: object
    span: Span


@node
class Name:
    id: str
    span: Span


@node
class Call:
    func: str
    args: tuple[Expr, ...]
    span: Span


@node
class Aggregate:
    """``sum(value(c) for c in hand[me] if ...)`` and its siblings count, any, all, max, min, most."""

    func: str
    element: Expr
    var: str
    iterable: Expr
    condition: Expr | None
    span: Span


@node
class ListLit:
    items: tuple[Expr, ...]
    span: Span


@node
class ListComp:
    element: Expr
    var: str
    iterable: Expr
    condition: Expr | None
    span: Span


@node
class MapLit:
    entries: tuple[tuple[Expr, Expr], ...]
    span: Span


@node
class Index:
    obj: Expr
    index: Expr
    span: Span


@node
class Attr:
    obj: Expr
    name: str
    span: Span


@node
class Unary:
    op: str  # "-" or "not"
    operand: Expr
    span: Span


@node
class Binary:
    op: str  # + - * / // % and or == != < <= > >= in notin ..
    left: Expr
    right: Expr
    span: Span


@node
class Cond:
    test: Expr
    then: Expr
    otherwise: Expr
    span: Span


@node
class LetIn:
    """``let x = value in body``: a name for a value, inside one expression."""

    name: str
    value: Expr
    body: Expr
    span: Span


Expr: TypeAlias = (
    Num | Str | Const | Name | Call | Aggregate | ListLit | ListComp | MapLit | Index | Attr | Unary |
    Binary | Cond | LetIn
)


# --- statements --------------------------------------------------------------------------


@node
class Assign:
    target: Expr  # Name, Index or Attr
    op: str  # = += -=
    value: Expr
    span: Span
    says: tuple[str, Span] | None = None  # what the narration tells when it runs, and where the text stands


@node
class Let:
    name: str
    value: Expr
    span: Span


@node
class MoveCards:
    what: Expr
    dest: Expr
    face: str | None
    span: Span
    says: tuple[str, Span] | None = None  # what the narration tells when it runs, and where the text stands


@node
class Deal:
    count: Expr
    source: Expr
    dest: Expr
    face: str | None
    span: Span
    says: tuple[str, Span] | None = None  # what the narration tells when it runs, and where the text stands


@node
class Shuffle:
    zone: Expr
    span: Span


@node
class Flip:
    """``show`` (face up) or ``hide`` (face down)."""

    what: Expr
    face: str
    span: Span


@node
class Reveal:
    what: Expr
    to: Expr
    span: Span


@node
class MakeGroup:
    cards: Expr
    zone: Expr
    fields: tuple[tuple[str, Expr], ...]
    span: Span


@node
class If:
    branches: tuple[tuple[Expr, Block], ...]
    otherwise: Block | None
    span: Span


@node
class For:
    var: str
    iterable: Expr
    condition: Expr | None
    body: Block
    span: Span


@node
class Repeat:
    """``repeat at most N while C { ... }``: the body again and again while C holds, N times at most."""

    bound: Expr
    condition: Expr
    body: Block
    span: Span


@node
class Goto:
    phase: str
    span: Span


@node
class EndGame:
    span: Span


@node
class CallAction:
    name: str
    args: tuple[Expr, ...]
    span: Span
    says: tuple[str, Span] | None = None  # what the narration tells when it runs, and where the text stands


Stmt: TypeAlias = (
    Assign | Let | MoveCards | Deal | Shuffle | Flip | Reveal | MakeGroup | If | For | Repeat | Goto |
    EndGame | CallAction
)


@node
class Block:
    statements: tuple[Stmt, ...]
    span: Span


# --- types and declarations --------------------------------------------------------------


@node
class TypeRef:
    """``number``, ``player``, ``bool``, ``one of a, b``, ``list of card`` ..."""

    kind: str  # a type name, "enum" or "list"
    symbols: tuple[str, ...] = ()
    span: Span


@node
class Param:
    name: str
    domain: Domain | None
    default: Expr
    span: Span


@node
class Domain:
    kind: str  # "bool", "enum", "range", "subset"
    symbols: tuple[str | int, ...] = ()  # an enum's choices: all symbols or all whole numbers
    low: Expr | None = None
    high: Expr | None = None
    items: tuple[Expr, ...] = ()
    span: Span


@node
class GameName:
    name: str
    span: Span


@node
class Extends:
    base: str
    span: Span


@node
class Players:
    low: Expr
    high: Expr
    default: Expr | None
    span: Span


@node
class Teams:
    condition: Expr | None
    span: Span


@node
class DeckItem:
    kind: str  # suits, ranks, copies, jokers, attr, order
    name: str | None = None
    symbols: tuple[tuple[str, Span], ...] = ()
    value: Expr | None = None
    entries: tuple[tuple[str, Expr, Span], ...] = ()
    # `extra` and `without`: each card as (rank, suit or None, where it is written)
    cards: tuple[tuple[str, str | None, Span], ...] = ()
    span: Span


@node
class Deck:
    items: tuple[DeckItem, ...]
    span: Span


@node
class Field:
    name: str
    type: TypeRef
    span: Span


@node
class Zone:
    name: str
    owner: str | None  # None (shared), "player" or "team"
    visibility: str  # hidden, private, team, public
    face: str  # up or down
    holds_deck: bool
    fields: tuple[Field, ...]
    span: Span


@node
class Var:
    name: str
    owner: str | None
    type: TypeRef
    init: Expr | None
    span: Span
    public: tuple[str, Span] | None = None  # why every seat may see a value that follows from hidden cards


@node
class TypedParam:
    name: str
    type: TypeRef
    span: Span


@node
class Def:
    name: str
    params: tuple[TypedParam, ...]
    body: Expr
    span: Span


@node
class Action:
    name: str
    params: tuple[TypedParam, ...]
    body: Block
    span: Span
    says: tuple[str, Span] | None = None  # what the narration tells when it runs, and where the text stands


@node
class Refusal:
    """The reason a condition gives a player when it refuses a move (`else "you must follow
    suit"`): shown by the refusal and by `explain` for every conjunct of `condition` that is false.
    On a parameter's source (`c in playable(me) else "..."`), `condition` is the source itself:
    the reason for a value outside it."""

    condition: Expr
    reason: str
    span: Span


@node
class Generator:
    var: str
    source: Expr
    condition: Expr | None
    span: Span
    refusals: tuple[Refusal, ...] = ()


@node
class MoveDecl:
    name: str
    generators: tuple[Generator, ...]
    condition: Expr | None
    says: str | None
    body: Block
    span: Span
    refusals: tuple[Refusal, ...] = ()  # of its `when`s; `condition` is all of them joined by `and`


@node
class Phase:
    name: str
    turn: Expr | None
    do: Block | None
    moves: tuple[MoveDecl, ...]
    span: Span
    # `simultaneous SEATS`: `turn` is the list of seats that choose at once, each unseen by the
    # others; their moves run, in that order, once all have chosen, then the `then` block.
    simultaneous: bool = False
    then: Block | None = None
    # A racing window (`race SEATS`): the seats asked in turn, each moving or passing, and what
    # runs once all of them have passed (`all pass { ... }`).
    race: Expr | None = None
    all_pass: Block | None = None
    words: tuple[Span, ...] = ()  # where `simultaneous`, `race` and `all pass` stand (the formatter's line starts)


@node
class Setup:
    body: Block
    span: Span


@node
class Score:
    var: str
    expr: Expr
    span: Span


@node
class Payoffs:
    """``payoffs LOW..HIGH zero_sum`` (or ``constant_sum TOTAL``, ``general_sum``): the scores
    are payoffs, each seat's within LOW..HIGH, summing over the seats as the kind says."""

    low: Expr
    high: Expr
    kind: str
    total: Expr | None
    span: Span


@node
class Length:
    """``length at most N moves``: no game of these rules takes more than N moves (of all
    seats together; automatic phases are not moves)."""

    moves: Expr
    span: Span


@node
class Always:
    """``always NAME: CONDITION``: CONDITION holds in every position where a seat is to choose a
    move (`validate` checks it; samplers of hidden cards keep to it)."""

    name: str
    expr: Expr
    span: Span


@node
class Remove:
    """In a variant: ``remove phase_name`` or ``remove phase_name move_name``."""

    name: str
    member: str | None
    span: Span


@node
class DisplayItem:
    """``hide a, b`` (kind hide), ``show a, b`` (show) or ``order z: suit, rank`` (order, with `keys`)."""

    kind: str
    names: tuple[str, ...]
    keys: tuple[str, ...]
    span: Span


@node
class Display:
    """What a player's screen shows: bookkeeping variables hidden, totals shown, zones sorted."""

    items: tuple[DisplayItem, ...]
    span: Span


@node
class Symbols:
    """``symbols a, b``: names that stand for themselves, usable anywhere a symbol is."""

    names: tuple[tuple[str, Span], ...]
    span: Span


@node
class Direction:
    """``direction counterclockwise``: the way play goes round the table."""

    way: str
    span: Span


Decl: TypeAlias = (
    GameName | Extends | Players | Teams | Param | Deck | Zone | Var | Def | Action | Phase | Setup |
    Score | Payoffs | Length | Always | Remove | Display | Symbols | Direction
)


@node
class RulesFile:
    path: str
    decls: tuple[Decl, ...]
