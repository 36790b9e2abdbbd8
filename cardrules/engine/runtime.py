"""The executable state machine: :class:`Game` (immutable compiled rules) and :class:`State`.

A State is plain data — lists of card ids per zone slot, per-card face and knowledge bits,
groups as small dicts, variable values, the phase index and the random generator's seed
and draw count — so ``clone()`` is a few list copies and the JSON round trip is exact.
The compiled rules live in the Game: the functions of the Python module that :mod:`compile`
writes, and a few small ones made beside them (the first words of a move's text); a State
never holds one.
"""

from __future__ import annotations

import random
from array import array
from pathlib import Path
from typing import Any, Callable, Sequence

import attrs

from ..language.deck import DeckTable
from ..language.diagnostics import Diagnostic, RulesError, Span, did_you_mean, error
from ..language.limits import LimitExceeded
from ..language.model import ZoneInfo
from ..language.types import Type
from . import actions, explain, observation, position, trail
from .errors import PYTHON_ERRORS, IllegalMove, RulesRuntimeError
from .primitives import MAX_STEP_WORK, MOVE_CACHE_LIMIT, Move, SeededDraw, last_rendered, normal_text

MAX_STEPS = 200_000
LEGAL_MOVES_PER_STEP = 1024
# `apply` puts a state back after a move that fails half-way by replaying the moves applied
# since a checkpoint: the game's start (a seed deals it again) or a copy, taken every this many moves.
CHECKPOINT_EVERY = 1024


@attrs.define(slots=True, eq=False)
class CompiledMove:
    name: str
    index: int
    var_names: tuple[str, ...]
    body: Callable  # body(state, me, *args) -> True when it transferred control
    render: Callable[[Any, dict], str]
    span: Span
    decl: Any
    # The first words of the text of the move with these values, cheaply (None: nothing fixed).
    text_prefix: Callable[[tuple], str] | None = None


@attrs.define(slots=True, eq=False)
class CompiledPhase:
    name: str
    index: int
    turn: Callable | None
    do: Callable | None
    moves: list[CompiledMove]
    span: Span
    generate: Callable | None = None  # generate(state, me) -> every legal Move of the phase
    turn_var: int | None = None  # when whose turn it is, is a variable: its index (no call to `turn`)
    # With copies in the deck, per move: a key of a legal move, equal exactly when their texts
    # are (None: compare the texts themselves).
    copies_key: tuple[Callable, ...] | None = None
    # `simultaneous SEATS`: `turn` gives the list of seats that choose at once; a choice is sealed
    # (State.sealed) until every one has chosen, then the moves run in that order and `then` after.
    simultaneous: bool = False
    then: Callable | None = None  # then(state) -> True when it transferred control
    # A racing window (`race`): its turn asks each seat of a list in turn, and is None once all
    # have passed and its `all pass` block has gone elsewhere.
    race: bool = False
    bodies: tuple[Callable, ...] = ()  # per move declaration, its body (`moves[j].body`, one look-up)
    # sampling(state, me) -> the legal moves, but a move of no parameters whose condition is
    # costly as a Deferred, untested (State.play_random); None when the phase has none such.
    sampling: Callable | None = None

    def __attrs_post_init__(self) -> None:
        self.bodies = tuple(m.body for m in self.moves)


