"""Issue 25, items 3, 7: OpenSpiel's max_game_length is a bound of the game, OpenSpiel's own
ISMCTS bot plays whole games through the adapter's wrapper, and the Gymnasium environment passes
gymnasium's check_env with the action mask in `info`."""

from __future__ import annotations

import pytest

from extras import skip_if_extra_missing

try:
    import numpy as np
    import pyspiel
    from gymnasium.utils.env_checker import check_env
    from open_spiel.python.algorithms import evaluate_bots

    import cardrules.adapters.openspiel as openspiel_adapter
    from cardrules.adapters.gymnasium import env
except ModuleNotFoundError as exc:
    skip_if_extra_missing(exc, "the research adapters' tests")
    raise

from cardrules import load_game  # noqa: E402
from cardrules.engine.errors import RulesRuntimeError  # noqa: E402


@pytest.mark.parametrize("rules, length", [("kuhn-poker", 3), ("leduc-poker", 8)])
def test_max_game_length_is_the_declared_length_as_native(rules, length):
    game = pyspiel.load_game("cardrules", {"rules": rules})
    native = pyspiel.load_game(rules.replace("-", "_"))
    assert game.max_game_length() == length == native.max_game_length()


def test_a_longer_declared_length_follows_the_parameters():
    game = pyspiel.load_game("cardrules", {"rules": "leduc-poker", "params": "max_raises=3"})
    assert game.max_game_length() == 10


def test_without_a_declaration_the_bound_is_the_engine_s_and_said_to_be_loose():
    rules = load_game("cassino")
    assert rules.model.length is None
    assert pyspiel.load_game("cardrules", {"rules": "cassino"}).max_game_length() > rules.max_steps


def test_a_game_past_its_declared_length_is_a_located_error():
    game = pyspiel.load_game("cardrules", {"rules": "kuhn-poker"})
    game.context.length = type(game.context.length)(moves=1, span=game.context.length.span)
    state = game.new_initial_state()
    with pytest.raises(RulesRuntimeError, match="past the 1 moves that its rules declare"):
        while not state.is_terminal():
            state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0])


@pytest.mark.parametrize("rules", ["kuhn-poker", "leduc-poker", "crazy-eights", "piquet-short-partie", "war"])
def test_openspiel_s_ismcts_bot_plays_whole_games_in_evaluate_bots(rules):
    game = pyspiel.load_game("cardrules", {"rules": rules})
    bots = [openspiel_adapter.ISMCTSBot(game, simulations=3, seed=p) for p in range(game.num_players())]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))
    assert len(returns) == game.num_players()


def test_a_game_of_seeded_ismcts_bots_replays_move_for_move():
    """OpenSpiel's bot resamples from an unseeded sampler of its own; the wrapper's are seeded,
    so two games of the same seeds are the same game (they differed at move 52 of German Whist)."""
    game = pyspiel.load_game("cardrules", {"rules": "german-whist"})

    def played() -> list[int]:
        bots = [openspiel_adapter.ISMCTSBot(game, simulations=2, seed=p) for p in range(2)]
        chance, state, actions = np.random.RandomState(0), game.new_initial_state(), []
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes())
                action = int(chance.choice(outcomes, p=probabilities))
            else:
                action = bots[state.current_player()].step(state)
            actions.append(action)
            state.apply_action(action)
        return actions

    first = played()
    assert len(first) > 52 and played() == first


@pytest.mark.parametrize("rules, params", [("crazy-eights", {"players": 2}), ("blackjack", {}),
                                           ("kuhn-poker", {"seat": 1})])
def test_the_gymnasium_env_passes_check_env_and_masks_its_actions(rules, params):
    e = env(rules, **params)
    check_env(e, skip_render_check=True)
    observation, info = e.reset(seed=5)
    done, reward = False, 0.0
    while not done:
        assert e.observation_space.contains(observation)
        action = int(e.action_space.sample(info["action_mask"]))
        observation, reward, done, truncated, info = e.step(action)
        assert not truncated and "illegal" not in info
    assert reward == reward  # a number at the end


def test_the_gymnasium_env_ends_the_episode_on_an_illegal_id():
    e = env("kuhn-poker")
    _, info = e.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = e.step(illegal)
    assert terminated and reward == -1.0 and "not a legal action" in info["illegal"]


def test_a_cardrules_agent_plays_as_a_pyspiel_bot_against_openspiel_s_ismcts():
    game = pyspiel.load_game("cardrules", {"rules": "piquet-short-partie"})
    bots = [openspiel_adapter.CardrulesSearchBot(game, "ismcts:3", seed=1), openspiel_adapter.ISMCTSBot(game, 3)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(2))
    assert len(returns) == 2 and abs(sum(returns)) < 1e-9  # win/loss, or a draw


def test_openspiel_s_ismcts_plays_as_a_cardrules_agent():
    rules = load_game("kuhn-poker")
    agent = openspiel_adapter.OpenSpielISMCTSAgent(3)
    state = rules.new_state(4)
    while not state.is_over:
        state.apply(agent.choose(state))
    assert agent.rate is not None and agent.rate > 0
