"""Properties every rules file must have, checked at every step of random playthroughs.

The test suite and ``cardrules validate`` use the same checks:

- the game ends within a bound of moves (and of automatic steps);
- no card is created or lost;
- what the rules' `always` lines say holds wherever a seat is to choose;
- a state that is not over has a legal move, and no two legal moves read the same;
- the same seed gives the same game;
- the JSON round trip of every position is exact;
- no card hidden from a seat leaks to it: its observation and, when it is to play, its legal
  moves do not change when those cards are dealt afresh among their places (and the other
  seats' sealed choices in a simultaneous phase drawn afresh), and no move it is offered names
  one of them;
- no value a seat sees tells it what its hidden cards are: when those cards are dealt afresh
  and the same move is played in both positions, if the seat then sees the same cards in both
  (and the same values of the variables declared `public`, which the rules announce), and the
  move showed it none of the cards it could not see, it sees the same value in every other
  variable and group field;
- with `check_flow` (``cardrules validate --flow``), the flow does not tell either: in the same
  two positions the seat sees the same phase, whose turn it is and whether the game is over;
- an illegal move is refused with a reason, and the state is left as it was;
- the rules never fail while running (a deal from an empty zone, a value that is none).

A failure is a :class:`Finding`: its kind, the seed, the moves that led to it and the shortest
sequence of moves that still shows it (found by replaying the seed, as hypothesis shrinks an
example), with the position before the last of those moves, to reproduce it.
"""

from __future__ import annotations

import json
import multiprocessing
import random
import signal
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Sequence

import attrs

from ..language import nodes as n
from ..language import types as T
from .agents import sample_hidden
from ..language.diagnostics import Diagnostic, RulesError, SourceMap, Span
from .output import write_text_atomically
from .parallel import GameSpec, chunk_ranges
from ..engine.observation import cards_in, move_param_types
from ..engine.position import dump, load_data
from ..engine.errors import IllegalMove, RulesRuntimeError
from ..engine.primitives import Move
from ..engine.runtime import Game, State
from .chunks import game_seed as run_game_seed

MAX_MOVES = 20_000
SHRINK_BUDGET = 200_000  # moves replayed while shrinking one finding

KINDS = {
    "no-end": "the game does not end",
    "cards": "cards are created or lost",
    "no-legal-move": "a player has no legal move",
    "always": "an `always` of the rules does not hold",
    "duplicate-move": "two legal moves read the same",
    "nondeterministic": "the same seed gives another game",
    "round-trip": "the JSON round trip is not exact",
    "leak": "a hidden card leaks",
    "refusal": "an illegal move is not refused cleanly",
    "runtime-error": "the rules fail while running",
    "crash": "the engine crashed",
}


class PropertyFailure(AssertionError):
    """A property does not hold. `where` says when (seed, move count) for test output."""

    def __init__(self, kind: str, message: str, span: Span | None = None, where: str = "", hint: str | None = None):
        self.kind = kind
        self.message = message
        self.span = span
        self.hint = hint
        super().__init__(f"{where}: {message}" if where else message)


# --- the properties of one state ------------------------------------------------------------

def conserved(st: State) -> bool:
    return sorted(st.all_cards()) == list(range(st.game.deck_size))


def _conservation_problem(st: State) -> str | None:
    counts = Counter(st.all_cards())
    label = st.game.deck.label
    lost = [label(c) for c in range(st.game.deck_size) if not counts[c]]
    twice = [label(c) for c, k in counts.items() if k > 1]
    if not lost and not twice:
        return None
    parts = []
    if lost:
        parts.append(f"{_few(lost)} {'is' if len(lost) == 1 else 'are'} nowhere")
    if twice:
        parts.append(f"{_few(twice)} {'is' if len(twice) == 1 else 'are'} in two places")
    return "cards were created or lost: " + "; ".join(parts)


