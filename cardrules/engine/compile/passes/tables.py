"""Which defs become tables by card or by seat: those of one card or one seat that read no
state, so that their value for every card or seat can be computed once, when compiling, and a
call is an index (``T_points[L_c]``)."""

from __future__ import annotations

from ....language import nodes as n
from ....language import types as T
from ....language.builtins import REGISTRY
from ....language.model import Model


def tabulable_defs(model: Model) -> frozenset[str]:
    reads = StateReads(model)
    return frozenset(name for name, d in model.defs.items()
                     if len(d.params) == 1 and model.types.get(id(d.params[0].type), T.ANY) in (T.CARD, T.PLAYER)
                     and not reads.of_def(name))


class DefFact:
    """A yes-or-no fact about each def of a model, worked out once per def from its body."""

    def __init__(self, model: Model):
        self.m = model
        self._known: dict[str, bool] = {}

    def of_def(self, name: str) -> bool:
        known = self._known.get(name)
        if known is None:
            self._known[name] = True  # the language has no recursion; this guards anyway
            known = self._known[name] = self.of_body(self.m.defs[name].body)
        return known

    def of_body(self, body: n.Expr) -> bool:
        raise NotImplementedError


class StateReads(DefFact):
    """Whether a def's value may depend on the state, not only on its arguments, the
    parameters, the deck and the seats."""

    def of_body(self, body: n.Expr) -> bool:
        return self.of(body)

    def of(self, e) -> bool:
        m = self.m
        for x in n.walk(e):
            if isinstance(x, n.Attr):
                return True  # a group's field
            if isinstance(x, n.Name):
                kind = m.names.get(id(x), ("local",))[0]
                if kind in ("var", "zone"):
                    return True
                if kind in ("def", "func") and x.id in m.defs and self.of_def(x.id):
                    return True
            elif isinstance(x, n.Call):
                f = x.func
                if f in m.defs:
                    if self.of_def(f):
                        return True
                elif f not in m.deck.attrs:
                    b = REGISTRY[f]
                    if b.reads_state or not b.deterministic:
                        return True
        return False
