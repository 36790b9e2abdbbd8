"""Expressions to Python: every expression of the model becomes a :class:`Code`.

Decisions read the model and the facts of the fragments already written, never their text: a
def of plain arguments is written in place, a def tabulated by the tables pass is an index, a
costly invariant value of a generation goes to the memo table, an expression nested deeper than
CPython allows is written apart as a helper function of the locals it reads.
"""

from __future__ import annotations

from functools import cache

from ....language import nodes as n
from ....language import types as T
from ....language.builtins import REGISTRY
from ....language.builtins.core import ByCard
from ....language.diagnostics import Span
from ....language.folding import NotConstant, const_eval, folded_value, known_truth
from ...primitives import MAX_RANGE
from .. import limits
from ..code import Code, binding, code, literal, name
from ..limits import MAX_INLINED
from .aggregates import Aggregates
from .charges import Charges
from .context import Emission
from .fractions import Fractions
from .lowering import Lowering
from .shortcuts import Shortcuts

# Expressions that do the work: operators over them are cheap once their operands are kept.
_WORK = (n.Call, n.Aggregate, n.ListComp, n.Name)


class Expressions:
    def __init__(self, em: Emission):
        self.em = em
        self.fractions = Fractions(em, self)
        self.aggregates = Aggregates(em, self)
        self.lowering = Lowering(em, self)
        self.shortcuts = Shortcuts(em, self)
        self.charges = Charges(em)

    def expr(self, e) -> Code:
        em = self.em
        lowered = em.lowered.get(id(e))
        if lowered is not None:
            return lowered
        src: Code = getattr(self, "e_" + type(e).__name__)(e)
        if em.memo and isinstance(e, _WORK) and src.costly and src.reads <= em.memo_free and not src.impure:
            kept = em.memo_table.place(src, _memo_name(e), em.repeating > 0)
            em.generator_memos |= kept.memos
            return kept
        if src.depth > limits.MAX_NESTING:
            return self.helper_expression(src, e.span)
        return src

    def helper_expression(self, src: Code, span: Span) -> Code:
        """A call of a new helper function that returns `src`, given the locals `src` reads:
        what would nest deeper than CPython allows, written apart."""
        em = self.em
        params = ", ".join(["st", *sorted(src.reads)])
        helper = em.helper_name()
        if "_m" in src.reads:
            em.passes_memo = True
        em.helpers.line(f"def {helper}({params}):", span)
        em.helpers.line(f"    return {src}", span)
        return code(f"{helper}({params})", depth=1, reads=src.reads, costly=True, impure=src.impure)

    def known_truth(self, e) -> bool | None:
        return known_truth(self.em.m, e)

    def folded(self, e) -> Code | None:
        value = folded_value(self.em.m, e)
        return None if value is None else literal(value)

    def e_Num(self, e):
        return literal(e.value) if isinstance(e.value, int) else self.em.const(e.value)

    def e_Const(self, e):
        return literal(e.value)

    def e_Str(self, e):
        return literal(e.text)

    def e_Name(self, e):
        em, m = self.em, self.em.m
        kind, what = m.names.get(id(e), ("local", e.id))
        if kind == "local":
            return em.local(e.id)
        if kind == "var":
            return code(f"st.vars[{em.facts.slots.var_index[what.name]}]", depth=1, simple=True)
        if kind == "param":
            value = m.values[what]
            if isinstance(value, tuple):
                value = list(value)
            return literal(value) if isinstance(value, (int, str, bool)) else em.const(value)
        if kind == "zone":
            return literal(what.base)
        if kind == "const":
            if what == "players":
                return em.const(list(range(m.player_count)))
            if what == "teams":
                return em.const(list(range(len(set(m.team_of)))))
            if what == "suits":
                return em.const(list(m.deck.suits))
            if what == "ranks":
                return em.const(list(m.deck.ranks))
            return literal(m.player_count)
        if kind == "order":
            return em.const(m.deck.orders[what])
        if kind == "symbol":
            return literal(e.id)
        if kind == "def":
            try:
                value = const_eval(m.defs[e.id].body, m.values)
            except NotConstant:
                if len(em.inlined) < MAX_INLINED and e.id not in em.facts.shared:
                    # A def of no parameters is its body, written in place: no call.
                    return self.in_place({}, None, m.defs[e.id].body)
                return code(f"d_{e.id}(st)", costly=True)
            return literal(value) if isinstance(value, (int, bool, str)) else em.const(value)
        if kind == "func":
            return self.func_ref(e.id)
        raise AssertionError(kind)

    def shared_values(self, def_name: str, span: Span) -> None:
        """Writes the assignments that compute a def's shared calls (passes/shared.py) once,
        each into a local that its uses then read, until `em.shared` is cleared."""
        em = self.em
        for i, calls in enumerate(em.facts.shared.get(def_name, ()) if em.inline else ()):
            value = self.lowering.value(calls[0], em.w, span)
            local = name(f"_s{i}", local=True)
            em.w.line(f"{local} = {value}", span)
            for c in calls:
                em.shared[id(c)] = local

    def in_place(self, arguments: dict[str, Code], call, body) -> Code:
        """A def's body written in place of its call, its parameters replaced by `arguments`."""
        with self.em.def_in_place(arguments, call):
            inner = self.expr(body)
        return code(f"({inner})", inner)

    def e_Unary(self, e):
        if e.op == "not":
            known = self.known_truth(e)
            if known is not None:
                return literal(known)
            operand = self.expr(e.operand)
            return code(f"(not {operand})", operand)
        folded = self.folded(e)
        if folded is not None:
            return folded
        operand = self.expr(e.operand)
        return code(f"(-{operand})", operand)

    def e_Cond(self, e):
        known = self.known_truth(e.test)
        if known is not None:
            return self.expr(e.then if known else e.otherwise)
        then, test, otherwise = self.expr(e.then), self.expr(e.test), self.expr(e.otherwise)
        return code(f"({then} if {test} else {otherwise})", then, test, otherwise)

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
                return self.expr(e.right) if left == (op == "and") else literal(left)
            if right is not None and right == (op == "and"):
                return self.expr(e.left)
        if op in ("in", "not in"):
            a, b = self.expr(e.left), self.iterable(e.right)
            return code(f"({a} {op} {b})", a, b, test=_test(op, a, b))
        if op in ("==", "!=", "<", "<=", ">", ">="):
            compared = self.fractions.comparison(e)
            if compared is not None:
                return compared
        a, b = self.expr(e.left), self.expr(e.right)
        lt, rt_ = self.em.type(e.left), self.em.type(e.right)
        if op in ("==", "!="):
            tabled = self.shortcuts.compared_in_table(op, a, e.right)
            if tabled is not None:
                return tabled
        if op in ("and", "or", "==", "!="):
            return code(f"({a} {op} {b})", a, b, test=_test(op, a, b))
        if op in ("<", "<=", ">", ">="):
            if lt.kind == "list" or rt_.kind == "list":
                return code(f"(list({a}) {op} list({b}))", a, b, depth=2)
            return code(f"({a} {op} {b})", a, b)
        if op == "..":
            return code(f"rt.inclusive_range({a}, {b}, {self.em.span_const(e.span)})", a, b)
        if lt.kind == "list" or rt_.kind == "list":
            if op == "+":
                return code(f"rt.joined({a}, {b}, {self.em.span_const(e.span)})", a, b)
            if op == "-":
                return code(f"rt.difference({a}, {b})", a, b)
        if op == "*" and (a.numeral is None or b.numeral is None):
            return code(f"rt.product({a}, {b})", a, b)
        if op in ("+", "-", "*"):
            return code(f"({a} {op} {b})", a, b)
        return code(f"rt.divide({a}, {b}, {op!r}, {self.em.span_const(e.span)})", a, b)

    def e_ListLit(self, e):
        items = [self.expr(i) for i in e.items]
        return code("[" + ", ".join(items) + "]", *items)

    def comprehension(self, var: str, iterable, condition, element, loop=None) -> tuple[Code, Code, Code]:
        """The parts of a comprehension: its element, its `for ... in ... if ...` and the
        source it goes through; `loop`, the node it comes from, charges the budget."""
        em = self.em
        source = self.iterable(iterable)
        # An expression changes nothing while its comprehension goes through the list: a copy
        # a built-in made of it is not needed.
        source = source.copy_of or source
        if loop is not None:
            source = self.charges.expression(loop, source)
        em.memo_table.bar(source.memos)
        em.bound.append(var)
        em.repeating += 1
        try:
            var_name = em.binding(var)
            elem = self.expr(element) if element is not None else var_name
            cond = self.expr(condition) if condition is not None else None
        finally:
            em.bound.pop()
            em.repeating -= 1
        if cond is None:
            clause = code(f"for {var_name} in {source}", source, depth=0)
        else:
            clause = binding(f"for {var_name} in {source} if {cond}", var_name, cond, source, depth=0)
        return elem, clause, source

    def e_ListComp(self, e):
        between = self.shortcuts.items_between(e)
        if between is not None:
            return between
        elem, loop, _ = self.comprehension(e.var, e.iterable, e.condition, e.element, e)
        return binding(f"[{elem} {loop}]", self.em.binding(e.var), elem, loop, costly=True)

    def e_MapLit(self, e):
        try:
            table = {const_eval(k, {}): const_eval(v, {}) for k, v in e.entries}
            return self.em.const(table)
        except NotConstant:
            parts = [(self.expr(k), self.expr(v)) for k, v in e.entries]
            return code("{" + ", ".join(f"{k}: {v}" for k, v in parts) + "}", *(x for kv in parts for x in kv))

    def e_Index(self, e):
        em = self.em
        obj_t = em.type(e.obj)
        index = self.expr(e.index)
        if obj_t.kind == "per":
            idx_t = em.type(e.index)
            if obj_t.owner == "team" and T.assignable(idx_t, T.PLAYER) and idx_t != T.TEAM:
                index = code(f"{em.const(em.m.team_of)}[{index}]", index)
            kind, what = em.m.names.get(id(e.obj), (None, None))
            if kind == "zone":
                return code(f"({what.base} + {index})", index)
            return code(f"st.vars[{em.facts.slots.var_index[what.name]}][{index}]", index, depth=2,
                        simple=index.plain)
        obj = self.iterable(e.obj) if obj_t in (T.ZONE, T.GZONE) else self.expr(e.obj)
        if obj.constant and index.numeral is not None:
            # A module constant at a fixed place (`players[0]`, `players[starting_player]`):
            # the entry itself, known now, rather than a checked look-up at each use.
            entries = em.ns.get(str(obj))
            if isinstance(entries, (list, tuple)) and 0 <= index.numeral < len(entries):
                entry = entries[index.numeral]
                if entry.__class__ in (int, str, bool):
                    return literal(entry)
        return code(f"rt.lookup({obj}, {index}, {em.span_const(e.span)})", obj, index)

    def e_LetIn(self, e):
        # A lambda binds the name for the body alone, and the value is computed once.
        em = self.em
        value = self.expr(e.value)
        em.bound.append(e.name)
        try:
            body = self.expr(e.body)
            bound = em.binding(e.name)
        finally:
            em.bound.pop()
        em.memo_table.bar(body.memos)
        return binding(f"(lambda {bound}: {body})({value})", bound, body, value)

    def e_Attr(self, e):
        obj = self.expr(e.obj)
        return code(f"st.groups[{obj}][{e.name!r}]", obj)

    def e_Aggregate(self, e):
        return self.aggregates.write(e)

    def e_Call(self, e):
        f = e.func
        em = self.em
        shared = em.shared.get(id(e))
        if shared is not None:
            return shared
        if f in em.m.defs:
            table = em.table_of(f)
            if table is not None:
                arg = self.expr(e.args[0])
                return code(f"{table}[{arg}]", arg, lookup=(table, arg) if arg.local else None)
            d = em.m.defs[f]
            args = [self.argument(a, em.type(p.type)) for a, p in zip(e.args, d.params)]
            if (em.inline and all(a.plain or a.simple for a in args) and len(em.inlined) < MAX_INLINED
                    and f not in em.facts.shared):
                # A call with plain arguments is inlined: the def's body, its parameters replaced
                # (not a def whose own function computes a value once for several uses).
                return self.in_place({p.name: a for p, a in zip(d.params, args)}, e, d.body)
            if em.memo:
                em.passes_memo = True
                return code(f"{self.memo_function(f)}(st, _m{''.join(', ' + a for a in args)})", *args,
                            reads=("_m",), costly=True)
            return code(f"d_{f}(st{''.join(', ' + a for a in args)})", *args, costly=True)
        if f in em.deck.attrs:
            arg = self.expr(e.args[0])
            table = em.const(em.deck.attrs[f])
            return code(f"{table}[{arg}]", arg, lookup=(table, arg) if arg.local else None)
        if f == "count" and len(e.args) == 1:
            counted = self.shortcuts.counted(e.args[0])
            if counted is not None:
                return counted
        if f == "cards" and len(e.args) == 1 and em.type(e.args[0]) == T.ZONE:
            # A zone that holds no groups holds single cards only: its cards are a copy of it,
            # with no test per item, and a loop may go through the zone itself (`else
            # cards(hand[p])`, the move list of a trick game when no suit is followed).
            zone = self.iterable(e.args[0])
            return code(f"{zone}[:]", zone, fresh=True, copy_of=zone)
        b = REGISTRY[f]
        args = [self.argument(a, t) for a, t in zip(e.args, b.params)]
        if (b.by_card is not None and self.em.type(e.args[0]) == T.CARD and len(args) == len(b.params)
                and all(a.constant for a in args[1:])):
            # Its value for every card, worked out now: a look-up at play, not a call.
            others = [em.ns[a] for a in args[1:]]
            table = em.keyed_const(("by_card", f, *map(id, others)), lambda: b.by_card(em.deck, *others))
            return code(f"{table}[{args[0]}]", args[0], lookup=(table, args[0]) if args[0].local else None)
        args = self.charges.arguments(f, e.args, args)
        if b.inline is not None and (b.short_form is None or len(args) == b.short_form):
            return self.inline_builtin(b, args)
        impl = em.const(b.impl, "B")
        return code(f"{impl}(st{''.join(', ' + a for a in args)})", *args, costly=True, impure=not b.deterministic)

    def inline_builtin(self, b, args: list[Code]) -> Code:
        em = self.em
        count = em.m.player_count
        seats = em.const([list(order) for order in em.m.seat_order], "K") if "{seats}" in b.inline else None
        step = -1 if em.m.direction == "counterclockwise" else 1
        deck = em.const(em.deck, "D")
        names = {"n": count, "deck": deck, "size": em.deck.size, "seats": seats, "step": step}
        template = b.inline
        depth, fresh, deck_table, copied = _inline_shape(template)
        # A table of the deck (`{deck}.rank_of`) is a constant of its own: one load, not two.
        for table in _deck_tables(template):
            template = template.replace("{deck}." + table, em.const(getattr(em.deck, table)))
        text = template.format(*args, **names)
        lookup = (str(em.const(getattr(em.deck, deck_table))), args[0]) if deck_table and args[0].local else None
        copy_of = code(copied.format(*args, **names), *args, depth=depth - 1) if copied else None
        return code(text, *args, depth=depth, fresh=fresh, deck_lookup=lookup, copy_of=copy_of)

    def memo_function(self, def_name: str) -> str:
        """The `g_` twin of a def a generation calls: the same body, sharing `_m`."""
        em = self.em
        if def_name not in em.memo_defs:
            em.memo_defs.add(def_name)
            em.memo_wanted.append(def_name)
        return f"g_{def_name}"

    def argument(self, a, param_type: T.Type) -> Code:
        if T.zone_as_list(self.em.type(a), param_type):
            return self.iterable(a)
        if param_type == T.FUNC:
            return self.func_ref(a.id)
        if param_type == T.COLLECTION:
            return self.iterable(a)
        return self.expr(a)

    def func_ref(self, def_name: str) -> Code:
        em = self.em
        if def_name in em.deck.attrs:
            return em.const(ByCard(list(em.deck.attrs[def_name])), "F")
        if def_name in em.m.defs and em.table_of(def_name) is not None:
            return em.const(em.by_card[def_name], "F")
        if def_name in ("rank", "suit", "name"):
            return em.const(REGISTRY[def_name].impl, "B")
        return name(f"d_{def_name}")

    def loop_source(self, e) -> Code:
        """What a `for` of a move generator iterates: a range of whole numbers is a Python
        range when its ends are ints, checked as `lazy_range` checks it otherwise."""
        if isinstance(e, n.Binary) and e.op == "..":
            a, b = self.expr(e.left), self.expr(e.right)
            low, high = self.em.fresh(), self.em.fresh()
            return code(f"(range({low}, {high} + 1) if ({low} := {a}, {high} := {b}) and {low}.__class__ is int "
                        f"and {high}.__class__ is int and {high} - {low} < {MAX_RANGE} "
                        f"else rt.lazy_range({low}, {high}, {self.em.span_const(e.span)}))", a, b, depth=2)
        return self.iterable(e)

    def iterable(self, e) -> Code:
        """Source for an expression used as a collection: a zone or group gives its contents."""
        if isinstance(e, n.Binary) and e.op == "..":
            # Iterated directly: a lazy range, still bounded so no rules file can loop for ever.
            a, b = self.expr(e.left), self.expr(e.right)
            return code(f"rt.lazy_range({a}, {b}, {self.em.span_const(e.span)})", a, b, fresh=True)
        src = self.expr(e)
        t = self.em.type(e)
        if t in (T.ZONE, T.GZONE):
            return code(f"st.zones[{src}]", src)
        if t == T.GROUP:
            return code(f"st.groups[{src}]['cards']", src, depth=2)
        if t.kind in ("list", "map"):
            return src
        return code(f"rt.collection(st, {src})", src)