def permute_hidden(st: State, player: int, rng: random.Random) -> State:
    """The same position with the cards hidden from `player` dealt afresh among their places
    (faces and knowledge stay with the places). What `player` observes must not change."""
    return sample_hidden(st, player, rng)


def check_state(st: State, rng: random.Random, where: str = "") -> list[State]:
    """Check every property of one position; raise :class:`PropertyFailure` naming the first
    that fails. `rng` chooses how hidden cards are dealt afresh; the positions it dealt, one per
    seat, are returned (for :func:`check_move_hides_cards`)."""
    problem = _conservation_problem(st)
    if problem:
        raise PropertyFailure("cards", problem, where=where)
    data = dump(st)
    try:
        back = load_data(st.game, data)
    except RulesRuntimeError:
        raise
    except RulesError as exc:  # what the engine holds, the position notation must load
        d = exc.diagnostics[0]
        raise PropertyFailure("round-trip", f"the position notation refuses this position: {d.message}",
                              where=where, hint=d.hint) from None
    again = dump(back)
    if again != data:
        path = _first_difference(data, again)
        raise PropertyFailure("round-trip", f"the JSON round trip is not exact: `{path}` comes back changed",
                              where=where)
    if back != st:
        fields = [k for k in State.__slots__ if not k.startswith("_") and k != "game"
                  and getattr(back, k) != getattr(st, k)]
        raise PropertyFailure("round-trip", f"the position notation loses `{fields[0]}`", where=where)
    broken = None if st.is_over else st.unmet_always()
    if broken is not None:
        raise PropertyFailure("always", f"`always {broken.name}` does not hold here", broken.span, where,
                              "the rules break what this line says always holds: mend the rules that led "
                              "here, or the condition")
    legal = [] if st.is_over else _legal(st, where)
    others = []
    for player in range(st.game.player_count):
        seen = st.observation(player)
        other = permute_hidden(st, player, rng)
        others.append(other)
        if other.observation(player) != seen:
            path = _first_difference(seen, other.observation(player))
            raise PropertyFailure("leak", f"seat {player} can tell cards hidden from it apart: its observation "
                                          f"`{path}` changes when they are dealt afresh", where=where)
        if player == st.current_player:
            _check_moves_hide_cards(st, other, legal, where)
    if not st.is_over:
        _check_refusals(st, legal, where)
    return others


def check_move_hides_cards(st: State, move: Move, rng: random.Random, where: str = "", flow: bool = False,
                           others: Sequence[State] | None = None) -> None:
    """No value a seat sees tells it what the cards hidden from it are. The cards hidden from a
    seat are dealt afresh, `move` is played in both positions, and when the seat then sees the same
    cards in both (and the same values the rules announce: the variables declared `public`), none
    of them one it could not see before, it must see the same values of every other variable and
    group field; with `flow`, also the same phase, the same player to move and the same end of game. `others`: the positions dealt afresh
    by :func:`check_state`, one per seat, played on here (by default, dealt here with `rng`)."""
    after = st.clone()
    try:
        after.play(move)
    except RulesRuntimeError:
        return  # the move itself fails: playing it reports that
    game = st.game
    for player in range(game.player_count):
        other = others[player] if others is not None else permute_hidden(st, player, rng)
        twin = next((m for m in _legal_quietly(other) if m.text == move.text), None)
        if twin is None:
            continue  # the mover could tell the positions apart (checked as a leak of its own)
        try:
            other.play(twin)
        except RulesRuntimeError:
            continue
        cards, values, turn = _views(after, player)
        cards_other, values_other, turn_other = _views(other, player)
        if cards != cards_other:
            continue  # the seat can tell the positions apart by what it sees
        hidden = [c for c in range(game.deck_size) if not game.visible_to(st, c, player)]
        if any(game.visible_to(after, c, player) or game.visible_to(other, c, player) for c in hidden):
            # The move showed the seat a card it could not see (which may be gone again, shuffled
            # into a new deal): what it saw tells it what the values may follow from.
            continue
        for path, value in values.items():
            if values_other[path] != value:
                raise PropertyFailure(
                    "leak", f"after `{move.text}`, seat {player} sees `{path}` tell cards hidden from it apart: "
                            "it changes when they are dealt afresh, though the seat sees the same cards",
                    _declared_at(st.game, path), where,
                    "a value every seat sees may follow only from what they can see: compute it once the card is "
                    "shown; a value the rules announce is declared so, `var NAME: TYPE public \"why\"`")
        if flow and turn != turn_other:
            path = _first_difference(turn, turn_other)
            raise PropertyFailure("leak", f"after `{move.text}`, seat {player}'s `{path}` depends on cards hidden "
                                          "from it: it changes when they are dealt afresh, though it sees the same "
                                          "cards", st.game.phases[st.phase].moves[move.decl].span, where,
                                  "a flow or a turn may depend only on what the seat can see; ask every seat, "
                                  "or decide once the card is shown")


