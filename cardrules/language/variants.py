"""Variant resolution: a rules file that `extends` another replaces, removes or adds named
declarations of its base, and may change parameter defaults.

Declarations are matched by kind and name:

- `param target = 31` (no values) changes the default and keeps the base's values, so the
  checker reports a default outside them at the variant's line; `param x: 1..9 = 3` declares
  the parameter anew (or adds one).
- `def`, `action`, `var`, `zone` and `phase` with a base's name replace that declaration;
  `game`, `players`, `teams`, `deck`, `setup` and `score` replace the base's one.
- A phase that holds only moves (no `turn`, no `do`) adds those moves to the base's phase of
  that name, or replaces the moves of the same name.
- `remove name` drops a declaration; `remove phase_name move_name` drops one move.

Every problem is located in the variant file: a change made twice, an override or removal of
something the base does not have, a removal that leaves the rules still using the removed name
or a phase without moves, and a new declaration that nothing uses (nearly always a misspelt
override: `def totl` meant to replace `def total`). A new move added to a phase is the one
addition that is not checked for use: offering it is its use.
"""

from __future__ import annotations

from typing import TypeAlias, TypeVar, cast

from . import nodes as n
from .diagnostics import Diagnostic, RulesError, SourceMap, Span, did_you_mean

_NAMED = (n.Param, n.Zone, n.Var, n.Def, n.Action, n.Phase)
Named: TypeAlias = n.Param | n.Zone | n.Var | n.Def | n.Action | n.Phase
D = TypeVar("D", bound=Named)
_KIND_WORDS = {n.Param: "parameter", n.Zone: "zone", n.Var: "variable", n.Def: "def", n.Action: "action",
               n.Phase: "phase"}
_SINGLE_WORDS = {n.GameName: "game", n.Players: "players", n.Teams: "teams", n.Deck: "deck", n.Setup: "setup",
                 n.Score: "score", n.Payoffs: "payoffs", n.Length: "length", n.Display: "display",
                 n.Direction: "direction"}


def resolve_variant(base: n.RulesFile, variant: n.RulesFile, sources: SourceMap) -> n.RulesFile:
    return _Resolver(base, variant).run(sources)


