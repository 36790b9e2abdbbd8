"""AST to checked model: names resolved, types checked, parameters and deck made concrete,
and the flow proved able to end.

Every problem becomes a located diagnostic; the checker collects as many as it can find
before raising, so one run of ``cardrules check`` shows them all.
"""

from __future__ import annotations

import contextlib
import re
from fractions import Fraction
from typing import Any

import attrs

from . import nodes as n
from . import types as T
from .builtins import AGGREGATES, CONSTANTS, REGISTRY, SYMBOLS
from .deck import build_deck
from .limits import MAX_WORK
from .diagnostics import Diagnostic, RulesError, SourceMap, Span, did_you_mean, plural
from .display import check_display
from .folding import ConstantTooLarge, NotConstant, const_eval
from .limits import (MAX_DECK_CARDS, MAX_DECLARED_MOVES, MAX_NUMBER_DIGITS, MAX_PLAYERS, MAX_REPEAT,
                     MAX_STATIC_ITERATIONS, number_too_large)
from .model import (
    PAYOFF_KINDS, RACE_ASKED, RACE_PASS, LengthInfo, Model, ParamInfo, PayoffInfo, Telling, VarInfo, ZoneInfo,
)

# `{name}` in a move's `says` text: where the value of parameter `name` is shown.
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")

TYPE_NAMES = ("number", "bool", "player", "team", "card", "group", "item", "rank", "suit", "symbol")


class _Abort(Exception):
    """Stops checking when later checks would only repeat an earlier error."""


def check(rules: n.RulesFile, sources: SourceMap, overrides: dict[str, Any] | None = None) -> Model:
    """Check a parsed (and variant-resolved) rules file with the given parameter values."""
    checker = Checker(rules, sources, overrides or {})
    try:
        model = checker.run()
    except _Abort:
        model = None
    if checker.diagnostics:
        raise RulesError(checker.diagnostics, sources)
    assert model is not None
    return model