_NAMES_CARDS = (T.CARD, T.ITEM, T.GROUP)


def _views(st: State, player: int) -> tuple[dict, dict, dict]:
    """What `player` sees, three ways: the cards (zones, variables and group fields that name
    cards, with the variables declared `public`); every other value, by its path (`vars.total[1]`,
    `zones.melds[0].owner`); and the flow (phase, turn, end of game)."""
    seen = st.observation(player)
    game = st.game
    declared = game.model.vars
    values: dict[str, Any] = {}
    shown = {}
    for name, value in seen["vars"].items():
        info = declared[name]
        if T.innermost(info.type) in _NAMES_CARDS or info.public is not None:
            shown[name] = value
        elif info.owner:
            values.update((f"vars.{name}[{i}]", x) for i, x in enumerate(value))
        else:
            values[f"vars.{name}"] = value
    for name, zone in game.zones.items():
        plain = [f for f, t in zone.fields.items() if T.innermost(t) not in _NAMES_CARDS]
        if not plain:
            continue
        slots = seen["zones"][name] if zone.owner else [seen["zones"][name]]
        for i, slot in enumerate(slots):
            for j, x in enumerate(slot):
                if isinstance(x, dict):
                    at = f"zones.{name}[{i}][{j}]" if zone.owner else f"zones.{name}[{j}]"
                    values.update((f"{at}.{f}", x.pop(f)) for f in plain)
    cards = {"zones": seen["zones"], "vars": shown}
    return cards, values, {k: seen[k] for k in ("phase", "current_player", "over")}


def _declared_at(game: Game, path: str) -> Span | None:
    """The declaration of the variable or group field a view's path names."""
    kind, _, rest = path.partition(".")
    name = rest.split("[")[0]
    if kind == "vars":
        return game.model.vars[name].span
    field = rest.rpartition(".")[2]
    for d in game.model.rules.decls:
        if isinstance(d, n.Zone) and d.name == name:
            return next((f.span for f in d.fields if f.name == field), d.span)
    return None


def _legal_quietly(st: State) -> list[Move]:
    try:
        return st.legal_moves()
    except RulesRuntimeError:
        return []


def _legal(st: State, where: str) -> list[Move]:
    """The legal moves, with a rules file's phase that offers none reported as such."""
    try:
        legal = st.legal_moves()
    except RulesRuntimeError:
        phase = st.game.phases[st.phase]
        out = phase.generate(st, st.player)  # raises again when the rules themselves fail
        if out:
            raise
        raise PropertyFailure("no-legal-move", f"seat {st.player} has no legal move in phase `{phase.name}`",
                              phase.span, where) from None
    texts = Counter(m.text for m in legal)
    twice = [t for t, k in texts.items() if k > 1]
    if twice:
        raise PropertyFailure("duplicate-move", f"seat {st.player} is offered `{twice[0]}` {texts[twice[0]]} times; "
                                                "a move's text must say which move it is", where=where)
    return legal


