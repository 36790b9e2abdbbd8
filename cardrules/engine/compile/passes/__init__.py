"""The analysis passes: facts about the checked model, computed before any code is written.

:func:`analyse` runs them all and gives the :class:`Facts` the emitter reads:

- constants: :mod:`cardrules.language.folding` (shared with the checker and the action encoding),
  asked by the emitter node by node;
- :mod:`.tables`: which defs are tables by card or seat (one argument, no state read);
- :mod:`.fractions`: which deck attributes have fractions, as whole multiples of what
  denominator, and which locals are assigned after their `let` (no whole-multiple twin);
- :mod:`cardrules.engine.work`: which loops charge the step's work budget, and by how much;
- :mod:`.slots`: the numbered slots of the state (variables, zones, faces, turns);
- :mod:`.shared`: which calls a def's body makes more than once with the same arguments.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....language.model import Model
from ...work import LoopWeights
from .fractions import ScaledAttribute, scaled_attributes
from .shared import SharedCalls, shared_calls
from .slots import Slots
from .tables import tabulable_defs


@dataclass(frozen=True)
class Facts:
    slots: Slots
    tabulable: frozenset[str]  # defs written as a table by card or seat
    scaled: dict[str, ScaledAttribute]  # deck attributes with fractions
    loop_weights: LoopWeights
    shared: SharedCalls  # per def, the calls its function computes once, before it returns


def analyse(model: Model) -> Facts:
    return Facts(Slots(model), tabulable_defs(model), scaled_attributes(model.deck), LoopWeights(model),
                 shared_calls(model))