class Checker:
    def __init__(self, rules: n.RulesFile, sources: SourceMap, overrides: dict[str, Any]):
        self.rules = rules
        self.sources = sources
        self.overrides = overrides
        self.diagnostics: list[Diagnostic] = []
        self.types: dict[int, T.Type] = {}
        self.names: dict[int, tuple[str, Any]] = {}
        self.def_types: dict[str, T.Type] = {}
        self.checking_defs: list[str] = []
        self.symbols: set[str] = set()
        self.group_fields: dict[str, T.Type] = {}
        self.unknown_types: set[str] = set()
        self.iterations = 1  # how often the loops around the expression being checked go round, when constant
        self.too_many_iterations: set[Span] = set()
        self.tellings: dict[Span, Telling] = {}  # by the span of what says it
        self.warnings: list[Diagnostic] = []
        self.unknown_names: set[str] = set()
        self.declared_symbols: dict[str, Span] = {}
        self.used_builtin_symbols: set[str] = set()

    # --- reporting
    def error(self, message: str, span: Span | None, hint: str | None = None) -> None:
        self.diagnostics.append(Diagnostic(message, span, hint))

    def warn(self, message: str, span: Span | None, hint: str | None = None, severity: str = "warning") -> None:
        """Not an error: `check` shows warnings, `profile` also the notes on where time goes."""
        self.warnings.append(Diagnostic(message, span, hint, severity=severity))

    def parameter_names(self, params: list[tuple[str, Span]], owner: str, player_moves: bool = False) -> None:
        """Each parameter has a name of its own; a move's cannot be `me`, the player who moves."""
        seen: set[str] = set()
        for name, span in params:
            if name in seen:
                self.error(f"{owner} has two parameters named `{name}`", span, "give each parameter its own name")
            elif player_moves and name == "me":
                self.error(f"a parameter of {owner} cannot be named `me`: `me` is the player who moves", span)
            seen.add(name)

    def check_work(self) -> None:
        """A def whose evaluation the checker can see would take more than MAX_WORK steps (ranges
        with constant bounds nested in each other, defs that use the one before twice...)."""
        costs: dict[str, int] = {}
        for d in self.defs.values():
            cost = self.work(d.body, costs)
            if cost > MAX_WORK:
                self.error(f"`{d.name}` takes about {cost:.1e} steps to evaluate, more than the "
                           f"limit of {MAX_WORK:.0e}", d.span,
                           "iterate over fewer items, or nest fewer loops and definitions")
        for phase in self.phases.values():
            for m in phase.moves:
                parts = [g.source for g in m.generators] + [g.condition for g in m.generators] + [m.condition]
                cost = max([self.work(p, costs) for p in parts if p is not None] or [0])
                if cost > MAX_WORK:
                    self.error(f"a condition or parameter of move `{m.name}` takes about {cost:.1e} "
                               f"steps to evaluate, more than the limit of {MAX_WORK:.0e}", m.span,
                               "iterate over fewer items, or nest fewer loops and definitions")

    def work(self, e, costs: dict[str, int]) -> int:
        """Evaluations an expression needs at most: a loop multiplies what it repeats by the
        number of items it may see (a constant range its size, anything else the deck's)."""
        if isinstance(e, (n.Aggregate, n.ListComp)):
            repeated = 1 + self.work(e.element, costs) + (self.work(e.condition, costs) if e.condition else 0)
            return self.work(e.iterable, costs) + self.items_bound(e.iterable) * repeated
        cost = 1
        if isinstance(e, n.Call) and e.func in self.defs:
            if e.func not in costs:
                costs[e.func] = 1  # while being computed: a recursive def is reported as such, not as costly
                costs[e.func] = self.work(self.defs[e.func].body, costs)
            cost += costs[e.func]
        elif isinstance(e, n.Name) and e.id in self.defs and not self.defs[e.id].params:
            return self.work(n.Call(func=e.id, args=(), span=e.span), costs)
        for f in getattr(e, "FIELDS", ()):
            child = getattr(e, f)
            for c in (child if isinstance(child, tuple) else (child,)):
                if isinstance(c, n.Node):
                    cost += self.work(c, costs)
        return min(cost, MAX_WORK * MAX_WORK)

    def items_bound(self, e) -> int:
        if isinstance(e, n.Binary) and e.op == "..":
            try:
                return max(0, int(const_eval(e.right, self.values)) - int(const_eval(e.left, self.values)) + 1)
            except (NotConstant, TypeError, ValueError):
                pass
        return max(self.deck.size, self.player_count or 0)

    def fatal_if_errors(self) -> None:
        if self.diagnostics:
            raise _Abort

    # --- the passes
    def run(self) -> Model:
        decls = self.collect()
        self.fatal_if_errors()
        self.check_params(decls["param"])
        self.fatal_if_errors()
        players, team_of = self.check_players(decls)
        self.values["players"] = players
        self.player_count = players
        self.team_of = team_of
        self.check_direction(decls["direction"])
        self.check_symbols(decls["symbols"])
        self.deck = self.check_deck(decls["deck"])
        self.fatal_if_errors()
        self.zones = self.check_zones(decls["zone"])
        self.vars = self.check_vars(decls["var"])
        self.defs = {d.name: d for d in decls["def"]}
        self.actions = {a.name: a for a in decls["action"]}
        self.phases = {p.name: p for p in decls["phase"]}
        self.racing_windows()
        self.display, problems = check_display(decls["display"], self.deck, self.zones, self.vars)
        if RACE_ASKED in self.vars:  # the engine's own bookkeeping, not a value of the game's
            self.display = attrs.evolve(self.display, hidden=self.display.hidden | {RACE_ASKED})
        self.diagnostics.extend(problems)
        self.fatal_if_errors()
        for var in self.vars.values():
            if var.init is not None:
                t = self.expr(var.init, {})
                if not T.assignable(t, var.type):
                    self.error(f"`{var.name}` is {var.type.describe()} but starts as {t.describe()}",
                               var.init.span)
        for d in self.defs.values():
            self.parameter_names([(p.name, p.span) for p in d.params], f"`{d.name}`")
            self.def_type(d)
        self.check_work()
        self.check_repeated_work()
        for a in self.actions.values():
            self.parameter_names([(p.name, p.span) for p in a.params], f"action `{a.name}`")
            scope = {p.name: self.type_ref(p.type) for p in a.params}
            self.telling(a.says, scope, a.span, f"action `{a.name}`", a.name)
            self.block(a.body, scope, where="action")
        self.check_action_recursion()
        setup = self.single(decls, "setup", "a `setup { ... }` block that deals and says `goto` the first phase")
        score = self.single(decls, "score", "a `score p: ...` line giving each player's final score")
        self.fatal_if_errors()
        self.block(setup.body, {}, where="setup")
        for phase in self.phases.values():
            self.check_phase(phase)
        t = self.expr(score.expr, {score.var: T.PLAYER})
        if not T.assignable(t, T.NUMBER):
            self.error(f"a score must be a number, not {t.describe()}", score.expr.span)
        payoffs = self.check_payoffs(decls["payoffs"])
        length = self.check_length(decls["length"])
        always = self.check_always(decls["always"])
        self.fatal_if_errors()
        self.check_flow(setup)
        self.check_deals(setup)
        return Model(rules=self.rules, sources=self.sources, title=self.title, params=self.params,
                     values=self.values, player_count=self.player_count, team_of=self.team_of,
                     deck=self.deck, zones=self.zones, vars=self.vars, defs=self.defs,
                     actions=self.actions, phases=self.phases, setup=setup, score=score,
                     symbols=frozenset(self.symbols | self.used_builtin_symbols), types=self.types,
                     names=self.names, display=self.display, player_range=self.player_range, payoffs=payoffs,
                     tellings=tuple(self.tellings.values()), warnings=self.warnings,
                     direction=self.direction, seat_order=self.seat_order, length=length,
                     always=always)

    def collect(self) -> dict[str, list]:
        kinds = {n.GameName: "game", n.Extends: "extends", n.Players: "players", n.Teams: "teams",
                 n.Param: "param", n.Deck: "deck", n.Zone: "zone", n.Var: "var", n.Def: "def",
                 n.Action: "action", n.Phase: "phase", n.Setup: "setup", n.Score: "score",
                 n.Remove: "remove", n.Display: "display", n.Payoffs: "payoffs", n.Symbols: "symbols",
                 n.Direction: "direction", n.Length: "length", n.Always: "always"}
        decls: dict[str, list] = {k: [] for k in kinds.values()}
        seen: dict[str, Any] = {}
        for d in self.rules.decls:
            decls[kinds[type(d)]].append(d)
            name = getattr(d, "name", None)
            if isinstance(d, (n.Param, n.Zone, n.Var, n.Def, n.Action, n.Phase)):
                # Phases live in their own namespace: only `goto` names them.
                key = ("phase:" + name) if isinstance(d, n.Phase) else name
                if key in seen:
                    self.error(f"`{name}` is declared twice", d.span,
                               f"the first declaration is at {seen[key].span}")
                elif name in RESERVED_NAMES and not isinstance(d, n.Phase):
                    self.error(f"`{name}` is a name of the language and cannot be declared", d.span,
                               RESERVED_NAMES[name])
                else:
                    seen[key] = d
                    if not isinstance(d, n.Phase):
                        self.shadowing(d)
        for kind in ("extends", "remove"):
            for d in decls[kind]:
                self.error(f"`{kind}` is only allowed in a variant file that extends another", d.span)
        games = decls["game"]
        if not games:
            self.error("the file has no `game \"Name\"` line", Span(self.rules.path, 1, 1),
                       'start the file with `game "My Game"`')
        self.title = games[0].name if games else "?"
        if not decls["deck"]:
            self.error("the file declares no deck", Span(self.rules.path, 1, 1),
                       "add `deck { suits ... ranks ... }`")
        elif len(decls["deck"]) > 1:
            self.error("the deck is declared twice", decls["deck"][1].span)
        if len(decls["players"]) != 1:
            self.error("the file must say once how many play, e.g. `players 2..4 default 2`",
                       decls["players"][1].span if decls["players"] else Span(self.rules.path, 1, 1))
        self.decls = decls
        return decls

    def single(self, decls, kind, what):
        found = decls[kind]
        if not found:
            self.error(f"the file has no `{kind}`", Span(self.rules.path, 1, 1), f"add {what}")
            raise _Abort
        if len(found) > 1:
            self.error(f"`{kind}` is declared twice", found[1].span)
        return found[0]

    # --- names declared and built in, symbols, the direction of play
    def shadowing(self, d) -> None:
        """A declared name wins over a built-in of that name (so a built-in added later never
        breaks a file that checked before), and the file is told which one it hides."""
        kind = _DECLARED_WORDS[type(d)]
        if isinstance(d, n.Def) and d.name in REGISTRY:
            self.warn(f"{kind} `{d.name}` hides the built-in function `{d.name}`: calls of `{d.name}` in this "
                      "file are the file's own", d.span, f"rename it if you meant the built-in ({REGISTRY[d.name].doc})")
        elif d.name in CONSTANTS:
            self.warn(f"{kind} `{d.name}` hides the built-in constant `{d.name}`: `{d.name}` in this file is the "
                      "file's own", d.span, f"rename it if you meant the built-in ({CONSTANTS[d.name][1]})")
        elif d.name in SYMBOLS:
            self.warn(f"{kind} `{d.name}` hides the built-in symbol `{d.name}`", d.span,
                      f"rename it if you meant the symbol ({SYMBOLS[d.name]})")

    def check_direction(self, decls: list[n.Direction]) -> None:
        """Which way play goes round: `players_from`, `next` and `previous` follow it."""
        self.direction = "clockwise"
        for d in decls[1:]:
            self.error("the direction of play is declared twice", d.span)
        if decls:
            way = decls[0].way
            if way in DIRECTIONS:
                self.direction = way
            else:
                self.error(f"`{way}` is not a direction of play", decls[0].span,
                           did_you_mean(way, DIRECTIONS) or "write `direction clockwise` or `direction counterclockwise`")
        self.seat_order = tuple(tuple(seats_in_order(self.player_count, p, self.direction))
                                for p in range(self.player_count))

    def check_symbols(self, decls: list[n.Symbols]) -> None:
        for d in decls:
            for name, span in d.names:
                if name in self.declared_symbols:
                    self.error(f"the symbol `{name}` is declared twice", span,
                               f"the first declaration is at {self.declared_symbols[name]}")
                    continue
                if name in RESERVED_NAMES:
                    self.error(f"`{name}` is a name of the language and cannot be a symbol", span)
                    continue
                self.declared_symbols[name] = span
                self.symbols.add(name)

    def unknown_name(self, ident: str, span: Span, scope) -> None:
        """Reported once per name: its other uses are the same mistake, not new ones."""
        if ident in self.unknown_names:
            return
        self.unknown_names.add(ident)
        candidates = (list(scope) + list(self.vars) + list(self.values) + list(self.zones) + list(CONSTANTS)
                      + list(self.orders) + sorted(self.symbols) + list(self.defs) + list(self.deck_attrs))
        hint = _NAME_SPELLINGS.get(ident) or did_you_mean(ident, candidates)
        if hint is None:
            hint = (f"if `{ident}` is a word of the game, declare it once: `symbols {ident}` (or in `one of` "
                    f"of a `var` or `param`); a value is declared with `var` or `let`")
        self.error(f"unknown name `{ident}`", span, hint)

    def says_expressions(self, m: n.MoveDecl) -> None:
        """A `says` text shows the move's parameters by name; anything else between braces
        would be printed as written, so it is refused."""
        for inner in _BRACES.findall(m.says):
            if not PLACEHOLDER.fullmatch("{" + inner + "}"):
                self.error(f"the text of `{m.name}` shows `{{{inner}}}`, which is not a parameter's name", m.span,
                           "a `says` text names parameters only, like `{c}`; compute the value in a move "
                           "parameter (`move ask(to in [raise_to(stake)])`) and name that")

    def check_repeated_work(self) -> None:
        """A costly def called in a move's `where` with arguments that change with the candidate
        is computed afresh for each candidate: the engine computes a call once per generation of
        the legal moves only when its arguments are the same for every candidate. The file is
        told where the time will go, and how to share the part that does not change."""
        costs: dict[str, int] = {}
        for phase in self.phases.values():
            for m in phase.moves:
                for g in m.generators:
                    if g.condition is None:
                        continue
                    for call in _def_calls(g.condition, self.defs):
                        cost = self.work(call, costs)
                        if g.var in _names_in(call) and cost >= COSTLY_CALL:
                            shown = _source(self.sources, call)
                            self.warn(f"`{shown}` takes about {cost:,} steps and is computed again for every "
                                      f"`{g.var}` of move `{m.name}`", call.span,
                                      f"the engine computes a call once per turn only when its arguments do not "
                                      f"change with `{g.var}`: move the part that does not depend on `{g.var}` "
                                      f"into a def called with the same arguments, or into a `var` set before the turn",
                                      severity="note")
                            break

    # --- parameters, players, deck
    def const(self, e: n.Expr, what: str, env: dict[str, Any] | None = None) -> Any:
        """Evaluate an expression that must be constant: literals, parameters, arithmetic, and
        what `env` adds to the parameters."""
        try:
            return const_eval(e, {**self.values, **env} if env else self.values)
        except ConstantTooLarge as exc:
            self.error(f"{what} has more than {MAX_NUMBER_DIGITS} digits", exc.span or e.span)
            raise _Abort from None
        except NotConstant as exc:
            self.error(f"{what} must be a constant", exc.span or e.span,
                       "use numbers, parameters" + (", `player_count`" if env else "") + " and arithmetic only")
            raise _Abort from None

    def check_params(self, params: list[n.Param]) -> None:
        self.params: dict[str, ParamInfo] = {}
        self.values: dict[str, Any] = {}
        for p in params:
            d = p.domain
            if d is None:
                info = ParamInfo(p.name, "free", None, span=p.span)
            elif d.kind == "bool":
                info = ParamInfo(p.name, "bool", (True, False), span=p.span)
            elif d.kind == "enum":
                self.symbols.update(c for c in d.symbols if isinstance(c, str))
                info = ParamInfo(p.name, "enum", d.symbols, span=p.span)
            elif d.kind == "subset":
                items = tuple(self.const(i, "a choice") for i in d.items)
                info = ParamInfo(p.name, "subset", items, span=p.span)
            else:
                info = ParamInfo(p.name, "range", None, self.const(d.low, "a bound"),
                                 self.const(d.high, "a bound"), span=p.span)
            self.params[p.name] = info
            info.default = self.param_value(info, p.default)
            self.values[p.name] = info.default
        for name, value in self.overrides.items():
            if name == "players":
                continue
            info = self.params.get(name)
            if info is None:
                self.error(f"there is no parameter `{name}`", None,
                           did_you_mean(name, self.params) or f"parameters: {', '.join(self.params) or 'none'}")
                continue
            if info.kind == "subset":
                value = _subset_value(info, value)
            problem = domain_problem(info, value)
            if any(number_too_large(v) for v in (value if isinstance(value, tuple) else (value,))):
                problem = f"a number has at most {MAX_NUMBER_DIGITS} digits"
            if problem:
                self.error(f"parameter `{name}`: {problem}", info.span)
            else:
                self.values[name] = value

    def param_value(self, info: ParamInfo, e: n.Expr) -> Any:
        if info.kind == "enum" and isinstance(e, n.Name):
            value = e.id
        else:
            value = self.const(e, f"the default of `{info.name}`")
        if isinstance(value, list):
            value = tuple(value)
        problem = domain_problem(info, value)
        if problem:
            self.error(f"the default of `{info.name}` {problem}", e.span)
        return value

    def check_players(self, decls) -> tuple[int, tuple[int, ...]]:
        decl = decls["players"][0] if decls["players"] else None
        if decl is None:
            raise _Abort
        low, high = self.const(decl.low, "the fewest players"), self.const(decl.high, "the most players")
        default = self.const(decl.default, "the default player count") if decl.default else low
        chosen = self.overrides.get("players", default)
        self.player_range = (low, high, default)
        if isinstance(high, int) and high > MAX_PLAYERS:
            self.error(f"a game is for at most {MAX_PLAYERS} players, not {high}", decl.high.span)
            raise _Abort
        if not (isinstance(chosen, int) and low <= chosen <= high):
            allowed = plural(low, "player") if low == high else f"{low} to {high} players"
            self.error(f"this game is for {allowed}, not {chosen}", decl.span)
            raise _Abort
        teams = decls["teams"]
        paired = False
        if teams:
            cond = teams[0].condition
            env = {**self.values, "player_count": chosen, "players": list(range(chosen))}
            try:
                paired = bool(const_eval(cond, env)) if cond else True
            except NotConstant as exc:
                self.error("the teams condition must be a constant", exc.span or cond.span,
                           "use parameters and `player_count`")
                raise _Abort from None
            if paired and chosen % 2:
                if cond is None:
                    self.error(f"`teams pairs` needs an even number of players, not {chosen}", teams[0].span,
                               "add `when players == 4` or restrict `players`")
                    raise _Abort
                paired = False
        if paired:
            half = chosen // 2
            return chosen, tuple(p % half for p in range(chosen))
        return chosen, tuple(range(chosen))

    def check_length(self, decls: list[n.Length]) -> LengthInfo | None:
        """`length at most N moves`: N a whole constant from 1 to the engine's step limit."""
        if not decls:
            return None
        if len(decls) > 1:
            self.error("`length` is declared twice", decls[1].span)
            return None
        d = decls[0]
        moves = self.const(d.moves, "the length of a game")
        if isinstance(moves, bool) or not isinstance(moves, (int, Fraction)) or moves != int(moves) \
                or not 1 <= moves <= MAX_DECLARED_MOVES:
            self.error(f"a game's length is a whole number of moves from 1 to {MAX_DECLARED_MOVES:,}, not {moves}",
                       d.moves.span, "`length at most 3 moves`; leave `length` out when no bound is known")
            return None
        return LengthInfo(moves=int(moves), span=d.span)

    def check_always(self, decls: list[n.Always]) -> tuple[n.Always, ...]:
        """`always NAME: CONDITION`: each name once, each condition a bool of the position."""
        seen: dict[str, n.Always] = {}
        for d in decls:
            if d.name in seen:
                self.error(f"`always {d.name}` is declared twice", d.span,
                           f"the first declaration is at {seen[d.name].span}; give each its own name")
                continue
            seen[d.name] = d
            t = self.expr(d.expr, {})
            if not T.assignable(t, T.BOOL):
                self.error(f"an `always` condition must be true or false, not {t.describe()}", d.expr.span,
                           "write a condition: `always no_book_in_hand: not any(holds_book(p) for p in players)`")
        return tuple(seen.values())

    def check_payoffs(self, decls: list[n.Payoffs]) -> PayoffInfo | None:
        """`payoffs LOW..HIGH KIND [TOTAL]`: constants, LOW <= HIGH, a kind the adapters know,
        and a total that the seats' bounds can reach."""
        if not decls:
            return None
        if len(decls) > 1:
            self.error("`payoffs` is declared twice", decls[1].span)
            return None
        d = decls[0]
        low, high = self.const(d.low, "the lowest payoff"), self.const(d.high, "the highest payoff")
        for value, e in ((low, d.low), (high, d.high)):
            if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
                self.error(f"a payoff bound is a number, not {value!r}", e.span)
                return None
        if low > high:
            self.error(f"the payoffs run from {low} to {high}: the lowest is above the highest", d.span,
                       "write the lowest first: `payoffs LOW..HIGH ...`")
            return None
        if d.kind not in PAYOFF_KINDS:
            self.error(f"`{d.kind}` is not a kind of payoffs", d.span,
                       did_you_mean(d.kind, PAYOFF_KINDS) or f"one of {', '.join(PAYOFF_KINDS)}")
            return None
        total = self.const(d.total, "the payoffs' total") if d.total is not None else None
        if (total is not None) != (d.kind == "constant_sum"):
            self.error("only `constant_sum` takes a total" if total is not None else
                       "`constant_sum` needs the total the payoffs sum to", d.span,
                       "`payoffs 0..26 constant_sum 26`; zero_sum sums to 0, general_sum to anything")
            return None
        if d.kind == "zero_sum":
            total = 0
        seats = self.player_count
        if total is not None and not seats * low <= total <= seats * high:
            self.error(f"{seats} payoffs from {low} to {high} cannot sum to {total}", d.span)
            return None
        return PayoffInfo(low=low, high=high, kind=d.kind, total=total, span=d.span)

    def check_deck(self, decks: list[n.Deck]):
        deck = decks[0]
        suits: list[str] = []
        ranks: list[str] = []
        copies, jokers = 1, 0
        attributes: dict[str, dict[str, Any]] = {}
        orders: dict[str, list[str]] = {}
        for item in deck.items:
            if item.kind == "suits":
                suits = [s for s, _ in item.symbols]
            elif item.kind == "ranks":
                ranks = [r for r, _ in item.symbols]
            elif item.kind == "copies":
                copies = self.const(item.value, "the number of copies", {"player_count": self.player_count})
            elif item.kind == "jokers":
                jokers = self.const(item.value, "the number of jokers")
        if not suits or not ranks:
            self.error("the deck needs `suits` and `ranks`", deck.span, 'e.g. `suits C D H S  ranks A 2 3 ... K`')
            raise _Abort
        for label, seq in (("suit", suits), ("rank", ranks)):
            if len(set(seq)) != len(seq):
                self.error(f"a {label} is listed twice in the deck", deck.span)
        without, extra = self.deck_changes(deck, suits, ranks)
        known_ranks = set(ranks) | {"joker"} | {rank for rank, _ in extra}
        for item in deck.items:
            if item.kind == "attr":
                table = {}
                for sym, value_expr, span in item.entries:
                    if sym not in known_ranks:
                        self.error(f"`{sym}` is not a rank of this deck", span, did_you_mean(sym, ranks))
                    value = self.const(value_expr, "an attribute value")
                    if not isinstance(value, (int, Fraction)) or isinstance(value, bool):
                        self.error("an attribute value must be a number", value_expr.span)
                    table[sym] = value
                if item.name in attributes or item.name in RESERVED_NAMES:
                    self.error(f"`{item.name}` is already a function name", item.span)
                elif item.name in REGISTRY:
                    self.warn(f"attribute `{item.name}` hides the built-in function `{item.name}`: calls of "
                              f"`{item.name}` in this file are the attribute", item.span,
                              f"rename it if you meant the built-in ({REGISTRY[item.name].doc})")
                attributes[item.name] = table
            elif item.kind == "order":
                seq = []
                for sym, span in item.symbols:
                    if sym not in known_ranks:
                        self.error(f"`{sym}` is not a rank of this deck", span, did_you_mean(sym, ranks))
                    seq.append(sym)
                if len(set(seq)) != len(seq):
                    self.error(f"order `{item.name}` lists a rank twice", item.span)
                orders[item.name] = seq
        for what, value in (("copies", copies), ("jokers", jokers)):
            if not isinstance(value, int) or isinstance(value, bool) or value < (1 if what == "copies" else 0):
                self.error(f"the number of {what} must be a whole number", deck.span)
                raise _Abort
        size = len(suits) * len(ranks) * copies + jokers + len(extra) - len(without)
        if size > MAX_DECK_CARDS:
            self.error(f"the deck has {size:,} cards, more than the {MAX_DECK_CARDS:,} a deck may have", deck.span)
            raise _Abort
        names: dict[str, tuple[str, str | None]] = {}
        for rank, suit in [(r, s) for s in suits for r in ranks] + list(extra):
            other = names.setdefault(rank if suit is None else f"{rank}{suit}", (rank, suit))
            if other != (rank, suit):
                self.error(f"two cards of the deck are named `{rank}{suit or ''}`: {_card_words(*other)} "
                           f"and {_card_words(rank, suit)}", deck.span,
                           "a card's name is its rank then its suit: choose symbols that do not run together")
                raise _Abort
        for card in set(without):
            if without.count(card) > copies:
                self.error(f"`without` takes {card[0]} of {card[1]} out {without.count(card)} times, but the deck "
                           f"holds {plural(copies, 'copy', 'copies')} of it", deck.span)
                raise _Abort
        if jokers and "JOKER" in names:
            self.error("a card of the deck is named `JOKER`, like the jokers", deck.span)
            raise _Abort
        self.deck_attrs = attributes
        self.orders = set(orders) | {"rank"}
        return build_deck(suits, ranks, copies, jokers, attributes, orders, without, extra)

    def deck_changes(self, deck: n.Deck, suits: list[str], ranks: list[str]):
        """The cards `without` takes out of suits x ranks (a copy each time a card is named) and
        the `extra` cards added: a known suit or none, any rank."""
        without: list[tuple[str, str]] = []
        extra: list[tuple[str, str | None]] = []
        copies = {(r, s): 0 for s in suits for r in ranks}
        for item in deck.items:
            if item.kind == "extra":
                for rank, suit, span in item.cards:
                    if suit is not None and suit not in suits:
                        self.error(f"`{suit}` is not a suit of this deck", span, did_you_mean(suit, suits))
                    elif suit is None and rank in suits:
                        self.error(f"`{rank}` is a suit: an extra card is a rank, with `of SUIT` when it has a suit",
                                   span, f"write `RANK of {rank}`")
                    else:
                        extra.append((rank, suit))
            elif item.kind == "without":
                for rank, suit, span in item.cards:
                    if (rank, suit) not in copies:
                        self.error(f"`without` names a card that suits x ranks does not hold: {rank}"
                                   + (f" of {suit}" if suit else ""), span,
                                   "name a card by its rank and suit, like `0 of R`; `without` takes a copy out")
                        continue
                    copies[(rank, suit)] += 1
                    without.append((rank, suit))
        return without, extra

    def check_zones(self, decls: list[n.Zone]) -> dict[str, ZoneInfo]:
        zones: dict[str, ZoneInfo] = {}
        slot = 0
        counts = {None: 1, "player": self.player_count, "team": len(set(self.team_of))}
        for z in decls:
            fields = {}
            for f in z.fields:
                fields[f.name] = self.stored_type(f.type)
                if f.name == "cards":
                    self.error("`cards` is the name of a group's cards and cannot be a field", f.span)
                old = self.group_fields.get(f.name)
                self.group_fields[f.name] = fields[f.name] if old in (None, fields[f.name]) else T.ANY
            info = ZoneInfo(z.name, z.owner, z.visibility, z.face, z.holds_deck, fields, z.span,
                            base=slot, count=counts[z.owner])
            slot += info.count
            zones[z.name] = info
        starting = [z for z in zones.values() if z.holds_deck]
        if len(starting) != 1:
            span = starting[1].span if starting else (decls[0].span if decls else Span(self.rules.path, 1, 1))
            self.error("exactly one shared zone must hold the deck at the start" if not starting
                       else "only one zone may start with the deck", span,
                       "add `starts with deck` to the stock: `zone stock: shared, hidden, starts with deck`")
        elif starting[0].owner is not None:
            self.error("the zone that starts with the deck must be shared", starting[0].span)
        return zones

    def unknown_type(self, name: str, span: Span) -> None:
        """Reported once per name: its other uses are the same mistake, not new ones."""
        if name in self.unknown_types:
            return
        self.unknown_types.add(name)
        hint = _TYPE_SPELLINGS.get(name.lower()) or did_you_mean(name, TYPE_NAMES)
        forms = f"types: {', '.join(TYPE_NAMES)}, `list of T` (`list of card`) and `one of a, b`"
        self.error(f"unknown type `{name}`", span,
                   (hint + (" " if hint.endswith("?") else "; ") + forms) if hint else forms)

    def type_ref(self, t: n.TypeRef) -> T.Type:
        """The type a declaration writes, noted for the compiler, which reads it from the model
        rather than the words again."""
        return self.note(t, self.written_type(t))

    def written_type(self, t: n.TypeRef) -> T.Type:
        if t.kind == "enum":
            self.symbols.update(t.symbols)
            return T.SYMBOL
        if t.kind == "bool":
            return T.BOOL
        if t.kind == "list":
            inner = t.symbols[0]
            if inner not in TYPE_NAMES:
                self.unknown_type(inner, t.span)
                return T.list_of(T.ANY)
            return T.list_of(T.Type(inner))
        if t.kind not in TYPE_NAMES:
            self.unknown_type(t.kind, t.span)
            return T.ANY
        return T.Type(t.kind)

    def check_vars(self, decls: list[n.Var]) -> dict[str, VarInfo]:
        out = {}
        for i, v in enumerate(decls):
            reason, where = v.public or (None, None)
            out[v.name] = VarInfo(v.name, v.owner, self.stored_type(v.type), v.init, v.span, index=i, public=reason)
            if reason is not None and not reason.strip():
                self.error(f"`public` needs its reason: why may every seat see `{v.name}`?", where,
                           'say which rule shows it, like public "each player declares his point"')
            elif reason is not None and T.innermost(out[v.name].type) in (T.CARD, T.GROUP):
                self.error(f"`{v.name}` names cards: who sees a card follows from where it lies, not from "
                           "`public`", where, "leave `public` to values: numbers, truth values, "
                           "players, ranks, suits and symbols")
        return out

    def stored_type(self, t: n.TypeRef) -> T.Type:
        """The type of a variable or group field. `item` (a card or a group) is for parameters
        only: what the state stores is shown to players, and a stored item could not be masked."""
        kind = self.type_ref(t)
        if T.element(kind) == T.ITEM or kind == T.ITEM:
            self.error("a variable or group field holds a `card` or a `group`, not an `item`", t.span,
                       "`item` is for the parameters of `def` and `action`")
        return kind

    # --- expressions
    def note(self, e, t: T.Type) -> T.Type:
        self.types[id(e)] = t
        return t

    def expr(self, e: n.Expr, scope: dict[str, T.Type]) -> T.Type:
        return self.note(e, self._expr(e, scope))

    def want(self, e: n.Expr, scope, expected: T.Type, what: str) -> T.Type:
        t = self.expr(e, scope)
        if not T.assignable(t, expected):
            self.error(f"{what} must be {expected.describe()}, not {t.describe()}", e.span)
        return t

    def _expr(self, e, scope) -> T.Type:
        if isinstance(e, n.Num):
            return T.NUMBER
        if isinstance(e, n.Const):
            return T.BOOL if isinstance(e.value, bool) else T.NONE
        if isinstance(e, n.Str):
            return self.deck_symbol(e)
        if isinstance(e, n.Name):
            return self.name(e, scope)
        if isinstance(e, n.Unary):
            if e.op == "not":
                self.want(e.operand, scope, T.BOOL, "the operand of `not`")
                return T.BOOL
            self.want(e.operand, scope, T.NUMBER, "the operand of `-`")
            return T.NUMBER
        if isinstance(e, n.Binary):
            return self.binary(e, scope)
        if isinstance(e, n.Cond):
            self.want(e.test, scope, T.BOOL, "the condition")
            when_true, when_false = _narrowed(e.test, scope)
            a, b = self.expr(e.then, when_true), self.expr(e.otherwise, when_false)
            if T.assignable(b, a) and T.assignable(a, b) and T.unknown_in(a):
                return b                   # `if C then [] else cards`: the list's elements are known
            if T.assignable(b, a):
                return a
            if T.assignable(a, b):
                return b
            self.error(f"the two branches give {a.describe()} and {b.describe()}", e.span)
            return T.ANY
        if isinstance(e, n.ListLit):
            ts = [self.expr(i, scope) for i in e.items]
            return T.list_of(_common(ts))
        if isinstance(e, n.ListComp):
            with self.loop(e.iterable):
                inner = self.iteration(e.var, e.iterable, e.condition, scope)
                return T.list_of(self.expr(e.element, inner))
        if isinstance(e, n.MapLit):
            ts = []
            for k, v in e.entries:
                self.expr(k, scope)
                ts.append(self.expr(v, scope))
            return T.map_of(_common(ts))
        if isinstance(e, n.Index):
            return self.index(e, scope)
        if isinstance(e, n.Attr):
            return self.attr(e, scope)
        if isinstance(e, n.Aggregate):
            return self.aggregate(e, scope)
        if isinstance(e, n.Call):
            return self.call(e, scope)
        if isinstance(e, n.LetIn):
            return self.expr(e.body, {**scope, e.name: self.expr(e.value, scope)})
        raise AssertionError(f"unknown expression {e!r}")

    def deck_symbol(self, e: n.Str) -> T.Type:
        deck = self.deck
        kinds = []
        if e.text in deck.ranks or e.text in deck.rank_of:
            kinds.append(T.RANK)
        if e.text in deck.suits:
            kinds.append(T.SUIT)
        if e.text in deck.names:
            kinds.append(T.SYMBOL)
        if not kinds:
            self.error(f'"{e.text}" is not a rank, suit or card of this deck', e.span,
                       did_you_mean(e.text, list(deck.ranks) + list(deck.suits) + list(deck.names)))
            return T.ANY
        return kinds[0] if len(kinds) == 1 else T.SYMBOL

    def name(self, e: n.Name, scope) -> T.Type:
        ident = e.id
        if ident in scope:
            self.names[id(e)] = ("local", ident)
            return scope[ident]
        if ident in self.vars:
            var = self.vars[ident]
            self.names[id(e)] = ("var", var)
            return T.per(var.owner, var.type) if var.owner else var.type
        if ident in self.zones:
            zone = self.zones[ident]
            self.names[id(e)] = ("zone", zone)
            kind = T.GZONE if zone.fields else T.ZONE
            return T.per(zone.owner, kind) if zone.owner else kind
        if ident in self.params:
            self.names[id(e)] = ("param", ident)
            return _value_type(self.values[ident])
        if ident in self.defs and not self.defs[ident].params:
            self.names[id(e)] = ("def", ident)
            return self.def_type(self.defs[ident])
        if ident in CONSTANTS:
            self.names[id(e)] = ("const", ident)
            return CONSTANTS[ident][0]
        if ident in self.values:
            self.names[id(e)] = ("param", ident)
            return _value_type(self.values[ident])
        if ident in self.orders:
            self.names[id(e)] = ("order", ident)
            return T.ORDER
        if ident in self.symbols or ident in SYMBOLS:
            self.names[id(e)] = ("symbol", ident)
            if ident not in self.symbols:
                self.used_builtin_symbols.add(ident)
            return T.SYMBOL
        if ident in self.defs or ident in self.deck_attrs or ident in ("rank", "suit", "name"):
            self.names[id(e)] = ("func", ident)
            return T.FUNC
        if ident == "me":
            self.error("`me` means the player making a move; it exists only inside a move", e.span)
            return T.PLAYER
        self.unknown_name(ident, e.span, scope)
        return T.ANY

    def binary(self, e: n.Binary, scope) -> T.Type:
        op = e.op
        if op in ("and", "or"):
            self.want(e.left, scope, T.BOOL, f"the left side of `{op}`")
            when_true, when_false = _narrowed(e.left, scope)
            self.want(e.right, when_true if op == "and" else when_false, T.BOOL, f"the right side of `{op}`")
            return T.BOOL
        a, b = self.expr(e.left, scope), self.expr(e.right, scope)
        if op in ("==", "!="):
            # Any value may be tested against `none`: `min(...)` of nothing, `first(...)` of no match.
            if not T.comparable(a, b) and T.NONE not in (a, b):
                hint = None
                if T.SYMBOL in (a, b) and T.CARD in (a, b):
                    hint = 'compare a card by name: `name(c) == "10D"`'
                self.error(f"cannot compare {a.describe()} with {b.describe()}", e.span, hint)
            return T.BOOL
        if op in ("<", "<=", ">", ">="):
            ok = (T.assignable(a, T.NUMBER) and T.assignable(b, T.NUMBER)) or (
                a.kind == "list" and b.kind == "list")
            if not ok:
                self.error(f"`{op}` compares numbers (or lists of numbers), not {a.describe()} and {b.describe()}",
                           e.span)
            return T.BOOL
        if op in ("in", "not in"):
            if not T.is_collection(b):
                self.error(f"`{op}` needs a list, zone or group on its right, not {b.describe()}", e.right.span)
            return T.BOOL
        if op == "..":
            self.want(e.left, scope, T.NUMBER, "a range bound")
            self.want(e.right, scope, T.NUMBER, "a range bound")
            return T.list_of(T.NUMBER)
        if op in ("+", "-") and a.kind == "list" and b.kind == "list":
            return T.list_of(_common([T.element(a), T.element(b)]))
        for side, t in ((e.left, a), (e.right, b)):
            if not T.assignable(t, T.NUMBER):
                self.error(f"`{op}` needs numbers, not {t.describe()}", side.span)
        return T.NUMBER

    def index(self, e: n.Index, scope) -> T.Type:
        obj = self.expr(e.obj, scope)
        if obj.kind == "per":
            t = self.expr(e.index, scope)
            if not (T.assignable(t, T.Type(obj.owner)) or (obj.owner == "team" and T.assignable(t, T.PLAYER))):
                self.error(f"index this by a {obj.owner}, not {t.describe()}", e.index.span)
            return obj.of
        if obj.kind == "map":
            self.expr(e.index, scope)
            return obj.of
        if obj.kind == "list" or obj in (T.ZONE, T.GZONE):
            self.want(e.index, scope, T.NUMBER, "a list index")
            return T.element(obj)
        if obj != T.ANY:
            self.error(f"{obj.describe()} cannot be indexed", e.span)
        self.expr(e.index, scope)
        return T.ANY

    def attr(self, e: n.Attr, scope) -> T.Type:
        obj = self.expr(e.obj, scope)
        if not T.assignable(obj, T.GROUP) and obj != T.ITEM:
            hint = None
            if obj == T.CARD and (e.name in ("rank", "suit", "name") or e.name in self.deck_attrs):
                hint = f"a card's {e.name} is a function of it: write `{e.name}({_source(self.sources, e.obj)})`"
            self.error(f"only groups have fields; this is {obj.describe()}", e.obj.span, hint)
            return T.ANY
        if e.name == "cards":
            return T.list_of(T.CARD)
        if e.name not in self.group_fields:
            self.error(f"no zone declares a group field `{e.name}`", e.span,
                       did_you_mean(e.name, list(self.group_fields) + ["cards"]))
            return T.ANY
        return self.group_fields[e.name]

    @contextlib.contextmanager
    def loop(self, iterable: n.Expr):
        """Inside a loop over `iterable`: when it is a constant range, the loops around what is
        checked inside go round that many times more, and may not exceed the limit."""
        outer = self.iterations
        size = _range_size(iterable, self.values)
        if size is not None:
            self.iterations = outer * size
            if self.iterations > MAX_STATIC_ITERATIONS and iterable.span not in self.too_many_iterations:
                self.too_many_iterations.add(iterable.span)
                self.error(f"the loops here go round {self.iterations:,} times, more than the "
                           f"{MAX_STATIC_ITERATIONS:,} allowed", iterable.span, "loop over a smaller range")
        try:
            yield
        finally:
            self.iterations = outer

    def iteration(self, var: str, iterable: n.Expr, condition, scope) -> dict[str, T.Type]:
        t = self.expr(iterable, scope)
        if not T.is_collection(t):
            self.error(f"cannot go through {t.describe()}; expected a list, zone or group", iterable.span)
        inner = dict(scope)
        inner[var] = T.element(t)
        if condition is not None:
            self.want(condition, inner, T.BOOL, "a filter")
        return inner

    def aggregate(self, e: n.Aggregate, scope) -> T.Type:
        if e.func not in AGGREGATES:
            self.error(f"`{e.func}(... for ...)` is not an aggregate", e.span,
                       did_you_mean(e.func, AGGREGATES) or f"aggregates: {', '.join(AGGREGATES)}")
            return T.ANY
        with self.loop(e.iterable):
            inner = self.iteration(e.var, e.iterable, e.condition, scope)
            t = self.expr(e.element, inner)
        if e.func == "sum":
            if not T.assignable(t, T.NUMBER):
                self.error("`sum` adds numbers", e.element.span)
            return T.NUMBER
        if e.func == "count":
            return T.NUMBER
        if e.func in ("any", "all"):
            if not T.assignable(t, T.BOOL):
                self.error(f"`{e.func}` needs a truth value for each element", e.element.span)
            return T.BOOL
        if e.func in ("max", "min"):
            return t
        if e.func in ("most", "least"):
            return inner[e.var]
        return t  # first

    def call(self, e: n.Call, scope) -> T.Type:
        f = e.func
        if f in self.defs:
            d = self.defs[f]
            self.args(e, scope, [self.type_ref(p.type) for p in d.params])
            return self.def_type(d)
        if f in self.deck_attrs:
            self.args(e, scope, [T.CARD])
            return T.NUMBER
        if f in REGISTRY:
            b = REGISTRY[f]
            params = list(b.params)
            if b.short_form is not None and len(e.args) != len(params):
                if len(e.args) == b.short_form:
                    params = params[:b.short_form]
                else:
                    self.error(f"`{f}` takes {b.short_form} or {len(params)} arguments, not {len(e.args)}", e.span)
                    for a in e.args:
                        self.expr(a, scope)
                    return T.ANY
            ts = self.args(e, scope, params)
            return b.result_type(ts)
        if f in self.actions:
            self.error(f"`{f}` is an action: call it as a statement, not inside an expression", e.span)
            return T.ANY
        if f in AGGREGATES:
            self.error(f"`{f}` needs the form `{f}(value for x in list)`", e.span)
            return T.ANY
        hint = _FUNCTION_SPELLINGS.get(f)
        if f == "range" and len(e.args) == 1:
            hint = f"write `1..{_source(self.sources, e.args[0])}` for the numbers from 1 to that number"
        self.error(f"unknown function `{f}`", e.span,
                   hint or did_you_mean(f, list(self.defs) + list(self.deck_attrs) + list(REGISTRY)))
        for a in e.args:
            self.expr(a, scope)
        return T.ANY

    def args(self, e, scope, params: list[T.Type]) -> list[T.Type]:
        if len(e.args) != len(params):
            self.error(f"`{e.func if hasattr(e, 'func') else e.name}` takes {len(params)} "
                       f"argument{'s' if len(params) != 1 else ''}, not {len(e.args)}", e.span)
        ts = []
        for a, p in zip(e.args, params):
            if p == T.FUNC:
                ts.append(self.func_ref(a))
                continue
            t = self.expr(a, scope)
            ts.append(t)
            if not T.assignable(t, p) and not T.zone_as_list(t, p):
                hint = None
                if p.kind == "list" and t in (T.ZONE, T.GZONE):
                    hint = f"the list of a zone's cards is `cards({_source(self.sources, a)})`"
                self.error(f"this argument must be {p.describe()}, not {t.describe()}", a.span, hint)
        for a in e.args[len(params):]:
            self.expr(a, scope)
        return ts

    def func_ref(self, a: n.Expr) -> T.Type:
        if isinstance(a, n.Name) and (a.id in self.defs or a.id in self.deck_attrs):
            self.names[id(a)] = ("func", a.id)
            if a.id in self.defs and len(self.defs[a.id].params) != 1:
                self.error(f"`{a.id}` must take exactly one argument to be used here", a.span)
            return self.note(a, T.FUNC)
        self.error("expected the name of a `def` or a card attribute", a.span,
                   "write `def value_of(x: card) = ...` and pass `value_of`")
        return T.FUNC

    def check_action_recursion(self) -> None:
        """An action that calls itself, directly or through others, could run for ever."""
        calls = {name: _calls(a.body) for name, a in self.actions.items()}
        for name, action in self.actions.items():
            seen: set[str] = set()
            todo = list(calls[name])
            while todo:
                callee = todo.pop()
                if callee == name:
                    self.error(f"action `{name}` calls itself (directly or through other actions); "
                               "actions cannot be recursive", action.span,
                               "rules must always finish: repeat with `for`, or let a phase `goto` itself")
                    break
                if callee not in seen:
                    seen.add(callee)
                    todo.extend(calls.get(callee, ()))

    def def_type(self, d: n.Def) -> T.Type:
        if d.name in self.def_types:
            return self.def_types[d.name]
        if d.name in self.checking_defs:
            self.error(f"`{d.name}` refers to itself; definitions cannot be recursive", d.span,
                       "rules must always finish: use the built-in aggregates instead of recursion")
            return T.ANY
        self.checking_defs.append(d.name)
        t = self.expr(d.body, {p.name: self.type_ref(p.type) for p in d.params})
        self.checking_defs.pop()
        self.def_types[d.name] = t
        return t

    # --- statements
    def block(self, b: n.Block, scope: dict[str, T.Type], where: str) -> None:
        scope = dict(scope)
        for s in b.statements:
            self.stmt(s, scope, where)

    def telling(self, says: tuple[str, Span] | None, scope: dict[str, T.Type], span: Span, owner: str,
                action: str | None = None) -> None:
        """A `says` text names only values in scope there; each named is kept with its type."""
        if says is None:
            return
        text, where = says
        names = []
        for ref in dict.fromkeys(_template_names(text)):
            if ref in scope:
                names.append((ref, scope[ref]))
                continue
            hint = did_you_mean(ref, scope)
            if hint is None and (ref in self.vars or ref in self.defs or ref in self.params):
                hint = f"a text names values in scope: bind it first, `let {ref}_now = {ref}`, and write {{{ref}_now}}"
            elif hint is None:
                hint = f"in scope here: {', '.join(sorted(scope)) or 'nothing'}"
            self.error(f"the text of {owner} names `{{{ref}}}`, which is not a value in scope there", where, hint)
        self.tellings[span] = Telling(text=text, names=tuple(names), span=span, action=action)

    def stmt(self, s, scope, where) -> None:
        says = getattr(s, "says", None)
        if says is not None:
            self.telling(says, scope, s.span, "this statement")
        if isinstance(s, n.Assign):
            self.assign(s, scope)
        elif isinstance(s, n.Let):
            scope[s.name] = self.expr(s.value, scope)
        elif isinstance(s, n.MoveCards):
            t = self.expr(s.what, scope)
            if not (T.assignable(t, T.ITEM) or T.is_collection(t)):
                self.error(f"only cards and groups can be moved, not {t.describe()}", s.what.span)
            d = self.expr(s.dest, scope)
            if d not in (T.ZONE, T.GZONE, T.GROUP, T.ITEM, T.ANY):
                self.error(f"cards move to a zone or a group, not {d.describe()}", s.dest.span)
        elif isinstance(s, n.Deal):
            self.want(s.count, scope, T.NUMBER, "the number of cards")
            self.want(s.source, scope, T.ZONE, "the source of a deal")
            self.want(s.dest, scope, T.ZONE, "the destination of a deal")
        elif isinstance(s, n.Shuffle):
            self.want(s.zone, scope, T.ZONE, "what is shuffled")
        elif isinstance(s, (n.Flip, n.Reveal)):
            t = self.expr(s.what, scope)
            if not (T.assignable(t, T.CARD) or T.is_collection(t)) or T.element(t).kind == "list":
                hint = "show each list: `for m in ... { show m }`" if T.element(t).kind == "list" else None
                self.error(f"only cards can be shown, not {t.describe()}", s.what.span, hint)
            if isinstance(s, n.Reveal):
                to = self.expr(s.to, scope)
                if not (T.assignable(to, T.PLAYER) or T.assignable(to, T.list_of(T.PLAYER))):
                    self.error(f"cards are revealed to a player or a list of players, not {to.describe()}",
                               s.to.span)
        elif isinstance(s, n.MakeGroup):
            self.want(s.cards, scope, T.COLLECTION, "the cards of a group")
            self.want(s.zone, scope, T.ZONE, "where a group goes")
            zone = self.static_zone(s.zone)
            if zone is not None and not zone.fields:
                self.error(f"zone `{zone.name}` does not hold groups", s.zone.span,
                           "declare it with `groups { field: type }`")
            for fname, value in s.fields:
                t = self.expr(value, scope)
                if zone is not None and zone.fields:
                    if fname not in zone.fields:
                        self.error(f"groups in `{zone.name}` have no field `{fname}`", value.span,
                                   did_you_mean(fname, zone.fields))
                    elif not T.assignable(t, zone.fields[fname]):
                        self.error(f"field `{fname}` is {zone.fields[fname].describe()}, not {t.describe()}",
                                   value.span)
        elif isinstance(s, n.If):
            for test, body in s.branches:
                self.want(test, scope, T.BOOL, "the condition of `if`")
                self.block(body, scope, where)
            if s.otherwise:
                self.block(s.otherwise, scope, where)
        elif isinstance(s, n.For):
            with self.loop(s.iterable):
                inner = self.iteration(s.var, s.iterable, s.condition, scope)
                self.block(s.body, inner, where)
        elif isinstance(s, n.Repeat):
            self.repeat_bound(s)
            self.want(s.condition, scope, T.BOOL, "the condition of `repeat`")
            self.block(s.body, scope, where)
        elif isinstance(s, n.Goto):
            if s.phase not in self.phases:
                self.error(f"there is no phase `{s.phase}`", s.span, did_you_mean(s.phase, self.phases))
        elif isinstance(s, n.EndGame):
            pass
        elif isinstance(s, n.CallAction):
            action = self.actions.get(s.name)
            if action is None:
                hint = did_you_mean(s.name, self.actions)
                if s.name in self.defs or s.name in REGISTRY:
                    hint = f"`{s.name}` is a function; a statement calls an `action`"
                self.error(f"unknown action `{s.name}`", s.span, hint)
                return
            self.args(s, scope, [self.type_ref(p.type) for p in action.params])

    def repeat_bound(self, s: n.Repeat) -> int | None:
        """The most rounds of a `repeat`: a whole number known before play, so every block finishes."""
        try:
            bound = const_eval(s.bound, self.values)
        except NotConstant:
            self.error("the bound of `repeat at most N` must be a constant", s.bound.span,
                       "write a number or a parameter: `repeat at most 10 while ...`")
            return None
        if isinstance(bound, bool) or not isinstance(bound, int) or bound < 0:
            self.error(f"the bound of `repeat at most N` must be a whole number, not {bound}", s.bound.span)
            return None
        if bound > MAX_REPEAT:
            self.error(f"`repeat at most {bound}` is more rounds than the {MAX_REPEAT:,} a `repeat` may have",
                       s.bound.span, "a loop that must go on longer is a phase that goes back to itself")
            return None
        return bound

    def static_zone(self, e):
        if isinstance(e, n.Name) and e.id in self.zones:
            return self.zones[e.id]
        if isinstance(e, n.Index) and isinstance(e.obj, n.Name) and e.obj.id in self.zones:
            return self.zones[e.obj.id]
        return None

    def assign(self, s: n.Assign, scope) -> None:
        target = s.target
        value_t = self.expr(s.value, scope)
        if isinstance(target, n.Name):
            if target.id in scope:
                t = scope[target.id]
                self.names[id(target)] = ("local", target.id)
            elif target.id in self.vars:
                var = self.vars[target.id]
                if var.owner:
                    self.error(f"`{var.name}` has one value per {var.owner}: write `{var.name}[...] = ...`",
                               target.span)
                t = var.type
                self.names[id(target)] = ("var", var)
            elif target.id in self.params:
                self.error(f"`{target.id}` is a parameter and cannot change during play", target.span,
                           "declare a `var` for values that change")
                return
            else:
                self.error(f"unknown variable `{target.id}`", target.span,
                           did_you_mean(target.id, list(self.vars) + list(scope)) or "declare it with `var`")
                return
        elif isinstance(target, n.Index):
            if not (isinstance(target.obj, n.Name) and target.obj.id in self.vars
                    and self.vars[target.obj.id].owner):
                self.error("only a per-player or per-team `var` can be assigned by index", target.span)
                return
            t = self.expr(target, scope)
        elif isinstance(target, n.Attr):
            t = self.expr(target, scope)
            if target.name == "cards":
                self.error("a group's cards change with `move`, not by assignment", target.span)
        else:
            self.error("cannot assign to this", target.span)
            return
        self.note(target, t)
        if s.op != "=" and not T.assignable(t, T.NUMBER):
            self.error(f"`{s.op}` works on numbers", s.span)
        elif not T.assignable(value_t, t):
            hint = None
            if t.kind == "list" and value_t in (T.ZONE, T.GZONE):
                hint = f"the list of a zone's cards is `cards({_source(self.sources, s.value)})`"
            self.error(f"cannot store {value_t.describe()} in {t.describe()}", s.value.span, hint)

    # --- phases
    def racing_windows(self) -> None:
        """Give each racing window (`race SEATS`) what it runs on: a counter of the seats asked
        since the window opened (a variable no file can name), the `pass` every seat asked may
        make (the next seat is asked), and, first in each of the window's own moves, the counter
        back to 0: a move that stays in the phase opens the window again from its first seat,
        and one that leaves it leaves it closed."""
        if not any(p.race is not None for p in self.phases.values()):
            return
        span = next(p.race.span for p in self.phases.values() if p.race is not None)
        self.vars[RACE_ASKED] = VarInfo(RACE_ASKED, None, T.NUMBER, n.Num(value=0, span=span), span,
                                        index=len(self.vars))
        for name, p in self.phases.items():
            if p.race is None:
                continue
            at = p.race.span

            def counter(value: int, op: str = "=", at: Span = at) -> n.Assign:
                return n.Assign(target=n.Name(id=RACE_ASKED, span=at), op=op, value=n.Num(value=value, span=at),
                                span=at)

            moves = tuple(n.MoveDecl(name=m.name, generators=m.generators, condition=m.condition, says=m.says,
                                     body=n.Block(statements=(counter(0), *m.body.statements), span=m.body.span),
                                     span=m.span, refusals=m.refusals) for m in p.moves)
            passing = n.MoveDecl(name=RACE_PASS, generators=(), condition=None, says=None,
                                 body=n.Block(statements=(counter(1, "+="),), span=at), span=at)
            if any(m.name == RACE_PASS for m in p.moves):
                self.error(f"phase `{p.name}` is a racing window, which gives every seat asked its `{RACE_PASS}`",
                           next(m.span for m in p.moves if m.name == RACE_PASS),
                           "leave the pass out, or name this move otherwise; what all passing does "
                           "goes in `all pass { ... }`")
                passing = None
            self.phases[name] = n.Phase(name=p.name, turn=p.turn, do=p.do, span=p.span, race=p.race,
                                        all_pass=p.all_pass, moves=moves + ((passing,) if passing else ()),
                                        words=p.words)

    def check_race(self, p: n.Phase) -> None:
        """A racing window: the seats it asks, in order, and what all passing does."""
        if p.race is None:
            if p.all_pass is not None:
                self.error(f"phase `{p.name}` says what happens when all pass, but asks no seats in turn",
                           p.all_pass.span, "a racing window begins with `race SEATS`, the list of seats asked")
            return
        if p.do is not None or p.turn is not None:
            other = "do" if p.do else "simultaneous" if p.simultaneous else "turn"
            self.error(f"phase `{p.name}` is a racing window (`race`), so it has no `{other}`",
                       p.span, "`race SEATS` says whose turn it is: each seat of the list in turn")
        if p.then is not None:
            self.error(f"phase `{p.name}` is a racing window (`race`), so it has no `then` block", p.then.span,
                       "`then` resolves the choices of a `simultaneous` phase; what follows a window's move "
                       "goes in the move, and what follows all passing in `all pass { ... }`")
        self.want(p.race, {}, T.list_of(T.PLAYER), "`race`")
        if p.all_pass is None:
            self.error(f"phase `{p.name}` is a racing window but does not say what happens when all pass",
                       p.race.span, "add `all pass { ... }`, ending in `goto` or `end game`")
        else:
            self.block(p.all_pass, {}, where="phase")
        if not any(m.name != RACE_PASS for m in p.moves):
            self.error(f"phase `{p.name}` asks seats in turn but offers them no move besides passing", p.span)

    def check_phase(self, p: n.Phase) -> None:
        if p.race is not None or p.all_pass is not None:
            self.check_race(p)
            if p.race is not None and p.do is None and p.turn is None:
                self.check_moves(p)
            return
        if p.do is not None and (p.moves or p.turn is not None):
            self.error(f"phase `{p.name}` both runs by itself (`do`) and waits for moves", p.span,
                       "a phase either has a `do` block, or a `turn` and `move`s")
            return
        if p.do is None and p.turn is None:
            self.error(f"phase `{p.name}` says neither `do` nor whose `turn` it is", p.span)
            return
        if p.do is not None:
            self.block(p.do, {}, where="phase")
            return
        if p.then is not None and not p.simultaneous:
            self.error(f"phase `{p.name}` has a `then` block but its seats do not choose at once", p.then.span,
                       "`then` resolves the choices of a `simultaneous` phase: write `simultaneous SEATS` "
                       "for `turn`, or put the statements in the moves")
        if p.simultaneous:
            self.check_simultaneous(p)
        else:
            self.want(p.turn, {}, T.PLAYER, "`turn`")
        if not p.moves:
            self.error(f"phase `{p.name}` has a turn but no moves", p.span)
        self.check_moves(p)

    def check_moves(self, p: n.Phase) -> None:
        names = set()
        for m in p.moves:
            if m.name in names:
                self.error(f"phase `{p.name}` declares move `{m.name}` twice", m.span)
            names.add(m.name)
            self.parameter_names([(g.var, g.span) for g in m.generators], f"move `{m.name}`", player_moves=True)
            scope = {"me": T.PLAYER}
            with contextlib.ExitStack() as loops:
                for g in m.generators:
                    loops.enter_context(self.loop(g.source))
                    scope = self.iteration(g.var, g.source, g.condition, scope)
                if m.condition is not None:
                    self.want(m.condition, scope, T.BOOL, "the condition of a move")
            for refusal in m.refusals + tuple(r for g in m.generators for r in g.refusals):
                self.refusal(refusal)
            if m.says is not None:
                self.says_expressions(m)
                for ref in _template_names(m.says):
                    if ref not in scope:
                        self.error(f"the text of `{m.name}` names `{{{ref}}}`, which is not a parameter",
                                   m.span, did_you_mean(ref, scope))
            self.block(m.body, scope, where="move")

    def check_simultaneous(self, p: n.Phase) -> None:
        """`simultaneous SEATS`: a list of seats, moves that leave the flow to `then`."""
        assert p.turn is not None
        self.want(p.turn, {}, T.list_of(T.PLAYER), "`simultaneous`")
        if p.then is not None:
            self.block(p.then, {}, where="phase")
        for m in p.moves:
            targets: set[str] = set()
            if _jumps(m.body, self.actions, targets, set()) or targets:
                self.error(f"move `{m.name}` of simultaneous phase `{p.name}` leaves the phase itself", m.span,
                           "its statements run once every seat has chosen, seat after seat: "
                           "put `goto` and `end game` in the phase's `then` block")

    def refusal(self, refusal: n.Refusal) -> None:
        """A reason is what a player reads: words, not a template or an empty string."""
        if not refusal.reason.strip():
            self.error("the reason after `else` is empty", refusal.span,
                       'say what the player must do instead: `else "you must follow suit"`')
        elif "{" in refusal.reason or "}" in refusal.reason:
            self.error("a reason is plain text: it names no parameter in braces", refusal.span,
                       "write the reason in words; the refused move is quoted beside it")

    # --- flow
    def check_flow(self, setup: n.Setup) -> None:
        """Every phase reachable from setup must be able to reach `end game`."""
        if not _transfers(setup.body, self.actions):
            self.error("setup must end with `goto` the first phase", setup.span)
        for p in self.phases.values():
            if p.do is not None and not _transfers(p.do, self.actions):
                self.error(f"phase `{p.name}` can finish its `do` block without a `goto` or `end game`",
                           p.span, "end every path of the block with `goto` or `end game`")
            if p.all_pass is not None and not _transfers(p.all_pass, self.actions):
                self.error(f"phase `{p.name}` can finish its `all pass` block without a `goto` or `end game`",
                           p.all_pass.span, "end every path of the block with `goto` or `end game`: "
                           "the window is closed once every seat has passed")
        edges: dict[str, set[str]] = {}
        ends: set[str] = set()
        for p in self.phases.values():
            blocks = [p.do] if p.do else ([m.body for m in p.moves] + ([p.then] if p.then else [])
                                          + ([p.all_pass] if p.all_pass else []))
            targets: set[str] = set()
            for b in blocks:
                ended = _jumps(b, self.actions, targets, set())
                if ended:
                    ends.add(p.name)
            if p.moves:
                targets.add(p.name)  # a move without goto stays in its phase
            edges[p.name] = targets
        start: set[str] = set()
        if _jumps(setup.body, self.actions, start, set()):
            return
        reachable, todo = set(start), list(start)
        while todo:
            for t in edges.get(todo.pop(), ()):
                if t not in reachable and t in self.phases:
                    reachable.add(t)
                    todo.append(t)
        can_end = set(ends)
        changed = True
        while changed:
            changed = False
            for name, targets in edges.items():
                if name not in can_end and targets & can_end:
                    can_end.add(name)
                    changed = True
        for name in self.phases:
            if name in reachable and name not in can_end:
                self.error(f"the game can never end once it reaches phase `{name}`", self.phases[name].span,
                           "no path from this phase leads to `end game`")

    def check_deals(self, setup: n.Setup) -> None:
        """A block that deals more cards than the deck holds can never run."""
        blocks = [setup.body] + [p.do for p in self.phases.values() if p.do is not None]
        for b in blocks:
            try:
                need = _cards_dealt(b, self.player_count, self.values)
            except NotConstant:
                continue
            if need > self.deck.size:
                first = _first_deal(b)
                self.error(f"this block deals {plural(need, 'card')}, but the deck has only {self.deck.size} "
                           f"(with {self.player_count} players)", first.span if first else b.span,
                           "check the deal counts against the deck")


