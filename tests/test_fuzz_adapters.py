"""The fuzzer for the adapters (issue 31): OpenSpiel's and PettingZoo's parameters, actions,
seeds, players and samplers, drawn from what they accept and from what they should refuse. The
oracle: each call works or raises RulesError or IllegalMove (OpenSpiel's own SpielError where
OpenSpiel checks first), never another exception; a game that loads plays, and what one seat
observes of it does not depend on a call that was refused. Each input plays a bounded number of
steps. See docs/fuzzing.md.

CARDRULES_FUZZ_EXAMPLES sets the number of inputs of each kind (default: a short run for CI)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

REASON = 'the adapters need the `rl` extra: pip install ".[test,rl]"'
pyspiel = pytest.importorskip("pyspiel", reason=REASON)
np = pytest.importorskip("numpy", reason=REASON)
pytest.importorskip("pettingzoo", reason=REASON)
pytest.importorskip("gymnasium", reason=REASON)

from cardrules import IllegalMove, RulesError  # noqa: E402
from cardrules.adapters import openspiel as openspiel_adapter  # noqa: E402
from cardrules.adapters.pettingzoo import raw_env  # noqa: E402

EXAMPLES = int(os.environ.get("CARDRULES_FUZZ_EXAMPLES", "120"))
SETTINGS = settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow])
STEPS = 30  # actions one input plays

GAMES = ["kuhn-poker", "leduc-poker", "sete-e-meio", "piquet-short-partie", "cassino", "blackjack", "war"]
RULES = st.sampled_from(GAMES + ["no-such-game", "", "../games/kuhn_poker.rules", "/etc/passwd", "games"])
WHOLE = st.one_of(st.integers(-3, 12), st.sampled_from([2 ** 31 - 1, -(2 ** 31), 10 ** 12, -(10 ** 40)]))
ODD = st.sampled_from([None, 2.5, 1.0, float("nan"), "x", "1", True, False, [0], b"\x00", np.int64(1),
                       np.float32(1), np.uint8(200)])
PARAMS = st.lists(st.sampled_from(["max_bet=20", "rounds=1", "rounds=0", "rounds=99999", "min_bet=x",
                                   "target=31", "bankroll=-5", "nonsense=1", "=", "rounds", "max_bet=1/0",
                                   "rounds=" + "9" * 200, "partnerships=true"]), max_size=3).map(" ".join)
REFUSED = (RulesError, IllegalMove, pyspiel.SpielError)


def action_for(draw, legal: list[int]) -> object:
    """Mostly a legal action; sometimes a whole number anywhere, or something else."""
    kind = draw(st.sampled_from(["legal"] * 6 + ["whole", "odd"]))
    if kind == "legal" and legal:
        return draw(st.sampled_from(legal))
    return draw(WHOLE) if kind != "odd" else draw(ODD)


# --- OpenSpiel ----------------------------------------------------------------------------------

@SETTINGS
@given(data=st.data(), rules=RULES, players=st.one_of(st.just(0), st.just(0), WHOLE),
       params=st.one_of(st.just(""), PARAMS), deals=st.one_of(st.integers(1, 1000), st.integers(1, 100), WHOLE, ODD),
       through_pyspiel=st.booleans())
def test_openspiel_parameters_and_actions_never_crash(data, rules, players, params, deals, through_pyspiel):
    spec = {"rules": rules, "players": players, "params": params, "deals": deals}
    # OpenSpiel's own parameters are numbers, strings and truth values: anything else is for the class itself.
    through_pyspiel &= isinstance(deals, (int, float, str)) and not isinstance(deals, np.generic)
    try:
        if through_pyspiel:
            game = pyspiel.load_game("cardrules", spec)
        else:
            game = openspiel_adapter.CardrulesGame(spec)
    except REFUSED:
        event("refused")
        return
    except RuntimeError as exc:  # pybind11 cannot pass a Python int beyond C++'s int to OpenSpiel
        assert through_pyspiel and "Unable to cast" in str(exc), exc
        event("refused by pybind11")
        return
    event("loaded")
    state = game.new_initial_state()
    players = game.num_players()
    for _ in range(STEPS):
        if state.is_terminal():
            event("played to the end")
            returns = state.returns()  # the rules' scores: a one-seat game's need not sum to zero
            assert all(game.min_utility() - 1e-9 <= r <= game.max_utility() + 1e-9 for r in returns), returns
            if game.get_type().utility in (pyspiel.GameType.Utility.ZERO_SUM, pyspiel.GameType.Utility.CONSTANT_SUM):
                assert abs(sum(returns) - game.utility_sum()) < 1e-9, returns
            return
        legal = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        action = action_for(data.draw, legal)
        seat = data.draw(st.one_of(st.integers(-1, players), ODD))
        before = str(state)
        try:
            state.apply_action(action)
        except (*REFUSED, TypeError) as exc:
            assert not isinstance(exc, TypeError) or by_pybind11(exc), exc
            assert str(state) == before
        for call in (lambda: state.information_state_string(seat), lambda: state.observation_tensor(seat),
                     lambda: state.resample_from_infostate(seat, data.draw(st.sampled_from(SAMPLERS))),
                     lambda: state.action_to_string(seat, action), lambda: state.clone().returns()):
            try:
                call()
            except (*REFUSED, TypeError) as exc:
                assert not isinstance(exc, TypeError) or by_pybind11(exc), exc


def by_pybind11(exc: TypeError) -> bool:
    """OpenSpiel's C++ methods refuse an argument of the wrong type (None, 2.5, an int beyond 64
    bits) before any of the adapter's code runs."""
    return "incompatible function arguments" in str(exc)


SAMPLERS = [lambda: 0.0, lambda: 0.999, lambda: 1.0, lambda: -1.0, lambda: 2.0, lambda: float("nan"),
            lambda: None, lambda: "x", pyspiel.UniformProbabilitySampler(0.0, 1.0)]


# --- PettingZoo ---------------------------------------------------------------------------------

@SETTINGS
@given(data=st.data(), rules=RULES, players=st.one_of(st.none(), WHOLE),
       seed=st.one_of(st.none(), st.integers(), ODD))
def test_pettingzoo_parameters_actions_and_seeds_never_crash(data, rules, players, seed):
    if players is not None and data.draw(st.booleans()):
        players = None
    try:
        env = raw_env(rules, **({} if players is None else {"players": players}))
        env._deal_rng.seed(0)  # what reset(seed=None) deals from: the same for every run of an input
        env.reset(seed=seed)
    except REFUSED:
        event("refused")
        return
    event("reset")
    for _ in range(STEPS):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            event("played to the end")
            return
        mask = env.observe(agent)["action_mask"]
        action = action_for(data.draw, [int(a) for a in mask.nonzero()[0]])
        before = env.state.clone()
        try:
            env.step(action)
        except REFUSED:
            assert env.state == before
        other = data.draw(st.sampled_from(env.possible_agents))
        observed = env.observe(other)
        assert observed["observation"].shape == env.observation_space(other)["observation"].shape
