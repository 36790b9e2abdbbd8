"""Rules to Python source: every expression and statement of a checked model becomes Python
text, and every `def`, `action`, phase body, move body and move generator a Python function.

Like Jinja2, the compiler writes Python source rather than interpreting a tree; :mod:`compiler`
puts the functions this module writes into a :class:`~cardrules.engine.runtime.Game`. Numbers
stay exact: ints, and Fractions where halves appear (a Fraction equal to a whole number is still
equal to that int; outputs normalise it). Statements return True when they transfer control
(`goto`, `end game`). Generated code calls only :mod:`primitives` and the built-ins.

The same generator also compiles a single expression against an environment dict (``env``
mode); `explain` uses that to evaluate one condition of a move at a time.
"""

from __future__ import annotations

import ast
import itertools
import re
from fractions import Fraction
from math import gcd as _gcd
from typing import Any, Callable

from ..language import nodes as n
from ..language import types as T
from ..language.builtins import REGISTRY
from ..language.builtins.core import ByCard
from ..language.folding import NotConstant, const_eval, constant_number, folded, known_truth
from ..language.diagnostics import Span
from ..language.model import Model
from . import primitives as rt
from .errors import RulesRuntimeError
from .primitives import MAX_RANGE, Move, number
from .move_text import MoveTexts
from .work import LoopWeights

