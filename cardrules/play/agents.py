"""Agents that choose moves.

An agent is built from a seed (``make_agent(spec, game, seed)``) and asked ``choose(state)``
when its seat is to play; it returns one of ``state.legal_moves()``. An agent that also has
``observe(state, move)`` hears of every move before it is played (see :func:`observers`). Agents may read only what their
seat may see: the legal moves, and for the greedy agent the position with every card hidden
from its seat dealt afresh at random (see :func:`sample_hidden`).
"""

from __future__ import annotations

import random
from typing import Iterable, Protocol

from ..engine.errors import RulesRuntimeError
from ..engine.per_game import per_game
from ..engine.primitives import Move
from ..engine.runtime import State
from ..language import types as T

# Variable types whose values name cards: they follow a card when hidden cards are dealt afresh.
_CARD_TYPES = {T.CARD, T.ITEM}
_CARD_LIST_TYPES = {T.list_of(T.CARD), T.list_of(T.ITEM)}


class Agent(Protocol):
    def choose(self, state: State) -> Move: ...


class RandomAgent:
    """Plays a legal move chosen uniformly at random."""

    name = "random"

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        moves = state.legal_moves()
        return moves[self.rng.randrange(len(moves))]


class WeightedRandomAgent:
    """Plays at random, but gives the moves of some names a share of the chances of their own:
    with weights ``{"pass": 0.8}``, whenever a `pass` is legal beside other moves, a `pass` is
    played 8 times in 10 (one of them uniformly, when several are), any other move the rest of
    the time, uniformly. When only weighted moves are legal, their weights are taken relative to
    each other. Moves are told apart by name only, which the seat to play always sees."""

    name = "random"

    def __init__(self, weights: dict[str, float], seed: int | str = 0):
        self.weights = weights
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        moves = state.legal_moves()
        by_name: dict[str, list[Move]] = {}
        for m in moves:
            by_name.setdefault(m.name, []).append(m)
        weighted = {name: self.weights[name] for name in by_name if name in self.weights}
        others = [m for name, ms in by_name.items() if name not in weighted for m in ms]
        rest = 1.0 - sum(weighted.values())
        total = sum(weighted.values()) + (rest if others else 0.0)
        if total <= 0:
            return moves[self.rng.randrange(len(moves))]
        x = self.rng.random() * total
        for name, w in weighted.items():
            if x < w:
                group = by_name[name]
                return group[self.rng.randrange(len(group))]
            x -= w
        pool = others or moves
        return pool[self.rng.randrange(len(pool))]


class GreedyAgent:
    """Plays the move with the best immediate outcome by the rules' own `score`.

    For each legal move it plays the move on a copy of the position and reads its seat's score
    (in a team game the members share a score, so this is the team's). What it does not know
    it does not use: each copy is a :func:`sample_hidden` of the position, where the cards its
    seat cannot see are dealt afresh among their places and future chance draws are reseeded,
    so it cannot peek at the next card of the stock or at a hand. The outcome of a move is
    averaged over ``SAMPLES`` such copies; ties go to a seeded random choice.

    It looks one move ahead only: a move whose effect on the score comes later (a bet settled
    at the end of the round) looks like any other, and the choice among those is random.
    """

    name = "greedy"
    SAMPLES = 4

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seat = state.player
        score = state.game.score
        totals = [0] * len(moves)
        for _ in range(self.SAMPLES):
            sample = sample_hidden(state, seat, self.rng)
            before = score(sample, seat)
            for i, move in enumerate(moves):
                after = sample.clone()
                try:
                    after.play(move)
                    totals[i] += score(after, seat)
                except RulesRuntimeError:
                    # The move depends on cards this seat cannot see and fails with the sampled
                    # ones; the sample says nothing about it.
                    totals[i] += before
        best = max(totals)
        return self.rng.choice([m for m, t in zip(moves, totals) if t == best])


