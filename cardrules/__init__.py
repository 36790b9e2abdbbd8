"""cardrules: card games written as plain-text rules files, checked and compiled into
executable state machines.

    >>> from cardrules import load_game
    >>> game = load_game("sete-e-meio", {"players": 3})
    >>> state = game.new_state(seed=1)
    >>> state.legal_moves()[:2]
    [Move('bet 1'), Move('bet 2')]

The layers, one folder each, every one importing only those before it:
``algorithms`` (pure combinatorics), ``language`` (text to a checked model), ``engine`` (the model
compiled into Game and State), ``play`` (agents, simulation, validation, logs, the terminal),
then the command line, ``cli``. See docs/architecture.md.
"""

from .language.diagnostics import RulesError
from .engine.loader import load_game, load_model
from .engine.errors import IllegalMove, RulesRuntimeError
from .engine.position import load as load_position
from .engine.position import load_data as position_from_data
from .engine.primitives import Move
from .engine.runtime import Game, State, register_table_text


def _table_text(state: State) -> str:
    # Imported when a state is first printed, so that importing cardrules does not load the table.
    from .play.table import plain_table
    return plain_table(state)


register_table_text(_table_text)

__all__ = ["load_game", "load_model", "Game", "State", "Move", "IllegalMove", "RulesError",
           "RulesRuntimeError", "load_position", "position_from_data"]