GENERATED_FILE = "<cardrules generated: {}>"
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|[0-9]+")
_NUMERAL = re.compile(r"-?[0-9]+")
# The key, in `scope`, of a local's scaled twin: no rules name ends so.
_SCALED = "#scaled"
_FLIPPED = {"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}
_SIMPLE = re.compile(r"st\.vars\[[0-9]+\](\[[A-Za-z_0-9]+\])?")
# Generated source worth computing once per legal-move generation: it calls something or loops.
_COSTLY = re.compile(r"\b(?:B[0-9]+|H[0-9]+|d_\w+|g_\w+|rt\.extreme|any|all|sum|max|min|next)\(| for ")
_MEMO_USE = re.compile(r"\b_m\b")
_MEMO_PLACE = re.compile(r"\(_m\[([0-9]+)\] if \1 in _m else _m\.setdefault\(\1, ")
# Deals of up to this many cards (a number in the rules) are written out card by card.
DEAL_WRITTEN_OUT = 3
# Moves the same in every state are listed once when compiling, up to this many per move.
STATIC_MOVES_LIMIT = 1_000
# Lists whose elements are never lists: a move parameter of one is frozen by `tuple`.
_FLAT_LISTS = {T.list_of(t) for t in (T.CARD, T.ITEM, T.GROUP, T.NUMBER, T.PLAYER, T.TEAM, T.BOOL, T.SYMBOL,
                                      T.RANK, T.SUIT)}
# Expressions that do the work: operators over them are cheap once their operands are kept.
_WORK = (n.Call, n.Aggregate, n.ListComp, n.Name)
# Python names of the rules' locals, of generated temporaries and of the state, as opposed to
# the module's constants and functions.
_LOCAL = re.compile(r"L_\w+|_t[0-9]+|st|_m|env")
# CPython refuses more than 200 nested brackets, 20 nested loops and 100 indentation levels in
# one function. Generated code stays well inside them: an expression nested deeper than
# MAX_NESTING brackets, a block more than MAX_INDENT levels in, or a loop more than MAX_LOOPS
# loops deep is written as a helper function `H<n>` of the locals it reads.
MAX_NESTING = 50
MAX_INDENT = 40
MAX_LOOPS = 12
# A mark in the lines of a helper block, where the locals it gives back go once they are known.
_GIVEN_BACK = "\x00"


class Writer:
    """Lines of generated source, each remembering the rules span it came from."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.spans: list[Span | None] = []
        self.indent = 0

    def line(self, text: str, span: Span | None = None) -> None:
        self.lines.append("    " * self.indent + text)
        self.spans.append(span)


class CodeGen:
    def __init__(self, model: Model, env_mode: bool = False, inline: bool = True):
        self.m = model
        self.deck = model.deck
        self.ncards = model.deck.size
        self.ns: dict[str, Any] = {"Move": Move, "number": number, "Fraction": Fraction, "rt": rt,
                                   "RulesRuntimeError": RulesRuntimeError}
        self._const_ids: dict[tuple, str] = {}
        self.w = Writer()
        self.env_mode = env_mode
        self.bound: list[str] = []  # comprehension variables: always Python locals
        self.inlined: list[dict[str, str]] = []  # parameter -> argument source, in an inlined def
        self.inline = inline  # False compiles every call of a def as a call: the reference semantics
        # The statement locals in scope, rules name -> Python name, and those the current block
        # itself declares: a `let` or `for` of a name visible from outside gets a fresh name.
        self.scope: dict[str, str] = {}
        self.declared: set[str] = set()
        # Locals the current function assigns after their `let`: no scaled twin for them (see s_Let).
        self.reassigned: set[str] = set()
        self.denominators: dict[str, int] = {}  # per scaled twin (a Python local), its denominator
        # Per twin, where the Fraction itself was written: dropped when nothing reads it.
        self.materialised: list[tuple[Writer, int, str]] = []
        self.helpers = Writer()  # the helper functions `H<n>`, written after everything else
        self.loops = 0  # loops around the statement being written, in the current function
        self.transfer = "return True"  # what a statement that transfers control writes
        self.generator_helpers: list[Writer] = []
        self.phase_index = {name: i for i, name in enumerate(model.phases)}
        self.var_index = {name: i for i, name in enumerate(model.vars)}
        self.temp = 0
        # Legal-move generation reads a state that does not change while it runs, so a pure
        # expression that reads no move parameter is computed once per generation and kept in
        # the dict `_m` (see `expr`); defs called there get `g_` twins that share it.
        self.memo = False
        self.memo_free: frozenset[str] = frozenset()
        self.memo_keys: dict[str, int] = {}
        # Per memo key, the places that compute it, one in a loop or comprehension counting
        # twice: a value computed once per generation anyway is not worth keeping (see finish_memo).
        self.memo_uses: dict[int, int] = {}
        self.repeating = 0  # loops and comprehensions around the expression being written
        self.generator_extents: list[tuple[int, int]] = []  # per generator: its `_m = {}` line, its end
        self.memo_defs: set[str] = set()
        self.memo_wanted: list[str] = []
        self.impure: set[str] = set()  # constants naming built-ins that draw randomness
        self._free_locals: dict[str, frozenset[str]] = {}
        self._reads_state: dict[str, bool] = {}
        self.tables: dict[str, str] = {}  # def -> the constant holding its values by card or seat
        self.slot_up: tuple[int, ...] | None = None  # per zone slot, 1 when its cards lie face up
        self.by_card: dict[str, ByCard] = {}  # the same values, for a def passed to a built-in
        self.loop_weights = LoopWeights(model)  # which loops charge the step's work budget
        self.texts = MoveTexts(model)
        self.inline_calls: list[n.Call] = []  # the calls whose defs are being written in place

    # --- helpers
    def type(self, e) -> T.Type:
        return self.m.types.get(id(e), T.ANY)

    def const(self, value: Any, prefix: str = "K") -> str:
        hashable = isinstance(value, (int, str, bool, Fraction, Span)) or value is None
        key = (prefix, type(value), value) if hashable else (prefix, id(value))
        name = self._const_ids.get(key)
        if name is None:
            name = f"{prefix}{len(self._const_ids)}"
            self._const_ids[key] = name
            self.ns[name] = value
        return name

    def fresh(self) -> str:
        self.temp += 1
        return f"_t{self.temp}"

    def local(self, name: str) -> str:
        if name in self.bound:
            return self.binding(name)
        if self.inlined:
            if name in self.inlined[-1]:
                return self.inlined[-1][name]
        elif name in self.scope:
            return self.scope[name]
        if self.env_mode:
            return f"env[{name!r}]"
        return f"L_{name}"

    def binding(self, var: str) -> str:
        """The Python name of a comprehension variable. In the body of a def inlined n deep it is
        `L_n_var`, a name no rules local has and no argument substituted into that body can
        mention (arguments are written one level further out), so the body never captures them."""
        return f"L_{len(self.inlined)}_{var}" if self.inlined else f"L_{var}"

    def declare(self, name: str) -> str:
        """The Python name of a local that a `let` or a `for` of the current block introduces.
        Rules locals are block-scoped and Python's are not: one that hides a local of an
        enclosing block gets a name of its own (`L_3s_x`, which no rules name can be), so the
        outer one keeps its value after the block."""
        if name in self.scope and name not in self.declared:
            self.temp += 1
            self.scope[name] = f"L_{self.temp}s_{name}"
        else:
            self.scope.setdefault(name, f"L_{name}")
        self.declared.add(name)
        self.scope.pop(name + _SCALED, None)  # a twin belongs to the binding it was made with
        return self.scope[name]

    def span_const(self, span: Span) -> str:
        return self.const(span, "S")

    def function(self, name: str, params: str, body: n.Block, span: Span) -> None:
        w = self.w
        w.line(f"def {name}({params}):", span)
        w.indent += 1
        self.scope = {p[2:]: p for p in re.findall(r"\bL_\w+", params)}
        self.declared = set(self.scope)
        self.reassigned = assigned_names(body)
        start = len(w.lines)
        try:
            self.block(body)
        finally:
            self.scope, self.declared, self.reassigned = {}, set(), set()
        if not ends_in_transfer(body):
            w.line("return False", span)
        w.indent -= 1
        self.drop_unread_fractions(w, start)

    def drop_unread_fractions(self, w: Writer, start: int) -> None:
        """Delete the Fraction of a scaled local that the function never reads (its comparisons
        all read the twin). Lines only: what a helper block holds stays, read or not."""
        unread = [line for writer, line, local in self.materialised
                  if writer is w and line >= start
                  and not any(re.search(rf"\b{local}\b", text) for text in w.lines[line + 1:])]
        for line in sorted(unread, reverse=True):
            del w.lines[line], w.spans[line]
        self.materialised = []

    def move_params(self, mv: n.MoveDecl) -> list[tuple[str, T.Type]]:
        """The move's parameters in order, each with the type of the values it takes."""
        return self.texts.move_params(mv)

    def move(self, i: int, j: int, mv: n.MoveDecl):
        """The body of move j of phase i as a function; returns its text renderers."""
        var_names = [g.var for g in mv.generators]
        params = self.move_params(mv)
        render_args = self.texts.renderer(mv, params)
        names = tuple(var_names)

        def render(st, env):
            return render_args(st, [env[v] for v in names])
        if any(T.innermost(t) in (T.GROUP, T.ITEM, T.ANY) for _, t in params):
            def lazy(args, seen):
                return render_args(rt.SeenGroups(seen), args)
            lazy.names_groups = True
        else:
            def lazy(args):
                return render_args(None, args)
        params_src = "".join(f", L_{v}" for v in var_names)
        self.function(f"p{i}_m{j}_body", f"st, L_me{params_src}", mv.body, mv.span)
        return render, lazy

    def generator(self, i: int, phase: n.Phase, renders: dict) -> None:
        """One function listing every legal move of phase i: each move's parameters bound by
        nested loops, each condition tested as soon as the parameters it reads are bound."""
        w = self.w
        w.line(f"def p{i}_gen(st, L_me):", phase.span)
        w.indent += 1
        w.line("out = []", phase.span)
        w.line("append = out.append", phase.span)
        w.line("_m = {}", phase.span)
        memo_line = len(w.lines) - 1
        saved = self.memo, self.memo_free
        self.memo, self.memo_free = True, frozenset({"st", "L_me", "_m"})
        try:
            self.generator_moves(i, phase, renders)
        finally:
            self.memo, self.memo_free = saved
        w.line("return out", phase.span)
        w.indent -= 1
        self.generator_extents.append((memo_line, len(w.lines)))

    def finish_memo(self) -> None:
        """Keep in `_m` only what a generation may compute more than once; a generator that
        keeps nothing makes no dict."""
        def place(match: re.Match) -> str:
            return "((" if self.memo_uses.get(int(match[1]), 0) == 1 else match[0]

        lines = self.w.lines
        for i, line in enumerate(lines):
            if "_m[" in line:
                lines[i] = _MEMO_PLACE.sub(place, line)
        for memo_line, end in self.generator_extents:
            if not any(_MEMO_USE.search(line) for line in lines[memo_line + 1:end]):
                lines[memo_line] = lines[memo_line].replace("_m = {}", "pass")

    def static_moves(self, j: int, mv: n.MoveDecl, lazy) -> list | None:
        """The moves of a declaration that are the same in every state (no condition, every
        parameter from a constant list or range), made once; None when they are not."""
        if mv.condition is not None or getattr(lazy, "names_groups", False):
            return None
        domains = []
        for g in mv.generators:
            if g.condition is not None or T.element(self.type(g.source)) not in (T.NUMBER, T.SYMBOL, T.PLAYER,
                                                                                   T.CARD, T.BOOL, T.RANK, T.SUIT):
                return None
            try:
                if isinstance(g.source, n.Binary) and g.source.op == "..":
                    low, high = (const_eval(x, self.m.values) for x in (g.source.left, g.source.right))
                    if low.__class__ is not int or high.__class__ is not int:
                        return None
                    domain = list(range(low, high + 1))
                else:
                    domain = const_eval(g.source, self.m.values)
            except NotConstant:
                return None
            if not isinstance(domain, (list, tuple)):
                return None
            domains.append(list(domain))
        count = 1
        for d in domains:
            count *= len(d)
        if count > STATIC_MOVES_LIMIT:
            return None
        return [Move(mv.name, args, j, None, lazy) for args in itertools.product(*domains)]

    def generator_moves(self, i: int, phase: n.Phase, renders: dict) -> None:
        w = self.w
        for j, mv in enumerate(phase.moves):
            render, lazy = renders[(i, j)]
            if any(c is not None and self.known_truth(c) is False
                   for c in [mv.condition] + [g.condition for g in mv.generators]):
                continue  # a move that the parameters rule out (an option turned off): never listed
            static = self.static_moves(j, mv, lazy) if mv.generators else None
            if static is not None:
                w.line(f"out.extend({self.const(static, 'L')})", mv.span)
                continue
            var_names = [g.var for g in mv.generators]
            parts = conjuncts(mv.condition) if mv.condition is not None else []
            placed: set[int] = set()
            start = w.indent
            early = []
            for k, c in enumerate(parts):
                if not (free_names(c) & set(var_names)):
                    if self.known_truth(c) is not True:
                        early.append(f"({self.expr(c)})")
                    placed.add(k)
            if early:
                w.line(f"if {' and '.join(early)}:", mv.span)
                w.indent += 1
            if self.range_of_moves(j, mv, parts, placed, lazy):
                w.indent = start
                continue
            bound: set[str] = set()
            outer, repeating = w, self.repeating
            for depth, g in enumerate(mv.generators):
                if depth and depth % MAX_LOOPS == 0:
                    w = self.generator_helper(var_names[:depth], g.span)
                w.line(f"for L_{g.var} in {self.charged(g, self.loop_source(g.source))}:", g.span)
                w.indent += 1
                self.repeating += 1
                bound.add(g.var)
                tests = [g.condition] if g.condition is not None else []
                for k, c in enumerate(parts):
                    if k not in placed and (free_names(c) & set(var_names)) <= bound:
                        tests.append(c)
                        placed.add(k)
                for t in tests:
                    w.line(f"if not ({self.expr(t)}): continue", t.span)
            args = [f"tuple(L_{var})" if t in _FLAT_LISTS else
                    f"rt.freeze(L_{var})" if t.kind == "list" or t == T.ANY else f"L_{var}"
                    for var, t in self.move_params(mv)]
            args_src = "(" + ", ".join(args) + ("," if len(args) == 1 else "") + ")"
            name_c = self.const(mv.name, "N")
            lazy_c = self.const(lazy, "R")
            # A move over lists (a subset of the table, cards to meld) has too many values to
            # keep one Move per values: made afresh, as its text may read the groups it names.
            over_lists = any(a.startswith(("tuple(", "rt.freeze(")) for a in args)
            if over_lists:
                seen = "rt.groups_seen(st, _a)" if getattr(lazy, "names_groups", False) else "None"
                w.line(f"_a = {args_src}", mv.span)
                w.line(f"append(Move({name_c}, _a, {j}, None, {lazy_c}, {seen}))", mv.span)
            elif getattr(lazy, "names_groups", False):
                # Its text shows the cards of the groups it names, as they are now; a move that
                # names no group reads the same in every state and is made once, as below.
                cache = self.const({}, "C")
                w.line(f"_a = {args_src}", mv.span)
                w.line("_s = rt.groups_seen(st, _a)", mv.span)
                w.line(f"if _s: append(Move({name_c}, _a, {j}, None, {lazy_c}, _s))", mv.span)
                w.line(f"else: append({cache}.get(_a) or rt.interned_move({cache}, _a, {name_c}, {j}, {lazy_c}, _s))",
                       mv.span)
            elif not args:
                w.line(f"append({self.const(Move(mv.name, (), j, None, lazy), 'M')})", mv.span)
            elif len(args) == 1:
                # A move's text depends on its values only: one Move per values, made once; a
                # move of one value is found by that value, with no tuple made to look.
                cache = self.const({}, "C")
                w.line(f"_mv = {cache}.get({args[0]})", mv.span)
                w.line(f"append(_mv if _mv is not None else rt.interned_move({cache}, {args_src}, {name_c}, {j}, "
                       f"{lazy_c}, key={args[0]}))", mv.span)
            else:
                cache = self.const({}, "C")
                w.line(f"_a = {args_src}", mv.span)
                w.line(f"_mv = {cache}.get(_a)", mv.span)
                w.line(f"append(_mv if _mv is not None else rt.interned_move({cache}, _a, {name_c}, {j}, {lazy_c}))",
                       mv.span)
            w = self.w = self.end_generator_helpers(outer)
            w.indent = start
            self.repeating = repeating

    def range_of_moves(self, j: int, mv: n.MoveDecl, parts: list, placed: set[int], lazy) -> bool:
        """The moves of a declaration of one number over a range, none left out (no test): the
        list for each pair of ends is made once and kept (bets, bids, raises of so many), so
        a generation adds it whole. False, and nothing written, for any other shape."""
        if len(mv.generators) != 1 or getattr(lazy, "names_groups", False) or len(placed) != len(parts):
            return False
        g = mv.generators[0]
        if g.condition is not None or not (isinstance(g.source, n.Binary) and g.source.op == ".."):
            return False
        w = self.w
        lists, interned = self.const({}, "C"), self.const({}, "C")
        low, high, moves = self.fresh(), self.fresh(), self.fresh()
        w.line(f"{low}, {high} = {self.expr(g.source.left)}, {self.expr(g.source.right)}", mv.span)
        w.line(f"{moves} = {lists}.get(({low}, {high}))", mv.span)
        w.line(f"if {moves} is None: {moves} = rt.moves_of_range({lists}, {interned}, {low}, {high}, "
               f"{self.span_const(g.source.span)}, {self.const(mv.name, 'N')}, {j}, {self.const(lazy, 'R')})", mv.span)
        w.line(f"out += {moves}", mv.span)
        return True

    def generator_helper(self, bound: list[str], span: Span) -> Writer:
        """The loops of a move's further parameters, in a helper function called where they
        would have begun: `MAX_LOOPS` loops at most in one function."""
        params = ", ".join(["st", "L_me", "_m", "append"] + [f"L_{v}" for v in bound])
        name = self.helper_name()
        self.w.line(f"{name}({params})", span)
        self.w = Writer()
        self.w.line(f"def {name}({params}):", span)
        self.w.indent = 1
        self.generator_helpers.append(self.w)
        return self.w

    def end_generator_helpers(self, outer: Writer) -> Writer:
        for helper in self.generator_helpers:
            self.helpers.lines.extend(helper.lines)
            self.helpers.spans.extend(helper.spans)
        self.generator_helpers = []
        return outer

    # --- expressions: each returns Python source
    def expr(self, e) -> str:
        src = getattr(self, "e_" + type(e).__name__)(e)
        if self.memo and isinstance(e, _WORK) and _COSTLY.search(src) and self.invariant(src):
            k = self.memo_keys.setdefault(src, len(self.memo_keys))
            self.memo_uses[k] = self.memo_uses.get(k, 0) + (2 if self.repeating else 1)
            return f"(_m[{k}] if {k} in _m else _m.setdefault({k}, {src}))"
        if len(src) > 2 * MAX_NESTING and nesting(src) > MAX_NESTING:
            return self.helper_expression(src, e.span)
        return src

    def turn_variable(self, phase: n.Phase) -> int | None:
        """The index of the variable that says whose turn it is, when a phase's `turn` is one."""
        if not isinstance(phase.turn, n.Name):
            return None
        kind, what = self.m.names.get(id(phase.turn), (None, None))
        if kind != "var" or what.owner is not None:
            return None
        return self.var_index[what.name]
    # --- helper functions: what would nest too deep for CPython, written apart
    def helper_name(self) -> str:
        self.temp += 1
        return f"H{self.temp}"

    def helper_expression(self, src: str, span: Span) -> str:
        """A call of a new helper function that returns `src`, given the locals `src` reads."""
        free = free_python_names(ast.parse(src, mode="eval").body)
        params = ", ".join(sorted(name for name in free if _LOCAL.fullmatch(name)))
        name = self.helper_name()
        if free & self.impure:
            self.impure.add(name)
        self.helpers.line(f"def {name}({params}):", span)
        self.helpers.line(f"    return {src}", span)
        return f"{name}({params})"

    def helper_block(self, b: n.Block) -> None:
        """The statements of a block nested too deep, as a helper function called in its place.
        It is given the locals in scope and gives back those it assigns, with whether it
        transferred control."""
        visible = sorted(set(self.scope.values()))
        params = ", ".join(["st"] + visible)
        name = self.helper_name()
        saved = self.w, self.loops, self.transfer
        self.w, self.loops, self.transfer = Writer(), 0, "return True" + _GIVEN_BACK
        try:
            self.w.line(f"def {name}({params}):", b.span)
            self.w.indent = 1
            self.block_statements(b)
            self.w.line("return False" + _GIVEN_BACK, b.span)
            helper = self.w
        finally:
            self.w, self.loops, self.transfer = saved
        tree = ast.parse("\n".join(helper.lines).replace(_GIVEN_BACK, ""))
        assigned = {x.id for x in ast.walk(tree) if isinstance(x, ast.Name) and isinstance(x.ctx, ast.Store)}
        given_back = [v for v in visible if v in assigned]
        tail = "".join(", " + v for v in given_back)
        self.helpers.lines.extend(line.replace(_GIVEN_BACK, tail) for line in helper.lines)
        self.helpers.spans.extend(helper.spans)
        if given_back:
            flag = self.fresh()
            self.w.line(f"{flag}{tail} = {name}({params})", b.span)
            self.w.line(f"if {flag}: {self.transfer}", b.span)
        else:
            self.w.line(f"if {name}({params}): {self.transfer}", b.span)

    def flush_helpers(self) -> None:
        """Write the helper functions after the rest of the module."""
        self.w.lines.extend(self.helpers.lines)
        self.w.spans.extend(self.helpers.spans)
        self.helpers = Writer()

    # --- computed once per legal-move generation
    def invariant(self, src: str) -> bool:
        """Whether generated source reads only what a generation holds fixed: the state, the
        player to move and values already kept, and draws no randomness."""
        free = self._free_locals.get(src)
        if free is None:
            free = self._free_locals[src] = frozenset(free_python_names(ast.parse(src, mode="eval").body))
        return all(name in self.memo_free for name in free if _LOCAL.fullmatch(name)) and not (free & self.impure)

    def memo_function(self, name: str) -> str:
        if name not in self.memo_defs:
            self.memo_defs.add(name)
            self.memo_wanted.append(name)
        return f"g_{name}"

    def memo_functions(self) -> None:
        """The `g_` twins of the defs that generation calls: the same body, sharing `_m`."""
        saved = self.memo, self.memo_free
        self.memo, self.memo_free = True, frozenset({"st", "_m"})
        self.repeating += 1  # a def may be called many times in one generation
        try:
            while self.memo_wanted:
                d = self.m.defs[self.memo_wanted.pop()]
                params = "".join(f", L_{p.name}" for p in d.params)
                self.w.line(f"def g_{d.name}(st, _m{params}):", d.span)
                self.w.indent += 1
                self.w.line(f"return {self.expr(d.body)}", d.span)
                self.w.indent -= 1
        finally:
            self.memo, self.memo_free = saved
            self.repeating -= 1

    # --- defs tabulated by card or by seat
    def def_reads_state(self, name: str) -> bool:
        """Whether a def's value may depend on the state, not only on its arguments, the
        parameters, the deck and the seats."""
        known = self._reads_state.get(name)
        if known is None:
            self._reads_state[name] = True  # the language has no recursion; this guards anyway
            known = self._reads_state[name] = self.reads_state(self.m.defs[name].body)
        return known

    def reads_state(self, e) -> bool:
        for x in n.walk(e):
            if isinstance(x, n.Attr):
                return True  # a group's field
            if isinstance(x, n.Name):
                kind = self.m.names.get(id(x), ("local",))[0]
                if kind in ("var", "zone"):
                    return True
                if kind in ("def", "func") and x.id in self.m.defs and self.def_reads_state(x.id):
                    return True
            elif isinstance(x, n.Call):
                f = x.func
                if f in self.m.defs:
                    if self.def_reads_state(f):
                        return True
                elif f not in self.deck.attrs:
                    b = REGISTRY[f]
                    if b.reads_state or not b.deterministic:
                        return True
        return False

    def table_of(self, name: str) -> str | None:
        """For a def of one card or one seat that reads no state: the constant that will hold
        its value for every card or seat (filled by :meth:`fill_tables`), so a call is an index."""
        table = self.tables.get(name)
        if table is None:
            d = self.m.defs[name]
            if len(d.params) != 1 or self.type(d.params[0].type) not in (T.CARD, T.PLAYER):
                return None
            if self.def_reads_state(name):
                return None
            table = self.tables[name] = f"T_{name}"
            self.ns[table] = []
            self.by_card[name] = ByCard(self.ns[table])
        return table

    def fill_tables(self, probe) -> None:
        """Compute the tabulated defs on `probe`, a state whose cards and variables they never
        read. A def that fails for some value is called at each use instead, and fails there."""
        for name, table in self.tables.items():
            fn = self.ns[f"d_{name}"]
            kind = self.type(self.m.defs[name].params[0].type)
            domain = range(self.ncards) if kind == T.CARD else range(self.m.player_count)
            try:
                self.ns[table][:] = [fn(probe, x) for x in domain]
            except Exception:
                self.ns[table] = _CalledTable(fn, probe)
                self.by_card[name].fn, self.by_card[name].probe = fn, probe

    def e_Num(self, e):
        return repr(e.value) if isinstance(e.value, int) else self.const(e.value)

    def e_Const(self, e):
        return repr(e.value)

    def e_Str(self, e):
        return repr(e.text)

    def e_Name(self, e):
        kind, what = self.m.names.get(id(e), ("local", e.id))
        if kind == "local":
            return self.local(e.id)
        if kind == "var":
            return f"st.vars[{self.var_index[what.name]}]"
        if kind == "param":
            value = self.m.values[what]
            if isinstance(value, tuple):
                value = list(value)
            return repr(value) if isinstance(value, (int, str, bool)) else self.const(value)
        if kind == "zone":
            return str(what.base)
        if kind == "const":
            m = self.m
            if what == "players":
                return self.const(list(range(m.player_count)))
            if what == "teams":
                return self.const(list(range(len(set(m.team_of)))))
            if what == "suits":
                return self.const(list(self.deck.suits))
            if what == "ranks":
                return self.const(list(self.deck.ranks))
            return str(m.player_count)
        if kind == "order":
            return self.const(self.deck.orders[what])
        if kind == "symbol":
            return repr(e.id)
        if kind == "def":
            try:
                value = const_eval(self.m.defs[e.id].body, self.m.values)
            except NotConstant:
                if len(self.inlined) < 4:
                    # A def of no parameters is its body, written in place: no call.
                    self.inlined.append({})
                    saved, self.bound = self.bound, []
                    try:
                        return f"({self.expr(self.m.defs[e.id].body)})"
                    finally:
                        self.bound = saved
                        self.inlined.pop()
                return f"d_{e.id}(st)"
            return repr(value) if isinstance(value, (int, bool, str)) else self.const(value)
        if kind == "func":
            return self.func_ref(e.id)
        raise AssertionError(kind)

    def folded(self, e) -> str | None:
        return folded(self.m, e)

    def known_truth(self, e) -> bool | None:
        return known_truth(self.m, e)

    def e_Unary(self, e):
        if e.op == "not":
            known = self.known_truth(e)
            if known is not None:
                return repr(known)
            return f"(not {self.expr(e.operand)})"
        folded = self.folded(e)
        return folded if folded is not None else f"(-{self.expr(e.operand)})"

    def e_Cond(self, e):
        known = self.known_truth(e.test)
        if known is not None:
            return self.expr(e.then if known else e.otherwise)
        return f"({self.expr(e.then)} if {self.expr(e.test)} else {self.expr(e.otherwise)})"

    def e_Binary(self, e):
        folded = self.folded(e)
        if folded is not None:
            return folded
        op = e.op
        if op in ("and", "or"):  # truth values only (the checker sees to it)
            # A known left side decides or hands over; a known right side only drops out, so
            # that the left is still evaluated (and fails) as it would be.
            left, right = self.known_truth(e.left), self.known_truth(e.right)
            if left is not None:
                return self.expr(e.right) if left == (op == "and") else repr(left)
            if right is not None and right == (op == "and"):
                return self.expr(e.left)
        if op in ("in", "not in"):
            return f"({self.expr(e.left)} {op} {self.iterable(e.right)})"
        a, b = self.expr(e.left), self.expr(e.right)
        lt, rt_ = self.type(e.left), self.type(e.right)
        if op in ("==", "!=", "<", "<=", ">", ">="):
            compared = self.scaled_comparison(e)
            if compared is not None:
                return compared
        if op in ("and", "or", "==", "!="):
            return f"({a} {op} {b})"
        if op in ("<", "<=", ">", ">="):
            if lt.kind == "list" or rt_.kind == "list":
                return f"(list({a}) {op} list({b}))"
            return f"({a} {op} {b})"
        if op == "..":
            return f"rt.inclusive_range({a}, {b}, {self.span_const(e.span)})"
        if lt.kind == "list" or rt_.kind == "list":
            if op == "+":
                return f"rt.joined({a}, {b}, {self.span_const(e.span)})"
            if op == "-":
                return f"rt.difference({a}, {b})"
        if op == "*" and not (_NUMERAL.fullmatch(a) and _NUMERAL.fullmatch(b)):
            return f"rt.product({a}, {b})"
        if op in ("+", "-", "*"):
            return f"({a} {op} {b})"
        return f"rt.divide({a}, {b}, {op!r}, {self.span_const(e.span)})"

    def e_ListLit(self, e):
        return "[" + ", ".join(self.expr(i) for i in e.items) + "]"

    def charged(self, loop, source: str) -> str:
        """`source`, the items `loop` goes through, charged to the step's work budget when
        the loop may be long (see cardrules.engine.work)."""
        weight = self.loop_weights.weight(loop, tuple(self.inline_calls))
        return source if weight is None else f"rt.charged(st, {source}, {weight})"

    def comprehension(self, var: str, iterable, condition, element, loop=None) -> tuple[str, str, str]:
        """The parts of a comprehension; `loop`, the node it comes from, charges the budget."""
        source = self.iterable(iterable)
        if loop is not None:
            source = self.charged(loop, source)
        self.bound.append(var)
        self.repeating += 1
        try:
            elem = self.expr(element) if element is not None else self.binding(var)
            cond = f" if {self.expr(condition)}" if condition is not None else ""
        finally:
            self.bound.pop()
            self.repeating -= 1
        return elem, f"for {self.binding(var)} in {source}{cond}", source

    def e_ListComp(self, e):
        elem, loop, _ = self.comprehension(e.var, e.iterable, e.condition, e.element, e)
        return f"[{elem} {loop}]"

    def e_MapLit(self, e):
        try:
            table = {const_eval(k, {}): const_eval(v, {}) for k, v in e.entries}
            return self.const(table)
        except NotConstant:
            return "{" + ", ".join(f"{self.expr(k)}: {self.expr(v)}" for k, v in e.entries) + "}"

    def e_Index(self, e):
        obj_t = self.type(e.obj)
        index = self.expr(e.index)
        if obj_t.kind == "per":
            owner = obj_t.owner
            idx_t = self.type(e.index)
            if owner == "team" and T.assignable(idx_t, T.PLAYER) and idx_t != T.TEAM:
                index = f"{self.const(self.m.team_of)}[{index}]"
            kind, what = self.m.names.get(id(e.obj), (None, None))
            if kind == "zone":
                return f"({what.base} + {index})"
            return f"st.vars[{self.var_index[what.name]}][{index}]"
        if obj_t in (T.ZONE, T.GZONE):
            return f"rt.lookup({self.iterable(e.obj)}, {index}, {self.span_const(e.span)})"
        return f"rt.lookup({self.expr(e.obj)}, {index}, {self.span_const(e.span)})"

    def e_LetIn(self, e):
        # A lambda binds the name for the body alone, and the value is computed once.
        value = self.expr(e.value)
        self.bound.append(e.name)
        try:
            body = self.expr(e.body)
            name = self.binding(e.name)
        finally:
            self.bound.pop()
        return f"(lambda {name}: {body})({value})"

    def e_Attr(self, e):
        return f"st.groups[{self.expr(e.obj)}][{e.name!r}]"

    def e_Aggregate(self, e):
        func = e.func
        elem, loop, source = self.comprehension(e.var, e.iterable, e.condition, e.element, e)
        if func == "first" and e.condition is None and elem == self.binding(e.var):
            return f"next(iter({source}), None)"  # the first element itself: no generator made
        if func == "sum":
            scaled = self.scaled_attribute(e)
            if scaled is not None:
                table, denominator = scaled
                return f"Fraction({self.table_sum(table, e, loop, source)}, {denominator})"
            looked_up = _TABLE_LOOKUP.fullmatch(elem)
            if looked_up and e.condition is None and looked_up.group(2) == self.binding(e.var):
                return self.table_sum(looked_up.group(1), e, loop, source)
            return f"sum({elem} {loop})"
        if func == "count":
            return f"sum(1 {loop} if ({elem}) is not False and ({elem}) is not None)"
        if func in ("any", "all"):
            mapped = self.mapped_test(func, elem, e, source)
            return mapped if mapped is not None else f"{func}({elem} {loop})"
        if func in ("max", "min"):
            return f"{func}(({elem} {loop}), default=None)"
        if func == "first":
            return f"next(({elem} {loop}), None)"
        pair = f"[({self.binding(e.var)}, {elem}) {loop}]"
        return f"rt.extreme({pair}, {1 if func == 'most' else -1})"

    def mapped_test(self, func: str, elem: str, e: n.Aggregate, source: str) -> str | None:
        """`any`/`all` of a table's values, `any` of a table's value equal to a plain value or
        in a constant list, over a list with no test: the look-ups and tests mapped in C (the
        answers are the same, the tests run in the same order and stop at the same element)."""
        if e.condition is not None:
            return None
        var = self.binding(e.var)
        looked_up = _TABLE_LOOKUP.fullmatch(elem)
        if looked_up and looked_up.group(2) == var:
            return f"{func}(map({looked_up.group(1)}.__getitem__, {source}))"
        compared = _TABLE_TEST.fullmatch(elem)
        if func != "any" or not compared or compared.group(2) != var or compared.group(4) == var:
            return None
        values = f"map({compared.group(1)}.__getitem__, {source})"
        if compared.group(3) == "==":
            return f"({compared.group(4)} in {values})"
        if _CONSTANT_NAME.fullmatch(compared.group(4)):
            return f"any(map({compared.group(4)}.__contains__, {values}))"
        return None

    def table_sum(self, table: str, e: n.Aggregate, loop: str, source: str) -> str:
        """`sum(table[x] for x in xs)`: with no test, the look-ups are mapped, with no
        generator stepped in Python (a hand's total is asked at every card drawn)."""
        if e.condition is None:
            return f"sum(map({table}.__getitem__, {source}))"
        return f"sum({table}[{self.binding(e.var)}] {loop})"

    def scaled_attribute(self, e: n.Aggregate):
        """For `sum(attr(x) for x in ...)` over an attribute with fractions: the attribute as
        whole multiples of the common denominator, so the sum runs on ints (exact, and fast)."""
        el = e.element
        if not (isinstance(el, n.Call) and el.func in self.deck.attrs and len(el.args) == 1
                and isinstance(el.args[0], n.Name) and el.args[0].id == e.var):
            return None
        values = self.deck.attrs[el.func]
        denominator = 1
        for v in values:
            if isinstance(v, Fraction):
                denominator = denominator * v.denominator // _gcd(denominator, v.denominator)
        if denominator == 1:
            return None
        key = ("scaled", el.func)
        if key not in self._const_ids:
            self._const_ids[key] = self.const([int(v * denominator) for v in values], "K")
        return self._const_ids[key], denominator

    def scaled_sum(self, e) -> tuple[str, int] | None:
        """Source of a sum of a fractional attribute as whole multiples of its denominator, with
        the denominator; through inlinable defs too. None when `e` is not such a sum."""
        if isinstance(e, n.Name):
            twin = self.scope.get(e.id + _SCALED)
            if twin is None or self.inlined or e.id in self.bound:
                return None
            return twin, self.denominators[twin]
        if isinstance(e, n.Aggregate) and e.func == "sum":
            scaled = self.scaled_attribute(e)
            if scaled is None:
                return None
            table, denominator = scaled
            _, loop, source = self.comprehension(e.var, e.iterable, e.condition, None, e)
            return self.table_sum(table, e, loop, source), denominator
        if isinstance(e, n.Call) and e.func in self.m.defs:
            d = self.m.defs[e.func]
            params = [self.type(p.type) for p in d.params]
            args = [self.argument(a, t) for a, t in zip(e.args, params)]
            if not (self.inline and all(_IDENTIFIER.fullmatch(a) or _SIMPLE.fullmatch(a) for a in args)
                    and len(self.inlined) < 4):
                return None
            self.inlined.append({p.name: a for p, a in zip(d.params, args)})
            self.inline_calls.append(e)
            saved, self.bound = self.bound, []
            try:
                return self.scaled_sum(d.body)
            finally:
                self.bound = saved
                self.inlined.pop()
                self.inline_calls.pop()
        return None

    def constant_number(self, e):
        return constant_number(self.m, e)

    def scaled_comparison(self, e: n.Binary) -> str | None:
        """`sum(half-point values) > 7.5` compares whole multiples of the half: no Fraction is
        built on the hot path, and the answer is the same. So do two such sums (or locals
        holding one) of the same denominator."""
        left = self.scaled_sum(e.left)
        if left is not None:
            right = self.scaled_sum(e.right)
            if right is not None and right[1] == left[1]:
                return f"({left[0]} {e.op} {right[0]})"
        for scaled_side, constant_side, op in ((e.left, e.right, e.op), (e.right, e.left, _FLIPPED[e.op])):
            value = self.constant_number(constant_side)
            if value is None:
                continue
            scaled = self.scaled_sum(scaled_side)
            if scaled is None:
                continue
            source, denominator = scaled
            multiple = value * denominator
            if isinstance(multiple, Fraction) and multiple.denominator != 1:
                continue
            return f"({source} {op} {int(multiple)})"
        return None

    def e_Call(self, e):
        f = e.func
        if f in self.m.defs:
            table = self.table_of(f)
            if table is not None:
                return f"{table}[{self.expr(e.args[0])}]"
            d = self.m.defs[f]
            params = [self.type(p.type) for p in d.params]
            args = [self.argument(a, t) for a, t in zip(e.args, params)]
            if self.inline and all(_IDENTIFIER.fullmatch(a) or _SIMPLE.fullmatch(a) for a in args) and len(self.inlined) < 4:
                # A call with plain arguments is inlined: the def's body, its parameters replaced.
                self.inlined.append({p.name: a for p, a in zip(d.params, args)})
                self.inline_calls.append(e)
                saved, self.bound = self.bound, []
                try:
                    return f"({self.expr(d.body)})"
                finally:
                    self.bound = saved
                    self.inlined.pop()
                    self.inline_calls.pop()
            if self.memo:
                return f"{self.memo_function(f)}(st, _m{''.join(', ' + a for a in args)})"
            return f"d_{f}(st{''.join(', ' + a for a in args)})"
        if f in self.deck.attrs:
            return f"{self.const(self.deck.attrs[f])}[{self.expr(e.args[0])}]"
        b = REGISTRY[f]
        args = [self.argument(a, t) for a, t in zip(e.args, b.params)]
        args = [f"rt.charged(st, {src}, 1)" if self.loop_weights.charges_argument(f, a, tuple(self.inline_calls))
                else src
                for a, src in zip(e.args, args)]
        if b.inline is not None:
            n_players = self.m.player_count
            seats = self.const([[(p + i) % n_players for i in range(n_players)] for p in range(n_players)], "K") \
                if "{seats}" in b.inline else None
            return b.inline.format(*args, n=n_players, deck=self.const(self.deck, "D"), size=self.ncards, seats=seats)
        impl = self.const(b.impl, "B")
        if not b.deterministic:
            self.impure.add(impl)
        return f"{impl}(st{''.join(', ' + a for a in args)})"

    def argument(self, a, param_type: T.Type) -> str:
        if T.zone_as_list(self.type(a), param_type):
            return self.iterable(a)
        if param_type == T.FUNC:
            return self.func_ref(a.id)
        if param_type == T.COLLECTION:
            return self.iterable(a)
        return self.expr(a)

    def func_ref(self, name: str) -> str:
        if name in self.deck.attrs:
            return self.const(ByCard(list(self.deck.attrs[name])), "F")
        if name in self.m.defs and self.table_of(name) is not None:
            return self.const(self.by_card[name], "F")
        if name in ("rank", "suit", "name"):
            return self.const(REGISTRY[name].impl, "B")
        return f"d_{name}"

    def loop_source(self, e) -> str:
        """What a `for` statement of generated code iterates: a range of whole numbers is a
        Python range when its ends are ints, checked as `lazy_range` checks it otherwise."""
        if isinstance(e, n.Binary) and e.op == "..":
            a, b = self.expr(e.left), self.expr(e.right)
            low, high = self.fresh(), self.fresh()
            return (f"(range({low}, {high} + 1) if ({low} := {a}, {high} := {b}) and {low}.__class__ is int "
                    f"and {high}.__class__ is int and {high} - {low} < {MAX_RANGE} "
                    f"else rt.lazy_range({low}, {high}, {self.span_const(e.span)}))")
        return self.iterable(e)

    def iterable(self, e) -> str:
        """Source for an expression used as a collection: a zone or group gives its contents."""
        if isinstance(e, n.Binary) and e.op == "..":
            # Iterated directly: a lazy range, still bounded so no rules file can loop for ever.
            a, b = self.expr(e.left), self.expr(e.right)
            return f"rt.lazy_range({a}, {b}, {self.span_const(e.span)})"
        src = self.expr(e)
        t = self.type(e)
        if t in (T.ZONE, T.GZONE):
            return f"st.zones[{src}]"
        if t == T.GROUP:
            return f"st.groups[{src}]['cards']"
        if t.kind in ("list", "map"):
            return src
        return f"rt.collection(st, {src})"

    # --- statements
    def block(self, b: n.Block) -> None:
        if b.statements and (self.w.indent > MAX_INDENT or self.loops > MAX_LOOPS):
            self.helper_block(b)
        else:
            self.block_statements(b)

    def block_statements(self, b: n.Block) -> None:
        if not b.statements:
            self.w.line("pass", b.span)
        saved = dict(self.scope), self.declared
        self.declared = set()
        try:
            for s in b.statements:
                getattr(self, "s_" + type(s).__name__)(s)
        finally:
            self.scope, self.declared = saved

    def s_Assign(self, s):
        w = self.w
        value = self.expr(s.value)
        target = s.target
        if isinstance(target, n.Name):
            kind, what = self.m.names.get(id(target), ("local", target.id))
            place = self.local(target.id) if kind == "local" else f"st.vars[{self.var_index[what.name]}]"
        elif isinstance(target, n.Index):
            what = self.m.names[id(target.obj)][1]
            index = self.expr(target.index)
            if what.owner == "team" and self.type(target.index) == T.PLAYER:
                index = f"{self.const(self.m.team_of)}[{index}]"
            if not _IDENTIFIER.fullmatch(index):
                # Evaluated once: `x[i] += v` must not compute i twice.
                key = self.fresh()
                w.line(f"{key} = {index}", s.span)
                index = key
            place = f"st.vars[{self.var_index[what.name]}][{index}]"
        else:
            obj = self.fresh()
            w.line(f"{obj} = st.groups[{self.expr(target.obj)}]", s.span)
            place = f"{obj}[{target.name!r}]"
        if s.op == "=":
            w.line(f"{place} = {value}", s.span)
        else:
            w.line(f"{place} = {place} {s.op[0]} {value}", s.span)

    def s_Let(self, s):
        scaled = self.scaled_sum(s.value) if s.name not in self.reassigned else None
        if scaled is None:
            value = self.expr(s.value)
            self.w.line(f"{self.declare(s.name)} = {value}", s.span)
            return
        # A sum of a fractional attribute keeps a twin in whole multiples of the denominator,
        # which comparisons read (see scaled_sum); the local itself is the same Fraction.
        source, denominator = scaled
        self.temp += 1
        twin = f"L_{self.temp}d_{s.name}"
        self.w.line(f"{twin} = {source}", s.span)
        local = self.declare(s.name)
        self.w.line(f"{local} = Fraction({twin}, {denominator})", s.span)
        self.materialised.append((self.w, len(self.w.lines) - 1, local))
        self.scope[s.name + _SCALED] = twin  # in scope, so that a helper block is given it too
        self.denominators[twin] = denominator

    def items(self, e) -> str:
        """Source for what a statement acts on, as a fresh list (the statement may move it)."""
        t = self.type(e)
        if t in (T.CARD, T.GROUP, T.ITEM):
            return f"[{self.expr(e)}]"
        return f"list({self.iterable(e)})"

    @staticmethod
    def face(face: str | None) -> str:
        return "None" if face is None else ("1" if face == "up" else "0")

    def face_of(self, face: str | None, slot: str) -> str:
        """The face a card lands with on zone slot `slot`: as the statement says, else as the zone lies."""
        if face is not None:
            return self.face(face)
        if self.slot_up is None:
            self.slot_up = tuple(1 if z.face == "up" else 0 for z in self.m.zones.values() for _ in range(z.count))
        if slot.isdigit():
            return str(self.slot_up[int(slot)])
        return f"{self.const(self.slot_up, 'K')}[{slot}]"

    def s_MoveCards(self, s):
        dest_t = self.type(s.dest)
        if self.type(s.what) == T.CARD and dest_t in (T.ZONE, T.GZONE):
            # One card to a zone, the commonest move: no list, no dispatch on the destination.
            # Written out as State.take and State.put do it for a card in a zone.
            w = self.w
            card, where = self.fresh(), self.fresh()
            w.line(f"{card} = {self.expr(s.what)}", s.span)
            w.line(f"if {card} is None: rt.move_items(st, [None], 0, False, None, {self.span_const(s.span)})", s.span)
            w.line(f"{where} = st.loc[{card}]", s.span)
            w.line(f"if {where} >= 0: st.zones[{where}].remove({card})", s.span)
            w.line(f"else: st.take({card})", s.span)
            dest = self.expr(s.dest)  # after the card is taken, as `put` would read it
            if not dest.isdigit():
                slot = self.fresh()
                w.line(f"{slot} = {dest}", s.span)
                dest = slot
            w.line(f"st.zones[{dest}].append({card})", s.span)
            w.line(f"st.loc[{card}] = {dest}", s.span)
            w.line(f"st.face[{card}] = {self.face_of(s.face, dest)}", s.span)
            w.line(f"st.known[{card}] = 0", s.span)
            return
        if self.type(s.what) == T.ZONE and dest_t == T.ZONE:
            # A whole zone of cards to another: the cards in one go.
            self.w.line(f"rt.move_zone(st, {self.expr(s.what)}, {self.expr(s.dest)}, {self.face(s.face)}, "
                        f"{self.span_const(s.span)})", s.span)
            return
        to_group = "True" if dest_t == T.GROUP else "False" if dest_t in (T.ZONE, T.GZONE) else "None"
        self.w.line(f"rt.move_items(st, {self.items(s.what)}, {self.expr(s.dest)}, {to_group}, "
                    f"{self.face(s.face)}, {self.span_const(s.span)})", s.span)

    def s_Deal(self, s):
        w = self.w
        count = s.count.value if isinstance(s.count, n.Num) else None
        if count.__class__ is int and 1 <= count <= DEAL_WRITTEN_OUT and self.type(s.source) == T.ZONE:
            # A few cards from a zone of cards (no groups), the commonest deals: written out,
            # card by card, without the calls of the general case (which reports a source
            # holding too few).
            source, dest, card = self.fresh(), self.fresh(), self.fresh()
            w.line(f"{source} = st.zones[{self.expr(s.source)}]", s.span)
            w.line(f"if len({source}) < {count}: rt.deal(st, {count}, {self.expr(s.source)}, 0, None, "
                   f"{self.span_const(s.span)})", s.span)
            w.line(f"{dest} = {self.expr(s.dest)}", s.span)
            for _ in range(count):
                w.line(f"{card} = {source}.pop()", s.span)
                w.line(f"st.zones[{dest}].append({card})", s.span)
                w.line(f"st.loc[{card}] = {dest}", s.span)
                w.line(f"st.face[{card}] = {self.face_of(s.face, dest)}", s.span)
                w.line(f"st.known[{card}] = 0", s.span)
            return
        w.line(f"rt.deal(st, {self.expr(s.count)}, {self.expr(s.source)}, {self.expr(s.dest)}, "
               f"{self.face(s.face)}, {self.span_const(s.span)})", s.span)

    def s_Shuffle(self, s):
        self.w.line(f"rt.shuffle(st.rng(), st.zones[{self.expr(s.zone)}])", s.span)

    def s_Flip(self, s):
        self.w.line(f"rt.flip(st, {self.items(s.what)}, {1 if s.face == 'up' else 0})", s.span)

    def s_Reveal(self, s):
        self.w.line(f"rt.reveal(st, {self.items(s.what)}, {self.expr(s.to)})", s.span)

    def s_MakeGroup(self, s):
        declared: dict[str, Any] = {}
        for z in self.m.zones.values():
            for name, t in z.fields.items():
                declared.setdefault(name, T.default_value(t))
        fields = "{" + ", ".join(f"{name!r}: {self.expr(v)}" for name, v in s.fields) + "}"
        self.w.line(f"rt.make_group(st, {self.items(s.cards)}, {self.expr(s.zone)}, {fields}, "
                    f"{self.const(declared)})", s.span)

    def s_If(self, s):
        """A branch that compiling rules out is not written; one it makes sure of is the last."""
        w = self.w
        written = 0
        otherwise = s.otherwise
        for test, body in s.branches:
            known = self.known_truth(test)
            if known is False:
                continue
            if known is True:
                otherwise = body
                break
            w.line(f"{'elif' if written else 'if'} {self.expr(test)}:", test.span)
            written += 1
            w.indent += 1
            self.block(body)
            w.indent -= 1
        if otherwise is not None:
            if written:
                w.line("else:", s.span)
                w.indent += 1
            self.block(otherwise)
            if written:
                w.indent -= 1

    def s_For(self, s):
        w = self.w
        if s.condition is None:
            # A copy, so that a body moving cards cannot change what the loop visits; unless the
            # list is made afresh here or is a constant of the compiled rules.
            source = self.iterable(s.iterable)
            if not _fresh_or_constant(source):
                source = f"list({source})"
            source = self.charged(s, source)
        else:
            # The filter is read once, before the loop: a body that moves cards cannot make
            # the loop skip or revisit any (docs/language.md, "Statements").
            elem, loop, _ = self.comprehension(s.var, s.iterable, s.condition, None, s)
            source = f"[{elem} {loop}]"
        saved = dict(self.scope), self.declared
        self.declared = set()
        try:
            w.line(f"for {self.declare(s.var)} in {source}:", s.span)
            w.indent += 1
            self.loops += 1
            self.block(s.body)
            self.loops -= 1
            w.indent -= 1
        finally:
            self.scope, self.declared = saved

    def s_Repeat(self, s):
        w = self.w
        w.line(f"for _ in range({const_eval(s.bound, self.m.values)}):", s.span)
        w.indent += 1
        w.line(f"if not ({self.expr(s.condition)}): break", s.condition.span)
        weight = self.loop_weights.weight(s)
        if weight is not None:
            w.line(f"rt.charged_round(st, {weight})", s.span)
        self.block(s.body)
        w.indent -= 1

    def s_Goto(self, s):
        self.w.line(f"st.phase = {self.phase_index[s.phase]}", s.span)
        self.w.line(self.transfer, s.span)

    def s_EndGame(self, s):
        self.w.line("st.over = True", s.span)
        self.w.line(self.transfer, s.span)

    def s_CallAction(self, s):
        params = [self.type(p.type) for p in self.m.actions[s.name].params]
        # A zone given for a list is the list of what it holds when the action is called.
        args = [f"list({self.iterable(a)})" if T.zone_as_list(self.type(a), t) else self.expr(a)
                for a, t in zip(s.args, params)]
        self.w.line(f"if a_{s.name}(st{''.join(', ' + a for a in args)}): {self.transfer}", s.span)

    # --- env mode, for explain
    def env_function(self, e, as_collection: bool = False) -> Callable:
        """Compile one expression to f(state, env), reading the rules' locals from env."""
        assert self.env_mode
        source = self.iterable(e) if as_collection else self.expr(e)
        self.env_mode = False
        defs = [f"def d_{name}(st{''.join(', L_' + p.name for p in d.params)}):\n"
                f"    return {self.expr(d.body)}" for name, d in self.m.defs.items()]
        self.env_mode = True
        namespace = dict(self.ns)
        helpers = "\n".join(self.helpers.lines)
        exec(compile("\n".join(defs) + f"\n{helpers}\ndef f(st, env):\n    return {source}\n", "<explain>", "exec"),
             namespace)
        return namespace["f"]


def nesting(src: str) -> int:
    """How deep brackets nest in generated source (whose only strings are reprs)."""
    depth = deepest = 0
    # Only the brackets and the strings (skipped whole) are looked at, not every character:
    # this runs on every expression a game compiles.
    for token in _BRACKET_OR_STRING.findall(src):
        if token in "([{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in ")]}":
            depth -= 1
    return deepest


