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
see afresh, consistently with the moves the seat saw (:class:`cardrules.play.search.Knowledge`),
which is what OpenSpiel's ISMCTS needs, and :class:`DeterminizedBot` lets a perfect-information bot such as ``MCTSBot`` search
such a sample instead of the real position.
"""

from __future__ import annotations

import random
import time
from numbers import Integral

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ..engine.actions import encoding, resolve_action
from ..play.agents import goes_on
from ..play.search import Knowledge, hidden_places
from ..engine.loader import load_game, parse_param
from ..engine.observation_tensor import (information_state_string, layout, observation_string, observation_tensor,
                                  observed_move)
from ..engine.errors import IllegalMove, RulesRuntimeError
from ..engine.runtime import Game, State
from ..language import types as T
from ..language.diagnostics import Diagnostic, RulesError
from ..engine.chance import ChanceState, NeedChance, chance_state, run_step, settle_chance, start
from .outcome import Payoffs, payoffs

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
    """An upper bound on the tokens of one move, counting a list as at most a deck of elements:
    a move without parameters is its name's token, one with parameters its values' tokens (the
    first of them one id with the name, the move's head)."""
    enc = encoding(game)
    deck = game.deck_size

    def bound(t: T.Type) -> int:
        if t.kind == "list":
            return deck * bound(t.of) + 1
        return {T.GROUP: deck + 1, T.ITEM: deck + 2, T.NUMBER: 24}.get(t, 1)
    return max([sum(bound(t) for t in types) or 1 for types in enc.param_types.values()] or [1])


def max_game_length(game: Game) -> int:
    """The most decisions of one game: its moves times the most action ids of one move. The
    moves are what the rules declare (`length at most N moves`, checked as the game is played),
    else the engine's step limit, a bound of the engine rather than of the game, and loose."""
    declared = game.model.length if game.model is not None else None
    moves = declared.moves if declared is not None else game.max_steps + 1
    return moves * _max_tokens(game)


def _deals(value) -> int:
    if isinstance(value, bool) or not isinstance(value, Integral) or not 0 <= int(value) <= MAX_DEALS:
        raise RulesError([Diagnostic(f"deals={str(value)[:40]}: the deals are a whole number from 0 to {MAX_DEALS:,}",
                                     None, "0, the default, is the game's own chance; N plays N seeded deals")])
    return int(value)


class CardrulesGame(pyspiel.Game):
    def __init__(self, params=None):
        params = {**GAME_TYPE.parameter_specification, **(params or {})}
        deals = _deals(params["deals"])
        rules = load_game(str(params["rules"]), rules_values(params))
        self.context = _Context(rules, deals, payoffs(rules, str(params["returns"])))
        # As OpenSpiel keeps them: its own types (numpy's integers are not among them).
        params = {"rules": str(params["rules"]), "players": int(params["players"]), "params": str(params["params"]),
                  "deals": deals, "returns": str(params["returns"])}
        kind = self.context.payoffs
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding(rules).size,
            max_chance_outcomes=deals or max_chance_outcomes(rules),
            num_players=rules.player_count,
            min_utility=kind.low,
            max_utility=kind.high,
            utility_sum=kind.total,
            max_game_length=max_game_length(rules))
        super().__init__(_game_type(UTILITY[kind.kind], rules.player_count, rules.player_count), info, params)

    @property
    def rules(self) -> Game:
        return self.context.rules

    @property
    def deals(self) -> int:
        return self.context.deals

    def new_initial_state(self):
        return CardrulesState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        return CardrulesObserver(self, perfect_recall)


UTILITY = {"zero_sum": pyspiel.GameType.Utility.ZERO_SUM, "constant_sum": pyspiel.GameType.Utility.CONSTANT_SUM,
           "general_sum": pyspiel.GameType.Utility.GENERAL_SUM}
# Positions kept per game for the children already played (see _Node): the whole tree of Leduc
# poker (9,457), a few thousand positions of a long game.
KEPT_CHILDREN = 20_000


def max_chance_outcomes(game: Game) -> int:
    """Outcomes of one draw in explicit chance: a card is its id, a lot an index (at most the
    deck or the seats, the collections `random` is given in practice)."""
    return max(game.deck_size, game.player_count, 2)


