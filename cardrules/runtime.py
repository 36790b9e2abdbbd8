"""The executable state machine: :class:`Game` (immutable compiled rules) and :class:`State`.

A State is plain data — lists of card ids per zone slot, per-card face and knowledge bits,
groups as small dicts, variable values, the phase index and the random generator's seed
and draw count — so ``clone()`` is a few list copies and the JSON round trip is exact.
The compiled rules live in the Game as closures; a State never holds one.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, Callable, Sequence

import attrs

from .deck import DeckTable
from .diagnostics import Diagnostic, RulesError, Span
from .model import ZoneInfo

MAX_STEPS = 200_000


class RulesRuntimeError(RulesError):
    """The rules did something impossible while running (a deal from an empty zone, a phase with
    no legal move, a game that does not end). A finding about the rules file, not a crash."""

    def __init__(self, message: str, span: Span | None = None, hint: str | None = None, sources=None):
        super().__init__([Diagnostic(message, span, hint)], sources)


_PYTHON_ERRORS = (RulesRuntimeError, TypeError, ValueError, KeyError, IndexError, AttributeError,
                  ZeroDivisionError, RecursionError)


class IllegalMove(Exception):
    """A move that is not legal here; the state is unchanged."""

    def __init__(self, move: str, reason: str):
        self.move = move
        self.reason = reason
        super().__init__(f"illegal move `{move}`: {reason}")


class Move:
    """A legal move: the move's name, the values its parameters were bound to, and its readable
    text, which is also its stable id (``hit open``, ``capture 8S with 4H 4C``).

    The text is rendered on first use: simulations that never print a move never pay for it.
    """

    __slots__ = ("name", "args", "decl", "_text", "_render")

    def __init__(self, name: str, args: tuple, decl: int, text: str | None = None, render=None):
        self.name = name
        self.args = args
        self.decl = decl
        self._text = text
        self._render = render

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = self._render(self.args)
        return self._text

    @property
    def id(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self.text == other.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Move({self.text!r})"


@attrs.define(slots=True, eq=False)
class CompiledMove:
    name: str
    index: int
    var_names: tuple[str, ...]
    body: Callable  # body(state, me, *args) -> True when it transferred control
    render: Callable[[Any, dict], str]
    span: Span
    decl: Any


@attrs.define(slots=True, eq=False)
class CompiledPhase:
    name: str
    index: int
    turn: Callable | None
    do: Callable | None
    moves: list[CompiledMove]
    span: Span
    generate: Callable | None = None  # generate(state, me) -> every legal Move of the phase


@attrs.define(slots=True, eq=False)
class VarSlot:
    name: str
    owner: str | None
    type: str
    count: int
    init: Callable


@attrs.define(slots=True, eq=False)
class Game:
    """Compiled rules with their parameter values: makes States and knows how to step them."""

    title: str
    path: str
    params: dict[str, Any]
    player_count: int
    team_of: tuple[int, ...]
    members: tuple[tuple[int, ...], ...]
    deck: DeckTable
    deck_size: int
    zones: dict[str, ZoneInfo]
    slot_zone: tuple[ZoneInfo, ...]  # slot -> its zone
    slot_owner: tuple[int | None, ...]  # slot -> owning player/team index
    deck_slot: int
    vars: list[VarSlot]
    var_index: dict[str, int]
    phases: list[CompiledPhase]
    phase_index: dict[str, int]
    setup: Callable
    score: Callable
    sources: Any
    model: Any = None
    has_copies: bool = False
    source: str = ""  # the generated Python module
    source_file: str = ""
    line_spans: tuple = ()  # generated line (from 1) -> the rules span it came from
    max_steps: int = MAX_STEPS

    def span_of_traceback(self, tb) -> Span | None:
        """The rules statement behind the deepest generated frame of a traceback."""
        span = None
        while tb is not None:
            if tb.tb_frame.f_code.co_filename == self.source_file and 0 < tb.tb_lineno <= len(self.line_spans):
                span = self.line_spans[tb.tb_lineno - 1] or span
            tb = tb.tb_next
        return span

    @property
    def team_count(self) -> int:
        return len(self.members)

    def new_state(self, seed: int = 0) -> "State":
        st = State.__new__(State)
        st.game = self
        n = self.deck_size
        st.zones = [[] for _ in self.slot_zone]
        st.zones[self.deck_slot] = list(range(n))
        face = 1 if self.slot_zone[self.deck_slot].face == "up" else 0
        st.face = bytearray([face]) * n
        st.known = [0] * n
        st.loc = [self.deck_slot] * n
        st.groups = {}
        st.next_group = n
        st.vars = [None] * len(self.vars)
        st.phase = -1
        st.player = None
        st.over = False
        st.seed = seed
        st.draws = 0
        st.steps = 0
        st._legal = None
        for i, v in enumerate(self.vars):
            value = v.init(st)
            st.vars[i] = [_copy(value) for _ in range(v.count)] if v.owner else value
        try:
            st.game.setup(st)
            st._settle()
        except _PYTHON_ERRORS as exc:
            raise st._located(exc) from None
        return st

    def visible_to(self, st: "State", card: int, player: int) -> bool:
        """May `player` see which card this is, where it lies now?"""
        if st.face[card] or (st.known[card] >> player) & 1:
            return True
        where = st.loc[card]
        slot = where if where >= 0 else st.groups[-1 - where]["zone"]
        zone = self.slot_zone[slot]
        vis = zone.visibility
        if vis == "public":
            return True
        if vis == "hidden" or zone.owner is None:
            return False
        owner = self.slot_owner[slot]
        if zone.owner == "player":
            return owner == player or (vis == "team" and self.team_of[owner] == self.team_of[player])
        return owner == self.team_of[player]


class State:
    """One position of a game. Use ``game.new_state(seed)`` or :func:`cardrules.position.load`."""

    __slots__ = ("game", "zones", "face", "known", "loc", "groups", "next_group", "vars", "phase",
                 "player", "over", "seed", "draws", "steps", "_legal")

    # --- the research-library interface
    @property
    def current_player(self) -> int | None:
        return None if self.over else self.player

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def phase_name(self) -> str:
        return self.game.phases[self.phase].name if self.phase >= 0 else "setup"

    def legal_moves(self) -> list[Move]:
        if self._legal is None:
            self._legal = [] if self.over else self._generate()
        return self._legal

    def apply(self, move: Move | str) -> Move:
        """Play a legal move (a Move or its text). An illegal move raises :class:`IllegalMove`
        with the reason, and the state is left as it was."""
        text = move.text if isinstance(move, Move) else str(move).strip()
        if self.over:
            raise IllegalMove(text, "the game is over")
        legal = self.legal_moves()
        chosen = None
        for m in legal:
            if m.text == text:
                chosen = m
                break
        if chosen is None:
            raise IllegalMove(text, self._why_illegal(text, legal))
        self._apply_legal(chosen)
        return chosen

    def _apply_legal(self, move: Move) -> None:
        """Play a move taken from this state's legal_moves() without looking it up again."""
        cm = self.game.phases[self.phase].moves[move.decl]
        self._legal = None
        self.steps += 1
        try:
            cm.body(self, self.player, *move.args)
            self._settle()
        except _PYTHON_ERRORS as exc:
            raise self._located(exc) from None

    # The public name of the fast path, for search agents and simulations: the move must come
    # from this very state's legal_moves().
    apply_legal = _apply_legal

    def scores(self) -> list:
        score = self.game.score
        return [score(self, p) for p in range(self.game.player_count)]

    def clone(self) -> "State":
        st = State.__new__(State)
        st.game = self.game
        st.zones = [z[:] for z in self.zones]
        st.face = self.face[:]
        st.known = self.known[:]
        st.loc = self.loc[:]
        st.groups = {g: {**d, "cards": d["cards"][:]} for g, d in self.groups.items()}
        st.next_group = self.next_group
        st.vars = [v[:] if isinstance(v, list) else v for v in self.vars]
        st.phase = self.phase
        st.player = self.player
        st.over = self.over
        st.seed = self.seed
        st.draws = self.draws
        st.steps = self.steps
        st._legal = None  # a cache of Move objects, not data: the copy lists its own
        return st

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in (
            "zones", "face", "known", "groups", "next_group", "vars", "phase", "player", "over",
            "seed", "draws", "steps"))

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> dict:
        from .position import dump
        return dump(self)

    @classmethod
    def from_json(cls, game: Game, data: dict) -> "State":
        from .position import load_data
        return load_data(game, data)

    def observation(self, player: int) -> dict:
        from .observation import observe
        return observe(self, player)

    def all_cards(self) -> list[int]:
        """Every card id in every zone and group (for conservation checks)."""
        out = [c for zone in self.zones for c in zone if c < self.game.deck_size]
        for g in self.groups.values():
            out.extend(g["cards"])
        return out

    # --- randomness
    def rng(self) -> random.Random:
        """A generator for one random draw; seeded from the game seed and the draw count, so the
        State stays plain data and one seed gives one game."""
        self.draws += 1
        return random.Random(self.seed * 1_000_003 + self.draws)

    # --- flow
    def _located(self, exc: Exception) -> RulesRuntimeError:
        """A Python error raised inside generated code, reported at the rules statement behind it."""
        if isinstance(exc, RulesRuntimeError):
            if exc.sources is None:
                exc.sources = self.game.sources
            return exc
        span = self.game.span_of_traceback(exc.__traceback__)
        return RulesRuntimeError(f"this statement failed while running: {exc}", span,
                                 "a value was none or of the wrong kind here", self.game.sources)

    def _settle(self) -> None:
        """Run automatic phases until a player must choose or the game is over."""
        game = self.game
        while not self.over:
            if self.phase < 0:
                raise RulesRuntimeError("setup finished without `goto` a phase")
            phase = game.phases[self.phase]
            # Moves count as steps too: a loop of moves that never ends must stop as well.
            if self.steps > game.max_steps:
                raise RulesRuntimeError(f"the game did not end within {game.max_steps} steps",
                                        phase.span, "a loop of phases or moves may never reach `end game`")
            if phase.do is None:
                self.player = phase.turn(self)
                if self.player is None or not (0 <= self.player < game.player_count):
                    raise RulesRuntimeError(f"phase `{phase.name}`: whose turn it is evaluated to "
                                            f"{self.player!r}, not a player", phase.span)
                return
            self.steps += 1
            if not phase.do(self):
                raise RulesRuntimeError(f"phase `{phase.name}` finished without `goto`", phase.span)
        self.player = None

    def _generate(self) -> list[Move]:
        game = self.game
        phase = game.phases[self.phase]
        try:
            moves = phase.generate(self, self.player)
        except _PYTHON_ERRORS as exc:
            raise self._located(exc) from None
        if game.has_copies and len(moves) > 1:
            # Identical copies of a card (two decks) give moves that differ only in identity.
            seen: dict[str, Move] = {}
            for m in moves:
                seen.setdefault(m.text, m)
            moves = list(seen.values())
        if not moves:
            raise RulesRuntimeError(f"phase `{phase.name}`: player {self.player} has no legal move",
                                    phase.span, "add a move that is always possible, or go elsewhere first")
        return moves

    def _why_illegal(self, text: str, legal: Sequence[Move]) -> str:
        from .explain import why_illegal
        return why_illegal(self, text, legal)

    # --- card movement, used by compiled statements
    def take(self, x: int) -> None:
        """Remove an item from wherever it lies."""
        size = self.game.deck_size
        if x < size:
            where = self.loc[x]
            if where >= 0:
                self.zones[where].remove(x)
            else:
                gid = -1 - where
                group = self.groups[gid]
                group["cards"].remove(x)
                if not group["cards"]:
                    self.zones[group["zone"]].remove(gid)
                    del self.groups[gid]
        else:
            self.zones[self.groups[x]["zone"]].remove(x)

    def put(self, x: int, slot: int, face: int | None) -> None:
        """Place a taken item on top of a zone slot."""
        game = self.game
        zone = game.slot_zone[slot]
        if x < game.deck_size:
            self.zones[slot].append(x)
            self.loc[x] = slot
            self.face[x] = (zone.face == "up") if face is None else face
            self.known[x] = 0
            return
        group = self.groups[x]
        if zone.fields:
            group["zone"] = slot
            self.zones[slot].append(x)
            return
        for c in group.pop("cards"):
            self.zones[slot].append(c)
            self.loc[c] = slot
            self.face[c] = (zone.face == "up") if face is None else face
            self.known[c] = 0
        del self.groups[x]

    def put_in_group(self, x: int, gid: int, face: int | None) -> None:
        group = self.groups[gid]
        zone = self.game.slot_zone[group["zone"]]
        cards = [x] if x < self.game.deck_size else self.groups.pop(x)["cards"]
        for c in cards:
            group["cards"].append(c)
            self.loc[c] = -1 - gid
            self.face[c] = (zone.face == "up") if face is None else face
            self.known[c] = 0