# --- helpers ------------------------------------------------------------------------------

# Names a file cannot declare: the player who moves, every player, the functions a card is
# passed by (`sum_subsets(xs, 11, rank)`), each with why.
RESERVED_NAMES = {
    "me": "`me` is the player who makes a move",
    "players": "`players` is every player, in the order of play",
    "rank": "`rank(c)` is a card's rank", "suit": "`suit(c)` is a card's suit", "name": "`name(c)` is a card's name",
}
DIRECTIONS = ("clockwise", "counterclockwise")
# The steps (see Checker.work) from which a call repeated for each candidate move is worth a warning.
COSTLY_CALL = 2000
_DECLARED_WORDS = {n.Param: "parameter", n.Zone: "zone", n.Var: "variable", n.Def: "def", n.Action: "action"}
_BRACES = re.compile(r"\{([^{}]*)\}")


def _card_words(rank: str, suit: str | None) -> str:
    return f"rank {rank} of suit {suit}" if suit is not None else f"rank {rank} without a suit"


def seats_in_order(count: int, first: int, direction: str) -> list[int]:
    """Every seat in the order of play from `first`: up the seat numbers clockwise, down them
    counterclockwise."""
    step = 1 if direction == "clockwise" else -1
    return [(first + step * i) % count for i in range(count)]


