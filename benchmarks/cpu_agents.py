"""Agents for `cardrules tournament` at equal CPU time per decision (issue 25, item 6):

    cardrules tournament crazy-eights -n 40 --workers 1 \
        --agents benchmarks.cpu_agents:CardrulesISMCTS,benchmarks.cpu_agents:OpenSpielISMCTS

`ismcts:Ts` counts its budget in wall-clock seconds, which a loaded machine takes from it;
OpenSpiel's bot through the adapter (OpenSpielISMCTSAgent) counts CPU seconds of its process.
Here both count CPU seconds (time.process_time), SECONDS per decision, sampling included."""

from __future__ import annotations

import time

from cardrules.adapters.openspiel import OpenSpielISMCTSAgent
from cardrules.play.search import Budget, ISMCTSAgent

SECONDS = 0.025


class CardrulesISMCTS(ISMCTSAgent):
    def __init__(self, seed: int | str = 0):
        super().__init__(seed, Budget(seconds=SECONDS))
        self._cpu_started = 0.0

    def choose(self, state):
        self._cpu_started = time.process_time()
        return super().choose(state)

    def _time_left(self, started: float, done: int) -> bool:
        return time.process_time() - self._cpu_started < SECONDS


class OpenSpielISMCTS(OpenSpielISMCTSAgent):
    SECONDS = SECONDS
