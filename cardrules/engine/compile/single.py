"""One expression compiled on its own, reading the rules' locals from a dict: `explain`
evaluates a move's conditions one at a time with it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...language.model import Model
from .emit.module import Emitter


class ExpressionCompiler:
    def __init__(self, model: Model):
        self.emitter = Emitter(model, env_mode=True)

    def function(self, e: Any, as_collection: bool = False) -> Callable:
        """`e` as f(state, env), env holding the values of the rules' locals it reads."""
        em, ex = self.emitter.em, self.emitter.expressions
        source = ex.iterable(e) if as_collection else ex.expr(e)
        em.env_mode = False
        defs = [f"def d_{name}(st{''.join(', L_' + p.name for p in d.params)}):\n"
                f"    return {ex.expr(d.body)}" for name, d in em.m.defs.items()]
        em.env_mode = True
        namespace = dict(em.ns)
        helpers = "\n".join(em.helpers.lines)
        exec(compile("\n".join(defs) + f"\n{helpers}\ndef f(st, env):\n    return {source}\n", "<explain>", "exec"),
             namespace)
        return namespace["f"]
