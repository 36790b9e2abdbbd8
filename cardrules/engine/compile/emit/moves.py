"""Moves to Python: each move's body, and per phase the generator listing its legal moves.

A generator binds each move's parameters by nested loops and tests each condition as soon as
the parameters it reads are bound; the values it may compute more than once go to the memo
table (see memo.py). Moves that are the same in every state are made once when compiling.
"""

from __future__ import annotations

import itertools
from typing import Any

from ....language import nodes as n
from ....language import types as T
from ....language.folding import NotConstant, const_eval
from ... import primitives as rt
from ...move_text import MoveTexts
from ...primitives import Move
from ..code import code
from ..limits import MAX_LOOPS
from ..passes.shared import RandomDraws
from .context import Emission, Writer
from .expressions import Expressions
from .statements import Statements

MEMO_DICT = "    _m = {}"  # a generator's first line after its list
# Moves the same in every state are listed once when compiling, up to this many per move.
STATIC_MOVES_LIMIT = 1_000
# Lists whose elements are never lists: a move parameter of one is frozen by `tuple`.
_FLAT_LISTS = {T.list_of(t) for t in (T.CARD, T.ITEM, T.GROUP, T.NUMBER, T.PLAYER, T.TEAM, T.BOOL, T.SYMBOL,
                                      T.RANK, T.SUIT)}


