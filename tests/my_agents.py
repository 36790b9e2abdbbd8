"""An agent of one's own, as a user would write it: `--agents my_agents:FirstMoveAgent`
(tests/ is on the path of the test run and of its worker processes)."""


class FirstMoveAgent:
    """Always plays the first legal move."""

    def __init__(self, seed):
        self.seed = seed

    def choose(self, state):
        return state.legal_moves()[0]
