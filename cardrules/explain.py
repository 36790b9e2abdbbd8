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
    first = words[0] if words else text
    by_name = [cm for cm in phase.moves if cm.name == first]
    if not by_name:
        for other in st.game.phases:
            if other is not phase and any(cm.name == first for cm in other.moves):
                return Explanation(f"`{first}` is a move of phase `{other.name}`, but the game is in phase "
                                   f"`{phase.name}`; legal now: {_sample(legal)}", other.span)
        names = sorted({cm.name for cm in phase.moves})
        return Explanation(f"there is no move `{first}` in phase `{phase.name}`; "
                           f"moves here: {', '.join(names)}; legal now: {_sample(legal)}")
    sources = st.game.sources
    for cm in by_name:
        span = _first_failing_condition(st, cm, text)
        if span is not None:
            rule = sources.line(span).strip() if sources else None
            return Explanation(f"`{text}` is not allowed: the condition at {span.file}:{span.line} "
                               f"does not hold", span, rule)
    return Explanation(f"`{text}` does not match any way to play `{first}` here; legal now: {_sample(legal)}",
                       by_name[0].span)


def _sample(legal: Sequence[Move], limit: int = 8) -> str:
    texts = [m.text for m in legal[:limit]]
    more = f" (and {len(legal) - limit} more)" if len(legal) > limit else ""
    return ", ".join(texts) + more


def _first_failing_condition(st: State, cm: CompiledMove, text: str) -> Span | None:
    """Bind the move's parameters, ignoring every condition, until its text matches; then
    return the span of the first condition that is false for that binding."""
    from .compiler import CodeGen, _conjuncts
    gen = CodeGen(st.game.model, env_mode=True)
    decl = cm.decl
    sources = [gen.env_function(g.source, as_collection=True) for g in decl.generators]
    env: dict = {"me": st.player}
    budget = [CANDIDATE_LIMIT]

    def walk(level: int) -> dict | None:
        if budget[0] <= 0:
            return None
        if level == len(sources):
            budget[0] -= 1
            return dict(env) if cm.render(st, env) == text else None
        try:
            values = list(sources[level](st, env))
        except Exception:  # a source that needs a condition to hold first: no binding this way
            return None
        var = decl.generators[level].var
        for value in values:
            env[var] = list(value) if isinstance(value, tuple) else value
            found = walk(level + 1)
            if found is not None:
                return found
        env.pop(var, None)
        return None

    binding = walk(0)
    if binding is None:
        return None
    checks = [g.condition for g in decl.generators if g.condition is not None]
    if decl.condition is not None:
        checks.extend(_conjuncts(decl.condition))
    for condition in checks:
        try:
            holds = gen.env_function(condition)(st, binding)
        except Exception:  # a condition that cannot even be evaluated does not hold
            holds = False
        if not holds:
            return condition.span
    return None
