"""Game length in hands: the language has no built-in notion of a hand, so by convention a game
that declares a global ``var hands: number`` (or ``var deals: number``, as Cribbage and Sueca
say it) counts its hands there. Simulations report how many hands each game lasted, and search
stops a playout at the end of the hand it began in."""

from __future__ import annotations

from ..engine.runtime import Game
from ..language import types as T

HANDS_VARS = ("hands", "deals")  # the first a game declares as a global number is its count


def hands_slot(game: Game) -> int | None:
    """The variable counting hands, when the rules declare ``var hands: number`` or ``var deals: number``."""
    for var in HANDS_VARS:
        i = game.var_index.get(var)
        if i is not None and game.vars[i].owner is None and game.vars[i].type == T.NUMBER:
            return i
    return None
