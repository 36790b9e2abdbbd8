"""The built-in functions of the language, one module per family:

- ``core``: seats, cards, zones and groups, lists, numbers, randomness;
- ``sums``: subset sums and disjoint sum groups (fishing games' captures and builds);
- ``declarations``: longest suit, runs and cards of a kind, and keys that compare them;
- ``tricks``: following suit and the winner of a trick;
- ``melds``: runs and sets with wild cards (rummy games' melds);

Each module registers its functions in ``REGISTRY`` with a signature the checker uses and an
implementation the compiler calls as ``impl(state, *args)``. Every built-in is general: none
is named after or written for one game.
"""

from .core import AGGREGATES, CONSTANTS, REGISTRY, SYMBOLS, Builtin, builtin

from . import sums  # noqa: F401  (registers its functions)
from . import declarations  # noqa: F401
from . import tricks  # noqa: F401
from . import melds  # noqa: F401

__all__ = ["AGGREGATES", "CONSTANTS", "REGISTRY", "SYMBOLS", "Builtin", "builtin"]
