"""The emitter's intermediate representation: a fragment of generated Python and its facts.

Every expression the emitter writes is a :class:`Code`: the Python text (a ``str``, so it
composes into lines as text does) together with what the emitter knew when it wrote it, carried
up from its parts. The emitter's later decisions read these facts, never the text: whether a
generation may keep the value (`reads`, `impure`, `costly`), whether it must be written apart for
CPython's limits (`depth`), whether a call may be written in place (`plain`, `simple`), and
which faster form an aggregate takes (`lookup`, `test`, `fresh`, `constant`).

A value kept per legal-move generation is written as a *reference* into the memo table
(:mod:`.memo`), expanded when the module is assembled, once the table knows how often each
value is needed.
"""

from __future__ import annotations

from collections.abc import Iterable

NO_NAMES: frozenset[str] = frozenset()
NO_KEYS: frozenset[int] = frozenset()


class Code(str):
    """Python source of one expression and the facts about it (see the module docstring).

    - ``reads``: the Python locals it reads (``L_*`` rules locals, ``_m`` the memo, ``env``);
      the state ``st`` is always at hand and not listed.
    - ``costly``: it calls a function or loops (worth keeping once per generation).
    - ``impure``: it draws randomness (never kept).
    - ``depth``: how deep its brackets nest.
    - ``plain``: a name or a non-negative whole number; ``simple``: a variable's slot
      (``st.vars[i]`` or ``st.vars[i][plain]``); ``numeral``: the int it is a literal of;
      ``local``: a rules local's name; ``operand``: a literal, a local or a module constant.
    - ``constant``: a constant of the compiled module, which nothing changes; ``fresh``: a list
      made afresh (a copy, a range); ``copy_of``: when it is ``list(x)``, a built-in's copy of
      its answer, the source ``x`` (what a comprehension may go through as it is).
    - ``lookup``: ``(table, key)`` when it is ``table[key]``, a look-up in a constant table
      (an attribute, a tabulated def) by a rules local; ``deck_lookup`` the same in one of
      the deck's tables (``D0.suit_of[L_c]``); ``test``: ``(op, table, key, operand)`` for
      ``(table[key] op operand)``.
    - ``memos``: the memo keys it refers to, however deep.
    """

    reads: frozenset[str]
    memos: frozenset[int]
    costly: bool
    impure: bool
    depth: int
    plain: bool
    simple: bool
    local: bool
    operand: bool
    numeral: int | None
    constant: bool
    fresh: bool
    copy_of: Code | None
    lookup: tuple[Code, Code] | None
    deck_lookup: tuple[str, Code] | None
    test: tuple[str, str, Code, Code] | None


def code(text: str, *parts: str, depth: int = 1, costly: bool = False, impure: bool = False,
         reads: Iterable[str] = (), **shape) -> Code:
    """`text`, written around `parts` (the fragments it contains): it reads what they read, is
    costly or impure if one of them is, and nests `depth` brackets deeper than the deepest.
    `shape` sets the facts of the fragment itself."""
    c = Code(text)
    names: set[str] = set(reads)
    memos: set[int] = set()
    deepest = 0
    for p in parts:
        if isinstance(p, Code):
            names |= p.reads
            memos |= p.memos
            costly = costly or p.costly
            impure = impure or p.impure
            deepest = max(deepest, p.depth)
    c.reads = frozenset(names) if names else NO_NAMES
    c.memos = frozenset(memos) if memos else NO_KEYS
    c.costly, c.impure = costly, impure
    c.depth = deepest + depth
    c.plain = shape.get("plain", False)
    c.simple = shape.get("simple", False)
    c.local = shape.get("local", False)
    c.operand = shape.get("operand", False)
    c.numeral = shape.get("numeral")
    c.constant = shape.get("constant", False)
    c.fresh = shape.get("fresh", False)
    c.copy_of = shape.get("copy_of")
    c.lookup = shape.get("lookup")
    c.deck_lookup = shape.get("deck_lookup")
    c.test = shape.get("test")
    return c


def binding(text: str, var: str, inner: Code, outer: Code, **facts) -> Code:
    """`text`, which binds the Python local `var` around `inner` and reads `outer` outside it
    (a comprehension's element and clause, a `let ... in`'s body and value)."""
    c = code(text, inner, outer, **facts)
    c.reads = outer.reads | (inner.reads - {var})
    return c


def name(text: str, *, local: bool = False) -> Code:
    """A Python name: a rules local (read) or a module constant or function."""
    return code(text, depth=0, reads=(text,) if local else (), plain=True, local=local, operand=local)


def literal(value) -> Code:
    """The repr of a plain value of the rules (a number, a symbol, a truth value, none)."""
    whole = value.__class__ is int
    return code(repr(value), depth=0, plain=whole and value >= 0 or value.__class__ is bool or value is None,
                numeral=value if whole else None, operand=whole or value.__class__ is str)


def constant(text: str) -> Code:
    """A constant of the compiled module (``K3``): a name nothing rebinds or changes."""
    return code(text, depth=0, plain=True, constant=True, operand=True)
