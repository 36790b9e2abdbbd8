"""Why a move is not legal, in a player's words, pointing at the rule that refuses it.

The text of a move names the move and its parameters (``raise 5``, ``capture 4H 4C with 8S``).
To explain a refusal, find the moves whose text could be this one: in the current phase, or
else in another phase (not now, or not this seat's turn), or else none (a misspelt name). For a
move of this phase, first check its conditions that do not depend on the parameters; then bind
the parameters as the text says, ignoring every condition, pruning each value whose text does
not fit; then check the conditions for that binding in order. The first one that is false is the
reason: quoted from the rules file, with the values that make it false.
"""

from __future__ import annotations

import re

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Sequence

import attrs

from ..language import nodes as n
from ..language import types as T
from ..language.checker import PLACEHOLDER
from .compile.emit.moves import conjuncts, free_names
from .compile.single import ExpressionCompiler
from .move_text import MoveTexts
from .per_game import per_game
from .primitives import normal_text
from ..language.diagnostics import Span, did_you_mean

if TYPE_CHECKING:
    from .primitives import Move
    from .runtime import CompiledMove, CompiledPhase, Game, State


CANDIDATE_LIMIT = 50_000  # bindings tried before giving up on a move with huge generators


@attrs.frozen
class Explanation:
    reason: str
    span: Span | None = None
    rule_text: str | None = None
    legal: bool = False  # the move is legal here: the explanation only says so

    def render(self) -> str:
        lines = [self.reason]
        if self.span is not None:
            where = f"{self.span.shown_file}:{self.span.line}"
            lines.append(f"  rule: {where}: {self.rule_text}" if self.rule_text else f"  rule: {where}")
        return "\n".join(lines)


def why_illegal(st: State, text: str, legal: Sequence[Move]) -> str:
    return explain(st, text, legal).render()


def explain(st: State, text: str, legal: Sequence[Move] | None = None, seat: int | None = None) -> Explanation:
    """Why `text` is not a legal move now (or that it is). `seat` is who asks, when known."""
    text = normal_text(text)
    if st.over:
        return Explanation("the game is over: no move can be played")
    legal = st.legal_moves() if legal is None else legal
    if seat is not None and seat != st.player:
        return Explanation(f"it is not your turn: seat {st.player} plays now, in phase `{st.phase_name}`")
    if any(m.text == text for m in legal):
        return Explanation(f"`{text}` is legal here", legal=True)
    return _explainer(st.game).explain(st, text, legal)