def _copy(value):
    return list(value) if isinstance(value, list) else value


def freeze(value):
    """Moves are values: a list bound to a move parameter becomes a tuple."""
    if value.__class__ is list:
        return tuple(freeze(v) for v in value)
    return value


def number(value) -> int | Fraction:
    """Normalise an exact number: a Fraction with denominator 1 becomes an int."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


# --- helpers called by generated code ------------------------------------------------------

def difference(a, b) -> list:
    out = list(a)
    for x in b:
        if x in out:
            out.remove(x)
    return out


def divide(a, b, op: str, span: Span):
    if b == 0:
        raise RulesRuntimeError("division by zero", span)
    if op == "/":
        if isinstance(a, Fraction) or isinstance(b, Fraction) or a % b:
            return number(Fraction(a) / Fraction(b))
        return a // b
    return a // b if op == "//" else a % b


MAX_RANGE = 100_000


def inclusive_range(low, high, span: Span) -> list:
    """`low..high`. Bounded, so that no rules file can make the engine loop for ever."""
    low, high = number(low), number(high)  # `1..(1/2 * 4)`: a whole Fraction is a whole number
    if not isinstance(low, int) or not isinstance(high, int):
        raise RulesRuntimeError(f"a range needs whole numbers, not {low} and {high}", span)
    if high - low >= MAX_RANGE:
        raise RulesRuntimeError(f"the range {low}..{high} has more than {MAX_RANGE} numbers", span)
    return list(range(low, high + 1))


def lazy_range(low, high, span: Span):
    """`low..high` iterated directly: a range object when it can be, else the checked list."""
    if low.__class__ is int and high.__class__ is int and high - low < MAX_RANGE:
        return range(low, high + 1)
    return inclusive_range(low, high, span)


def lookup(container, key, span: Span):
    try:
        return container[key]
    except (KeyError, IndexError, TypeError):
        if isinstance(key, Fraction) and key.denominator == 1:
            return lookup(container, key.numerator, span)  # `xs[1/2 * 2]` is `xs[1]`
        raise RulesRuntimeError(f"no entry for {key!r} here", span) from None


def extreme(pairs: list, sign: int):
    """The element whose key is strictly the largest (sign 1) or smallest (sign -1), or None."""
    best, best_key, tied = None, None, False
    for x, key in pairs:
        if isinstance(key, tuple):
            key = list(key)
        if best_key is None or (key > best_key if sign > 0 else key < best_key):
            best, best_key, tied = x, key, False
        elif key == best_key:
            tied = True
    return None if tied else best


def collection(st: State, value):
    """A value of unknown static type used as a collection: a slot is a zone, a group id a group."""
    if isinstance(value, int) and not isinstance(value, bool):
        return st.groups[value]["cards"] if value >= st.game.deck_size else st.zones[value]
    return value


def move_items(st: State, items: list, dest: int, to_group, face, span: Span) -> None:
    # Checked before any card leaves its place: a card taken with nowhere to go would be lost.
    if dest is None:
        raise RulesRuntimeError("cards moved to nowhere: the destination is none", span,
                                "a group variable or expression names no group here")
    if to_group is None:
        to_group = dest >= st.game.deck_size
    if to_group and dest not in st.groups:
        raise RulesRuntimeError("cards moved to nowhere: the group they go to no longer exists", span,
                                "a group that is emptied or moved into a zone without groups is gone")
    for x in items:
        if x is None:
            raise RulesRuntimeError("there is no card to move (the value is none)", span)
        if to_group and x == dest:
            raise RulesRuntimeError("a group cannot move into itself", span)
        st.take(x)
        if to_group:
            st.put_in_group(x, dest, face)
        else:
            st.put(x, dest, face)


def deal(st: State, count, source: int, dest: int, face, span: Span) -> None:
    pile = st.zones[source]
    if len(pile) < count:
        zone = st.game.slot_zone[source].name
        raise RulesRuntimeError(f"cannot deal {count} cards from `{zone}`: it holds only {len(pile)}", span)
    for _ in range(int(count)):
        st.put(pile.pop(), dest, face)


def _cards(st: State, items: list) -> list:
    size = st.game.deck_size
    out = []
    for x in items:
        if x is None:
            continue
        if x < size:
            out.append(x)
        else:
            out.extend(st.groups[x]["cards"])
    return out


def flip(st: State, items: list, face: int) -> None:
    for c in _cards(st, items):
        st.face[c] = face


def reveal(st: State, items: list, who) -> None:
    mask = 0
    for p in (who if isinstance(who, (list, tuple)) else [who]):
        mask |= 1 << p
    for c in _cards(st, items):
        st.known[c] |= mask


def make_group(st: State, items: list, slot: int, fields: dict, defaults: dict) -> None:
    gid = st.next_group
    st.next_group += 1
    group = {"zone": slot, "cards": []}
    for name in st.game.slot_zone[slot].fields:
        group[name] = defaults[name]
    group.update(fields)
    st.groups[gid] = group
    st.zones[slot].append(gid)
    for x in items:
        st.take(x)
        st.put_in_group(x, gid, None)
