"""What the emitter's parts share while writing one module: the lines written, the module's
constants, the Python names of the rules' locals in scope, and where the writing is (in a
generator, in loops, in defs written in place)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

from ....language import types as T
from ....language.builtins.core import ByCard
from ....language.diagnostics import Span
from ....language.model import Model
from ... import primitives as rt
from ...errors import RulesRuntimeError
from ...primitives import Move, number
from ..code import Code, code, constant, name
from ..memo import MemoTable
from ..passes import Facts

# The key, in `scope`, of a local's scaled twin: no rules name ends so.
SCALED = "#scaled"


class Writer:
    """Lines of generated source, each remembering the rules span it came from."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.spans: list[Span | None] = []
        self.indent = 0

    def line(self, text: str, span: Span | None = None) -> None:
        self.lines.append("    " * self.indent + text)
        self.spans.append(span)

    def extend(self, other: Writer) -> None:
        self.lines.extend(other.lines)
        self.spans.extend(other.spans)


class Emission:
    def __init__(self, model: Model, facts: Facts, env_mode: bool = False, inline: bool = True,
                 narrator: Any = None):
        self.m = model
        self.facts = facts
        self.deck = model.deck
        self.ns: dict[str, Any] = {"Move": Move, "number": number, "Fraction": Fraction, "rt": rt,
                                   "RulesRuntimeError": RulesRuntimeError}
        self._const_ids: dict[tuple, Code] = {}
        self.w = Writer()
        self.helpers = Writer()  # the helper functions `H<n>`, written after everything else
        self.env_mode = env_mode
        self.inline = inline  # False compiles every call of a def as a call: the reference semantics
        self.bound: list[str] = []  # comprehension variables: always Python locals
        self.inlined: list[dict[str, Code]] = []  # parameter -> argument source, in an inlined def
        self.inline_calls: list[Any] = []  # the calls whose defs are being written in place
        # In a def's function, its shared calls (passes/shared.py): node id -> the local that
        # holds their value, computed before the return.
        self.shared: dict[int, Code] = {}
        # Where aggregates are written as loops (lowering.py): node id -> the local holding
        # the value of that part, already computed; (inlining depth, rules name) -> the Python
        # names of the loop variables of that name, innermost last.
        self.lowered: dict[int, Code] = {}
        self.loop_names: dict[tuple[int, str], list[str]] = {}
        # The statement locals in scope, rules name -> Python name, and those the current block
        # itself declares: a `let` or `for` of a name visible from outside gets a fresh name.
        self.scope: dict[str, str] = {}
        self.declared: set[str] = set()
        self.reassigned: set[str] = set()  # locals the current function assigns after their `let`
        self.denominators: dict[str, int] = {}  # per scaled twin (a Python local), its denominator
        # Per Fraction local made beside a twin: where it was written; dropped when never read.
        self.materialised: list[tuple[Writer, int, str]] = []
        self.read: set[str] = set()  # the Python locals read since they were made
        self.loops = 0  # loops around the statement being written, in the current function
        self.transfer = "return True"  # what a statement that transfers control writes
        self.temp = 0
        # In a legal-move generation (see memo.py): the locals a kept value may read, the keys
        # the current generator refers to, and whether it hands `_m` to a function.
        self.memo = False
        self.memo_free: frozenset[str] = frozenset()
        self.memo_table = MemoTable()
        self.generator_memos: set[int] = set()
        self.passes_memo = False
        # per generator: its writer, the line of its `_m = {}`, the keys it refers to, and
        # whether it hands `_m` on
        self.generators: list[tuple[Writer, int, int, frozenset[int], bool]] = []
        self.memo_defs: set[str] = set()  # defs with a `g_` twin, written or wanted
        self.memo_wanted: list[str] = []
        self.repeating = 0  # loops and comprehensions around the expression being written
        self.tables: dict[str, Code] = {}  # def -> the constant holding its values by card or seat
        self.by_card: dict[str, ByCard] = {}  # the same values, for a def passed to a built-in
        # A narrated compilation's narrator, the module's `_N` (emit/narration.py), and the texts
        # it tells by the span of what says them; None: a plain compilation, nothing told.
        self.narrator = narrator
        self.narration = {t.span: t for t in model.tellings} if narrator is not None else {}
        if narrator is not None:
            self.ns["_N"] = narrator

    def type(self, e):
        return self.m.types.get(id(e), T.ANY)

    def const(self, value: Any, prefix: str = "K") -> Code:
        hashable = isinstance(value, (int, str, bool, Fraction, Span)) or value is None
        key = (prefix, type(value), value) if hashable else (prefix, id(value))
        c = self._const_ids.get(key)
        if c is None:
            text = f"{prefix}{len(self._const_ids)}"
            c = self._const_ids[key] = constant(text) if prefix == "K" else name(text)
            self.ns[text] = value
        return c

    def keyed_const(self, key: tuple, make) -> Code:
        """The constant kept under `key`, made by `make()` the first time."""
        c = self._const_ids.get(key)
        if c is None:
            c = self._const_ids[key] = self.const(make())
        return c

    def span_const(self, span: Span) -> Code:
        return self.const(span, "S")

    def fresh(self) -> str:
        self.temp += 1
        return f"_t{self.temp}"

    @contextmanager
    def def_in_place(self, arguments: dict, call) -> Iterator[None]:
        """While a def's body is written in place of `call` (None: a def without parameters
        named), its parameters read `arguments`, and no local bound outside is bound in it."""
        self.inlined.append(arguments)
        if call is not None:
            self.inline_calls.append(call)
        saved, self.bound = self.bound, []
        try:
            yield
        finally:
            self.bound = saved
            self.inlined.pop()
            if call is not None:
                self.inline_calls.pop()

    def helper_name(self) -> str:
        self.temp += 1
        return f"H{self.temp}"

    def local(self, rules_name: str) -> Code:
        if rules_name in self.bound:
            return self.binding(rules_name)
        if self.inlined:
            if rules_name in self.inlined[-1]:
                return self.inlined[-1][rules_name]
        elif rules_name in self.scope:
            python = self.scope[rules_name]
            self.read.add(python)
            return name(python, local=True)
        if self.env_mode:
            return code(f"env[{rules_name!r}]", depth=1, reads=("env",))
        return name(f"L_{rules_name}", local=True)

    def binding(self, var: str) -> Code:
        """The Python name of a comprehension variable. In the body of a def inlined n deep it is
        `L_n_var`, a name no rules local has and no argument substituted into that body can
        mention (arguments are written one level further out), so the body never captures them."""
        looped = self.loop_names.get((len(self.inlined), var))
        if looped:
            return name(looped[-1], local=True)  # a loop variable of a function: its own name
        return name(f"L_{len(self.inlined)}_{var}" if self.inlined else f"L_{var}", local=True)

    def declare(self, rules_name: str) -> str:
        """The Python name of a local that a `let` or a `for` of the current block introduces.
        Rules locals are block-scoped and Python's are not: one that hides a local of an
        enclosing block gets a name of its own (`L_3s_x`, which no rules name can be), so the
        outer one keeps its value after the block."""
        if rules_name in self.scope and rules_name not in self.declared:
            self.temp += 1
            self.scope[rules_name] = f"L_{self.temp}s_{rules_name}"
        else:
            self.scope.setdefault(rules_name, f"L_{rules_name}")
        self.declared.add(rules_name)
        self.scope.pop(rules_name + SCALED, None)  # a twin belongs to the binding it was made with
        return self.scope[rules_name]

    def table_of(self, def_name: str) -> Code | None:
        """For a def the tables pass tabulates: the constant that will hold its value for every
        card or seat (filled by :func:`fill_tables`), so a call is an index."""
        table = self.tables.get(def_name)
        if table is None:
            if def_name not in self.facts.tabulable:
                return None
            text = f"T_{def_name}"
            table = self.tables[def_name] = name(text)
            self.ns[text] = []
            self.by_card[def_name] = ByCard(self.ns[text])
        return table