def _def_calls(e, defs) -> list:
    """The calls of declared defs in an expression, outermost first; not those inside a loop
    of the expression, which depend on its own variable."""
    found = []
    todo = [e]
    while todo:
        x = todo.pop(0)
        if isinstance(x, n.Call) and x.func in defs:
            found.append(x)
            continue
        if isinstance(x, (n.Aggregate, n.ListComp, n.LetIn)):
            continue
        for f in getattr(x, "FIELDS", ()):
            child = getattr(x, f)
            todo.extend(c for c in (child if isinstance(child, tuple) else (child,)) if isinstance(c, n.Node))
    return found


def _names_in(e) -> set[str]:
    out: set[str] = set()
    todo = [e]
    while todo:
        x = todo.pop()
        if isinstance(x, n.Name):
            out.add(x.id)
        for f in getattr(x, "FIELDS", ()):
            child = getattr(x, f)
            todo.extend(c for c in (child if isinstance(child, tuple) else (child,)) if isinstance(c, n.Node))
    return out

def domain_problem(info: ParamInfo, value: Any) -> str | None:
    if info.kind == "bool":
        return None if isinstance(value, bool) else f"must be true or false, not {value!r}"
    if info.kind == "enum":
        return None if value in info.choices else f"must be one of {', '.join(map(str, info.choices))}, not {value!r}"
    if info.kind == "range":
        if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
            return f"must be a number from {info.low} to {info.high}, not {value!r}"
        return None if info.low <= value <= info.high else f"must be from {info.low} to {info.high}, not {value}"
    if info.kind == "subset":
        items = value if isinstance(value, (list, tuple)) else [value]
        bad = [v for v in items if v not in info.choices]
        return f"may only contain {', '.join(map(str, info.choices))}; not {', '.join(map(str, bad))}" if bad else None
    return None


