"""cardrules: card games written as plain-text rules files, checked and compiled into
executable state machines.

    >>> from cardrules import load_game
    >>> game = load_game("sete-e-meio", {"players": 3})
    >>> state = game.new_state(seed=1)
    >>> state.legal_moves()[:2]
    [Move('bet 1'), Move('bet 2')]

The stages, one module each: ``parser`` (text to AST, ``nodes``), ``variants`` (a file that
extends another), ``checker`` (AST to checked ``model``), ``compiler`` (model to ``runtime.Game``),
``runtime`` (State, Move), then ``position``, ``observation``, ``explain``, ``simulate``, ``cli``.
"""

from .diagnostics import RulesError
from .loader import load_game, load_model
from .runtime import Game, IllegalMove, Move, RulesRuntimeError, State

__all__ = ["load_game", "load_model", "Game", "State", "Move", "IllegalMove", "RulesError",
           "RulesRuntimeError"]