class _Explainer:
    """The compiled conditions and parameter sources of one game, made once."""

    def __init__(self, game: Game):
        self.game = game
        self.compiler = ExpressionCompiler(game.model)
        self.texts = MoveTexts(game.model)
        self.functions: dict[tuple[int, bool], Callable] = {}

    def function(self, e, as_collection: bool = False) -> Callable:
        key = (id(e), as_collection)
        f = self.functions.get(key)
        if f is None:
            f = self.functions[key] = self.compiler.function(e, as_collection)
        return f

    def source(self, span: Span | None) -> str | None:
        sources = self.game.sources
        return sources.text(span) if (sources and span) else None

    def rule_line(self, span: Span) -> str | None:
        sources = self.game.sources
        line = sources.line(span) if sources else None
        return line.strip() if line else None

    # --- which move is meant
    def explain(self, st: State, text: str, legal: Sequence[Move]) -> Explanation:
        phase = self.game.phases[st.phase]
        here = [cm for cm in phase.moves if _may_read(cm, text)]
        if here:
            return self.refusal(st, text, here, legal)
        word = text.split(" ", 1)[0] if text else ""
        elsewhere = [(p, cm) for p in self.game.phases if p is not phase for cm in p.moves if _may_read(cm, text)]
        if elsewhere:
            return self.not_now(st, elsewhere[0][0], elsewhere[0][1], legal)
        names = sorted({cm.name for cm in phase.moves})
        every = sorted({cm.name for p in self.game.phases for cm in p.moves})
        close = did_you_mean(word, names) or did_you_mean(word, every)
        reason = f"there is no move `{word}`" + (f"; {close}" if close else "")
        reason += f"\nmoves in phase `{phase.name}`: {', '.join(names)}; legal now: {_sample(legal)}"
        return Explanation(reason)

    def not_now(self, st: State, other: CompiledPhase, cm: CompiledMove, legal: Sequence[Move]) -> Explanation:
        turn = self.game.model.phases[other.name].turn
        who = ""
        if turn is not None:
            try:
                player = self.function(turn)(st, {})
                who = f", played by `{self.source(turn.span)}`" + (f" (now seat {player})" if player is not None else "")
            except Exception:  # the phase's turn needs a value that exists only in that phase
                who = f", played by `{self.source(turn.span)}`"
        reason = (f"`{cm.name}` cannot be played now: it is a move of phase `{other.name}`{who}, and the game "
                  f"is in phase `{st.phase_name}`, where seat {st.player} plays; legal now: {_sample(legal)}")
        return Explanation(reason, cm.span, self.rule_line(cm.span))

    # --- why this move is refused
    def refusal(self, st: State, text: str, candidates: list[CompiledMove], legal: Sequence[Move]) -> Explanation:
        word = text.split(" ", 1)[0]
        best: tuple[tuple[int, bool], Explanation] | None = None
        for cm in candidates:
            depth, why = self.refusal_of(st, text, cm, legal)
            key = (depth, cm.name == word)  # on a tie, the move the text names
            if best is None or key > best[0]:
                best = (key, why)
        assert best is not None
        return best[1]

    def refusal_of(self, st: State, text: str, cm: CompiledMove, legal: Sequence[Move]) -> tuple[int, Explanation]:
        """How far the text got into this move (deeper explains better), and why it fails."""
        decl: n.MoveDecl = cm.decl
        env: dict[str, Any] = {"me": st.player}
        names = {g.var for g in decl.generators}
        parts = conjuncts(decl.condition) if decl.condition is not None else []
        early = [c for c in parts if not (free_names(c) & names)]
        for c in early:
            failed = self.failing(st, env, c, cm, text)
            if failed is not None:
                return len(decl.generators) + 2, failed
        matcher = _Matcher(self, st, cm, text)
        binding = matcher.find()
        if binding is None:
            return matcher.reached, self.unmatched(st, text, cm, matcher, legal)
        for g in decl.generators:
            for c in conjuncts(g.condition) if g.condition is not None else []:
                failed = self.failing(st, binding, c, cm, text)
                if failed is not None:
                    return len(decl.generators) + 1, failed
        for c in parts:
            if c not in early:
                failed = self.failing(st, binding, c, cm, text)
                if failed is not None:
                    return len(decl.generators) + 1, failed
        return len(decl.generators), Explanation(
            f"`{text}` matches move `{cm.name}` and its conditions hold, but it is not offered here; "
            f"legal now: {_sample(legal)}", cm.span, self.rule_line(cm.span))

    def failing(self, st: State, env: dict, condition, cm: CompiledMove, text: str) -> Explanation | None:
        try:
            holds = self.function(condition)(st, env)
        except Exception:  # a condition that cannot even be evaluated does not hold
            holds = False
        if holds:
            return None
        given = _refusal_of(cm.decl, condition)
        if given is not None:  # the rules say it in the player's words
            return Explanation(f"`{text}` is not allowed: {given}", condition.span, self.rule_line(condition.span))
        quoted = self.source(condition.span) or "its condition"
        reason = f"`{text}` is not allowed: move `{cm.name}` requires `{quoted}`"
        detail = self.why_false(st, env, condition)
        reason += f", but {detail}" if detail else ", and that is not so here"
        return Explanation(reason, condition.span, self.rule_line(condition.span))

    def why_false(self, st: State, env: dict, e) -> str | None:
        """The values that make a condition false, in words: `amount` is 8 but ... is 7."""
        if isinstance(e, n.Unary) and e.op == "not":
            return f"`{self.source(e.operand.span)}` is {self.value_text(st, env, e.operand)}"
        if isinstance(e, n.Binary) and e.op in ("==", "!=", "<", "<=", ">", ">=", "in", "not in"):
            parts = []
            for side in (e.left, e.right):
                shown = self.value_text(st, env, side)
                if shown is not None and not _literal(side):
                    parts.append(f"`{self.source(side.span)}` is {shown}")
            return " and ".join(parts) or None
        if isinstance(e, n.Binary) and e.op == "or":
            return "neither side holds"
        if isinstance(e, (n.Name, n.Call)):
            body = self.game.model.defs.get(e.id if isinstance(e, n.Name) else e.func)
            if body is not None:
                return f"it is false (`{body.name}` means `{self.source(body.body.span)}`)"
        return None

    def value_text(self, st: State, env: dict, e) -> str | None:
        try:
            value = self.function(e)(st, env)
        except Exception:
            return None
        return _show(self.game, st, value, self.game.model.types.get(id(e), T.ANY))

    def unmatched(self, st: State, text: str, cm: CompiledMove, matcher: _Matcher,
                  legal: Sequence[Move]) -> Explanation:
        gens = cm.decl.generators
        # Every legal move of the kind typed: of this move, or read with the same first word (in
        # Cassino, `capture` is the text of two moves, a face card's and a sum's).
        kind = text.split(" ", 1)[0]
        offered = [m.text for m in legal if m.name == cm.name or m.text.split(" ", 1)[0] == kind]
        hint = f"; {kind} moves now: {', '.join(offered)}" if offered else ""
        if matcher.wrong_start:
            return Explanation(f"`{text}` is not how move `{cm.name}` is written: it reads \"{cm.decl.says}\"{hint}",
                               cm.span, self.rule_line(cm.span))
        default_form = " ".join([cm.name] + [f"{{{g.var}}}" for g in gens])
        if cm.decl.says is not None and " ".join(cm.decl.says.split()) != default_form:
            hint = f" (move `{cm.name}` reads \"{cm.decl.says}\")" + hint
        if matcher.reached < len(gens):
            g = gens[matcher.reached]
            values = matcher.values_at_failure
            source = self.source(g.source.span)
            outside = next((r.reason for r in g.refusals if r.condition is g.source), None)
            if not values:
                reason = f"`{text}`: move `{cm.name}` has no possible `{g.var}` here (`{source}` is empty)"
            elif outside is not None:  # the rules say it in the player's words
                reason = f"`{text}` is not allowed: {outside}"
            else:
                reason = (f"`{text}` does not fit move `{cm.name}`: no `{g.var}` from `{source}` gives this text; "
                          f"`{g.var}` can be {_sample_texts(values, 10)}")
            return Explanation(reason + hint, g.span, self.rule_line(g.span))
        if matcher.extra is not None:
            return Explanation(f"`{text}` says more than move `{cm.name}` takes: did you mean `{matcher.extra}`?",
                               cm.span, self.rule_line(cm.span))
        return Explanation(f"`{text}` does not match any way to play `{cm.name}` here{hint}", cm.span,
                           self.rule_line(cm.span))


