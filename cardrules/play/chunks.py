"""One chunk of a run: games start..stop-1 played here and now, each from its own seed with
its own seeded agents, and their results as columns. Whatever runs a chunk (this process, a
pool of processes, a Dask worker), the same chunk gives the same results.

Game length in hands: the language has no built-in notion of a hand, so by convention a game
that declares a global ``var hands: number`` counting its hands has that count read at the end
of every game; otherwise hands are not reported.
"""

from __future__ import annotations

from typing import Sequence

import attrs

from ..engine.errors import RulesRuntimeError
from ..engine.runtime import Game
from ..language import types as T
from .agents import observers
from .metrics import Recorder
from .specs import make_agent

HANDS_VAR = "hands"
# Scores are summarised in floating point; beyond 10**15 their sums and squares would be
# neither exact nor, past 1e308, finite. A game that scores more is a finding about the rules.
MAX_SCORE = 10 ** 15


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run: distinct for every (seed, index < 2**32); with
    seed 0 it is the index itself, so ``cardrules play GAME --seed 12`` deals game 12."""
    return (seed << 32) + index


def agent_seed(seed: int, index: int, seat: int) -> str:
    return f"{seed}:{index}:{seat}"


def hands_slot(game: Game) -> int | None:
    """The variable counting hands, when the rules declare ``var hands: number``."""
    i = game.var_index.get(HANDS_VAR)
    if i is None or game.vars[i].owner is not None or game.vars[i].type != T.NUMBER:
        return None
    return i


def play_games(game: Game, seed: int, agents: Sequence[str], start: int, stop: int,
               metrics: bool = False) -> Chunk:
    """Play games start..stop-1 of a run here and now; with `metrics`, follow each game's score
    trajectory for the design metrics (:mod:`cardrules.play.metrics`)."""
    slot = hands_slot(game)
    chunk = Chunk(start, stop)
    for i in range(start, stop):
        st = game.new_state(game_seed(seed, i))
        players = [make_agent(name, game, agent_seed(seed, i, seat)) for seat, name in enumerate(agents)]
        watching = observers(players)
        recorder = Recorder(st) if metrics else None
        moves = 0
        while not st.over:
            move = players[st.player].choose(st)
            for agent in watching:
                agent.observe(st, move)
            st.play(move)
            moves += 1
            if recorder is not None:
                recorder.after_move(st)
        chunk.moves.append(moves)
        chunk.hands.append(None if slot is None else st.vars[slot])
        chunk.scores.append(checked_scores(st))
        if recorder is not None:
            chunk.metrics.append(recorder.result(winning_teams([chunk.scores[-1]], game.team_of)[0]))
    return chunk


def winning_teams(scores: list[list], team_of: Sequence[int]) -> list[int | None]:
    """Per game, the winning team, or None for a draw."""
    out = []
    for sc in scores:
        top = max(sc)
        teams = {team_of[p] for p, s in enumerate(sc) if s == top}
        out.append(teams.pop() if len(teams) == 1 else None)
    return out


def checked_scores(st) -> list:
    """The final scores, refused when too large to summarise (see MAX_SCORE)."""
    scores = st.scores()
    for seat, score in enumerate(scores):
        if not -MAX_SCORE <= score <= MAX_SCORE:
            shown = f"{float(score):.3g}" if abs(score) < 10 ** 300 else "over 1e300"
            raise RulesRuntimeError(f"seat {seat} scores {shown}, more than the {MAX_SCORE:.0e} a simulation "
                                    "summarises", st.game.model.score.span,
                                    "scores this large are nearly always a mistake in the rules",
                                    st.game.sources)
    return scores


@attrs.frozen
class Chunk:
    """The results of games start..stop-1, as columns. `failed` is set instead when a rules
    error stopped a game in a worker (the error itself is replayed here, see :func:`play`)."""

    start: int
    stop: int
    moves: list = attrs.field(factory=list)
    hands: list = attrs.field(factory=list)
    scores: list = attrs.field(factory=list)  # per game: the seats' exact scores
    metrics: list = attrs.field(factory=list)  # per game, when asked for: see cardrules.play.metrics
    failed: bool = False
