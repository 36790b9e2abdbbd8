"""Aggregates written as loops: where a function may hold statements (a def's body, a `let`,
an assignment), `sum`, `count`, `any`, `all`, `max`, `min`, `first`, `most` and `least` over a
comprehension become a `for` loop of that function, nested loops for nested aggregates, rather
than a Python generator made and stepped for every element (or, for `most` and `least`, a list
of pairs made for `rt.extreme`: a trick's winner, asked at every trick). Cribbage's show asks
`is_run` of every subset of a hand, each a `count` per card: as generators, four made per
subset; as loops, none.

An expression is lowered from the outside in. What evaluates all its parts (arithmetic, a
comparison, a call of a built-in, an index) has those parts that hold an aggregate written
first, in order, each into a local, and is then written as usual, reading the locals; `and`,
`or` and `if ... then ... else` write the part evaluated only sometimes under an `if`, so that
it is evaluated exactly when it was; a def written in place is lowered in its body. What binds
names inside an expression (a list comprehension, `let ... in`) and what a built-in maps in C
(`sum(map(T.__getitem__, hand))`) are written as before. The values and the order of the
elements visited are the generators' own; only a rules error that two parts would both raise
may be told for the other part first.
"""

from __future__ import annotations

from ....language import nodes as n
from ....language import types as T
from ....language.builtins import REGISTRY
from ....language.folding import NotConstant, const_eval, folded_value
from ..code import Code, code, name
from ..limits import MAX_INDENT, MAX_INLINED, MAX_LOOPS
from .aggregates import looks_up
from .context import Emission, Writer

# The aggregates written as loops.
LOOPED = ("sum", "count", "any", "all", "max", "min", "first", "most", "least")