@per_game
def _explainer(game: Game) -> _Explainer:
    return _Explainer(game)


class _Matcher:
    """Binds a move's parameters so that its text reads `text`, ignoring every condition. A value
    is kept only when the text rendered so far still begins the wanted text."""

    def __init__(self, explainer: _Explainer, st: State, cm: CompiledMove, text: str):
        self.st, self.cm, self.text = st, cm, text
        decl: n.MoveDecl = cm.decl
        self.gens = decl.generators
        self.sources = [explainer.function(g.source, as_collection=True) for g in self.gens]
        types = explainer.game.model.types
        self.showers = [explainer.texts.shower(T.element(types.get(id(g.source), T.ANY))) for g in self.gens]
        self.says = decl.says
        self.budget = CANDIDATE_LIMIT
        self.reached = 0  # the deepest parameter some value of which fitted the text
        self.values_at_failure: list[str] = []
        self.extra: str | None = None  # a full binding whose text begins the wanted text
        self.wrong_start = False  # the text does not even begin as this move's texts do

    def prefix(self, shown: dict[str, str]) -> str:
        """The start of the move's text that the parameters bound so far fix."""
        if self.says is None:
            return " ".join([self.cm.name] + [shown[g.var] for g in self.gens if g.var in shown])
        out = []
        for i, piece in enumerate(PLACEHOLDER.split(self.says)):
            if i % 2 and piece not in shown:
                break
            out.append(shown[piece] if i % 2 else piece)
        return " ".join("".join(out).split())

    def fits(self, prefix: str, complete: bool) -> bool:
        if complete:
            return self.text == prefix
        return self.text.startswith(prefix) and (self.says is not None or len(self.text) == len(prefix)
                                                 or self.text[len(prefix)] == " ")

    def matches(self, shown: dict[str, str]) -> bool:
        """Whether a `says` text with the parameters bound so far can still read the wanted text:
        the values bound stand where they stand, wherever in the text (`capture {taken} with
        {c}` binds `c` first), and each placeholder not bound yet stands for any words."""
        unbound = "\0"
        filled = "".join(shown.get(piece, unbound) if i % 2 else piece
                         for i, piece in enumerate(PLACEHOLDER.split(self.says or "")))
        pattern = re.escape(" ".join(filled.split())).replace(re.escape(unbound), ".*")
        return re.fullmatch(pattern, self.text, re.DOTALL) is not None

    def find(self) -> dict | None:
        env: dict[str, Any] = {"me": self.st.player}
        shown: dict[str, str] = {}
        start = self.prefix(shown)
        if not self.fits(start, not self.gens):
            if not self.gens and self.text.startswith(start + " "):
                self.extra = start
            elif not self.text.startswith(start):
                self.wrong_start = True
            return None
        return self.walk(0, env, shown)

    def walk(self, level: int, env: dict, shown: dict[str, str]) -> dict | None:
        if level == len(self.gens):
            return dict(env)
        g = self.gens[level]
        try:
            values = list(self.sources[level](self.st, env))
        except Exception:  # a source that needs a condition to hold first: no binding this way
            values = []
        rendered = []
        for value in values:
            if self.budget <= 0:
                return None
            self.budget -= 1
            value = list(value) if isinstance(value, tuple) else value
            env[g.var] = value
            shown[g.var] = self.showers[level](self.st, value)
            rendered.append(shown[g.var])
            complete = level + 1 == len(self.gens)
            prefix = self.prefix(shown)
            if self.fits(prefix, complete) if self.says is None else self.matches(shown):
                self.reached = max(self.reached, level + 1)
                found = self.walk(level + 1, env, shown)
                if found is not None:
                    return found
            elif complete and self.says is None and self.text.startswith(prefix + " "):
                self.reached = max(self.reached, level + 1)
                self.extra = prefix
        env.pop(g.var, None)
        shown.pop(g.var, None)
        if level >= self.reached:
            self.values_at_failure = rendered
        return None


