"""Variant resolution: a rules file that `extends` another replaces, removes or adds named
declarations of its base, and may change parameter defaults.

Declarations are matched by kind and name: a `phase deal` in the variant replaces the base's
`phase deal`; a `param target = 31` without a domain keeps the base's domain and changes the
default; `remove phase_name move_name` drops one move; anything new is added.
"""

from __future__ import annotations

from . import nodes as n
from .diagnostics import Diagnostic, RulesError, SourceMap, did_you_mean

_NAMED = (n.Param, n.Zone, n.Var, n.Def, n.Action, n.Phase)
_SINGLE = (n.GameName, n.Players, n.Teams, n.Deck, n.Setup, n.Score)


def resolve_variant(base: n.RulesFile, variant: n.RulesFile, sources: SourceMap) -> n.RulesFile:
    decls = list(base.decls)
    errors: list[Diagnostic] = []

    def index_of(kind, name):
        for i, d in enumerate(decls):
            if isinstance(d, kind) and getattr(d, "name", None) == name:
                return i
        return None

    for d in variant.decls:
        if isinstance(d, n.Extends):
            continue
        if isinstance(d, n.Remove):
            i = index_of(n.Phase, d.name)
            if d.member is None:
                for kind in _NAMED:
                    i = index_of(kind, d.name)
                    if i is not None:
                        break
                if i is None:
                    names = [getattr(x, "name", "") for x in decls if isinstance(x, _NAMED)]
                    errors.append(Diagnostic(f"the base game has nothing named `{d.name}` to remove", d.span,
                                             did_you_mean(d.name, names)))
                    continue
                del decls[i]
                continue
            if i is None:
                errors.append(Diagnostic(f"the base game has no phase `{d.name}`", d.span,
                                         did_you_mean(d.name, [x.name for x in decls if isinstance(x, n.Phase)])))
                continue
            phase = decls[i]
            kept = tuple(m for m in phase.moves if m.name != d.member)
            if len(kept) == len(phase.moves):
                errors.append(Diagnostic(f"phase `{d.name}` has no move `{d.member}`", d.span,
                                         did_you_mean(d.member, [m.name for m in phase.moves])))
                continue
            decls[i] = n.Phase(name=phase.name, turn=phase.turn, do=phase.do, moves=kept, span=phase.span)
            continue
        if isinstance(d, n.Param):
            i = index_of(n.Param, d.name)
            if i is None:
                if d.domain is None:
                    names = [x.name for x in decls if isinstance(x, n.Param)]
                    errors.append(Diagnostic(f"the base game has no parameter `{d.name}`", d.span,
                                             did_you_mean(d.name, names)
                                             or "a new parameter needs its values: `param x: 1..9 = 3`"))
                    continue
                decls.append(d)
                continue
            old = decls[i]
            decls[i] = n.Param(name=d.name, domain=d.domain or old.domain, default=d.default, span=d.span)
            continue
        if isinstance(d, n.Phase):
            i = index_of(n.Phase, d.name)
            if i is not None and d.turn is None and d.do is None and d.moves:
                # A phase with only moves adds or replaces those moves.
                phase = decls[i]
                moves = {m.name: m for m in phase.moves}
                for m in d.moves:
                    moves[m.name] = m
                decls[i] = n.Phase(name=phase.name, turn=phase.turn, do=phase.do,
                                   moves=tuple(moves.values()), span=phase.span)
                continue
        if isinstance(d, _NAMED):
            i = index_of(type(d), d.name)
        else:
            i = next((k for k, x in enumerate(decls) if isinstance(x, type(d))), None)
        if i is None:
            decls.append(d)
        else:
            decls[i] = d
    if errors:
        raise RulesError(errors, sources)
    return n.RulesFile(path=variant.path, decls=tuple(decls))
