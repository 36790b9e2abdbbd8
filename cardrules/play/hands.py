"""Game length in hands: the language has no built-in notion of a hand, so by convention a game
that declares a global ``var hands: number`` counts its hands there. Simulations report how many
hands each game lasted, and search stops a playout at the end of the hand it began in."""

from __future__ import annotations

from ..engine.runtime import Game
from ..language import types as T

HANDS_VAR = "hands"


def hands_slot(game: Game) -> int | None:
    """The variable counting hands, when the rules declare ``var hands: number``."""
    i = game.var_index.get(HANDS_VAR)
    if i is None or game.vars[i].owner is not None or game.vars[i].type != T.NUMBER:
        return None
    return i
