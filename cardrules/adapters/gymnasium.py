"""Any rules file as a Gymnasium single-agent environment: one seat is the agent, the others are
played by cardrules agents.

    from cardrules.adapters.gymnasium import env
    e = env("crazy-eights", seat=0, opponents="random", players=2)
    observation, info = e.reset(seed=1)
    action = int(e.action_space.sample(info["action_mask"]))
    observation, reward, terminated, truncated, info = e.step(action)

The observation is the seat's vector of :mod:`cardrules.engine.observation_tensor`; an action is
an id of :mod:`cardrules.engine.actions` (a move of several ids takes several steps), and
``info["action_mask"]`` marks the legal ones, as Gymnasium's ``Discrete.sample(mask)`` takes it
(int8). ``opponents`` is one agent spec for every other seat or a list of one per seat in seat
order (the agent's own place left out): ``random``, ``greedy``, ``ismcts:0.05s``, ...,
``package.module:Class`` (docs/agents.md). The reward comes at the end, as
:mod:`cardrules.adapters.outcome` gives it (the rules' payoffs where declared, a one-seat game's
score, win/loss otherwise); until then it is 0. ``reset(seed=s)`` deals the game with seed `s`
and seeds the opponents from it; a deal that ends the game before the agent's first decision is
dealt again (an episode needs one). An id that is not legal ends the episode, as PettingZoo's
TerminateIllegalWrapper does: the reward is `illegal_reward` (-1), ``info["illegal"]`` says why,
and the position is left as it was (Gymnasium's ``check_env`` steps unmasked samples); anything
but a whole number raises IllegalMove.
"""

from __future__ import annotations

import random
from numbers import Integral

import gymnasium
import numpy as np
from gymnasium import spaces

from ..engine.actions import encoding, resolve_action
from ..engine.errors import IllegalMove
from ..engine.loader import load_game
from ..engine.runtime import State
from ..engine.observation_tensor import layout, observation_string, observation_tensor
from ..language.diagnostics import Diagnostic, RulesError
from ..play.specs import make_agent
from .outcome import payoffs

MAX_REDEALS = 1000


def env(rules: str = "crazy-eights", seat: int = 0, opponents: str | list[str] = "random",
        render_mode: str | None = None, returns: str = "default", illegal_reward: float = -1.0,
        **params) -> CardrulesEnv:
    return CardrulesEnv(rules, seat=seat, opponents=opponents, render_mode=render_mode, returns=returns,
                        illegal_reward=illegal_reward, **params)


class CardrulesEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, rules: str = "crazy-eights", seat: int = 0, opponents: str | list[str] = "random",
                 render_mode: str | None = None, returns: str = "default", illegal_reward: float = -1.0,
                 **params):
        self.game = load_game(rules, params)
        count = self.game.player_count
        if isinstance(seat, bool) or not isinstance(seat, Integral) or not 0 <= seat < count:
            raise RulesError([Diagnostic(f"seat={str(seat)[:40]}: the seats are 0 to {count - 1}")])
        self.seat: int = int(seat)
        others = [p for p in range(count) if p != self.seat]
        specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(specs) != len(others):
            raise RulesError([Diagnostic(f"{len(specs)} opponents for {len(others)} other seats",
                                         hint="one agent spec for all of them, or one per other seat")])
        self.specs = dict(zip(others, specs))
        for spec in self.specs.values():
            make_agent(spec, self.game, 0)  # a wrong spec is refused now, not at the first step
        self.payoffs = payoffs(self.game, returns)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise RulesError([Diagnostic(f"render_mode={render_mode!r}: only `ansi` renders")])
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(encoding(self.game).size)
        self.observation_space = spaces.Box(-np.inf, np.inf, (layout(self.game).size,), np.float32)
        self.illegal_reward = float(illegal_reward)
        self.illegal: str | None = None  # why the last episode ended on an illegal action
        self._deal_rng = random.Random()
        self.state: State | None = None
        self.agents: dict = {}

    def _observe(self):
        observation = np.asarray(observation_tensor(self.state, self.seat), np.float32)
        mask = np.zeros(self.action_space.n, np.int8)
        if not self.state.is_over:
            mask[self.state.legal_actions()] = 1
        return observation, {"action_mask": mask}

    def _others_play(self) -> None:
        st = self.state
        while not st.is_over and st.current_player != self.seat:
            mover = st.current_player
            move = self.agents[mover].choose(st)
            self._heard(move)
            st.apply(move)

    def _heard(self, move) -> None:
        """Every opponent hears of `move`, about to be played (search agents infer from it)."""
        for agent in self.agents.values():
            observe = getattr(agent, "observe", None)
            if observe is not None:
                observe(self.state, move)

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, Integral):
                raise RulesError([Diagnostic(f"reset(seed={repr(seed)[:40]}): a seed is a whole number, or None")])
            self._deal_rng.seed(int(seed))
        self.illegal = None
        for _ in range(MAX_REDEALS):
            deal = self._deal_rng.getrandbits(62)
            self.state = self.game.new_state(deal)
            self.agents = {p: make_agent(spec, self.game, f"{deal}:{p}") for p, spec in self.specs.items()}
            self._others_play()
            if not self.state.is_over:
                return self._observe()
        raise RulesError([Diagnostic(f"{MAX_REDEALS} deals in a row ended the game before seat {self.seat} chose",
                                     hint="an episode needs at least one decision of the agent's seat")])

    def step(self, action):
        if self.state is None or self.state.is_over or self.illegal:
            raise IllegalMove(str(action)[:40], "the episode is over: call reset()")
        if isinstance(action, bool) or not isinstance(action, Integral):
            raise IllegalMove(str(action)[:40], f"an action is a whole number, the id of a legal action: one of "
                                                 f"0 to {self.action_space.n - 1} that info['action_mask'] allows")
        st = self.state
        try:
            _, move = resolve_action(st, int(action))
        except IllegalMove as exc:
            # As PettingZoo's TerminateIllegalWrapper: the episode ends, the position unchanged.
            self.illegal = str(exc)
            observation, info = self._observe()
            return observation, self.illegal_reward, True, False, {**info, "illegal": self.illegal}
        if move is not None:
            self._heard(move)
        st.apply_action(int(action))
        if move is not None:
            self._others_play()
        observation, info = self._observe()
        terminated = st.is_over
        reward = float(self.payoffs.returns(st)[self.seat]) if terminated else 0.0
        return observation, reward, terminated, False, info

    def render(self):
        if self.render_mode == "ansi":
            return observation_string(self.state, self.seat)
        return None