def _subset_value(info: ParamInfo, value: Any) -> tuple:
    """A subset as a user gives it: `--param ranks=4,5,K` arrives as (4, 5, "K") and `--param
    ranks=K` as "K"; the value is the tuple of the declared choices they spell."""
    items = value if isinstance(value, (list, tuple)) else (value,)
    spelled = {str(c): c for c in info.choices}
    return tuple(c if c in info.choices else spelled.get(str(c), c) for c in items)


def _value_type(value: Any) -> T.Type:
    if isinstance(value, bool):
        return T.BOOL
    if isinstance(value, (int, Fraction)):
        return T.NUMBER
    if isinstance(value, (list, tuple)):
        return T.list_of(T.SYMBOL)
    return T.SYMBOL


def _common(ts: list[T.Type]) -> T.Type:
    ts = [t for t in ts if t not in (T.NONE,)]
    if not ts:
        return T.ANY
    first = ts[0]
    return first if all(T.assignable(t, first) for t in ts) else T.ANY


def _narrowed(test: n.Expr, scope: dict[str, T.Type]) -> tuple[dict[str, T.Type], dict[str, T.Type]]:
    """The scopes where `test` is true and where it is false: `is_card(x)` and `is_group(x)` on a
    local item `x` make it a card or a group there (`if is_card(x) then value(x) else x.value`)."""
    negated = False
    while isinstance(test, n.Unary) and test.op == "not":
        test, negated = test.operand, not negated
    if not (isinstance(test, n.Call) and test.func in ("is_card", "is_group") and len(test.args) == 1
            and isinstance(test.args[0], n.Name) and scope.get(test.args[0].id) == T.ITEM):
        return scope, scope
    name = test.args[0].id
    card, group = {**scope, name: T.CARD}, {**scope, name: T.GROUP}
    yes, no = (card, group) if test.func == "is_card" else (group, card)
    return (no, yes) if negated else (yes, no)


