"""The numbered slots of a state as the generated code indexes them: variables (``st.vars[i]``),
phases, zones and the face each zone slot gives the cards it receives."""

from __future__ import annotations

from ....language import nodes as n
from ....language.model import Model


class Slots:
    def __init__(self, model: Model):
        self.var_index = {name: i for i, name in enumerate(model.vars)}
        self.phase_index = {name: i for i, name in enumerate(model.phases)}
        # per zone slot, 1 when its cards lie face up
        self.face_up = tuple(1 if z.face == "up" else 0 for z in model.zones.values() for _ in range(z.count))
        self._names = model.names

    def turn_variable(self, phase: n.Phase) -> int | None:
        """The index of the variable that says whose turn it is, when a phase's `turn` is one."""
        if not isinstance(phase.turn, n.Name):
            return None
        kind, what = self._names.get(id(phase.turn), (None, None))
        if kind != "var" or what.owner is not None:
            return None
        return self.var_index[what.name]
