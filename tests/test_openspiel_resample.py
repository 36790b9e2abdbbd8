"""Issue 25, item 3: resample_from_infostate gives positions the rules can play to the end, on
every bundled game, and OpenSpiel's own ISMCTSBot (which searches from those samples) plays
complete games of every bundled game through the adapter.

Games of many hands are played as short matches, through their own parameters (one hand, the
lowest target), so that a complete game stays cheap: a complete game all the same, the rules
deciding when it ends, never a cap on the moves."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from extras import skip_if_extra_missing

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import evaluate_bots

    import cardrules.adapters.openspiel as openspiel_adapter
except ModuleNotFoundError as exc:
    skip_if_extra_missing(exc, "the OpenSpiel adapter's tests")
    raise

GAMES_DIR = Path(__file__).resolve().parent.parent / "games"
BUNDLED = sorted(p.stem.replace("_", "-") for p in GAMES_DIR.glob("*.rules"))
# Matches of many hands, made short by their own parameters.
SHORT = {
    "buraco": "max_hands=1", "buraco-strict": "max_hands=1", "buraco-any-sets-jokers": "max_hands=1",
    "hearts": "max_hands=1", "hearts-omnibus": "max_hands=1", "spades": "max_hands=1",
    "spades-no-nil": "max_hands=1", "oh-hell": "max_hands=1", "euchre": "max_hands=1",
    "euchre-stick-the-dealer": "max_hands=1", "scopa": "max_hands=1", "scopa-d-assi": "max_hands=1",
    "sueca": "max_deals=1", "cribbage": "target=31 max_deals=1", "whist": "target=1",
    "whist-american": "target=1", "whist-long": "target=1", "sete-e-meio": "rounds=1",
    "sete-e-meio-high-stakes": "rounds=1", "sete-e-meio-rotating-bank": "rounds=1", "piquet": "deals=1",
    "piquet-standard": "deals=1", "war": "battles=10", "war-three-down": "battles=10", "uno": "max_hands=1",
}


def test_every_bundled_game_is_listed_or_short_already():
    assert set(SHORT) <= set(BUNDLED)


def load(name: str):
    return pyspiel.load_game("cardrules", {"rules": name, "params": SHORT.get(name, "")})


def step(state, rng: random.Random) -> None:
    if state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(outcomes, probabilities)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", BUNDLED)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(seed=st.integers(0, 2 ** 32 - 1), stop=st.floats(0, 1))
def test_a_resampled_information_state_plays_on_to_the_end(name, seed, stop):
    """A random information state (a random decision of a random game, the place in it drawn
    from the game's own length), resampled for the seat to move, is played at random to the end."""
    game = load(name)
    rng = random.Random(seed)
    decisions = []
    state = game.new_initial_state()
    while not state.is_terminal():
        if not state.is_chance_node():
            decisions.append(state.clone())
        step(state, rng)
    if not decisions:
        return  # a deal alone settled it (a blackjack natural)
    state = decisions[int(stop * (len(decisions) - 1))]
    seat = state.current_player()
    sample = state.resample_from_infostate(seat, rng.random)
    assert sample.information_state_string(seat) == state.information_state_string(seat)
    while not sample.is_terminal():
        step(sample, rng)
    assert len(sample.returns()) == game.num_players()


# Each simulation's rollout stops after ROLLOUT_STEPS steps, as a short budget does (a rollout to
# the end of a match through the adapter took long: a game of crazy eights with its specials 325
# CPU-s, cassino in partnerships 40, cassino and president about 30); the game itself is played
# to its end. Random play to the end goes through the adapter in OpenSpiel's random_sim_test
# (test_openspiel_adapter.py) and from resampled positions (above).
ROLLOUT_STEPS = 30
@pytest.mark.parametrize("name", BUNDLED)
def test_openspiel_s_ismcts_bot_completes_a_game(name):
    game = load(name)
    bots = [openspiel_adapter.ISMCTSBot(game, simulations=2, seed=p, rollout_length=ROLLOUT_STEPS)
            for p in range(game.num_players())]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))
    assert len(returns) == game.num_players()


def test_rollouts_cut_short_still_complete_a_game():
    """rollout_length: each rollout stops after that many steps, worth 0 to every seat if the
    game has not ended; the bot still plays the game to its end."""
    game = load("cassino")
    bots = [openspiel_adapter.ISMCTSBot(game, simulations=2, seed=p, rollout_length=1) for p in range(2)]
    evaluator = bots[0].evaluator
    assert evaluator.max_length == 1
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert list(evaluator.evaluate(state)) == [0.0, 0.0]  # one step does not end a match of Cassino


def test_a_seat_that_holds_no_hidden_card_is_not_asked_whether_it_could_move():
    """goes_on asks only the seats it is given whether they could move were it their turn, and
    the adapter gives it the seats whose cards a sample dealt afresh: a seat with an empty hand
    cannot move, in every sample and in the real game alike, and asking it refused every strict
    sample of such a Cassino table (ISMCTSBot's game of cassino in partnerships, seed 2)."""
    from cardrules import load_game
    from cardrules.engine.position import load_data
    from cardrules.play.agents import goes_on

    game = load_game("cassino-partners")
    st = load_data(game, {"phase": "play", "vars": {"dealer": 3, "to_act": 1, "capturer": 3, "trailed": True},
                          "zones": {"hand": [[], ["QD"], ["5D"], ["6C"]], "table": ["QH", "5C"],
                                    "stock": [c for c in game.deck.names if c not in ("QD", "5D", "6C", "QH", "5C")]}})
    rng = random.Random(0)
    assert not goes_on(st, rng, 0, range(4))  # seat 0 has no card to play
    assert goes_on(st, rng, 0, [1, 2, 3])
