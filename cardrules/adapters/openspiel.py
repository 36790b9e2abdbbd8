"""Any rules file as an OpenSpiel game.

    import pyspiel
    import cardrules.adapters.openspiel  # registers "cardrules"
    game = pyspiel.load_game("cardrules", {"rules": "cassino", "players": 2})

Parameters: ``rules`` (a bundled game's name or a path), ``players`` (0: the rules' default),
``params`` (the rules' own parameters, as ``"max_bet=20 target=31"``: OpenSpiel accepts only
declared parameters, so they travel in one string), ``returns`` and ``deals`` (below).

**Chance** is the game's own (:mod:`cardrules.engine.chance`): wherever the rules shuffle, draw
or choose at random, the state stops at a chance node with that draw's outcomes and exact
probabilities. A shuffled zone is dealt lazily, one chance node per card read from it, with one
outcome per card that may be there (as OpenSpiel's card games deal), so cardrules Kuhn poker has
native Kuhn's tree. ``deals=N`` (1 to 1,048,576) plays instead the seeded engine restricted to N
deals: one chance node choosing the seed, every later draw a function of it.

**Returns** (:mod:`cardrules.adapters.outcome`): the rules' scores where the rules declare them
zero- or constant-sum payoffs (``payoffs``), and in a game of one seat; win/loss otherwise.
``returns="score"`` or ``"win_loss"`` asks for one. The game type, utility sum and bounds say which.

**Actions** are the ids of :mod:`cardrules.engine.actions`: one per token, a move of several tokens
being several decisions in a row by the same player.

**Observations** come from :mod:`cardrules.engine.observation_tensor`. The information-state string
is the seat's observation and every move as the seat saw it; the information-state tensor is
the observation tensor and how often the seat took each action, which does not tell all
histories apart (the string does). ``resample_from_infostate`` deals the cards a seat cannot
see afresh (:func:`cardrules.play.agents.sample_hidden`), which is what OpenSpiel's ISMCTS
needs, and :class:`DeterminizedBot` lets a perfect-information bot such as ``MCTSBot`` search
such a sample instead of the real position.
"""

from __future__ import annotations

import random
from numbers import Integral

import numpy as np
import pyspiel

from ..engine.actions import encoding
from ..play.agents import sample_hidden
from ..engine.loader import load_game, parse_param
from ..engine.observation_tensor import (information_state_string, layout, observation_string, observation_tensor,
                                  observed_move)
from ..engine.errors import IllegalMove
from ..engine.runtime import Game
from ..language import types as T
from ..language.diagnostics import Diagnostic, RulesError
from ..engine.chance import NeedChance, chance_state, run_step, settle_chance, start
from .outcome import payoffs

DEFAULT_DEALS = 0  # explicit chance
MAX_DEALS = 1 << 20  # chance_outcomes lists every deal: a million pairs, 16 MB once OpenSpiel holds them


def _game_type(utility, min_players: int = 1, max_players: int = 16) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name="cardrules",
        long_name="cardrules: a card game from a rules file",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_players,
        min_num_players=min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"rules": "sete-e-meio", "players": 0, "params": "", "deals": DEFAULT_DEALS,
                                 "returns": "default"})


GAME_TYPE = _game_type(pyspiel.GameType.Utility.ZERO_SUM)


def rules_values(params: dict) -> dict:
    """The rules' parameter values from OpenSpiel's: ``players`` and the ``params`` string."""
    values = dict(parse_param(p) for p in str(params.get("params", "")).split())
    players = params.get("players")
    if isinstance(players, bool) or not isinstance(players, Integral):
        raise RulesError([Diagnostic(f"players={str(players)[:40]}: the players are a whole number",
                                     None, "0 plays the rules' default")])
    if players:
        values["players"] = int(players)
    return values


def _max_tokens(game: Game) -> int:
    """An upper bound on the tokens of one move, counting a list as at most a deck of elements."""
    enc = encoding(game)
    deck = game.deck_size

    def bound(t: T.Type) -> int:
        if t.kind == "list":
            return deck * bound(t.of) + 1
        return {T.GROUP: deck + 1, T.ITEM: deck + 2, T.NUMBER: 24}.get(t, 1)
    return max([1 + sum(bound(t) for t in types) for types in enc.param_types.values()] or [1])


def _deals(value) -> int:
    if isinstance(value, bool) or not isinstance(value, Integral) or not 0 <= value <= MAX_DEALS:
        raise RulesError([Diagnostic(f"deals={str(value)[:40]}: the deals are a whole number from 0 to {MAX_DEALS:,}",
                                     None, "0, the default, is the game's own chance; N plays N seeded deals")])
    return int(value)