# What newcomers write for a type, a constant or a function, and the language's own word for it.
_TYPE_SPELLINGS = {
    "int": "write `number`", "integer": "write `number`", "float": "write `number`",
    "boolean": "write `bool`", "str": "write `symbol`", "string": "write `symbol`",
    "list": "write `list of T`, like `list of card`", "seat": "write `player`",
}
_NAME_SPELLINGS = {"True": "write `true`", "False": "write `false`", "None": "write `none`",
                   "null": "write `none`", "nil": "write `none`"}
_FUNCTION_SPELLINGS = {
    "len": "write `count(xs)` for the number of cards or elements",
    "length": "write `count(xs)` for the number of cards or elements",
    "size": "write `count(xs)` for the number of cards or elements",
    "range": "write `1..N` for the numbers from 1 to N",
    "print": "a rules file has no output: a move's `says` text is what players read",
}


def _source(sources: SourceMap, e: n.Expr) -> str:
    """The text of an expression as written, to quote it in a hint."""
    return sources.text(e.span) or "..."


def _template_names(text: str) -> list[str]:
    return PLACEHOLDER.findall(text)


def _range_size(e: n.Expr, values: dict[str, Any]) -> int | None:
    """How many numbers a constant range `a..b` holds; None when it is not one."""
    if not (isinstance(e, n.Binary) and e.op == ".."):
        return None
    try:
        low, high = const_eval(e.left, values), const_eval(e.right, values)
    except (NotConstant, ConstantTooLarge):
        return None
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in (low, high)):
        return None
    return max(high - low + 1, 0)