def _refusal_of(decl: n.MoveDecl, condition) -> str | None:
    """The reason the rules give for `condition` (a `when` or `where` of the move, or one part of
    one joined by `and`) when it is false, if they give one."""
    for refusal in decl.refusals + tuple(r for g in decl.generators for r in g.refusals):
        if condition is refusal.condition or any(condition is part for part in conjuncts(refusal.condition)):
            return refusal.reason
    return None


def _may_read(cm: CompiledMove, text: str) -> bool:
    """Could this move be the one meant? Its name, or the fixed start of its text, begins `text`."""
    if text == cm.name or text.startswith(cm.name + " "):
        return True
    says = cm.decl.says
    return says is not None and text.startswith(" ".join(PLACEHOLDER.split(says)[0].split()))


def _literal(e) -> bool:
    return isinstance(e, (n.Num, n.Str, n.Const))


def _show(game: Game, st: State, value, t: T.Type) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if t.kind == "list" and isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(game, st, x, t.of) for x in value) + "]"
    if t in (T.CARD, T.ITEM, T.GROUP) and isinstance(value, int):
        if value < game.deck_size:
            return game.deck.label(value)
        group = st.groups.get(value)
        return "(" + " ".join(game.deck.label(c) for c in group["cards"]) + ")" if group else "a group"
    if t == T.PLAYER and isinstance(value, int):
        return f"seat {value}"
    if isinstance(value, Fraction):
        return str(value)
    if t in (T.ZONE, T.GZONE) and isinstance(value, int):
        return f"{len(st.zones[value])} cards"
    return str(value)


def _sample(legal: Sequence[Move], limit: int = 8) -> str:
    return _sample_texts([m.text for m in legal], limit)


def _sample_texts(texts: Sequence[str], limit: int = 8) -> str:
    shown = ", ".join(texts[:limit])
    return shown + (f" (and {len(texts) - limit} more)" if len(texts) > limit else "")
