"""Checked model to executable Game: the rules become one generated Python module.

:mod:`cardrules.engine.compile` writes the source; this module compiles it once, with the
parameters folded in as constants (a Game is specialised to one set of values), and assembles
the :class:`Game`: its phases, moves, variables and the table from generated lines back to rules
spans, through which a Python exception raised inside generated code is reported at the rules
statement that caused it (see :meth:`Game.span_of_traceback`). Compiling the source is a third
of the work: its code object is kept in the per-user cache, under the source itself.
"""

from __future__ import annotations

from typing import Any

from ..language import cache
from ..language import types as T
from ..language.diagnostics import Diagnostic, RulesError
from ..language.model import Model
from .compile.emit.module import Emitted, Emitter
from .layout import laid_out, module_header
from .runtime import CompiledMove, CompiledPhase, Game, VarSlot

GENERATED_FILE = "<cardrules generated: {}>"


def compile_model(model: Model, inline: bool = True, narrator: Any = None) -> Game:
    """`inline=False` compiles every call of a def as a call, the plain semantics that inlining
    must agree with (tests compare the two). With a `narrator`, the narrated compilation: the
    `says` texts are told to it as they run (compile/emit/narration.py, engine/story.py)."""
    m = model
    emitted = Emitter(model, inline=inline, narrator=narrator).module()
    source, code, line_spans, filename = _compiled(m, emitted)
    ns = emitted.namespace
    exec(code, ns)
    game = _game(m, emitted, ns, source, filename, line_spans)
    fill_tables(emitted, game.blank_state())
    return game


def _compiled(m: Model, emitted: Emitted):
    # The code cache is keyed by the source as written, before its layout for readers: a hit
    # gives the code object and the layout both, so a fresh process neither lays out nor compiles.
    # The layout's comments quote the rules, so their text is part of the key.
    lines, spans = emitted.lines, emitted.spans
    header = module_header(m, m.values)
    written = "\n".join(lines) + "\n"
    key = f"{written}{header!r} {m.sources.digest()}"
    filename = GENERATED_FILE.format(m.rules.path)
    kept = cache.load_code(key, filename)
    if kept is not None:
        code, (source, origin) = kept
    else:
        laid, origin = laid_out(lines, spans, m.sources, header)
        source = "\n".join(laid) + "\n"
        try:
            code = compile(source, filename, "exec")
        except (SyntaxError, RecursionError, MemoryError) as exc:
            # Not expected for any file the checker accepts (the emitter keeps within CPython's
            # limits); should it happen, it is a diagnostic at the rules behind the line.
            line = getattr(exc, "lineno", None) or 0
            span = spans[origin[line - 1]] if 0 < line <= len(origin) and origin[line - 1] >= 0 else m.score.span
            raise RulesError([Diagnostic(f"this cannot be compiled: {getattr(exc, 'msg', None) or type(exc).__name__}",
                                         span, "write it in smaller pieces, with `def`s")], m.sources) from None
        cache.store_code(key, filename, code, (source, origin))
    line_spans = tuple(spans[i] if i >= 0 else None for i in origin)
    return source, code, line_spans, filename


def _game(m: Model, emitted: Emitted, ns: dict, source: str, filename: str, line_spans: tuple) -> Game:
    slot_zone, slot_owner = [], []
    for z in m.zones.values():
        for i in range(z.count):
            slot_zone.append(z)
            slot_owner.append(i if z.owner else None)
    deck_slot = next(z.base for z in m.zones.values() if z.holds_deck)
    team_count = len(set(m.team_of))
    texts = emitted.moves.texts
    slots = emitted.emission.facts.slots
    var_slots = []
    for i, v in enumerate(m.vars.values()):
        count = {None: 1, "player": m.player_count, "team": team_count}[v.owner]
        var_slots.append(VarSlot(v.name, v.owner, v.type, count, ns[f"v{i}_init"]))
    has_copies = len(set(m.deck.names)) < m.deck.size
    phases = []
    for i, p in enumerate(m.phases.values()):
        moves = []
        for j, mv in enumerate(p.moves):
            render, _ = emitted.renders[(i, j)]
            moves.append(CompiledMove(
                name=mv.name, index=j, var_names=tuple(g.var for g in mv.generators),
                body=ns[f"p{i}_m{j}_body"], render=render, span=mv.span, decl=mv, text_prefix=texts.text_prefix(mv)))
        phases.append(CompiledPhase(p.name, i, ns.get(f"p{i}_turn"), ns.get(f"p{i}_do"), moves, p.span,
                                    ns.get(f"p{i}_gen"), None if p.simultaneous else slots.turn_variable(p),
                                    texts.copies_key(p) if has_copies and p.moves else None,
                                    p.simultaneous, ns.get(f"p{i}_then"), p.race is not None,
                                    sampling=ns.get(f"p{i}_sampling")))
    members = tuple(tuple(p for p in range(m.player_count) if m.team_of[p] == t) for t in range(team_count))
    return Game(
        title=m.title, path=m.rules.path, params=dict(m.values), player_count=m.player_count,
        team_of=m.team_of, members=members, deck=m.deck, deck_size=m.deck.size, zones=m.zones,
        slot_zone=tuple(slot_zone), slot_owner=tuple(slot_owner), deck_slot=deck_slot,
        vars=var_slots, var_index={v.name: i for i, v in enumerate(var_slots)}, phases=phases,
        phase_index=slots.phase_index, setup=ns["setup"], score=ns["score"], sources=m.sources,
        model=m, has_copies=has_copies, always=tuple((d, ns[f"always{k}"]) for k, d in enumerate(m.always)),
        source=source, source_file=filename, line_spans=tuple(line_spans))


def fill_tables(emitted: Emitted, probe) -> None:
    """Compute the tabulated defs on `probe`, a state whose cards and variables they never
    read. A def that fails for some value is called at each use instead, and fails there."""
    em = emitted.emission
    ns = emitted.namespace
    for name, table in em.tables.items():
        fn = ns[f"d_{name}"]
        kind = em.type(em.m.defs[name].params[0].type)
        domain = range(em.deck.size) if kind == T.CARD else range(em.m.player_count)
        try:
            ns[str(table)][:] = [fn(probe, x) for x in domain]
        except Exception:
            ns[str(table)] = _CalledTable(fn, probe)
            em.by_card[name].fn, em.by_card[name].probe = fn, probe


class _CalledTable:
    """Stands for the table of a def that failed for some value when tabulated: each use
    calls the def, so the failure is reported where the rules use it."""

    def __init__(self, fn, probe):
        self.fn, self.probe = fn, probe

    def __getitem__(self, x):
        return self.fn(self.probe, x)