def _transfers(b: n.Block, actions) -> bool:
    """Does every path through the block end in `goto` or `end game`?"""
    for s in b.statements:
        if isinstance(s, (n.Goto, n.EndGame)):
            return True
        if isinstance(s, n.If) and s.otherwise is not None:
            if all(_transfers(body, actions) for _, body in s.branches) and _transfers(s.otherwise, actions):
                return True
        if isinstance(s, n.CallAction) and s.name in actions and _transfers(actions[s.name].body, actions):
            return True
    return False


def _jumps(b: n.Block, actions, targets: set[str], visiting: set[str]) -> bool:
    """Collect the phases a block may go to; return whether it may end the game."""
    ends = False
    for s in b.statements:
        if isinstance(s, n.Goto):
            targets.add(s.phase)
        elif isinstance(s, n.EndGame):
            ends = True
        elif isinstance(s, n.If):
            for _, body in s.branches:
                ends |= _jumps(body, actions, targets, visiting)
            if s.otherwise:
                ends |= _jumps(s.otherwise, actions, targets, visiting)
        elif isinstance(s, (n.For, n.Repeat)):
            ends |= _jumps(s.body, actions, targets, visiting)
        elif isinstance(s, n.CallAction) and s.name in actions and s.name not in visiting:
            visiting.add(s.name)
            ends |= _jumps(actions[s.name].body, actions, targets, visiting)
    return ends