class _Context:
    """What every state of one game shares. Copied as itself."""

    def __init__(self, rules: Game, deals: int, returns: Payoffs):
        self.rules = rules
        self.deals = deals
        self.payoffs = returns
        self.length = rules.model.length if rules.model is not None else None
        self.kept = 0  # children kept by the nodes of this game
        self.root: _Node | None = None

    def __deepcopy__(self, memo) -> _Context:
        return self


class _Pending:
    """A step waiting for chance: the action that started it (None: setup; BETWEEN: draws
    between steps, made in place), the outcomes chosen so far, and the draw waiting."""

    __slots__ = ("action", "outcomes", "need")

    def __init__(self, action, outcomes: list[int], need: NeedChance):
        self.action = action
        self.outcomes = outcomes
        self.need = need


BETWEEN = "between"


class _Node:
    """One position of the OpenSpiel game, never changed once made, so that states share it:
    cloning a state copies a reference, and a child once played is kept (up to KEPT_CHILDREN per
    game), which makes a second walk of a tree (CFR's next iteration) cost look-ups only.

    `state` is the engine's position (before the step, while `pending` waits for chance);
    `seen` the move as each seat saw it when this node completed one, `taken` the (seat, action)
    that led here; the records of the game are the chain of `parent`s."""

    __slots__ = ("context", "state", "pending", "dealt", "parent", "seen", "taken", "legal", "children",
                 "strings", "result", "memo", "moves")

    def __init__(self, context: _Context, state, parent=None, pending=None, seen=None, taken=None):
        self.context = context
        self.state = state
        self.pending = pending
        self.dealt = state is not None and (parent is None or parent.dealt or pending is None)
        self.parent = parent
        self.seen = seen
        self.taken = taken
        self.legal = None
        self.children: dict[int, _Node] = {}
        self.strings: dict[int, str] = {}
        self.result = None
        self.memo: dict | None = None  # values of the path here (see _recalled)
        self.moves = (0 if parent is None else parent.moves) + (seen is not None)  # moves made on the way here
        declared = context.length
        if declared is not None and self.moves > declared.moves:
            raise RulesRuntimeError(f"the game goes on past the {declared.moves} moves that its rules declare",
                                    declared.span, "raise the bound of `length`, or check why the game is longer")

    def __deepcopy__(self, memo) -> _Node:
        return self

    @property
    def player(self) -> int:
        if self.state is None or self.pending is not None:
            return pyspiel.PlayerId.CHANCE
        if self.state.over:
            return pyspiel.PlayerId.TERMINAL
        return self.state.player

    def history(self, seat: int) -> str:
        """Every move as `seat` saw it, one per line, oldest first."""
        def saw(node: _Node, text: str | None) -> str | None:
            if node.seen is None:
                return text
            return node.seen[seat] if text is None else text + "\n" + node.seen[seat]
        return self._recalled(("history", seat), saw, None) or ""

    def taken_by(self, seat: int) -> dict[int, int]:
        """How often `seat` took each action on the way here (read it, never change it)."""
        def took(node: _Node, counts: dict[int, int]) -> dict[int, int]:
            taken = node.taken
            if taken is None or taken[0] != seat:
                return counts
            counts = dict(counts)
            counts[taken[1]] = counts.get(taken[1], 0) + 1
            return counts
        return self._recalled(("taken", seat), took, {})

    def _recalled(self, key, extend, empty):
        """A value of the path from the root to this node, each node's from its parent's by
        `extend`: computed from the nearest node that has it (kept on the nodes a player's
        action led to), so that a line of play costs each node once, not once per call."""
        path = []
        node: _Node | None = self
        value = empty
        while node is not None:
            memo = node.memo
            if memo is not None and key in memo:
                value = memo[key]
                break
            path.append(node)
            node = node.parent
        for node in reversed(path):
            value = extend(node, value)
            if node.taken is not None or node is self:
                if node.memo is None:
                    node.memo = {}
                node.memo[key] = value
        return value

    def child(self, action: int) -> _Node:
        node = self.children.get(action)
        if node is None:
            node = self._play(action)
            context = self.context
            if context.kept < KEPT_CHILDREN:
                context.kept += 1
                self.children[action] = node
        return node

    def _play(self, action: int) -> _Node:
        context = self.context
        if self.state is None:
            if not 0 <= action < context.deals:
                raise IllegalMove(f"deal {action}", f"chance chooses one of the deals 0 to {context.deals - 1}")
            return _Node(context, context.rules.new_state(action), self)
        pending = self.pending
        if pending is not None:
            if action not in pending.need.outcomes:
                raise IllegalMove(chance_text(self, action), "not an outcome of this draw; outcomes: "
                                  + ", ".join(map(str, pending.need.outcomes[:20])))
            if pending.action == BETWEEN:
                st = self.state.clone()
                return _between(_Node(context, st, self), [action])
            return _step(self, self.state, pending.action, pending.outcomes + [action], None)
        seat = self.state.player
        if action not in self.legal_actions():
            self.state.clone().apply_action(action)  # refused with the reason
        if context.deals:
            st = self.state.clone()
            move = st.apply_action(action)
            return _Node(context, st, self, seen=_seen(self.state, move, st), taken=(seat, action))
        return _step(self, self.state, action, [], (seat, action))

    def legal_actions(self) -> list[int]:
        if self.legal is None:
            self.legal = self.state.legal_actions()
        return self.legal