@attrs.define(slots=True, eq=False)
class VarSlot:
    name: str
    owner: str | None
    type: Type
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
    # The rules' `always NAME: CONDITION` lines, each with its compiled condition (st -> bool).
    always: tuple[tuple[Any, Callable], ...] = ()
    source: str = ""  # the generated Python module
    source_file: str = ""
    line_spans: tuple = ()  # generated line (from 1) -> the rules span it came from
    max_steps: int = MAX_STEPS
    # Per phase, move texts already looked up by `apply("text")`, to the Move they name.
    move_of_text: list[dict] = attrs.field(factory=list)
    # What `new_state` copies before it runs setup (see `_before_setup`), worked out on the
    # first deal: None until then, False when the variables' starting values cannot be shared.
    _initial: State | None | bool = attrs.field(default=None, init=False)
    _initial_lists: tuple[int, ...] = attrs.field(default=(), init=False)  # its list-valued variables

    def __attrs_post_init__(self) -> None:
        self.move_of_text = [{} for _ in self.phases]

    def span_of_traceback(self, tb) -> Span | None:
        """The rules statement behind the deepest generated frame of a traceback."""
        span = None
        while tb is not None:
            if tb.tb_frame.f_code.co_filename == self.source_file and 0 < tb.tb_lineno <= len(self.line_spans):
                span = self.line_spans[tb.tb_lineno - 1] or span
            tb = tb.tb_next
        return span

    def __deepcopy__(self, memo) -> Game:
        return self  # immutable: copies of a State share it

    def __repr__(self) -> str:
        return f"<Game {self.title!r} from {Path(self.path).name}, {self.player_count} players>"

    def num_distinct_actions(self) -> int:
        return actions.encoding(self).size

    def action_to_string(self, action: int) -> str:
        return actions.encoding(self).label(action)

    @property
    def team_count(self) -> int:
        return len(self.members)

    def blank_state(self, seed: int = 0) -> State:
        """A State before setup: every card in the deck zone, face as the deck zone says,
        variables unset. Position notation fills one in; :meth:`new_state` runs setup on one."""
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
        st.work_left = MAX_STEP_WORK
        st.pending = ()
        st.sealed = ()
        st._legal = st._actions = None
        st._checkpoint = st._replay = None
        return st

    def new_state(self, seed: int | None = None) -> State:
        """The game dealt from `seed`: one seed is one game. Without a seed, a fresh one is drawn
        from the system's randomness; ``state.seed`` says which, to deal the same game again."""
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 32)
        st = self._before_setup(seed)
        if st is None:
            st = self.blank_state(seed)
            self._start_vars(st)
        try:
            self.setup(st)
            st._settle()
        except PYTHON_ERRORS as exc:
            raise st._located(exc) from None
        st._checkpoint, st._replay = seed, array("B")  # `apply` replays from this very start, dealt again
        return st

    def start(self, st: State) -> None:
        """Give a blank state its variables' starting values and run setup on it, then the
        automatic phases, until a player must choose (an error is a located RulesRuntimeError)."""
        self._start_vars(st)
        try:
            self.setup(st)
            st._settle()
        except PYTHON_ERRORS as exc:
            raise st._located(exc) from None

    def _start_vars(self, st: State) -> None:
        for i, v in enumerate(self.vars):
            value = v.init(st)
            st.vars[i] = [_copy(value) for _ in range(v.count)] if v.owner else value

    def _before_setup(self, seed: int) -> State | None:
        """A blank state of this seed with its variables at their starting values, copied in
        one step from one worked out on the first deal, or None when they must be worked out
        afresh for each state. Every blank state is the same but for its seed, which only draws
        read, so starting values that draw nothing (and do not fail) are the same in every game;
        working them out per game was a third of the deal of a short game (Kuhn poker)."""
        initial = self._initial
        if initial is None:
            initial = self._initial = self._initial_state()
        if not isinstance(initial, State):
            return None
        st = State.__new__(State)
        st.game = self
        st.zones = [*map(list.copy, initial.zones)]
        st.face = initial.face[:]
        st.known = initial.known[:]
        st.loc = initial.loc[:]
        st.groups = {}
        st.next_group = initial.next_group
        values = st.vars = initial.vars[:]
        for i in self._initial_lists:  # as `clone` copies them: a state changes its own lists only
            values[i] = values[i][:]
        st.phase = -1
        st.over = False
        st.seed = seed
        st.draws = st.steps = 0
        st.work_left = MAX_STEP_WORK
        st.pending = st.sealed = ()
        st.player = st._legal = st._actions = st._checkpoint = st._replay = None
        return st

    def _initial_state(self) -> State | bool:
        st = self.blank_state()
        try:
            self._start_vars(st)
        except Exception:  # each new state works them out again, and reports the error
            return False
        if st.draws or st.groups:
            return False  # a starting value drawn at random: one per game
        self._initial_lists = tuple(i for i, v in enumerate(st.vars) if isinstance(v, list))
        return st

    def visible_to(self, st: State, card: int, player: int) -> bool:
        """May `player` see which card this is, where it lies now?"""
        if st.face[card] or (st.known[card] >> player) & 1:
            return True
        where = st.loc[card]
        return self.slot_visible_to(where if where >= 0 else st.groups[-1 - where]["zone"], player)

    def slot_visible_to(self, slot: int, player: int) -> bool:
        """May `player` see every card lying in zone slot `slot`, face down and unshown too? (The
        part of :meth:`visible_to` that depends on the slot only, for callers that work it out once.)"""
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
    """One position of a game. Use ``game.new_state(seed)`` or :func:`cardrules.engine.position.load`."""

    __slots__ = ("game", "zones", "face", "known", "loc", "groups", "next_group", "vars", "phase",
                 "player", "over", "seed", "draws", "steps", "work_left", "pending", "sealed", "_legal",
                 "_checkpoint", "_replay", "_actions")
    game: Game
    zones: list[list[int]]          # slot -> the cards in it, bottom first
    face: bytearray                 # card -> 1 when it lies face up
    known: list[int]                # card -> bit mask of the seats that have seen it
    loc: list[int]                  # card -> the slot it is in
    groups: dict[int, dict]         # group id -> its fields, "cards" among them
    next_group: int
    vars: list[Any]                 # variable slot -> its value
    phase: int                      # index into game.phases; -1 before setup
    player: int | None
    over: bool
    seed: int
    draws: int
    steps: int
    # What the step being played may still do, in units of work (cardrules.engine.work): set
    # afresh whenever `steps` grows, charged by the loops of the generated code that may be long.
    work_left: int
    pending: tuple                  # a move half chosen through the integer actions
    # In a simultaneous phase, the choices made so far: (seat, place in its legal list) pairs,
    # which no other seat sees; the state itself changes only once every seat has chosen.
    sealed: tuple
    _legal: list[Move] | None
    _checkpoint: Any
    _replay: array | None
    _actions: Any  # the legal moves' action tokens (engine/actions.py), kept with the list they encode

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
        legal = self._legal
        if legal is None:
            if self.over:
                legal = self._legal = []
                return legal
            game = self.game
            try:
                phase = game.phases[self.phase]
                legal = phase.generate(self, self.player)
                # What `_generate` checks besides, asked only where it can matter: the usual
                # list (some moves, fewer than a step's worth, no copies) is kept as it is.
                if not legal or game.has_copies or len(legal) >= LEGAL_MOVES_PER_STEP:
                    legal = self._listed(phase, legal, self.player)
            except PYTHON_ERRORS as exc:
                raise self._located(exc) from None
            self._legal = legal
        return legal

    def _generate(self, seat: int) -> list[Move]:
        """The legal moves of `seat` in this phase, each text once."""
        phase = self.game.phases[self.phase]
        return self._listed(phase, phase.generate(self, seat), seat)

    def _listed(self, phase: CompiledPhase, legal: list[Move], seat: int) -> list[Move]:
        """The moves a phase's generator listed for `seat`, as the rules see them: an error when
        there are none, a step counted per LEGAL_MOVES_PER_STEP of them, each text once."""
        if not legal:
            raise RulesRuntimeError(f"phase `{phase.name}`: player {seat} has no legal move",
                                    phase.span, "add a move that is always possible, or go elsewhere first")
        # Listing moves is work too: each LEGAL_MOVES_PER_STEP of them count as a step of the
        # game, so a game that lists a hundred thousand moves at every turn ends at the step limit.
        if len(legal) >= LEGAL_MOVES_PER_STEP:
            self.steps += len(legal) // LEGAL_MOVES_PER_STEP
            self.work_left = MAX_STEP_WORK
        if self.game.has_copies and len(legal) > 1:
            # Identical copies of a card (two decks) give moves that differ only in identity:
            # one of each text is kept, the first.
            keys = phase.copies_key
            seen: dict = {}
            if keys is None:
                for m in legal:
                    seen.setdefault(m.text, m)
            else:
                for m in legal:
                    seen.setdefault(keys[m.decl](m), m)
            legal = list(seen.values())
        return legal

    def apply(self, move: Move | str) -> Move:
        """Play a legal move (a Move or its text). An illegal move raises :class:`IllegalMove`
        with the reason, and the state is left as it was; so is a move that the rules make fail
        half-way (a RulesRuntimeError)."""
        legal = self._legal
        if legal is not None:
            # The usual cases: a Move of this very list, or a text looked up before in this
            # phase, found by identity (a counting loop beats enumerate and the C helpers on
            # lists this short).
            target = move if move.__class__ is Move else self.game.move_of_text[self.phase].get(move)
            i = 0
            if target is not None:
                for m in legal:
                    if m is target:
                        break
                    i += 1
                else:
                    i = self._lookup(move)
            else:
                i = self._find(move, legal)  # a text not looked up before
        else:
            i = self._lookup(move)
        return self._apply_at(i)

    def _apply_at(self, i: int) -> Move:
        """`apply` of the move at place `i` of the legal list (listed): the action ids find it there."""
        move = self._legal[i]
        # All or nothing, without a copy per move: the moves applied since a checkpoint, as
        # places in their legal lists, replayed on failure (play is deterministic: draws are seeded).
        replay = self._replay
        if replay is None or len(replay) >= CHECKPOINT_EVERY:
            self._checkpoint = self.clone()
            replay = self._replay = array("B")
        try:
            replay.append(i)
        except OverflowError:  # a byte a move until a legal list runs past 256 moves
            replay = self._replay = array("I", replay)
            replay.append(i)
        self._play(move, True)
        return move

    def _restore(self, pending: tuple) -> None:
        """Put this state back to its checkpoint (a copy, or the seed of a game started by
        new_state) followed by the moves to replay."""
        checkpoint, moves = self._checkpoint, self._replay
        back = self.game.new_state(checkpoint) if checkpoint.__class__ is int else checkpoint.clone()
        for i in moves:
            back._play(back.legal_moves()[i])
        for field in State.__slots__:
            setattr(self, field, getattr(back, field))
        self.pending = pending  # the tokens of a move being chosen are set outside `apply`
        self._checkpoint, self._replay = checkpoint, moves

    def play(self, move: Move) -> Move:
        """Play a Move taken from this state's legal_moves(), the way simulations and search
        play thousands: found by identity, and nothing kept to undo it, so a move that the rules
        make fail half-way leaves the state as the failure found it (`apply` puts it back)."""
        legal = self._legal
        if legal is None:
            i = self._lookup(move)  # lists the legal moves first
            move = self._legal[i]
        else:
            for m in legal:
                if m is move:
                    break
            else:
                move = legal[self._lookup(move)]
        self._replay = None
        self._play(move)
        return move

    def play_random(self, random: Callable[[], float]) -> Move:
        """Play a legal move drawn uniformly with `random` (floats in [0, 1), `rng.random`), as
        `play(legal[int(random() * len(legal))])` would draw one but without the whole list
        where the rules guard a move of no parameters with a costly condition (a knock when the
        deadwood is low enough): that condition is tested only when the move is drawn, and a
        drawn move that fails it is struck out and another drawn among the rest, so every
        legal move is as likely as from the whole list. Search plays out thousands of games so."""
        move = self._drawn(random)
        if move is None:
            legal = self.legal_moves()  # every move, or the rules' error when there is none
            return self.play(legal[int(random() * len(legal))])
        self._replay = None
        self._play(move)
        return move

    def _drawn(self, random: Callable[[], float]) -> Move | None:
        """play_random's move drawn from the phase's `sampling` list; None where there is no
        such list (or it is long, or every move in it fails its condition)."""
        if self._legal is not None or self.over or self.pending or self.game.has_copies:
            return None
        sampling = self.game.phases[self.phase].sampling
        if sampling is None:
            return None
        try:
            listed = sampling(self, self.player)
            left = len(listed)
            if left >= LEGAL_MOVES_PER_STEP:
                return None  # a long list counts as steps of the game: legal_moves counts them
            while left:
                i = int(random() * left)
                move = listed[i]
                if move.__class__ is Move:
                    return move
                if move.holds():
                    return move.move
                left -= 1
                listed[i] = listed[left]
        except PYTHON_ERRORS as exc:
            raise self._located(exc) from None
        return None

    def _lookup(self, move: Move | str) -> int:
        """Where in this state's legal list the move that `move` names stands, or IllegalMove."""
        legal = self._legal
        if legal is None:
            legal = self.legal_moves()
        # A Move taken from this very list, the usual case, is found by identity alone, and a
        # text already looked up in this phase by one dict look-up.
        if move.__class__ is not Move and self.phase >= 0:
            move = self.game.move_of_text[self.phase].get(move, move)
        i = position_of(legal, move) if move.__class__ is Move else None
        return i if i is not None else self._find(move, legal)

    def _play(self, move: Move, undoable: bool = False) -> None:
        """Play a move of this state's legal_moves(): what `apply` does once it has found it
        and noted its place (`undoable`: a failure takes that place back off and puts the
        state back as it was)."""
        game = self.game
        phase = game.phases[self.phase]
        pending = self.pending
        if phase.simultaneous:
            self._seal(move, pending, undoable)
            return
        body = phase.bodies[move.decl]
        self._legal = None
        self.pending = ()
        self.steps += 1
        self.work_left = MAX_STEP_WORK
        try:
            body(self, self.player, *move.args)
            # The usual next step, a choice phase, without the loop of `_settle`.
            if not self.over and self.steps <= game.max_steps:
                phase = game.phases[self.phase]
                if phase.do is None:
                    slot = phase.turn_var
                    player = phase.turn(self) if slot is None else self.vars[slot]
                    if player.__class__ is int and 0 <= player < game.player_count:
                        self.player = player
                        return
            self._settle()
        except PYTHON_ERRORS as exc:
            raise self._undone(exc, pending, undoable) from None

    def _undone(self, exc: Exception, pending: tuple, undoable: bool) -> RulesRuntimeError:
        """The located error of a move that failed part-way, the state put back as it was
        before the move where the move can be undone."""
        error = self._located(exc)
        if undoable:
            self._replay.pop()
            self._restore(pending)
        return error

    def _seal(self, move: Move, pending: tuple, undoable: bool) -> None:
        """A move of a simultaneous phase: kept sealed until every seat of the phase has chosen,
        the state unchanged meanwhile (so each seat chooses from what the others saw); then
        every sealed move runs, in the phase's order of seats, and the `then` block after them."""
        phase = self.game.phases[self.phase]
        self.sealed += ((self.player, position_of(self._legal, move)),)
        self._legal = None
        self.pending = ()
        self.steps += 1
        self.work_left = MAX_STEP_WORK
        try:
            seats = phase.turn(self)
            chosen = dict(self.sealed)
            if any(seat not in chosen for seat in seats):
                self._settle()
                return
            # Every choice is found before any runs: each was made on the state as it is now.
            moves = [(seat, self._generate(seat)[chosen[seat]]) for seat in seats]
            self.sealed = ()
            for seat, sealed in moves:
                phase.moves[sealed.decl].body(self, seat, *sealed.args)
                if self.over:
                    break
            if not self.over and phase.then is not None:
                phase.then(self)
            self._settle()
        except PYTHON_ERRORS as exc:
            raise self._undone(exc, pending, undoable) from None

    def _find(self, move: Move | str, legal: list[Move]) -> int:
        """Where the legal move with this text stands, or IllegalMove with the reason."""
        if self.over:
            raise IllegalMove(str(move), "the game is over")
        known = self.game.move_of_text[self.phase]
        text = move.text if isinstance(move, Move) else str(move)
        last_text, last_move = last_rendered()
        if last_text == text:
            i = position_of(legal, last_move)
            if i is not None:
                return i
        found = known.get(text)
        if found is None:
            text = normal_text(text)
            found = known.get(text)
        i = None if found is None else position_of(legal, found)
        if i is not None:
            return i
        moves = self.game.phases[self.phase].moves
        for i, m in enumerate(legal):
            prefix = moves[m.decl].text_prefix
            if prefix is not None:
                # Only a move whose text begins so could be this one: the others need not be
                # rendered to be passed over.
                head = prefix(m.args)
                if not text.startswith(head) or len(text) > len(head) and text[len(head)] != " ":
                    continue
            if m.text == text:
                # Kept only for a move made once for its values (see compile/emit/moves.py: values but no
                # lists, no group named), which later legal lists hold again.
                if not m._seen and len(known) < MOVE_CACHE_LIMIT and tuple not in map(type, m.args):
                    known[text] = m
                return i
        raise IllegalMove(text, self._why_illegal(text, legal))

    # --- integer action ids (cardrules/engine/actions.py): `pending` holds the tokens of a move being chosen
    # The module's functions themselves, called as methods: no frame between (they run per action id).
    legal_actions = actions.legal_actions
    apply_action = actions.apply_action

    def action_to_string(self, action: int) -> str:
        return actions.action_to_string(self, action)

    def unmet_always(self) -> Any:
        """The first of the rules' `always NAME: CONDITION` lines whose condition is false in this
        position (its declaration, a ``language.nodes.Always``), or None. The rules promise them
        wherever a seat is to choose: `validate` checks them, and samplers of hidden cards keep
        to them; plain play never evaluates them. A condition that fails to evaluate is the
        rules' located error."""
        try:
            for decl, holds in self.game.always:
                if not holds(self):
                    return decl
        except PYTHON_ERRORS as exc:
            raise self._located(exc) from None
        return None

    def var(self, name: str, seat: int | None = None) -> Any:
        """The value of the rules variable `name` as the rules hold it: a card as its id in
        ``game.deck``, a number as an int or a Fraction, a name of a `one of` as a str. A
        per-player variable gives the value of `seat`; a per-team one, as in the rules, the value
        of `seat`'s team; either, without a seat, a list of every seat's or team's. The value is
        a copy: changing it leaves the state alone. A name the rules do not declare, a seat for
        a variable of the whole game, or a seat that is not one, is a RulesError saying which."""
        game = self.game
        index = game.var_index.get(name)
        if index is None:
            raise error(f"the rules declare no variable `{name}`", None,
                        did_you_mean(str(name), game.var_index) or f"variables: {', '.join(game.var_index) or 'none'}")
        slot = game.vars[index]
        value = self.vars[index]
        if slot.owner is None:
            if seat is not None:
                raise error(f"`{name}` is one variable for the whole game, not one per player", None,
                            f"read it without a seat: var({name!r})")
            return _copy(value)
        if seat is None:
            return [_copy(v) for v in value]
        if seat.__class__ is not int or not 0 <= seat < game.player_count:
            raise error(f"{seat!r} is not a seat of this game", None, f"seats are 0 to {game.player_count - 1}")
        return _copy(value[seat if slot.owner == "player" else game.team_of[seat]])

    def scores(self) -> list:
        """Each seat's score by the rules' `score`; an error in it is a located RulesRuntimeError."""
        score = self.game.score
        try:
            return [score(self, p) for p in range(self.game.player_count)]
        except PYTHON_ERRORS as exc:
            raise self._located(exc) from None

    def clone(self) -> State:
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
        st.work_left = MAX_STEP_WORK
        st.pending = self.pending
        st.sealed = self.sealed
        st._legal = st._actions = None  # caches of Move objects, not data: the copy lists its own
        st._checkpoint = st._replay = None
        return st

    def __deepcopy__(self, memo) -> State:
        return self.clone()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in (
            "zones", "face", "known", "groups", "next_group", "vars", "phase", "player", "over",
            "seed", "draws", "steps", "pending", "sealed"))

    # A State changes as it is played, so it is not hashable (a dict key would be lost when its
    # hash changed); `key()` is the hashable snapshot, equal exactly when the states are.
    __hash__ = None

    def key(self) -> tuple:
        """A hashable snapshot of this position: two states have equal keys exactly when they
        are equal, now (a key does not follow the state as it is played)."""
        def frozen(x):
            return tuple(frozen(v) for v in x) if isinstance(x, list) else x
        groups = tuple(sorted((g, tuple(sorted((k, frozen(v)) for k, v in d.items()))) for g, d in self.groups.items()))
        return (tuple(map(tuple, self.zones)), bytes(self.face), tuple(self.known), groups, self.next_group,
                frozen(self.vars), self.phase, self.player, self.over, self.seed, self.draws, self.steps,
                self.pending, self.sealed)

    def __getstate__(self) -> dict:
        # The data, not the caches: the legal moves (which hold their text renderers) are
        # listed again, and `apply`'s history starts afresh.
        return {k: getattr(self, k) for k in _STATE_DATA}

    def __setstate__(self, data: dict) -> None:
        for k in _STATE_DATA:
            setattr(self, k, data[k])
        self.work_left = MAX_STEP_WORK
        self._legal = self._actions = None
        self._checkpoint = self._replay = None

    def __str__(self) -> str:
        """The table as the seat to play sees it (seat 0 once the game is over), as `cardrules
        play --plain` draws it; the short form of repr when no table drawing is registered."""
        return TABLE_TEXT[0](self) if TABLE_TEXT else repr(self)

    def __repr__(self) -> str:
        where = "over" if self.over else f"phase {self.phase_name}, seat {self.player} to play"
        return f"<State of {self.game.title!r}, seed {self.seed}, step {self.steps}: {where}>"

    def undo(self) -> Move:
        """Take back the last move `apply` played, and return it: the state is as it was before
        it. Moves played by `play` (which keeps no history) cannot be taken back, nor moves
        before the last `CHECKPOINT_EVERY`."""
        moves = self._replay
        if not moves:
            hint = "`play` keeps no history: use `apply` to be able to undo" if moves is None else \
                "no move has been applied since the start or the last checkpoint"
            raise RulesError([Diagnostic("there is no move to undo", None, hint)])
        last = moves.pop()
        self._restore(())  # a move being chosen token by token is dropped too
        return self.legal_moves()[last]

    def to_json(self) -> dict:
        return position.dump(self)

    @classmethod
    def from_json(cls, game: Game, data: dict) -> State:
        return position.load_data(game, data)

    def observation(self, player: int) -> dict:
        return observation.observe(self, player)

    def all_cards(self) -> list[int]:
        """Every card id in every zone and group (for conservation checks)."""
        out = [c for zone in self.zones for c in zone if c < self.game.deck_size]
        for g in self.groups.values():
            out.extend(g["cards"])
        return out

    # --- randomness
    def rng(self) -> random.Random:
        """A generator for one random draw; seeded from the game seed and the draw count, so the
        State stays plain data and one seed gives one game (``random.Random`` of that number)."""
        self.draws += 1
        return SeededDraw(self.seed * 1_000_003 + self.draws)

    # --- flow
    def _located(self, exc: Exception) -> RulesRuntimeError:
        """A Python error raised inside generated code, reported at the rules statement behind it."""
        if isinstance(exc, RulesRuntimeError):
            if exc.sources is None:
                exc.sources = self.game.sources
            return exc
        span = self.game.span_of_traceback(exc.__traceback__)
        if isinstance(exc, LimitExceeded):
            return RulesRuntimeError(str(exc), span, exc.hint, self.game.sources)
        return RulesRuntimeError(f"this statement failed while running: {exc}", span,
                                 "a value was none or of the wrong kind here", self.game.sources)

    def settle(self) -> None:
        """Run automatic phases until a player must choose (for a State built by hand, as a
        position is); an error in the rules is a located RulesRuntimeError."""
        self._replay = None
        try:
            self._settle()
        except PYTHON_ERRORS as exc:
            raise self._located(exc) from None

    def _settle(self) -> None:
        """Run automatic phases until a player must choose or the game is over."""
        game = self.game
        phases = game.phases
        while not self.over:
            if self.phase < 0:
                raise RulesRuntimeError("setup finished without `goto` a phase")
            phase = phases[self.phase]
            # Moves count as steps too: a loop of moves that never ends must stop as well.
            if self.steps > game.max_steps:
                repeats = trail.where_steps_go(self)
                raise RulesRuntimeError(f"the game did not end within {game.max_steps} steps",
                                        phase.span, "a loop of phases or moves may never reach `end game`"
                                        + (f"; {repeats}" if repeats else ""))
            do = phase.do
            if do is None:
                player = self.player = phase.turn(self) if not phase.simultaneous else self._to_seal(phase)
                if player is None and phase.race:
                    self.steps += 1  # every seat passed: the window's `all pass` went on elsewhere
                    self.work_left = MAX_STEP_WORK
                    continue
                if player.__class__ is not int or not 0 <= player < game.player_count:
                    raise RulesRuntimeError(f"phase `{phase.name}`: whose turn it is evaluated to "
                                            f"{player!r}, not a player", phase.span)
                return
            self.steps += 1
            self.work_left = MAX_STEP_WORK
            if not do(self):
                raise RulesRuntimeError(f"phase `{phase.name}` finished without `goto`", phase.span)
        self.player = None

    def _to_seal(self, phase: CompiledPhase) -> Any:
        """In a simultaneous phase, the first of its seats that has not chosen yet."""
        seats = phase.turn(self)
        chosen = {seat for seat, _ in self.sealed}
        for seat in seats:
            if seat not in chosen:
                return seat
        raise RulesRuntimeError(f"phase `{phase.name}`: no seat is left to choose: `simultaneous` gave {seats!r}",
                                phase.span, "give the phase a list of one seat or more")

    def _why_illegal(self, text: str, legal: Sequence[Move]) -> str:
        return explain.why_illegal(self, text, legal)

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


# What draws `str(state)`: the table belongs to the play layer, above this one, so the package's
# public face registers it here (register_table_text) instead of the runtime importing upwards.
TABLE_TEXT: list[Callable[[State], str]] = []


def register_table_text(draw: Callable[[State], str]) -> None:
    TABLE_TEXT[:] = [draw]


def position_of(moves: list[Move], move: object) -> int | None:
    """Where `move` itself, not a move equal to it, stands in `moves`."""
    i = 0
    for m in moves:
        if m is move:
            return i
        i += 1
    return None


def _copy(value):
    return list(value) if isinstance(value, list) else value


# What a State is, as data: everything but the caches (legal moves, `apply`'s history).
_STATE_DATA = ("game", "zones", "face", "known", "loc", "groups", "next_group", "vars", "phase", "player",
               "over", "seed", "draws", "steps", "pending", "sealed")
