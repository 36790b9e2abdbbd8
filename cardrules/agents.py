"""Agents that choose moves.

An agent is built from a seed (``make_agent(spec, game, seed)``) and asked ``choose(state)``
when its seat is to play; it returns one of ``state.legal_moves()``. An agent that also has
``observe(state, move)`` hears of every move before it is played (see :func:`observers`). Agents may read only what their
seat may see: the legal moves, and for the greedy agent the position with every card hidden
from its seat dealt afresh at random (see :func:`sample_hidden`).
"""

from __future__ import annotations

import random
from typing import Protocol

from .diagnostics import Diagnostic, RulesError, did_you_mean
from .runtime import Game, Move, RulesRuntimeError, State

# Variable types whose values name cards: they follow a card when hidden cards are dealt afresh.
_CARD_TYPES = {"card", "item"}
_CARD_LIST_TYPES = {"list:card", "list:item"}


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
                    after._apply_legal(move)
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
    loc = [st.loc[c] for c in old]
    face = [st.face[c] for c in old]
    known = [st.known[c] for c in old]
    for (where, i), c, l, f, k in zip(places, new, loc, face, known):
        where[i] = c
        st.loc[c] = l
        st.face[c] = f
        st.known[c] = k
    swapped = {a: b for a, b in zip(old, new) if a != b}
    if swapped:
        for i, v in enumerate(game.vars):
            if v.type in _CARD_TYPES or v.type in _CARD_LIST_TYPES:
                many = v.type in _CARD_LIST_TYPES
                if v.owner:
                    st.vars[i] = [_follow(x, swapped, many) for x in st.vars[i]]
                else:
                    st.vars[i] = _follow(st.vars[i], swapped, many)
    st.seed = rng.getrandbits(62)
    st.draws = 0
    st._legal = None
    return st


def _follow(value, swapped: dict, many: bool):
    if value is None:
        return None
    if many:
        return [swapped.get(x, x) for x in value]
    return swapped.get(value, value)


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent}
SEARCH_AGENTS = ("ismcts", "pimc")  # in cardrules.search; their spec may carry a budget


def check_agent_spec(spec: str) -> str:
    """`spec` as given, once it names an agent: ``random``, ``greedy``, ``ismcts``,
    ``ismcts:400`` (iterations per decision), ``ismcts:0.5s`` (seconds), ``pimc``, ``pimc:200``,
    or ``package.module:ClassName`` for an agent class of one's own (built as ``ClassName(seed)``).
    A RulesError says what is wrong otherwise."""
    _factory(spec)
    return spec


def make_agent(spec: str, game: Game | None = None, seed: int | str = 0) -> Agent:
    """The agent that `spec` names (see :func:`check_agent_spec`), seeded with `seed`. `game`
    is the game it will play, for agents that want to prepare for it; the built-in ones read
    everything from the positions they are given."""
    return _factory(spec)(seed)


def observers(agents) -> list:
    """The agents among `agents` that want to hear of every move (those with an ``observe``
    method): call ``observe(state, move)`` on each, with the position before the move, for
    every move played by any seat, so that they can infer from play what the cards they cannot
    see may be. An agent reads there only what its own seat may see."""
    out = []
    for agent in agents:
        if hasattr(agent, "observe") and all(agent is not a for a in out):
            out.append(agent)
    return out


def _factory(spec: str):
    name, _, option = spec.strip().partition(":")
    if name in AGENTS and not option:
        return AGENTS[name]
    if name in SEARCH_AGENTS:
        from .search import search_agent_factory
        return search_agent_factory(name, option, spec)
    if option and name not in AGENTS:
        return _imported(name, option, spec)
    hint = f"`{name}` takes no budget" if name in AGENTS else _known_agents(name)
    raise RulesError([Diagnostic(f"no agent called `{spec}`", None, hint)])


def _known_agents(name: str) -> str:
    names = [*AGENTS, *SEARCH_AGENTS]
    return did_you_mean(name, names) or f"agents: {', '.join(names)}, or package.module:ClassName"


def _imported(module: str, attribute: str, spec: str):
    import importlib
    try:
        factory = getattr(importlib.import_module(module), attribute)
    except ImportError as exc:
        hint = did_you_mean(module, SEARCH_AGENTS) or ("the module must be importable here and in every "
                                                         "worker (installed, or on PYTHONPATH)")
        raise RulesError([Diagnostic(f"cannot import the agent `{spec}`: {exc}", None, hint)]) from None
    except AttributeError:
        raise RulesError([Diagnostic(f"module `{module}` has no `{attribute}`", None,
                                     "name a class: package.module:ClassName")]) from None
    if not callable(factory):
        raise RulesError([Diagnostic(f"`{spec}` is not a class or a function that makes an agent")])
    return factory