def _check_moves_hide_cards(st: State, other: State, legal: list[Move], where: str) -> None:
    game = st.game
    player = st.player
    for move in legal:
        cm = game.phases[st.phase].moves[move.decl]
        for value, t in zip(move.args, move_param_types(game, cm)):
            for c in cards_in(st, value, t):
                if not game.visible_to(st, c, player):
                    raise PropertyFailure("leak", f"seat {player} is offered `{move.text}`, which names "
                                                  f"{game.deck.label(c)}, a card it cannot see", cm.span, where,
                                          "a move may choose among cards its player can see; draw hidden ones "
                                          "with `deal` or `top`")
    try:
        theirs = other.legal_moves()
    except RulesRuntimeError:
        theirs = []
    if sorted(m.text for m in theirs) != sorted(m.text for m in legal):
        mine = {m.text for m in legal}
        odd = [m for m in legal if m.text not in {t.text for t in theirs}] + [m for m in theirs if m.text not in mine]
        shown = odd[0] if odd else legal[0]
        raise PropertyFailure("leak", f"seat {player}'s legal moves depend on cards it cannot see: `{shown.text}` "
                                      "is offered or not depending on how they lie",
                              game.phases[st.phase].moves[shown.decl].span, where,
                              "a move's conditions may read only what its player can see")


def _check_refusals(st: State, legal: list[Move], where: str) -> None:
    before = st.clone()
    texts = {m.text for m in legal}
    for text in ("no such move 0", f"{legal[0].name} nowhere"):
        if text in texts:
            continue
        try:
            st.apply(text)
        except IllegalMove as exc:
            if not exc.reason:
                raise PropertyFailure("refusal", f"`{text}` was refused without a reason", where=where) from None
        else:
            raise PropertyFailure("refusal", f"the illegal move `{text}` was accepted", where=where)
        if st != before:
            raise PropertyFailure("refusal", f"refusing `{text}` changed the state", where=where)


# --- random games -------------------------------------------------------------------------

class _Playthrough:
    """One random game, checked every `check_every` moves (0: never). Keeps the moves played
    and the state reached, to report a failure."""

    def __init__(self, game: Game, seed: int, check_every: int = 0, max_moves: int = MAX_MOVES,
                 check_flow: bool = False):
        self.game, self.seed = game, seed
        self.check_every, self.max_moves, self.check_flow = check_every, max_moves, check_flow
        self.played: list[str] = []
        self.state: State | None = None

    def run(self) -> State:
        seed, played = self.seed, self.played
        rng = random.Random(f"moves:{seed}")
        checks = random.Random(f"checks:{seed}")  # apart, so checking never changes the moves
        st = self.state = self.game.new_state(seed)
        while not st.is_over:
            where = f"seed {seed}, after {len(played)} moves"
            checked = self.check_every and len(played) % self.check_every == 0
            others = check_state(st, checks, where) if checked else None
            moves = _legal(st, where)
            move = moves[rng.randrange(len(moves))]
            played.append(move.text)  # a failure the move shows shows with it
            if checked:
                check_move_hides_cards(st, move, checks, where, self.check_flow, others)
            st.play(move)
            if len(played) >= self.max_moves and not st.is_over:
                raise PropertyFailure("no-end", f"the game did not end within {self.max_moves} moves",
                                      where=f"seed {seed}")
        if self.check_every:
            check_state(st, checks, f"seed {seed}, at the end")
        return st


def play_random(game: Game, seed: int, check_every: int = 0, max_moves: int = MAX_MOVES,
                check_flow: bool = False) -> tuple[State, list[str]]:
    """Play one random game; check every `check_every` moves (0: never), the flow property too
    with `check_flow`. Returns the final state and the moves played."""
    run = _Playthrough(game, seed, check_every, max_moves, check_flow)
    return run.run(), run.played