_BRACKET_OR_STRING = re.compile(r"[()\[\]{}]|'(?:[^'\\]|\\.)*'|" r'"(?:[^"\\]|\\.)*"', re.DOTALL)


def conjuncts(e) -> list:
    if isinstance(e, n.Binary) and e.op == "and":
        return conjuncts(e.left) + conjuncts(e.right)
    return [e]


def ends_in_transfer(body: n.Block) -> bool:
    """Whether the block's last statement, written at its own level, always transfers control
    (`goto`, `end game`): nothing after it in the function can run."""
    return bool(body.statements) and isinstance(body.statements[-1], (n.Goto, n.EndGame))


def assigned_names(e) -> set[str]:
    """The names a block's assignment statements assign to (`x = ...`, `x += ...`)."""
    return {x.target.id for x in n.walk(e) if isinstance(x, n.Assign) and isinstance(x.target, n.Name)}


def free_names(e) -> set[str]:
    """Names an expression mentions (an over-approximation of the locals it reads)."""
    return {x.id for x in n.walk(e) if isinstance(x, n.Name)}


def _fresh_or_constant(source: str) -> bool:
    """Whether Python source is, as a whole, a list made afresh (`list(...)`, a range) or a
    constant of the compiled module (which nothing changes)."""
    if _CONSTANT_NAME.fullmatch(source):
        return True
    try:
        tree = ast.parse(source, mode="eval").body
    except SyntaxError:
        return False
    if not isinstance(tree, ast.Call):
        return False
    f = tree.func
    return (isinstance(f, ast.Name) and f.id in ("list", "range")) or \
        (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "rt" and f.attr == "lazy_range")


