"""The PettingZoo environment: PettingZoo's own API test on every bundled game and variant,
masks that match the legal actions, and whole games to the end."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test  # noqa: E402

from cardrules.adapters.pettingzoo import env, raw_env  # noqa: E402

GAMES = sorted(str(p) for p in (Path(__file__).resolve().parent.parent / "games").glob("*.rules"))


@pytest.mark.parametrize("path", GAMES, ids=lambda p: Path(p).stem)
@pytest.mark.filterwarnings("ignore:Observation")
def test_api_test_passes(path):
    api_test(env(path), num_cycles=60)


def test_the_mask_is_the_legal_actions_of_the_agent_to_move():
    e = env("buraco", players=4)
    e.reset(seed=3)
    rng = random.Random(0)
    for _ in range(200):
        agent = e.agent_selection
        observation, _, terminated, _, _ = e.last()
        if terminated:
            break
        seat = int(agent.split("_")[1])
        state = e.unwrapped.state
        assert list(observation["action_mask"].nonzero()[0]) == state.legal_actions()
        for other in e.agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        assert seat == state.current_player
        e.step(rng.choice(state.legal_actions()))


def test_a_random_masked_policy_plays_to_the_end_and_the_rewards_sum_to_zero():
    e = env("sete-e-meio-rotating-bank")
    e.reset(seed=1)
    totals = {agent: 0.0 for agent in e.possible_agents}
    rng = random.Random(2)
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        action = None if terminated or truncated else int(rng.choice(observation["action_mask"].nonzero()[0]))
        e.step(action)
    assert e.unwrapped.state.is_over
    assert abs(sum(totals.values())) < 1e-9 and max(totals.values()) > 0


def test_an_illegal_action_ends_the_game_against_the_agent_that_played_it():
    e = env("cassino")
    e.reset(seed=0)
    agent = e.agent_selection
    mask = e.last()[0]["action_mask"]
    e.step(int((mask == 0).nonzero()[0][0]))
    assert e.terminations[agent] and e.rewards[agent] == -1


def test_the_same_seed_deals_the_same_game():
    a, b = raw_env("piquet"), raw_env("piquet")
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.state == b.state


def play_out(e, seed: int) -> dict:
    """A game to the end with a seeded random masked policy: each agent's total reward."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals


def test_a_one_seat_game_is_rewarded_its_score():
    rewards = {play_out(env("blackjack"), seed)["player_0"] for seed in range(60)}
    assert {-1.0, 1.0} <= rewards <= {-1.0, 0.0, 1.0, 1.5}


def test_declared_payoffs_are_the_rewards_and_win_loss_stays_a_parameter():
    chips = [play_out(env("kuhn-poker"), seed) for seed in range(40)]
    assert {abs(t["player_0"]) for t in chips} == {1.0, 2.0} and all(sum(t.values()) == 0 for t in chips)
    wins = [play_out(env("kuhn-poker", returns="win_loss"), seed) for seed in range(40)]
    assert {abs(t["player_0"]) for t in wins} == {1.0}
