"""Issue 31: what a caller hands the adapters (OpenSpiel's parameters, chance actions and
players; PettingZoo's actions and seeds) is used when it means something and refused with a
reason otherwise, never a Python error from deep inside or a value quietly truncated."""

from __future__ import annotations

import pytest

REASON = 'the adapters need the `rl` extra: pip install ".[test,rl]"'
pyspiel = pytest.importorskip("pyspiel", reason=REASON)
np = pytest.importorskip("numpy", reason=REASON)
pytest.importorskip("pettingzoo", reason=REASON)
pytest.importorskip("gymnasium", reason=REASON)

from cardrules import IllegalMove, RulesError  # noqa: E402
from cardrules.adapters import openspiel as openspiel_adapter  # noqa: E402
from cardrules.adapters.pettingzoo import raw_env  # noqa: E402


# --- OpenSpiel ----------------------------------------------------------------------------------

@pytest.mark.parametrize("deals", [-1, -(10 ** 12), openspiel_adapter.MAX_DEALS + 1, 10 ** 12, 2.5, True])
def test_a_number_of_deals_outside_0_to_the_most_is_refused(deals):
    with pytest.raises(RulesError, match=f"the deals are a whole number from 0 to {openspiel_adapter.MAX_DEALS:,}"):
        openspiel_adapter.CardrulesGame({"rules": "kuhn-poker", "deals": deals})


def test_a_refused_number_of_deals_reaches_the_caller_of_load_game():
    with pytest.raises(RulesError, match="deals=-1"):
        pyspiel.load_game("cardrules", {"rules": "kuhn-poker", "deals": -1})


@pytest.mark.parametrize("returns", ["scores", "", "win-loss"])
def test_returns_other_than_score_win_loss_or_default_are_refused(returns):
    with pytest.raises(RulesError, match="the returns are one of default, score, win_loss"):
        pyspiel.load_game("cardrules", {"rules": "kuhn-poker", "returns": returns})


def test_a_chance_outcome_that_the_draw_does_not_have_is_refused():
    state = pyspiel.load_game("cardrules", {"rules": "leduc-poker"}).new_initial_state()
    state.apply_action(0)  # the first card dealt
    assert 0 not in [a for a, _ in state.chance_outcomes()]
    with pytest.raises(IllegalMove, match="not an outcome of this draw"):
        state.apply_action(0)


@pytest.mark.parametrize("players", ["x", 2.5, None, True])
def test_players_that_are_not_a_whole_number_are_refused(players):
    with pytest.raises(RulesError, match="the players are a whole number"):
        openspiel_adapter.CardrulesGame({"rules": "kuhn-poker", "players": players})


def test_numpy_s_integers_are_whole_numbers_for_the_game_and_for_openspiel():
    game = openspiel_adapter.CardrulesGame({"rules": "sete-e-meio", "players": np.int64(3), "deals": np.int64(7)})
    assert game.num_players() == 3 and game.get_parameters()["deals"] == 7


def test_the_most_deals_are_listed_as_chance_outcomes():
    game = openspiel_adapter.CardrulesGame({"rules": "kuhn-poker", "deals": openspiel_adapter.MAX_DEALS})
    outcomes = game.new_initial_state().chance_outcomes()
    assert len(outcomes) == openspiel_adapter.MAX_DEALS and outcomes[-1][0] == openspiel_adapter.MAX_DEALS - 1


@pytest.mark.parametrize("action", [10, -5, 10 ** 9])
def test_a_chance_action_outside_the_deals_is_an_illegal_move_not_a_seed(action):
    state = pyspiel.load_game("cardrules", {"rules": "kuhn-poker", "deals": 10}).new_initial_state()
    with pytest.raises(IllegalMove, match="chance chooses one of the deals 0 to 9"):
        state.apply_action(action)
    assert state.is_chance_node()
    state.apply_action(9)
    assert not state.is_chance_node()


@pytest.mark.parametrize("player", [2, -1, 10 ** 6, np.int64(5)])
def test_resampling_for_a_player_who_is_not_there_is_refused(player):
    state = pyspiel.load_game("cardrules", {"rules": "kuhn-poker", "deals": 10}).new_initial_state()
    state.apply_action(3)
    with pytest.raises(RulesError, match="there is no player .*; the players are 0 to 1"):
        state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0., 1.))
    assert state.resample_from_infostate(np.int64(1), lambda: 0.25).information_state_string(1) == \
        state.information_state_string(1)


@pytest.mark.parametrize("draw", [float("nan"), -0.5, 2.0, "x", None])
def test_a_sampler_that_gives_no_probability_is_refused(draw):
    state = pyspiel.load_game("cardrules", {"rules": "kuhn-poker", "deals": 10}).new_initial_state()
    state.apply_action(3)
    with pytest.raises(RulesError, match="not a probability from 0 to 1"):
        state.resample_from_infostate(0, lambda: draw)


# --- PettingZoo ---------------------------------------------------------------------------------

@pytest.mark.parametrize("action", [2.5, 1.0, np.float32(1), None, "x", "1", True, [0], b"\x00"])
def test_an_action_that_is_not_a_whole_number_is_refused_and_changes_nothing(action):
    e = raw_env("kuhn-poker")
    e.reset(seed=1)
    before = e.state.clone()
    with pytest.raises(IllegalMove, match="an action is a whole number, the id of a legal action"):
        e.step(action)
    assert e.state == before


@pytest.mark.parametrize("action", [-1, 10 ** 6, 10 ** 30])
def test_a_whole_number_that_is_no_legal_id_is_refused(action):
    e = raw_env("kuhn-poker")
    e.reset(seed=1)
    with pytest.raises(IllegalMove, match="not a legal action here"):
        e.step(action)


def test_an_action_id_of_numpy_is_an_action():
    e = raw_env("kuhn-poker")
    e.reset(seed=1)
    legal = e.state.legal_actions()
    e.step(np.int64(legal[0]))
    assert e.state.steps == 1


@pytest.mark.parametrize("seed", ["x", 2.5, True, [1], b"1"])
def test_a_seed_that_is_not_a_whole_number_is_refused(seed):
    e = raw_env("kuhn-poker")
    with pytest.raises(RulesError, match="a seed is a whole number, or None"):
        e.reset(seed=seed)


def test_a_seed_of_numpy_or_a_large_one_deals_as_the_same_whole_number():
    a, b = raw_env("kuhn-poker"), raw_env("kuhn-poker")
    a.reset(seed=np.int64(3))
    b.reset(seed=3)
    assert a.state == b.state
    a.reset(seed=-(10 ** 30))
    b.reset(seed=-(10 ** 30))
    assert a.state == b.state