def check_game_properties(game: Game, seed: int, check_every: int = 1, max_moves: int = MAX_MOVES,
                          check_flow: bool = False) -> State:
    """All the properties on one random game (see the module's docstring); raises
    :class:`PropertyFailure` (an AssertionError) or the rules' own runtime error."""
    final, played = play_random(game, seed, check_every, max_moves, check_flow)
    again, replayed = play_random(game, seed, 0, max_moves)
    if replayed != played or dump(again) != dump(final):
        raise PropertyFailure("nondeterministic", "the same seed gave another game", where=f"seed {seed}")
    return final


# --- findings -----------------------------------------------------------------------------

@attrs.frozen
class Finding:
    kind: str
    seed: int
    message: str
    moves: tuple[str, ...]  # the moves of the random game, up to the failure
    shrunk: tuple[str, ...]  # the shortest sequence found from the same seed that still shows it
    span: Span | None = None  # the rule to blame, when there is one
    hint: str | None = None
    position: dict | None = None  # the position before the last shrunk move (or at the start)
    others: int = 0  # how many more games showed the same failure
    path: str | None = None  # where the position was written
    shrink_note: str | None = None  # why `shrunk` is no shorter than `moves`, when it is not
    run_seed: int = 0  # the run's --seed: game `index` of it has seed `seed`
    index: int = 0

    def render(self, sources: SourceMap | None = None, game_name: str = "GAME", options: str = "") -> str:
        """The finding for a person; `options` are the command line's game options (`--param
        hand_size=2`), which the replay needs to be the same game."""
        others = f", and {self.others} other game{'s' if self.others != 1 else ''}" if self.others else ""
        lines = [f"{KINDS[self.kind]} (seed {self.seed}{others})",
                 "  " + Diagnostic(self.message, self.span, self.hint).render(sources).replace("\n", "\n  ")]
        if self.shrunk:
            shown = ", ".join(f"`{m}`" for m in self.shrunk[-12:])
            skipped = f"... {len(self.shrunk) - 12} moves, " if len(self.shrunk) > 12 else ""
            played = f"{len(self.moves)} move{'s' if len(self.moves) != 1 else ''}"
            if len(self.shrunk) < len(self.moves) or not self.shrink_note:
                lines.append(f"  {played} played; shrunk to {len(self.shrunk)}: {skipped}{shown}")
            else:
                lines.append(f"  {played} played; not shrunk ({self.shrink_note}): {skipped}{shown}")
        else:
            lines.append("  it shows before the first move")
        if self.path and self.shrunk:
            lines.append(f"  position before the last move: {self.path}")
            lines.append(f"  see it: cardrules apply {game_name} --position {self.path} \"{self.shrunk[-1]}\"")
        elif self.path:
            lines.append(f"  position: {self.path}")
        lines.append(f"  replay: cardrules validate {game_name}{' ' + options if options else ''} --seed {self.run_seed} "
                     f"--first {self.index} --games 1")
        return "\n".join(lines)


@attrs.frozen
class _Failure:
    kind: str
    message: str
    span: Span | None
    hint: str | None = None

    @property
    def signature(self) -> tuple:
        return (self.kind, self.span)


def _failure(exc: BaseException, st: State | None) -> _Failure:
    if isinstance(exc, PropertyFailure):
        return _Failure(exc.kind, exc.message, exc.span, exc.hint)
    if isinstance(exc, RulesRuntimeError):
        d = exc.diagnostics[0]
        kind = "no-end" if st is not None and st.steps > st.game.max_steps else "runtime-error"
        return _Failure(kind, d.message, d.span, d.hint)
    return _Failure("crash", f"{type(exc).__name__}: {exc}", None)


