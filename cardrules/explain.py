"""Why a move is not legal: find the move the text names, bind its parameters as the text
says, and report the first condition that refuses it, pointing into the rules file."""

from __future__ import annotations

from typing import Sequence

import attrs

from .diagnostics import Span
from .runtime import CompiledMove, Move, State

CANDIDATE_LIMIT = 50_000


@attrs.frozen
class Explanation:
    reason: str
    span: Span | None = None
    rule_text: str | None = None

    def render(self) -> str:
        lines = [self.reason]
        if self.span is not None:
            where = f"{self.span.file}:{self.span.line}"
            lines.append(f"  rule: {where}: {self.rule_text}" if self.rule_text else f"  rule: {where}")
        return "\n".join(lines)


def why_illegal(st: State, text: str, legal: Sequence[Move]) -> str:
    return explain(st, text, legal).render()


def explain(st: State, text: str, legal: Sequence[Move] | None = None) -> Explanation:
    if st.over:
        return Explanation("the game is over")
    legal = st.legal_moves() if legal is None else legal
    if any(m.text == text for m in legal):
        return Explanation(f"`{text}` is legal here")
    phase = st.game.phases[st.phase]
    words = text.split()
    by_name = [cm for cm in phase.moves if words and cm.name == words[0]]
    if not by_name:
        for other in st.game.phases:
            if other is not phase and any(cm.name == (words[0] if words else "") for cm in other.moves):
                return Explanation(f"`{words[0]}` is a move of phase `{other.name}`, but the game is in phase "
                                   f"`{phase.name}`; legal now: {_sample(legal)}", other.span)
        names = sorted({cm.name for cm in phase.moves})
        return Explanation(f"there is no move `{words[0] if words else text}` in phase `{phase.name}`; "
                           f"moves here: {', '.join(names)}; legal now: {_sample(legal)}")
    sources = st.game.sources
    for cm in by_name:
        found = _find_failure(st, cm, text)
        if found is not None:
            span = found
            rule = sources.line(span).strip() if (sources and span) else None
            return Explanation(f"`{text}` is not allowed: the condition at {span.file}:{span.line} does not hold",
                               span, rule)
    return Explanation(f"`{text}` does not match any way to play `{words[0]}` here; legal now: {_sample(legal)}",
                       by_name[0].span)


def _sample(legal: Sequence[Move], limit: int = 8) -> str:
    texts = [m.text for m in legal[:limit]]
    more = f" (and {len(legal) - limit} more)" if len(legal) > limit else ""
    return ", ".join(texts) + more


def _find_failure(st: State, cm: CompiledMove, text: str) -> Span | None:
    """Bind the move's parameters without conditions until the rendering matches `text`; then
    return the span of the first condition that is false for that binding."""
    decl = cm.decl
    gens = decl.generators
    env: dict = {"me": st.player}
    budget = [CANDIDATE_LIMIT]
    compiler_levels = cm.levels

    def walk(level: int):
        if budget[0] <= 0:
            return None
        if level == len(gens):
            budget[0] -= 1
            if cm.render(st, env) == text:
                return dict(env)
            return None
        var, source, _ = compiler_levels[level]
        try:
            values = list(_unguarded(source)(st, env))
        except Exception:
            return None
        for value in values:
            env[var] = value
            hit = walk(level + 1)
            if hit is not None:
                return hit
        env.pop(var, None)
        return None

    binding = walk(0)
    if binding is None:
        return None
    from .compiler import Compiler
    checks = []
    for g in gens:
        if g.condition is not None:
            checks.append(g.condition)
    if decl.condition is not None:
        from .compiler import _conjuncts
        checks.extend(_conjuncts(decl.condition))
    compiler = _compiler_for(st)
    for c in checks:
        try:
            ok = compiler.expr(c)(st, binding)
        except Exception:
            ok = False
        if not ok:
            return c.span
    del Compiler
    return None


def _unguarded(source):
    # The first level's source may be wrapped with the move's early conditions; see through it.
    inner = getattr(source, "__wrapped_source__", None)
    return inner or source


_COMPILERS: dict[int, object] = {}


def _compiler_for(st: State):
    from .compiler import Compiler
    key = id(st.game)
    compiler = _COMPILERS.get(key)
    if compiler is None:
        compiler = Compiler(st.game.model)
        _COMPILERS.clear()
        _COMPILERS[key] = compiler
    return compiler