class Lowering:
    def __init__(self, em: Emission, expressions):
        self.em = em
        self.ex = expressions
        self.loops = 0  # loops written around the expression being lowered
        self.inside: list[str] = []  # the lists that the loops being written go through, when plain
        self._def_needs: dict[str, bool] = {}
        self.after: list[str] = []  # the lines that finish the loop just written (`most`'s tie)

    def enabled(self) -> bool:
        em = self.em
        return em.inline and not em.memo and not em.env_mode

    def value(self, e, w: Writer, span) -> Code:
        """`e` written into `w`: the lines computing its aggregates as loops, then the Code
        that reads them."""
        if not self.enabled() or not self.needs(e):
            return self.ex.expr(e)
        saved = self.em.w
        self.em.w = w
        try:
            return self.lower(e, span)
        finally:
            self.em.w = saved

    # --- what holds an aggregate -----------------------------------------------------------

    def needs(self, e) -> bool:
        """Whether lowering `e` writes a loop: an aggregate reachable without entering a list
        comprehension or a `let`, here or in the body of a def it may write in place."""
        if isinstance(e, tuple):
            return any(self.needs(x) for x in e)
        if not isinstance(e, n.Node):
            return False
        if isinstance(e, n.Aggregate):
            return self.looped(e) or self.needs(e.iterable)
        if isinstance(e, (n.ListComp, n.LetIn)):
            return self.needs(e.iterable if isinstance(e, n.ListComp) else e.value)
        m = self.em.m
        if isinstance(e, n.Call) and e.func in m.defs:
            return self.def_needs(e.func) or self.needs(e.args)
        if isinstance(e, n.Name):
            kind = m.names.get(id(e), ("local",))[0]
            return kind == "def" and self.def_needs(e.id)
        return any(self.needs(getattr(e, f)) for f in e.FIELDS if f != "span")

    def looped(self, e: n.Aggregate) -> bool:
        """Whether `e` is written as a loop of its own: a sum of a fractional attribute is not,
        as its comparisons read it in whole multiples of the denominator (emit/fractions.py)."""
        return e.func in LOOPED and not (e.func == "sum" and self.ex.fractions.attribute(e) is not None)

    def def_needs(self, def_name: str) -> bool:
        known = self._def_needs.get(def_name)
        if known is None:
            self._def_needs[def_name] = False  # a def that calls itself: not through itself
            known = self._def_needs[def_name] = self.needs(self.em.m.defs[def_name].body)
        return known

    # --- lowering --------------------------------------------------------------------------

    def lower(self, e, span) -> Code:
        if self.em.w.indent > MAX_INDENT or self.em.loops + self.loops >= MAX_LOOPS:
            return self.ex.expr(e)
        if not self.needs(e):
            return self.call(e, span) if self.argued_in_place(e) else self.ex.expr(e)
        if folded_value(self.em.m, e) is not None:
            return self.ex.expr(e)
        if isinstance(e, n.Aggregate):
            if self.looped(e):
                return self.aggregate(e, span)
            return self.parts(e, (e.iterable,), span)
        if isinstance(e, n.Binary) and e.op in ("and", "or"):
            return self.logical(e, span)
        if isinstance(e, n.Cond):
            return self.conditional(e, span)
        if isinstance(e, (n.ListComp, n.LetIn)):
            return self.parts(e, (e.iterable if isinstance(e, n.ListComp) else e.value,), span)
        if isinstance(e, n.Call):
            return self.call(e, span)
        if isinstance(e, n.Name):
            return self.named_def(e, span)
        return self.parts(e, tuple(getattr(e, f) for f in e.FIELDS if f != "span"), span)

    def parts(self, e, parts: tuple, span) -> Code:
        """`e` as usual, once its parts that hold an aggregate are computed into locals."""
        em = self.em
        placed: list[int] = []
        try:
            for p in _expressions(parts):
                if self.needs(p):
                    em.lowered[id(p)] = self.into_local(self.lower(p, span), span)
                    placed.append(id(p))
            return self.ex.expr(e)
        finally:
            for key in placed:
                em.lowered.pop(key, None)

    def into_local(self, value: Code, span) -> Code:
        if value.plain:
            return value
        local = self.em.fresh()
        self.em.w.line(f"{local} = {value}", span)
        return name(local, local=True)

    def call(self, e: n.Call, span) -> Code:
        """A built-in's call, or a def's that is not written in place, with its arguments
        lowered first (not a function passed by name); a def written in place, lowered in its body."""
        em = self.em
        f = e.func
        if f not in em.m.defs or id(e) in em.shared or em.table_of(f) is not None:
            params = REGISTRY[f].params if f not in em.m.defs else ()
            values = tuple(a for i, a in enumerate(e.args) if i >= len(params) or params[i] != T.FUNC)
            return self.parts(e, values, span)
        placed: list[int] = []
        try:
            for a in e.args:
                if self.needs(a):
                    em.lowered[id(a)] = self.into_local(self.lower(a, span), span)
                    placed.append(id(a))
            d = em.m.defs[f]
            if len(em.inlined) >= MAX_INLINED or f in em.facts.shared:
                return self.ex.expr(e)
            # Each argument evaluated once, in order, as the call evaluates it: one that is
            # more than a name or a variable's slot is set in a local first.
            args = [self.ex.argument(a, em.type(p.type)) for a, p in zip(e.args, d.params)]
            args = [a if a.plain or a.simple else self.into_local(a, span) for a in args]
            return self.in_place({p.name: a for p, a in zip(d.params, args)}, e, d.body, span)
        finally:
            for key in placed:
                em.lowered.pop(key, None)

    def argued_in_place(self, e) -> bool:
        """Whether `e` calls a def that Expressions would call, not write in place, only because
        an argument is more than a name or a variable's slot (`power(top(trick[p]))`): here
        statements may set that argument in a local, and the body is written in place reading
        it, with no call (a trick's winner asks it of every seat)."""
        em = self.em
        if not (isinstance(e, n.Call) and e.func in em.m.defs) or id(e) in em.shared:
            return False
        if em.table_of(e.func) is not None or e.func in em.facts.shared or len(em.inlined) >= MAX_INLINED:
            return False
        if folded_value(em.m, e) is not None:
            return False
        d = em.m.defs[e.func]
        args = [self.ex.argument(a, em.type(p.type)) for a, p in zip(e.args, d.params)]
        return not all(a.plain or a.simple for a in args) and not any(a.impure for a in args)

    def named_def(self, e: n.Name, span) -> Code:
        em = self.em
        try:
            const_eval(em.m.defs[e.id].body, em.m.values)
        except NotConstant:
            if len(em.inlined) < MAX_INLINED and e.id not in em.facts.shared:
                return self.in_place({}, None, em.m.defs[e.id].body, span)
        return self.ex.expr(e)

    def in_place(self, arguments: dict[str, Code], call, body, span) -> Code:
        """As Expressions.in_place, the def's body lowered."""
        with self.em.def_in_place(arguments, call):
            return self.lower(body, span)

    def logical(self, e: n.Binary, span) -> Code:
        """`and`, `or` as Expressions writes them, the right side lowered under an `if`: a
        known left side decides or hands over, a known right side that does not decide drops out."""
        is_and = e.op == "and"
        left_known, right_known = self.ex.known_truth(e.left), self.ex.known_truth(e.right)
        if left_known is not None:
            return self.lower(e.right, span) if left_known == is_and else self.ex.expr(e)
        if right_known is not None and right_known == is_and:
            return self.lower(e.left, span)
        w = self.em.w
        left = self.lower(e.left, span)
        result = self.em.fresh()
        w.line(f"{result} = {left}", span)
        w.line(f"if {'' if is_and else 'not '}{result}:", span)
        w.indent += 1
        w.line(f"{result} = {self.lower(e.right, span)}", span)
        w.indent -= 1
        return name(result, local=True)

    def conditional(self, e: n.Cond, span) -> Code:
        known = self.ex.known_truth(e.test)
        if known is not None:
            return self.lower(e.then if known else e.otherwise, span)
        test = self.lower(e.test, span)
        if test in ("True", "False"):  # a def written in place whose body folds (Scopa's sweeps_all)
            return self.lower(e.then if test == "True" else e.otherwise, span)
        w = self.em.w
        result = self.em.fresh()
        w.line(f"if {test}:", span)
        w.indent += 1
        w.line(f"{result} = {self.lower(e.then, span)}", span)
        w.indent -= 1
        w.line("else:", span)
        w.indent += 1
        w.line(f"{result} = {self.lower(e.otherwise, span)}", span)
        w.indent -= 1
        return name(result, local=True)

    def aggregate(self, e: n.Aggregate, span) -> Code:
        """The loop of an aggregate: its test and element lowered inside it, each element's
        value taken as the generator's was (max and min keep the first of equal values and
        compare as Python's do, any and all stop at the element that decides)."""
        em, ex = self.em, self.ex
        outer = em.w
        source = self.lowered_iterable(e.iterable, span) if self.needs(e.iterable) else ex.iterable(e.iterable)
        source = ex.charges.before(e, source.copy_of or source, span)
        result = em.fresh()
        loop_var = f"{em.fresh()}_{e.var}"
        key = (len(em.inlined), e.var)
        em.loop_names.setdefault(key, []).append(loop_var)
        em.bound.append(e.var)
        body = Writer()
        body.indent = outer.indent + 1
        em.w = body
        self.loops += 1
        # A loop over the list an enclosing loop goes through has an element whenever it runs
        # (`count(d for d in cs if ...)` for each c in cs): what it asks alike is set before it.
        eager = source.plain and str(source) in self.inside
        self.inside.append(str(source) if source.plain else "")
        invariant: list[tuple[n.Node, Code, str, Code | None]] = []
        try:
            var = em.binding(e.var)
            invariant = self.invariants((e.element, e.condition), loop_var, eager)
            for node, lazy, _, _ in invariant:
                em.lowered[id(node)] = lazy
            if e.func == "count" and em.m.is_loop_variable(e.element, e.var):
                start = self.counted(e, var, result, span)
            else:
                if e.condition is not None:
                    body.line(f"if not {self.lower(e.condition, span)}: continue", span)
                elem = self.lower(e.element, span) if e.element is not None else var
                mapped = self.mapped(e, elem, var, source, body)
                if mapped is not None:
                    return mapped
                start = self.update(e, elem, result, span)
        finally:
            for node, _, _, _ in invariant:
                em.lowered.pop(id(node), None)
            self.loops -= 1
            self.inside.pop()
            em.w = outer
            em.bound.pop()
            em.loop_names[key].pop()
        for _, _, local, before in invariant:
            outer.line(f"{local} = {'...' if before is None else before}", span)
        for line in start:
            outer.line(line, span)
        outer.line(f"for {loop_var} in {source}:", span)
        outer.extend(body)
        for line in self.after:
            outer.line(line, span)
        self.after = []
        return name(result, local=True)

    def invariants(self, parts: tuple, loop_var: str, eager: bool) -> list[tuple[n.Node, Code, str, Code | None]]:
        """The costly parts of a loop's element and test that read neither its variable nor
        randomness (`tail(k)[0]` in `all(rank(c) == rank(tail(k)[0]) for c in tail(k))`), each
        with the Code that computes it into a local (the third) the first time the loop needs it and reads it after:
        never when the loop needs it never, as before. Not inside a comprehension or a `let`,
        where Python allows no assignment expression in every place. `eager`: the loop has an
        element, so that they and the look-ups in a table (`rank(c)`) are set before it (the
        fourth, what the local is set to), a local read in every round."""
        found: list[tuple[n.Node, Code, str, Code | None]] = []
        for x in _expressions(parts):
            self._invariants(x, loop_var, found, eager)
        return found

    def _invariants(self, x, loop_var: str, found: list, eager: bool) -> None:
        if isinstance(x, (n.ListComp, n.LetIn)):
            return
        if isinstance(x, (n.Call, n.Aggregate)):
            src = self.ex.expr(x)
            looked_up = src.lookup is not None or src.deck_lookup is not None
            if (src.costly or eager and looked_up) and not src.impure and loop_var not in src.reads and not src.memos:
                local = self.em.fresh()
                if eager:
                    found.append((x, name(local, local=True), local, src))
                else:
                    lazy = code(f"({local} if {local} is not ... else ({local} := {src}))", src, reads=(local,))
                    found.append((x, lazy, local, None))
                return
            if isinstance(x, n.Aggregate):
                return
        for p in _expressions(tuple(getattr(x, f) for f in x.FIELDS if f != "span")):
            self._invariants(p, loop_var, found, eager)

    def counted(self, e: n.Aggregate, var: Code, result: str, span) -> list[str]:
        """`count(x for x in xs if test)`: the elements that pass the test and are a value,
        neither false nor none (false only where the elements may be truth values)."""
        em = self.em
        tests = [] if e.condition is None else [str(self.lower(e.condition, span))]
        if T.element(em.type(e.iterable)) in (T.BOOL, T.ANY):
            tests.append(f"{var} is not False")
        if not self.fails_on_none(e.condition, var):
            tests.append(f"{var} is not None")
        em.w.line(f"if {' and '.join(tests)}: {result} += 1", span)
        return [f"{result} = 0"]

    def fails_on_none(self, test, var: Code) -> bool:
        """Whether `test` first looks the element `var` up in a table of the deck, a tuple:
        an element that is none has then failed the look-up before any count."""
        if not isinstance(test, n.Binary) or test.op not in ("==", "!=", "<", "<=", ">", ">="):
            return False
        if self.needs(test.left) or self.ex.fractions.comparison(test) is not None:
            return False
        left = self.ex.expr(test.left)
        lookup = left.lookup or left.deck_lookup
        if lookup is None or lookup[1] != var:
            return False
        table = self.em.ns.get(str(lookup[0]))
        return table.__class__ is tuple

    def update(self, e: n.Aggregate, elem: Code, result: str, span) -> list[str]:
        """Writes the step of the loop that takes in `elem`; gives the lines that start it."""
        em, w = self.em, self.em.w
        func = e.func
        if func == "sum":
            w.line(f"{result} += {elem}", span)
            return [f"{result} = 0"]
        if func == "count":
            if em.type(e.element) == T.BOOL:
                w.line(f"if {elem}: {result} += 1", span)  # a truth value (or none), tested once
            else:
                value = self.into_local(elem, span)
                w.line(f"if {value} is not False and {value} is not None: {result} += 1", span)
            return [f"{result} = 0"]
        if func in ("any", "all"):
            w.line(f"if {'' if func == 'any' else 'not '}{elem}:", span)
            w.line(f"    {result} = {func == 'any'}", span)
            w.line("    break", span)
            return [f"{result} = {func == 'all'}"]
        if func == "first":
            w.line(f"{result} = {elem}", span)
            w.line("break", span)
            return [f"{result} = None"]
        if func in ("most", "least"):
            return self.extreme(e, elem, result, span)
        # max, min: the first value, then each strictly greater (smaller) one
        seen = em.fresh()
        value = self.into_local(elem, span)
        w.line(f"if {seen}:", span)
        w.line(f"    if {value} {'>' if func == 'max' else '<'} {result}: {result} = {value}", span)
        w.line("else:", span)
        w.line(f"    {result} = {value}", span)
        w.line(f"    {seen} = True", span)
        return [f"{result} = None", f"{seen} = False"]

    def extreme(self, e: n.Aggregate, elem: Code, result: str, span) -> list[str]:
        """`most`/`least`: the element whose value is strictly the largest (smallest), none on a
        tie, as `rt.extreme` finds it: a value that is none starts afresh from the next one, a
        tuple (a move's list) compares as the list it was."""
        em, w = self.em, self.em.w
        best, tied = em.fresh(), em.fresh()
        kind = em.type(e.element)
        if kind == T.ANY or kind.kind == "list":
            value = em.fresh()
            w.line(f"{value} = {elem}", span)
            w.line(f"if {value}.__class__ is tuple: {value} = list({value})", span)
        else:
            value = str(self.into_local(elem, span))
        w.line(f"if {best} is None or {value} {'>' if e.func == 'most' else '<'} {best}:", span)
        w.line(f"    {result} = {em.binding(e.var)}", span)
        w.line(f"    {best} = {value}", span)
        w.line(f"    {tied} = False", span)
        w.line(f"elif {value} == {best}:", span)
        w.line(f"    {tied} = True", span)
        self.after.append(f"if {tied}: {result} = None")
        return [f"{result} = None", f"{best} = None", f"{tied} = False"]

    def lowered_iterable(self, e, span) -> Code:
        em = self.em
        em.lowered[id(e)] = self.into_local(self.lower(e, span), span)
        try:
            return self.ex.iterable(e)
        finally:
            em.lowered.pop(id(e), None)

    def mapped(self, e: n.Aggregate, elem: Code, var: Code, source: Code, body: Writer) -> Code | None:
        """The form Aggregates maps in C (a table's values, with no test), when the element
        needed no lines of its own. Not `max` and `min`: over a hand, their `default=`
        keyword costs more than the loop."""
        if body.lines or e.condition is not None:
            return None
        func = e.func
        if func in ("any", "all"):
            return self.ex.aggregates.mapped_test(func, elem, e, source)
        if func == "sum" and looks_up(elem, var):
            return code(f"sum(map({elem.lookup[0]}.__getitem__, {source}))", source, depth=2, costly=True)
        return None


def _expressions(parts: tuple):
    for p in parts:
        if isinstance(p, tuple):
            yield from _expressions(p)
        elif isinstance(p, n.Node):
            yield p