def _find_failure(game: Game, seed: int, check_every: int, max_moves: int,
                  check_flow: bool = False) -> tuple[_Failure | None, list[str]]:
    """Play one checked random game and its replay: (the failure or None, the moves played)."""
    run = _Playthrough(game, seed, check_every, max_moves, check_flow)
    try:
        final = run.run()
    except Exception as exc:  # every failure, the engine's own included, becomes a finding
        return _failure(exc, run.state), run.played
    replay = _Playthrough(game, seed, 0, max_moves)
    try:
        same = dump(replay.run()) == dump(final) and replay.played == run.played
    except Exception:
        same = False
    if not same:
        return _Failure("nondeterministic", "the same seed gave another game", None), run.played
    return None, run.played


def _find(st: State, text: str) -> Move | None:
    for m in st.legal_moves():
        if m.text == text:
            return m
    return None


# --- shrinking ----------------------------------------------------------------------------

STATE_KINDS = ("cards", "always", "round-trip", "leak", "refusal")  # found by checking a state, not by playing


@attrs.frozen
class _Choice:
    """One move of a replayed game: its text, and which of its turn's moves of that name it was."""

    text: str
    name: str
    index: int


def _choice(legal: list[Move], move: Move) -> _Choice:
    alike = [m for m in legal if m.name == move.name]
    return _Choice(move.text, move.name, alike.index(move))


def _choose(legal: list[Move], choice: _Choice) -> Move:
    for m in legal:
        if m.text == choice.text:
            return m
    alike = [m for m in legal if m.name == choice.name] or legal
    return alike[choice.index % len(alike)]