def sample_hidden(state: State, seat: int, rng: random.Random) -> State:
    """A copy of the position as `seat` may imagine it: every card it cannot see is swapped at
    random with the other unseen cards, each place keeping its face and who else knows it, and
    the random generator is reseeded so that shuffles and draws to come are not the real ones.
    Variables that name an unseen card follow the card's place.

    The deal ignores what past play implies (a Cassino player who built 8 holds an 8), so the
    sample serves to look one move ahead, not to play a game on."""
    st = state.clone()
    game = st.game
    size = game.deck_size
    visible = game.visible_to
    places = [(zone, i) for zone in st.zones for i, x in enumerate(zone)
              if x < size and not visible(st, x, seat)]
    places += [(g["cards"], i) for g in st.groups.values() for i, c in enumerate(g["cards"])
               if not visible(st, c, seat)]
    old = [where[i] for where, i in places]
    # Shuffled from the sorted cards, so that the sample depends on which cards are unseen and
    # never on how they really lie.
    new = sorted(old)
    rng.shuffle(new)
    place_cards(st, places, old, new)
    st.seed = rng.getrandbits(62)
    st.draws = 0
    reseal(st, seat, rng)
    return st


def reseal(st: State, seat: int, rng: random.Random) -> None:
    """In a simultaneous phase, replace the choices other seats have sealed by random legal
    ones of theirs: a copy that `seat` imagines never holds what another seat really chose.
    The state is as each seat chose from, so their legal moves are listed on it as it is."""
    if not all(chooser == seat for chooser, _ in st.sealed):
        player = st.player
        drawn = []
        for chooser, place in st.sealed:
            if chooser != seat:
                st.player, st._legal = chooser, None
                place = rng.randrange(len(st.legal_moves()))
            drawn.append((chooser, place))
        st.player, st._legal, st.sealed = player, None, tuple(drawn)


def goes_on(st: State, rng: random.Random, moves: int, seats: Iterable[int] = ()) -> bool:
    """Whether the rules can play on from `st`, a sample of hidden cards: each of `seats` would
    have a legal move were it its turn now, and random play from a copy makes `moves` moves (or
    reaches the end) without the rules failing. A sample can break what past play implies (a
    Cassino builder holds a card of the build's value) and leave a seat with no legal move when
    its turn comes; that is what this finds."""
    trial = State.clone(st)  # a plain State: its draws are seeded, whatever kind `st` is
    try:
        if not trial.over:
            for seat in seats:
                turn = State.clone(trial)
                turn.player = seat
                turn.legal_moves()
        for _ in range(moves):
            if trial.over:
                return True
            legal = trial.legal_moves()
            trial.play(legal[rng.randrange(len(legal))])
    except RulesRuntimeError:
        return False
    return True


def place_cards(st: State, spots: list[tuple[list, int]], old: list[int], new: list[int]) -> None:
    """Put card ``new[k]`` where ``old[k]`` lies (``spots[k]``: a zone's or a group's list, and an
    index in it), each place keeping its face and who else knows it; variables that name a
    moved card follow it to its new place."""
    loc = [st.loc[c] for c in old]
    face = [st.face[c] for c in old]
    known = [st.known[c] for c in old]
    for (where, i), c, at, f, k in zip(spots, new, loc, face, known):
        where[i] = c
        st.loc[c] = at
        st.face[c] = f
        st.known[c] = k
    swapped = {a: b for a, b in zip(old, new) if a != b}
    if swapped:
        for i, owned, many in _card_variables(st.game):
            if owned:
                st.vars[i] = [_follow(x, swapped, many) for x in st.vars[i]]
            else:
                st.vars[i] = _follow(st.vars[i], swapped, many)


@per_game
def _card_variables(game) -> list[tuple[int, bool, bool]]:
    """The variables whose values name cards, as (index, one per seat or team, a list of cards)."""
    return [(i, bool(v.owner), v.type in _CARD_LIST_TYPES) for i, v in enumerate(game.vars)
            if v.type in _CARD_TYPES or v.type in _CARD_LIST_TYPES]


def _follow(value, swapped: dict, many: bool):
    if value is None:
        return None
    if many:
        return [swapped.get(x, x) for x in value]
    return swapped.get(value, value)


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent}


def observers(agents) -> list:
    """The agents among `agents` that want to hear of every move (those with an ``observe``
    method): call ``observe(state, move)`` on each, with the position before the move, for
    every move played by any seat, so that they can infer from play what the cards they cannot
    see may be. An agent reads there only what its own seat may see."""
    out: list = []
    for agent in agents:
        if hasattr(agent, "observe") and all(agent is not a for a in out):
            out.append(agent)
    return out