def _cards_dealt(b: n.Block, players: int, values) -> int:
    total = 0
    for s in b.statements:
        if isinstance(s, n.Deal):
            total += const_eval(s.count, values)
        elif isinstance(s, n.For):
            it = s.iterable
            if s.condition is None and (
                    (isinstance(it, n.Name) and it.id == "players")
                    or (isinstance(it, n.Call) and it.func == "players_from")):
                total += players * _cards_dealt(s.body, players, values)
            elif isinstance(it, n.Binary) and it.op == "..":
                lo, hi = const_eval(it.left, values), const_eval(it.right, values)
                total += max(hi - lo + 1, 0) * _cards_dealt(s.body, players, values)
            elif _has_deal(s.body):
                raise NotConstant
        elif isinstance(s, n.If) and any(_has_deal(body) for _, body in s.branches):
            raise NotConstant
        elif isinstance(s, n.Repeat) and _has_deal(s.body):
            raise NotConstant  # it stops when its condition fails: N rounds are only a bound
    return total


def _has_deal(b: n.Block) -> bool:
    return _first_deal(b) is not None


def _first_deal(b: n.Block):
    for s in b.statements:
        if isinstance(s, n.Deal):
            return s
        for inner in _sub_blocks(s):
            found = _first_deal(inner)
            if found:
                return found
    return None


def _calls(b: n.Block) -> set[str]:
    """The actions a block calls, in any of its branches and loops."""
    out = set()
    for s in b.statements:
        if isinstance(s, n.CallAction):
            out.add(s.name)
        for inner in _sub_blocks(s):
            out |= _calls(inner)
    return out


def _sub_blocks(s):
    if isinstance(s, n.If):
        return [body for _, body in s.branches] + ([s.otherwise] if s.otherwise else [])
    if isinstance(s, (n.For, n.Repeat)):
        return [s.body]
    return []