class _Shrinker:
    """Replays a seed with fewer moves while the same failure still shows, as hypothesis shrinks
    an example. A game is replayed from its choices: each is a move's text, its name and its
    index among the legal moves of that name. The text is played when it is legal; when it is
    not, the index chooses among the moves of that name (wrapping round past the end), or
    among all when there are none; a game that runs out of choices goes on with the first legal
    move. So every candidate is a legal game, and deleting a move that drew
    a card does not make the later moves unplayable. First the shortest prefix, then runs of
    choices deleted (long runs, then shorter ones, down to single choices); a candidate is kept
    when it shows the same failure after fewer moves."""

    def __init__(self, game: Game, seed: int, signature: tuple, check_flow: bool = False):
        self.game, self.seed, self.signature, self.check_flow = game, seed, signature, check_flow
        self.budget = SHRINK_BUDGET
        self.note: str | None = None  # why the moves could not be shrunk, when they could not

    def replay(self, choices: Sequence[_Choice], limit: int) -> list[_Choice] | None:
        """Play `choices` (then first moves) for at most `limit` moves: the choices and moves up
        to and including the one after which the failure shows, or None when it does not."""
        checks = random.Random(f"checks:{self.seed}")
        every_step = self.signature[0] in STATE_KINDS
        played: list[_Choice] = []
        st = None
        try:
            st = self.game.new_state(self.seed)
            while not st.is_over and len(played) < limit:
                others = check_state(st, checks) if every_step else None
                legal = _legal(st, "")
                k = len(played)
                move = _choose(legal, choices[k]) if k < len(choices) else legal[0]
                played.append(_choice(legal, move))  # a failure inside the move, or that it shows, shows with it
                if every_step or k == len(choices) - 1:
                    check_move_hides_cards(st, move, checks, flow=self.check_flow, others=others)
                self.budget -= 1
                st.play(move)
            if every_step:
                check_state(st, checks)
            elif not st.is_over:
                _legal(st, "")  # a turn with no legal move, or two that read the same, shows here
        except Exception as exc:
            failure = _failure(exc, st)
            if failure.kind == "no-end":
                self.budget -= self.game.max_steps  # it ran into the step limit: that was long
            return played if failure.signature == self.signature else None
        finally:
            self.budget -= 1
        return None

    def choices_of(self, moves: Sequence[str]) -> list[_Choice]:
        """The choices that replay `moves`, as far as they replay."""
        choices: list[_Choice] = []
        try:
            st = self.game.new_state(self.seed)
            for text in moves:
                move = _find(st, text)
                if move is None:
                    break
                choices.append(_choice(st.legal_moves(), move))
                st.play(move)
        except Exception:
            pass  # the failure itself: the choices up to it are all there are
        return choices

    def _diverges(self, moves: Sequence[str]) -> int | None:
        try:
            a, b = self.game.new_state(self.seed), self.game.new_state(self.seed)
            if dump(a) != dump(b):
                return 0
            for i, text in enumerate(moves):
                ma, mb = _find(a, text), _find(b, text)
                if ma is None or mb is None:
                    return i if (ma is None) != (mb is None) else None
                a.play(ma)
                b.play(mb)
                if dump(a) != dump(b):
                    return i + 1
        except Exception:
            return None
        return None

    def shrink(self, moves: Sequence[str]) -> tuple[str, ...]:
        if self.signature == ("no-end", None):
            self.note = "a game that passes the move limit cannot be shown by fewer moves"
            return tuple(moves)
        if self.signature[0] == "nondeterministic":
            n = self._diverges(moves)
            self.note = "a game that differs from its replay is shown by its first difference only"
            return tuple(moves[:n] if n is not None else moves)
        first = self.replay(self.choices_of(moves), len(moves))
        if first is None:
            self.note = f"the failure does not show again when seed {self.seed} is replayed"
            return tuple(moves)
        best = first
        chunk = max(len(best) // 2, 1)
        while chunk >= 1 and self.budget > 0:
            i = len(best) - chunk - 1  # the last move is the one that shows it: keep it
            while i >= 0 and self.budget > 0:
                found = self.replay(best[:i] + best[i + chunk:], len(best) - 1)
                if found is not None:
                    best = found  # shorter each time, so trying here again ends
                    i = min(i, len(best) - chunk - 1)
                else:
                    i -= chunk
            chunk //= 2
        if len(best) == len(moves):
            self.note = ("the shrinking budget ran out" if self.budget <= 0 else
                         f"no shorter game from seed {self.seed} shows it: each move is needed")
        return tuple(c.text for c in best)


# --- many games ---------------------------------------------------------------------------

@attrs.define
class Report:
    game: str
    players: int
    games: int
    seed: int
    moves: int
    seconds: float
    workers: int
    findings: list[Finding]

    @property
    def ok(self) -> bool:
        return not self.findings


def validate(game: Game, games: int, seed: int = 0, check_every: int = 1, max_moves: int = MAX_MOVES,
             workers: int = 1, progress: Callable[[int], None] | None = None, first_game: int = 0,
             check_flow: bool = False) -> Report:
    """Play `games` random games checking every property: games first_game, first_game + 1, ...
    of the run, game i from seed ``game_seed(seed, i)`` as in `simulate`. Each failure (a kind of
    failure at one rule) is reported once, for the first seed that shows it, shrunk; the others
    that show it are counted."""
    start = time.perf_counter()
    first: dict[tuple, tuple[int, _Failure, list[str]]] = {}
    counts: Counter = Counter()
    total = done = 0
    for failures, count, moves in _run(game, games, seed, first_game, check_every, max_moves, workers, check_flow):
        total += moves
        done += count
        for game_seed, failure, played in failures:
            counts[failure.signature] += 1
            if failure.signature not in first or game_seed < first[failure.signature][0]:
                first[failure.signature] = (game_seed, failure, played)
        if progress is not None:
            progress(done)
    findings = []
    for signature, (game_seed, failure, played) in sorted(first.items(), key=lambda item: item[1][0]):
        if workers > 1:
            # A worker compiled the rules itself: played again here, the failure points into
            # the files this game was loaded from.
            again, replayed = _find_failure(game, game_seed, check_every, max_moves, check_flow)
            if again is not None:
                failure, played = again, replayed
        shrinker = _Shrinker(game, game_seed, failure.signature, check_flow)
        shrunk = shrinker.shrink(played)
        findings.append(Finding(failure.kind, game_seed, failure.message, tuple(played), shrunk, failure.span,
                                failure.hint, _position_before(game, game_seed, shrunk), counts[signature] - 1,
                                shrink_note=shrinker.note, run_seed=seed,
                                index=game_seed - run_game_seed(seed, 0)))
    return Report(game.title, game.player_count, games, seed, total, time.perf_counter() - start, workers, findings)


def _position_before(game: Game, seed: int, moves: Sequence[str]) -> dict | None:
    try:
        st = game.new_state(seed)
        for text in moves[:-1]:
            st.play(_find(st, text))
        return dump(st)
    except Exception:  # the rules fail before there is a position to write: the seed replays it
        return None


def _play_chunk(game: Game, seed: int, first: int, stop: int, check_every: int, max_moves: int,
                check_flow: bool = False) -> tuple[list[tuple[int, _Failure, list[str]]], int, int]:
    """(the failures of games first..stop-1 of the run with their seeds and moves, games, moves played)."""
    failures, moves = [], 0
    for s in (run_game_seed(seed, i) for i in range(first, stop)):
        failure, played = _find_failure(game, s, check_every, max_moves, check_flow)
        moves += len(played)
        if failure is not None:
            failures.append((s, failure, played))
    return failures, stop - first, moves


def _run_task(task: tuple):
    spec, *rest = task
    return _play_chunk(spec.load(), *rest)


def _init_worker(spec: GameSpec) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    spec.load()


def _run(game: Game, games: int, seed: int, first: int, check_every: int, max_moves: int, workers: int,
         check_flow: bool):
    """The results of the games chunk by chunk, as they finish."""
    spec = GameSpec.of(game)
    chunks = [(spec, seed, a, b, check_every, max_moves, check_flow)
              for a, b in chunk_ranges(first, first + games, workers)]
    if workers <= 1 or len(chunks) == 1:
        for a, b in chunk_ranges(first, first + games, 1):
            yield _play_chunk(game, seed, a, b, check_every, max_moves, check_flow)
        return
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    pool = multiprocessing.get_context(method).Pool(workers, _init_worker, (spec,))
    try:
        yield from pool.imap_unordered(_run_task, chunks)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def write_findings(findings: list[Finding], folder: str | Path, name: str) -> list[Finding]:
    """Write each finding's position to `folder`; return the findings with their paths."""
    out = []
    folder = Path(folder)
    slug = "".join(ch if ch.isalnum() else "-" for ch in name.lower()).strip("-") or "game"
    used: set[Path] = set()
    for f in findings:
        if f.position is None:
            out.append(f)
            continue
        text = json.dumps(f.position, indent=1) + "\n"
        path = folder / f"{slug}-seed{f.seed}-{f.kind}.json"
        copy = 1
        # Two failures of one kind in one game, at different rules; or a file of an earlier run
        # (other parameters) that the command it printed still names: never overwritten.
        while path in used or _holds_other_text(path, text):
            copy += 1
            path = folder / f"{slug}-seed{f.seed}-{f.kind}-{copy}.json"
        used.add(path)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            write_text_atomically(path, text)
        except OSError as exc:
            raise RulesError([Diagnostic(f"cannot write `{path}`: {exc.strerror or exc}")]) from None
        out.append(attrs.evolve(f, path=str(path)))
    return out


# --- small helpers ------------------------------------------------------------------------

def _holds_other_text(path: Path, text: str) -> bool:
    try:
        return path.read_text(encoding="utf-8") != text
    except FileNotFoundError:
        return False
    except (OSError, UnicodeDecodeError):  # something else is there: leave it alone
        return True


def _few(items: list[str], limit: int = 6) -> str:
    return ", ".join(items[:limit]) + (f" and {len(items) - limit} more" if len(items) > limit else "")


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{path}.{key}" if path else str(key))
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return path or "the whole position"