def _test(op: str, left: Code, right: Code):
    """The facts of `(left op right)` when it tests a look-up against a plain operand."""
    if op not in ("==", "in"):
        return None
    lookup = left.lookup or left.deck_lookup
    if lookup is None or not right.operand:
        return None
    return (op, lookup[0], lookup[1], right)


def _memo_name(e) -> str:
    """What a kept value is called in `_m`: the def or built-in it calls, the aggregate."""
    if isinstance(e, n.Call):
        return e.func
    if isinstance(e, n.Name):
        return e.id
    if isinstance(e, n.Aggregate):
        return f"{e.func}_{e.var}"
    return f"list_{e.var}"


@cache
def _deck_tables(template: str) -> tuple[str, ...]:
    """The deck's tables an inline template reads (`{deck}.rank_of`), by name."""
    tables = []
    for after in template.split("{deck}.")[1:]:
        end = 0
        while end < len(after) and (after[end].isalnum() or after[end] == "_"):
            end += 1
        tables.append(after[:end])
    return tuple(tables)


@cache
def _inline_shape(template: str) -> tuple[int, bool, str | None, str | None]:
    """Of a built-in's inline template (the language's data, not generated code): how deep its
    own brackets nest, whether it makes a fresh list, the deck table it looks up when it is
    one (`{deck}.suit_of[{0}]`), and what it copies when it is one copy (`list({seats}[{0}])`)."""
    depth = deepest = 0
    whole_copy = template.startswith("list(")
    for i, ch in enumerate(template):
        if ch in "([":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in ")]":
            depth -= 1
            whole_copy = whole_copy and (depth > 0 or i == len(template) - 1)
    fresh = template.startswith(("list(", "range("))
    head, _, tail = template.partition("[")
    deck_table = head[len("{deck}."):] if head.startswith("{deck}.") and tail == "{0}]" else None
    return max(deepest, 1), fresh, deck_table, template[len("list("):-1] if whole_copy else None
