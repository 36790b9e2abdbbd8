"""Any rules file as a PettingZoo AEC environment.

    from cardrules.adapters.pettingzoo import env
    e = env("buraco", players=4)

Agents are ``player_0`` .. ``player_{n-1}``, one per seat. An agent observes a dict:
``observation``, the seat's vector of :mod:`cardrules.engine.observation_tensor`, and
``action_mask``, 1 for each legal id of :mod:`cardrules.engine.actions` (all zeros for an agent
whose turn it is not). A move of several tokens takes several steps of the same agent.
``reset(seed=s)`` deals the game with seed ``s``, a whole number (without a seed, from the
environment's own generator). ``step`` takes an action id, a whole number; anything else, or an
id that is not legal, raises IllegalMove with the reason and changes nothing. Rewards come at
the end, as :mod:`cardrules.adapters.outcome` gives them: the rules' scores where the rules
declare them zero- or constant-sum payoffs, and in a game of one seat; win/loss otherwise
(``returns="score"`` or ``"win_loss"`` asks for one).
`env()` wraps :class:`raw_env` in PettingZoo's usual wrappers: an illegal action ends the
game with -1 for the agent that played it, an id out of range is refused, and the calls
must come in order.
"""

from __future__ import annotations

import random
from numbers import Integral

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..engine.actions import encoding
from ..engine.errors import IllegalMove
from ..engine.loader import load_game
from ..engine.observation_tensor import layout, observation_string, observation_tensor
from ..language.diagnostics import Diagnostic, RulesError
from .outcome import payoffs

MAX_REDEALS = 1000


def env(rules: str = "sete-e-meio", render_mode: str | None = None, returns: str = "default", **params) -> AECEnv:
    wrapped = raw_env(rules, render_mode=render_mode, returns=returns, **params)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):
    metadata = {"render_modes": ["human", "ansi"], "name": "cardrules_v0", "is_parallelizable": False}

    def __init__(self, rules: str = "sete-e-meio", render_mode: str | None = None, returns: str = "default",
                 **params):
        super().__init__()
        self.game = load_game(rules, params)
        self.payoffs = payoffs(self.game, returns)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(self.game.player_count)]
        self.agent_seat = {agent: p for p, agent in enumerate(self.possible_agents)}
        actions = encoding(self.game).size
        observation = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (layout(self.game).size,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        })
        self.observation_spaces = {agent: observation for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._deal_rng = random.Random()
        self.state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        seat = self.agent_seat[agent]
        mask = np.zeros(self.action_spaces[agent].n, np.int8)
        if self.state.current_player == seat:
            mask[self.state.legal_actions()] = 1
        return {"observation": np.asarray(observation_tensor(self.state, seat), np.float32), "action_mask": mask}

    def reset(self, seed=None, options=None):
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, Integral):
                raise RulesError([Diagnostic(f"reset(seed={repr(seed)[:40]}): a seed is a whole number, or None",
                                             hint="reset(seed=None) deals from the environment's own generator")])
            self._deal_rng.seed(int(seed))
        # An episode needs a first decision: a game settled by its deal alone (a blackjack
        # natural) involves no agent, so it is dealt again (docs/adapters.md says so).
        for _ in range(MAX_REDEALS):
            self.state = self.game.new_state(self._deal_rng.getrandbits(62))
            if not self.state.is_over:
                break
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        if self.state.is_over:
            raise RulesError([Diagnostic(f"{MAX_REDEALS} deals in a row ended the game before any choice",
                                         hint="a PettingZoo episode needs at least one decision")])
        self.agent_selection = self.possible_agents[self.state.current_player]

    def _finish(self):
        for agent_name, value in zip(self.possible_agents, self.payoffs.returns(self.state)):
            self.rewards[agent_name] = value
            self.terminations[agent_name] = True

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if isinstance(action, bool) or not isinstance(action, Integral):
            raise IllegalMove(str(action)[:40], f"an action is a whole number, the id of a legal action: one of "
                                                 f"0 to {self.action_spaces[agent].n - 1} that the action mask allows")
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action))
        if self.state.is_over:
            self._finish()
        else:
            self.rewards = {agent_name: 0.0 for agent_name in self.agents}
            self.agent_selection = self.possible_agents[self.state.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        seat = self.state.current_player if self.state.current_player is not None else 0
        text = observation_string(self.state, seat)
        if self.render_mode == "human":
            print(text)
        return text

    def close(self):
        pass
