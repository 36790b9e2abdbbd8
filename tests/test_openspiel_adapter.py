"""The OpenSpiel game: OpenSpiel's own consistency check on every bundled game and variant,
and OpenSpiel's bots playing whole games through its utilities."""

from __future__ import annotations

from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")
openspiel_adapter = pytest.importorskip("cardrules.adapters.openspiel")

from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402

from cardrules.engine.loader import load_game  # noqa: E402
from cardrules.engine.observation_tensor import layout  # noqa: E402

GAMES = sorted(str(p) for p in (Path(__file__).resolve().parent.parent / "games").glob("*.rules"))


@pytest.mark.parametrize("path", GAMES, ids=lambda p: Path(p).stem)
def test_random_sim_test_passes_with_explicit_chance(path):
    game = pyspiel.load_game("cardrules", {"rules": path})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_a_game_loads_by_bundled_name_with_its_parameters():
    game = pyspiel.load_game("cardrules", {"rules": "sete-e-meio", "players": 3, "params": "max_bet=20"})
    rules = load_game("sete-e-meio", {"players": 3, "max_bet": 20})
    assert game.num_players() == 3
    assert game.num_distinct_actions() == rules.num_distinct_actions()
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.information_state_tensor_shape() == [layout(rules).size + rules.num_distinct_actions()]
    assert game.observation_tensor_shape() == [layout(rules).size]


def test_the_deal_is_one_chance_node_and_the_seed_is_the_engine_s():
    game = pyspiel.load_game("cardrules", {"rules": "cassino", "deals": 50})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 50
    state.apply_action(7)
    assert not state.is_chance_node()
    assert state.state == load_game("cassino").new_state(7)


def test_seats_see_their_own_cards_and_not_the_others():
    game = pyspiel.load_game("cardrules", {"rules": "cassino", "deals": 10})
    state = game.new_initial_state()
    state.apply_action(1)
    mine = state.observation_string(0).splitlines()
    assert any(line.startswith("hand[1]: ? ? ? ?") for line in mine)
    assert state.information_state_string(0).startswith(state.observation_string(0))


def test_returns_are_win_loss_and_sum_to_zero():
    game = pyspiel.load_game("cardrules", {"rules": "piquet-short-partie", "deals": 100})
    rng = np.random.RandomState(0)
    state = game.new_initial_state()
    while not state.is_terminal():
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(int(rng.choice(actions)))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_mcts_and_a_random_bot_play_whole_games():
    game = pyspiel.load_game("cardrules", {"rules": "piquet-short-partie", "deals": 100})
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searcher = mcts.MCTSBot(game, uct_c=2, max_simulations=4, evaluator=evaluator, random_state=rng)
    bots = [openspiel_adapter.DeterminizedBot(searcher, seed=2), pyspiel.make_uniform_random_bot(1, 3)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert sum(returns) == 0 and sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_a_resampled_state_looks_the_same_to_its_seat():
    game = pyspiel.load_game("cardrules", {"rules": "cassino", "deals": 10})
    state = game.new_initial_state()
    state.apply_action(3)
    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0., 1.))
    assert other.information_state_string(0) == state.information_state_string(0)
    assert other.state.seed != state.state.seed
    assert other.legal_actions() == state.legal_actions()