def _seen(before, move, after) -> tuple[str, ...] | None:
    if move is None:
        return None
    return tuple(observed_move(before, move, after, viewer) for viewer in range(before.game.player_count))


def _step(parent: _Node, before, action, outcomes: list[int], taken) -> _Node:
    """The node after the step `action` starts (None: setup), with `outcomes` for its draws."""
    play = start if action is None else (lambda st: st.apply_action(action))
    try:
        after, move = run_step(before, play, outcomes)
    except NeedChance as need:
        return _Node(parent.context, before, parent, _Pending(action, outcomes, need), taken=taken)
    return _between(_Node(parent.context, after, parent, seen=_seen(before, move, after), taken=taken), [])


def _between(node: _Node, outcomes: list[int]) -> _Node:
    """`node` (new, its state its own) once the draws between steps are made, or waiting for one."""
    try:
        settle_chance(node.state, outcomes)
    except NeedChance as need:
        node.pending = _Pending(BETWEEN, [], need)
    return node


def _root(context: _Context) -> _Node:
    if context.root is None:
        if context.deals:
            context.root = _Node(context, None)
        else:
            blank = _Node(context, None)
            context.root = _step(blank, chance_state(context.rules), None, [], None)
            context.root.parent = None
    return context.root


# Samples tried before resample_from_infostate gives up, and the moves of random play each must
# survive (a sample that breaks what play implies fails within a round of the table or two).
RESAMPLE_TRIES = 200
PROBE_ROUNDS = 4
WALK = 25  # samples a walk towards agreeing with the records may try


def _knowledge(node: _Node, seat: int) -> Knowledge:
    """What `seat` has learnt from the play that led to `node` (play.search.Knowledge, the
    inference of cardrules's own ismcts): every move of the others, heard with the position
    before it as the seat saw it. Kept on the node, for the searches that resample it again."""
    key = ("knowledge", seat)
    memo = node.memo
    if memo is not None and key in memo:
        return memo[key]
    chain = []
    at: _Node | None = node
    while at is not None:
        chain.append(at)
        at = at.parent
    knowledge = Knowledge(seat)
    start = None  # the position where the move being chosen began
    tokens: list[int] = []
    for at in reversed(chain):
        st = at.state
        if st is None:
            continue
        if at.taken is not None:
            tokens.append(at.taken[1])
        if at.seen is not None and start is not None and tokens:
            before = State.clone(start)  # a plain State: the records are replayed in seeded play
            chosen = State.clone(start)
            for token in tokens[:-1]:
                chosen.apply_action(token)
            _, move = resolve_action(chosen, tokens[-1])
            if move is not None:
                knowledge.observe(before, move)
            tokens = []
        if at.pending is None and not st.over and not st.pending:
            start = st
    if node.state is not None:
        knowledge.update(State.clone(node.state))
    if node.memo is None:
        node.memo = {}
    node.memo[key] = knowledge
    return knowledge


