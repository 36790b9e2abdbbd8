"""Which loops of the generated code count their work, and by how much: a pass over the checked
model that decides before any code is written.

A step of play (a move, an automatic phase, listing the legal moves) may do at most
``MAX_STEP_WORK`` units of work (:mod:`cardrules.engine.primitives`), a unit being about one
evaluation; the rules cannot raise it. Counting costs time, so only loops that may be long count:
a loop is *open* when it may visit more than ``SMALL_LOOP`` items (a range whose ends are not
small constants, a list the rules or a built-in made, a zone of a large deck, a long `repeat`).
An open loop charges the step, as it starts, its number of items times the most one of its
rounds may do outside the open loops inside it (which charge for themselves); a def's call
weighs what the def may do outside its own open loops. A small loop in the rounds of an open one
is open too when its rounds may do more than ``HEAVY_LOOP`` units in all: it charges what it
visits, and the open loop around it only the rest of a round, so that a long list of cheap
rounds is not refused for the most a small loop in them could do. What is left uncounted is
nests of small loops, which the checker bounds (`Checker.check_work`). In the bundled games the
open loops go over lists that built-ins make (melds, subsets, sums) and, inside them, over the
builds on a table or the cards of a subset.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from ..language import nodes as n
from ..language import types as T
from ..language.builtins import REGISTRY
from ..language.folding import const_eval
from ..language.model import Model
from .primitives import MAX_LIST, MAX_RANGE, MAX_STEP_WORK

SMALL_LOOP = 256  # a loop of at most this many items counts nothing...
# ...unless it runs in the rounds of a loop that may be long and its rounds may do more than
# HEAVY_LOOP units in all: then it counts its own items, so that the long loop is charged what
# one of its rounds does outside it, not its longest possible run. (Cassino's capture test goes
# through the builds on the table, at most 20 and mostly none, for each of up to 100,000 unions
# of sums: charged 22,784 units a union for them, listing ended past 877 unions, which a table
# of 19 cards in random play reached.)
HEAVY_LOOP = 4096
# Built-ins whose work does not grow with the collection they are given (its size, an end).
_LOOKS_AT_ENDS = frozenset({"count", "empty", "top", "bottom"})


class LoopWeights:
    """Per open loop (the AST node of an aggregate, a comprehension, a `for`, a `repeat` or a
    move's parameter), what one of its items charges the step."""

    def __init__(self, model: Model):
        self.m = model
        self.deck = max(model.deck.size, 1)
        self.players = max(model.player_count, 1)
        self.weights: dict[tuple[int, tuple[int, ...]], int] = {}
        self._arguments: dict[tuple[int, tuple[int, ...]], bool] = {}
        self._def_costs: dict[str, int] = {}
        self._def_sizes: dict[str, int] = {}
        self._locals: dict[str, int] = {}
        self._only_let, self._only_loops = _binding_kinds(model)
        # The def each node of a def's body is in, and the def being bounded now: its
        # parameters are the names of that def's arguments.
        self._enclosing = {id(x): d.name for d in model.defs.values() for x in n.walk(d.body)}
        self._context: list[str | None] = [None]
        # The sizes of the parameters of defs written in place at the calls being written now:
        # a loop of an inlined body is as long as its arguments there, not at every call.
        self._overrides: list[dict[tuple[str, int], int]] = []
        self._values = _with_constant_defs(model)
        # Each move parameter's move and place, for what the parameters after it repeat.
        self._parameter_of = {id(g): (mv, i) for p in model.phases.values() for mv in p.moves
                              for i, g in enumerate(mv.generators)}
        self._calls: dict[str, list[n.Call]] = {}
        self._inside_open: frozenset[int] | None = None
        self._bounding: set[str] = set()  # the defs whose bodies `interval` is reading
        self._loops: dict[str, list[Any]] = {}  # a loop variable's name -> what its loops go through
        lets = []
        for x in _every_node(model):
            if isinstance(x, n.Call) and x.func in model.defs:
                self._calls.setdefault(x.func, []).append(x)
            elif isinstance(x, (n.Let, n.LetIn)):
                lets.append(x)
            elif isinstance(x, (n.For, n.Aggregate, n.ListComp)):
                self._loops.setdefault(x.var, []).append(x.iterable)
            elif isinstance(x, n.Generator):
                self._loops.setdefault(x.var, []).append(x.source)
        for _ in range(2):  # a `let` of a `let`'s value, written before or after it
            for x in lets:
                self.within(self._enclosing.get(id(x)), lambda let: self._bind(let.name, let.value), x)
        # A parameter given another def's parameter, a loop's item that is itself a list: grown
        # from nothing until no call or loop changes them.
        keys = [(d.name, i) for d in model.defs.values() for i in range(len(d.params))]
        # Whole numbers too: a def's numeric parameter and a loop's numeric item stay within
        # what their calls and loops give them (None: unknown), found the same way.
        self._param_intervals: dict[tuple[str, int], tuple[int, int] | None] = {}
        self._item_intervals: dict[str, tuple[int, int] | None] = {}
        for _ in range(len(model.defs) + 8):
            intervals = {key: self._param_interval_at_calls(*key) for key in keys}
            items = {name: _union([self.within(self._enclosing.get(id(x)), self.item_interval, x)
                                   for x in self._loops.get(name, [])])
                     for name in self._only_loops}
            if intervals == self._param_intervals and items == self._item_intervals:
                break
            self._param_intervals, self._item_intervals = intervals, items
        else:
            self._param_intervals, self._item_intervals = {}, {}
        self._param_sizes: dict[tuple[str, int], int] = dict.fromkeys(keys, 0)
        self._item_sizes: dict[str, int] = dict.fromkeys(self._only_loops, 0)
        for _ in range(len(model.defs) + 8):
            self._def_sizes.clear()  # what was bounded with the sizes of the round before
            params = {key: self._param_size_at_calls(*key) for key in keys}
            sizes = {name: max([self.within(self._enclosing.get(id(x)), self.item_size, x)
                                for x in self._loops.get(name, [])] or [0])
                     for name in self._only_loops}
            if params == self._param_sizes and sizes == self._item_sizes:
                break
            self._param_sizes, self._item_sizes = params, sizes
        else:
            self._param_sizes = dict.fromkeys(keys, MAX_LIST)
            self._item_sizes = dict.fromkeys(self._only_loops, MAX_LIST)
        self._def_sizes.clear()

    def weight(self, loop: Any, calls: tuple = ()) -> int | None:
        """What each item of `loop` charges, or None for a loop that counts nothing; `calls`,
        the calls of defs being written in place around it, outermost first."""
        key = (id(loop), tuple(map(id, calls)))
        known = self.weights.get(key, 0)
        if known == 0:
            known = self.weights[key] = self.at_calls(
                calls, lambda: self.within(self._enclosing.get(id(loop)), self._weigh, loop))
        return known if known > 0 else None

    def at_calls(self, calls: tuple, bound):
        """`bound()` with the parameters of each def called in `calls` as long as its arguments."""
        pushed = 0
        try:
            for call in calls:
                d = self.m.defs[call.func]
                self._overrides.append({(d.name, i): self.within(self._enclosing.get(id(call)), self.size, a)
                                        for i, a in enumerate(call.args)})
                pushed += 1
            return bound()
        finally:
            del self._overrides[len(self._overrides) - pushed:]

    def _weigh(self, loop: Any) -> int:
        if isinstance(loop, n.Repeat):
            rounds = _constant_int(loop.bound, self._values)
            if rounds is not None and rounds <= SMALL_LOOP:
                return -1
            return self._cap(1 + self.cost(loop.condition) + self.block(loop.body))
        if isinstance(loop, n.Generator):
            if self.size(loop.source) <= SMALL_LOOP:
                return -1
            # Each value goes through the parameters after it that count nothing themselves,
            # their tests, and the move's own condition.
            move, place = self._parameter_of[id(loop)]
            each, rounds = 1 + self.cost(loop.condition), 1
            for later in move.generators[place + 1:]:
                if self.size(later.source) > SMALL_LOOP:
                    break
                rounds *= max(self.size(later.source), 1)
                each += rounds * (1 + self.cost(later.condition))
            return self._cap(each + rounds * (1 + self.cost(move.condition)))
        size = self.size(loop.iterable)
        if size <= SMALL_LOOP and id(loop) not in self.inside_open_loops():
            return -1
        each = 1 + (self.cost(loop.condition) if loop.condition is not None else 0)
        if isinstance(loop, n.For):
            each += self.block(loop.body)
        elif loop.element is not None:
            each += self.cost(loop.element)
        if size <= SMALL_LOOP and size * each <= HEAVY_LOOP:
            return -1
        return self._cap(each)

    def inside_open_loops(self) -> frozenset[int]:
        """The nodes evaluated in the rounds of a loop that may be long: its test and body, the
        tests of a move's later parameters and the move's condition, and the bodies of the defs
        and actions they call (a def is in once for all its calls)."""
        if self._inside_open is not None:
            return self._inside_open
        inside: set[int] = set()
        entered: set[str] = set()

        def enter(parts: Any) -> None:
            for x in n.walk(parts):
                inside.add(id(x))
                called = x.func if isinstance(x, n.Call) else x.id if isinstance(x, n.Name) else None
                if called in self.m.defs and called not in entered:
                    entered.add(called)
                    enter(self.m.defs[called].body)
                if isinstance(x, n.CallAction) and x.name not in entered:
                    entered.add(x.name)
                    enter(self.m.actions[x.name].body)

        for x in _every_node(self.m):
            context = self._enclosing.get(id(x))
            if isinstance(x, (n.For, n.Aggregate, n.ListComp)) and \
                    self.within(context, self.size, x.iterable) > SMALL_LOOP:
                enter((x.condition, x.body if isinstance(x, n.For) else x.element))
            elif isinstance(x, n.Repeat) and (_constant_int(x.bound, self._values) or SMALL_LOOP + 1) > SMALL_LOOP:
                enter((x.condition, x.body))
            elif isinstance(x, n.Generator) and self.size(x.source) > SMALL_LOOP:
                move, place = self._parameter_of[id(x)]
                enter((x.condition, *((g.source, g.condition) for g in move.generators[place + 1:]), move.condition))
        self._inside_open = frozenset(inside)
        return self._inside_open

    def charges_argument(self, builtin: str, arg: Any, calls: tuple = ()) -> bool:
        """Whether a collection given to a built-in may be long, and so is charged, an
        item a unit, as it is passed: not to those that look only at its size or an end."""
        if builtin in _LOOKS_AT_ENDS:
            return False
        key = (id(arg), tuple(map(id, calls)))
        known = self._arguments.get(key)
        if known is None:
            known = self._arguments[key] = T.is_collection(self.m.types.get(id(arg), T.NUMBER)) and \
                self.at_calls(calls, lambda: self.within(self._enclosing.get(id(arg)), self.size, arg)) > SMALL_LOOP
        return known

    @staticmethod
    def _cap(units: int) -> int:
        return max(1, min(units, MAX_STEP_WORK + 1))

    # --- what is done outside open loops
    def cost(self, e: Any) -> int:
        """What evaluating `e` may do outside the open loops in it (each charges for itself)."""
        if e is None:
            return 0
        if isinstance(e, (n.Aggregate, n.ListComp)):
            inner = 1 + self.cost(e.element) + self.cost(e.condition)
            if self.weight(e) is not None:
                return self._cap(self.cost(e.iterable) + 1)
            return self._cap(self.cost(e.iterable) + self.size(e.iterable) * inner)
        total = 1
        if isinstance(e, n.Call) and e.func in self.m.defs:
            total += self.def_cost(e.func)
        elif isinstance(e, n.Call) and e.func not in self.m.deck.attrs:
            # A built-in goes through the collections it is given: a small one weighs its size
            # here, a long one is charged as it is passed (see charges_argument).
            for a in e.args if e.func not in _LOOKS_AT_ENDS else ():
                if T.is_collection(self.m.types.get(id(a), T.NUMBER)):
                    size = self.size(a)
                    total += size if size <= SMALL_LOOP else 1
        elif isinstance(e, n.Name) and e.id in self.m.defs and not self.m.defs[e.id].params:
            total += self.def_cost(e.id)
        elif isinstance(e, n.LetIn):
            total += self.cost(e.value)
            self._bind(e.name, e.value)
            return self._cap(total + self.cost(e.body))
        for child in _children(e):
            total += self.cost(child)
        return self._cap(total)

    def block(self, b: n.Block) -> int:
        return self._cap(sum(self.statement(s) for s in b.statements))

    def statement(self, s: Any) -> int:
        if isinstance(s, n.For):
            if self.weight(s) is not None:
                return self._cap(self.cost(s.iterable) + 1)
            each = 1 + self.block(s.body) + self.cost(s.condition)
            return self._cap(self.cost(s.iterable) + self.size(s.iterable) * each)
        if isinstance(s, n.Repeat):
            if self.weight(s) is not None:
                return 1
            rounds = _constant_int(s.bound, self._values) or 0
            return self._cap(rounds * (1 + self.cost(s.condition) + self.block(s.body)))
        if isinstance(s, n.If):
            tests = sum(self.cost(test) for test, _ in s.branches)
            bodies = [self.block(body) for _, body in s.branches]
            if s.otherwise is not None:
                bodies.append(self.block(s.otherwise))
            return self._cap(tests + max(bodies, default=0))
        if isinstance(s, n.Let):
            cost = 1 + self.cost(s.value)
            self._bind(s.name, s.value)
            return cost
        if isinstance(s, n.CallAction):
            return self._cap(1 + self.block(self.m.actions[s.name].body) + sum(self.cost(a) for a in s.args))
        return self._cap(1 + sum(self.cost(c) for c in _children(s)))

    def def_cost(self, name: str) -> int:
        known = self._def_costs.get(name)
        if known is None:
            self._def_costs[name] = 1  # the language has no recursion; this guards anyway
            known = self.within(name, self.cost, self.m.defs[name].body)
            if self._overrides:  # bounded for one call's arguments: not kept for every call
                del self._def_costs[name]
            else:
                self._def_costs[name] = known
        return known

    # --- how many items a loop may visit
    def size(self, e: Any) -> int:
        if isinstance(e, n.Binary) and e.op == "..":
            low, high = self.interval(e.left), self.interval(e.right)
            spans = [] if low is None or high is None else [high[1] - low[0]]
            apart = self.apart(e.left, e.right)
            if apart is not None:
                spans.append(apart[1])
            if not spans:
                return MAX_RANGE
            return max(min(min(spans) + 1, MAX_RANGE), 0)
        if isinstance(e, (n.ListComp, n.Aggregate)):
            return self.size(e.iterable)
        if isinstance(e, n.ListLit):
            return len(e.items)
        if isinstance(e, n.Cond):
            return max(self.size(e.then), self.size(e.otherwise))
        if isinstance(e, n.Binary) and e.op == "+":
            return min(self.size(e.left) + self.size(e.right), MAX_LIST)
        if isinstance(e, n.Binary) and e.op == "-":
            return self.size(e.left)
        t = self.m.types.get(id(e), T.ANY)
        if t in (T.ZONE, T.GZONE, T.GROUP):
            return self.deck
        kind, what = self.m.names.get(id(e), ("", None))[:2] if isinstance(e, n.Name) else (None, None)
        if kind == "const" and t.kind == "list":
            return self.players  # `players`, `teams`
        if kind == "param" and isinstance(self.m.values.get(what), tuple):
            return len(self.m.values[what])  # a list parameter's value, known before play
        if kind == "local" and e.id in self._locals:
            return self._locals[e.id]
        if kind == "local" and self._context[-1] is not None:
            d = self.m.defs[self._context[-1]]
            for i, p in enumerate(d.params):
                if p.name == e.id:
                    for override in reversed(self._overrides):
                        if (d.name, i) in override:
                            return override[d.name, i]
                    return self._param_sizes.get((d.name, i), MAX_LIST)
        if kind == "local" and e.id in self._only_loops:
            return self._item_sizes.get(e.id, MAX_LIST)
        if isinstance(e, n.Name) and e.id in self.m.defs and not self.m.defs[e.id].params:
            return self.def_size(e.id)
        if isinstance(e, n.Call) and e.func in self.m.defs:
            return self.def_size(e.func)
        if isinstance(e, n.Call) and e.func in REGISTRY and REGISTRY[e.func].no_longer_than_first and e.args:
            return self.size(e.args[0])
        if isinstance(e, n.Call) and e.func not in self.m.deck.attrs and t.kind == "list" \
                and t.of in (T.CARD, T.GROUP, T.ITEM, T.PLAYER, T.TEAM):
            # A built-in's cards, groups or seats are some of those the game has.
            return self.players if t.of in (T.PLAYER, T.TEAM) else self.deck
        return MAX_LIST

    def interval(self, e: Any) -> tuple[int, int] | None:
        """Whole numbers `e` stays between, when the rules show it (a range's ends), or None."""
        value = _constant_int(e, self._values)
        if value is not None:
            return value, value
        if isinstance(e, n.Call) and e.func == "count" and len(e.args) == 1 and e.func not in self.m.defs:
            return 0, self.size(e.args[0])
        if isinstance(e, n.Call) and e.func in self.m.defs and e.func not in self._bounding:
            self._bounding.add(e.func)  # the language has no recursion; this guards anyway
            try:
                return self.within(e.func, self.interval, self.m.defs[e.func].body)
            finally:
                self._bounding.discard(e.func)
        if isinstance(e, n.Aggregate) and e.func in ("max", "min") and self.m.is_loop_variable(e.element, e.var):
            return self.item_interval(e.iterable)  # one of the items (or none, which bounds nothing)
        if isinstance(e, n.Call) and e.func in ("min", "max") and len(e.args) == 2 and e.func not in self.m.defs:
            a, b = self.interval(e.args[0]), self.interval(e.args[1])
            if a is None or b is None:
                if e.func == "min" and (a or b):  # the smaller of two is at most either
                    known = a or b
                    return -MAX_RANGE, known[1]
                return None
            pick = min if e.func == "min" else max
            return pick(a[0], b[0]), pick(a[1], b[1])
        if isinstance(e, n.Binary) and e.op in ("+", "-"):
            a, b = self.interval(e.left), self.interval(e.right)
            if a is None or b is None:
                return None
            return (a[0] + b[0], a[1] + b[1]) if e.op == "+" else (a[0] - b[1], a[1] - b[0])
        if isinstance(e, n.Name) and self.m.names.get(id(e), ("",))[0] == "local":
            if self._context[-1] is not None:
                d = self.m.defs[self._context[-1]]
                for i, p in enumerate(d.params):
                    if p.name == e.id:
                        return self._param_intervals.get((d.name, i))
            if e.id in self._only_loops:
                return self._item_intervals.get(e.id)
        return None

    def apart(self, low: Any, high: Any) -> tuple[int, int] | None:
        """Whole numbers `high - low` stays between when both are one term plus or minus a
        known number (`count(xs) - k .. count(xs) - 1`: at most what k may be, less one), or None.
        The term is evaluated twice, so it must be the same value both times: no def, no draw."""
        low_term, low_by = self.offset(low)
        high_term, high_by = self.offset(high)
        if _shape(low_term) != _shape(high_term) or not _same_each_time(low_term, self.m):
            return None
        return high_by[0] - low_by[1], high_by[1] - low_by[0]

    def offset(self, e: Any) -> tuple[Any, tuple[int, int]]:
        """`e` as a term plus a number within known bounds (`e` itself plus 0 at the least)."""
        if isinstance(e, n.Binary) and e.op in ("+", "-"):
            by = self.interval(e.right)
            if by is not None:
                term, more = self.offset(e.left)
                by = by if e.op == "+" else (-by[1], -by[0])
                return term, (more[0] + by[0], more[1] + by[1])
        return e, (0, 0)

    def item_interval(self, e: Any) -> tuple[int, int] | None:
        """Whole numbers every item of the list or range `e` stays between, or None."""
        if isinstance(e, n.Binary) and e.op == "..":
            low, high = self.interval(e.left), self.interval(e.right)
            return (low[0], high[1]) if low is not None and high is not None else None
        if isinstance(e, n.Binary) and e.op == "+":
            a, b = self.item_interval(e.left), self.item_interval(e.right)
            return (min(a[0], b[0]), max(a[1], b[1])) if a is not None and b is not None else None
        if isinstance(e, n.ListLit):
            items = [self.interval(x) for x in e.items]
            if not items or any(x is None for x in items):
                return None
            return min(x[0] for x in items), max(x[1] for x in items)
        if isinstance(e, (n.ListComp, n.Aggregate)) and e.element is None:
            return self.item_interval(e.iterable)
        return None

    def _param_interval_at_calls(self, name: str, i: int) -> tuple[int, int] | None:
        found: tuple[int, int] | None = None
        for call in self._calls.get(name, []):
            if i >= len(call.args):
                continue
            got = self.within(self._enclosing.get(id(call)), self.interval, call.args[i])
            if got is None:
                return None
            found = got if found is None else (min(found[0], got[0]), max(found[1], got[1]))
        return found

    def def_size(self, name: str) -> int:
        known = self._def_sizes.get(name)
        if known is None:
            self._def_sizes[name] = MAX_LIST
            known = self.within(name, self.size, self.m.defs[name].body)
            if self._overrides:
                del self._def_sizes[name]
            else:
                self._def_sizes[name] = known
        return known

    def item_size(self, e: Any) -> int:
        """How many items each item of `e` may hold, when its items are lists (0 otherwise)."""
        t = T.element(self.m.types.get(id(e), T.ANY))
        if not T.is_collection(t):
            return 0
        if isinstance(e, n.ListComp) and e.element is not None:
            return self.size(e.element)
        if isinstance(e, n.Name) and e.id in self.m.defs and not self.m.defs[e.id].params:
            return self.within(e.id, self.item_size, self.m.defs[e.id].body)
        if isinstance(e, n.Call) and e.func in self.m.defs:
            return self.within(e.func, self.item_size, self.m.defs[e.func].body)
        if isinstance(e, n.Call) and e.func not in self.m.deck.attrs and t.kind == "list" \
                and t.of in (T.CARD, T.GROUP, T.ITEM, T.PLAYER, T.TEAM):
            # A built-in's lists of cards (melds, runs, subsets) are of the cards it is given.
            if t.of in (T.PLAYER, T.TEAM):
                return self.players
            given = 0
            for a in e.args:
                at = self.m.types.get(id(a), T.ANY)
                given += 1 if at == T.CARD else self.size(a) if T.is_collection(at) else 0
            place = REGISTRY[e.func].items_at_most if e.func in REGISTRY else None
            bound = self.interval(e.args[place]) if place is not None and place < len(e.args) else None
            if bound is not None:
                given = min(given, max(bound[1], 0))
            return min(given, self.deck)
        if t in (T.ZONE, T.GZONE, T.GROUP):
            return self.deck
        return MAX_LIST

    def _param_size_at_calls(self, name: str, i: int) -> int:
        """The most items the def `name` is given as its parameter i, at any of its calls."""
        found = 0
        for call in self._calls.get(name, []):
            if i < len(call.args):
                found = max(found, self.within(self._enclosing.get(id(call)), self.size, call.args[i]))
        return min(found, MAX_LIST)

    def within(self, context: str | None, bound: Callable[[Any], Any], e: Any) -> Any:
        """`bound(e)` with the parameters of the def `context` (None: no def) in scope."""
        self._context.append(context)
        try:
            return bound(e)
        finally:
            self._context.pop()

    def _bind(self, name: str, value: Any) -> None:
        # A local's size is known only when every local of that name in the rules is a `let`
        # never assigned again: then it is at most the largest value any of them is given.
        if name in self._only_let and T.is_collection(self.m.types.get(id(value), T.ANY)):
            self._locals[name] = max(self._locals.get(name, 0), self.size(value))


def _every_node(model: Model) -> Iterable[Any]:
    roots: list[Any] = [model.setup, model.score, *model.defs.values(), *model.actions.values(),
                        *model.phases.values(), *(v.init for v in model.vars.values() if v.init is not None),
                        *model.always]
    for root in roots:
        yield from n.walk(root)


def _binding_kinds(model: Model) -> tuple[frozenset[str], frozenset[str]]:
    """The local names that only `let` binds, and nothing assigns, anywhere in the rules; and
    those that only loops bind, besides being some def's parameter."""
    let: set[str] = set()
    params: set[str] = set()
    loops: set[str] = set()
    other: set[str] = set()
    for x in _every_node(model):
        if isinstance(x, (n.Let, n.LetIn)):
            let.add(x.name)
        elif isinstance(x, n.Assign) and isinstance(x.target, n.Name):
            other.add(x.target.id)
        elif isinstance(x, (n.For, n.Aggregate, n.ListComp, n.Generator)):
            loops.add(x.var)
        elif isinstance(x, n.Def):
            params.update(p.name for p in x.params)
        elif isinstance(x, n.Action):
            other.update(p.name for p in x.params)
    other.add(model.score.var)
    # A def's parameter is told apart by the def being bounded, so a loop's name may also be one.
    return frozenset(let - other - params - loops), frozenset(loops - other - let)


def _with_constant_defs(model: Model) -> dict[str, Any]:
    """The parameters' values, and those of the defs of no parameters that they decide."""
    values = {**model.values, "player_count": model.player_count}
    for _ in range(len(model.defs)):
        grew = False
        for d in model.defs.values():
            if not d.params and d.name not in values:
                try:
                    values[d.name] = const_eval(d.body, values)
                    grew = True
                except Exception:  # not constant, or too large to be a constant
                    pass
        if not grew:
            break
    return values


def _union(intervals: list) -> tuple[int, int] | None:
    if not intervals or any(x is None for x in intervals):
        return None
    return min(x[0] for x in intervals), max(x[1] for x in intervals)


def _shape(e: Any) -> Any:
    """A node as its kind and fields, spans left out: equal for the same expression written twice."""
    if isinstance(e, tuple):
        return tuple(_shape(x) for x in e)
    if isinstance(e, n.Node):
        return (e.__class__.__name__,) + tuple(_shape(getattr(e, f)) for f in e.FIELDS if f != "span")
    return e


def _same_each_time(e: Any, model: Model) -> bool:
    """Whether `e` is the same value wherever one step evaluates it: it calls no def and no
    built-in that draws at random."""
    for x in n.walk(e):
        if isinstance(x, n.Call) and (x.func in model.defs or
                                      (x.func not in model.deck.attrs and not REGISTRY[x.func].deterministic)):
            return False
        if isinstance(x, n.Name) and x.id in model.defs:
            return False
    return True


def _constant_int(e: Any, values: dict[str, Any]) -> int | None:
    try:
        value = const_eval(e, values)
    except Exception:  # not constant, or too large to be a constant
        return None
    return value if value.__class__ is int else None


def _children(e: Any) -> Iterable[Any]:
    for f in getattr(e, "FIELDS", ()):
        if f == "span":
            continue
        child = getattr(e, f)
        for c in (child if isinstance(child, tuple) else (child,)):
            if isinstance(c, tuple):
                yield from (x for x in c if isinstance(x, n.Node))
            elif isinstance(c, n.Node):
                yield c
