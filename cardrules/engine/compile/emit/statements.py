"""Statements to Python: the bodies of actions, phases, moves and `setup`.

A statement that transfers control (`goto`, `end game`) returns True from the function it is
in; a function that can fall off its end returns False. A block nested deeper than CPython
allows (see :mod:`..limits`) is written apart as a helper function, given the locals in scope
and giving back those the block assigns (which the model says: its assignment statements).
"""

from __future__ import annotations

from typing import Any

from ....language import nodes as n
from ....language import types as T
from ....language.folding import const_eval
from ..code import Code, code
from ..limits import MAX_INDENT, MAX_LOOPS
from ..passes.fractions import assigned_names
from . import narration
from .context import SCALED, Emission, Writer
from .expressions import Expressions

# Deals of up to this many cards (a number in the rules) are written out card by card.
DEAL_WRITTEN_OUT = 3


class Statements:
    def __init__(self, em: Emission, expressions: Expressions):
        self.em = em
        self.ex = expressions
        self.expr = expressions.expr

    def function(self, name: str, params: list[str], body: n.Block, span) -> None:
        """A function `name(st, *params)` running `body`; `params` are rules locals."""
        em, w = self.em, self.em.w
        w.line(f"def {name}({', '.join(['st', *(f'L_{p}' for p in params)])}):", span)
        w.indent += 1
        em.scope = {p: f"L_{p}" for p in params}
        em.declared = set(em.scope)
        em.reassigned = assigned_names(body)
        try:
            self.block(body)
        finally:
            em.scope, em.declared, em.reassigned = {}, set(), set()
        if not ends_in_transfer(body):
            w.line("return False", span)
        w.indent -= 1
        self.drop_unread_fractions(w)

    def drop_unread_fractions(self, w: Writer) -> None:
        """Delete the Fraction of a scaled local that the function never read (its comparisons
        all read the twin). Lines only: what a helper block holds stays, read or not."""
        em = self.em
        unread = [line for writer, line, local in em.materialised if writer is w and local not in em.read]
        for line in sorted(unread, reverse=True):
            del w.lines[line], w.spans[line]
        em.materialised = []

    def block(self, b: n.Block) -> None:
        if b.statements and (self.em.w.indent > MAX_INDENT or self.em.loops > MAX_LOOPS):
            self.helper_block(b)
        else:
            self.block_statements(b)

    def block_statements(self, b: n.Block) -> None:
        em = self.em
        if not b.statements:
            em.w.line("pass", b.span)
        saved = dict(em.scope), em.declared
        em.declared = set()
        try:
            for s in b.statements:
                telling = narration.told_statement(em, s)
                if telling is not None:
                    narration.before_statement(em, s, telling)
                getattr(self, "s_" + type(s).__name__)(s)
                if telling is not None:
                    narration.after_statement(em, s)
        finally:
            em.scope, em.declared = saved

    def helper_block(self, b: n.Block) -> None:
        """The statements of a block nested too deep, as a helper function called in its place.
        It is given the locals in scope and gives back those its assignments assign, with
        whether it transferred control."""
        em = self.em
        visible = sorted(set(em.scope.values()))
        em.read |= set(visible)  # handed to the helper: read, as far as the caller knows
        assigned = {em.scope[x] for x in assigned_names(b) if x in em.scope}
        given_back = [v for v in visible if v in assigned]
        tail = "".join(", " + v for v in given_back)
        params = ", ".join(["st"] + visible)
        name = em.helper_name()
        saved = em.w, em.loops, em.transfer
        em.w, em.loops, em.transfer = Writer(), 0, "return True" + tail
        try:
            em.w.line(f"def {name}({params}):", b.span)
            em.w.indent = 1
            self.block_statements(b)
            em.w.line("return False" + tail, b.span)
            helper = em.w
        finally:
            em.w, em.loops, em.transfer = saved
        em.helpers.extend(helper)
        if given_back:
            flag = em.fresh()
            em.w.line(f"{flag}{tail} = {name}({params})", b.span)
            em.w.line(f"if {flag}: {em.transfer}", b.span)
        else:
            em.w.line(f"if {name}({params}): {em.transfer}", b.span)

    def s_Assign(self, s):
        em = self.em
        w = em.w
        value = self.ex.lowering.value(s.value, w, s.span)
        target = s.target
        if isinstance(target, n.Name):
            kind, what = em.m.names.get(id(target), ("local", target.id))
            place = em.local(target.id) if kind == "local" else f"st.vars[{em.facts.slots.var_index[what.name]}]"
        elif isinstance(target, n.Index):
            what = em.m.names[id(target.obj)][1]
            index = self.expr(target.index)
            if what.owner == "team" and em.type(target.index) == T.PLAYER:
                index = f"{em.const(em.m.team_of)}[{index}]"
            if not (isinstance(index, Code) and index.plain):
                # Evaluated once: `x[i] += v` must not compute i twice.
                key = em.fresh()
                w.line(f"{key} = {index}", s.span)
                index = key
            place = f"st.vars[{em.facts.slots.var_index[what.name]}][{index}]"
        else:
            obj = em.fresh()
            w.line(f"{obj} = st.groups[{self.expr(target.obj)}]", s.span)
            place = f"{obj}[{target.name!r}]"
        if s.op == "=":
            w.line(f"{place} = {value}", s.span)
        else:
            w.line(f"{place} = {place} {s.op[0]} {value}", s.span)

    def s_Let(self, s):
        em = self.em
        scaled = self.ex.fractions.sum(s.value) if s.name not in em.reassigned else None
        if scaled is None:
            value = self.ex.lowering.value(s.value, em.w, s.span)
            em.w.line(f"{em.declare(s.name)} = {value}", s.span)
            return
        # A sum of a fractional attribute keeps a twin in whole multiples of the denominator,
        # which comparisons read (see fractions.py); the local itself is the same Fraction.
        source, denominator = scaled
        em.temp += 1
        twin = f"L_{em.temp}d_{s.name}"
        em.w.line(f"{twin} = {source}", s.span)
        local = em.declare(s.name)
        em.w.line(f"{local} = Fraction({twin}, {denominator})", s.span)
        em.read.discard(local)
        em.materialised.append((em.w, len(em.w.lines) - 1, local))
        em.scope[s.name + SCALED] = twin  # in scope, so that a helper block is given it too
        em.denominators[twin] = denominator

    def items(self, e) -> str:
        """Source for what a statement acts on, as a fresh list (the statement may move it)."""
        if self.em.type(e) in (T.CARD, T.GROUP, T.ITEM):
            return f"[{self.expr(e)}]"
        return f"list({self.ex.iterable(e)})"

    @staticmethod
    def face(face: str | None) -> str:
        return "None" if face is None else ("1" if face == "up" else "0")

    def face_of(self, face: str | None, slot: Any, onto=None) -> str:
        """The face a card lands with on zone slot `slot` (a number, or the local holding one)
        of the zone expression `onto`: as the statement says, else as the zone lies, a
        constant when `onto` names the zone."""
        if face is not None:
            return self.face(face)
        zone = self.em.m.zones.get(self.zone_named(onto)) if onto is not None else None
        if zone is not None:
            return "1" if zone.face == "up" else "0"
        face_up = self.em.facts.slots.face_up
        if isinstance(slot, int):
            return str(face_up[slot])
        return f"{self.em.const(face_up, 'K')}[{slot}]"

    def s_MoveCards(self, s):
        em = self.em
        dest_t = em.type(s.dest)
        if em.type(s.what) == T.CARD and dest_t in (T.ZONE, T.GZONE):
            # One card to a zone, the commonest move: no list, no dispatch on the destination.
            # Written out as State.take and State.put do it for a card in a zone.
            w = em.w
            card, where = em.fresh(), em.fresh()
            w.line(f"{card} = {self.expr(s.what)}", s.span)
            w.line(f"if {card} is None: rt.move_items(st, [None], 0, False, None, {em.span_const(s.span)})", s.span)
            w.line(f"{where} = st.loc[{card}]", s.span)
            w.line(f"if {where} >= 0: st.zones[{where}].remove({card})", s.span)
            w.line(f"else: st.take({card})", s.span)
            dest_code = self.expr(s.dest)  # after the card is taken, as `put` would read it
            if dest_code.numeral is not None and dest_code.numeral >= 0:
                dest: Any = dest_code.numeral
            else:
                dest = em.fresh()
                w.line(f"{dest} = {dest_code}", s.span)
            w.line(f"st.zones[{dest}].append({card})", s.span)
            w.line(f"st.loc[{card}] = {dest}", s.span)
            w.line(f"st.face[{card}] = {self.face_of(s.face, dest, s.dest)}", s.span)
            w.line(f"st.known[{card}] = 0", s.span)
            return
        if em.type(s.what) == T.ZONE and dest_t == T.ZONE and self.other_zones(s.what, s.dest):
            # A whole zone of cards to a slot of another zone (a trick to its taker), written
            # out as `rt.move_zone` does it: no call for a zone of a card or two, or none.
            w = em.w
            cards = em.fresh()
            w.line(f"{cards} = st.zones[{self.expr(s.what)}]", s.span)
            dest = self.slot(s.dest, s.span)
            w.line(f"if {cards}:", s.span)
            w.indent += 1
            w.line(f"st.zones[{dest}] += {cards}", s.span)
            self.landed(cards, dest, s.face, s.span, s.dest)
            w.line(f"{cards}.clear()", s.span)
            w.indent -= 1
            return
        if em.type(s.what) == T.ZONE and dest_t == T.ZONE:
            # A whole zone of cards to another: the cards in one go.
            em.w.line(f"rt.move_zone(st, {self.expr(s.what)}, {self.expr(s.dest)}, {self.face(s.face)}, "
                      f"{em.span_const(s.span)})", s.span)
            return
        to_group = "True" if dest_t == T.GROUP else "False" if dest_t in (T.ZONE, T.GZONE) else "None"
        em.w.line(f"rt.move_items(st, {self.items(s.what)}, {self.expr(s.dest)}, {to_group}, "
                  f"{self.face(s.face)}, {em.span_const(s.span)})", s.span)

    def other_zones(self, what, dest) -> bool:
        """Whether `what` and `dest` are slots of two different zones (`trick[p]`, `taken[w]`),
        so never the same slot."""
        names = [self.zone_named(x) for x in (what, dest)]
        return None not in names and names[0] != names[1]

    def zone_named(self, e) -> str | None:
        """The zone that `e` is a slot of, when it names one (`stock`, `hand[p]`)."""
        if isinstance(e, n.Index):
            e = e.obj
        if isinstance(e, n.Name) and e.id in self.em.m.zones and self.em.m.names.get(id(e), ("zone",))[0] == "zone":
            return e.id
        return None

    def slot(self, e, span) -> Any:
        """Where a zone slot goes: its number when the compiler knows it, else a local set to it."""
        slot = self.expr(e)
        if slot.numeral is not None and slot.numeral >= 0:
            return slot.numeral
        local = self.em.fresh()
        self.em.w.line(f"{local} = {slot}", span)
        return local

    def landed(self, cards: str, dest: Any, face: str | None, span, onto=None) -> None:
        """The lines that put each card of the list `cards`, moved onto slot `dest` (of the
        zone expression `onto`), in its place, face as the statement or the zone says, seen by
        nobody yet."""
        w = self.em.w
        card, loc, faces, known = (self.em.fresh() for _ in range(4))
        up = self.face_of(face, dest, onto)
        if not up.isdigit():  # the zone's face, looked up once
            local = self.em.fresh()
            w.line(f"{local} = {up}", span)
            up = local
        w.line(f"{loc}, {faces}, {known} = st.loc, st.face, st.known", span)
        w.line(f"for {card} in {cards}:", span)
        w.line(f"    {loc}[{card}] = {dest}", span)
        w.line(f"    {faces}[{card}] = {up}", span)
        w.line(f"    {known}[{card}] = 0", span)

    def s_Deal(self, s):
        em = self.em
        w = em.w
        count = s.count.value if isinstance(s.count, n.Num) else None
        if count.__class__ is int and 1 <= count <= DEAL_WRITTEN_OUT and em.type(s.source) == T.ZONE:
            # A few cards from a zone of cards (no groups), the commonest deals: written out,
            # card by card, without the calls of the general case (which reports a source
            # holding too few).
            source, dest, card = em.fresh(), em.fresh(), em.fresh()
            w.line(f"{source} = st.zones[{self.expr(s.source)}]", s.span)
            w.line(f"if len({source}) < {count}: rt.deal(st, {count}, {self.expr(s.source)}, 0, None, "
                   f"{em.span_const(s.span)})", s.span)
            w.line(f"{dest} = {self.expr(s.dest)}", s.span)
            for _ in range(count):
                w.line(f"{card} = {source}.pop()", s.span)
                w.line(f"st.zones[{dest}].append({card})", s.span)
                w.line(f"st.loc[{card}] = {dest}", s.span)
                w.line(f"st.face[{card}] = {self.face_of(s.face, dest, s.dest)}", s.span)
                w.line(f"st.known[{card}] = 0", s.span)
            return
        if count.__class__ is int and count >= 1 and em.type(s.source) == T.ZONE:
            # More cards from a zone of cards: taken from its top in one slice, the order of
            # dealing them one by one (the top card first), and put in place in one loop.
            source, cards = em.fresh(), em.fresh()
            w.line(f"{source} = st.zones[{self.expr(s.source)}]", s.span)
            w.line(f"if len({source}) < {count}: rt.deal(st, {count}, {self.expr(s.source)}, 0, None, "
                   f"{em.span_const(s.span)})", s.span)
            dest = self.slot(s.dest, s.span)
            w.line(f"{cards} = {source}[:{-count - 1}:-1]", s.span)
            w.line(f"del {source}[-{count}:]", s.span)
            w.line(f"st.zones[{dest}] += {cards}", s.span)
            self.landed(cards, dest, s.face, s.span, s.dest)
            return
        w.line(f"rt.deal(st, {self.expr(s.count)}, {self.expr(s.source)}, {self.expr(s.dest)}, "
               f"{self.face(s.face)}, {em.span_const(s.span)})", s.span)

    def s_Shuffle(self, s):
        self.em.w.line(f"rt.shuffle(st.rng(), st.zones[{self.expr(s.zone)}])", s.span)

    def s_Flip(self, s):
        self.em.w.line(f"rt.flip(st, {self.items(s.what)}, {1 if s.face == 'up' else 0})", s.span)

    def s_Reveal(self, s):
        self.em.w.line(f"rt.reveal(st, {self.items(s.what)}, {self.expr(s.to)})", s.span)

    def s_MakeGroup(self, s):
        em = self.em
        declared: dict[str, Any] = {}
        for z in em.m.zones.values():
            for field, t in z.fields.items():
                declared.setdefault(field, T.default_value(t))
        fields = "{" + ", ".join(f"{field!r}: {self.expr(v)}" for field, v in s.fields) + "}"
        em.w.line(f"rt.make_group(st, {self.items(s.cards)}, {self.expr(s.zone)}, {fields}, "
                  f"{em.const(declared)})", s.span)

    def s_If(self, s):
        """A branch that compiling rules out is not written; one it makes sure of is the last."""
        w = self.em.w
        written = 0
        otherwise = s.otherwise
        for test, body in s.branches:
            known = self.ex.known_truth(test)
            if known is False:
                continue
            if known is True:
                otherwise = body
                break
            # Only the first test may have lines of its own before it.
            condition = self.expr(test) if written else self.ex.lowering.value(test, w, test.span)
            w.line(f"{'elif' if written else 'if'} {condition}:", test.span)
            written += 1
            w.indent += 1
            self.block(body)
            w.indent -= 1
        if otherwise is not None:
            if written:
                w.line("else:", s.span)
                w.indent += 1
            self.block(otherwise)
            if written:
                w.indent -= 1

    def s_For(self, s):
        em = self.em
        w = em.w
        if s.condition is None:
            # A copy, so that a body moving cards cannot change what the loop visits; unless the
            # list is made afresh here or is a constant of the compiled rules.
            source = self.ex.iterable(s.iterable)
            if not (source.fresh or source.constant):
                source = code(f"list({source})", source)
            source = self.ex.charges.before(s, source, s.span)
        else:
            # The filter is read once, before the loop: a body that moves cards cannot make
            # the loop skip or revisit any (docs/language.md, "Statements").
            elem, loop, _ = self.ex.comprehension(s.var, s.iterable, s.condition, None, s)
            source = f"[{elem} {loop}]"
        saved = dict(em.scope), em.declared
        em.declared = set()
        try:
            w.line(f"for {em.declare(s.var)} in {source}:", s.span)
            w.indent += 1
            em.loops += 1
            self.block(s.body)
            em.loops -= 1
            w.indent -= 1
        finally:
            em.scope, em.declared = saved

    def s_Repeat(self, s):
        em = self.em
        w = em.w
        w.line(f"for _ in range({const_eval(s.bound, em.m.values)}):", s.span)
        w.indent += 1
        w.line(f"if not ({self.expr(s.condition)}): break", s.condition.span)
        self.ex.charges.round(s)
        self.block(s.body)
        w.indent -= 1

    def s_Goto(self, s):
        self.em.w.line(f"st.phase = {self.em.facts.slots.phase_index[s.phase]}", s.span)
        self.em.w.line(self.em.transfer, s.span)

    def s_EndGame(self, s):
        self.em.w.line("st.over = True", s.span)
        self.em.w.line(self.em.transfer, s.span)

    def s_CallAction(self, s):
        em = self.em
        params = [em.type(p.type) for p in em.m.actions[s.name].params]
        # A zone given for a list is the list of what it holds when the action is called.
        args = [f"list({self.ex.iterable(a)})" if T.zone_as_list(em.type(a), t) else self.expr(a)
                for a, t in zip(s.args, params)]
        em.w.line(f"if a_{s.name}(st{''.join(', ' + a for a in args)}): {em.transfer}", s.span)


def ends_in_transfer(body: n.Block) -> bool:
    """Whether the block's last statement, written at its own level, always transfers control
    (`goto`, `end game`): nothing after it in the function can run."""
    return bool(body.statements) and isinstance(body.statements[-1], (n.Goto, n.EndGame))