class CardrulesGame(pyspiel.Game):
    def __init__(self, params=None):
        params = {**GAME_TYPE.parameter_specification, **(params or {})}
        self.deals = _deals(params["deals"])
        self.rules = load_game(str(params["rules"]), rules_values(params))
        self.payoffs = payoffs(self.rules, str(params["returns"]))
        # As OpenSpiel keeps them: its own types (numpy's integers are not among them).
        params = {"rules": str(params["rules"]), "players": int(params["players"]), "params": str(params["params"]),
                  "deals": self.deals, "returns": str(params["returns"])}
        rules = self.rules
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding(rules).size,
            max_chance_outcomes=self.deals or max_chance_outcomes(rules),
            num_players=rules.player_count,
            min_utility=self.payoffs.low,
            max_utility=self.payoffs.high,
            utility_sum=self.payoffs.total,
            max_game_length=1 + rules.max_steps * _max_tokens(rules))
        super().__init__(_game_type(UTILITY[self.payoffs.kind], rules.player_count, rules.player_count),
                         info, params)

    def new_initial_state(self):
        return CardrulesState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        return CardrulesObserver(self, perfect_recall)


UTILITY = {"zero_sum": pyspiel.GameType.Utility.ZERO_SUM, "constant_sum": pyspiel.GameType.Utility.CONSTANT_SUM,
           "general_sum": pyspiel.GameType.Utility.GENERAL_SUM}


def max_chance_outcomes(game: Game) -> int:
    """Outcomes of one draw in explicit chance: a card is its id, a lot an index (at most the
    deck or the seats, the collections `random` is given in practice)."""
    return max(game.deck_size, game.player_count, 2)


class _Record:
    """Per seat, the moves as it saw them and the action ids it took. Copied list by list:
    copy.deepcopy would visit every string of a long game at each clone."""

    __slots__ = ("seen", "taken")

    def __init__(self, players: int):
        self.seen: list[list[str]] = [[] for _ in range(players)]
        self.taken: list[list[int]] = [[] for _ in range(players)]

    def __deepcopy__(self, memo) -> "_Record":
        other = _Record(0)
        other.seen = [s[:] for s in self.seen]
        other.taken = [t[:] for t in self.taken]
        return other


class _Pending:
    """A step waiting for chance: the action that started it (None: setup; "between": draws
    between steps, made in place), the outcomes chosen so far, and the draw waiting."""

    __slots__ = ("action", "outcomes", "need")

    def __init__(self, action, outcomes: list[int], need: NeedChance):
        self.action = action
        self.outcomes = outcomes
        self.need = need

    def __deepcopy__(self, memo) -> "_Pending":
        return _Pending(self.action, self.outcomes[:], self.need)


BETWEEN = "between"