_CONSTANT_NAME = re.compile(r"K[0-9]+")
# A look-up in a constant table (an attribute, a tabulated def) by a name: `K3[L_c]`.
_TABLE_LOOKUP = re.compile(r"(K[0-9]+|T_[A-Za-z0-9_]+)\[(L_[A-Za-z0-9_]+)\]")
# A test of such a look-up (of a deck's table too): `(D0.rank_of[L_c] == '10')`, `(K3[L_c] in K7)`.
_TABLE_TEST = re.compile(r"\((K[0-9]+|T_[A-Za-z0-9_]+|D[0-9]+\.[a-z_]+)\[(L_[A-Za-z0-9_]+)\] (==|in) "
                         r"('[A-Za-z0-9_ ]*'|-?[0-9]+|L_[A-Za-z0-9_]+|K[0-9]+)\)")


def free_python_names(node: ast.AST, bound: frozenset[str] = frozenset()) -> set[str]:
    """The names a Python expression reads that it does not bind itself (in comprehensions)."""
    if isinstance(node, ast.Name):
        return set() if node.id in bound else {node.id}
    if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
        out: set[str] = set()
        inner = set(bound)
        for g in node.generators:
            out |= free_python_names(g.iter, frozenset(inner))
            inner |= {t.id for t in ast.walk(g.target) if isinstance(t, ast.Name)}
            for test in g.ifs:
                out |= free_python_names(test, frozenset(inner))
        parts = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
        for part in parts:
            out |= free_python_names(part, frozenset(inner))
        return out
    out = set()
    for child in ast.iter_child_nodes(node):
        out |= free_python_names(child, bound)
    return out


class _CalledTable:
    """Stands for the table of a def that failed for some value when tabulated: each use
    calls the def, so the failure is reported where the rules use it."""

    def __init__(self, fn, probe):
        self.fn, self.probe = fn, probe

    def __getitem__(self, x):
        return self.fn(self.probe, x)