class _Resolver:
    def __init__(self, base: n.RulesFile, variant: n.RulesFile):
        self.variant = variant
        self.decls = list(base.decls)
        self.base_names = {kind: [d.name for d in base.decls if isinstance(d, kind)] for kind in _NAMED}
        self.errors: list[Diagnostic] = []
        self.added: list[Named] = []
        self.removed: list[tuple[n.Remove, Named]] = []

    def error(self, message: str, span: Span, hint: str | None = None) -> None:
        self.errors.append(Diagnostic(message, span, hint))

    def index_of(self, kind: type[Named], name: str) -> int | None:
        for i, d in enumerate(self.decls):
            if isinstance(d, kind) and d.name == name:
                return i
        return None

    def at(self, i: int, kind: type[D]) -> D:
        """The declaration `index_of(kind, ...)` found at `i`."""
        return cast(D, self.decls[i])

    def run(self, sources: SourceMap) -> n.RulesFile:
        self.check_duplicates()
        for d in self.variant.decls:
            if isinstance(d, n.Extends):
                continue
            if isinstance(d, n.Remove):
                self.remove(d)
            elif isinstance(d, n.Param):
                self.param(d)
            elif isinstance(d, n.Phase) and d.turn is None and d.do is None and d.race is None and d.moves:
                self.merge_moves(d)
            elif isinstance(d, _NAMED):
                self.replace_named(d)
            elif isinstance(d, n.Always):
                self.replace_always(d)
            elif isinstance(d, n.Symbols):
                self.decls.append(d)  # a variant's symbols add to the base's
            else:
                i = next((k for k, x in enumerate(self.decls) if isinstance(x, type(d))), None)
                if i is None:
                    self.decls.append(d)
                else:
                    self.decls[i] = d
        if not self.errors:
            self.check_removed_names_unused()
            self.check_additions_used()
        if self.errors:
            raise RulesError(self.errors, sources)
        return n.RulesFile(path=self.variant.path, decls=tuple(self.decls))

    def check_duplicates(self) -> None:
        """A variant says each change once; a second one would silently win."""
        seen: dict[tuple, Span] = {}
        for d in self.variant.decls:
            key: tuple
            if isinstance(d, _NAMED):
                key, what = (type(d), d.name), f"{_KIND_WORDS[type(d)]} `{d.name}`"
            elif type(d) in _SINGLE_WORDS:
                key, what = (type(d),), f"`{_SINGLE_WORDS[type(d)]}`"
            elif isinstance(d, n.Always):
                key, what = (n.Always, d.name), f"`always {d.name}`"
            elif isinstance(d, n.Remove):
                key, what = (n.Remove, d.name, d.member), f"`remove {d.name}{' ' + d.member if d.member else ''}`"
            else:
                continue
            if key in seen:
                self.error(f"this variant changes {what} twice", d.span, f"the first change is at {seen[key]}")
            else:
                seen[key] = d.span

    # --- the changes
    def param(self, d: n.Param) -> None:
        i = self.index_of(n.Param, d.name)
        if i is None:
            if d.domain is None:
                self.error(f"the base game has no parameter `{d.name}` to set", d.span,
                           did_you_mean(d.name, self.base_names[n.Param])
                           or "a new parameter needs its values: `param x: 1..9 = 3`")
                return
            self.decls.append(d)
            self.added.append(d)
            return
        old = self.at(i, n.Param)
        self.decls[i] = n.Param(name=d.name, domain=d.domain or old.domain, default=d.default, span=d.span)

    def replace_named(self, d: Named) -> None:
        i = self.index_of(type(d), d.name)
        if i is None:
            self.decls.append(d)
            self.added.append(d)
        else:
            self.decls[i] = d

    def always_index(self, name: str) -> int | None:
        """Where the `always` of this name stands among the declarations so far."""
        return next((k for k, x in enumerate(self.decls) if isinstance(x, n.Always) and x.name == name), None)

    def replace_always(self, d: n.Always) -> None:
        """A variant's `always` replaces the base's of its name (`always x: true` drops it), or
        adds a new one."""
        i = self.always_index(d.name)
        if i is None:
            self.decls.append(d)
        else:
            self.decls[i] = d

    def merge_moves(self, d: n.Phase) -> None:
        i = self.index_of(n.Phase, d.name)
        if i is None:
            self.error(f"the base game has no phase `{d.name}` to add moves to", d.span,
                       did_you_mean(d.name, self.base_names[n.Phase])
                       or "a new phase needs a `turn` (or a `do` block)")
            return
        phase = self.at(i, n.Phase)
        if phase.do is not None:
            self.error(f"phase `{d.name}` runs by itself (`do`), so it has no moves to add to", d.span,
                       "replace the whole phase instead")
            return
        moves = {m.name: m for m in phase.moves}
        names: set[str] = set()
        for m in d.moves:
            if m.name in names:
                self.error(f"this variant changes move `{m.name}` of phase `{d.name}` twice", m.span)
            names.add(m.name)
            moves[m.name] = m
        self.decls[i] = _with_moves(phase, tuple(moves.values()))

    def remove(self, d: n.Remove) -> None:
        if d.member is not None:
            self.remove_move(d)
            return
        for kind in _NAMED:
            i = self.index_of(kind, d.name)
            if i is not None:
                self.removed.append((d, self.at(i, kind)))
                del self.decls[i]
                return
        i = self.always_index(d.name)
        if i is not None:
            del self.decls[i]  # nothing uses an `always`: nothing to check after
            return
        names = [name for kind in _NAMED for name in self.base_names[kind]]
        self.error(f"the base game has nothing named `{d.name}` to remove", d.span, did_you_mean(d.name, names))

    def remove_move(self, d: n.Remove) -> None:
        i = self.index_of(n.Phase, d.name)
        if i is None:
            self.error(f"the base game has no phase `{d.name}`", d.span,
                       did_you_mean(d.name, self.base_names[n.Phase]))
            return
        phase = self.at(i, n.Phase)
        kept = tuple(m for m in phase.moves if m.name != d.member)
        if len(kept) == len(phase.moves):
            self.error(f"phase `{d.name}` has no move `{d.member}`", d.span,
                       did_you_mean(d.member, [m.name for m in phase.moves]))
            return
        if not kept:
            self.error(f"removing `{d.member}` leaves phase `{d.name}` with no moves", d.span,
                       "remove the whole phase (and every `goto` to it), or add another move")
            return
        self.decls[i] = _with_moves(phase, kept)

    # --- after the changes
    def check_removed_names_unused(self) -> None:
        for r, gone in self.removed:
            key = _key(gone)
            uses = [span for d in self.decls for ref, span in _references(d) if ref == key]
            if uses:
                more = f" (and {len(uses) - 1} more)" if len(uses) > 1 else ""
                self.error(f"`{r.name}` is removed, but the rules still use it at {uses[0]}{more}", r.span,
                           "replace the declarations that use it as well")

    def check_additions_used(self) -> None:
        for d in self.added:
            key = _key(d)
            if any(ref == key for other in self.decls if other is not d for ref, _ in _references(other)):
                continue
            kind = _KIND_WORDS[type(d)]
            close = did_you_mean(d.name, self.base_names[type(d)])
            what = "no `goto` leads to it" if isinstance(d, n.Phase) else "nothing uses it"
            self.error(f"{kind} `{d.name}` is new in this variant, and {what}", d.span,
                       f"{close} A declaration with the base's name replaces it." if close
                       else "use it, or remove it from the variant")


def _key(d) -> tuple[str, str]:
    # Phases have their own namespace: only `goto` names them.
    return ("phase" if isinstance(d, n.Phase) else "name", d.name)


def _references(decl) -> list[tuple[tuple[str, str], Span]]:
    """Every declaration a declaration uses: names, calls, actions called and phases gone to.
    A name the declaration binds itself (a `let`, a loop or move variable, a parameter) is local."""
    local: set[str] = set()
    found: list[tuple[tuple[str, str], Span]] = []
    for x in n.walk(decl):
        if isinstance(x, n.Name):
            found.append((("name", x.id), x.span))
        elif isinstance(x, (n.Call, n.Aggregate)):
            found.append((("name", x.func), x.span))
        elif isinstance(x, n.CallAction):
            found.append((("name", x.name), x.span))
        elif isinstance(x, n.Goto):
            found.append((("phase", x.phase), x.span))
        if isinstance(x, (n.Let, n.LetIn, n.TypedParam)):
            local.add(x.name)
        elif isinstance(x, (n.For, n.Generator, n.ListComp, n.Aggregate, n.Score)):
            local.add(x.var)
    found.sort(key=lambda item: (item[1].file, item[1].line, item[1].column))
    return [(ref, span) for ref, span in found if ref[0] == "phase" or ref[1] not in local]


def _with_moves(phase: n.Phase, moves: tuple[n.MoveDecl, ...]) -> n.Phase:
    """The phase with other moves, all else as it was."""
    return n.replace(phase, moves=moves)