class Moves:
    def __init__(self, em: Emission, expressions: Expressions, statements: Statements):
        self.em = em
        self.ex = expressions
        self.statements = statements
        self.texts = MoveTexts(em.m)
        self.generator_helpers: list[Writer] = []
        self.draws: RandomDraws | None = None  # made when first asked
        self.deferring = False  # writing a `sampling` generator: costly conditions deferred
        self.costly_guards = False  # the phase being written has a move to defer so
        self.constants: dict[tuple[int, str], str] = {}  # see `kept`

    def move(self, i: int, j: int, mv: n.MoveDecl):
        """The body of move j of phase i as a function; returns its text renderers."""
        var_names = [g.var for g in mv.generators]
        params = self.texts.move_params(mv)
        render_args = self.texts.renderer(mv, params)
        names = tuple(var_names)

        def render(st, env):
            return render_args(st, [env[v] for v in names])
        lazy: Any
        if any(T.innermost(t) in (T.GROUP, T.ITEM, T.ANY) for _, t in params):
            def lazy(args, seen):
                return render_args(rt.SeenGroups(seen), args)
            lazy.names_groups = True
        else:
            def lazy(args):
                return render_args(None, args)
        self.statements.function(f"p{i}_m{j}_body", ["me", *var_names], mv.body, mv.span)
        return render, lazy

    def generator(self, i: int, phase: n.Phase, renders: dict) -> None:
        """One function listing every legal move of phase i; and, when a move of no parameters
        has a costly condition (a call of a def or a built-in), another for random play,
        `p{i}_sampling`, that lists such a move untested, as a Deferred (State.play_random)."""
        self.costly_guards = False
        self.write_generator(f"p{i}_gen", i, phase, renders)
        if self.costly_guards and not phase.simultaneous:
            # The same values as the listing, needed as often: counted once, so that a value
            # needed once is computed in place in both.
            self.deferring = True
            try:
                with self.em.memo_table.uncounted():
                    self.write_generator(f"p{i}_sampling", i, phase, renders)
            finally:
                self.deferring = False

    def write_generator(self, name: str, i: int, phase: n.Phase, renders: dict) -> None:
        em = self.em
        w = em.w
        w.line(f"def {name}(st, L_me):", phase.span)
        w.indent += 1
        w.line("out = []", phase.span)
        w.line("append = out.append", phase.span)
        memo_line = len(w.lines)
        w.lines.append(MEMO_DICT)
        w.spans.append(phase.span)
        saved = em.memo, em.memo_free
        em.memo, em.memo_free = True, frozenset({"L_me", "_m"})
        em.generator_memos, em.passes_memo = set(), False
        try:
            self.generator_moves(i, phase, renders)
        finally:
            em.memo, em.memo_free = saved
        w.line("return out", phase.span)
        w.indent -= 1
        # Whether it keeps anything, and where, is known once every generator is written (see
        # module.py).
        em.generators.append((w, memo_line, len(w.lines), frozenset(em.generator_memos), em.passes_memo))

    def static_moves(self, j: int, mv: n.MoveDecl, lazy) -> list | None:
        """The moves of a declaration that are the same in every state (no condition, every
        parameter from a constant list or range), made once; None when they are not."""
        if mv.condition is not None or getattr(lazy, "names_groups", False):
            return None
        m = self.em.m
        domains = []
        for g in mv.generators:
            if g.condition is not None or T.element(self.em.type(g.source)) not in (T.NUMBER, T.SYMBOL, T.PLAYER,
                                                                                      T.CARD, T.BOOL, T.RANK, T.SUIT):
                return None
            try:
                if isinstance(g.source, n.Binary) and g.source.op == "..":
                    low, high = (const_eval(x, m.values) for x in (g.source.left, g.source.right))
                    if low.__class__ is not int or high.__class__ is not int:
                        return None
                    domain = list(range(low, high + 1))
                else:
                    domain = const_eval(g.source, m.values)
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
        em = self.em
        for j, mv in enumerate(phase.moves):
            w = em.w
            _, lazy = renders[(i, j)]
            if any(c is not None and self.ex.known_truth(c) is False
                   for c in [mv.condition] + [g.condition for g in mv.generators]):
                continue  # a move that the parameters rule out (an option turned off): never listed
            static = self.static_moves(j, mv, lazy) if mv.generators else None
            if static is not None:
                w.line(f"out.extend({self.kept(mv, 'static', lambda static=static: static, 'L')})", mv.span)
                continue
            var_names = [g.var for g in mv.generators]
            parts = conjuncts(mv.condition) if mv.condition is not None else []
            placed: set[int] = set()
            start = w.indent
            early = []
            for k, c in enumerate(parts):
                if not (free_names(c) & set(var_names)):
                    if self.ex.known_truth(c) is not True:
                        early.append(self.ex.expr(c))
                    placed.add(k)
            deferrable = not mv.generators and any(c.costly for c in early)
            self.costly_guards = self.costly_guards or deferrable
            if deferrable and self.deferring:
                # Tested when drawn: a lambda, so the memo keeps its values in the dict.
                for c in early:
                    em.memo_table.bar(c.memos)
                w.line(f"append(rt.Deferred(lambda: {' and '.join(f'({c})' for c in early)}, "
                       f"{self.lone_move(j, mv, lazy)}))", mv.span)
                continue
            if early:
                w.line(f"if {' and '.join(f'({c})' for c in early)}:", mv.span)
                w.indent += 1
            if self.range_of_moves(j, mv, parts, placed, lazy) or self.moves_of_list(j, mv, parts, placed, lazy):
                w.indent = start
                continue
            outer, repeating = w, em.repeating
            self.parameter_loops(mv, parts, placed)
            self.append_move(j, mv, lazy)
            w = em.w = self.end_generator_helpers(outer)
            w.indent = start
            em.repeating = repeating

    def parameter_loops(self, mv: n.MoveDecl, parts: list, placed: set[int]) -> None:
        """A loop per parameter, each condition tested as soon as what it reads is bound. The
        values of an inner parameter that neither its list nor its tests make depend on the
        outer ones (`ask(p in askable(me), r in ranks where holds(me, r))`) are listed once,
        when the outer loops first reach them, not again for each outer value."""
        em = self.em
        var_names = [g.var for g in mv.generators]
        bound: set[str] = set()
        levels = []
        for depth, g in enumerate(mv.generators):
            bound.add(g.var)
            tests = [g.condition] if g.condition is not None else []
            for k, c in enumerate(parts):
                if k not in placed and (free_names(c) & set(var_names)) <= bound:
                    tests.append(c)
                    placed.add(k)
            levels.append((g, tests, self.listed_once(depth, g, tests, set(var_names))))
        for g, _, once in levels:
            if once is not None:
                em.w.line(f"{once} = None", g.span)
        for depth, (g, tests, once) in enumerate(levels):
            if depth and depth % MAX_LOOPS == 0:
                self.generator_helper(var_names[:depth], g.span)
            w = em.w
            source = self.ex.loop_source(g.source)
            if once is not None:
                w.line(f"if {once} is None:", g.span)
                w.indent += 1
                w.line(f"{once} = []", g.span)
            em.repeating += 1
            kept = self.kept_per_pass(tests, set(var_names[:depth]), set(var_names)) if depth else []
            for local, _ in kept:
                w.line(f"{local} = ...", g.span)
            source = self.ex.charges.before(g, source, g.span)
            w.line(f"for L_{g.var} in {source}:", g.span)
            w.indent += 1
            for t in tests:
                w.line(f"if not ({self.ex.expr(t)}): continue", t.span)
            for _, call in kept:
                del em.shared[id(call)]
            if once is not None:
                w.line(f"{once}.append(L_{g.var})", g.span)
                w.indent -= 2
                w.line(f"for L_{g.var} in {once}:", g.span)
                w.indent += 1

    def kept_per_pass(self, tests: list, outer: set[str], var_names: set[str]) -> list:
        """The calls of defs in an inner parameter's tests that read outer parameters but not
        this one (`n in 1..4 where held(me, r) >= n`): each is worked out once per pass of the
        outer loops, into a local reset before this loop and set where first needed, so a call
        the tests would not reach is not made. Only calls outside any comprehension, aggregate
        or `let` of the test (an assignment expression there would bind elsewhere), and not
        tabulated, costly and drawing no randomness. As (local, call) pairs, the calls' code
        left in `em.shared` until the tests are written."""
        em = self.em
        found = []
        for t in tests:
            stack = [t]
            while stack:
                e = stack.pop()
                if isinstance(e, n.Binary):
                    stack += [e.left, e.right]
                elif isinstance(e, n.Unary):
                    stack.append(e.operand)
                elif isinstance(e, n.Cond):
                    stack += [e.test, e.then, e.otherwise]
                elif (isinstance(e, n.Call) and e.func in em.m.defs and em.table_of(e.func) is None
                      and id(e) not in em.shared and (free_names(e) & var_names) and free_names(e) & var_names <= outer):
                    found.append(e)
        kept = []
        for call in found:
            draws = self.draws or RandomDraws(em.m)
            self.draws = draws
            if draws.of_body(call):
                continue
            inner = self.ex.expr(call)
            if not inner.costly or inner.impure:
                continue
            local = em.fresh()
            em.shared[id(call)] = code(f"({local} if {local} is not ... else ({local} := {inner}))", inner, depth=2)
            kept.append((local, call))
        return kept

    def listed_once(self, depth: int, g, tests: list, var_names: set[str]) -> str | None:
        """The name of the list of an inner parameter's values kept for the generation, or None
        when they are listed at each pass of the outer loops: at the outermost loop, in a loop
        of a generator helper (no local of the generator is seen there), with no test (a list
        read again costs no more than a copy of it; a costly one is kept, see memo.py), or when
        the list or a test reads an outer parameter or draws at random."""
        if not tests or not 0 < depth < MAX_LOOPS:
            return None
        if free_names(g.source) & var_names or any(free_names(t) & var_names - {g.var} for t in tests):
            return None
        draws = self.draws or RandomDraws(self.em.m)
        self.draws = draws
        if draws.of_body(g.source) or any(draws.of_body(t) for t in tests):
            return None
        return self.em.fresh()

    def append_move(self, j: int, mv: n.MoveDecl, lazy) -> None:
        """The move of the values bound, appended to the list: one Move per values, made once
        and kept, wherever its text allows."""
        em = self.em
        w = em.w
        params = self.texts.move_params(mv)
        args = [f"tuple(L_{var})" if t in _FLAT_LISTS else
                f"rt.freeze(L_{var})" if t.kind == "list" or t == T.ANY else f"L_{var}"
                for var, t in params]
        args_src = "(" + ", ".join(args) + ("," if len(args) == 1 else "") + ")"
        name_c = em.const(mv.name, "N")
        lazy_c = em.const(lazy, "R")
        names_groups = getattr(lazy, "names_groups", False)
        # A move over lists (a subset of the table, cards to meld) has too many values to
        # keep one Move per values: made afresh, as its text may read the groups it names.
        if any(t in _FLAT_LISTS or t.kind == "list" or t == T.ANY for _, t in params):
            seen = "rt.groups_seen(st, _a)" if names_groups else "None"
            w.line(f"_a = {args_src}", mv.span)
            w.line(f"append(Move({name_c}, _a, {j}, None, {lazy_c}, {seen}))", mv.span)
        elif names_groups:
            # Its text shows the cards of the groups it names, as they are now; a move that
            # names no group reads the same in every state and is made once, as below.
            cache = self.kept(mv, "moves", dict)
            w.line(f"_a = {args_src}", mv.span)
            w.line("_s = rt.groups_seen(st, _a)", mv.span)
            w.line(f"if _s: append(Move({name_c}, _a, {j}, None, {lazy_c}, _s))", mv.span)
            w.line(f"else: append({cache}.get(_a) or rt.interned_move({cache}, _a, {name_c}, {j}, {lazy_c}, _s))",
                   mv.span)
        elif not args:
            w.line(f"append({self.lone_move(j, mv, lazy)})", mv.span)
        elif len(args) == 1:
            # A move's text depends on its values only: one Move per values, made once; a
            # move of one value is found by that value, with no tuple made to look.
            w.line(f"append({self.move_table(j, mv, lazy)}[{args[0]}])", mv.span)
        else:
            cache = self.kept(mv, "moves", dict)
            w.line(f"_a = {args_src}", mv.span)
            w.line(f"_mv = {cache}.get(_a)", mv.span)
            w.line(f"append(_mv if _mv is not None else rt.interned_move({cache}, _a, {name_c}, {j}, {lazy_c}))",
                   mv.span)

    def lone_move(self, j: int, mv: n.MoveDecl, lazy) -> str:
        """The constant Move of a declaration of no parameters."""
        return self.kept(mv, "move", lambda: Move(mv.name, (), j, None, lazy), "M")

    def move_table(self, j: int, mv: n.MoveDecl, lazy) -> str:
        """The constant table of the Moves of declaration j, a move of one value, by that value."""
        return self.kept(mv, "table", lambda: rt.MoveTable(mv.name, j, lazy))

    def kept(self, mv: n.MoveDecl, what: str, make, prefix: str = "C") -> str:
        """A constant of declaration `mv` (its Moves, a cache of them), one for every generator
        of its phase (`p{i}_gen` and `p{i}_sampling` list the same Move objects)."""
        key = (id(mv), what)
        found = self.constants.get(key)
        if found is None:
            found = self.constants[key] = str(self.em.const(make(), prefix))
        return found

    def moves_of_list(self, j: int, mv: n.MoveDecl, parts: list, placed: set[int], lazy) -> bool:
        """A move of one value over a list, none left out (`play(c in playable(me))`): its moves
        looked up in C, `out += map(table.__getitem__, cards)`, with no loop in Python. False,
        and nothing written, for any other shape."""
        if len(mv.generators) != 1 or getattr(lazy, "names_groups", False) or len(placed) != len(parts):
            return False
        g = mv.generators[0]
        if g.condition is not None or isinstance(g.source, n.Binary) and g.source.op == "..":
            return False
        (_, t), = self.texts.move_params(mv)
        if t in _FLAT_LISTS or t.kind == "list" or t == T.ANY:
            return False
        source = self.ex.charges.before(g, self.ex.loop_source(g.source), g.span)
        self.em.w.line(f"out += map({self.move_table(j, mv, lazy)}.__getitem__, {source})", mv.span)
        return True

    def range_of_moves(self, j: int, mv: n.MoveDecl, parts: list, placed: set[int], lazy) -> bool:
        """The moves of a declaration of one number over a range, none left out (no test): the
        list for each pair of ends is made once and kept (bets, bids, raises of so many), so
        a generation adds it whole. False, and nothing written, for any other shape."""
        if len(mv.generators) != 1 or getattr(lazy, "names_groups", False) or len(placed) != len(parts):
            return False
        g = mv.generators[0]
        if g.condition is not None or not (isinstance(g.source, n.Binary) and g.source.op == ".."):
            return False
        em = self.em
        w = em.w
        lists, interned = self.kept(mv, "lists", dict), self.kept(mv, "interned", dict)
        low, high, moves = em.fresh(), em.fresh(), em.fresh()
        w.line(f"{low}, {high} = {self.ex.expr(g.source.left)}, {self.ex.expr(g.source.right)}", mv.span)
        w.line(f"{moves} = {lists}.get(({low}, {high}))", mv.span)
        w.line(f"if {moves} is None: {moves} = rt.moves_of_range({lists}, {interned}, {low}, {high}, "
               f"{em.span_const(g.source.span)}, {em.const(mv.name, 'N')}, {j}, {em.const(lazy, 'R')})", mv.span)
        w.line(f"out += {moves}", mv.span)
        return True

    def generator_helper(self, bound: list[str], span) -> None:
        """The loops of a move's further parameters, in a helper function called where they
        would have begun: `MAX_LOOPS` loops at most in one function."""
        em = self.em
        params = ", ".join(["st", "L_me", "_m", "append"] + [f"L_{v}" for v in bound])
        name = em.helper_name()
        em.passes_memo = True
        em.w.line(f"{name}({params})", span)
        em.w = Writer()
        em.w.line(f"def {name}({params}):", span)
        em.w.indent = 1
        self.generator_helpers.append(em.w)

    def end_generator_helpers(self, outer: Writer) -> Writer:
        for helper in self.generator_helpers:
            self.em.helpers.extend(helper)
        self.generator_helpers = []
        return outer

    def memo_functions(self) -> None:
        """The `g_` twins of the defs that generation calls: the same body, sharing `_m`."""
        em = self.em
        saved = em.memo, em.memo_free
        em.memo, em.memo_free = True, frozenset({"_m"})
        em.repeating += 1  # a def may be called many times in one generation
        try:
            while em.memo_wanted:
                d = em.m.defs[em.memo_wanted.pop()]
                params = "".join(f", L_{p.name}" for p in d.params)
                em.w.line(f"def g_{d.name}(st, _m{params}):", d.span)
                em.w.indent += 1
                try:
                    self.ex.shared_values(d.name, d.span)
                    em.w.line(f"return {self.ex.expr(d.body)}", d.span)
                finally:
                    em.shared.clear()
                em.w.indent -= 1
        finally:
            em.memo, em.memo_free = saved
            em.repeating -= 1


def conjuncts(e) -> list:
    if isinstance(e, n.Binary) and e.op == "and":
        return conjuncts(e.left) + conjuncts(e.right)
    return [e]


def free_names(e) -> set[str]:
    """Names an expression mentions (an over-approximation of the locals it reads)."""
    return {x.id for x in n.walk(e) if isinstance(x, n.Name)}