def _playable_sample(node: _Node, seat: int, rng: random.Random):
    """The first sample of what `seat` cannot see that agrees with what play showed it and
    that the rules can play on; RulesRuntimeError when none is. A sample is dealt as cardrules's
    ismcts deals one (play.search.Knowledge: a card seen going into a hidden zone stays there)
    and must make every move the others made legal in the past it implies (a Cassino builder
    held a card of the build's value) and meet the rules' `always` lines (no Go Fish hand holds a
    book); then every seat whose cards it dealt afresh must have a legal move were it its turn,
    and a short random playout must not fail (play.agents.goes_on)."""
    rules = node.context.rules
    knowledge = _knowledge(node, seat)
    # A seat that holds no card `seat` cannot see has the same moves in every sample: whether
    # it could move now (an empty hand cannot) is no test of a sample, and asking it refused
    # every sample of a Cassino table where one seat had played its last card.
    redealt = _holders(node.state, seat)
    # Half the tries go to samples that agree with every recorded move, each found by a walk of
    # up to WALK samples (Knowledge.agreeing_sample), and that leave every seat dealt afresh able
    # to move; the other half to fresh samples that need only let play go on.
    tested = knowledge.records or rules.always
    strict_tries = RESAMPLE_TRIES // 2 // WALK if tested else RESAMPLE_TRIES // 2
    for tries in range(strict_tries + RESAMPLE_TRIES // 2):
        strict = tries < strict_tries
        sample = knowledge.agreeing_sample(node.state, rng, WALK) if strict else knowledge.sample(node.state, rng)
        # Whatever else a fresh sample may skip, it keeps to what the rules say always holds.
        if sample is not None and (strict or sample.unmet_always() is None) \
                and goes_on(sample, rng, PROBE_ROUNDS * rules.player_count, redealt if strict else ()):
            if isinstance(sample, ChanceState):
                sample.resolve_everything()  # the hidden cards were just dealt at random
            return sample
    raise RulesRuntimeError(f"resample_from_infostate: none of {RESAMPLE_TRIES} samples of the cards seat {seat} "
                            "cannot see lets the rules play on", None,
                            "the position is one that past play pins down more than a fresh deal can find")


def _holders(st: State, seat: int) -> list[int]:
    """The seats that own a zone slot holding a card `seat` cannot see (a hand, a team's pile)."""
    game = st.game
    seats: set[int] = set()
    for _, _, slot in hidden_places(st, seat):
        zone, owner = game.slot_zone[slot], game.slot_owner[slot]
        if owner is not None:
            seats.update((owner,) if zone.owner == "player" else game.members[owner])
    return sorted(seats)


def chance_text(node: _Node, action: int) -> str:
    if node.state is None:
        return f"deal {action}"
    rules = node.context.rules
    if node.pending is not None and node.pending.need.what == "card" and 0 <= action < rules.deck_size:
        return f"draw {rules.deck.names[action]}"
    return f"lot {action}"


class CardrulesState(pyspiel.State):
    """OpenSpiel's state: a reference to a shared, unchanging :class:`_Node` (``state.state`` is
    the engine's position: read it, never play it)."""

    def __init__(self, game: CardrulesGame):
        super().__init__(game)
        self.node = _root(game.context)

    @property
    def state(self):
        return self.node.state

    @property
    def rules(self) -> Game:
        return self.node.context.rules

    @property
    def dealt(self) -> bool:
        return self.node.dealt

    def current_player(self):
        return self.node.player

    def _legal_actions(self, player):
        node = self.node
        if player != node.player:
            return []
        return node.legal_actions()

    def chance_outcomes(self):
        node = self.node
        if node.state is None:
            deals = node.context.deals
            p = 1.0 / deals
            return [(seed, p) for seed in range(deals)]
        need = node.pending.need
        return list(zip(need.outcomes, need.probabilities))

    def _apply_action(self, action):
        self.node = self.node.child(int(action))

    def _action_to_string(self, player, action):
        node = self.node
        if player == pyspiel.PlayerId.CHANCE:
            return chance_text(node, action)
        if node.state is None or node.state.over or node.pending is not None:
            return node.context.rules.action_to_string(action)
        return node.state.action_to_string(action)

    def is_terminal(self):
        return self.node.player == pyspiel.PlayerId.TERMINAL

    def returns(self):
        node = self.node
        if node.player != pyspiel.PlayerId.TERMINAL:
            return [0.0] * node.context.rules.player_count
        if node.result is None:
            node.result = node.context.payoffs.returns(node.state)
        return node.result

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state `player_id` cannot tell from this one: the cards it cannot see dealt afresh
        (and, with ``deals``, chance reseeded). The seats' histories are kept as they were."""
        node = self.node
        rules = node.context.rules
        if isinstance(player_id, bool) or not isinstance(player_id, Integral) \
                or not 0 <= player_id < rules.player_count:
            raise RulesError([Diagnostic(f"resample_from_infostate: there is no player {str(player_id)[:40]}; "
                                         f"the players are 0 to {rules.player_count - 1}")])
        draw = probability_sampler()
        if isinstance(draw, bool) or not isinstance(draw, (int, float)) or not 0 <= draw <= 1:
            raise RulesError([Diagnostic(f"resample_from_infostate: the sampler gave {str(draw)[:40]}, "
                                         "not a probability from 0 to 1")])
        other = self.clone()
        if node.dealt and node.pending is None:
            other.node = _Node(node.context, _playable_sample(node, int(player_id), random.Random(int(draw * 2 ** 53))),
                               node.parent, seen=node.seen, taken=node.taken)
        return other

    def __str__(self):
        node = self.node
        st = node.state
        if st is None:
            return "chance: the seed of the deal"
        # Every field of the position (as position notation keeps it), written cheaply; and
        # a step waiting for chance, with the outcomes it has.
        pending = node.pending
        waiting = "" if pending is None else f" waiting={pending.action}:{pending.outcomes}"
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
        node = state.node
        if not node.dealt:
            self.dict["seat"][player] = 1
            return
        lay_size = layout(self.rules).size
        self.tensor[:lay_size] = observation_tensor(node.state, player)
        if self.perfect_recall:
            taken = self.dict["taken"]
            for action, count in node.taken_by(player).items():
                taken[action] = count

    def string_from(self, state: CardrulesState, player: int) -> str:
        node = state.node
        key = player if self.perfect_recall else -1 - player
        text = node.strings.get(key)
        if text is None:
            if not node.dealt:
                text = f"seat p{player} | before the deal"
            elif self.perfect_recall:
                text = information_state_string(node.state, player, node.history(player))
            else:
                text = observation_string(node.state, player)
            node.strings[key] = text
        return text


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


def seeded_resampler(seed: int):
    """A resampler for OpenSpiel's ISMCTSBot (`set_resampler`) that draws from a sampler of
    `seed`. The bot's own resamples with an unseeded pyspiel.UniformProbabilitySampler, a new
    stream in every process: the same seed searched other worlds and played other games."""
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    return lambda state, player: state.resample_from_infostate(player, sampler)


class ISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's information-set MCTS (``open_spiel.python.algorithms.ismcts.ISMCTSBot``)
    made whole for ``evaluate_bots``, which tells every bot that a game starts
    (``restart_at``) and of every action (``inform_action``): OpenSpiel's bot defines neither,
    and pyspiel's base class raises "RestartAt(state) not implemented". The bot builds a fresh
    tree at every decision from ``resample_from_infostate`` and keeps nothing between
    decisions, so both are nothing to it. (pyspiel's C++ ``ISMCTSBot`` crashes on games
    written in Python, OpenSpiel's own ``python_kuhn_poker`` as well.)

    Made as ``ISMCTSBot(game, simulations=..., seed=...)``: `simulations` per decision, rollouts
    by OpenSpiel's RandomRolloutEvaluator, to the end of the game or, with `rollout_length`, for
    at most that many steps (a rollout cut short is worth 0 to every seat); keyword arguments go
    to OpenSpiel's bot. The seed decides everything the bot draws, the worlds it samples too:
    a game of these bots replays move for move."""

    def __init__(self, game, simulations: int = 100, seed: int = 0, rollouts: int = 1, uct_c: float = 2.0,
                 rollout_length: int | None = None, **options):
        rng = np.random.RandomState(seed)
        self.evaluator = mcts.RandomRolloutEvaluator(rollouts, rng, rollout_length)
        super().__init__(game, self.evaluator, uct_c, simulations, random_state=rng, **options)
        self.set_resampler(seeded_resampler(seed))

    def restart_at(self, state):
        pass

    def inform_action(self, state, player_id, action):
        pass


class OpenSpielISMCTSAgent:
    """OpenSpiel's ISMCTSBot as a cardrules agent: ``--agents
    cardrules.adapters.openspiel:OpenSpielISMCTSAgent``. Its budget is ``SECONDS`` of CPU time
    per decision (subclass it for another): OpenSpiel's bot counts simulations, so each search
    is given as many as fit in SECONDS at the rate of the searches before it. It searches the
    position through this adapter in seeded mode (``deals=1``), where its samples of hidden
    cards are resample_from_infostate's and its information sets are observation strings (it is
    told the position, not the history). A move of several action ids is one search per id
    where there is a choice."""

    SECONDS = 0.1
    FIRST_SIMULATIONS = 8  # until a search has been timed

    def __init__(self, seed: int | str = 0):
        self.rng = np.random.RandomState(seed if isinstance(seed, int) else random.Random(seed).getrandbits(31))
        self.games: dict[int, CardrulesGame] = {}
        self.rate: float | None = None  # simulations per CPU second, measured

    def _game(self, rules: Game) -> CardrulesGame:
        game = self.games.get(id(rules))
        if game is None:
            game = self.games[id(rules)] = _game_of(rules)
        return game

    def _search(self, game: CardrulesGame, state: CardrulesState) -> int:
        # At least 2: OpenSpiel's first simulation only makes the root, and a root unvisited fails its assertion.
        simulations = self.FIRST_SIMULATIONS if self.rate is None else max(2, int(self.rate * self.SECONDS))
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, self.rng), 2.0, simulations,
                               random_state=self.rng, use_observation_string=True)
        bot.set_resampler(seeded_resampler(int(self.rng.randint(2 ** 31))))
        started = time.process_time()
        action = bot.step(state)
        spent = time.process_time() - started
        if spent > 0:
            self.rate = simulations / spent
        return action

    def choose(self, state):
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        game = self._game(state.game)
        chosen = state.clone()
        while True:
            position = CardrulesState(game)
            position.node = _Node(game.context, chosen)
            legal = chosen.legal_actions()
            action = legal[0] if len(legal) == 1 else self._search(game, position)
            move = chosen.apply_action(int(action))
            if move is not None:
                return next(m for m in moves if m.text == move.text)


class CardrulesSearchBot(pyspiel.Bot):
    """A cardrules agent (``ismcts`` by default, any spec of ``--agents``) as a pyspiel bot
    for this adapter's games: it chooses a move on the engine's position and gives its action
    ids one by one, and it hears every completed move (``inform_action``), from which
    ``ismcts`` and ``pimc`` infer what the others hold."""

    def __init__(self, game: CardrulesGame, spec: str = "ismcts", seed: int | str = 0):
        from ..play.specs import make_agent
        pyspiel.Bot.__init__(self)
        self.agent = make_agent(spec, game.rules, seed)
        self.tokens: list[int] = []

    def restart_at(self, state):
        self.tokens = []

    def step(self, state):
        node = state.node
        engine = engine_position(node.state)
        if not node.state.pending or not self.tokens:
            move = self.agent.choose(engine)
            self.tokens = list(encoding(node.context.rules).encode(engine, move))
        return self.tokens[len(node.state.pending)]

    def inform_action(self, state, player_id, action):
        node = state.node
        observe = getattr(self.agent, "observe", None)
        if observe is None or player_id < 0 or node.pending is not None or node.state is None:
            return
        _, move = resolve_action(node.state, action)
        if move is not None:
            observe(engine_position(node.state), move)


def engine_position(st):
    """A seeded copy of an adapter's position, for an agent to search (a position of explicit
    chance stops its playouts at every draw; this one draws from its seed)."""
    return State.clone(st)


def _game_of(rules: Game) -> CardrulesGame:
    """An OpenSpiel game for a compiled Game, in seeded mode."""
    params = " ".join(f"{k}={_param_text(v)}" for k, v in rules.params.items() if k != "players")
    return CardrulesGame({"rules": rules.path, "players": rules.player_count, "params": params, "deals": 1})


def _param_text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(map(_param_text, value))
    return str(value)


pyspiel.register_game(GAME_TYPE, CardrulesGame)
