"""Checked model to executable Game: every expression and statement becomes a Python closure.

Closures take ``(state, env)``: the State being run and a dict of local names (``me``, move
parameters, loop variables). Statements return True when they transfer control (`goto`,
`end game`), which stops the enclosing block. Parameters are folded into constants, so a
Game is specialised to one set of parameter values.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Callable

from . import nodes as n
from . import types as T
from .builtins import CONSTANTS, REGISTRY
from .model import Model
from .runtime import CompiledMove, CompiledPhase, Game, RulesRuntimeError, VarSlot, number

_MISSING = object()


def compile_model(model: Model) -> Game:
    return Compiler(model).game()


class Compiler:
    def __init__(self, model: Model):
        self.m = model
        self.deck = model.deck
        self.ncards = model.deck.size
        self.defs: dict[str, Callable] = {}
        self.actions: dict[str, Callable] = {}
        self.phase_index = {name: i for i, name in enumerate(model.phases)}

    def type(self, e) -> str:
        return self.m.types.get(id(e), "any")

    # --- the game
    def game(self) -> Game:
        m = self.m
        slot_zone, slot_owner = [], []
        for z in m.zones.values():
            for i in range(z.count):
                slot_zone.append(z)
                slot_owner.append(i if z.owner else None)
        deck_slot = next(z.base for z in m.zones.values() if z.holds_deck)
        var_slots = []
        for v in m.vars.values():
            count = {None: 1, "player": m.player_count, "team": len(set(m.team_of))}[v.owner]
            init = self.expr(v.init) if v.init is not None else _default_init(v.type)
            var_slots.append(VarSlot(v.name, v.owner, v.type, count, init))
        for name, d in m.defs.items():
            self.defs[name] = None  # filled lazily: definitions may refer to later ones
        phases = []
        for i, p in enumerate(m.phases.values()):
            turn = self.expr(p.turn) if p.turn is not None else None
            do = self.block(p.do) if p.do is not None else None
            moves = [self.move(j, mv) for j, mv in enumerate(p.moves)]
            phases.append(CompiledPhase(p.name, i, turn, do, moves, p.span))
        score_f = self.expr(m.score.expr)
        var = m.score.var
        team_count = len(set(m.team_of))
        members = tuple(tuple(p for p in range(m.player_count) if m.team_of[p] == t) for t in range(team_count))
        return Game(
            title=m.title, path=m.rules.path, params=dict(m.values), player_count=m.player_count,
            team_of=m.team_of, members=members, deck=m.deck, deck_size=self.ncards, zones=m.zones,
            slot_zone=tuple(slot_zone), slot_owner=tuple(slot_owner), deck_slot=deck_slot,
            vars=var_slots, var_index={v.name: i for i, v in enumerate(var_slots)}, phases=phases,
            phase_index=self.phase_index, setup=self.block(m.setup.body),
            score=lambda st, p: number(score_f(st, {var: p})), sources=m.sources, model=m,
            has_copies=len(set(m.deck.names)) < m.deck.size)

    def move(self, index: int, mv: n.MoveDecl) -> CompiledMove:
        var_names = tuple(g.var for g in mv.generators)
        # Each conjunct of the move's condition runs as soon as the parameters it uses are bound.
        conjuncts = _conjuncts(mv.condition) if mv.condition is not None else []
        levels = []
        bound: set[str] = {"me"}
        placed: set[int] = set()
        early = []
        for i, c in enumerate(conjuncts):
            if _free_names(c) & set(var_names) == set():
                early.append(self.expr(c))
                placed.add(i)
        for g in mv.generators:
            bound.add(g.var)
            filters = [self.expr(g.condition)] if g.condition is not None else []
            for i, c in enumerate(conjuncts):
                if i not in placed and (_free_names(c) & set(var_names)) <= bound:
                    filters.append(self.expr(c))
                    placed.add(i)
            levels.append((g.var, self.iterable(g.source), filters))
        if early and levels:
            first_var, first_source, first_filters = levels[0]
            levels[0] = (first_var, _guarded(early, first_source), first_filters)
            early = []
        params = [(g.var, T.element(self.type(g.source))) for g in mv.generators]
        render = self.renderer(mv, params)
        lazy = None
        if not any(t in ("group", "item", "any") or t.endswith(("group", "item", "any")) for _, t in params):
            def lazy(args, names=var_names):
                return render(None, dict(zip(names, args)))
        return CompiledMove(name=mv.name, index=index, var_names=var_names, levels=levels,
                            final_filters=early, render=render, body=self.block(mv.body),
                            lazy_text=lazy, span=mv.span, decl=mv)

    def renderer(self, mv: n.MoveDecl, params: list[tuple[str, str]]) -> Callable:
        show = {var: self.shower(t) for var, t in params}
        if mv.says is None:
            name = mv.name

            def render(st, env):
                parts = [name]
                for var, f in show.items():
                    text = f(st, env[var])
                    if text:
                        parts.append(text)
                return " ".join(parts)
            return render
        template = mv.says
        pieces = re.split(r"\{([A-Za-z_][A-Za-z0-9_]*)\}", template)

        def render_says(st, env):
            out = []
            for i, piece in enumerate(pieces):
                out.append(show[piece](st, env[piece]) if i % 2 else piece)
            return " ".join("".join(out).split())
        return render_says

    def shower(self, t: str) -> Callable:
        names = self.deck.names

        def item(st, x):
            if x is None:
                return "none"
            if x < self.ncards:
                return names[x]
            return "(" + " ".join(names[c] for c in st.groups[x]["cards"]) + ")"
        if t in ("card", "group", "item"):
            return item
        if t.startswith("list:"):
            inner = self.shower(t[5:])
            return lambda st, xs: " ".join(inner(st, x) for x in xs) if xs else "nothing"
        if t == "player":
            return lambda st, p: f"p{p}"
        if t == "bool":
            return lambda st, b: "yes" if b else "no"
        return lambda st, v: str(v)

    # --- expressions
    def expr(self, e) -> Callable:
        method = getattr(self, "e_" + type(e).__name__)
        return method(e)

    def e_Num(self, e):
        value = e.value
        return lambda st, env: value

    def e_Const(self, e):
        value = e.value
        return lambda st, env: value

    def e_Str(self, e):
        text = e.text
        return lambda st, env: text

    def e_Name(self, e):
        kind, what = self.m.names.get(id(e), ("local", e.id))
        if kind == "local":
            name = e.id
            return lambda st, env: env[name]
        if kind == "var":
            i = list(self.m.vars).index(what.name)
            return lambda st, env: st.vars[i]
        if kind == "param":
            value = self.m.values[what]
            if isinstance(value, tuple):
                value = list(value)
            return lambda st, env: value
        if kind == "zone":
            slot = what.base
            return lambda st, env: slot
        if kind == "const":
            value = self.constant(what)
            return lambda st, env: value
        if kind == "order":
            positions = self.deck.orders[what]
            return lambda st, env: positions
        if kind == "symbol":
            name = e.id
            return lambda st, env: name
        if kind == "def":
            body = self.def_body(e.id)
            return lambda st, env: body[0](st, {})
        if kind == "func":
            f = self.func_ref(e.id)
            return lambda st, env: f
        raise AssertionError(kind)

    def constant(self, name: str):
        m = self.m
        if name == "players":
            return list(range(m.player_count))
        if name == "teams":
            return list(range(len(set(m.team_of))))
        if name == "player_count":
            return m.player_count
        raise AssertionError(name)

    def e_Unary(self, e):
        f = self.expr(e.operand)
        if e.op == "not":
            return lambda st, env: not f(st, env)
        return lambda st, env: -f(st, env)

    def e_Cond(self, e):
        test, a, b = self.expr(e.test), self.expr(e.then), self.expr(e.otherwise)
        return lambda st, env: a(st, env) if test(st, env) else b(st, env)

    def e_Binary(self, e):
        op = e.op
        if op in ("in", "not in"):
            a, b = self.expr(e.left), self.iterable(e.right)
            if op == "in":
                return lambda st, env: a(st, env) in b(st, env)
            return lambda st, env: a(st, env) not in b(st, env)
        a, b = self.expr(e.left), self.expr(e.right)
        if op == "and":
            return lambda st, env: a(st, env) and b(st, env)
        if op == "or":
            return lambda st, env: a(st, env) or b(st, env)
        if op == "==":
            return lambda st, env: a(st, env) == b(st, env)
        if op == "!=":
            return lambda st, env: a(st, env) != b(st, env)
        if op == "<":
            return lambda st, env: _ordered(a(st, env)) < _ordered(b(st, env))
        if op == "<=":
            return lambda st, env: _ordered(a(st, env)) <= _ordered(b(st, env))
        if op == ">":
            return lambda st, env: _ordered(a(st, env)) > _ordered(b(st, env))
        if op == ">=":
            return lambda st, env: _ordered(a(st, env)) >= _ordered(b(st, env))
        if op == "..":
            return lambda st, env: list(range(int(a(st, env)), int(b(st, env)) + 1))
        lt, rt = self.type(e.left), self.type(e.right)
        if lt.startswith("list:") or rt.startswith("list:"):
            if op == "+":
                return lambda st, env: list(a(st, env)) + list(b(st, env))
            if op == "-":
                def difference(st, env):
                    out = list(a(st, env))
                    for x in b(st, env):
                        if x in out:
                            out.remove(x)
                    return out
                return difference
        span = e.span
        if op == "+":
            return lambda st, env: a(st, env) + b(st, env)
        if op == "-":
            return lambda st, env: a(st, env) - b(st, env)
        if op == "*":
            return lambda st, env: a(st, env) * b(st, env)

        def divide(st, env, kind=op):
            x, y = a(st, env), b(st, env)
            if y == 0:
                raise RulesRuntimeError("division by zero", span)
            if kind == "/":
                return number(Fraction(x) / Fraction(y)) if (isinstance(x, Fraction) or isinstance(y, Fraction)
                                                             or x % y) else x // y
            return x // y if kind == "//" else x % y
        return divide

    def e_ListLit(self, e):
        items = [self.expr(i) for i in e.items]
        return lambda st, env: [f(st, env) for f in items]

    def e_ListComp(self, e):
        element, var, source = self.expr(e.element), e.var, self.iterable(e.iterable)
        cond = self.expr(e.condition) if e.condition is not None else None

        def comp(st, env):
            saved = env.get(var, _MISSING)
            out = []
            for x in source(st, env):
                env[var] = x
                if cond is None or cond(st, env):
                    out.append(element(st, env))
            _restore(env, var, saved)
            return out
        return comp

    def e_MapLit(self, e):
        entries = [(self.expr(k), self.expr(v)) for k, v in e.entries]
        try:
            const = {k(None, {}): v(None, {}) for k, v in entries}
            return lambda st, env: const
        except Exception:
            return lambda st, env: {k(st, env): v(st, env) for k, v in entries}

    def e_Index(self, e):
        obj_t = self.type(e.obj)
        index = self.expr(e.index)
        span = e.span
        if obj_t.startswith("per:"):
            _, owner, inner = obj_t.split(":", 2)
            team_of = self.m.team_of
            by_player = owner == "team" and T.assignable(self.type(e.index), "player") and \
                self.type(e.index) != "team"
            kind, what = self.m.names.get(id(e.obj), (None, None))
            if kind == "zone":
                base = what.base
                if by_player:
                    return lambda st, env: base + team_of[index(st, env)]
                return lambda st, env: base + index(st, env)
            i = list(self.m.vars).index(what.name)
            if by_player:
                return lambda st, env: st.vars[i][team_of[index(st, env)]]
            return lambda st, env: st.vars[i][index(st, env)]
        obj = self.expr(e.obj)

        def lookup(st, env):
            container, key = obj(st, env), index(st, env)
            try:
                return container[key]
            except (KeyError, IndexError, TypeError):
                raise RulesRuntimeError(f"no entry for {key!r} here", span) from None
        return lookup

    def e_Attr(self, e):
        obj, name = self.expr(e.obj), e.name
        return lambda st, env: st.groups[obj(st, env)][name]

    def e_Aggregate(self, e):
        func, var = e.func, e.var
        element, source = self.expr(e.element), self.iterable(e.iterable)
        cond = self.expr(e.condition) if e.condition is not None else None

        def values(st, env):
            saved = env.get(var, _MISSING)
            for x in source(st, env):
                env[var] = x
                if cond is None or cond(st, env):
                    yield x, element(st, env)
            _restore(env, var, saved)

        if func == "sum":
            return lambda st, env: number(sum(v for _, v in values(st, env)))
        if func == "count":
            return lambda st, env: sum(1 for _, v in values(st, env) if v is not False and v is not None)
        if func == "any":
            return lambda st, env: any(v for _, v in values(st, env))
        if func == "all":
            return lambda st, env: all(v for _, v in values(st, env))
        if func in ("max", "min"):
            pick = max if func == "max" else min
            return lambda st, env: pick((v for _, v in values(st, env)), default=None)
        if func == "first":
            return lambda st, env: next((v for _, v in values(st, env)), None)

        sign = 1 if func == "most" else -1

        def extreme(st, env):
            best, best_value, tied = None, None, False
            for x, v in values(st, env):
                v = _ordered(v)
                if best_value is None or v * sign > best_value * sign:
                    best, best_value, tied = x, v, False
                elif v == best_value:
                    tied = True
            return None if tied else best
        return extreme

    def e_Call(self, e):
        f = e.func
        args = [self.argument(a, p) for a, p in zip(e.args, self._param_types(f))]
        if f in self.m.defs:
            d = self.m.defs[f]
            names = [p.name for p in d.params]
            body = self.def_body(f)
            if len(args) == 1:
                (a,), (name,) = args, names
                return lambda st, env: body[0](st, {name: a(st, env)})
            return lambda st, env: body[0](st, {k: a(st, env) for k, a in zip(names, args)})
        if f in self.deck.attrs:
            table, (a,) = self.deck.attrs[f], args
            return lambda st, env: table[a(st, env)]
        impl = REGISTRY[f].impl
        if len(args) == 0:
            return lambda st, env: impl(st)
        if len(args) == 1:
            a0 = args[0]
            return lambda st, env: impl(st, a0(st, env))
        if len(args) == 2:
            a0, a1 = args
            return lambda st, env: impl(st, a0(st, env), a1(st, env))
        return lambda st, env: impl(st, *[a(st, env) for a in args])

    def _param_types(self, f: str) -> list[str]:
        if f in self.m.defs:
            return [_type_of_ref(p.type) for p in self.m.defs[f].params]
        if f in self.deck.attrs:
            return ["card"]
        return list(REGISTRY[f].params)

    def argument(self, a, param_type: str) -> Callable:
        if param_type == "func":
            f = self.func_ref(a.id)
            return lambda st, env: f
        if param_type == "collection":
            return self.iterable(a)
        return self.expr(a)

    def def_body(self, name: str) -> list:
        """A one-element cell holding the compiled body, so definitions may refer forward."""
        cell = self.defs.get(name)
        if cell is None:
            cell = [None]
            self.defs[name] = cell
            cell[0] = self.expr(self.m.defs[name].body)
        return cell

    def func_ref(self, name: str) -> Callable:
        if name in self.deck.attrs:
            table = self.deck.attrs[name]
            return lambda st, x: table[x]
        if name in ("rank", "suit", "name"):
            impl = REGISTRY[name].impl
            return impl
        body = self.def_body(name)
        param = self.m.defs[name].params[0].name
        return lambda st, x: body[0](st, {param: x})

    def iterable(self, e) -> Callable:
        """Compile an expression used as a collection: a zone or group becomes its contents."""
        f = self.expr(e)
        t = self.type(e)
        if t in ("zone", "gzone"):
            return lambda st, env: st.zones[f(st, env)]
        if t == "group":
            return lambda st, env: st.groups[f(st, env)]["cards"]
        if t.startswith("list:") or t.startswith("map:"):
            return f
        ncards = self.ncards

        def anything(st, env):
            v = f(st, env)
            if isinstance(v, int) and not isinstance(v, bool):
                return st.groups[v]["cards"] if v >= ncards else st.zones[v]
            return v
        return anything

    # --- statements
    def block(self, b: n.Block) -> Callable:
        statements = [(self.stmt(s), s.span) for s in b.statements]
        funcs = [f for f, _ in statements]
        spans = [s for _, s in statements]
        sources = self.m.sources

        def run(st, env):
            i = 0
            try:
                for i, f in enumerate(funcs):
                    if f(st, env):
                        return True
            except RulesRuntimeError as exc:
                if exc.sources is None:
                    exc.sources = sources
                raise
            except (TypeError, ValueError, KeyError, IndexError, AttributeError, ZeroDivisionError) as exc:
                raise RulesRuntimeError(f"this statement failed while running: {exc}", spans[i],
                                        "a value was none or of the wrong kind here", sources) from None
            return False
        return run

    def stmt(self, s) -> Callable:
        return getattr(self, "s_" + type(s).__name__)(s)

    def s_Assign(self, s):
        value = self.expr(s.value)
        op = s.op
        target = s.target
        if isinstance(target, n.Name):
            kind, what = self.m.names.get(id(target), ("local", target.id))
            if kind == "local":
                name = target.id
                get = lambda st, env: env[name]  # noqa: E731
                def put(st, env, v):
                    env[name] = v
            else:
                i = list(self.m.vars).index(what.name)
                get = lambda st, env: st.vars[i]  # noqa: E731
                def put(st, env, v):
                    st.vars[i] = v
        elif isinstance(target, n.Index):
            what = self.m.names[id(target.obj)][1]
            i = list(self.m.vars).index(what.name)
            index = self.expr(target.index)
            if what.owner == "team" and self.type(target.index) == "player":
                team_of = self.m.team_of
                key = lambda st, env: team_of[index(st, env)]  # noqa: E731
            else:
                key = index
            get = lambda st, env: st.vars[i][key(st, env)]  # noqa: E731
            def put(st, env, v):
                st.vars[i][key(st, env)] = v
        else:
            obj, name = self.expr(target.obj), target.name
            get = lambda st, env: st.groups[obj(st, env)][name]  # noqa: E731
            def put(st, env, v):
                st.groups[obj(st, env)][name] = v
        if op == "=":
            def assign(st, env):
                put(st, env, value(st, env))
        elif op == "+=":
            def assign(st, env):
                put(st, env, number(get(st, env) + value(st, env)))
        else:
            def assign(st, env):
                put(st, env, number(get(st, env) - value(st, env)))
        return assign

    def s_Let(self, s):
        value, name = self.expr(s.value), s.name

        def let(st, env):
            env[name] = value(st, env)
        return let

    def items_of(self, e) -> Callable:
        """Compile what a statement acts on into a list of items (copied: the statement may move them)."""
        t = self.type(e)
        if t in ("card", "group", "item"):
            f = self.expr(e)
            return lambda st, env: [f(st, env)]
        it = self.iterable(e)
        return lambda st, env: list(it(st, env))

    @staticmethod
    def face(face: str | None):
        return None if face is None else (1 if face == "up" else 0)

    def s_MoveCards(self, s):
        items, dest, face = self.items_of(s.what), self.expr(s.dest), self.face(s.face)
        dest_t = self.type(s.dest)
        ncards = self.ncards
        span = s.span

        def move(st, env):
            target = dest(st, env)
            to_group = dest_t == "group" or (dest_t not in ("zone", "gzone") and target >= ncards)
            for x in items(st, env):
                if x is None:
                    raise RulesRuntimeError("there is no card to move (the value is none)", span)
                if to_group and x == target:
                    raise RulesRuntimeError("a group cannot move into itself", span)
                st.take(x)
                if to_group:
                    st.put_in_group(x, target, face)
                else:
                    st.put(x, target, face)
        return move

    def s_Deal(self, s):
        count, source, dest, face = self.expr(s.count), self.expr(s.source), self.expr(s.dest), self.face(s.face)
        span = s.span
        zones = self.m.zones

        def deal(st, env):
            k, src, to = count(st, env), source(st, env), dest(st, env)
            pile = st.zones[src]
            if len(pile) < k:
                zone = st.game.slot_zone[src].name
                raise RulesRuntimeError(f"cannot deal {k} cards from `{zone}`: it holds only {len(pile)}", span)
            for _ in range(int(k)):
                c = pile.pop()
                st.put(c, to, face)
        del zones
        return deal

    def s_Shuffle(self, s):
        zone = self.expr(s.zone)

        def shuffle(st, env):
            st.rng().shuffle(st.zones[zone(st, env)])
        return shuffle

    def cards_of(self, e) -> Callable:
        items = self.items_of(e)
        ncards = self.ncards

        def cards(st, env):
            out = []
            for x in items(st, env):
                if x is None:
                    continue
                if x < ncards:
                    out.append(x)
                else:
                    out.extend(st.groups[x]["cards"])
            return out
        return cards

    def s_Flip(self, s):
        cards, face = self.cards_of(s.what), 1 if s.face == "up" else 0

        def flip(st, env):
            for c in cards(st, env):
                st.face[c] = face
        return flip

    def s_Reveal(self, s):
        cards, to = self.cards_of(s.what), self.expr(s.to)

        def reveal(st, env):
            who = to(st, env)
            mask = 0
            for p in (who if isinstance(who, list) else [who]):
                mask |= 1 << p
            for c in cards(st, env):
                st.known[c] |= mask
        return reveal

    def s_MakeGroup(self, s):
        items, zone = self.items_of(s.cards), self.expr(s.zone)
        fields = [(name, self.expr(v)) for name, v in s.fields]
        declared = {}
        for z in self.m.zones.values():
            for name, t in z.fields.items():
                declared.setdefault(name, _default_value(t))

        def make(st, env):
            slot = zone(st, env)
            gid = st.next_group
            st.next_group += 1
            group = {"zone": slot, "cards": []}
            for name in st.game.slot_zone[slot].fields:
                group[name] = declared[name]
            for name, f in fields:
                group[name] = f(st, env)
            chosen = items(st, env)
            st.groups[gid] = group
            st.zones[slot].append(gid)
            for x in chosen:
                st.take(x)
                st.put_in_group(x, gid, None)
        return make

    def s_If(self, s):
        branches = [(self.expr(t), self.block(b)) for t, b in s.branches]
        otherwise = self.block(s.otherwise) if s.otherwise is not None else None
        if len(branches) == 1:
            (test, body), = branches

            def if1(st, env):
                if test(st, env):
                    return body(st, env)
                return otherwise(st, env) if otherwise is not None else False
            return if1

        def if_(st, env):
            for test, body in branches:
                if test(st, env):
                    return body(st, env)
            return otherwise(st, env) if otherwise is not None else False
        return if_

    def s_For(self, s):
        items, var, body = self.iterable(s.iterable), s.var, self.block(s.body)
        cond = self.expr(s.condition) if s.condition is not None else None

        def loop(st, env):
            saved = env.get(var, _MISSING)
            for x in list(items(st, env)):
                env[var] = x
                if cond is not None and not cond(st, env):
                    continue
                if body(st, env):
                    return True
            _restore(env, var, saved)
            return False
        return loop

    def s_Goto(self, s):
        index = self.phase_index[s.phase]

        def goto(st, env):
            st.phase = index
            return True
        return goto

    def s_EndGame(self, s):
        def end(st, env):
            st.over = True
            return True
        return end

    def s_CallAction(self, s):
        action = self.m.actions[s.name]
        names = [p.name for p in action.params]
        args = [self.expr(a) for a in s.args]
        cell = self.actions.get(s.name)
        if cell is None:
            cell = [None]
            self.actions[s.name] = cell
            cell[0] = self.block(action.body)

        def call(st, env):
            return cell[0](st, {k: a(st, env) for k, a in zip(names, args)})
        return call


def _ordered(v):
    if isinstance(v, (list, tuple)):
        return list(v)
    return v


def _restore(env: dict, var: str, saved) -> None:
    if saved is _MISSING:
        env.pop(var, None)
    else:
        env[var] = saved


def _guarded(conditions: list[Callable], source: Callable) -> Callable:
    def guarded(st, env):
        for c in conditions:
            if not c(st, env):
                return ()
        return source(st, env)
    guarded.__wrapped_source__ = source
    return guarded


def _conjuncts(e) -> list:
    if isinstance(e, n.Binary) and e.op == "and":
        return _conjuncts(e.left) + _conjuncts(e.right)
    return [e]


def _free_names(e) -> set[str]:
    """Names an expression mentions (an over-approximation of the locals it reads)."""
    out: set[str] = set()
    stack = [e]
    while stack:
        x = stack.pop()
        if isinstance(x, n.Name):
            out.add(x.id)
        elif isinstance(x, tuple):
            stack.extend(x)
        elif hasattr(x, "__attrs_attrs__"):
            for a in x.__attrs_attrs__:
                if a.name != "span":
                    stack.append(getattr(x, a.name))
    return out


def _type_of_ref(t: n.TypeRef) -> str:
    if t.kind == "enum":
        return "symbol"
    if t.kind == "list":
        return T.list_of(t.symbols[0])
    return t.kind


def _default_value(t: str) -> Any:
    return 0 if t == "number" else False if t == "bool" else [] if t.startswith("list:") else None


def _default_init(t: str) -> Callable:
    value = _default_value(t)
    if isinstance(value, list):
        return lambda st, env: []
    return lambda st, env: value
