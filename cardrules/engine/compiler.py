"""Checked model to executable Game: the rules become one generated Python module.

:mod:`codegen` writes the source; this module compiles it once, with the parameters folded in
as constants (a Game is specialised to one set of values), and assembles the :class:`Game`:
its phases, moves, variables and the table from generated lines back to rules spans, through
which a Python exception raised inside generated code is reported at the rules statement that
caused it (see :meth:`Game.span_of_traceback`). Compiling the source is a third of the work:
its code object is kept in the per-user cache, under the source itself.
"""

from __future__ import annotations

from ..language import cache
from ..language import types as T
from ..language.diagnostics import Diagnostic, RulesError
from ..language.model import Model
from .codegen import GENERATED_FILE, CodeGen
from .layout import laid_out, module_header
from .runtime import CompiledMove, CompiledPhase, Game, VarSlot


def compile_model(model: Model, inline: bool = True) -> Game:
    """`inline=False` compiles every call of a def as a call, the plain semantics that inlining
    must agree with (tests compare the two)."""
    gen = CodeGen(model, inline=inline)
    m = gen.m
    slot_zone, slot_owner = [], []
    for z in m.zones.values():
        for i in range(z.count):
            slot_zone.append(z)
            slot_owner.append(i if z.owner else None)
    deck_slot = next(z.base for z in m.zones.values() if z.holds_deck)
    team_count = len(set(m.team_of))
    w = gen.w

    for name, d in m.defs.items():
        params = ", ".join(f"L_{p.name}" for p in d.params)
        w.line(f"def d_{name}(st{', ' if params else ''}{params}):", d.span)
        w.indent += 1
        w.line(f"return {gen.expr(d.body)}", d.span)
        w.indent -= 1
    for name, a in m.actions.items():
        params = ", ".join(f"L_{p.name}" for p in a.params)
        gen.function(f"a_{name}", f"st{', ' if params else ''}{params}", a.body, a.span)
    gen.function("setup", "st", m.setup.body, m.setup.span)
    var_slots_src = []
    for i, v in enumerate(m.vars.values()):
        w.line(f"def v{i}_init(st):", v.span)
        w.indent += 1
        w.line(f"return {gen.expr(v.init) if v.init is not None else repr(T.default_value(v.type))}", v.span)
        w.indent -= 1
        var_slots_src.append(f"v{i}_init")
    w.line(f"def score(st, L_{m.score.var}):", m.score.span)
    w.indent += 1
    w.line(f"return number({gen.expr(m.score.expr)})", m.score.span)
    w.indent -= 1
    move_renders: dict[tuple[int, int], tuple] = {}
    for i, p in enumerate(m.phases.values()):
        if p.turn is not None:
            w.line(f"def p{i}_turn(st):", p.span)
            w.indent += 1
            w.line(f"return {gen.expr(p.turn)}", p.turn.span)
            w.indent -= 1
        if p.do is not None:
            gen.function(f"p{i}_do", "st", p.do, p.span)
        for j, mv in enumerate(p.moves):
            move_renders[(i, j)] = gen.move(i, j, mv)
        if p.moves:
            gen.generator(i, p, move_renders)

    gen.memo_functions()
    gen.flush_helpers()
    gen.finish_memo()
    # The code cache is keyed by the source as written, before its layout for readers: a hit
    # gives the code object and the layout both, so a fresh process neither lays out nor compiles.
    # The layout's comments quote the rules, so their text is part of the key.
    header = module_header(m, m.values)
    written = "\n".join(w.lines) + "\n"
    key = f"{written}{header!r} {m.sources.digest()}"
    filename = GENERATED_FILE.format(m.rules.path)
    kept = cache.load_code(key, filename)
    if kept is not None:
        code, (source, origin) = kept
    else:
        lines, origin = laid_out(w.lines, w.spans, m.sources, header)
        source = "\n".join(lines) + "\n"
        try:
            code = compile(source, filename, "exec")
        except (SyntaxError, RecursionError, MemoryError) as exc:
            # Not expected for any file the checker accepts (codegen keeps within CPython's
            # limits); should it happen, it is a diagnostic at the rules behind the line.
            line = getattr(exc, "lineno", None) or 0
            span = w.spans[origin[line - 1]] if 0 < line <= len(origin) and origin[line - 1] >= 0 else m.score.span
            raise RulesError([Diagnostic(f"this cannot be compiled: {getattr(exc, 'msg', None) or type(exc).__name__}",
                                         span, "write it in smaller pieces, with `def`s")], m.sources) from None
        cache.store_code(key, filename, code, (source, origin))
    line_spans = tuple(w.spans[i] if i >= 0 else None for i in origin)
    exec(code, gen.ns)
    ns = gen.ns

    var_slots = []
    for i, v in enumerate(m.vars.values()):
        count = {None: 1, "player": m.player_count, "team": team_count}[v.owner]
        var_slots.append(VarSlot(v.name, v.owner, v.type, count, ns[f"v{i}_init"]))
    has_copies = len(set(m.deck.names)) < m.deck.size
    phases = []
    for i, p in enumerate(m.phases.values()):
        moves = []
        for j, mv in enumerate(p.moves):
            render, _ = move_renders[(i, j)]
            moves.append(CompiledMove(
                name=mv.name, index=j, var_names=tuple(g.var for g in mv.generators),
                body=ns[f"p{i}_m{j}_body"], render=render, span=mv.span, decl=mv, text_prefix=gen.texts.text_prefix(mv)))
        phases.append(CompiledPhase(p.name, i, ns.get(f"p{i}_turn"), ns.get(f"p{i}_do"), moves, p.span,
                                    ns.get(f"p{i}_gen"), gen.turn_variable(p),
                                    gen.texts.copies_key(p) if has_copies and p.moves else None))
    members = tuple(tuple(p for p in range(m.player_count) if m.team_of[p] == t) for t in range(team_count))
    game = Game(
        title=m.title, path=m.rules.path, params=dict(m.values), player_count=m.player_count,
        team_of=m.team_of, members=members, deck=m.deck, deck_size=gen.ncards, zones=m.zones,
        slot_zone=tuple(slot_zone), slot_owner=tuple(slot_owner), deck_slot=deck_slot,
        vars=var_slots, var_index={v.name: i for i, v in enumerate(var_slots)}, phases=phases,
        phase_index=gen.phase_index, setup=ns["setup"], score=ns["score"], sources=m.sources,
        model=m, has_copies=has_copies,
        source=source, source_file=filename, line_spans=tuple(line_spans))
    gen.fill_tables(game.blank_state())
    return game
