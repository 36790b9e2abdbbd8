"""Which calls a def's body makes more than once with the same arguments, so that its function
computes each once, into a local, before it returns (``_s0 = ...``).

A call is shared when it calls a def with arguments that are the def's own parameters or
literals (the same values wherever it stands in the body, as no comprehension or `let` inside
rebinds them), when the def it calls draws no randomness (so one value stands for all), and
when at least one of its uses is evaluated whenever the body is: computing it first then
evaluates nothing the body would not have evaluated. Cribbage's
``if longest_run(cs) == 0 then 0 else longest_run(cs) * count(... longest_run(cs) ...)``
works out the longest run once, not three times.
"""

from __future__ import annotations

from ....language import nodes as n
from ....language.builtins import REGISTRY
from ....language.model import Model
from .tables import DefFact

SharedCalls = dict[str, tuple[tuple[n.Call, ...], ...]]


def shared_calls(model: Model) -> SharedCalls:
    """Per def, its groups of shared calls, each group the calls of one value in source order."""
    draws = RandomDraws(model)
    shared: SharedCalls = {}
    for name, d in model.defs.items():
        finder = _Uses(model, {p.name for p in d.params}, draws)
        finder.visit(d.body, conditional=False, bound=frozenset())
        groups = tuple(tuple(sorted(calls, key=lambda c: (c.span.line, c.span.column)))
                       for key, calls in finder.uses.items()
                       if len(calls) > 1 and key in finder.unconditional)
        if groups:
            shared[name] = groups
    return shared


class RandomDraws(DefFact):
    """Whether a def's value may come from a random draw (then two calls are two draws)."""

    def of_body(self, body: n.Expr) -> bool:
        return any(self._draws(x) for x in n.walk(body))

    def _draws(self, x) -> bool:
        m = self.m
        if isinstance(x, n.Call):
            if x.func in m.defs:
                return self.of_def(x.func)
            return x.func not in m.deck.attrs and not REGISTRY[x.func].deterministic
        if isinstance(x, n.Name) and x.id in m.defs and m.names.get(id(x), ("local",))[0] in ("def", "func"):
            return self.of_def(x.id)
        return False


class _Uses:
    """The calls of one def's body, grouped by what they compute, and which groups have a use
    that every evaluation of the body reaches."""

    def __init__(self, model: Model, params: set[str], draws: RandomDraws):
        self.m, self.params, self.draws = model, params, draws
        self.uses: dict[tuple, list[n.Call]] = {}
        self.unconditional: set[tuple] = set()

    def key(self, e: n.Call, bound: frozenset[str]) -> tuple | None:
        if e.func not in self.m.defs or self.draws.of_def(e.func):
            return None
        args: list[tuple] = []
        for a in e.args:
            if isinstance(a, n.Name) and a.id in self.params and a.id not in bound \
                    and self.m.names.get(id(a), ("local",))[0] == "local":
                args.append(("name", a.id))
            elif isinstance(a, (n.Num, n.Str, n.Const)):
                args.append(("value", type(a).__name__, repr(getattr(a, "value", getattr(a, "text", None)))))
            else:
                return None
        return (e.func, tuple(args))

    def visit(self, e, conditional: bool, bound: frozenset[str]) -> None:
        if isinstance(e, n.Call):
            key = self.key(e, bound)
            if key is not None:
                self.uses.setdefault(key, []).append(e)
                if not conditional:
                    self.unconditional.add(key)
            for a in e.args:
                self.visit(a, conditional, bound)
        elif isinstance(e, n.Cond):
            self.visit(e.test, conditional, bound)
            self.visit(e.then, True, bound)
            self.visit(e.otherwise, True, bound)
        elif isinstance(e, n.Binary) and e.op in ("and", "or"):
            self.visit(e.left, conditional, bound)
            self.visit(e.right, True, bound)
        elif isinstance(e, (n.Aggregate, n.ListComp)):
            self.visit(e.iterable, conditional, bound)
            inner = bound | {e.var}
            self.visit(e.element, True, inner)
            if e.condition is not None:
                self.visit(e.condition, True, inner)
        elif isinstance(e, n.LetIn):
            self.visit(e.value, conditional, bound)
            self.visit(e.body, conditional, bound | {e.name})
        elif isinstance(e, tuple):
            for x in e:
                self.visit(x, conditional, bound)
        elif isinstance(e, n.Node):
            for f in e.FIELDS:
                if f != "span":
                    self.visit(getattr(e, f), conditional, bound)
