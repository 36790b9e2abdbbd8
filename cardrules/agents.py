"""Agents that choose moves. An agent sees only what the rules let its seat see: it is given
the state to read legal moves and its own observation, never another seat's hidden cards."""

from __future__ import annotations

import random
from typing import Protocol

from .runtime import Move, State


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


AGENTS = {"random": RandomAgent}