class CardrulesState(pyspiel.State):
    def __init__(self, game: CardrulesGame):
        super().__init__(game)
        # Plain fields only: OpenSpiel clones a Python state with copy.deepcopy, and the
        # engine's Game copies as itself, its State as clone().
        self.rules = game.rules
        self.deals = game.deals
        self.payoffs = game.payoffs
        self.record = _Record(game.rules.player_count)
        self._legal = None
        self.pending = None  # explicit chance: the step waiting for a chance outcome
        self.dealt = False  # setup has run
        if self.deals:
            self.state = None  # the engine's State, once chance has chosen the seed
        else:
            self.state = chance_state(self.rules)
            self._step(None, [])

    # --- explicit chance: a step run again with one more outcome until it completes
    def _step(self, action, outcomes: list[int]) -> None:
        before = self.state
        play = start if action is None else (lambda st: st.apply_action(action))
        try:
            after, move = run_step(before, play, outcomes)
        except NeedChance as need:
            self.pending = _Pending(action, outcomes, need)
            return
        self.state = after
        self.dealt = True
        if move is not None:
            for viewer, seen in enumerate(self.record.seen):
                seen.append(observed_move(before, move, after, viewer))
        self._between([])

    def _between(self, outcomes: list[int]) -> None:
        try:
            settle_chance(self.state, outcomes)
        except NeedChance as need:
            self.pending = _Pending(BETWEEN, [], need)
            return
        self.pending = None

    def current_player(self):
        if self.state is None or self.pending is not None:
            return pyspiel.PlayerId.CHANCE
        if self.state.is_over:
            return pyspiel.PlayerId.TERMINAL
        return self.state.current_player

    def _legal_actions(self, player):
        if player != self.current_player():
            return []
        if self._legal is None:
            self._legal = self.state.legal_actions()
        return self._legal

    def chance_outcomes(self):
        if self.state is None:
            p = 1.0 / self.deals
            return [(seed, p) for seed in range(self.deals)]
        outcomes = self.pending.need.outcomes
        p = 1.0 / len(outcomes)
        return [(o, p) for o in outcomes]

    def _apply_action(self, action):
        self._legal = None
        action = int(action)
        if self.state is None:
            if not 0 <= action < self.deals:
                raise IllegalMove(f"deal {action}", f"chance chooses one of the deals 0 to {self.deals - 1}")
            self.state = self.rules.new_state(action)
            self.dealt = True
            return
        pending = self.pending
        if pending is not None:
            if action not in pending.need.outcomes:
                raise IllegalMove(self._chance_text(action), "not an outcome of this draw; outcomes: "
                                  + ", ".join(map(str, pending.need.outcomes[:20])))
            if pending.action == BETWEEN:
                self._between([action])
            else:
                self._step(pending.action, pending.outcomes + [action])
            return
        seat = self.state.current_player
        if self.deals:
            before = self.state.clone()
            move = self.state.apply_action(action)
            if move is not None:
                for viewer, seen in enumerate(self.record.seen):
                    seen.append(observed_move(before, move, self.state, viewer))
        else:
            if action not in self._legal_actions(seat):
                self.state.apply_action(action)  # refused with the reason, the state unchanged
            self._legal = None
            self._step(action, [])
        self.record.taken[seat].append(action)

    def _chance_text(self, action) -> str:
        if self.state is None:
            return f"deal {action}"
        if self.pending is not None and self.pending.need.what == "card" and 0 <= action < self.rules.deck_size:
            return f"draw {self.rules.deck.names[action]}"
        return f"lot {action}"

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return self._chance_text(action)
        if self.state is None or self.state.is_over or self.pending is not None:
            return self.rules.action_to_string(action)
        return self.state.action_to_string(action)

    def is_terminal(self):
        return self.state is not None and self.pending is None and self.state.is_over

    def returns(self):
        if not self.is_terminal():
            return [0.0] * self.rules.player_count
        return self.payoffs.returns(self.state)

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state `player_id` cannot tell from this one: the cards it cannot see dealt afresh
        (and, with ``deals``, chance reseeded). The other seats' histories are kept as they were."""
        if isinstance(player_id, bool) or not isinstance(player_id, Integral) \
                or not 0 <= player_id < self.rules.player_count:
            raise RulesError([Diagnostic(f"resample_from_infostate: there is no player {str(player_id)[:40]}; "
                                         f"the players are 0 to {self.rules.player_count - 1}")])
        draw = probability_sampler()
        if isinstance(draw, bool) or not isinstance(draw, (int, float)) or not 0 <= draw <= 1:
            raise RulesError([Diagnostic(f"resample_from_infostate: the sampler gave {str(draw)[:40]}, "
                                         "not a probability from 0 to 1")])
        other = self.clone()
        rng = random.Random(int(draw * 2 ** 53))
        if other.dealt and other.pending is None:
            other.state = sample_hidden(self.state, int(player_id), rng)
            if not self.deals:
                other.state.resolve_everything()  # the hidden cards were just dealt at random
        return other

    def __str__(self):
        st = self.state
        if st is None:
            return "chance: the seed of the deal"
        # Every field of the position (as position notation keeps it), written cheaply; and
        # a step waiting for chance, with the outcomes it has.
        waiting = "" if self.pending is None else f" waiting={self.pending.action}:{self.pending.outcomes}"
        return (f"{st.phase_name} p{st.current_player} zones={st.zones} face={bytes(st.face).hex()} "
                f"known={st.known} groups={st.groups} vars={st.vars} pending={list(st.pending)} "
                f"seed={st.seed} draws={st.draws} steps={st.steps} over={st.over}{waiting}")


class CardrulesObserver:
    """OpenSpiel's observer interface: `tensor` and `dict` filled by `set_from`, and strings."""

    def __init__(self, game: CardrulesGame, perfect_recall: bool):
        self.rules = game.rules
        self.perfect_recall = perfect_recall
        lay = layout(self.rules)
        actions = encoding(self.rules).size
        self.tensor = np.zeros(lay.size + (actions if perfect_recall else 0), np.float32)
        self.dict = {name: self.tensor[at:at + size] for name, (at, size) in lay.sections.items()}
        if perfect_recall:
            self.dict["taken"] = self.tensor[lay.size:]

    def set_from(self, state: CardrulesState, player: int) -> None:
        self.tensor.fill(0)
        if not state.dealt:
            self.dict["seat"][player] = 1
            return
        lay_size = layout(self.rules).size
        self.tensor[:lay_size] = observation_tensor(state.state, player)
        if self.perfect_recall:
            taken = self.dict["taken"]
            for action in state.record.taken[player]:
                taken[action] += 1

    def string_from(self, state: CardrulesState, player: int) -> str:
        if not state.dealt:
            return f"seat p{player} | before the deal"
        if self.perfect_recall:
            return information_state_string(state.state, player, state.record.seen[player])
        return observation_string(state.state, player)


class DeterminizedBot(pyspiel.Bot):
    """Plays `bot`'s choice on a sample of what its seat cannot see (resample_from_infostate),
    so that a perfect-information search such as MCTSBot never reads the hidden cards."""

    def __init__(self, bot: pyspiel.Bot, seed: int = 0):
        pyspiel.Bot.__init__(self)
        self.bot = bot
        self.rng = random.Random(seed)

    def step(self, state):
        sample = state.resample_from_infostate(state.current_player(), self.rng.random)
        return self.bot.step(sample)

    def restart_at(self, state):
        self.bot.restart_at(state)

    def inform_action(self, state, player_id, action):
        self.bot.inform_action(state, player_id, action)


pyspiel.register_game(GAME_TYPE, CardrulesGame)
